"""Chang Cheng: the state's fields, their cheap copy and their JSON form.

The flow of play lives in ``rules.py``/``scoring.py``; this module only holds data.
Per-seat holdings are parallel lists indexed by seat. Every value stored in a dict or
list is immutable (ints, strings, tuples), so copying is a handful of shallow copies.

Each field is declared once with how it is copied and stored (``core.fields``); the
boards ``bd`` and the wall geometry ``geo`` are not stored: they come from the options'
board file and ``layout`` (see :class:`CCBoards`).

* ``seg[space] = (owner, kind, destroyed)``: owner a seat or ``NEUTRAL``, kind
  ``s``/``d``/``t`` (single, double half, tower).
* ``cards[province] = ((owner, card), ...)``: face-down cards in placement order.
* ``threat[region]``: the token value, or ``None`` once a Traitor removed it.
* ``known[region]``: the seats that scouted that token (sorted tuple).
* ``res``: the province being scored: ``(province, pending cards, value delta,
  virtual walls per seat)``; ``None`` between scorings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Self

from ...core.fields import LIST, RNG, SHARED, TASKS, TUPLE, Field, state_fields
from ...core.rng import Rng
from ...core.tasks import TaskState
from .boards import Boards, Geometry, load

Task = tuple[Any, ...]
Card = tuple[int, str]
Segment = tuple[int, str, bool]
Resolution = tuple[str, tuple[Card, ...], int, tuple[int, ...]]


def _cards(data: list[list[Any]]) -> tuple[Card, ...]:
    return tuple((int(o), str(c)) for o, c in data)


def _res_json(res: Resolution | None) -> list[Any] | None:
    if res is None:
        return None
    province, pending, delta, virtual = res
    return [province, [list(c) for c in pending], delta, list(virtual)]


def _res_from_json(d: list[Any] | None) -> Resolution | None:
    if d is None:
        return None
    province, pending, delta, virtual = d
    return str(province), _cards(pending), int(delta), tuple(int(v) for v in virtual)


# Presets are module-level names: a lambda written inside an annotation cannot see this
# module's names (``typing.get_type_hints`` evaluates a class's annotations with the class
# namespace as globals), so the declarations below only name these.
INT = Field(load=int)
"""A number, read back as an ``int``."""
INTS = Field("{v}.copy()", list, lambda d: [int(x) for x in d])
"""A list of numbers."""
BOOLS = Field("{v}.copy()", list, lambda d: [bool(x) for x in d])
"""A list of flags."""
COUNTS = Field("{v}.copy()", dict, lambda d: {k: int(v) for k, v in d.items()})
"""A dict of numbers."""
ROWS = Field("{v}.copy()", lambda v: [list(x) for x in v], lambda d: [tuple(x) for x in d])
"""A list of tuples."""
TUPLE_VALUES = Field(
    "{v}.copy()",
    lambda v: {k: list(x) for k, x in v.items()},
    lambda d: {k: tuple(x) for k, x in d.items()},
)
"""A dict of tuples."""
SEGMENTS = Field(
    "{v}.copy()",
    lambda v: {k: list(x) for k, x in v.items()},
    lambda d: {k: (int(o), str(kind), bool(x)) for k, (o, kind, x) in d.items()},
)
"""``seg``: a dict of ``(owner, kind, destroyed)``."""
TOKENS = Field(
    "{v}.copy()", dict, lambda d: {k: None if v is None else int(v) for k, v in d.items()}
)
"""``threat``: a dict of token values or ``None``."""
CARDS = Field(
    "{v}.copy()",
    lambda v: {k: [list(c) for c in x] for k, x in v.items()},
    lambda d: {k: _cards(x) for k, x in d.items()},
)
"""``cards``: a dict of tuples of ``(owner, card)``."""
GONE_TOKENS = Field(
    "{v}", lambda v: [list(x) for x in v], lambda d: tuple((str(r), int(n)) for r, n in d)
)
"""``threat_gone``: a tuple of ``(region, value)``, never changed in place."""
SOURCES = Field(
    "[x.copy() for x in {v}]",
    lambda v: [dict(x) for x in v],
    lambda d: [{str(k): int(n) for k, n in x.items()} for x in d],
)
"""``by``: per seat, a dict of points by source."""
RESOLUTION = Field("{v}", _res_json, _res_from_json)
"""``res``: the scoring in progress (a tuple, never changed in place) or ``None``."""


class CCBoards(TaskState):
    """The board file in play (``bd``) and the wall geometry of ``layout`` (``geo``):
    shared by copies and left out of the snapshot, which rebuilds them from the options'
    ``boards_file`` and ``layout``."""

    __slots__ = ("bd", "geo")

    bd: Boards
    geo: Geometry


@state_fields
class CCData(CCBoards):
    """Fields of a Chang Cheng state, each with how it is copied and stored
    (``core.fields``); behaviour is added by ``ChangChengState``."""

    layout: Annotated[tuple[str, ...], TUPLE]
    seg: Annotated[dict[str, Segment], SEGMENTS]
    reserved: Annotated[dict[str, int], COUNTS]
    rep: Annotated[dict[str, int], COUNTS]
    threat: Annotated[dict[str, int | None], TOKENS]
    face_up: Annotated[set[str], Field("{v}.copy()", sorted, set)]
    known: Annotated[dict[str, tuple[int, ...]], TUPLE_VALUES]
    cards: Annotated[dict[str, tuple[Card, ...]], CARDS]
    scored: Annotated[list[str], LIST]
    rep_supply: Annotated[tuple[int, ...], TUPLE]
    threat_supply: Annotated[tuple[int, ...], TUPLE]
    threat_gone: Annotated[tuple[tuple[str, int], ...], GONE_TOKENS]
    stock: Annotated[tuple[str, ...], TUPLE]
    emperor: Annotated[int, INT]
    extensions: Annotated[int, INT]
    events: Annotated[tuple[str, ...], TUPLE]
    neutral: Annotated[int, INT]
    start: Annotated[int, INT]
    active: Annotated[int, INT]
    turn_no: Annotated[int, INT]
    hands: Annotated[list[tuple[str, ...]], ROWS]
    gone: Annotated[list[tuple[str, ...]], ROWS]
    singles: Annotated[list[int], INTS]
    double: Annotated[list[bool], BOOLS]
    tower: Annotated[list[bool], BOOLS]
    score: Annotated[list[int], INTS]
    by: Annotated[list[dict[str, int]], SOURCES]
    rule: Annotated[tuple[str, tuple[str, ...]] | None, TUPLE]
    res: Annotated[Resolution | None, RESOLUTION]
    tasks: Annotated[list[Task], TASKS]
    rng: Annotated[Rng, RNG]
    ended: Annotated[str | None, SHARED]

    if TYPE_CHECKING:  # generated by ``state_fields``

        def _copy_fields(self) -> Self: ...
        def _restore_fields(self, d: dict[str, Any]) -> None: ...

    def _copy(self) -> Self:
        """The generated copy, plus the shared boards and geometry."""
        s = self._copy_fields()
        s.bd, s.geo = self.bd, self.geo
        return s

    def _restore(self, d: dict[str, Any]) -> None:
        """The generated restore, with the boards from the options and the geometry of
        the restored ``layout``."""
        self.bd = load(self.options["boards_file"])
        self._restore_fields(d)
        self.geo = self.bd.geometry(self.layout)

    def set_layout(self, layout: tuple[str, ...]) -> None:
        self.layout = layout
        self.geo = self.bd.geometry(layout)

    def gain(self, seat: int, n: int, source: str) -> None:
        """Add ``n`` (possibly negative) reputation points to ``seat`` from ``source``."""
        if n:
            self.score[seat] += n
            by = self.by[seat]
            by[source] = by.get(source, 0) + n
