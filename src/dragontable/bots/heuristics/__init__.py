"""Per-game evaluation functions for the greedy bot: ``evaluate(state, seat) -> float``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ...core.errors import OptionError
from ...core.state import State
from ..greedy import Evaluate

_MODULES = {
    "dragon": "dragontable.bots.heuristics.dragon",
    "ming": "dragontable.bots.heuristics.ming",
    "changcheng": "dragontable.bots.heuristics.changcheng",
}


def evaluator(game: str) -> Evaluate:
    """The heuristic of ``game``; raises ``OptionError`` if the game has none yet."""
    if game not in _MODULES:
        raise OptionError(f"no greedy heuristic for {game!r} yet; games: {', '.join(_MODULES)}")
    evaluate: Evaluate = importlib.import_module(_MODULES[game]).evaluate
    return evaluate


def _setting(game: str, name: str) -> Any:
    """The module-level ``name`` of ``game``'s heuristic, or None (also without one)."""
    if game not in _MODULES:
        return None
    return getattr(importlib.import_module(_MODULES[game]), name, None)


def evaluator_all(game: str) -> Callable[[State], list[float]] | None:
    """The heuristic's every-seat-at-once form, where it has one (faster search leaves)."""
    found: Callable[[State], list[float]] | None = _setting(game, "evaluate_all")
    return found


def leaf_scale(game: str) -> float | None:
    """The score scale at which search judges leaves by the heuristic; None: playouts."""
    scale = _setting(game, "LEAF_SCALE")
    return None if scale is None else float(scale)


def beam(game: str) -> int | None:
    """How many options per family greedy follows to the end of its chain; None: all."""
    width = _setting(game, "BEAM")
    return None if width is None else int(width)


def search_margin(game: str) -> float | None:
    """How much better (mean reward) mcts must value a move to overrule greedy's; None:
    mcts plays its own choice."""
    margin = _setting(game, "SEARCH_MARGIN")
    return None if margin is None else float(margin)


def has_heuristic(game: str) -> bool:
    return game in _MODULES
