"""Every number that counts something is written with the plural machinery.

A count parameter (an integer in a real log entry, prompt or refusal that is not a seat
or an ordinal such as a round or palace number) must not stand bare before a noun in any
language: it is ``{n[floor|floors]}``, or stands where no noun follows ("floors: 3"),
or before a word that does not change with the number (yuan, VP, "pkt").
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from dragontable import games
from dragontable.core import messages

from .test_catalogs import LANGS, NAMES, load, played
from .test_refusals import refusals

ORDINALS = frozenset(
    {"round", "palace", "group", "position", "pt", "length", "value", "delta", "strength",
     "reputation", "players", "word"}
)  # fmt: skip
"""Numbers that name a thing (month 3, palace 2) or a quantity with no noun of its own."""
INVARIANT = {
    "en": {"yuan", "rice", "fireworks", "VP", "of", "to", "for", "left"},
    "pl": {"pkt", "graczy"},
    "uk": {"ПО", "гравців"},
}
"""Words after a number that read the same for every number (or are not nouns); Chinese
has no plural (its measure words do not change), so its templates are not checked."""


def numbers(entry: dict[str, Any]) -> set[str]:
    return {
        k
        for k, v in entry.items()
        if isinstance(v, int) and not isinstance(v, bool) and k not in messages.SEAT_PARAMS
    }


@cache
def counts() -> dict[str, frozenset[str]]:
    """Message key -> its count parameters, from real games and their refusals."""
    found: dict[str, set[str]] = {}
    for entry in samples().values():
        found.setdefault(entry["key"], set()).update(numbers(entry) - ORDINALS)
    return {k: frozenset(v) for k, v in found.items() if v}


@cache
def samples() -> dict[str, dict[str, Any]]:
    """One real entry per message key: log entries, prompts, refusals and their reasons."""
    out: dict[str, dict[str, Any]] = {}

    def add(entry: dict[str, Any]) -> None:
        out[entry["key"]] = entry
        for value in entry.values():
            if isinstance(value, dict) and "key" in value:
                add(value)

    for game in games.names():
        for entry in played(game)[0]:
            add(entry)
        for message, _ in refusals(game):
            add(message)
    return out


def test_count_parameters_are_found() -> None:
    assert {"floors"} <= counts()["dragon.palace.decayed"]
    assert {"unfed"} <= counts()["dragon.drought.fed"]
    assert {"points"} <= counts()["ming.city.bonus"]
    assert len(counts()) > 25


@pytest.mark.parametrize("lang", sorted(INVARIANT))
def test_no_count_stands_bare_before_a_noun(lang: str) -> None:
    bare = []
    for key, params in sorted(counts().items()):
        template = load(key.split(".", 1)[0], lang)[key]
        for name in params:
            for m in re.finditer(r"\{" + name + r"\}\s*(\w+)", template):
                if m.group(1) not in INVARIANT[lang] and not m.group(1).isdigit():
                    bare.append((key, name, m.group(1)))
    assert bare == []


@pytest.mark.parametrize("lang", LANGS)
def test_counts_render_with_the_right_form_for_1_2_and_5(lang: str) -> None:
    for key, params in sorted(counts().items()):
        others = {k: 7 for k in numbers(samples()[key])}
        for name in params:
            entry = {**samples()[key], **others}
            texts = [messages.render({**entry, name: n}, lang, NAMES) for n in (1, 2, 5)]
            assert "{" not in texts[0], texts
            if lang == "en":
                assert not re.search(r"\b1 (?!yuan|rice|fireworks|VP)[a-z]+s\b", texts[0]), texts


def test_plural_forms_pick_the_language_rule() -> None:
    entry = {"key": "dragon.palace.decayed", "seat": 0, "palace": 2}
    assert [messages.render({**entry, "floors": n}, "en") for n in (1, 2)] == [
        "Seat 1's empty palace 2 decays to 1 floor.",
        "Seat 1's empty palace 2 decays to 2 floors.",
    ]
    fed = {"key": "dragon.drought.fed", "seat": 1, "rice": 1, "unfed": 1}
    assert messages.render(fed, "en", NAMES) == "Bo feeds with 1 rice; 1 palace goes unfed."
    forms = [messages.render({**entry, "floors": n}, "pl") for n in (1, 2, 5, 22)]
    assert [f.rsplit(" ", 2)[-2:] for f in forms] == [
        ["1", "piętra."],
        ["2", "pięter."],
        ["5", "pięter."],
        ["22", "pięter."],
    ]
