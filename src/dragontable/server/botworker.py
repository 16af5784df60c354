"""``dragontable bots``: bot workers that take bot moves and hints from the database
(:mod:`botjobs`) and commit the moves themselves, beside any number of table servers.

A move job replays the table's stored record, checks that the table is still at the
job's position with the same bot to move, chooses the move with the seeds the server
uses (:func:`botplay.choose_bot_action`: games stay reproducible) and appends it at that
index; a second attempt gets ``StaleWrite`` and reports ``{"stale": true}``.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import signal
import socket
import threading
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from typing import Any

from ..core.datafiles import configure_data_dirs, data_dirs
from ..core.state import State
from .botjobs import Job, JobQueue
from .botplay import choose_bot_action
from .clocks import clock_changes
from .db import StaleWrite, Store, TableRow
from .hints import read_hint_spec, suggest
from .live import replay_moves, table_result, table_status
from .timesource import SystemClock

log = logging.getLogger("dragontable.bots")

IDLE_POLL_S = 0.1
"""How long an idle worker waits before asking for a job again."""
STALE: dict[str, Any] = {"stale": True}


def _position(store: Store, job: Job) -> tuple[TableRow, State] | None:
    """The table's row and state if it is still at the job's position, else None."""
    row = store.load(job.table_id)
    if row is None or row.n_actions != job.n_actions:
        return None
    record = row.record()
    if len(record["actions"]) != job.n_actions:
        return None  # read across another worker's commit: the table moved on
    state, _ = replay_moves(record)
    if state.is_over or state.current_player != job.seat:
        return None
    return row, state


def commit_move(store: Store, row: TableRow, state: State, seat: int, action: str) -> str:
    """Append ``action`` as the server's ``TableManager._store`` does (status, result,
    seat to move, zombie flag, seat clocks); return its notation. ``StaleWrite`` if the
    table moved on meanwhile."""
    new = state.clone()
    new.apply(action)
    clocks = clock_changes(row, new, SystemClock().now())
    status, result = table_status(row, new), table_result(new)
    idx, notation = len(new.history) - 1, new.history[-1]
    zombie = row.seats[seat].zombie
    store.append_action(
        row.id, idx, seat, notation, status, result, new.current_player, zombie, clocks
    )
    return notation


def run_job(store: Store, job: Job, max_seconds: float) -> dict[str, Any]:
    """Compute (and for a move, commit) one job; its result."""
    found = _position(store, job)
    if found is None:
        return STALE
    row, state = found
    if job.kind == "hint":
        return {"actions": suggest(state, *read_hint_spec(job.spec))}
    if row.seats[job.seat].bot != job.spec:
        return STALE  # the seat was reclaimed or handed to another bot
    action = choose_bot_action(job.spec, state, job.seat, max_seconds)
    try:
        return {"action": commit_move(store, row, state, job.seat, action)}
    except StaleWrite:
        return STALE


class BotWorker:
    """One claim loop over one database: claim, run, finish, until told to stop."""

    def __init__(self, url: str, lease_s: float, max_seconds: float) -> None:
        self.store = Store(url)
        self.queue = JobQueue(self.store)
        self.lease_s, self.max_seconds = lease_s, max_seconds
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self.stopping = threading.Event()

    def step(self) -> bool:
        """Run one job if there is one; whether there was."""
        job = self.queue.claim(self.name, self.lease_s)
        if job is None:
            return False
        try:
            result, ok = run_job(self.store, job, self.max_seconds), True
        except Exception as exc:  # reported in the job; the worker lives on
            result, ok = {"error": f"{type(exc).__name__}: {exc}"}, False
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
                self.stopping.wait(IDLE_POLL_S)
        self.store.close()


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

    if args.processes < 1 or not args.lease > args.max_seconds > 0:
        raise SystemExit("dragontable bots: need --processes >= 1 and --lease > --max-seconds > 0")
    url = database_url(args.db)
    store = Store(url)
    store.migrate()
    store.close()
    print(f"dragontable bots: {args.processes} process(es), lease {args.lease:g} s", flush=True)
    run_workers(url, args.processes, args.lease, args.max_seconds)
    return 0
