"""The game-agnostic core: the state contract, options, RNG, records, errors."""

from .errors import (
    DataError,
    DragontableError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
)
from .game import Game
from .options import OptionSpec, validate_options
from .record import load_record, replay, replay_steps, save_record
from .rng import Rng, derive_seed
from .state import LogEntry, State

__all__ = [
    "DataError",
    "DragontableError",
    "Game",
    "IllegalAction",
    "LogEntry",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "RecordError",
    "Rng",
    "State",
    "derive_seed",
    "load_record",
    "replay",
    "replay_steps",
    "save_record",
    "validate_options",
]
