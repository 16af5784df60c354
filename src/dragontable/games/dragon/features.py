"""What a seat's position says about its final score: the value function's features.

Every holding used here (victory points, palaces and their persons, money, goods,
privileges, the person track, the event track) lies open on the table, so a seat's
features read the same from every seat's view (``view(seat)``): the value function
(``bots/value.py``, weights in ``value.json``) never reads a hidden hand.
"""

from __future__ import annotations

from . import data as D
from .state import DragonData, Player

NAMES = (
    "vp",
    "persons",
    "inhabited",
    "empty",
    "room",
    "yuan",
    "goods",
    "privilege",
    "ladies",
    "monks",
    "person_track",
    "tax",
    "craft",
    "scholars",
    "farmers",
    "pyrotechnists",
    "warriors",
    "healers",
    "tribute_short",
    "drought_short",
    "contagion_short",
    "mongol_last",
)
"""The features, in order; each also enters multiplied by the share of months left."""

_SYMBOL_OF = (("tax", "T"), ("craft", "C"), ("scholars", "S"), ("farmers", "F"))


def features(st: DragonData, seat: int) -> list[float]:
    """``NAMES`` for ``seat``: its holdings, and what the events of the next two months
    would cost it if they came now."""
    p = st.seats[seat]
    inhabited = sum(1 for _, res in p.palaces if res)
    row = [
        float(p.vp),
        float(p.persons()),
        float(inhabited),
        float(len(p.palaces) - inhabited),
        float(sum(f - len(res) for f, res in p.palaces)),
        float(p.yuan),
        float(p.rice + p.fireworks),
        float(p.privilege_symbols()),
        float(p.symbols("L")),
        float(p.monk_points()),
        float(p.pt),
        *(float(p.symbols(code)) for _, code in _SYMBOL_OF),
        float(p.symbols("P")),
        float(p.symbols("W")),
        float(p.symbols("H")),
    ]
    return row + _event_shortfalls(st, p, inhabited)


def _event_shortfalls(st: DragonData, p: Player, inhabited: int) -> list[float]:
    """Tribute yuan, rice and healers missing for the events of the next two months, and
    whether the seat has the fewest helmets before the Mongols."""
    ahead = set(st.event_track[max(0, st.round - 1) : st.round + 1])
    out = [
        max(0, D.TRIBUTE_YUAN - p.yuan) if D.TRIBUTE in ahead else 0,
        max(0, inhabited - p.rice) if D.DROUGHT in ahead else 0,
        max(0, D.CONTAGION_RELEASES - p.symbols("H")) if D.CONTAGION in ahead else 0,
    ]
    fewest = min(q.symbols("W") for q in st.seats)
    out.append(1 if D.MONGOL in ahead and p.symbols("W") <= fewest else 0)
    return [float(x) for x in out]


def share_left(st: DragonData) -> float:
    """The share of the game's months still to come (1 at the start, 0 at the end)."""
    return max(0.0, (D.ROUNDS - st.round) / D.ROUNDS)
