"""Stored games replay exactly: the golden records (``tests/golden/``, written by
``scripts/golden-records.py``) end with the scores, ranking and log they ended with
when they were made. A change meant to alter old games rewrites them, and says so."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from dragontable import games

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def _digest(log: list[dict[str, Any]]) -> str:
    text = json.dumps(log, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def test_every_game_has_golden_records() -> None:
    names = {json.loads(p.read_text())["record"]["game"] for p in FILES}
    assert names == set(games.names())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_stored_game_replays_to_the_same_end(path: Path) -> None:
    data = json.loads(path.read_text())
    record = data["record"]
    state = games.create(record["game"], record["players"], record["seed"], record["options"])
    for action in record["actions"]:
        state.apply(action)
    assert state.is_over
    assert state.scores() == data["scores"]
    assert state.ranking() == data["ranking"]
    assert _digest(state.log) == data["log_sha256"]
