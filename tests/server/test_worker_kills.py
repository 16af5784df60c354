"""``kill -9`` of a server worker and a bot worker in the same game, at the same moment:
two ``dragontable serve`` processes and ``dragontable bots`` processes over one
throwaway PostgreSQL; a human seat plays through the worker that is killed, a bot seat
is played by the bot worker that is killed in the middle of its move. The human's page
reconnects to the other server worker, the bot's job is claimed again once its lease
runs out, the game completes, and the stored record replays exactly: no action lost,
none played twice, every bot move the one its seeds give.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from dragontable.server.botjobs import JobQueue
from dragontable.server.db import Store
from dragontable.server.schema import actions_t

from .conftest import wait_for
from .test_bot_worker_kill import check_record as check_bot_moves
from .test_bot_worker_kill import claimed_by, kill_mid_move, start_worker
from .test_workers import Client, Worker, check_record, finish, seen_actions

SEATS = ["human", "bot:mcts:300"]
GAME_S = 180.0


def _stored(store: Store, table_id: str) -> dict[int, str]:
    query = sa.select(actions_t.c.idx, actions_t.c.notation).where(actions_t.c.table_id == table_id)
    with store.engine.connect() as conn:
        return dict(conn.execute(query.order_by(actions_t.c.idx)).all())


def _kill_both(a: Worker, pg_url: str, queue: JobQueue, table_id: str) -> dict[str, Any]:
    """SIGKILL server worker ``a`` and a bot worker holding a move, together; return the
    job the bot worker died holding (another worker is killed until one does)."""
    bots = start_worker(pg_url)
    job = wait_for(lambda: claimed_by(queue, table_id, bots.pid), timeout=60)
    a.kill()
    os.killpg(bots.pid, signal.SIGKILL)
    bots.wait()
    held = next(j for j in queue.jobs(table_id) if j["id"] == job["id"])
    return held if held["status"] == "claimed" else kill_mid_move(pg_url, queue, table_id)[0]


def test_a_server_worker_and_a_bot_worker_killed_in_one_game(pg_url: str, tmp_path: Path) -> None:
    a, b = (Worker(pg_url, tmp_path / f"w{i}.log", "--bot-workers", "external") for i in (0, 1))
    store = Store(pg_url)
    survivor = None
    try:
        a.start(), b.start()
        created = a.post(
            "/api/tables", {"game": "dragon", "players": 2, "seed": 11, "seats": SEATS}
        )
        table_id, token = created["id"], created["invitations"][0]["token"]
        watcher = Client([b], table_id, None, 0)
        watcher.start()
        time.sleep(0.5)
        human = Client([a, b], table_id, token, 7)
        human.start()
        killed = _kill_both(a, pg_url, JobQueue(store), table_id)
        survivor = start_worker(pg_url)
        finish([human, watcher], seconds=GAME_S)
        assert human.reconnects >= 1 and watcher.reconnects == 0
        assert watcher.updates[-1]["over"]
        record = b.get(f"/api/tables/{table_id}/record")
        check_record(pg_url, table_id, seen_actions(watcher.updates))
        retried = next(j for j in JobQueue(store).jobs(table_id) if j["id"] == killed["id"])
        assert retried["status"] == "done" and retried["attempts"] == 2
        stored = _stored(store, table_id)
        assert list(stored) == list(range(len(record["actions"])))  # none lost, none twice
        assert list(stored.values()) == record["actions"]
        check_bot_moves(record, SEATS)
    finally:
        if survivor is not None:
            survivor.send_signal(signal.SIGTERM)
            survivor.wait(timeout=30)
        a.kill()
        b.kill()
        store.close()
