"""Prompts and log lines are words: no action notation, no internal codes, in any language."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from dragontable import games
from dragontable.core import messages
from dragontable.core.rng import Rng

from .test_catalogs import LANGS

NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eve"]
CODES = {
    "dragon": r"\bp\d+\b|\b[CLPTWMHFS][yo]\b|(?<![\w.+-])[CLPTWMHFSJ](?![\w.+-])",
    "ming": r"\b(?:D|P|N|CARD)\b|\bN\+c\b",
    "changcheng": r"\b(?:S|P|R|C|SIDE|COLOUR)\b|\b\w+:\w+\b",
}
"""Internal codes of each game that a sentence must never show (tile codes, palace
references, the notation's placeholders)."""


@cache
def played(game: str) -> tuple[list[dict[str, Any]], frozenset[str]]:
    """Prompts and log entries of two random games of ``game``, and every legal action."""
    spec, entries, actions = games.get(game), [], set()
    for seed in (3, 4):
        st = games.create(game, players=spec.min_players + seed % 2, seed=seed)
        rng = Rng(seed)
        while not st.is_over:
            entries.append(st.prompt())
            legal = st.legal_actions()
            actions.update(legal)
            st.apply(legal[rng.below(len(legal))])
        entries.extend(st.log)
    return entries, frozenset(actions)


@cache
def notation_pattern(actions: frozenset[str], english: bool) -> re.Pattern[str]:
    """One pattern matching any of ``actions`` as a whole (a one-word action only outside
    English, where it may be the plain word: "stop", "pass")."""
    shown = sorted((a for a in actions if not english or re.search(r"[\s@:+]", a)), key=len)
    either = "|".join(re.escape(a) for a in reversed(shown))
    return re.compile(rf"(?<![\w@:.+-])(?:{either})(?![\w@:+-]|\.\w)")


def notation_in(text: str, actions: frozenset[str], lang: str) -> list[str]:
    """The actions whose notation ``text`` shows."""
    return notation_pattern(actions, lang == "en").findall(text)


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("lang", LANGS)
def test_prompts_and_log_lines_show_words_not_notation(game: str, lang: str) -> None:
    entries, actions = played(game)
    assert len(actions) > 20
    bad = set()
    for entry in entries:
        text = messages.render(entry, lang, NAMES)
        for action in notation_in(text, actions, lang):
            bad.add((entry["key"], action, text))
        if code := re.search(CODES[game], text):
            bad.add((entry["key"], code.group(), text))
    assert sorted(bad) == []


def test_the_check_sees_notation_and_codes() -> None:
    actions = frozenset({"prince orange-1", "stop", "tax@1"})
    assert notation_in("Ann: go on (move D CARD) or stop.", actions, "en") == []
    assert notation_in("Ann: idź dalej albo zatrzymaj się (stop).", actions, "pl") == ["stop"]
    assert notation_in("Ann played tax@1.", actions, "zh") == ["tax@1"]
    assert re.search(CODES["ming"], "Ann: go on (move D CARD)")
    assert re.search(CODES["dragon"], "Ann takes Fy into p1")
    assert not re.search(CODES["dragon"], "A 3-player game begins; Ann takes a young farmer.")
