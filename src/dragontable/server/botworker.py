"""``dragontable bots``: bot workers that take bot moves and hints from the database
(:mod:`botjobs`) and commit the moves themselves, beside any number of table servers.

A move job brings the table's state up to date: a worker keeps the states of the
tables it played lately (:class:`StateCache`, least recently used out first) and reads
only the actions since its last one; it replays the stored record only for a table it
has not kept (or one undone since). It checks that the table is still at the job's
position with the same bot to move, chooses the move with the seeds the server uses
(:func:`botplay.choose_bot_action`: games stay reproducible) and appends it at that
index together with the job's result; a second attempt gets ``StaleWrite`` and reports
``{"stale": true}``. While a job runs a thread renews its claim (:class:`Renewal`).
Commits and job ends send the same notices as a server's writes (``fanout``), so the
servers holding the table play the move from the notice.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import logging
import multiprocessing
import os
import secrets
import signal
import socket
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from multiprocessing.process import BaseProcess
from typing import Any

import psycopg
import sqlalchemy as sa

from .. import games
from ..core.datafiles import configure_data_dirs, data_dirs
from ..core.state import State
from .botjobs import JOBS_CHANNEL, MIN_LEASE_S, Job, JobQueue, LeaseLost, renew_every
from .botplay import choose_bot_action
from .clocks import clock_changes
from .db import StaleWrite, Store, TableRow
from .fanout import libpq_url, send_notice
from .hints import read_hint_spec, suggest
from .live import replay_moves, table_result, table_status
from .timesource import SystemClock

log = logging.getLogger("dragontable.bots")

IDLE_POLL_S = 0.1
"""How long an idle worker waits before asking for a job again (SQLite)."""
IDLE_WAIT_S = 0.5
"""The same on PostgreSQL, where a new job's notice wakes it at once (the wait ends
for jobs whose worker died: their lease ran out without a notice)."""
STALE: dict[str, Any] = {"stale": True}


CACHE_TABLES = 512
"""Tables whose state a bot worker keeps (a few hundred kB each at most)."""


class StateCache:
    """The states of the tables a worker played lately, each with the stored time of
    its last action (an undone and replayed action has another)."""

    def __init__(self, size: int = CACHE_TABLES) -> None:
        self.size = size
        self._states: OrderedDict[str, tuple[State, dt.datetime | None]] = OrderedDict()
        self.replays = 0
        """How many jobs replayed a whole record (for tests and the log)."""

    def keep(self, table_id: str, state: State, last_at: dt.datetime | None) -> None:
        self._states[table_id] = (state, last_at)
        self._states.move_to_end(table_id)
        while len(self._states) > self.size:
            self._states.popitem(last=False)

    def position(self, store: Store, job: Job) -> tuple[TableRow, State] | None:
        """The table's row and state if it is still at the job's position, else None."""
        found = self._read(store, job)
        if found is None:
            return None
        row, state = found
        if len(state.history) != job.n_actions or row.n_actions != job.n_actions:
            return None  # read across another worker's commit: the table moved on
        if state.is_over or state.current_player != job.seat:
            return None
        return row, state

    def _read(self, store: Store, job: Job) -> tuple[TableRow, State] | None:
        """Read the actions since the kept state's last one (all, without one), play them."""
        kept = self._states.pop(job.table_id, None)
        if kept is not None and len(kept[0].history) <= job.n_actions:
            state, last_at = kept
            n = len(state.history)
            row = store.load(job.table_id, max(n - 1, 0))  # from its last action on
            if row is None:
                return None
            last = (row.actions[:1], row.action_times[:1])
            if n == 0 or last == (state.history[n - 1 :], [last_at]):
                for action in row.actions[min(n, 1) :]:
                    state.apply(action)
                self.keep(job.table_id, state, (row.action_times or [last_at])[-1])
                return row, state
        row = store.load(job.table_id)
        if row is None:
            return None
        state, _ = replay_moves(row.record())
        self.replays += 1
        self.keep(job.table_id, state, row.action_times[-1] if row.action_times else None)
        return row, state


Finish = Callable[[sa.Connection, dict[str, Any]], None]
"""Records a job's result inside the transaction that commits its move."""


