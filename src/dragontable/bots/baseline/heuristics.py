"""The frozen heuristic module of each game, and the bot settings it had."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from types import ModuleType

from ...core.botsettings import BotSettings
from ...core.errors import OptionError

GAMES = ("dragon", "ming", "changcheng")


def heuristic(game: str) -> ModuleType:
    """The frozen heuristic module of ``game``."""
    if game not in GAMES:
        raise OptionError(f"no baseline heuristic for {game!r}; games: {', '.join(GAMES)}")
    return importlib.import_module(f"{__package__}.{game}")


_DECLARED: dict[str, Callable[[ModuleType], BotSettings]] = {
    "dragon": lambda m: BotSettings(evaluate=m.evaluate),
    "ming": lambda m: BotSettings(
        evaluate=m.evaluate,
        evaluate_all=m.evaluate_all,
        leaf_scale=m.LEAF_SCALE,
        search_margin=m.SEARCH_MARGIN,
    ),
    "changcheng": lambda m: BotSettings(evaluate=m.evaluate, beam=m.BEAM, leaf_scale=m.LEAF_SCALE),
}
"""What each frozen module set for its bots (its module constants, as they were)."""


@cache
def settings(game: str) -> BotSettings:
    """The settings the frozen bots of ``game`` play with."""
    module = heuristic(game)
    return _DECLARED[game](module)
