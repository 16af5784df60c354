"""Game records: JSON files that replay to the identical state.

The core knows no game: replaying takes ``lookup`` (a game's name -> its :class:`Game`)
from the caller; ``dragontable.games.replay(record)`` passes the game registry.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .errors import DragontableError, RecordError
from .game import Game
from .state import State

RECORD_FORMAT = "dragontable-record/1"

GameLookup = Callable[[str], Game]
"""Finds a record's game by name; raises a ``DragontableError`` for an unknown one."""


def check_record(data: Any) -> dict[str, Any]:
    """Validate a record's shape; raise ``RecordError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"unknown record format {data.get('format')!r}")
    for key, kind in (("game", str), ("players", int), ("seed", int), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}")
    if not isinstance(data.get("options", {}), dict):
        raise RecordError("record field 'options' must be an object")
    if not all(isinstance(a, str) for a in data["actions"]):
        raise RecordError("record field 'actions' must be a list of notation strings")
    names = data.get("names", [""] * data["players"])
    if not (isinstance(names, list) and len(names) == data["players"]):
        raise RecordError("record field 'names' must list one name per player")
    if not all(isinstance(n, str) for n in names):
        raise RecordError("record field 'names' must be a list of strings")
    return data


def replay_steps(data: dict[str, Any], lookup: GameLookup) -> Iterator[State]:
    """Yield the state before the first action and after every action of a record."""
    check_record(data)
    try:
        game = lookup(data["game"])
        state = game.create(data["players"], data["seed"], data.get("options"))
    except DragontableError as exc:
        raise RecordError(f"record cannot start its game: {exc}") from None
    yield state
    for i, action in enumerate(data["actions"]):
        try:
            state.apply(action)
        except DragontableError as exc:
            raise RecordError(
                f"record action {i + 1} ({action!r}) does not replay: {exc}"
            ) from None
        yield state


def replay(data: dict[str, Any], lookup: GameLookup) -> State:
    """Replay a whole record and return the final state."""
    last: State | None = None
    for last in replay_steps(data, lookup):  # noqa: B007  (the generator mutates one state)
        continue
    assert last is not None
    return last


def load_record(path: str | Path) -> dict[str, Any]:
    """Read and check a record file; ``RecordError`` if it cannot be read or is malformed."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read record {path}: {exc}") from None
    return check_record(data)


def save_record(state: State, path: str | Path, names: list[str] | None = None) -> Path:
    """Write ``state``'s record to ``path`` (making its folders), with the players'
    ``names`` if given (an optional ``names`` field); return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    record = state.record() | ({"names": list(names)} if names else {})
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path
