"""The game registry: ``create(name, players=N, seed=S, options={...})``, and each
game's heuristic and search settings for the bots, ``bot_settings(name)``.

Also the by-name forms of the core's record functions: ``replay(record)``,
``replay_steps(record)``, ``load_record(path)``, ``save_record(state, path)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from ..core import record as _record
from ..core.botsettings import NO_HEURISTIC, BotSettings
from ..core.errors import OptionError, RecordError
from ..core.game import Game
from ..core.record import load_record as load_record
from ..core.record import save_record as save_record
from ..core.state import State, check_snapshot

if TYPE_CHECKING:  # the concrete states, for the types of create() only
    from .changcheng import ChangChengState
    from .dragon import DragonState
    from .ming import MingState

# name -> module that defines GAME; modules are imported on first use.
_MODULES: dict[str, str] = {
    "dragon": "dragontable.games.dragon",
    "ming": "dragontable.games.ming",
    "changcheng": "dragontable.games.changcheng",
}
_LOADED: dict[str, Game] = {}
"""Module name -> its game, once imported (``create`` runs for every simulated game)."""
_ALIASES = {
    "ityotd": "dragon",
    "year-of-the-dragon": "dragon",
    "ming-dynasty": "ming",
    "chang-cheng": "changcheng",
    "great-wall": "changcheng",
}


def names() -> list[str]:
    """Names of the games that are installed and importable."""
    out = []
    for name in _MODULES:
        try:
            get(name)
        except OptionError:
            continue
        out.append(name)
    return out


def get(name: str) -> Game:
    """The :class:`Game` descriptor for ``name``."""
    key = _ALIASES.get(name, name)
    if key not in _MODULES:
        raise OptionError(f"unknown game {name!r}; games: {', '.join(_MODULES)}")
    found = _LOADED.get(_MODULES[key])
    if found is not None:
        return found
    try:
        module = importlib.import_module(_MODULES[key])
    except ModuleNotFoundError as exc:
        if exc.name != _MODULES[key]:
            raise
        raise OptionError(f"game {name!r} is not available in this installation") from None
    game: Game = module.GAME
    _LOADED[_MODULES[key]] = game
    return game


_SETTINGS: dict[str, BotSettings] = {}
"""Game name -> its bot settings, once read."""


def bot_settings(name: str) -> BotSettings:
    """The heuristic and search settings ``name`` declares (``SETTINGS`` in the module
    its ``Game.heuristic`` names, imported on first use, read once); ``BotSettings()``
    for a game without a heuristic. Raises ``OptionError`` for an unknown game."""
    game = get(name)
    found = _SETTINGS.get(game.name)
    if found is None:
        found = NO_HEURISTIC if game.heuristic is None else _declared(game.heuristic)
        _SETTINGS[game.name] = found
    return found


def _declared(module: str) -> BotSettings:
    found = importlib.import_module(module).SETTINGS
    if not isinstance(found, BotSettings):
        raise TypeError(f"{module}.SETTINGS must be a BotSettings, not {type(found).__name__}")
    return found


Options = Mapping[str, Any] | None


@overload
def create(
    name: Literal["dragon"], players: int, seed: int | None = None, options: Options = None
) -> DragonState: ...
@overload
def create(
    name: Literal["ming"], players: int, seed: int | None = None, options: Options = None
) -> MingState: ...
@overload
def create(
    name: Literal["changcheng"], players: int, seed: int | None = None, options: Options = None
) -> ChangChengState: ...
@overload
def create(name: str, players: int, seed: int | None = None, options: Options = None) -> State: ...
def create(
    name: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> State:
    """Start a new game of ``name``; options are validated against the game's list.

    Typed by the name where it is written out: ``create("ming", 2)`` is a ``MingState``."""
    return get(name).create(players, seed, options)


def from_json(data: dict[str, Any]) -> State:
    """Rebuild a state from :meth:`State.to_json` output."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise RecordError("not a dragontable state snapshot")
    try:
        game = get(data["game"])
        return game.state_from_json(check_snapshot(data, game))
    except OptionError as exc:
        raise RecordError(f"snapshot cannot be restored: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"snapshot is damaged: {type(exc).__name__}: {exc}") from None


def replay_steps(record: dict[str, Any]) -> Iterator[State]:
    """The states of ``record`` (before its first action, then after each), its game by name."""
    return _record.replay_steps(record, get)


def replay(record: dict[str, Any]) -> State:
    """Replay a whole record, its game found by name, and return the final state."""
    return _record.replay(record, get)
