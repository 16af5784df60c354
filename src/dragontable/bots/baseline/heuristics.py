"""The frozen heuristic module of each game."""

from __future__ import annotations

import importlib
from types import ModuleType

from ...core.errors import OptionError

GAMES = ("dragon", "ming", "changcheng")


def heuristic(game: str) -> ModuleType:
    """The frozen heuristic module of ``game``."""
    if game not in GAMES:
        raise OptionError(f"no baseline heuristic for {game!r}; games: {', '.join(GAMES)}")
    return importlib.import_module(f"{__package__}.{game}")
