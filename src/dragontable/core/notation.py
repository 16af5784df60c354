"""What every game's notation parser does first."""

from __future__ import annotations

from .errors import NotationError


def action_words(text: object, expected: str) -> list[str]:
    """The words of an action's text; NotationError for a non-string or an empty one
    (``expected`` says what an action looks like)."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be a string, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError(f"empty action; {expected}")
    return words
