"""The load script drives a real server correctly (its timing is not checked here)."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dragontable.games import replay
from dragontable.server import create_app
from dragontable.server.app import GC_THRESHOLDS
from dragontable.server.db import Store

from .aiorun import run

LOAD = Path(__file__).resolve().parents[2] / "bench" / "load.py"


def test_load_script_plays_two_tables_and_every_acknowledged_action_is_stored(
    sqlite_url: str,
) -> None:
    done = subprocess.run(
        [sys.executable, str(LOAD), "--tables", "2", "--duration", "3", "--think", "0"]
        + ["--ramp", "0", "--json", "--db", sqlite_url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["errors"] == 0 and report["tables"] == 2
    assert report["actions"] > 10 and report["tables_opened"] >= 2
    lat = report["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]
    assert report["actions_per_s"] == pytest.approx(
        report["actions"] / report["duration_s"], rel=0.01
    )

    store = Store(sqlite_url)
    rows = [store.load(t.id) for t in store.list_tables()]
    store.close()
    assert len(rows) == report["tables_opened"]
    assert {r.game for r in rows if r is not None} >= {"dragon", "ming"}  # games rotate
    finished = joined = 0
    for row in rows:
        assert row is not None and [s.kind for s in row.seats] == ["human", "human", "bot:random"]
        both = all(s.joined for s in row.seats[:2])  # both driven seats connected
        joined += both
        state = replay(row.record())  # the stored actions are a legal game
        finished += state.is_over
        # a table opened as the load stopped may still wait for a seat: it stays open
        assert row.status == ("finished" if state.is_over else "running" if both else "open")
    assert joined >= 2 and finished >= report["games_finished"]
    # every acknowledged client action is stored (bots' and forced ones come on top)
    assert sum(len(r.actions) for r in rows if r is not None) > report["actions"]


def test_start_up_keeps_the_garbage_collector_out_of_the_way(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)):
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 10_000  # the imported code is no longer walked


class _Socket:
    """A WebSocket's stand-in: the server's messages in order, and what was sent."""

    def __init__(self, messages: Sequence[Mapping[str, object]]) -> None:
        self.messages = [json.dumps(m) for m in messages]
        self.sent: list[str] = []

    def __aiter__(self) -> _Socket:
        return self

    async def __anext__(self) -> str:
        if not self.messages:
            raise StopAsyncIteration
        return self.messages.pop(0)

    async def send(self, text: str) -> None:
        self.sent.append(text)


def test_a_stale_refusal_is_counted_apart_from_errors_and_the_seat_acts_again() -> None:
    import importlib.util
    import random

    spec = importlib.util.spec_from_file_location("load", LOAD)
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    sys.modules["load"] = load  # its dataclasses look their module up
    spec.loader.exec_module(load)
    turn = {"type": "update", "n_actions": 4, "your_turn": True, "legal_actions": ["a"]}
    stale = {"type": "error", "code": "stale", "message": "another move came first"}
    bad = {"type": "error", "code": "illegal", "message": "not now"}
    done = {"type": "update", "over": True, "n_actions": 5, "actions": [{"seat": 0, "action": "a"}]}
    socket = _Socket([turn, stale, bad, done])
    stats = load.Stats()
    driver = load.Driver(0, random.Random(1), stats, 0.0)
    assert run(driver.play(socket)) is True
    assert stats.stale == 1 and stats.errors == ["seat 0: illegal: not now"]
    assert socket.sent == ['{"action": "a"}'] * 3  # sent, and sent again after each refusal
    assert stats.report(1.0, {"tables": 1})["stale_refusals"] == 1
