"""In the Year of the Dragon: the ten Great Events of the 2017 expansion (§5.2)."""

from __future__ import annotations

from ...core.tasks import push
from . import data as D
from .rules import (
    PREF,
    Legal,
    move,
    receive_tile,
    remove_resident,
    resident_options,
    turn_order,
)
from .state import DragonData, Task


def _log(st: DragonData, key: str, **params: object) -> None:
    if not st.quiet:
        st.log.append({"key": "dragon.great." + key, **params})


def auto_great(st: DragonData, task: Task) -> None:
    ge = st.great_event
    assert ge is not None
    if not st.great_event_revealed:
        st.great_event_revealed = True
        _log(st, "revealed", event=ge)
    order = turn_order(st)
    _log(st, "started", event=ge)
    if ge == "lantern":
        for s in order:
            n = D.VP_PER_PERSON * st.seats[s].persons()
            st.seats[s].gain_vp(n, "lantern")
            _log(st, "scored", seat=s, vp=n)
    elif ge == "buddha":
        for s in order:
            n = st.seats[s].monk_points()
            st.seats[s].gain_vp(n, "buddha")
            _log(st, "scored", seat=s, vp=n)
    elif ge == "earthquake":
        steps: list[Task] = []
        for s in order:
            steps += [("quake", s, D.EARTHQUAKE_FLOORS), ("quakefix", s)]
        push(st, *steps)
    elif ge == "flood":
        push(st, *[("flood", s, _goods(st, s) // 2) for s in order if _goods(st, s) >= 2])
    elif ge == "eclipse":
        event = st.event_track[D.GREAT_EVENT_ROUND - 1]
        again: list[Task] = [("event", event)]
        if event == D.MONGOL and st.options["great_wall"] != "off":
            again.append(("wallcheck", D.GREAT_EVENT_ROUND))
        push(st, *again)
    elif ge == "volcano":
        for height, s in enumerate(reversed(order), start=1):
            st.seats[s].pt, st.seats[s].pt_stack = 0, height
        _log(st, "volcano", order=order)
    elif ge == "tornado":
        push(st, *[("tornado", s, min(D.TORNADO_DISCARDS, len(st.seats[s].hand))) for s in order])
    elif ge == "sunrise":
        st.sunrise_taken = []
        push(st, *[("sunrise", s) for s in order])
    elif ge == "assassination":
        for p in st.seats:
            p.priv_small = p.priv_large = 0
        _log(st, "assassination")
    elif ge == "edict":
        push(st, *[("edict", s) for s in order if st.seats[s].persons()])


def _goods(st: DragonData, seat: int) -> int:
    p = st.seats[seat]
    return p.yuan + p.rice + p.fireworks


# -- Earthquake -------------------------------------------------------------------------
def opt_quake(st: DragonData, task: Task) -> Legal:
    return {f"quake {PREF[i]}": i for i in range(len(st.seats[task[1]].palaces))}


def apply_quake(st: DragonData, task: Task, idx: int) -> None:
    _, seat, n = task
    p = st.seats[seat]
    floors, res = p.palaces[idx]
    _log(st, "quake.floor", seat=seat, palace=idx + 1, floors=floors - 1)
    if floors > 1:
        p.palaces[idx] = (floors - 1, res)
    else:
        for tile in res:
            remove_resident(st, p, idx, tile, "earthquake")
        del p.palaces[idx]
    if n > 1:
        st.tasks.append(("quake", seat, n - 1))


def opt_quakefix(st: DragonData, task: Task) -> Legal:
    p = st.seats[task[1]]
    return resident_options(p, "release", lambda i: len(p.palaces[i][1]) > p.palaces[i][0])


def apply_quakefix(st: DragonData, task: Task, choice: tuple[int, str]) -> None:
    remove_resident(st, st.seats[task[1]], choice[0], choice[1], "earthquake")
    push(st, task)


# -- Flood, Tornado ------------------------------------------------------------------------
FLOOD_GOODS = ("rice", "fireworks", "yuan")


def opt_flood(st: DragonData, task: Task) -> Legal:
    p = st.seats[task[1]]
    return {f"flood {g}": g for g in FLOOD_GOODS if getattr(p, g) > 0}


def apply_flood(st: DragonData, task: Task, good: str) -> None:
    _, seat, k = task
    p = st.seats[seat]
    setattr(p, good, getattr(p, good) - 1)
    _log(st, "flood.returned", seat=seat, good=good)
    if k > 1:
        st.tasks.append(("flood", seat, k - 1))


def opt_tornado(st: DragonData, task: Task) -> Legal:
    hand = st.seats[task[1]].hand
    return {f"discard {c}": c for c in D.CARDS if c in hand}


def apply_tornado(st: DragonData, task: Task, card: str) -> None:
    _, seat, k = task
    p = st.seats[seat]
    p.hand.remove(card)
    p.discarded.append(card)
    _log(st, "tornado.discarded", seat=seat, card=card)
    if k > 1:
        st.tasks.append(("tornado", seat, k - 1))


# -- Sunrise, Edict ------------------------------------------------------------------------
def opt_sunrise(st: DragonData, task: Task) -> Legal:
    return {
        f"sunrise {c}": c
        for c in D.TYPE_ORDER
        if c not in st.sunrise_taken and st.supply[c + D.YOUNG] > 0
    }


def apply_sunrise(st: DragonData, task: Task, code: str) -> None:
    seat = task[1]
    tile = code + D.YOUNG
    st.sunrise_taken.append(code)
    st.supply[tile] -= 1
    _log(st, "sunrise.taken", seat=seat, tile=tile)
    receive_tile(st, seat, tile)


def opt_edict(st: DragonData, task: Task) -> Legal:
    p = st.seats[task[1]]
    present = {t[0] for _, res in p.palaces for t in res}
    return {f"edict {c}": c for c in D.TYPE_ORDER if c in present}


def apply_edict(st: DragonData, task: Task, code: str) -> None:
    """Edict (§5.2.4): the chosen type's benefit, without an action card's base symbol."""
    seat = task[1]
    p = st.seats[seat]
    n = p.monk_points() if code == "M" else p.symbols(code)
    _log(st, "edict.chosen", seat=seat, type=code, n=n)
    if code == "C":
        st.tasks.append(("floor", seat, n))
    elif code in ("L", "M", "S"):
        p.gain_vp(n, "edict")
    elif code == "P":
        p.fireworks += n
    elif code == "T":
        p.yuan += n
    elif code == "W":
        move(st, seat, n)
    elif code == "F":
        p.rice += n
