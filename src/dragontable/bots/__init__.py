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


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (see ``BOTS``)."""
    if name not in BOTS:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](seed)
