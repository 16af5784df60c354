"""The reward of a finished game, shared by the research adapters (``docs/research.md``).

* ``rank``: ``(N - 1 - 2 * place) / (N - 1)`` for 0-based ``place`` in ``state.ranking()``
  (ties broken by the rules): the winner gets +1, the last -1, the rest evenly between;
  the rewards of a game add up to 0.
* ``score``: the seat's final total minus the mean total of the other seats (also adds
  up to 0).
"""

from __future__ import annotations

from ..core.errors import OptionError
from ..core.state import State

KINDS = ("rank", "score")


def check(kind: str) -> str:
    """``kind`` if it is a reward kind, else OptionError naming them."""
    if kind not in KINDS:
        raise OptionError(f"unknown reward {kind!r}; rewards: {', '.join(KINDS)}")
    return kind


def final_rewards(state: State, kind: str = "rank") -> list[float]:
    """Each seat's reward for the finished game ``state``."""
    if not state.is_over:
        raise OptionError("the game is not over: there is no final reward yet")
    n = state.players
    if check(kind) == "rank":
        place = {seat: i for i, seat in enumerate(state.ranking())}
        return [(n - 1 - 2 * place[s]) / (n - 1) for s in range(n)]
    totals = [float(s["total"]) for s in state.scores()]
    whole = sum(totals)
    return [t - (whole - t) / (n - 1) for t in totals]
