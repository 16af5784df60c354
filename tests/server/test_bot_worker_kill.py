"""A bot worker (``dragontable bots``) killed with SIGKILL in the middle of a move: its
short lease (renewed while a job runs) runs out, another worker already running plays
the move within ``TAKEOVER_S`` of the kill, the game completes, and the stored record
replays exactly, with no action played twice or lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from dragontable import games
from dragontable.server import create_app
from dragontable.server.botjobs import JobQueue
from dragontable.server.botplay import choose_bot_action
from dragontable.server.config import ServerConfig
from dragontable.server.db import Store
from dragontable.server.schema import actions_t

from .conftest import wait_for

SRC = Path(__file__).resolve().parents[2] / "src"
LEASE_S = 2.0
"""Shorter than a move may take: the claim is renewed while the move runs."""
MAX_SECONDS = 5.0
TAKEOVER_S = 5.0
"""A killed worker's move is played by another within this many seconds."""
SEATS = ["bot:greedy", "bot:mcts:300"]
KILL_TRIES = 5
MID_GAME_JOBS = 6


def start_worker(db_url: str) -> subprocess.Popen[bytes]:
    """``dragontable bots`` in a session of its own (killed as a group); URL by env."""
    env = {**os.environ, "DATABASE_URL": db_url, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-m", "dragontable.cli", "bots", "--lease", str(LEASE_S)]
    cmd += ["--max-seconds", str(MAX_SECONDS)]
    return subprocess.Popen(cmd, env=env, start_new_session=True, stderr=subprocess.DEVNULL)


def claimed_by(queue: JobQueue, table_id: str, pid: int) -> dict[str, Any] | None:
    """The job of the table that the worker ``pid`` holds now, once a few moves are made."""
    jobs = queue.jobs(table_id)
    for job in jobs:
        mine = str(job["claimed_by"]).endswith(f":{pid}")
        if job["status"] == "claimed" and mine and len(jobs) >= MID_GAME_JOBS:
            return job
    return None


def kill_mid_move(db_url: str, queue: JobQueue, table_id: str) -> tuple[dict[str, Any], float]:
    """Start workers and SIGKILL each while it holds a move, until one died holding it;
    that job and when (``time.monotonic``) its worker died."""
    for _ in range(KILL_TRIES):
        worker = start_worker(db_url)

        def its_job(w: subprocess.Popen[bytes] = worker) -> dict[str, Any] | None:
            return claimed_by(queue, table_id, w.pid)

        job = wait_for(its_job, timeout=60)
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()
        killed_at = time.monotonic()
        held = next(j for j in queue.jobs(table_id) if j["id"] == job["id"])
        if held["status"] == "claimed" and held["claimed_by"] == job["claimed_by"]:
            return held, killed_at
    raise AssertionError("no worker could be killed in the middle of a move")


def move_played(queue: JobQueue, table_id: str, job_id: int) -> bool:
    """Whether the job was done by now, with its move played."""
    job = next(j for j in queue.jobs(table_id) if j["id"] == job_id)
    return job["status"] == "done" and "action" in (job["result"] or {})


def check_record(record: dict[str, Any], seats: list[str] = SEATS) -> None:
    """Replaying the record, every bot move is the one its seeds give."""
    state = games.create(record["game"], record["players"], record["seed"], record["options"])
    for action in record["actions"]:
        seat = state.current_player
        assert seat is not None
        if state.forced_action() is None and seats[seat].startswith("bot:"):
            spec = seats[seat].removeprefix("bot:")
            assert choose_bot_action(spec, state, seat, MAX_SECONDS) == action
        state.apply(action)
    assert state.is_over


def test_killed_bot_worker(pg_url: str) -> None:
    config = ServerConfig(bot_workers="external")
    store = Store(pg_url)
    with TestClient(create_app(pg_url, config=config)) as client:
        queue = JobQueue(store)
        body = {"game": "dragon", "players": 2, "seed": 11, "seats": SEATS}
        table_id = client.post("/api/tables", json=body).json()["id"]
        survivor = start_worker(pg_url)  # running when the other dies
        try:
            killed, killed_at = kill_mid_move(pg_url, queue, table_id)
            wait_for(lambda: move_played(queue, table_id, killed["id"]), timeout=60)
            took = time.monotonic() - killed_at
            assert took < TAKEOVER_S, f"the killed worker's move waited {took:.1f} s"
            url = f"/api/tables/{table_id}"
            wait_for(lambda: client.get(url).json()["status"] == "finished", timeout=180)
            record = client.get(f"{url}/record").json()
        finally:
            survivor.send_signal(signal.SIGTERM)
            survivor.wait(timeout=30)
    retried = next(j for j in queue.jobs(table_id) if j["id"] == killed["id"])
    assert retried["status"] == "done" and retried["attempts"] == 2
    with store.engine.connect() as conn:
        query = sa.select(actions_t.c.idx, actions_t.c.notation).where(
            actions_t.c.table_id == table_id
        )
        stored = dict(conn.execute(query.order_by(actions_t.c.idx)).all())
    assert list(stored) == list(range(len(record["actions"])))  # none lost, none twice
    assert list(stored.values()) == record["actions"]
    played = [j for j in queue.jobs(table_id) if "action" in (j["result"] or {})]
    assert sorted(j["n_actions"] for j in played) == sorted({j["n_actions"] for j in played})
    assert all(stored[j["n_actions"]] == j["result"]["action"] for j in played)
    store.close()
    check_record(record)