def commit_move(
    store: Store,
    row: TableRow,
    state: State,
    seat: int,
    action: str,
    finish: Finish | None = None,
) -> dict[str, Any]:
    """Append ``action`` as the server's ``TableManager._store`` does (status, result,
    seat to move, zombie flag, seat clocks), with ``finish`` in the same transaction;
    return the job's result: the notation, whether it was forced and its shared target
    (the servers play it from there). ``StaleWrite`` if the table moved on meanwhile."""
    new = state.clone()
    forced = new.forced_action() is not None
    new.apply(action)
    clocks = clock_changes(row, new, SystemClock().now())
    status, result = table_status(row, new), table_result(new)
    idx, notation = len(new.history) - 1, new.history[-1]
    target = state.shared_target(notation)
    done: dict[str, Any] = {"action": notation, "forced": forced, "target": target}
    zombie = row.seats[seat].zombie
    also = None if finish is None else lambda conn: finish(conn, done)
    store.append_action(
        *(row.id, idx, seat, notation, status, result, new.current_player, zombie, clocks),
        also=also,
        told=(forced, target),
    )
    return done


def run_job(
    store: Store,
    job: Job,
    max_seconds: float,
    cache: StateCache | None = None,
    finish: Finish | None = None,
) -> dict[str, Any]:
    """Compute (and for a move, commit, with ``finish`` in the same transaction) one
    job; its result. ``cache``: the worker's kept states (else the record is replayed)."""
    found = (cache or StateCache()).position(store, job)
    if found is None:
        return STALE
    row, state = found
    if job.kind == "hint":
        return {"actions": suggest(state, *read_hint_spec(job.spec))}
    if row.seats[job.seat].bot != job.spec:
        return STALE  # the seat was reclaimed or handed to another bot
    action = choose_bot_action(job.spec, state, job.seat, max_seconds)
    try:
        return commit_move(store, row, state, job.seat, action, finish)
    except StaleWrite:
        return STALE


class Renewal:
    """Renews a running job's claim every ``renew_every(lease_s)`` in a thread of its
    own, so the lease may be far shorter than the longest move."""

    def __init__(self, queue: JobQueue, job: Job, worker: str, lease_s: float) -> None:
        self.queue, self.job, self.worker, self.lease_s = queue, job, worker, lease_s
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._beat, daemon=True)

    def __enter__(self) -> Renewal:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._done.set()
        self._thread.join()

    def _beat(self) -> None:
        while not self._done.wait(renew_every(self.lease_s)):
            try:
                if not self.queue.renew(self.job.id, self.worker, self.lease_s):
                    return  # lost (another took it): its commit is refused below
            except Exception:  # the database may be away: try again at the next beat
                log.exception("job %d: could not renew the claim", self.job.id)


class BotWorker:
    """One claim loop over one database: claim, run, finish, until told to stop."""

    def __init__(self, url: str, lease_s: float, max_seconds: float) -> None:
        self.store = Store(url, pre_ping=False)  # a dropped connection: see ``step``
        self.queue = JobQueue(self.store)
        self.lease_s, self.max_seconds = lease_s, max_seconds
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self.stopping = threading.Event()
        self.cache = StateCache()
        self.bell = JobBell(self.store, self.stopping)
        games.names()  # import every game now, not in the middle of a table's first move
        if self.store.engine.dialect.name == "postgresql":  # the servers listen there
            origin = f"bots-{secrets.token_hex(4)}"

            def notify(conn: sa.Connection, table_id: str, kind: str) -> None:
                send_notice(conn, origin, table_id, kind)

            self.store.notify = notify

    def step(self) -> bool:
        """Run one job if there is one; whether there was."""
        try:
            job = self.queue.claim(self.name, self.lease_s)
        except sa.exc.DBAPIError as exc:  # the pool has dropped the dead connections
            log.warning("could not claim a job (%s); trying again", exc.orig or exc)
            return False
        if job is None:
            return False
        kept = True

        def finish(conn: sa.Connection, result: dict[str, Any]) -> None:
            self.queue.finish_in(conn, job.id, self.name, result, True)

        try:
            with Renewal(self.queue, job, self.name, self.lease_s):
                result, ok = run_job(self.store, job, self.max_seconds, self.cache, finish), True
            finished = "action" in result  # recorded with its move
        except LeaseLost:  # another worker holds the job now: its result counts
            result, ok, finished, kept = STALE, True, True, False
        except Exception as exc:  # reported in the job; the worker lives on
            if isinstance(exc, sa.exc.DBAPIError) and exc.connection_invalidated:
                # the database dropped the connection (restarted): the job stays claimed
                # and is taken again once its lease runs out, through a fresh connection
                log.warning("job %d: lost the database connection (%s)", job.id, exc)
                return True
            result, ok, finished = {"error": f"{type(exc).__name__}: {exc}"}, False, False
            self.cache = StateCache()  # what it kept may be what failed
        if not finished:
            kept = self.queue.finish(job.id, self.name, result, ok)
        log.info(
            "job %d %s table %s seat %d at %d (try %d): %s%s",
            *(job.id, job.kind, job.table_id, job.seat, job.n_actions, job.attempts),
            _summary(result),
            "" if kept else " (lease lost)",
        )
        return True

    def run(self, parent: int | None = None) -> None:
        """Work until :attr:`stopping` is set (or ``parent`` is gone)."""
        while not self.stopping.is_set():
            if parent is not None and os.getppid() != parent:
                return
            if not self.step():
                self.bell.wait()
        self.bell.close()
        self.store.close()


