"""Every catalog in every language: same keys and placeholders, valid templates, all terms.

Term codes are taken from the games' data and from the log entries of real games.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from string import Formatter
from typing import Any

import pytest

from dragontable import games
from dragontable.core import messages
from dragontable.core.rng import Rng
from dragontable.games.changcheng import data as CC
from dragontable.games.dragon import data as DD
from dragontable.games.dragon.great_events import FLOOD_GOODS
from dragontable.games.ming import data as MD

LANGS = messages.LANGUAGES
OTHER_LANGS = [lang for lang in LANGS if lang != "en"]
PACKAGES = ["core", *games.names()]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
PLURAL_FORMS = {"en": 2, "pl": 3, "uk": 3, "zh": 1}
NOT_PARAMS = ("key", "to", *messages.SEAT_PARAMS, *messages.SEAT_LIST_PARAMS)


@cache
def load(package: str, lang: str) -> dict[str, str]:
    """The catalog file itself, without falling back to English."""
    pkg = "dragontable.core" if package == "core" else f"dragontable.games.{package}"
    text = resources.files(pkg).joinpath("messages", f"{lang}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def fields(template: str) -> dict[str, str | None]:
    """Placeholder name -> the index it asks for (``{n[a|b]}`` -> ``"a|b"``), or None."""
    out: dict[str, str | None] = {}
    for _, field, _, _ in Formatter().parse(template):
        if field is not None:
            name, _, index = field.partition("[")
            out[name] = index.rstrip("]") or None
    return out


def is_message(key: str) -> bool:
    return not re.match(r"\w+\.(term|option|source|title)\b", key)


# -- keys and placeholders -----------------------------------------------------------------
@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_language_has_exactly_the_english_keys(package: str, lang: str) -> None:
    english, other = load(package, "en"), load(package, lang)
    keys = {k for k in other if "@" not in k}
    assert sorted(set(english) - keys) == [], "missing"
    assert sorted(keys - set(english)) == [], "not in English"


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_grammatical_forms_belong_to_a_term(package: str, lang: str) -> None:
    catalog = load(package, lang)
    for key in catalog:
        base, at, form = key.partition("@")
        if at:
            assert base in catalog and ".term." in base and form.isalpha(), key


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_placeholders_match_english(package: str, lang: str) -> None:
    english, other = load(package, "en"), load(package, lang)
    for key, text in other.items():
        if "@" not in key:
            assert set(fields(text)) == set(fields(english[key])), key


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_plural_nouns_give_every_form_of_the_language(package: str, lang: str) -> None:
    for key, text in load(package, lang).items():
        for name, index in fields(text).items():
            if index and "|" in index:
                assert len(index.split("|")) == PLURAL_FORMS[lang], (key, name)


class Sample:
    """A parameter value that accepts any format spec and any form."""

    def __format__(self, spec: str) -> str:
        return "x"

    def __getitem__(self, form: str) -> str:
        return "x"


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_template_formats(package: str, lang: str) -> None:
    for key, text in load(package, lang).items():
        names = fields(text)
        out = text.format_map({name: Sample() for name in names})
        assert "{" not in out and "}" not in out, key
        if is_message(key) and names:
            assert out.strip(), key


# -- terms from the games' data ------------------------------------------------------------
def has_term(game: str, param: str, code: str, lang: str) -> bool:
    """Whether ``lang`` itself (no English fallback) names ``code`` given as ``param``."""
    catalog = load(game, lang)

    def named(c: str) -> bool:
        return f"{game}.term.{param}.{c}" in catalog or f"{game}.term.{c}" in catalog

    words = re.findall(r"[a-z_]+", code)
    return named(code) or (words != [code] and all(named(w) for w in words))


def data_terms() -> list[tuple[str, str, str]]:
    """(game, parameter, code) for every code the games' data lets the engines emit."""
    ming_map = MD.load_map("default")
    out = [("dragon", "tile", t) for t in DD.TILES]
    out += [("dragon", "card", c) for c in (*DD.CARDS, *DD.ACTION_CARDS, DD.WALL_CARD)]
    out += [("dragon", "type", t) for t in DD.TYPE_ORDER]
    out += [("dragon", "event", e) for e in (*DD.EVENTS, *DD.GREAT_EVENTS)]
    out += [("dragon", "reason", e) for e in DD.EVENTS if e not in ("peace", "festival")]
    out += [("dragon", "tile", t) for t in DD.WALL_TILES]
    out += [("dragon", "good", g) for g in FLOOD_GOODS]
    out += [("ming", "province", p) for p in ming_map.provinces]
    out += [("ming", "district", d) for d in ming_map.districts]
    out += [("ming", "card", c) for c in (*ming_map.transport_types, MD.DRAGON)]
    out += [("ming", "map", ming_map.name)]
    out += [("changcheng", "owner", o) for o in CC.OWNER_NAMES.values()]
    out += [("changcheng", "piece", k) for k in CC.KIND_NAMES.values()]
    out += [("changcheng", "card", c) for c in CC.CARDS]
    out += [("changcheng", "event", e) for e in CC.EVENTS]
    out += [("changcheng", "end", e) for e in (CC.WEST, CC.EAST)]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_in_the_games_data_has_a_term(lang: str) -> None:
    missing = [t for t in data_terms() if not has_term(*t, lang)]
    assert missing == []


