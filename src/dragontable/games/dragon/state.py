"""In the Year of the Dragon: the state's data (players, palaces, supply) and its copy/JSON.

The flow of the game lives in ``rules.py``; this module only holds and copies data.
A palace is a tuple ``(floors, residents)`` with residents a tuple of tile codes, so
copying a player's palace list is a shallow list copy.
"""

from __future__ import annotations

from typing import Any, Self

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
        return sum(len(res) for _, res in self.palaces)

    def floors(self) -> int:
        return sum(f for f, _ in self.palaces)

    def free_space(self) -> bool:
        return any(len(res) < f for f, res in self.palaces)

    def symbols(self, type_code: str) -> int:
        """Symbols on own person tiles of one type (young 1 tile, old tile …)."""
        return sum(SYMBOLS[t] for _, res in self.palaces for t in res if t[0] == type_code)

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


class DragonData(TaskState):
    """Fields and copying of a Dragon state; behaviour is added by ``DragonState``."""

    __slots__ = (
        "round",
        "tasks",
        "order",
        "groups",
        "dragons",
        "supply",
        "box",
        "event_track",
        "great_event",
        "great_event_revealed",
        "wall",
        "sunrise_taken",
        "start_player",
        "rng",
        "seats",
    )

    round: int
    tasks: list[Task]
    order: list[int]
    groups: list[tuple[str, ...]]
    dragons: list[list[int]]
    supply: dict[str, int]
    box: dict[str, int]
    event_track: tuple[str, ...]
    great_event: str | None
    great_event_revealed: bool
    wall: list[int]
    sunrise_taken: list[str]
    start_player: int
    rng: Rng
    seats: list[Player]

    def _copy(self) -> Self:
        s = type(self).__new__(type(self))
        s.players, s.seed, s.options = self.players, self.seed, self.options
        s.history = self.history.copy()
        s.log = self.log.copy()
        s._legal = self._legal
        s.round = self.round
        s.tasks = self.tasks.copy()
        s.order = self.order
        s.groups = self.groups
        s.dragons = [d.copy() for d in self.dragons]
        s.supply = self.supply.copy()
        s.box = self.box.copy()
        s.event_track = self.event_track
        s.great_event = self.great_event
        s.great_event_revealed = self.great_event_revealed
        s.wall = self.wall.copy()
        s.sunrise_taken = self.sunrise_taken.copy()
        s.start_player = self.start_player
        s.rng = self.rng.clone()
        s.seats = [p.copy() for p in self.seats]
        return s

    def _snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "tasks": [list(t) for t in self.tasks],
            "order": list(self.order),
            "groups": [list(g) for g in self.groups],
            "dragons": [list(d) for d in self.dragons],
            "supply": dict(self.supply),
            "box": dict(self.box),
            "event_track": list(self.event_track),
            "great_event": self.great_event,
            "great_event_revealed": self.great_event_revealed,
            "wall": list(self.wall),
            "sunrise_taken": list(self.sunrise_taken),
            "start_player": self.start_player,
            "rng": self.rng.state,
            "seats": [p.to_json() for p in self.seats],
        }

    def _restore(self, d: dict[str, Any]) -> None:
        self.round = int(d["round"])
        self.tasks = [tuple(_untuple(x) for x in t) for t in d["tasks"]]
        self.order = list(d["order"])
        self.groups = [tuple(g) for g in d["groups"]]
        self.dragons = [list(x) for x in d["dragons"]]
        self.supply = {k: int(v) for k, v in d["supply"].items()}
        self.box = {k: int(v) for k, v in d["box"].items()}
        self.event_track = tuple(d["event_track"])
        self.great_event = d["great_event"]
        self.great_event_revealed = bool(d["great_event_revealed"])
        self.wall = list(d["wall"])
        self.sunrise_taken = list(d["sunrise_taken"])
        self.start_player = int(d["start_player"])
        self.rng = Rng(int(d["rng"]))
        self.seats = [Player.from_json(p) for p in d["seats"]]


def _untuple(x: Any) -> Any:
    return tuple(x) if isinstance(x, list) else x


def tile_value(tile: str) -> int:
    return VALUE[tile]
