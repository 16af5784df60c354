"""Helpers to put an In the Year of the Dragon game into a rules example's position.

``position()`` starts a real game (so options, RNG and supply are the engine's own) and
then clears the task stack; ``seat()`` sets a seat's holdings, taking the persons it
puts into palaces out of the supply so that person tiles stay conserved; ``run()``
pushes the tasks to test and lets the engine advance to the first decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragontable import games
from dragontable.core.tasks import push
from dragontable.games.dragon import data as D
from dragontable.games.dragon.flow import ENGINE
from dragontable.games.dragon.game import DragonState

# Seat names used by the rulebook's examples (seats are 0-based).
ANNA, BERT, CLARA, DORA, EMIL = range(5)


def create(
    players: int, seed: int | None = None, options: Mapping[str, Any] | None = None
) -> DragonState:
    """``games.create("dragon", ...)``, typed as the concrete Dragon state it returns."""
    return games.create("dragon", players=players, seed=seed, options=options)


def position(
    players: int = 3,
    *,
    round: int = 3,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    empty: bool = True,
) -> DragonState:
    """A game of ``players`` with no pending task; every seat starts bare if ``empty``.

    A bare seat has no palaces, no yuan and sits on PT 0 in seat order (seat 0 lowest).
    """
    st = games.create("dragon", players=players, seed=seed, options=options or {})
    assert isinstance(st, DragonState)
    st.tasks = []
    st.round = round
    st.groups, st.dragons = [], []
    if empty:
        for p in st.seats:
            p.palaces = []
            p.yuan = 0
            p.pt, p.pt_stack = 0, p.seat + 1
    return st


def seat(st: DragonState, s: int, **fields: Any) -> None:
    """Set a seat's fields; ``palaces`` are ``(floors, (tiles, ...))`` tuples.

    Persons newly put into palaces are taken from the supply (tile conservation).
    """
    p = st.seats[s]
    if "palaces" in fields:
        for _, res in p.palaces:
            for tile in res:
                st.supply[tile] += 1
        palaces = [(int(f), tuple(res)) for f, res in fields.pop("palaces")]
        for _, res in palaces:
            for tile in res:
                assert st.supply[tile] > 0, f"no {tile} left in the supply"
                st.supply[tile] -= 1
        p.palaces = palaces
    for name, value in fields.items():
        assert hasattr(p, name), name
        setattr(p, name, value)


def run(st: DragonState, *tasks: tuple[Any, ...]) -> DragonState:
    """Push ``tasks`` (the first given runs first) and advance to the next decision."""
    push(st, *tasks)
    st._legal = None
    ENGINE.advance(st)
    return st


def play(st: DragonState, *actions: str) -> DragonState:
    for action in actions:
        st.apply(action)
    return st


def entries(st: DragonState, key: str, since: int = 0) -> list[dict[str, Any]]:
    """Log entries with ``key`` (``dragon.`` prefix optional) from index ``since``."""
    full = key if key.startswith("dragon.") else "dragon." + key
    return [e for e in st.log[since:] if e["key"] == full]


def released(st: DragonState, since: int = 0) -> list[tuple[int, str, str]]:
    """``(seat, tile, reason)`` of every person released since log index ``since``."""
    return [(e["seat"], e["tile"], e["reason"]) for e in entries(st, "person.released", since)]


def tiles(st: DragonState, s: int) -> list[str]:
    """All persons in a seat's palaces, sorted."""
    return sorted(t for _, res in st.seats[s].palaces for t in res)


def floors(st: DragonState, s: int) -> list[int]:
    return [f for f, _ in st.seats[s].palaces]


def conserved(st: DragonState) -> bool:
    """Supply + palaces + box hold exactly the full set of person tiles.

    A tile taken but not yet placed waits in its ``place``/``full`` task and is counted
    there (it is in the player's hand between two decisions).
    """
    count = dict(st.supply)
    for task in st.tasks:
        if task[0] in ("place", "full"):
            count[task[2]] += 1
    for tile, n in st.box.items():
        count[tile] += n
    for p in st.seats:
        for _, res in p.palaces:
            for tile in res:
                count[tile] += 1
    return count == D.supply_for(5)


def exhaust(st: DragonState, *tile_codes: str) -> None:
    """Use up tiles: their supply goes to the box (as if recruited and released)."""
    for tile in tile_codes:
        st.box[tile] += st.supply[tile]
        st.supply[tile] = 0
