"""Every refusal of a move is a catalog message in all four languages.

The raise sites are found structurally: every ``IllegalAction``/``NotationError`` in the
sources names its key as a string literal, and every ``<package>.refusal.<name>``
literal in the sources (reasons returned by the games' ``explain`` modules included)
must be in each catalog. Real refusals from random games are then rendered in every
language and checked for English left in them.
"""

from __future__ import annotations

import ast
import pickle
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from dragontable import games
from dragontable.core import messages
from dragontable.core.errors import IllegalAction, NotationError, Refusal
from dragontable.core.rng import Rng

from .test_catalogs import LANGS, OTHER_LANGS, PACKAGES, load

SOURCES = Path(__file__).parents[2] / "src" / "dragontable"
KEY = re.compile(rf"^({'|'.join(PACKAGES)})\.refusal\.[a-z_]+$")
REFUSALS = ("IllegalAction", "NotationError", "Refusal")
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
ENGLISH = frozenset(
    {
        "the",
        "you",
        "your",
        "is",
        "not",
        "has",
        "have",
        "must",
        "there",
        "now",
        "only",
        "and",
        "of",
        "an",
        "for",
        "expected",
        "got",
        "already",
        "cannot",
        "this",
        "that",
        "are",
        "does",
        "one",
        "any",
        "after",
        "like",
        "or",
    }
)
"""English words that no other language's refusal should contain."""


def modules() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text("utf-8"))) for p in sorted(SOURCES.rglob("*.py"))]


def called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


@cache
def source_keys() -> frozenset[str]:
    """Every refusal key the sources name."""
    return frozenset(
        node.value
        for _, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.match(node.value)
    )


def test_every_refusal_names_a_literal_key() -> None:
    bad = []
    for path, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called(node) in REFUSALS:
                first = node.args[0] if node.args else None
                if not (isinstance(first, ast.Constant) and KEY.match(str(first.value))):
                    bad.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.JoinedStr) and any(
                isinstance(v, ast.Constant) and ".refusal." in str(v.value) for v in node.values
            ):
                bad.append(f"{path.name}:{node.lineno} (a key built at run time)")
    assert bad == []
    assert len(source_keys()) > 80


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_key_is_in_the_catalog_of_each_language(lang: str) -> None:
    def package(key: str) -> str:
        return key.split(".", 1)[0]

    missing = sorted(k for k in source_keys() if k not in load(package(k), lang))
    assert missing == []
    unused = sorted(
        k for p in PACKAGES for k in load(p, lang) if ".refusal." in k and k not in source_keys()
    )
    assert unused == []


# -- real refusals -------------------------------------------------------------------------
GARBAGE = ["", "xyzzy", "fly away now", "take", "card", "move x y z", "deploy 9", "start 9",
           "pick F+X", "pick F+F", "floor q", "release 3", "wall moat", "dance@1", "tax@9",
           "two-singles", "card joker 1A-P1", "flood c", "extend 3A north", "cancel x",
           "single 9Z.01", "tower 1A.99", "return x", "prince nowhere-9", "space nowhere"]  # fmt: skip


@cache
def refusals(game: str) -> tuple[tuple[dict[str, Any], int], ...]:
    """(message, seat to move) of refusals met in two random games of ``game``."""
    spec, out = games.get(game), []
    for seed in (1, 2):
        st = games.create(game, players=spec.min_players + seed, seed=seed)
        rng, seen = Rng(seed), set(GARBAGE)
        while not st.is_over:
            legal = st.legal_actions()
            seen.update(legal)
            if rng.below(4) == 0:
                for text in sorted(seen - set(legal)):
                    try:
                        st.apply(text)
                    except (IllegalAction, NotationError) as exc:
                        seat = st.current_player
                        assert seat is not None  # the game is not over
                        out.append((exc.message, seat))
            st.apply(legal[rng.below(len(legal))])
    return tuple(out)


def keys_in(message: dict[str, Any]) -> list[str]:
    nested = [k for v in message.values() if isinstance(v, dict) for k in keys_in(v)]
    return [message["key"], *nested]


def without_literals(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` with what a player typed (or may type) replaced by ``§``."""
    return {
        k: "§"
        if k in messages.LITERAL_PARAMS
        else (without_literals(v) if isinstance(v, dict) and "key" in v else v)
        for k, v in message.items()
    }


@pytest.mark.parametrize("game", games.names())
def test_random_games_meet_many_kinds_of_refusal(game: str) -> None:
    met = {k for message, _ in refusals(game) for k in keys_in(message)}
    assert len([k for k in met if k.startswith(f"{game}.refusal.")]) >= 8
    assert {"core.refusal.illegal", "core.refusal.decision", "core.refusal.unknown_verb"} <= met


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_refusals_read_in_the_language_with_no_english_left(game: str, lang: str) -> None:
    for message, _ in refusals(game):
        for key in keys_in(message):
            assert key in load(key.split(".", 1)[0], lang), key
        text = messages.render(without_literals(message), lang, NAMES)
        english = set(re.findall(r"[A-Za-z][A-Za-z'-]*", text)) & ENGLISH
        assert not english, (text, english)
        assert ".refusal." not in text and "{" not in text, text


@pytest.mark.parametrize("game", games.names())
def test_a_refusal_names_the_seat_from_one(game: str) -> None:
    for message, seat in refusals(game):
        if message["key"] == "core.refusal.illegal":
            assert message["seat"] == seat
            assert f"Seat {seat + 1} cannot play" in messages.render(message, "en")
            assert messages.render(message, "pl", NAMES).startswith(NAMES[seat])


def test_a_refusal_is_english_for_developers_and_survives_pickling() -> None:
    st = games.create("dragon", players=3, seed=4)
    with pytest.raises(IllegalAction) as caught:
        st.apply("refill")
    exc = caught.value
    assert str(exc).startswith(f"Seat {st.current_player + 1} cannot play refill now: ")  # type: ignore[operator]
    again = pickle.loads(pickle.dumps(exc))
    assert isinstance(again, IllegalAction) and isinstance(again, Refusal)
    assert again.message == exc.message and str(again) == str(exc)
