"""In-game hints: the search bot's best actions for the seat to move.

The search determinizes from that seat at every iteration (see :mod:`bots.mcts`), so a
hint is built from what the seat may see and nothing else; it goes to that seat only.
"""

from __future__ import annotations

from typing import Any

from ..bots.mcts import leaf_for, search
from ..core.rng import derive_seed
from ..core.state import State

HINT_SECONDS = 0.5  # CPU seconds of search per hint
HINT_TOP = 3  # actions shown


def suggest(state: State) -> list[dict[str, Any]]:
    """The ``HINT_TOP`` best actions for ``state.current_player``, with their estimated
    chance of winning (the search's mean reward), best first."""
    seat = state.current_player
    if seat is None:
        return []
    seed = derive_seed(state.seed, seat, len(state.history), 0x4817)
    result = search(state, seconds=HINT_SECONDS, seed=seed, leaf=leaf_for(state.game.name))
    return [
        {"action": action, "visits": visits, "value": round(value, 3)}
        for action, visits, value in result.top(HINT_TOP)
    ]
