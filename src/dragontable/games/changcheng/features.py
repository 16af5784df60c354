"""What a seat's position says about its final score: the value function's features.

A seat's features read only what that seat sees (``view(seat)``): the walls, the
reputation tokens, whose face-down cards lie where, its own cards' types and the threat
tokens it scouted. Rivals' face-down cards count at the expected swing of the cards they
have not revealed yet, unscouted tokens at the mean of those not seen. The terms are the
search heuristic's own (``heuristic.py``, under its search weights); the value function
(``bots/value.py``, weights in ``value.json``) re-weighs them by self-play outcomes.
"""

from __future__ import annotations

from . import heuristic as H
from .final import event_points
from .state import CCData

NAMES = (
    "score",
    "provinces",
    "mongols",
    "cards",
    "double",
    "tower",
    "events",
    "singles",
)
"""The features, in order; each also enters multiplied by the share of the wall still
free (:func:`share_left`)."""


def features(st: CCData, seat: int) -> list[float]:
    """``NAMES`` for ``seat``: its score, its expected share of the provinces still to be
    scored and of the Mongols' threat (negative: a loss), and what it has not placed."""
    provinces = mongols = 0.0
    if st.tasks:
        board = H.SearchBoard(st)
        provinces = board.province_share(seat)
        mongols = board.mongol_share(seat)
    return [
        float(st.score[seat]),
        provinces,
        mongols,
        float(len(st.hands[seat])),
        float(st.double[seat]),
        float(st.tower[seat]),
        float(sum(event_points(st, e, seat) for e in st.events)),
        float(st.singles[seat]),
    ]


def share_left(st: CCData) -> float:
    """The share of the wall's spaces still free (1 at the start, 0 when it is full)."""
    total = len(st.geo.spaces)
    return max(0.0, (total - len(st.seg)) / total) if total else 0.0
