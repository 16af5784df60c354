"""Choices without a place on the board (a pass, a count, a decline, a mode) reach the page as
a picker: each must carry a label and a detail in words in every language, and an icon that
web/icons.js draws (random games of Ming Dynasty and Chang Cheng)."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import pytest

from dragontable import games
from dragontable.core.messages import LANGUAGES
from dragontable.core.rng import Rng
from dragontable.core.state import State

NAMES = ["Ann", "Bo", "Cy", "Di"]
ICONS = set(
    re.findall(
        r'defineIcon\("([\w-]+)"',
        resources.files("dragontable").joinpath("web", "icons.js").read_text("utf-8"),
    )
)


def untargeted(
    game: str, players: int, seed: int, options: dict[str, Any]
) -> list[tuple[State, str]]:
    """(position, action) for every untargeted choice of a random game."""
    st = games.create(game, players=players, seed=seed, options=options)
    rng, out = Rng(seed), []
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        out += [(st.clone(), c["action"]) for c in st.choices(seat) if c["target"] is None]
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    return out


def check_words(game: str, players: int, seed: int, **options: Any) -> set[str]:
    """Checks every untargeted choice of one random game; returns the kinds seen."""
    kinds, english = set(), {}
    for st, action in untargeted(game, players, seed, options)[::3]:
        seat = st.current_player
        for lang in LANGUAGES:
            c = next(c for c in st.choices(seat, lang, NAMES) if c["action"] == action)
            for field in ("label", "detail"):
                words = c[field]
                assert isinstance(words, str) and re.search(r"[^\W\d_]{2,}", words), (lang, c)
                assert "{" not in words and f"{game}." not in words and action not in words, c
            assert c["detail"] != c["label"], c
            assert c["icon"] in ICONS, c
            if lang == "en":
                english = c
            elif c["kind"] not in kinds or lang == "zh":
                assert c["detail"] != english["detail"], (lang, c)
            if lang == "zh":
                assert re.search(r"[\u4e00-\u9fff]", c["label"] + c["detail"]), c
        kinds.add(english["kind"])
    return kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_untargeted_ming_choice_has_words_and_an_icon(players: int) -> None:
    kinds = check_words("ming", players, seed=40 + players)
    assert {"pass", "deploy", "return"} <= kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_untargeted_changcheng_choice_has_words_and_an_icon(players: int) -> None:
    kinds = check_words("changcheng", players, seed=50 + players, scouting="ask")
    assert "no-scout" in kinds and ("no-neutral" in kinds or players > 2)
