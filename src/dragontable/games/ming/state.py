"""Ming Dynasty: the state's fields, its cheap copy and its JSON form.

Colours are integers: seats ``0..players-1``; in the 2-player game the neutral
colour is ``players`` (``st.neutral``). Provinces and districts are map indices.
The flow of play lives in ``rules.py`` and ``scoring.py``; this module holds data.
"""

from __future__ import annotations

from typing import Any, Self

from ...core.errors import RecordError
from ...core.rng import Rng
from ...core.tasks import TaskState
from .data import MapData, load_map

Task = tuple[Any, ...]
NONE = -1  # empty cloister, prince not placed yet


class MingData(TaskState):
    """Fields and copying of a Ming Dynasty state; behaviour is added by ``MingState``."""

    __slots__ = (
        "map",
        "rng",
        "round",
        "start_player",
        "tasks",
        "supply",
        "hands",
        "tiles",
        "score",
        "score_by",
        "prince",
        "spaces",
        "open",
        "cloister",
        "city",
        "box",
        "display",
        "deck",
        "discard",
        "dragons",
        "tile_supply",
        "passed",
        "returns",
        "revealed",
    )

    map: MapData
    rng: Rng
    round: int
    start_player: int
    tasks: list[Task]
    supply: list[int]  # per colour: members in the personal supply
    hands: list[list[str]]  # per seat: movement and dragon cards
    tiles: list[list[int]]  # per seat, per province: province tiles held
    score: list[int]
    score_by: list[dict[str, int]]
    prince: list[int]  # per seat: district (NONE before setup)
    spaces: list[list[int]]  # per province, per seat: members waiting there
    open: list[list[int]]  # per district, per colour: members in the open area
    cloister: list[int]  # per district: colour in the cloister or NONE
    city: list[list[int]]  # per district: colours in its city section (<= 3)
    box: list[int]  # per colour: members out of the game
    display: list[str | None]  # per province: the face-up card beside its space
    deck: list[str]  # face-down movement supply, top = last
    discard: list[str]
    dragons: int  # dragon cards in the face-up stack
    tile_supply: list[int]  # per province
    passed: list[bool]  # per seat, phase 3
    returns: list[int | None]  # per seat: committed return sum for the city being scored
    revealed: bool  # the committed returns of the current city are public

    # -- derived --------------------------------------------------------------
    @property
    def colours(self) -> int:
        """Number of colours on the board (seats plus the 2-player neutral)."""
        return self.players + (1 if self.players == 2 else 0)

    @property
    def neutral(self) -> int | None:
        return self.players if self.players == 2 else None

    def rotation(self, first: int | None = None) -> list[int]:
        """Seats clockwise from ``first`` (default: the start player)."""
        first = self.start_player if first is None else first
        return [(first + i) % self.players for i in range(self.players)]

    def cloisters_of(self, colour: int) -> int:
        return sum(1 for c in self.cloister if c == colour)

    def gain_points(self, seat: int, n: int, source: str) -> None:
        if n:
            self.score[seat] += n
            self.score_by[seat][source] = self.score_by[seat].get(source, 0) + n

    # -- copy and JSON -----------------------------------------------------------
    def _copy(self) -> Self:
        s = type(self).__new__(type(self))
        s.players, s.seed, s.options = self.players, self.seed, self.options
        s.history = self.history.copy()
        s.log = self.log.copy()
        s._legal = self._legal
        s.map = self.map
        s.rng = self.rng.clone()
        s.round, s.start_player = self.round, self.start_player
        s.tasks = self.tasks.copy()
        s.supply = self.supply.copy()
        s.hands = [h.copy() for h in self.hands]
        s.tiles = [t.copy() for t in self.tiles]
        s.score = self.score.copy()
        s.score_by = [b.copy() for b in self.score_by]
        s.prince = self.prince.copy()
        s.spaces = [x.copy() for x in self.spaces]
        s.open = [x.copy() for x in self.open]
        s.cloister = self.cloister.copy()
        s.city = [x.copy() for x in self.city]
        s.box = self.box.copy()
        s.display = self.display.copy()
        s.deck = self.deck.copy()
        s.discard = self.discard.copy()
        s.dragons = self.dragons
        s.tile_supply = self.tile_supply.copy()
        s.passed = self.passed.copy()
        s.returns = self.returns.copy()
        s.revealed = self.revealed
        return s

    def _snapshot(self) -> dict[str, Any]:
        return {
            "map_digest": self.map.digest,
            "rng": self.rng.state,
            "round": self.round,
            "start_player": self.start_player,
            "tasks": [list(t) for t in self.tasks],
            "supply": list(self.supply),
            "hands": [list(h) for h in self.hands],
            "tiles": [list(t) for t in self.tiles],
            "score": list(self.score),
            "score_by": [dict(b) for b in self.score_by],
            "prince": list(self.prince),
            "spaces": [list(x) for x in self.spaces],
            "open": [list(x) for x in self.open],
            "cloister": list(self.cloister),
            "city": [list(x) for x in self.city],
            "box": list(self.box),
            "display": list(self.display),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "dragons": self.dragons,
            "tile_supply": list(self.tile_supply),
            "passed": list(self.passed),
            "returns": list(self.returns),
            "revealed": self.revealed,
        }

    def _restore(self, d: dict[str, Any]) -> None:
        self.map = load_map(self.options["map"])
        if d.get("map_digest") != self.map.digest:
            raise RecordError(
                f"the snapshot was made with another version of map {self.options['map']!r}"
            )
        self.rng = Rng(int(d["rng"]))
        self.round, self.start_player = int(d["round"]), int(d["start_player"])
        self.tasks = [tuple(t) for t in d["tasks"]]
        self.supply = [int(x) for x in d["supply"]]
        self.hands = [[str(c) for c in h] for h in d["hands"]]
        self.tiles = [[int(x) for x in t] for t in d["tiles"]]
        self.score = [int(x) for x in d["score"]]
        self.score_by = [{str(k): int(v) for k, v in b.items()} for b in d["score_by"]]
        self.prince = [int(x) for x in d["prince"]]
        self.spaces = [[int(n) for n in x] for x in d["spaces"]]
        self.open = [[int(n) for n in x] for x in d["open"]]
        self.cloister = [int(x) for x in d["cloister"]]
        self.city = [[int(n) for n in x] for x in d["city"]]
        self.box = [int(x) for x in d["box"]]
        self.display = [None if c is None else str(c) for c in d["display"]]
        self.deck = [str(c) for c in d["deck"]]
        self.discard = [str(c) for c in d["discard"]]
        self.dragons = int(d["dragons"])
        self.tile_supply = [int(x) for x in d["tile_supply"]]
        self.passed = [bool(x) for x in d["passed"]]
        self.returns = [None if x is None else int(x) for x in d["returns"]]
        self.revealed = bool(d["revealed"])
