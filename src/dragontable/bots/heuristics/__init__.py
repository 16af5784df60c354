"""The greedy bot's evaluation functions: each game declares its heuristic module
(``Game.heuristic``, e.g. ``games/dragon/heuristic.py``) with ``evaluate(state, seat) ->
float`` and optional settings (``evaluate_all``, ``LEAF_SCALE``, ``REVIEW_SCALE``,
``LEAF_PLAYOUT``, ``LEAF_TO_END``, ``BEAM``, ``SEARCH_MARGIN``, ``KEEP_TREE``,
``WORLD_REUSE``, ``prior_token``, ``SEARCH`` and the ``ROLLOUT_*`` settings); these
functions read them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ... import games
from ...core.errors import OptionError
from ...core.state import State
from ..greedy import Evaluate


def _module(game: str) -> ModuleType | None:
    """The heuristic module a game declares (``Game.heuristic``), or None."""
    try:
        name = games.get(game).heuristic
    except OptionError:
        return None
    return None if name is None else importlib.import_module(name)


def evaluator(game: str) -> Evaluate:
    """The heuristic of ``game``; raises ``OptionError`` if the game has none yet."""
    module = _module(game)
    if module is None:
        with_one = [g for g in games.names() if has_heuristic(g)]
        raise OptionError(f"no greedy heuristic for {game!r} yet; games: {', '.join(with_one)}")
    evaluate: Evaluate = module.evaluate
    return evaluate


def _setting(game: str, name: str) -> Any:
    """The module-level ``name`` of ``game``'s heuristic, or None (also without one)."""
    module = _module(game)
    return None if module is None else getattr(module, name, None)


def evaluator_all(game: str) -> Callable[[State], list[float]] | None:
    """The heuristic's every-seat-at-once form, where it has one (faster search leaves)."""
    found: Callable[[State], list[float]] | None = _setting(game, "evaluate_all")
    return found


def prior_token(game: str) -> Callable[[str], str] | None:
    """What of an action's notation the game's playout prior weighs (``prior_token``),
    where its heuristic says (``bots/prior.py``)."""
    found: Callable[[str], str] | None = _setting(game, "prior_token")
    return found


def leaf_scale(game: str) -> float | None:
    """The score scale at which search judges leaves by the heuristic; None: playouts."""
    scale = _setting(game, "LEAF_SCALE")
    return None if scale is None else float(scale)


def review_scale(game: str, players: int) -> float | None:
    """The scale of the review's win chances in a ``players``-player game, each seat's
    ``exp(value / scale)`` over the seats' sum (at two seats a lead of one scale reads
    73%): ``REVIEW_SCALE``, per player count, fitted so that they predict who wins
    (``bench/calibrate_review.py``); None where the game sets none for that count (the
    review then judges as the search does)."""
    scales = _setting(game, "REVIEW_SCALE")
    return None if scales is None or players not in scales else float(scales[players])


def leaf_plies(game: str) -> int:
    """Random moves the search plays at a new leaf before the heuristic judges it
    (``LEAF_PLAYOUT``, a truncated playout); 0 where the game sets none."""
    plies = _setting(game, "LEAF_PLAYOUT")
    return 0 if plies is None else max(0, int(plies))


def leaf_to_end(game: str) -> frozenset[int]:
    """Player counts whose search leaves are random playouts to the end, where the game's
    heuristic judges the others (``LEAF_TO_END``); none where the game sets none."""
    counts = _setting(game, "LEAF_TO_END")
    return frozenset() if counts is None else frozenset(int(n) for n in counts)


def beam(game: str) -> int | None:
    """How many options per family greedy follows to the end of its chain; None: all."""
    width = _setting(game, "BEAM")
    return None if width is None else int(width)


def search_margin(game: str) -> float | None:
    """How much better (mean reward) mcts must value a move to overrule greedy's; None:
    mcts plays its own choice."""
    margin = _setting(game, "SEARCH_MARGIN")
    return None if margin is None else float(margin)


def keep_tree(game: str) -> bool:
    """Whether mcts continues its tree from one decision of its seat to the next (the
    default), or searches every decision afresh (``KEEP_TREE = False``)."""
    keep = _setting(game, "KEEP_TREE")
    return True if keep is None else bool(keep)


def world_reuse(game: str) -> int | None:
    """How many consecutive mcts iterations share one sampled world, where the game's
    heuristic sets it (``WORLD_REUSE``); None: the search's default."""
    reuse = _setting(game, "WORLD_REUSE")
    return None if reuse is None else max(1, int(reuse))


def has_heuristic(game: str) -> bool:
    """Whether ``game`` declares a heuristic."""
    try:
        return games.get(game).heuristic is not None
    except OptionError:
        return False


@dataclass(frozen=True)
class RolloutSearch:
    """How a game's ``mcts`` bot searches where its heuristic sets ``SEARCH = "rollout"``:
    rollouts over greedy (``bots/rollout.py``) in place of the tree."""

    candidates: int  # greedy's best options played out in every round (ROLLOUT_CANDIDATES)
    horizon: int  # decisions greedy plays on before the position is judged (ROLLOUT_HORIZON)
    iterations: int  # tree iterations one rollout costs: mcts:N buys N / this (ROLLOUT_COST)


def rollout_search(game: str) -> RolloutSearch | None:
    """The rollout search ``game``'s ``mcts`` bot plays, or None: the tree search."""
    kind = _setting(game, "SEARCH")
    if kind is None or kind == "tree":
        return None
    if kind != "rollout":
        raise OptionError(f"{game}'s heuristic names an unknown search {kind!r}")
    values = [_setting(game, f"ROLLOUT_{k}") for k in ("CANDIDATES", "HORIZON", "COST")]
    if not all(isinstance(v, int) and v > 0 for v in values):
        raise OptionError(
            f"{game}'s heuristic searches by rollouts: it must set ROLLOUT_CANDIDATES, "
            f"ROLLOUT_HORIZON and ROLLOUT_COST to positive whole numbers, not {values}"
        )
    return RolloutSearch(*values)
