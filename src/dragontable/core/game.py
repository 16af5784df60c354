"""Game descriptors: what a game is, declared once as data, separate from any state of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import OptionError
from .options import OptionSpec, validate_options

if TYPE_CHECKING:
    from .choices import Describer
    from .state import State
    from .tasks import TaskState


@dataclass(frozen=True)
class Game:
    """What a game is, as data: its name, player counts, kind (chance, hidden
    information), options, its state class (whose flow table runs it), notation, terminal
    rendering, bot heuristic and the page's board.

    ``state`` is the game's state class; declaring the game binds the two
    (``state.game``), so a state always knows its game. ``parse_action(text)`` returns
    the canonical notation or raises ``NotationError``. ``render_text(state, seat,
    names)`` draws the table for the terminal (seat's knowledge only; ``names`` are the
    players' names by seat, or None for "Seat 1"…).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    state: type[TaskState] = field(repr=False)
    parse_action: Callable[[str], str] = field(repr=False)
    chance: bool = True
    """Whether chance plays a part (shuffles, draws, random setups)."""
    hidden_information: bool = True
    """Whether seats know different things (hands, face-down pieces, secret choices)."""
    board: str | None = None
    """The page's board module for this game (``web/board-<board>.js``); None: generic."""
    render_text: Callable[[State, int | None, list[str] | None], Any] | None = field(
        default=None, repr=False
    )
    """``render_text(state, seat, names)``: the table as ``seat`` sees it, a rich renderable."""
    describe_choices: Describer | None = field(default=None, repr=False)
    """``describe_choices(state, seat, lang, names)``: the legal actions for a page (see
    ``core.choices``); None: the notation is the label and nothing has a board target."""
    heuristic: str | None = field(default=None, repr=False)
    """The module of the game's heuristic for bots (``evaluate(state, seat)``), by name,
    imported only when a bot asks for it; None: the game has none (random bots only)."""
    value: str | None = field(default=None, repr=False)
    """The module of the game's value-function features (``features(state, seat)``,
    ``NAMES``, ``share_left(state)``; weights in that package's ``value.json``), by name,
    imported only when a search asks for it; None: the game has none."""
    encoding: str | None = field(default=None, repr=False)
    """The module of the game's fixed encodings for learning agents (``core.encoding``),
    by name, imported only when asked for; None: the game has none."""
    shared_targets: tuple[str, ...] = ()
    """Prefixes of the target ids (``core.choices``) that name the same board element for
    every seat (an action card, a wall space), so that a page can mark where a move went."""
    announce: tuple[str, ...] = ()
    """Log keys (or key prefixes) of what the game itself does to the players (events,
    scorings): the page announces such a line, with the lines after it, in a banner."""

    def __post_init__(self) -> None:
        self.state.game = self

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """A new game from validated arguments."""
        return self.state.new(players, seed, options)

    def state_from_json(self, data: dict[str, Any]) -> State:
        """The state a snapshot (``State.to_json``, envelope checked) describes."""
        return self.state.from_snapshot(data)

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
