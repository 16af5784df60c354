"""The rules of each game for players: sections in four languages, and example positions.

Each game ships ``games/<game>/rulebook/<lang>.json`` (``en``, ``pl``, ``uk``, ``zh``)::

    {"format": "dragontable-rulebook", "version": 1, "game": "dragon", "lang": "en",
     "title": "...", "intro": "...",
     "sections": [{"id": "goal", "title": "...", "body": [BLOCK, ...],
                   "examples": [{"id": "tax-fee", "caption": "..."}]}]}

A BLOCK is ``{"p": "text"}`` (a paragraph), ``{"list": ["...", ...]}`` (bullets) or
``{"steps": ["...", ...]}`` (numbered). Every language has the same sections, in the same
order, with the same examples (:func:`load_all` checks it).

``games/<game>/rulebook/examples.json`` holds the positions the sections show: a game
(players, seed, options, seat names) and the actions that play it to that point, with the
facts the captions state (:data:`FACT_KINDS`), checked by the tests on every replay::

    {"format": "dragontable-rules-examples", "version": 1, "game": "dragon",
     "examples": [{"id": "tax-fee", "players": 3, "seed": 1, "options": {...},
                   "names": ["Anna", "Bert", "Clara"], "actions": ["pick T+S", ...],
                   "facts": [{"at": "view", "path": "players.1.yuan", "equals": 8}]}]}

Everything is validated when loaded; a bad file raises :class:`DataError` naming the entry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from . import games
from .core.errors import DataError
from .core.state import State

LANGUAGES = ("en", "pl", "uk", "zh")
FORMAT, EXAMPLES_FORMAT, VERSION = "dragontable-rulebook", "dragontable-rules-examples", 1
SECTION_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")
BLOCK_KINDS = ("p", "list", "steps")
FACT_KINDS = ("view", "scores", "winners", "log")
"""Where a fact looks: a path in the spectator view, a path in ``scores()``, the winners'
seats, or a public log entry containing the given items."""
RULEBOOK_GAMES = ("dragon", "ming", "changcheng")


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    body: tuple[dict[str, Any], ...]
    examples: tuple[dict[str, str], ...]


@dataclass(frozen=True)
class Rulebook:
    game: str
    lang: str
    title: str
    intro: str
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        ids = ", ".join(s.id for s in self.sections)
        raise DataError(f"{self.game} has no section {section_id!r}; sections: {ids}")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "lang": self.lang,
            "title": self.title,
            "intro": self.intro,
            "sections": [
                {"id": s.id, "title": s.title, "body": list(s.body), "examples": list(s.examples)}
                for s in self.sections
            ],
        }


@dataclass(frozen=True)
class Example:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    names: tuple[str, ...]
    actions: tuple[str, ...]
    facts: tuple[dict[str, Any], ...]


def check_game(game: str) -> str:
    """``game`` if it has a rulebook; DataError listing those that do otherwise."""
    if game not in RULEBOOK_GAMES:
        raise DataError(f"no rules for {game!r}; games: {', '.join(RULEBOOK_GAMES)}")
    return game


def _read(game: str, name: str) -> Any:
    where = f"{game}/rulebook/{name}"
    try:
        text = resources.files(f"dragontable.games.{game}").joinpath("rulebook", name).read_text()
    except (FileNotFoundError, ModuleNotFoundError):
        raise DataError(f"{where} is missing") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{where} is not JSON: {exc}") from None


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DataError(f"{where} must be a non-empty string")
    return value


def _block(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in BLOCK_KINDS:
        raise DataError(f"{where} must be one of {{p: text}}, {{list: [...]}}, {{steps: [...]}}")
    kind, value = next(iter(raw.items()))
    if kind == "p":
        return {"p": _text(value, where)}
    if not isinstance(value, list) or not value:
        raise DataError(f"{where}.{kind} must be a non-empty list")
    return {kind: [_text(v, f"{where}.{kind}[{i}]") for i, v in enumerate(value)]}


def _section(raw: Any, where: str, known: set[str]) -> Section:
    if not isinstance(raw, dict):
        raise DataError(f"{where} must be an object")
    sid = raw.get("id")
    if not isinstance(sid, str) or not SECTION_ID.fullmatch(sid):
        raise DataError(f"{where}.id must be lower-case letters, digits and dashes")
    body = raw.get("body")
    if not isinstance(body, list) or not body:
        raise DataError(f"{where}.body must be a non-empty list")
    examples = []
    for i, ex in enumerate(raw.get("examples", [])):
        at = f"{where}.examples[{i}]"
        if not isinstance(ex, dict) or ex.get("id") not in known:
            raise DataError(f"{at} must name an example of examples.json")
        examples.append({"id": ex["id"], "caption": _text(ex.get("caption"), f"{at}.caption")})
    return Section(
        sid,
        _text(raw.get("title"), f"{where}.title"),
        tuple(_block(b, f"{where}.body[{i}]") for i, b in enumerate(body)),
        tuple(examples),
    )


@cache
def load(game: str, lang: str) -> Rulebook:
    """The rules of ``game`` in ``lang``, validated."""
    check_game(game)
    if lang not in LANGUAGES:
        raise DataError(f"no rules in {lang!r}; languages: {', '.join(LANGUAGES)}")
    raw = _read(game, f"{lang}.json")
    where = f"{game}/rulebook/{lang}.json"
    expected = {"format": FORMAT, "version": VERSION, "game": game, "lang": lang}
    for key, value in expected.items():
        if not isinstance(raw, dict) or raw.get(key) != value:
            raise DataError(f"{where}: {key} must be {value!r}")
    sections = raw.get("sections")
    if not isinstance(sections, list) or not sections:
        raise DataError(f"{where}: sections must be a non-empty list")
    known = set(examples(game))
    built = tuple(_section(s, f"{where} sections[{i}]", known) for i, s in enumerate(sections))
    ids = [s.id for s in built]
    if len(set(ids)) != len(ids):
        raise DataError(f"{where}: section ids must be unique")
    title, intro = (
        _text(raw.get("title"), f"{where} title"),
        _text(raw.get("intro"), f"{where} intro"),
    )
    return Rulebook(game, lang, title, intro, built)


def load_all(game: str) -> dict[str, Rulebook]:
    """Every language's rules of ``game``; DataError unless all have the same sections
    (ids, order) with the same examples."""
    books = {lang: load(game, lang) for lang in LANGUAGES}
    shape = [(s.id, [e["id"] for e in s.examples]) for s in books["en"].sections]
    for lang, book in books.items():
        other = [(s.id, [e["id"] for e in s.examples]) for s in book.sections]
        if other != shape:
            raise DataError(f"{game}/rulebook/{lang}.json: sections or examples differ from en")
    return books


def _example(raw: Any, game: str, where: str) -> Example:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise DataError(f"{where} must be an object with an id")
    if not SECTION_ID.fullmatch(raw["id"]):
        raise DataError(f"{where}.id must be lower-case letters, digits and dashes")
    players, seed = raw.get("players"), raw.get("seed")
    if not isinstance(players, int) or not isinstance(seed, int):
        raise DataError(f"{where}: players and seed must be integers")
    options, names = raw.get("options", {}), raw.get("names", [])
    actions, facts = raw.get("actions"), raw.get("facts")
    if not isinstance(options, dict):
        raise DataError(f"{where}.options must be an object")
    if not isinstance(names, list) or len(names) != players:
        raise DataError(f"{where}.names must name each of the {players} seats")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise DataError(f"{where}.actions must be a list of notation strings")
    if not isinstance(facts, list) or not facts:
        raise DataError(f"{where}.facts must state what the caption says")
    for i, fact in enumerate(facts):
        if not isinstance(fact, dict) or fact.get("at") not in FACT_KINDS:
            raise DataError(f"{where}.facts[{i}].at must be one of {', '.join(FACT_KINDS)}")
    return Example(
        raw["id"],
        game,
        players,
        seed,
        options,
        tuple(map(str, names)),
        tuple(actions),
        tuple(facts),
    )


@cache
def examples(game: str) -> dict[str, Example]:
    """The example positions of ``game`` by id, validated (not replayed)."""
    check_game(game)
    raw = _read(game, "examples.json")
    where = f"{game}/rulebook/examples.json"
    if not isinstance(raw, dict) or raw.get("format") != EXAMPLES_FORMAT:
        raise DataError(f"{where}: format must be {EXAMPLES_FORMAT!r}")
    if raw.get("version") != VERSION or raw.get("game") != game:
        raise DataError(f"{where}: version must be {VERSION} and game {game!r}")
    items = raw.get("examples")
    if not isinstance(items, list):
        raise DataError(f"{where}: examples must be a list")
    out: dict[str, Example] = {}
    for i, item in enumerate(items):
        ex = _example(item, game, f"{where} examples[{i}]")
        if ex.id in out:
            raise DataError(f"{where}: example {ex.id!r} appears twice")
        out[ex.id] = ex
    return out


def example(game: str, example_id: str) -> Example:
    found = examples(check_game(game)).get(example_id)
    if found is None:
        raise DataError(f"{game} has no example {example_id!r}")
    return found


def replay_example(ex: Example) -> State:
    """The position of ``ex``: its game created and its actions applied."""
    state = games.create(ex.game, players=ex.players, seed=ex.seed, options=ex.options)
    for action in ex.actions:
        state.apply(action)
    return state


@cache
def example_view(game: str, example_id: str) -> dict[str, Any]:
    """What a page draws for an example: the position's spectator view and seat names."""
    ex = example(game, example_id)
    state = replay_example(ex)
    return {
        "game": game,
        "id": ex.id,
        "players": ex.players,
        "names": list(ex.names),
        "view": state.view(None),
    }


def _at_path(value: Any, path: str) -> Any:
    for part in path.split(".") if path else []:
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def fact_holds(state: State, fact: dict[str, Any]) -> bool:
    """Whether ``state`` shows ``fact`` (one entry of an example's ``facts``)."""
    kind = fact["at"]
    if kind == "log":
        wanted = fact["entry"]
        public = [e for e in state.log if e.get("to") is None]
        return any(all(e.get(k) == v for k, v in wanted.items()) for e in public)
    if kind == "winners":
        return sorted(state.winners()) == sorted(fact["equals"])
    root: Any = state.view(None) if kind == "view" else state.scores()
    return bool(_at_path(root, fact.get("path", "")) == fact["equals"])


def failed_facts(ex: Example) -> list[dict[str, Any]]:
    """The facts of ``ex`` that its replayed position does not show."""
    state = replay_example(ex)
    return [f for f in ex.facts if not fact_holds(state, f)]
