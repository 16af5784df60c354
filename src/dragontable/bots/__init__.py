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
    from .heuristics import evaluator

    return GreedyBot(evaluator(game), seed)


BOTS: dict[str, Callable[[str, int], Bot]] = {
    "random": lambda game, seed: RandomBot(seed),
    "greedy": _greedy,
}


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A bot by name (see ``BOTS``) for ``game``."""
    if name not in BOTS:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](game, seed)


def default_bot(game: str) -> str:
    """The strongest quick bot for ``game``: greedy where it has a heuristic, else random."""
    from .heuristics import has_heuristic

    return "greedy" if has_heuristic(game) else "random"