# -- real games ----------------------------------------------------------------------------
GAME_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "dragon": [
        {"great_event": ge, "great_wall": ("choose_tile", "random_tile")[i % 2]}
        for i, ge in enumerate(("hidden_random", *DD.GREAT_EVENTS))
    ],
    "ming": [{}, {}, {}],
    "changcheng": [{"events": "random-2"}, {"events": "random-1", "scouting": "ask"}, {}],
}


@cache
def played(game: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Log entries and prompts of a few random games of ``game``, and their scores."""
    spec = games.get(game)
    entries: list[dict[str, Any]] = []
    scores: list[dict[str, Any]] = []
    for i, options in enumerate(GAME_OPTIONS[game]):
        players = spec.min_players + i % (spec.max_players - spec.min_players + 1)
        st = games.create(game, players=players, seed=i, options=options)
        rng = Rng(i)
        while not st.is_over:
            entries.append(st.prompt())
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
        entries.append(st.prompt())
        entries.extend(st.log)
        scores.extend(st.scores())
    return entries, scores


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("lang", LANGS)
def test_every_code_in_a_real_log_has_a_term(game: str, lang: str) -> None:
    entries, _ = played(game)
    emitted = {
        (game, param, code)
        for entry in entries
        for param, value in entry.items()
        if param not in NOT_PARAMS
        for code in strings(value)
    }
    assert sorted(t for t in emitted if not has_term(*t, lang)) == []


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_real_game_renders_in_the_language_itself(game: str, lang: str) -> None:
    entries, _ = played(game)
    catalog = load(game, lang)
    done: set[str] = set()
    for entry in entries:
        text = messages.render(entry, lang, NAMES)
        assert entry["key"] in catalog, entry["key"]
        assert not text.startswith(game + "."), text
        assert "{" not in text and "}" not in text, text
        if lang != "en" and entry["key"] not in done:
            assert text != messages.render(entry, "en", NAMES), text
        done.add(entry["key"])


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("lang", LANGS)
def test_score_sources_and_lobby_labels_are_translated(game: str, lang: str) -> None:
    catalog = load(game, lang)
    _, scores = played(game)
    sources = {source for s in scores for source in s["breakdown"]}
    assert sorted(s for s in sources if f"{game}.source.{s}" not in catalog) == []
    assert f"{game}.title" in catalog
    for option in games.get(game).options:
        assert f"{game}.option.{option.name}" in catalog
        assert f"{game}.option.{option.name}.help" in catalog
        for choice in option.choices:
            code = str(choice).lower() if isinstance(choice, bool) else str(choice)
            assert f"{game}.option.{option.name}.{code}" in catalog or has_term(
                game, option.name, code, lang
            ), (option.name, code)


# -- the renderer --------------------------------------------------------------------------
def test_terms_forms_and_plurals_render_per_language() -> None:
    entry = {"key": "dragon.person.placed", "seat": 1, "tile": "Fo", "palace": 2}
    assert messages.render(entry, "en", NAMES) == "Bo places an old farmer in palace 2."
    assert messages.render(entry, "pl", NAMES) == "Bo umieszcza starszego rolnika w pałacu 2."
    gains = {"key": "dragon.gain.yuan", "seat": 0}
    assert [messages.render({**gains, "n": n}, "pl") for n in (1, 3, 5, 22)] == [
        "Gracz 1 otrzymuje 1 juana.",
        "Gracz 1 otrzymuje 3 juany.",
        "Gracz 1 otrzymuje 5 juanów.",
        "Gracz 1 otrzymuje 22 juany.",
    ]
    over = {"key": "dragon.game.over", "ranking": [2, 0, 1]}
    assert messages.render(over, "zh", NAMES) == "游戏结束。排名：Cy、Ann、Bo。"


def test_a_code_without_a_term_keeps_its_unknown_parts() -> None:
    assert messages.term("ming", "district", "brown-2", "pl") == "brązowy-2"
    assert messages.term("changcheng", "province", "1A-P2", "zh") == "1A-P2"
    assert messages.term("dragon", "tile", "Xy", "uk") == "Xy"


def test_yes_no_and_missing_names_are_in_the_language() -> None:
    entry = {"key": "dragon.wall.checked", "round": 4, "length": 3, "reaches": True}
    assert messages.render(entry, "uk").endswith("сягає події: так.")
    assert messages.seat_name(2, "pl") == "Gracz 3"
    assert messages.seat_name(2, "en", ["A", "B", "C"]) == "C"


def test_an_unknown_language_or_a_broken_template_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = {"key": "dragon.gain.rice", "seat": 0, "n": 2}
    assert messages.render(entry, "xx") == "Seat 1 gains 2 rice."
    real = messages.catalog
    broken = {"dragon.gain.rice": "{seat} {missing}"}
    dragon_pl = ("dragontable.games.dragon", "pl")
    monkeypatch.setattr(messages, "catalog", lambda *at: broken if at == dragon_pl else real(*at))
    assert messages.render(entry, "pl") == "Gracz 1 gains 2 rice."


def test_option_labels_fall_back_to_terms() -> None:
    assert messages.option_text("dragon", "great_event", "eclipse", "pl") == "Zaćmienie słońca"
    assert messages.option_text("dragon", "open_hands", True, "zh") == "是"
    assert messages.option_text("dragon", "edition", None, "uk") == "Видання"
