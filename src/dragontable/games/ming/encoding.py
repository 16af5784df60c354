"""Ming Dynasty: the fixed encodings for learning agents (``core.encoding``).

Actions: every notation of ``notation.py`` over the map's data: each district, province,
border crossing (paid with its transport or a dragon), card, deployment, return sum of
the return cards and start seat. The map (option ``map``) is part of the version.

Observation (one ``view(seat)``): the viewer, the seat to move, the pending decision,
round and phase, options, per province its space, display card and tiles left, per
district its open members, cloister, city and princes, the supplies and discards, and
per seat its score, supplies, tiles, prince, cards (its own hand only when the view
shows it) and its return commitment (its value only when the view shows it).
"""

from __future__ import annotations

from typing import Any

from ...core.encoding import Writer
from . import data as D
from .setup import OPTIONS

VERSION = 1
PROMPTS = tuple(
    f"ming.prompt.{k}"
    for k in [
        "prince",
        "neutral",
        "space",
        "card",
        "act",
        "moving",
        "deploy",
        "return",
        "back",
        "back_neutral",
        "start",
        "over",
    ]
)
PHASES = ("setup", "neutral", "1", "2", "3", "4", "5", "over")
ENCODED_OPTIONS = ("start_player", "open_hands", "city_tiebreak", "final_tiebreak")
_CHOICES = {spec.name: tuple(spec.choices) for spec in OPTIONS}
_ALL_RETURNS = 10**6


def data_tag(options: dict[str, Any]) -> str:
    """The map's name and content digest."""
    m = D.load_map(options["map"])
    return f"map:{m.name}@{m.digest}"


def actions(players: int, options: dict[str, Any]) -> list[str]:
    """Every action the engine can offer with ``players`` players on the options' map."""
    m = D.load_map(options["map"])
    out = [f"{verb} {d}" for verb in ("prince", "neutral", "back") for d in m.districts]
    out += [f"{verb} {p}" for verb in ("space", "take", "dragon") for p in m.provinces]
    moves = {
        f"move {m.districts[n]} {card}": None
        for row in m.neighbours
        for n, transport in row
        for card in (transport, D.DRAGON)
    }
    out += list(moves)
    out += [f"stay {card}" for card in m.cards] + ["stop", "pass"]
    out += [f"deploy {n}" for n in range(D.MAX_DEPLOY + 1)]
    out += [f"deploy {n}+c" for n in range(D.MAX_DEPLOY)]
    out += [f"return {n}" for n in m.return_sums(_ALL_RETURNS)]
    out += [f"start {s + 1}" for s in range(players)]
    return out


_MAPS: dict[tuple[str, Any], D.MapData] = {}


def _map_of(view: dict[str, Any]) -> D.MapData:
    """The view's map, by name and version (loaded once: a file check costs more than
    encoding what changed)."""
    key = (view["options"]["map"], view["map"]["version"])
    found = _MAPS.get(key)
    if found is None:
        found = _MAPS[key] = D.load_map(key[0])
    return found


def observe(view: dict[str, Any], w: Writer) -> None:
    """The numbers of one view (see the module's docstring)."""
    m = _map_of(view)
    seats = range(len(view["players"]))
    colours = tuple(range(len(view["box"])))
    owners: tuple[Any, ...] = (*seats, "neutral")
    head = (view["viewer"], view["current_player"], view["prompt"], view["round"],
            view["phase"], view["start_player"])  # fmt: skip
    if w.section(head):
        w.onehot("viewer", seats, view["viewer"])
        w.onehot("to_move", seats, view["current_player"])
        w.onehot("prompt", PROMPTS, (view["prompt"] or {"key": "ming.prompt.over"})["key"])
        w.scalar("round", view["round"])
        w.onehot("phase", PHASES, view["phase"])
        w.onehot("start_player", seats, view["start_player"])
    if w.section(view["options"]):
        for name in ENCODED_OPTIONS:
            w.onehot(f"option.{name}", _CHOICES[name], view["options"][name])
    if w.section(view["provinces"]):
        for p, prov in zip(m.provinces, view["provinces"], strict=True):
            w.vector(f"province.{p}.space", seats, prov["space"])
            w.onehot(f"province.{p}.display", m.cards, prov["display"])
            w.scalar(f"province.{p}.tiles_left", prov["tiles_left"])
    for d, dist in zip(m.districts, view["districts"], strict=True):
        if w.section((dist, colours, owners)):
            w.vector(f"district.{d}.open", colours, dist["open"])
            w.onehot(f"district.{d}.cloister", owners, dist["cloister"])
            w.counts(f"district.{d}.city", owners, dist["city"])
            w.counts(f"district.{d}.princes", seats, dist["princes"])
    rest = (view["deck_size"], view["discard"], view["dragons"], view["box"],
            view["neutral_supply"], view["scoring"], view["returns_revealed"])  # fmt: skip
    if w.section(rest):
        w.scalar("deck_size", view["deck_size"])
        w.counts("discard", m.cards, view["discard"])
        w.scalar("dragons", view["dragons"])
        w.vector("box", colours, view["box"])
        w.scalar("neutral_supply", view["neutral_supply"] or 0)
        w.onehot("scoring", m.provinces, view["scoring"])
        w.scalar("returns_revealed", view["returns_revealed"])
    for player in view["players"]:
        if w.section(player):
            _player(m, player, w)


def _player(m: D.MapData, p: dict[str, Any], w: Writer) -> None:
    at = f"seat.{p['seat']}"
    for key in ("score", "supply", "box", "hand_size", "passed", "cloisters", "return_committed"):
        w.scalar(f"{at}.{key}", p[key])
    w.vector(f"{at}.tiles", m.provinces, [p["tiles"][x] for x in m.provinces])
    w.onehot(f"{at}.prince", m.districts, p["prince"])
    w.scalar(f"{at}.hand_shown", "hand" in p)
    w.counts(f"{at}.hand", m.cards, p.get("hand", ()))
    w.scalar(f"{at}.return_shown", "return" in p)
    w.scalar(f"{at}.return", p.get("return") or 0)
