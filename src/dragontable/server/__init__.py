"""The table server: lobby API, live play over WebSocket, storage. See ``docs/server.md``.

``create_app`` loads the server's stack (FastAPI, SQLAlchemy) on first use, so importing
this package, as the ``dragontable`` command does to list its subcommands, costs nothing
and the offline commands run where only the game's own dependencies are installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
