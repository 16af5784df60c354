"""The rules of every game in four languages, and every example position replayed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from dragontable import rulebook
from dragontable.core.errors import DataError

GAMES = rulebook.RULEBOOK_GAMES
EXAMPLES = [(g, e) for g in GAMES for e in rulebook.examples(g)]
# Words a rules page of each game must explain (ids of its sections).
REQUIRED = {
    "dragon": {
        "goal",
        "setup",
        "round",
        "actions",
        "persons",
        "events",
        "scoring",
        "end",
        "great-wall",
        "great-events",
        "options",
    },
    "ming": {"goal", "setup", "round", "cards", "moving", "scoring", "end", "options"},
    "changcheng": {
        "goal",
        "setup",
        "turn",
        "cards",
        "scoring",
        "extension",
        "end",
        "two-players",
        "events",
        "options",
    },
}
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
HAN = re.compile(r"[\u4e00-\u9fff]")
POLISH = re.compile(
    r"[ąćęłńóśźż]|\b(nie|się|jest|oraz|albo|lub|dla|gracz\w*|każd\w*|tej|do|na|za|po|od|tylko|zob|przy|gdy|jego|jej|mur\w*)\b",
    re.IGNORECASE,
)
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
# Latin words a translation may keep: names, notation, district and board ids.
KEPT = {
    "Anna",
    "Bert",
    "Clara",
    "Stefan",
    "Feld",
    "Robert",
    "Watson",
    "Walter",
    "Obert",
    "Chang",
    "Cheng",
    "dragontable",
    "teal",
    "brown",
    "purple",
    "auto",
}


def texts(section: rulebook.Section) -> list[str]:
    out = [section.title]
    for block in section.body:
        out.extend([block["p"]] if "p" in block else block.get("list", block.get("steps", [])))
    out.extend(e["caption"] for e in section.examples)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_the_same_sections_and_examples(game: str) -> None:
    books = rulebook.load_all(game)
    ids = [s.id for s in books["en"].sections]
    assert REQUIRED[game] <= set(ids)
    for lang, book in books.items():
        assert [s.id for s in book.sections] == ids, lang
    used = {e["id"] for s in books["en"].sections for e in s.examples}
    assert used == set(rulebook.examples(game)), "every example is shown by a section"


@pytest.mark.parametrize("lang", ["pl", "uk", "zh"])
@pytest.mark.parametrize("game", GAMES)
def test_no_section_is_left_in_english(game: str, lang: str) -> None:
    english = rulebook.load(game, "en")
    book = rulebook.load(game, lang)
    script = {"pl": POLISH, "uk": CYRILLIC, "zh": HAN}[lang]
    for mine, theirs in zip(book.sections, english.sections, strict=True):
        for text, en_text in zip(texts(mine), texts(theirs), strict=True):
            assert text != en_text, f"{game} {lang} {mine.id}: {text!r} is the English text"
            if lang != "pl" or len(text) > 30:  # short Polish titles may lack both
                assert script.search(text), f"{game} {lang} {mine.id}: {text!r}"
            if lang != "pl":
                latin = set(LATIN_WORD.findall(text)) - KEPT
                assert not latin, f"{game} {lang} {mine.id}: English words {latin}"


@pytest.mark.parametrize(("game", "example_id"), EXAMPLES)
def test_example_positions_show_what_their_captions_say(game: str, example_id: str) -> None:
    ex = rulebook.example(game, example_id)
    state = rulebook.replay_example(ex)
    assert ex.facts
    for fact in ex.facts:
        assert rulebook.fact_holds(state, fact), fact


def test_a_wrong_fact_is_caught() -> None:
    ex = rulebook.example("dragon", "tax-fee")
    state = rulebook.replay_example(ex)
    assert not rulebook.fact_holds(state, {"at": "view", "path": "players.1.yuan", "equals": 9})
    assert not rulebook.fact_holds(
        state, {"at": "log", "entry": {"key": "dragon.action.taken", "fee": 6}}
    )
    assert not rulebook.fact_holds(state, {"at": "winners", "equals": [0]})


def test_example_view_is_the_spectator_view() -> None:
    data = rulebook.example_view("ming", "deploy")
    assert data["names"] == ["Anna", "Bert", "Clara"]
    assert data["view"]["viewer"] is None and data["view"]["game"] == "ming"


def _section(**overrides: Any) -> dict[str, Any]:
    return {"id": "goal", "title": "Goal", "body": [{"p": "Win."}], **overrides}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (_section(id="Goal!"), "id must be"),
        (_section(title=""), "title must be"),
        (_section(body=[]), "body must be"),
        (_section(body=[{"table": "x"}]), "must be one of"),
        (_section(body=[{"list": []}]), "non-empty list"),
        (_section(examples=[{"id": "nowhere", "caption": "x"}]), "must name an example"),
    ],
)
def test_bad_sections_are_refused_with_the_entry(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError, match=message):
        rulebook._section(raw, "dragon/rulebook/en.json sections[0]", {"tax-fee"})


def test_unknown_game_language_section_and_example_are_refused() -> None:
    with pytest.raises(DataError, match="no rules for 'chess'"):
        rulebook.load("chess", "en")
    with pytest.raises(DataError, match="no rules in 'de'"):
        rulebook.load("dragon", "de")
    with pytest.raises(DataError, match="has no section 'nope'"):
        rulebook.load("dragon", "en").section("nope")
    with pytest.raises(DataError, match="has no example"):
        rulebook.example("dragon", "nope")


def test_bad_example_is_refused() -> None:
    with pytest.raises(DataError, match="names must name each"):
        rulebook._example(
            {"id": "x", "players": 3, "seed": 1, "actions": [], "facts": [{"at": "view"}]},
            "dragon",
            "here",
        )
    with pytest.raises(DataError, match="facts"):
        rulebook._example(
            {"id": "x", "players": 1, "seed": 1, "names": ["A"], "actions": [], "facts": []},
            "dragon",
            "here",
        )
    json.dumps(rulebook.load("dragon", "zh").to_json())  # the page's answer is JSON