class JobBell:
    """How an idle worker waits for a job: on PostgreSQL it listens for new jobs' notices
    (``botjobs.JOBS_CHANNEL``) on a connection of its own, for ``IDLE_WAIT_S`` at most;
    elsewhere it waits ``IDLE_POLL_S``. ``stopping`` cuts a wait short."""

    def __init__(self, store: Store, stopping: threading.Event) -> None:
        self.store, self.stopping = store, stopping
        self._conn: psycopg.Connection[Any] | None = None
        self.listens = store.engine.dialect.name == "postgresql"

    def wait(self) -> None:
        if not self.listens:
            self.stopping.wait(IDLE_POLL_S)
            return
        try:
            if self._conn is None or self._conn.closed:
                self._conn = psycopg.connect(libpq_url(self.store.url), autocommit=True)
                self._conn.execute(f"LISTEN {JOBS_CHANNEL}")
            for _ in self._conn.notifies(timeout=IDLE_WAIT_S, stop_after=1):
                pass
        except psycopg.Error as exc:  # poll until the database is back
            log.warning("cannot listen for jobs (%s); polling", exc)
            self.close()
            self.stopping.wait(IDLE_WAIT_S)

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(psycopg.Error):
                self._conn.close()
            self._conn = None


def _summary(result: dict[str, Any]) -> str:
    if "action" in result:
        return f"played {result['action']}"
    if "actions" in result:
        return f"hint of {len(result['actions'])} actions"
    return "stale (the table moved on)" if result.get("stale") else f"failed: {result['error']}"


def _work(url: str, lease_s: float, max_seconds: float, parent: int | None, dirs: Any) -> None:
    """One worker process (or the only one): stop between jobs on SIGTERM or SIGINT."""
    configure_data_dirs(dirs)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    worker = BotWorker(url, lease_s, max_seconds)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: worker.stopping.set())
    worker.run(parent)


def start_workers(
    url: str, processes: int, lease_s: float, max_seconds: float
) -> list[BaseProcess]:
    """Start ``processes`` claim loops as children; each stops when this process is gone."""
    ctx = multiprocessing.get_context("spawn")
    args = (url, lease_s, max_seconds, os.getpid(), data_dirs())
    children: list[BaseProcess] = [
        ctx.Process(target=_work, args=args, daemon=True) for _ in range(processes)
    ]
    for child in children:
        child.start()
    return children


def stop_workers(children: Sequence[BaseProcess]) -> None:
    """SIGTERM each child (it finishes its job first) and wait for it."""
    for child in children:
        if child.pid is not None and child.is_alive():
            os.kill(child.pid, signal.SIGTERM)
    for child in children:
        child.join()


def run_workers(url: str, processes: int, lease_s: float, max_seconds: float) -> None:
    """Run ``processes`` claim loops until SIGTERM (each finishes its job first)."""
    if processes == 1:
        _work(url, lease_s, max_seconds, None, data_dirs())
        return
    children = start_workers(url, processes, lease_s, max_seconds)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    while not stop.is_set() and any(c.is_alive() for c in children):
        stop.wait(1.0)
    stop_workers(children)


def cmd_bots(args: argparse.Namespace) -> int:
    """``dragontable bots``: check the options, migrate, work until SIGTERM."""
    from .app import database_url

    if args.processes < 1 or args.lease < MIN_LEASE_S or args.max_seconds <= 0:
        raise SystemExit(
            f"dragontable bots: need --processes >= 1, --lease >= {MIN_LEASE_S:g} "
            "and --max-seconds > 0"
        )
    url = database_url(args.db)
    store = Store(url)
    store.migrate()
    store.close()
    print(f"dragontable bots: {args.processes} process(es), lease {args.lease:g} s", flush=True)
    run_workers(url, args.processes, args.lease, args.max_seconds)
    return 0
