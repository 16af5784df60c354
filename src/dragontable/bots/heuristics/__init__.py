"""Per-game evaluation functions for the greedy bot: ``evaluate(state, seat) -> float``."""

from __future__ import annotations

import importlib
from collections.abc import Callable

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


def evaluator_all(game: str) -> Callable[[State], list[float]] | None:
    """The heuristic's every-seat-at-once form, where it has one (faster search leaves)."""
    if game not in _MODULES:
        return None
    found: Callable[[State], list[float]] | None = getattr(
        importlib.import_module(_MODULES[game]), "evaluate_all", None
    )
    return found


def leaf_scale(game: str) -> float | None:
    """The score scale at which search judges leaves by the heuristic; None: playouts."""
    if game not in _MODULES:
        return None
    scale = getattr(importlib.import_module(_MODULES[game]), "LEAF_SCALE", None)
    return None if scale is None else float(scale)


def beam(game: str) -> int | None:
    """How many options per family greedy follows to the end of its chain; None: all."""
    if game not in _MODULES:
        return None
    width = getattr(importlib.import_module(_MODULES[game]), "BEAM", None)
    return None if width is None else int(width)


def search_margin(game: str) -> float | None:
    """How much better (mean reward) mcts must value a move to overrule greedy's; None:
    mcts plays its own choice."""
    if game not in _MODULES:
        return None
    margin = getattr(importlib.import_module(_MODULES[game]), "SEARCH_MARGIN", None)
    return None if margin is None else float(margin)


def has_heuristic(game: str) -> bool:
    return game in _MODULES
