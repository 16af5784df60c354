"""FROZEN baseline heuristic (``greedy-v1``, ``mcts-v1``) of 2026-11-24, kept unchanged.

In the Year of the Dragon: how a seasoned player values a position.

Strategy in short: points come every round from palaces, court ladies and privileges,
so early income compounds; every event must be prepared for a month ahead (yuan
before a Tribute, rice before a Drought, healers before Contagion, helmets before
the Mongols, fireworks before a Festival), because each unprepared event costs
persons, and persons are both the engine and 2 VP each at the end. Turn order (the
person track) decides who gets the good actions and the scarce tiles. Empty palaces
decay, full palaces leave no room for the next recruit.
"""

from __future__ import annotations

from ...games.dragon import data as D
from ...games.dragon.state import DragonData

PERSON_LOSS = 4.0  # what losing a person costs, roughly: 2 VP at the end plus its work


def _upcoming(st: DragonData, kinds: str, window: int = 2) -> int:
    """How many events of ``kinds`` are still ahead within ``window`` months (incl. this)."""
    r = st.round
    start = r - 1 if _event_pending(st) else r
    return sum(1 for e in st.event_track[start : start + window] if e == kinds)


def _event_pending(st: DragonData) -> bool:
    return any(
        t[0]
        in (
            "actions",
            "persons",
            "events",
            "action",
            "card",
            "take",
            "place",
            "full",
            "floor",
            "privilege",
            "walltile",
        )
        for t in st.tasks
    )


def _remaining(st: DragonData, kind: str) -> int:
    start = st.round - 1 if _event_pending(st) else st.round
    return sum(1 for e in st.event_track[start:] if e == kind)


def evaluate(st: DragonData, seat: int) -> float:
    """Expected final VP of ``seat``, roughly, from what the seat can see."""
    p = st.seats[seat]
    if not st.tasks:
        return float(p.vp + 0.001 * p.pt)
    scorings = max(0, D.ROUNDS - st.round + (1 if _event_pending(st) else 0))
    inhabited = [f for f, res in p.palaces if res]
    empty = len(p.palaces) - len(inhabited)
    persons = p.persons()
    value = float(p.vp)
    # income every scoring phase
    value += scorings * (len(inhabited) + 0.4 * empty + p.symbols("L") + p.privilege_symbols())
    # final scoring
    value += D.VP_PER_PERSON * persons + p.monk_points()
    value += (p.yuan + D.GOODS_PRICE * (p.rice + p.fireworks)) / D.YUAN_PER_VP
    # the persons' work in the months left
    months = max(0, D.ROUNDS - st.round)
    value += months * (
        0.35 * p.symbols("T")
        + 0.3 * p.symbols("S")
        + 0.25 * p.symbols("C")
        + 0.15 * p.symbols("F")
        + 0.15 * p.symbols("P")
    )
    value += 0.6 * _remaining(st, D.MONGOL) * p.symbols("W")
    value += 0.8 * min(3, p.symbols("H")) * _remaining(st, D.CONTAGION)
    value += 0.5 * min(p.symbols("F"), len(inhabited)) * _remaining(st, D.DROUGHT)
    value += 0.5 * p.symbols("P") * _remaining(st, D.FESTIVAL)
    # the next events: what they will cost if they came now
    if _upcoming(st, D.TRIBUTE):
        value -= PERSON_LOSS * max(0, D.TRIBUTE_YUAN - p.yuan)
    if _upcoming(st, D.DROUGHT):
        value -= PERSON_LOSS * max(0, len(inhabited) - p.rice)
    if _upcoming(st, D.CONTAGION):
        value -= PERSON_LOSS * min(persons, max(0, D.CONTAGION_RELEASES - p.symbols("H")))
    if _upcoming(st, D.MONGOL):
        mine = p.symbols("W")
        fewest = min(q.symbols("W") for q in st.seats)
        value += mine - (PERSON_LOSS if mine <= fewest and persons else 0)
    if _upcoming(st, D.FESTIVAL):
        best_other = max((q.fireworks for q in st.seats if q is not p), default=0)
        if p.fireworks > best_other:
            value += 5
        elif p.fireworks and p.fireworks == best_other:
            value += 4
    # turn order, room to recruit, empty palaces about to decay
    value += 0.25 * p.pt
    free = sum(f - len(res) for f, res in p.palaces)
    value += min(free, 2) * 1.5 * (1 if months > 1 else 0) - 0.5 * empty
    return float(value)
