"""Errors raised by every game on the core contract.

A refused action (:class:`IllegalAction`, :class:`NotationError`) carries its reason as
a catalog message, ``exc.message == {"key": "dragon.refusal.no_card", "card": "F"}``,
so each reader gets it in their language (``core.messages.render``); ``str(exc)`` is
the English text. Every raise site names its key as a string literal
(``tests/core/test_refusals.py`` finds them all and checks all four catalogs).
"""

from __future__ import annotations

from typing import Any

from .messages import render


class DragontableError(Exception):
    """Base class of every error the project raises on purpose."""


class Refusal(DragontableError):
    """A refused action; ``message`` is its reason as ``{"key": ..., **params}``."""

    def __init__(self, key: str, **params: Any) -> None:
        self.message: dict[str, Any] = {"key": key, **params}
        super().__init__(key)

    def __str__(self) -> str:
        return render(self.message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.message))


def _rebuild(cls: type[Refusal], message: dict[str, Any]) -> Refusal:
    """A refusal again from its message (unpickling)."""
    params = {k: v for k, v in message.items() if k != "key"}
    return cls(message["key"], **params)


class IllegalAction(Refusal):
    """An action that the rules do not allow now; the state is left untouched."""


class NotationError(Refusal, ValueError):
    """Text that is not an action in the game's notation."""


class OptionError(DragontableError, ValueError):
    """A bad game option, player count or seed."""


class RecordError(DragontableError, ValueError):
    """A game record or state snapshot that cannot be read or replayed."""


class DataError(DragontableError, ValueError):
    """A broken game data file (map, board, tiles)."""
