"""In the Year of the Dragon: the state's data (players, palaces, supply) and its copy/JSON.

The flow of the game lives in ``rules.py``; this module only holds and copies data.
A palace is a tuple ``(floors, residents)`` with residents a tuple of tile codes, so
copying a player's palace list is a shallow list copy.
"""

from __future__ import annotations

from typing import Annotated, Any

from ...core.fields import (
    DICT,
    LIST,
    NESTED,
    RNG,
    SHARED,
    TASKS,
    TUPLE,
    Field,
    objects,
    state_fields,
)
from ...core.rng import Rng
from ...core.tasks import TaskState
from .data import SYMBOLS, VALUE

Palace = tuple[int, tuple[str, ...]]
Task = tuple[Any, ...]


class Player:
    """One seat's holdings. ``pt``/``pt_stack`` are the person track (§3.7)."""

    __slots__ = (
        "seat",
        "yuan",
        "rice",
        "fireworks",
        "vp",
        "vp_by",
        "priv_small",
        "priv_large",
        "pt",
        "pt_stack",
        "palaces",
        "hand",
        "played",
        "discarded",
        "wall_tiles",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.yuan = self.rice = self.fireworks = self.vp = 0
        self.vp_by: dict[str, int] = {}
        self.priv_small = self.priv_large = 0
        self.pt = self.pt_stack = 0
        self.palaces: list[Palace] = []
        self.hand: list[str] = []
        # (card, type of the tile it yielded or "", types used up at that moment)
        self.played: list[tuple[str, str, str]] = []
        self.discarded: list[str] = []
        self.wall_tiles: list[str] = []

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat, p.yuan, p.rice, p.fireworks, p.vp = (
            self.seat,
            self.yuan,
            self.rice,
            self.fireworks,
            self.vp,
        )
        p.vp_by = self.vp_by.copy()
        p.priv_small, p.priv_large, p.pt, p.pt_stack = (
            self.priv_small,
            self.priv_large,
            self.pt,
            self.pt_stack,
        )
        p.palaces = self.palaces.copy()
        p.hand = self.hand.copy()
        p.played = self.played.copy()
        p.discarded = self.discarded.copy()
        p.wall_tiles = self.wall_tiles.copy()
        return p

    # -- derived counts -------------------------------------------------------
    def persons(self) -> int:
        n = 0
        for _, res in self.palaces:  # a loop, not sum(): asked at every forced release
            n += len(res)
        return n

    def inhabited(self) -> int:
        """Palaces with at least one person."""
        n = 0
        for _, res in self.palaces:  # a loop, not sum(): asked at every Drought
            if res:
                n += 1
        return n

    def floors(self) -> int:
        return sum(f for f, _ in self.palaces)

    def free_space(self) -> bool:
        for f, res in self.palaces:  # noqa: SIM110  (no generator made at every tile taken)
            if len(res) < f:
                return True
        return False

    def symbols(self, type_code: str) -> int:
        """Symbols on own person tiles of one type (young 1 tile, old tile …)."""
        n = 0
        for _, res in self.palaces:
            for t in res:
                if t[0] == type_code:
                    n += SYMBOLS[t]
        return n

    def count(self, type_code: str) -> int:
        return sum(1 for _, res in self.palaces for t in res if t[0] == type_code)

    def monk_points(self) -> int:
        return sum(SYMBOLS[t] * f for f, res in self.palaces for t in res if t[0] == "M")

    def privilege_symbols(self) -> int:
        return self.priv_small + 2 * self.priv_large

    def gain_vp(self, n: int, source: str) -> None:
        if n:
            self.vp += n
            self.vp_by[source] = self.vp_by.get(source, 0) + n

    # -- JSON ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "yuan": self.yuan,
            "rice": self.rice,
            "fireworks": self.fireworks,
            "vp": self.vp,
            "vp_by": dict(self.vp_by),
            "priv_small": self.priv_small,
            "priv_large": self.priv_large,
            "pt": self.pt,
            "pt_stack": self.pt_stack,
            "palaces": [[f, list(res)] for f, res in self.palaces],
            "hand": list(self.hand),
            "played": [list(x) for x in self.played],
            "discarded": list(self.discarded),
            "wall_tiles": list(self.wall_tiles),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        p = cls(d["seat"])
        for key in (
            "yuan",
            "rice",
            "fireworks",
            "vp",
            "priv_small",
            "priv_large",
            "pt",
            "pt_stack",
        ):
            setattr(p, key, int(d[key]))
        p.vp_by = {str(k): int(v) for k, v in d["vp_by"].items()}
        p.palaces = [(int(f), tuple(res)) for f, res in d["palaces"]]
        p.hand = list(d["hand"])
        p.played = [(c, g, dead) for c, g, dead in d["played"]]
        p.discarded = list(d["discarded"])
        p.wall_tiles = list(d["wall_tiles"])
        return p


def _lists(groups: list[tuple[str, ...]]) -> list[list[str]]:
    return [list(g) for g in groups]


def _tuple_items(data: list[list[str]]) -> list[tuple[str, ...]]:
    return [tuple(g) for g in data]


@state_fields
class DragonData(TaskState):
    """Fields of a Dragon state, each with how it is copied and stored (``core.fields``);
    behaviour is added by ``DragonState``."""

    round: Annotated[int, SHARED]
    tasks: Annotated[list[Task], TASKS]
    order: Annotated[list[int], Field("{v}", list, list)]  # replaced whole, never changed
    groups: Annotated[list[tuple[str, ...]], Field("{v}", _lists, _tuple_items)]
    dragons: Annotated[list[list[int]], NESTED]
    supply: Annotated[dict[str, int], DICT]
    box: Annotated[dict[str, int], DICT]
    event_track: Annotated[tuple[str, ...], TUPLE]
    great_event: Annotated[str | None, SHARED]
    great_event_revealed: Annotated[bool, SHARED]
    wall: Annotated[list[int], LIST]
    sunrise_taken: Annotated[list[str], LIST]
    start_player: Annotated[int, SHARED]
    rng: Annotated[Rng, RNG]
    seats: Annotated[list[Player], objects(Player.to_json, Player.from_json)]


def tile_value(tile: str) -> int:
    return VALUE[tile]
