"""Chang Cheng: the wall: free and reserved spaces (§4.2) and placing a piece (§4.4).

:func:`place` puts a piece on the wall, applies its immediate effects (supply,
double-wall bonus, Observation) and pushes the remaining placement hooks: the tower
reservation, scouting and the scoring of every province it completed (west first).
Call it after pushing whatever the action does next, so that all of it runs first.
"""

from __future__ import annotations

from ...core.tasks import push
from .data import DOUBLE, KIND_NAMES, NEUTRAL, OBSERVATION, OWNER_NAMES, SINGLE, TOWER
from .logbook import log
from .state import CCData


def reserver(st: CCData, space: str) -> int | None:
    """The seat an effective reservation keeps ``space`` for (lapses without singles)."""
    seat = st.reserved.get(space)
    if seat is not None and st.singles[seat] > 0:
        return seat
    return None


def open_for_single(st: CCData, space: str, seat: int) -> bool:
    """Free, and not kept for another seat's single wall."""
    if space in st.seg:
        return False
    r = reserver(st, space)
    return r is None or r == seat


def open_for_other(st: CCData, space: str) -> bool:
    """Free and not effectively reserved: fit for a double half, tower or neutral wall."""
    return space not in st.seg and reserver(st, space) is None


def tower_adjacent(st: CCData, space: str) -> bool:
    """A tower (any owner) stands right next to ``space`` (also across a board join)."""
    seg, geo = st.seg, st.geo
    for other in (geo.prv.get(space), geo.nxt.get(space)):
        if other is not None and other in seg and seg[other][1] == TOWER:
            return True
    return False


def unfinished(st: CCData, province: str) -> bool:
    """Some space of ``province`` is still free."""
    return not all(map(st.seg.__contains__, st.bd.province_spaces[province]))


def unfinished_provinces(st: CCData) -> list[str]:
    return [p for p in st.geo.provinces if unfinished(st, p)]


def single_spaces(st: CCData, seat: int) -> list[str]:
    """Spaces where ``seat`` may build a single wall now (ignores the supply)."""
    seg, reserved = st.seg, st.reserved
    out = []
    for s in st.geo.spaces:
        if s in seg:
            continue
        r = reserved.get(s)
        if r is None or r == seat or st.singles[r] == 0:
            out.append(s)
    return out


def has_single_space(st: CCData, seat: int) -> bool:
    """Whether :func:`single_spaces` would list any space."""
    seg, reserved, singles = st.seg, st.reserved, st.singles
    for s in st.geo.spaces:
        if s not in seg:
            r = reserved.get(s)
            if r is None or r == seat or singles[r] == 0:
                return True
    return False


def other_spaces(st: CCData) -> list[str]:
    """Spaces open for a double half, a tower or a neutral wall (:func:`open_for_other`)."""
    seg, reserved, singles = st.seg, st.reserved, st.singles
    out = []
    for s in st.geo.spaces:
        if s not in seg:
            r = reserved.get(s)
            if r is None or singles[r] <= 0:
                out.append(s)
    return out


def double_starts(st: CCData) -> list[str]:
    """West spaces of every pair of consecutive spaces a double wall may cover."""
    free = set(other_spaces(st))
    return [a for a, b in st.geo.pairs if a in free and b in free]


def tower_spaces(st: CCData) -> list[str]:
    return [s for s in other_spaces(st) if not tower_adjacent(st, s)]


def reservation_candidates(st: CCData, space: str) -> list[str]:
    """Free neighbours of a new tower without an effective reservation (§4.4.2, §7.3)."""
    geo = st.geo
    out = []
    for other in (geo.prv.get(space), geo.nxt.get(space)):
        if other is not None and other not in st.seg and reserver(st, other) is None:
            out.append(other)
    return out


def place(st: CCData, seat: int, owner: int, kind: str, spaces: tuple[str, ...]) -> None:
    """``seat`` places ``owner``'s piece (``NEUTRAL`` for a neutral wall) on ``spaces``."""
    bd = st.bd
    for s in spaces:
        st.seg[s] = (owner, kind, False)
        if st.reserved.get(s) is not None:
            del st.reserved[s]  # only the reserver's single can land here
    if owner == NEUTRAL:
        st.neutral -= 1
    elif kind == SINGLE:
        st.singles[owner] -= 1
    elif kind == DOUBLE:
        st.double[owner] = False
    else:
        st.tower[owner] = False
    log(
        st, "wall.built", seat=seat, owner=OWNER_NAMES[owner], piece=KIND_NAMES[kind],
        spaces=list(spaces),
    )  # fmt: skip
    provinces = tuple(dict.fromkeys(bd.province_of[s] for s in spaces))
    regions = tuple(dict.fromkeys(bd.region_of[s] for s in spaces))
    if kind == DOUBLE:
        points = len(provinces) + len(regions)
        st.gain(owner, points, "double_wall")
        log(st, "double.bonus", seat=owner, points=points)
    if OBSERVATION in st.events:
        for r in regions:
            if st.threat.get(r) is not None and r not in st.face_up:
                st.face_up.add(r)
                log(st, "token.revealed", region=r, value=st.threat[r])
    tasks = []
    if kind == TOWER:
        tasks.append(("reserve", seat, spaces[0]))
    tasks.extend(("scout", seat, r) for r in regions)
    tasks.extend(("complete", seat, p) for p in provinces)
    push(st, *tasks)
