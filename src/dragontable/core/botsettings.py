"""A game's heuristic and search settings for the bots, declared as one typed object.

Each game's heuristic module (``Game.heuristic``, e.g. ``games/dragon/heuristic.py``)
declares ``SETTINGS = BotSettings(evaluate=..., leaf_scale=..., ...)``; the game registry
reads it once (``games.bot_settings(name)``) and every bot, search, review and benchmark
reads its attributes. A game without a heuristic has ``BotSettings()``: every default,
no evaluation (random bots only).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

Evaluate = Callable[[Any, int], float]
"""A heuristic: ``evaluate(state, seat)``, the seat's estimated final score (a lead);
``state`` is of the game's own state class."""

EvaluateAll = Callable[[Any], list[float]]
"""A heuristic's every-seat-at-once form (faster search leaves)."""

WORLD_REUSE = 16
"""Consecutive iterations the bots, hints and ``dragontable bench`` let share one sampled
world (a game's settings may set their own). At equal iterations it plays as well as a
world each: mcts:200 with it against mcts:200 without, 100 games a game, won 2-player
Dragon 50.0%, Ming 49.0%, Chang Cheng 52.5%, and as one seat against three without it
(fair share 25%) 28.0%, 31.0%, 28.3%. It searches 1.1 to 1.7 times the iterations a
second (``bots.mcts.search``: the world is drawn once and the positions in it are kept;
``bench/experiments/world_reuse.py``)."""


@dataclass(frozen=True)
class RolloutSearch:
    """How a game's ``mcts`` bot searches where its settings ask for rollouts over greedy
    (``bots/rollout.py``) in place of the tree."""

    candidates: int
    """Greedy's best options played out in every round."""
    horizon: int
    """Decisions greedy plays on for every seat before the heuristic judges."""
    iterations: int
    """Tree iterations one rollout is priced at: ``mcts:N`` buys ``N / iterations``."""

    def __post_init__(self) -> None:
        values = {"candidates": self.candidates, "horizon": self.horizon}
        values["iterations"] = self.iterations
        for name, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise OptionError(
                    f"a rollout search's {name} must be a positive whole number, not {value!r}"
                )


@dataclass(frozen=True)
class BotSettings:
    """A game's heuristic and how its bots search with it; every field has the default
    a game that sets nothing gets."""

    evaluate: Evaluate | None = None
    """The greedy bot's heuristic, ``evaluate(state, seat)``; None: the game has none."""
    evaluate_all: EvaluateAll | None = None
    """``evaluate`` for every seat at once, where the heuristic has that form."""
    prior_token: Callable[[str], str] | None = None
    """What of an action's notation the game's playout prior weighs (``bots/prior.py``)."""
    leaf_scale: float | None = None
    """The score scale at which search judges its leaves by the heuristic (a lead of one
    scale ~ 73%); None: random playouts to the end."""
    leaf_playout: int = 0
    """Random moves the search plays at a new leaf before the heuristic judges it."""
    leaf_to_end: frozenset[int] = frozenset()
    """Player counts whose search leaves are playouts to the end instead."""
    review_scales: Mapping[int, float] = field(default_factory=dict)
    """The review's win-chance scale per player count (see :meth:`review_scale`)."""
    beam: int | None = None
    """How many options per action family greedy follows to the end of its chain; None: all."""
    search_margin: float | None = None
    """How much better (mean reward) mcts must value a move to overrule greedy's; None:
    mcts plays its own choice."""
    keep_tree: bool = True
    """Whether mcts continues its tree from one decision of its seat to the next."""
    world_reuse: int = WORLD_REUSE
    """Consecutive mcts iterations that share one sampled world."""
    rollout: RolloutSearch | None = None
    """The rollout search the game's ``mcts`` bot plays; None: the tree search."""

    def __post_init__(self) -> None:
        if self.leaf_playout < 0:
            raise OptionError(f"leaf_playout must be 0 or more, not {self.leaf_playout}")
        if self.world_reuse < 1:
            raise OptionError(f"world_reuse must be 1 or more, not {self.world_reuse}")
        if self.beam is not None and self.beam < 1:
            raise OptionError(f"beam must be 1 or more (or None: all), not {self.beam}")
        if self.evaluate is None and (self.leaf_scale is not None or self.review_scales):
            raise OptionError("leaf and review scales need a heuristic (evaluate)")

    def review_scale(self, players: int) -> float | None:
        """The scale of the review's win chances in a ``players``-player game, each seat's
        ``exp(value / scale)`` over the seats' sum (at two seats a lead of one scale reads
        73%), fitted so that they predict who wins (``bench/fit/calibrate_review.py``);
        None where the game sets none for that count (the review then judges as the
        search does)."""
        found = self.review_scales.get(players)
        return None if found is None else float(found)


NO_HEURISTIC = BotSettings()
"""The settings of a game that declares no heuristic."""
