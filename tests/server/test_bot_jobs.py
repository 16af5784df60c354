"""Bot jobs in the database (server/botjobs.py, server/botworker.py): claims, leases,
retries, races, on SQLite and PostgreSQL; a server whose bots are played by a worker."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from dragontable import games
from dragontable.server import create_app
from dragontable.server.botjobs import MAX_ATTEMPTS, Job, JobQueue
from dragontable.server.botworker import STALE, BotWorker, StateCache, run_job
from dragontable.server.config import ServerConfig
from dragontable.server.db import SeatRow, Store, TableRow
from dragontable.server.schema import actions_t

from .conftest import wait_for

LEASE_S = 5.0
SPECS = ("greedy", "random")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    s.migrate()
    yield s
    s.close()


def bot_table(store: Store, table_id: str = "t1", seed: int = 7) -> TableRow:
    """A stored 2-player dragon table of two bots (greedy, random), no move yet."""
    state = games.create("dragon", 2, seed, {})
    seats = [SeatRow(i, f"bot:{spec}", spec) for i, spec in enumerate(SPECS)]
    row = TableRow(table_id, "dragon", 2, state.seed, state.options, "running", seats)
    row.to_move = state.current_player
    store.create(row)
    return row


def move_job(store: Store, queue: JobQueue, table_id: str = "t1") -> int:
    row = store.load(table_id)
    assert row is not None and row.to_move is not None
    seat = row.to_move
    return queue.enqueue(table_id, "move", seat, row.n_actions, SPECS[seat])


def later(seconds: float) -> dt.datetime:
    return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=seconds)


def test_enqueue_is_once_per_open_position(store: Store) -> None:
    bot_table(store)
    queue = JobQueue(store)
    first = move_job(store, queue)
    assert move_job(store, queue) == first
    assert queue.depth() == 1
    with pytest.raises(ValueError, match="one of"):
        queue.enqueue("t1", "dance", 0, 0, "greedy")
    assert queue.depth() == 1


def test_claim_lease_and_retry(store: Store) -> None:
    bot_table(store)
    queue = JobQueue(store)
    job_id = move_job(store, queue)
    job = queue.claim("w1", LEASE_S)
    assert job is not None and (job.id, job.attempts) == (job_id, 1)
    assert queue.claim("w2", LEASE_S) is None  # held by w1's lease
    again = queue.claim("w2", LEASE_S, now=later(LEASE_S + 1))  # w1 died: the lease ran out
    assert again is not None and (again.id, again.attempts) == (job_id, 2)
    assert not queue.finish(job_id, "w1", {"action": "x"})  # w1 lost its claim
    assert queue.finish(job_id, "w2", {"stale": True})
    assert queue.ended([job_id]) == {job_id: ("done", {"stale": True})}
    assert queue.depth() == 0


def test_a_job_that_kills_every_worker_fails(store: Store) -> None:
    bot_table(store)
    queue = JobQueue(store)
    job_id = move_job(store, queue)
    for attempt in range(MAX_ATTEMPTS):
        job = queue.claim(f"w{attempt}", LEASE_S, now=later(attempt * (LEASE_S + 1)))
        assert job is not None and job.attempts == attempt + 1
    assert queue.claim("last", LEASE_S, now=later(MAX_ATTEMPTS * (LEASE_S + 1))) is None
    status, result = queue.ended([job_id])[job_id]
    assert status == "failed" and result is not None and "died" in result["error"]


def test_a_move_is_never_played_twice(store: Store) -> None:
    """Two workers holding the same job (one's lease ran out) both run it: one move."""
    bot_table(store)
    queue = JobQueue(store)
    move_job(store, queue)
    job = queue.claim("w1", LEASE_S)
    assert job is not None
    results: list[dict[str, object]] = []
    racers = [threading.Thread(target=lambda: results.append(run_job(store, job, 1.0)))]
    racers.append(threading.Thread(target=lambda: results.append(run_job(store, job, 1.0))))
    for t in racers:
        t.start()
    for t in racers:
        t.join()
    assert sorted("action" in r for r in results) == [False, True], results
    assert STALE in results
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(actions_t)).scalar() == 1


def test_racing_claims_take_each_job_once(store: Store) -> None:
    for i in range(4):
        bot_table(store, f"t{i}", seed=i + 1)
        move_job(store, JobQueue(store), f"t{i}")
    claimed: list[Job] = []

    def worker(name: str) -> None:
        queue = JobQueue(store)
        while (job := queue.claim(name, LEASE_S)) is not None:
            claimed.append(job)

    threads = [threading.Thread(target=worker, args=(f"w{i}",)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(j.table_id for j in claimed) == ["t0", "t1", "t2", "t3"]


def test_stale_job_after_the_table_moved_on(store: Store) -> None:
    bot_table(store)
    queue = JobQueue(store)
    move_job(store, queue)
    job = queue.claim("w1", LEASE_S)
    assert job is not None
    assert "action" in run_job(store, job, 1.0)
    assert run_job(store, job, 1.0) == STALE  # the same position again: nothing played


def test_server_with_an_external_bot_worker_finishes_a_game(sqlite_url: str) -> None:
    """The server only queues; a worker thread plays and commits; the server takes it in."""
    config = ServerConfig(bot_workers="external")
    with TestClient(create_app(sqlite_url, config=config)) as client:
        worker = BotWorker(sqlite_url, LEASE_S, 1.0)
        runner = threading.Thread(target=worker.run)
        runner.start()
        try:
            body = {"game": "dragon", "players": 2, "seed": 3, "seats": ["bot:greedy"] * 2}
            created = client.post("/api/tables", json=body).json()
            url = f"/api/tables/{created['id']}"
            wait_for(lambda: client.get(url).json()["status"] == "finished", timeout=60)
            record = client.get(f"{url}/record").json()
        finally:
            worker.stopping.set()
            runner.join()
    assert games.replay(record).is_over


def play_jobs(store: Store, cache: StateCache, moves: int) -> None:
    """Queue, claim and run ``moves`` move jobs of table ``t1`` with one worker's cache."""
    queue = JobQueue(store)
    for _ in range(moves):
        move_job(store, queue)
        job = queue.claim("w1", LEASE_S)
        assert job is not None
        result = run_job(store, job, 1.0, cache)
        assert "action" in result and queue.finish(job.id, "w1", result)


def test_a_worker_keeps_the_state_and_replays_a_record_only_when_it_must(store: Store) -> None:
    bot_table(store)
    cache = StateCache()
    play_jobs(store, cache, 6)
    assert cache.replays == 1  # the first job; then only the actions since its last one
    row = store.load("t1")
    assert row is not None
    row.actions = row.actions[:2]
    to_move = games.replay(row.record()).current_player
    store.undo_actions("t1", 2, row.n_actions, 0, "running", to_move)
    play_jobs(store, StateCache(), 6)  # another worker plays the table past it again
    play_jobs(store, cache, 1)  # the stored actions no longer extend its kept state
    assert cache.replays == 2
    stored = store.load("t1")
    assert stored is not None and games.replay(stored.record()).history == stored.actions
