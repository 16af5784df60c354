"""Errors raised by every game on the core contract."""


class DragontableError(Exception):
    """Base class of every error the project raises on purpose."""


class IllegalAction(DragontableError):
    """An action that the rules do not allow now; the state is left untouched."""


class NotationError(DragontableError, ValueError):
    """Text that is not an action in the game's notation."""


class OptionError(DragontableError, ValueError):
    """A bad game option, player count or seed."""


class RecordError(DragontableError, ValueError):
    """A game record or state snapshot that cannot be read or replayed."""


class DataError(DragontableError, ValueError):
    """A broken game data file (map, board, tiles)."""
