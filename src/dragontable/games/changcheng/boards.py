"""Chang Cheng: load and validate a board data file; the wall geometry of a layout.

A board data file (``boards/default.json``, rules reference §2.3-§2.7; others are
chosen by name from operator data directories, see ``core.datafiles``) gives the
board sides with their provinces and Mongol regions as inclusive position ranges,
and the reputation and threat token values. :func:`load` checks every invariant of
§2.4 and raises :class:`DataError` naming the bad entry. Spaces are named
``<side>.<nn>`` (``2B.07``); adjacency comes from the layout (:class:`Geometry`).
"""

from __future__ import annotations

import re
from typing import Any

from ...core import datafiles
from ...core.errors import DataError
from .data import MAX_EXTENSIONS, START_BOARDS

FORMAT = "changcheng-boards"
GAME, KIND, DEFAULT = "changcheng", "boards", "default"
_SIDE = re.compile(r"^[0-9A-Z]+$")
_AREA = re.compile(r"^[0-9A-Z]+-[0-9A-Z]+$")
AREAS_PER_SIDE = 3
PROVINCE_SIZES = (3, 6)
MIN_REGION_SIZE = 2
MAX_BOARDS = START_BOARDS + max(MAX_EXTENSIONS.values())


class Geometry:
    """The wall of one layout: spaces in order, neighbours, provinces and regions."""

    __slots__ = ("layout", "spaces", "index", "nxt", "prv", "provinces", "regions", "pairs")

    def __init__(self, boards: Boards, layout: tuple[str, ...]) -> None:
        self.layout = layout
        self.spaces = tuple(s for side in layout for s in boards.side_spaces[side])
        self.index = {s: i for i, s in enumerate(self.spaces)}
        self.nxt = dict(zip(self.spaces, self.spaces[1:], strict=False))
        self.prv = dict(zip(self.spaces[1:], self.spaces, strict=False))
        self.provinces = tuple(p for side in layout for p in boards.side_provinces[side])
        self.regions = tuple(r for side in layout for r in boards.side_regions[side])
        self.pairs = tuple(zip(self.spaces, self.spaces[1:], strict=False))


class Boards:
    """A validated board data file (read-only after loading)."""

    __slots__ = (
        "source", "version", "spaces_per_side", "boards", "side_board", "side_spaces",
        "side_provinces", "side_regions", "province_of", "region_of", "province_spaces",
        "region_spaces", "province_regions", "reputation", "threat", "flood_b_delta",
        "_geometry",
    )  # fmt: skip

    source: str
    version: int
    spaces_per_side: int
    boards: dict[str, tuple[str, ...]]
    """board id -> its two sides"""
    side_board: dict[str, str]
    side_spaces: dict[str, tuple[str, ...]]
    side_provinces: dict[str, tuple[str, ...]]
    side_regions: dict[str, tuple[str, ...]]
    province_of: dict[str, str]
    """space -> the province it lies in"""
    region_of: dict[str, str]
    province_spaces: dict[str, tuple[str, ...]]
    region_spaces: dict[str, tuple[str, ...]]
    province_regions: dict[str, tuple[str, ...]]
    """province -> the Mongol regions beside it, west to east"""
    reputation: tuple[int, ...]
    threat: tuple[int, ...]
    flood_b_delta: int
    _geometry: dict[tuple[str, ...], Geometry]

    def geometry(self, layout: tuple[str, ...]) -> Geometry:
        """The (cached) wall geometry of ``layout``."""
        geo = self._geometry.get(layout)
        if geo is None:
            geo = self._geometry[layout] = Geometry(self, layout)
        return geo


def names() -> tuple[str, ...]:
    """The names of the board files there are: ``default``, then the operator's."""
    return datafiles.names(GAME, KIND)


def load(name: str = DEFAULT) -> Boards:
    """The validated board file ``name`` (read once per file version); ``DataError`` if none."""
    return datafiles.load(GAME, KIND, name, _build)


def _fail(where: str, entry: str, problem: str) -> DataError:
    return DataError(f"board file {where}: entry {entry}: {problem}")


def _int(value: Any, where: str, entry: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, entry, f"expected an integer, got {value!r}")
    return value


def _dict(value: Any, where: str, entry: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, entry, f"expected an object, got {type(value).__name__}")
    return value


