"""In the Year of the Dragon: the fixed encodings for learning agents (``core.encoding``).

Actions: every notation of ``notation.py`` over the game's data: pairs of types, each
action card at each group (a game has at most one group per player), each palace the
engine can number (``rules.PREF``), each tile, card and good. The options never change
the space; they only change which actions are ever legal.

Observation (one ``view(seat)``): the viewer, the seat to move and the pending decision,
the round, event track, Great Event, options, action groups, wall, supply, Sunrise, turn
order, and per seat its goods, points, track position, cards (its own hand only when the
view shows it) and every palace slot (floors, residents by tile).
"""

from __future__ import annotations

from typing import Any

from ...core.encoding import Writer
from . import data as D
from .rules import PREF
from .setup import OPTIONS

VERSION = 1
PROMPTS = tuple(
    f"dragon.prompt.{k}"
    for k in [
        "init",
        "place",
        "full",
        "action",
        "floor",
        "privilege",
        "walltile",
        "card",
        "take",
        "release",
        "drought",
        "quake",
        "quakefix",
        "flood",
        "tornado",
        "sunrise",
        "edict",
        "over",
    ]
)
GROUP_CARDS = D.ACTION_CARDS + (D.WALL_CARD,)
GOODS = ("rice", "fireworks", "yuan")
ENCODED_OPTIONS = ("edition", "great_wall", "great_wall_final_timing", "great_event_timing",
                   "open_hands", "start_player")  # fmt: skip
_CHOICES = {spec.name: tuple(spec.choices) for spec in OPTIONS}
PALACE_COLUMNS = tuple(f"{p}.{c}" for p in PREF for c in ("floors", *D.TILES))
"""Each palace slot the engine can number: its floors, then its residents by tile."""
_ROW = 1 + len(D.TILES)
RECRUITED = D.TYPE_ORDER + ("none", "pending")
_TILE_AT = {tile: 1 + i for i, tile in enumerate(D.TILES)}


def actions(players: int, options: dict[str, Any]) -> list[str]:
    """Every action the engine can offer with ``players`` players."""
    types, palaces = D.TYPE_ORDER, PREF
    out = [f"pick {a}+{b}" for i, a in enumerate(types) for b in types[i + 1 :]]
    out += [f"{card}@{g}" for g in range(1, players + 1) for card in GROUP_CARDS]
    out += ["refill", "decline", "privilege small", "privilege large"]
    out += [f"floor {p}" for p in palaces] + ["floor new"]
    out += [f"wall {t}" for t in D.WALL_TILES]
    out += [f"card {c}" for c in D.CARDS] + [f"discard {c}" for c in D.CARDS]
    out += [f"take {t}" for t in D.TILES]
    out += [f"place {p}" for p in palaces] + [f"quake {p}" for p in palaces]
    out += [f"{verb} {p}:{t}" for verb in ("replace", "release") for p in palaces for t in D.TILES]
    out += [f"flood {g}" for g in GOODS]
    out += [f"sunrise {c}" for c in types] + [f"edict {c}" for c in types]
    return out


def observe(view: dict[str, Any], w: Writer) -> None:
    """The numbers of one view (see the module's docstring), in sections by the parts of
    the view they read."""
    seats = range(len(view["players"]))
    prompt = (view["prompt"] or {"key": "dragon.prompt.over"})["key"]
    if w.section((view["viewer"], view["current_player"], prompt, view["round"])):
        w.onehot("viewer", seats, view["viewer"])
        w.onehot("to_move", seats, view["current_player"])
        w.onehot("prompt", PROMPTS, prompt)
        w.scalar("round", view["round"])
    if w.section((view["event_track"], view["great_event"], view["options"])):
        for i in range(D.ROUNDS):
            w.onehot(f"event.{i + 1}", D.EVENTS, view["event_track"][i])
        w.onehot("great_event", D.GREAT_EVENTS + ("hidden",), view["great_event"])
        for name in ENCODED_OPTIONS:
            w.onehot(f"option.{name}", _CHOICES[name], view["options"][name])
    groups = view["groups"]
    if w.section(groups):
        for g in seats:
            group = groups[g] if g < len(groups) else {"cards": [], "dragons": []}
            w.counts(f"group.{g + 1}.cards", GROUP_CARDS, group["cards"])
            w.counts(f"group.{g + 1}.dragons", seats, group["dragons"])
    table = (view["wall"], view["supply"], view["sunrise_taken"], view["turn_order"])
    if w.section(table):
        w.counts("wall", seats, view["wall"])
        w.vector("supply", D.TILES, [view["supply"][t] for t in D.TILES])
        w.counts("sunrise_taken", D.TYPE_ORDER, view["sunrise_taken"])
        for k in seats:
            w.onehot(f"turn_order.{k + 1}", seats, view["turn_order"][k])
    for p in view["players"]:
        if w.section(p):
            _player(p, len(seats), w)
        if w.section(p["palaces"]):
            _palaces(p, w)


def _player(p: dict[str, Any], players: int, w: Writer) -> None:
    at = f"seat.{p['seat']}"
    for key in ("yuan", "rice", "fireworks", "vp", "pt", "pt_stack", "hand_size"):
        w.scalar(f"{at}.{key}", p[key])
    w.vector(
        f"{at}.privileges", ("small", "large"), [p["privileges"]["small"], p["privileges"]["large"]]
    )
    w.onehot(f"{at}.dragon_group", range(1, players + 1), p["dragon_group"])
    got = ["none" if g == "" else "pending" if g == "?" else g for g in p["recruited"]]
    w.counts(f"{at}.recruited", RECRUITED, got)
    w.counts(f"{at}.discarded", D.CARDS, p["discarded"])
    w.counts(f"{at}.wall_tiles", D.WALL_TILES, p["wall_tiles"])
    w.scalar(f"{at}.hand_shown", "hand" in p)
    w.counts(f"{at}.hand", D.CARDS, p.get("hand", ()))
    w.counts(f"{at}.played", D.CARDS, p.get("played", ()))


def _palaces(p: dict[str, Any], w: Writer) -> None:
    at = f"seat.{p['seat']}"
    palaces = p["palaces"]
    w.scalar(f"{at}.palaces", len(palaces))
    entries: list[tuple[int, float]] = []
    for i, palace in enumerate(palaces):
        row = i * _ROW
        entries.append((row, palace["floors"]))
        entries += [(row + _TILE_AT[tile], 1.0) for tile in palace["residents"]]
    w.sparse(at, PALACE_COLUMNS, entries)
