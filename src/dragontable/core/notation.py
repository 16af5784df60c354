"""What every game's notation parser does first."""

from __future__ import annotations

from typing import Any

from .errors import NotationError


def action_words(text: object, expected: dict[str, Any]) -> list[str]:
    """The words of an action's text; NotationError for a non-string or an empty one
    (``expected``, a message, says what an action looks like)."""
    if not isinstance(text, str):
        raise NotationError("core.refusal.not_text")
    words = text.split()
    if not words:
        raise NotationError("core.refusal.empty", expected=expected)
    return words


def unknown(text: str, word: str, expected: dict[str, Any]) -> NotationError:
    """The error for ``text`` whose first word ``word`` is no verb of the game."""
    return NotationError("core.refusal.unknown_verb", text=text, word=word, expected=expected)


def word_count(text: str, expected: dict[str, Any]) -> NotationError:
    """The error for ``text`` with too many or too few words for its verb."""
    return NotationError("core.refusal.word_count", text=text, expected=expected)
