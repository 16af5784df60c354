"""Build Ming Dynasty positions for the worked examples (ming.md §7)."""

from __future__ import annotations

from typing import Any

from dragontable import games
from dragontable.core.state import State
from dragontable.games.ming import MingState
from dragontable.games.ming.flow import ENGINE
from dragontable.games.ming.state import NONE, Task

A, B, C, D = 0, 1, 2, 3


def blank(players: int = 4, round: int = 2, start: int = A, **options: Any) -> MingState:
    """A fresh game with an empty board: no princes, tiles, members or tasks."""
    st = games.create("ming", players=players, seed=11, options=options)
    st.round, st.start_player = round, start
    st.prince = [NONE] * players
    st.tiles = [[0] * 6 for _ in range(players)]
    st.tile_supply = [18] * 6
    st.spaces = [[0] * players for _ in range(6)]
    st.open = [[0] * st.colours for _ in range(18)]
    st.tasks = []
    st.log = []
    st._legal = None
    return st


def at(st: MingState, *tasks: Task) -> MingState:
    """Put ``tasks`` on the stack (first runs first) and run to the next decision."""
    st.tasks = list(reversed(tasks))
    st._legal = None
    ENGINE.advance(st)
    return st


def d(st: MingState, name: str) -> int:
    return st.map.district_index[name]


def p(st: MingState, name: str) -> int:
    return st.map.province_index[name]


def set_open(st: MingState, district: str, counts: dict[int, int]) -> None:
    row = st.open[d(st, district)]
    for colour, n in counts.items():
        row[colour] = n


def set_city(st: MingState, district: str, colours: list[int]) -> None:
    st.city[d(st, district)] = list(colours)


def play(st: State, *actions: str) -> None:
    for action in actions:
        st.apply(action)


def keys(st: State) -> list[str]:
    return [e["key"] for e in st.log]
