"""Bots: anything with ``choose(state) -> action`` for the seat whose decision it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..core.errors import OptionError
from ..core.rng import Rng
from ..core.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> str:
        """Return a legal action for ``state.current_player``."""
        ...


class RandomBot:
    """Plays a uniformly random legal action (seeded, so games reproduce)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        return legal[self.rng.below(len(legal))]


def _greedy(game: str, seed: int) -> Bot:
    from .greedy import GreedyBot
    from .heuristics import beam, evaluator

    return GreedyBot(evaluator(game), seed, beam=beam(game))


def _mcts(game: str, seed: int, budget: str = "") -> Bot:
    """``mcts`` (1000 iterations), ``mcts:500`` (iterations) or ``mcts:2s`` (seconds)."""
    from .mcts import MctsBot

    if not budget:
        return MctsBot(seed, iterations=1000)
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if seconds <= 0:
                raise ValueError
            return MctsBot(seed, seconds=seconds)
        iterations = int(budget)
        if iterations <= 0:
            raise ValueError
    except ValueError:
        raise OptionError(
            f"bad mcts budget {budget!r}: use iterations (mcts:500) or seconds (mcts:2s)"
        ) from None
    return MctsBot(seed, iterations=iterations)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": lambda game, seed: RandomBot(seed),
    "greedy": _greedy,
    "mcts": _mcts,
}


def make_bot(spec: str, game: str, seed: int = 0) -> Bot:
    """A bot from a spec like ``random``, ``greedy``, ``mcts:2s`` or ``mcts:800``."""
    name, _, budget = spec.partition(":")
    if name not in BOTS:
        raise OptionError(f"unknown bot {spec!r}; bots: {', '.join(BOTS)}")
    if budget and name != "mcts":
        raise OptionError(f"bot {name!r} takes no budget (only mcts does: mcts:2s)")
    return BOTS[name](game, seed, budget) if budget else BOTS[name](game, seed)


def default_bot(game: str) -> str:
    """The strongest quick bot for ``game``: greedy where it has a heuristic, else random."""
    from .heuristics import has_heuristic

    return "greedy" if has_heuristic(game) else "random"
