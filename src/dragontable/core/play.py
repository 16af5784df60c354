"""Small drivers shared by the terminal, simulations, bots and tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

from .rng import Rng
from .state import State


class Chooser(Protocol):
    """Anything that picks a legal action for the seat to move (every bot)."""

    def choose(self, state: State) -> str: ...


def play_out(state: State, bots: Mapping[int, Chooser] | Sequence[Chooser]) -> State:
    """Let the bot of the seat to move choose until the game ends; return ``state``."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state


def apply_forced(state: State, stop_for: Callable[[int], bool] | None = None) -> int:
    """Apply every forced decision (:meth:`State.forced_action`); return how many.

    ``stop_for(seat)`` may return True to leave a seat's forced decisions to it.
    """
    n = 0
    while (action := state.forced_action()) is not None:
        seat = state.current_player
        if stop_for is not None and seat is not None and stop_for(seat):
            break
        state.apply(action)
        n += 1
    return n


S = TypeVar("S", bound=State)


def random_playout(
    state: S,
    rng: Rng,
    max_steps: int = 1_000_000,
    until: Callable[[S], bool] | None = None,
) -> int:
    """Play uniformly random legal actions to the end, or until ``until(state)`` holds;
    return the number of steps. Reaching the end first when ``until`` was given is an
    error (the position looked for never came)."""
    steps = 0
    while until is None or not until(state):
        if state.is_over:
            if until is None:
                return steps
            raise RuntimeError("the game ended before the position looked for")
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"game did not end within {max_steps} actions")
    return steps
