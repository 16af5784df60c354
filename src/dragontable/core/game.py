"""Game descriptors: the parameters of a game, separate from any state of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import OptionError
from .options import OptionSpec, validate_options

if TYPE_CHECKING:
    from .choices import Describer
    from .state import State


@dataclass(frozen=True)
class Game:
    """What a game is: its name, player counts, options and how to start one.

    ``new_state(players, seed, options)`` receives validated arguments.
    ``parse_action(text)`` returns the canonical notation or raises ``NotationError``.
    ``render_text(state, seat, names)`` draws the table for the terminal (seat's knowledge
    only; ``names`` are the players' names by seat, or None for "Seat 1"…).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    new_state: Callable[[int, int, dict[str, Any]], State] = field(repr=False)
    parse_action: Callable[[str], str] = field(repr=False)
    state_from_json: Callable[[dict[str, Any]], State] = field(repr=False)
    render_text: Callable[[State, int | None, list[str] | None], Any] | None = field(
        default=None, repr=False
    )
    """``render_text(state, seat, names)``: the table as ``seat`` sees it, a rich renderable."""
    describe_choices: Describer | None = field(default=None, repr=False)
    """``describe_choices(state, seat, lang, names)``: the legal actions for a page (see
    ``core.choices``); None: the notation is the label and nothing has a board target."""

    def validate(
        self, players: int, seed: int | None, options: Mapping[str, Any] | None
    ) -> tuple[int, int, dict[str, Any]]:
        """Check the player count, seed and options; fill in defaults and a seed."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        if seed is None:
            import secrets

            seed = secrets.randbits(48)
        elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"seed must be a non-negative integer, not {seed!r}")
        return players, seed, validate_options(self.options, options)

    def create(
        self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> State:
        """Start a new game."""
        players, seed, opts = self.validate(players, seed, options)
        return self.new_state(players, seed, opts)
