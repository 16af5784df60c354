"""Chang Cheng: the state's fields, their cheap copy and their JSON form.

The flow of play lives in ``rules.py``/``scoring.py``; this module only holds data.
Per-seat holdings are parallel lists indexed by seat. Every value stored in a dict or
list is immutable (ints, strings, tuples), so copying is a handful of shallow copies.

* ``seg[space] = (owner, kind, destroyed)``: owner a seat or ``NEUTRAL``, kind
  ``s``/``d``/``t`` (single, double half, tower).
* ``cards[province] = ((owner, card), ...)``: face-down cards in placement order.
* ``threat[region]``: the token value, or ``None`` once a Traitor removed it.
* ``known[region]``: the seats that scouted that token (sorted tuple).
* ``res``: the province being scored: ``(province, pending cards, value delta,
  virtual walls per seat)``; ``None`` between scorings.
"""

from __future__ import annotations

from typing import Any, Self

from ...core.rng import Rng
from ...core.tasks import TaskState
from .boards import Boards, Geometry, load

Task = tuple[Any, ...]
Card = tuple[int, str]
Segment = tuple[int, str, bool]


class CCData(TaskState):
    """Fields and copying of a Chang Cheng state; behaviour is added by ``ChangChengState``."""

    __slots__ = (
        "bd", "geo", "layout", "seg", "reserved", "rep", "threat", "face_up", "known",
        "cards", "scored", "rep_supply", "threat_supply", "threat_gone", "stock",
        "emperor", "extensions", "events", "neutral", "start", "active", "turn_no",
        "hands", "gone", "singles", "double", "tower", "score", "by", "rule", "res",
        "tasks", "rng", "ended",
    )  # fmt: skip

    bd: Boards
    geo: Geometry
    layout: tuple[str, ...]
    seg: dict[str, Segment]
    reserved: dict[str, int]
    rep: dict[str, int]
    threat: dict[str, int | None]
    face_up: set[str]
    known: dict[str, tuple[int, ...]]
    cards: dict[str, tuple[Card, ...]]
    scored: list[str]
    rep_supply: tuple[int, ...]
    threat_supply: tuple[int, ...]
    threat_gone: tuple[tuple[str, int], ...]
    stock: tuple[str, ...]
    emperor: int
    extensions: int
    events: tuple[str, ...]
    neutral: int
    start: int
    active: int
    turn_no: int
    hands: list[tuple[str, ...]]
    gone: list[tuple[str, ...]]
    singles: list[int]
    double: list[bool]
    tower: list[bool]
    score: list[int]
    by: list[dict[str, int]]
    rule: tuple[str, tuple[str, ...]] | None
    res: tuple[str, tuple[Card, ...], int, tuple[int, ...]] | None
    tasks: list[Task]
    rng: Rng
    ended: str | None

    def set_layout(self, layout: tuple[str, ...]) -> None:
        self.layout = layout
        self.geo = self.bd.geometry(layout)

    def gain(self, seat: int, n: int, source: str) -> None:
        """Add ``n`` (possibly negative) reputation points to ``seat`` from ``source``."""
        if n:
            self.score[seat] += n
            by = self.by[seat]
            by[source] = by.get(source, 0) + n

    def _copy(self) -> Self:
        s = type(self).__new__(type(self))
        s.players, s.seed, s.options = self.players, self.seed, self.options
        s.history = self.history.copy()
        s.log = self.log.copy()
        s._legal = self._legal
        s.bd, s.geo, s.layout = self.bd, self.geo, self.layout
        s.seg = self.seg.copy()
        s.reserved = self.reserved.copy()
        s.rep = self.rep.copy()
        s.threat = self.threat.copy()
        s.face_up = self.face_up.copy()
        s.known = self.known.copy()
        s.cards = self.cards.copy()
        s.scored = self.scored.copy()
        s.rep_supply, s.threat_supply = self.rep_supply, self.threat_supply
        s.threat_gone, s.stock = self.threat_gone, self.stock
        s.emperor, s.extensions, s.events = self.emperor, self.extensions, self.events
        s.neutral, s.start = self.neutral, self.start
        s.active, s.turn_no = self.active, self.turn_no
        s.hands = self.hands.copy()
        s.gone = self.gone.copy()
        s.singles = self.singles.copy()
        s.double = self.double.copy()
        s.tower = self.tower.copy()
        s.score = self.score.copy()
        s.by = [d.copy() for d in self.by]
        s.rule, s.res = self.rule, self.res
        s.tasks = self.tasks.copy()
        s.rng = self.rng.clone()
        s.ended = self.ended
        return s

    def _snapshot(self) -> dict[str, Any]:
        return {
            "layout": list(self.layout),
            "seg": {k: list(v) for k, v in self.seg.items()},
            "reserved": dict(self.reserved),
            "rep": dict(self.rep),
            "threat": dict(self.threat),
            "face_up": sorted(self.face_up),
            "known": {k: list(v) for k, v in self.known.items()},
            "cards": {k: [list(c) for c in v] for k, v in self.cards.items()},
            "scored": list(self.scored),
            "rep_supply": list(self.rep_supply),
            "threat_supply": list(self.threat_supply),
            "threat_gone": [list(x) for x in self.threat_gone],
            "stock": list(self.stock),
            "emperor": self.emperor,
            "extensions": self.extensions,
            "events": list(self.events),
            "neutral": self.neutral,
            "start": self.start,
            "active": self.active,
            "turn_no": self.turn_no,
            "hands": [list(h) for h in self.hands],
            "gone": [list(g) for g in self.gone],
            "singles": list(self.singles),
            "double": list(self.double),
            "tower": list(self.tower),
            "score": list(self.score),
            "by": [dict(d) for d in self.by],
            "rule": None if self.rule is None else [self.rule[0], list(self.rule[1])],
            "res": None if self.res is None else _res_json(self.res),
            "tasks": [list(t) for t in self.tasks],
            "rng": self.rng.state,
            "ended": self.ended,
        }

    def _restore(self, d: dict[str, Any]) -> None:
        self.bd = load(self.options["boards_file"])
        self.set_layout(tuple(d["layout"]))
        self.seg = {k: (int(o), str(kind), bool(x)) for k, (o, kind, x) in d["seg"].items()}
        self.reserved = {k: int(v) for k, v in d["reserved"].items()}
        self.rep = {k: int(v) for k, v in d["rep"].items()}
        self.threat = {k: None if v is None else int(v) for k, v in d["threat"].items()}
        self.face_up = set(d["face_up"])
        self.known = {k: tuple(v) for k, v in d["known"].items()}
        self.cards = {k: tuple((int(o), str(c)) for o, c in v) for k, v in d["cards"].items()}
        self.scored = list(d["scored"])
        self.rep_supply = tuple(d["rep_supply"])
        self.threat_supply = tuple(d["threat_supply"])
        self.threat_gone = tuple((str(r), int(v)) for r, v in d["threat_gone"])
        self.stock = tuple(d["stock"])
        self.emperor, self.extensions = int(d["emperor"]), int(d["extensions"])
        self.events = tuple(d["events"])
        self.neutral, self.start = int(d["neutral"]), int(d["start"])
        self.active, self.turn_no = int(d["active"]), int(d["turn_no"])
        self.hands = [tuple(h) for h in d["hands"]]
        self.gone = [tuple(g) for g in d["gone"]]
        self.singles = [int(x) for x in d["singles"]]
        self.double = [bool(x) for x in d["double"]]
        self.tower = [bool(x) for x in d["tower"]]
        self.score = [int(x) for x in d["score"]]
        self.by = [{str(k): int(v) for k, v in x.items()} for x in d["by"]]
        rule = d["rule"]
        self.rule = None if rule is None else (rule[0], tuple(rule[1]))
        res = d["res"]
        self.res = None if res is None else _res_from_json(res)
        self.tasks = [tuple(_untuple(x) for x in t) for t in d["tasks"]]
        self.rng = Rng(int(d["rng"]))
        self.ended = d["ended"]


def _res_json(res: tuple[str, tuple[Card, ...], int, tuple[int, ...]]) -> list[Any]:
    province, pending, delta, virtual = res
    return [province, [list(c) for c in pending], delta, list(virtual)]


def _res_from_json(d: list[Any]) -> tuple[str, tuple[Card, ...], int, tuple[int, ...]]:
    province, pending, delta, virtual = d
    cards = tuple((int(o), str(c)) for o, c in pending)
    return str(province), cards, int(delta), tuple(int(v) for v in virtual)


def _untuple(x: Any) -> Any:
    return tuple(x) if isinstance(x, list) else x
