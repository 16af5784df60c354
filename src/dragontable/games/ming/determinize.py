"""Ming Dynasty: sample what a seat has not seen (for search bots).

Hidden from a seat: the order of the face-down movement supply, other seats' return
commitments before the reveal, and the future (the RNG). Hands need no re-drawing:
every card enters a hand from a face-up source and leaves face up, so the public log
determines every hand (ming.md §8.1); the hands are kept as they are.
"""

from __future__ import annotations

from typing import TypeVar

from ...core.rng import Rng
from .scoring import in_city
from .state import MingData

S = TypeVar("S", bound=MingData)


def determinize(st: S, player: int, seed: int) -> S:
    """A full state that gives ``player`` the same view as ``st``, hidden parts re-drawn."""
    s = st._copy()
    rng = Rng(seed)
    s.rng = Rng(rng.next64())
    s.deck.sort()  # the copy depends only on the seat's view and the seed
    rng.shuffle(s.deck)
    if not s.revealed:
        from .view import scored_province

        p = scored_province(s)
        for seat, n in enumerate(s.returns):
            if n is not None and seat != player and p is not None:
                s.returns[seat] = rng.choice(s.map.return_sums(in_city(s, p, seat)))
                _rewrite_choice(s, seat, s.returns[seat])
    s._legal = None
    return s


def _rewrite_choice(s: MingData, seat: int, n: int | None) -> None:
    """Make the seat's private log entry of its commitment match the re-drawn one."""
    for i in range(len(s.log) - 1, -1, -1):
        entry = s.log[i]
        if entry["key"] == "ming.return.chosen" and entry["seat"] == seat:
            s.log[i] = {**entry, "n": n}
            return
