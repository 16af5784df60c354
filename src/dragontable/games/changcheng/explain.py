"""Chang Cheng: say which rule forbids an action (for ``IllegalAction``)."""

from __future__ import annotations

from .state import CCData


def why_illegal(st: CCData, action: str) -> str:
    return "it is not among the legal actions now"
