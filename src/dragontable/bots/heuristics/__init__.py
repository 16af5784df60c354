"""Per-game evaluation functions for the greedy bot: ``evaluate(state, seat) -> float``."""

from __future__ import annotations

import importlib

from ...core.errors import OptionError
from ..greedy import Evaluate

_MODULES = {
    "dragon": "dragontable.bots.heuristics.dragon",
    "changcheng": "dragontable.bots.heuristics.changcheng",
}


def evaluator(game: str) -> Evaluate:
    """The heuristic of ``game``; raises ``OptionError`` if the game has none yet."""
    if game not in _MODULES:
        raise OptionError(f"no greedy heuristic for {game!r} yet; games: {', '.join(_MODULES)}")
    evaluate: Evaluate = importlib.import_module(_MODULES[game]).evaluate
    return evaluate


def has_heuristic(game: str) -> bool:
    return game in _MODULES
