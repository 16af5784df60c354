"""The Dragon's choices as a picker shows them: every choice off the board (and every choice
that carries one) has a label and a detail in words of the reader's language, never notation,
and its icon is one that ``web/icons.js`` registers."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

import pytest

from dragontable import games
from dragontable.core.messages import LANGUAGES
from dragontable.core.rng import Rng
from dragontable.games.dragon.choices import ICONS

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
TABLES: list[tuple[int, dict[str, object]]] = [
    (2, {"great_wall": "choose_tile", "great_event": "flood"}),
    (3, {"great_wall": "choose_tile", "great_event": "edict"}),
    (4, {"great_wall": "choose_tile", "great_event": "sunrise", "edition": 2007}),
]
OFF_BOARD = {"pick", "refill", "decline", "flood", "edict"}
NOTATION = re.compile(r"\b(?:[A-Z][yo]?\+[A-Z]|[a-z]+@\d|p\d|[A-Z][yo])\b")
REGISTERED = set(
    re.findall(
        r'defineIcon\("([\w-]+)"',
        resources.files("dragontable").joinpath("web", "icons.js").read_text("utf-8"),
    )
)


@cache
def decisions() -> list[Any]:
    """Every decision of a few random games with both expansions, as independent states."""
    out = []
    for players, options in TABLES:
        st = games.create("dragon", players=players, seed=players, options=options)
        rng = Rng(players + 10)
        while not st.is_over:
            out.append(st.clone())
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
    return out


def test_the_games_reach_every_choice_off_the_board() -> None:
    kinds = {c["kind"] for st in decisions() for c in st.choices(st.current_player, "en")}
    assert OFF_BOARD | {"privilege", "wall", "take", "sunrise", "action"} <= kinds


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_choice_off_the_board_has_a_label_a_detail_and_an_icon(lang: str) -> None:
    seen: set[str] = set()
    for st in decisions():
        seat = st.current_player
        english = {c["action"]: c for c in st.choices(seat, "en", NAMES)}
        for c in st.choices(seat, lang, NAMES):
            if c["target"] is None:
                assert c["kind"] in OFF_BOARD, c
                assert c.get("detail") and c.get("icon"), c
            if "detail" not in c:
                continue
            for words in (c["label"], c["detail"]):
                assert "{" not in words and not re.search(r"dragon\.\w", words), c
                assert not NOTATION.search(words), c
                assert " " not in c["action"] or c["action"] not in words, c
            if lang == "zh":
                assert re.search(r"[\u4e00-\u9fff]", c["detail"]), c
            if lang != "en" and c["kind"] not in seen:
                assert c["detail"] != english[c["action"]]["detail"], c
            seen.add(c["kind"])
            if "icon" in c:
                assert c["icon"] in REGISTERED, c
    assert seen >= OFF_BOARD


def test_every_icon_a_choice_may_name_is_registered() -> None:
    assert sorted(ICONS - REGISTERED) == []


def test_details_work_out_what_a_choice_gives_and_costs() -> None:
    st = games.create("dragon", players=2, seed=7)
    picks = {c["action"]: c for c in st.choices(st.current_player, "en")}
    pick = picks["pick F+S"]
    assert pick["label"] == "Take a young farmer and a young scholar"
    assert pick["detail"].startswith("Person track +8;")
    assert "Scholar: +2 VP with each Research." in pick["detail"]
    for _ in range(6):  # both players pick and place: the first action decision
        st.apply(st.legal_actions()[0])
    by_action = {c["action"]: c for c in st.choices(st.current_player, "pl")}
    assert by_action["refill"]["detail"].startswith("Masz")
    taxed = [c for c in by_action.values() if c["action"].startswith("tax@")]
    assert taxed and all(c["detail"].startswith("+2 juany") for c in taxed)
