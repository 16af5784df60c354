"""Frozen reference bots: ``greedy-v1`` and ``mcts-v1``, the bots of 2026-11-24.

Every later change to ``greedy`` and ``mcts`` is measured against these same opponents
(``dragontable strength``, ``dragontable bench``), so their code here is never edited:
``greedy.py``, ``mcts.py`` and one heuristic per game (``<game>.py``) are
copies of the code as it was, reading the games' state through the same fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.rng import derive_seed
from .heuristics import GAMES, heuristic, settings

if TYPE_CHECKING:
    from .greedy import GreedyBot
    from .mcts import MctsBot

BASELINE_BOTS = ("greedy-v1", "mcts-v1")
__all__ = ["BASELINE_BOTS", "GAMES", "greedy_v1", "heuristic", "mcts_v1"]


def greedy_v1(game: str, seed: int) -> GreedyBot:
    """Today's greedy of 2026-11-24 for ``game``."""
    from .greedy import GreedyBot

    found = settings(game)
    assert found.evaluate is not None
    return GreedyBot(found.evaluate, seed, beam=found.beam)


def mcts_v1(
    game: str,
    seed: int,
    iterations: int | None,
    seconds: float | None,
    workers: int = 1,
    max_seconds: float | None = None,
) -> MctsBot:
    """The ISMCTS of 2026-11-24 for ``game``, with its greedy default where it had one."""
    from .mcts import MctsBot

    margin = settings(game).search_margin
    default = None if margin is None else greedy_v1(game, derive_seed(seed, "default"))
    return MctsBot(seed, iterations, seconds, workers, default, float(margin or 0.0), max_seconds)