def _build(raw: Any, where: str) -> Boards:
    raw = _dict(raw, where, "(top level)")
    if raw.get("format") != FORMAT:
        raise _fail(where, "format", f"must be {FORMAT!r}, got {raw.get('format')!r}")
    b = Boards()
    b.source = where
    b.version = _int(raw.get("version"), where, "version")
    b.spaces_per_side = n = _int(raw.get("spaces_per_side"), where, "spaces_per_side")
    if n < AREAS_PER_SIDE * PROVINCE_SIZES[0] or n > 99:
        raise _fail(where, "spaces_per_side", f"{n} cannot hold {AREAS_PER_SIDE} provinces")
    sides = _dict(raw.get("sides"), where, "sides")
    b.side_spaces, b.side_provinces, b.side_regions = {}, {}, {}
    b.province_of, b.region_of, b.province_spaces, b.region_spaces = {}, {}, {}, {}
    for side, body in sides.items():
        _side(b, where, side, _dict(body, where, f"sides.{side}"))
    _boards(b, where, _dict(raw.get("boards"), where, "boards"), set(sides))
    b.province_regions = {
        p: tuple(dict.fromkeys(b.region_of[s] for s in spaces))
        for p, spaces in b.province_spaces.items()
    }
    b.reputation = _tokens(raw.get("reputation_tokens"), where, "reputation_tokens", 0)
    b.threat = _tokens(raw.get("threat_tokens"), where, "threat_tokens", -1)
    b.flood_b_delta = _int(raw.get("flood_b_value_delta"), where, "flood_b_value_delta")
    b._geometry = {}
    return b


def _side(b: Boards, where: str, side: str, body: dict[str, Any]) -> None:
    if not _SIDE.match(side):
        raise _fail(where, f"sides.{side}", "a side id is upper-case letters and digits")
    n = b.spaces_per_side
    b.side_spaces[side] = spaces = tuple(f"{side}.{i:02d}" for i in range(1, n + 1))
    for kind, lowest in (("provinces", PROVINCE_SIZES[0]), ("regions", MIN_REGION_SIZE)):
        entry = f"sides.{side}.{kind}"
        areas = _dict(body.get(kind), where, entry)
        if len(areas) != AREAS_PER_SIDE:
            raise _fail(where, entry, f"needs exactly {AREAS_PER_SIDE}, has {len(areas)}")
        owner_of = b.province_of if kind == "provinces" else b.region_of
        members = b.province_spaces if kind == "provinces" else b.region_spaces
        expected = 1
        for area, rng in areas.items():
            at = f"{entry}.{area}"
            if not _AREA.match(area):
                raise _fail(where, at, "an id looks like 1A-P1 (upper-case, one dash)")
            if area in b.province_spaces or area in b.region_spaces:
                raise _fail(where, at, "this id is used twice")
            if not (isinstance(rng, list) and len(rng) == 2):
                raise _fail(where, at, f"expected [first, last] positions, got {rng!r}")
            lo, hi = (_int(x, where, at) for x in rng)
            if lo != expected or hi < lo or hi > n:
                raise _fail(
                    where, at, f"range {rng} must start at {expected} (west to east, "
                    f"no gaps or overlaps) and end by {n}",
                )  # fmt: skip
            size = hi - lo + 1
            top = PROVINCE_SIZES[1] if kind == "provinces" else n
            if not lowest <= size <= top:
                raise _fail(where, at, f"size {size} is outside {lowest}..{top}")
            members[area] = spaces[lo - 1 : hi]
            for s in members[area]:
                owner_of[s] = area
            expected = hi + 1
        if expected != n + 1:
            raise _fail(where, entry, f"positions {expected}..{n} belong to none of them")
        if kind == "provinces":
            b.side_provinces[side] = tuple(areas)
        else:
            b.side_regions[side] = tuple(areas)


def _boards(b: Boards, where: str, boards: dict[str, Any], sides: set[str]) -> None:
    b.boards, b.side_board = {}, {}
    for board, pair in boards.items():
        at = f"boards.{board}"
        if not (isinstance(pair, list) and len(pair) == 2):
            raise _fail(where, at, f"a board has exactly two sides, got {pair!r}")
        for side in pair:
            if side not in sides:
                raise _fail(where, at, f"side {side!r} is not defined under sides")
            if side in b.side_board:
                raise _fail(
                    where, at, f"side {side!r} already belongs to board {b.side_board[side]}"
                )
            b.side_board[side] = board
        b.boards[board] = tuple(pair)
    missing = sorted(sides - set(b.side_board))
    if missing:
        raise _fail(where, f"sides.{missing[0]}", "this side belongs to no board")
    if len(b.boards) < MAX_BOARDS:
        raise _fail(where, "boards", f"needs at least {MAX_BOARDS} boards, has {len(b.boards)}")


def _tokens(raw: Any, where: str, entry: str, sign: int) -> tuple[int, ...]:
    table = _dict(raw, where, entry)
    out: list[int] = []
    for key, count in table.items():
        at = f"{entry}.{key}"
        try:
            value = int(key)
        except ValueError:
            raise _fail(where, at, "a token value must be an integer") from None
        if (sign >= 0 and value < 0) or (sign < 0 and value >= 0):
            raise _fail(where, at, "reputation is 0 or more, threat is negative")
        count = _int(count, where, at)
        if count < 0:
            raise _fail(where, at, "a count cannot be negative")
        out.extend([value] * count)
    need = MAX_BOARDS * AREAS_PER_SIDE
    if len(out) < need:
        raise _fail(where, entry, f"{len(out)} tokens, but {need} can be in play")
    return tuple(sorted(out))
