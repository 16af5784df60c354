"""The greedy bot's evaluation functions: each game declares its heuristic with its
search settings (``SETTINGS``, a ``core.botsettings.BotSettings``, in the module its
``Game.heuristic`` names, e.g. ``games/dragon/heuristic.py``), which the game registry
reads once (``games.bot_settings``); every search setting is read from there."""

from __future__ import annotations

from .. import games
from ..core.botsettings import Evaluate
from ..core.errors import OptionError


def evaluator(game: str) -> Evaluate:
    """The heuristic of ``game``; raises ``OptionError`` if the game has none yet."""
    try:
        found = games.bot_settings(game).evaluate
    except OptionError:
        found = None
    if found is None:
        with_one = [g for g in games.names() if has_heuristic(g)]
        raise OptionError(f"no greedy heuristic for {game!r} yet; games: {', '.join(with_one)}")
    return found


def has_heuristic(game: str) -> bool:
    """Whether ``game`` declares a heuristic (its module is not imported to say so)."""
    try:
        return games.get(game).heuristic is not None
    except OptionError:
        return False
