"""Chang Cheng's log entries: message keys with parameters (``changcheng.<key>``)."""

from __future__ import annotations

from typing import Any

from .state import CCData


def log(st: CCData, key: str, **params: Any) -> None:
    """Append a log entry ``changcheng.<key>``; ``to=seat`` makes it private."""
    if not st.quiet:
        st.log.append({"key": f"changcheng.{key}", **params})
