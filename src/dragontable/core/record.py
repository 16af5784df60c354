"""Game records: JSON files that replay to the identical state."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .errors import DragontableError, RecordError
from .state import State

RECORD_FORMAT = "dragontable-record/1"


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
    return data


def replay_steps(data: dict[str, Any]) -> Iterator[State]:
    """Yield the state before the first action and after every action of a record."""
    from ..games import create

    check_record(data)
    try:
        state = create(
            data["game"], players=data["players"], seed=data["seed"], options=data.get("options")
        )
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


def replay(data: dict[str, Any]) -> State:
    """Replay a whole record and return the final state."""
    last: State | None = None
    for last in replay_steps(data):  # noqa: B007  (the generator mutates one state)
        continue
    assert last is not None
    return last


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read record {path}: {exc}") from None
    return check_record(data)


def save_record(state: State, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
    return path
