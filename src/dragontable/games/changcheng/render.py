"""Chang Cheng: terminal rendering."""

from __future__ import annotations

from typing import Any


def render_text(state: Any, seat: int | None) -> Any:
    return str(state.view(seat))
