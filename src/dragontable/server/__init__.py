"""The table server: lobby API, live play over WebSocket, storage. See ``docs/server.md``."""

from .app import create_app

__all__ = ["create_app"]
