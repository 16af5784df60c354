"""Bot moves and hints as jobs in the database, for bot workers of their own
(``dragontable bots``, :mod:`botworker`), possibly on other machines.

A job is for one position: ``(table_id, n_actions)``. A worker *claims* it under a lease
(PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED``, so workers never wait for each other;
SQLite: one atomic ``UPDATE``); a claim whose lease ran out (its worker died) may be
claimed again, up to ``MAX_ATTEMPTS`` times. Leases are short (``LEASE_S``): the worker
renews its claim every ``renew_every(lease_s)`` while the job runs, so a dead worker's
table waits a few seconds, not the longest move. A move is committed by the worker
through ``Store.append_action`` at index ``n_actions``, in the same transaction as the
job's result (only while it still holds the claim): a second attempt at the same job
gets ``StaleWrite``, so a move is never played twice.

A job's end is told to the servers by the notice ``job:<id>:<status>:<result>``
(:func:`job_kind`; the result left out when long), so a waiting server reads nothing;
it polls the database only now and then, for a notice it may have missed.

Statuses: ``queued`` → ``claimed`` → ``done`` (``result``: ``{"action": …}``,
``{"actions": […]}`` for a hint, or ``{"stale": true}`` when the table had moved on) or
``failed`` (``result``: ``{"error": …}``).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from .botpool import WorkerError
from .db import Store
from .schema import metadata

KINDS = ("move", "hint")
MAX_ATTEMPTS = 3
"""Claims of one job before it fails (a job that kills every worker that takes it)."""
OPEN = ("queued", "claimed")
JOBS_CHANNEL = "dragontable_jobs"
"""Where a new job is told of (PostgreSQL), so idle workers wait on it, not poll."""
MIN_LEASE_S = 1.0
"""The shortest lease a worker may take (renewed four times a lease)."""
REAP_S = 1.0
"""How often a worker fails the jobs that ran out of attempts (not at every claim)."""
JOB = "job:"
MAX_RESULT = 2000
"""The longest result (JSON) a job's notice carries; a longer one is read back."""


class LeaseLost(RuntimeError):
    """The worker no longer holds the job's claim (its lease ran out, another took it)."""


def renew_every(lease_s: float) -> float:
    """How often a running job's claim is renewed: four times a lease."""
    return lease_s / 4


def job_kind(job_id: int, status: str, result: dict[str, Any]) -> str:
    """The notice of a job's end, with its result when it is short."""
    text = json.dumps(result, separators=(",", ":"))
    return f"{JOB}{job_id}:{status}" + (f":{text}" if len(text) <= MAX_RESULT else "")


def parse_job_kind(kind: str) -> tuple[int, str, dict[str, Any] | None] | None:
    """Id, status and (if carried) result of a :func:`job_kind` notice, or None."""
    job_id, _, rest = kind.removeprefix(JOB).partition(":")
    status, _, text = rest.partition(":")
    if not kind.startswith(JOB) or not job_id.isdigit() or status not in ("done", "failed"):
        return None
    try:
        result = json.loads(text) if text else None
    except ValueError:
        return None
    return int(job_id), status, result if isinstance(result, dict) else None


bot_jobs_t = sa.Table(
    "bot_jobs",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("n_actions", sa.Integer, nullable=False),
    sa.Column("spec", sa.String(64), nullable=False),
    sa.Column("status", sa.String(8), nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("claimed_by", sa.String(64), nullable=True),
    sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_bot_jobs_status", bot_jobs_t.c.status, bot_jobs_t.c.id)
sa.Index("ix_bot_jobs_table", bot_jobs_t.c.table_id, bot_jobs_t.c.n_actions)
_c = bot_jobs_t.c


@dataclass(frozen=True)
class Job:
    """A claimed job: what to compute, for which position."""

    id: int
    table_id: str
    kind: str
    seat: int
    n_actions: int
    spec: str
    attempts: int


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _claimable(now: dt.datetime | sa.BindParameter[dt.datetime]) -> sa.ColumnElement[bool]:
    expired = (_c.status == "claimed") & (_c.lease_until < now)
    claimable: sa.ColumnElement[bool] = ((_c.status == "queued") | expired) & (
        _c.attempts < MAX_ATTEMPTS
    )
    return claimable


# built once: SQLAlchemy reuses the compiled SQL (a worker claims many times a second)
_NOW = sa.bindparam("now", type_=sa.DateTime(timezone=True))
_CLAIM = (
    bot_jobs_t.update()
    .where(
        _c.id
        == sa.select(_c.id)
        .where(_claimable(_NOW))
        .order_by(_c.id)
        .limit(1)
        .with_for_update(skip_locked=True)  # PostgreSQL; SQLite's UPDATE is atomic
        .scalar_subquery(),
        _claimable(_NOW),
    )
    .values(
        status="claimed",
        claimed_by=sa.bindparam("worker"),
        claimed_at=_NOW,
        lease_until=sa.bindparam("lease", type_=sa.DateTime(timezone=True)),
        attempts=_c.attempts + 1,
    )
    .returning(_c.id, _c.table_id, _c.kind, _c.seat, _c.n_actions, _c.spec, _c.attempts)
)
_MINE = (
    (_c.id == sa.bindparam("job"))
    & (_c.claimed_by == sa.bindparam("worker"))
    & (_c.status == "claimed")
)
_RENEW = bot_jobs_t.update().where(_MINE).values(lease_until=sa.bindparam("lease"))
_FINISH = (
    bot_jobs_t.update()
    .where(_MINE)
    .values(status=sa.bindparam("new_status"), result=sa.bindparam("new_result", type_=sa.JSON))
    .returning(_c.table_id)
)


class JobQueue:
    """The ``bot_jobs`` table of one database: enqueue, claim, finish, inspect."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._reaped_at: dt.datetime | None = None

    def enqueue(self, table_id: str, kind: str, seat: int, n_actions: int, spec: str) -> int:
        """Queue a job and return its id; the id of the same job still open if there is one."""
        if kind not in KINDS:
            raise ValueError(f"a bot job is one of {KINDS}, not {kind!r}")
        same = sa.select(_c.id).where(
            _c.table_id == table_id,
            _c.kind == kind,
            _c.seat == seat,
            _c.n_actions == n_actions,
            _c.spec == spec,
            _c.status.in_(OPEN),
        )
        with self.store.transaction() as conn:
            found = conn.execute(same.limit(1)).scalar()
            if found is not None:
                return int(found)
            row = {"table_id": table_id, "kind": kind, "seat": seat, "n_actions": n_actions}
            new = {**row, "spec": spec, "status": "queued", "created_at": utc_now()}
            key = conn.execute(bot_jobs_t.insert().values(**new)).inserted_primary_key
            if conn.dialect.name == "postgresql":  # wake the idle workers (JobBell)
                conn.execute(sa.select(sa.func.pg_notify(JOBS_CHANNEL, "")))
        assert key is not None
        return int(key[0])

    def claim(self, worker: str, lease_s: float, now: dt.datetime | None = None) -> Job | None:
        """Take the oldest claimable job for ``worker`` until ``lease_s`` from now, or None.

        Jobs whose lease ran out ``MAX_ATTEMPTS`` times fail first (see :meth:`reap`),
        at most every ``REAP_S``.
        """
        now = now or utc_now()
        if self._reaped_at is None or (now - self._reaped_at).total_seconds() >= REAP_S:
            self.reap(now)
            self._reaped_at = now
        lease = now + dt.timedelta(seconds=lease_s)
        with self.store.transaction() as conn:
            row = conn.execute(_CLAIM, {"now": now, "worker": worker, "lease": lease}).first()
        return None if row is None else Job(*row)

    def renew(self, job_id: int, worker: str, lease_s: float) -> bool:
        """Extend ``worker``'s claim on a running job to ``lease_s`` from now; False if
        it no longer holds it."""
        lease = utc_now() + dt.timedelta(seconds=lease_s)
        with self.store.transaction() as conn:
            done = conn.execute(_RENEW, {"job": job_id, "worker": worker, "lease": lease})
        return bool(done.rowcount == 1)

    def reap(self, now: dt.datetime | None = None) -> int:
        """Fail claimed jobs whose last allowed lease ran out; return how many."""
        now = now or utc_now()
        dead = (_c.status == "claimed") & (_c.lease_until < now) & (_c.attempts >= MAX_ATTEMPTS)
        error = {"error": f"its worker died or stalled {MAX_ATTEMPTS} times"}
        with self.store.transaction() as conn:
            done = conn.execute(
                bot_jobs_t.update().where(dead).values(status="failed", result=error)
            )
        return int(done.rowcount)

    def finish(self, job_id: int, worker: str, result: dict[str, Any], ok: bool = True) -> bool:
        """Record a claimed job's ``result`` (``ok``: done, else failed); False if
        ``worker`` no longer holds the claim (its lease ran out and another took it)."""
        try:
            with self.store.transaction() as conn:
                self.finish_in(conn, job_id, worker, result, ok)
        except LeaseLost:
            return False
        return True

    def finish_in(
        self, conn: sa.Connection, job_id: int, worker: str, result: dict[str, Any], ok: bool
    ) -> None:
        """:meth:`finish` inside ``conn``'s transaction (with the move it committed) and
        tell the servers; :class:`LeaseLost` (the transaction then rolls back) if
        ``worker`` no longer holds the claim."""
        status = "done" if ok else "failed"
        values = {"job": job_id, "worker": worker, "new_status": status, "new_result": result}
        table_id = conn.execute(_FINISH, values).scalar()
        if table_id is None:
            raise LeaseLost(f"job {job_id}: {worker} no longer holds its claim")
        self.store.notice(conn, str(table_id), job_kind(job_id, status, result))

    def ended(self, ids: list[int]) -> dict[int, tuple[str, dict[str, Any] | None]]:
        """Of the jobs ``ids``, those done or failed: id -> (status, result)."""
        if not ids:
            return {}
        query = sa.select(_c.id, _c.status, _c.result).where(
            _c.id.in_(ids), _c.status.in_(("done", "failed"))
        )
        with self.store.engine.connect() as conn:
            return {r.id: (r.status, r.result) for r in conn.execute(query)}

    def depth(self) -> int:
        """Jobs queued or claimed: the bot queue's depth."""
        query = sa.select(sa.func.count()).select_from(bot_jobs_t).where(_c.status.in_(OPEN))
        with self.store.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def jobs(self, table_id: str) -> list[dict[str, Any]]:
        """Every job of a table, oldest first (for tests and inspection)."""
        query = bot_jobs_t.select().where(_c.table_id == table_id).order_by(_c.id)
        with self.store.engine.connect() as conn:
            return [dict(r) for r in conn.execute(query).mappings()]


POLL_S = 0.05
"""How often a server asks the database whether the jobs it waits for have ended, when
no notice tells it (SQLite)."""
KEEP_ENDED = 256
NOTICED_POLL_S = 1.0
"""The same where job notices come (PostgreSQL): only for a notice that was missed."""


class JobWaiter:
    """A server's side of the queue: enqueue a job and wait for its result; one task
    polls the database for every job this server waits for."""

    def __init__(self, queue: JobQueue, poll_s: float = POLL_S) -> None:
        self.queue, self.poll_s = queue, poll_s
        self.waiting: dict[int, asyncio.Future[tuple[str, dict[str, Any] | None]]] = {}
        self._poller: asyncio.Task[None] | None = None
        self._woken = asyncio.Event()
        self._ended: OrderedDict[int, tuple[str, dict[str, Any] | None]] = OrderedDict()
        """Ends heard of jobs nobody here waited for yet (another server queued it
        and it ended before this one's ``enqueue`` came back)."""

    def heard(self, kind: str) -> None:
        """A job's end was noticed (:func:`job_kind`): settle it, or have it read now."""
        parsed = parse_job_kind(kind)
        if parsed is None:
            return
        job_id, status, result = parsed
        if (future := self.waiting.get(job_id)) is None:
            if result is not None:
                self._ended[job_id] = (status, result)
                while len(self._ended) > KEEP_ENDED:
                    self._ended.popitem(last=False)
            return
        if result is None:
            self._woken.set()  # the result was too long for the notice: read it
            return
        del self.waiting[job_id]
        if not future.done():
            future.set_result((status, result))

    async def run(
        self, table_id: str, kind: str, seat: int, n_actions: int, spec: str, limit: float
    ) -> dict[str, Any]:
        """The result of the job for this position (queued once however often asked);
        ``WorkerError`` if it failed or did not end within ``limit`` seconds."""
        job_id = await asyncio.to_thread(self.queue.enqueue, table_id, kind, seat, n_actions, spec)
        future = self.waiting.get(job_id)
        if future is None and (ended := self._ended.pop(job_id, None)) is not None:
            future = asyncio.get_running_loop().create_future()
            future.set_result(ended)
        elif future is None:
            future = self.waiting[job_id] = asyncio.get_running_loop().create_future()
        if self._poller is None or self._poller.done():
            self._poller = asyncio.get_running_loop().create_task(self._poll())
        try:
            status, result = await asyncio.wait_for(asyncio.shield(future), limit)
        except TimeoutError:
            raise WorkerError(f"no bot worker finished job {job_id} in {limit:g} s") from None
        if status != "done" or result is None:
            raise WorkerError(str((result or {}).get("error", "the job failed")))
        return result

    async def _poll(self) -> None:
        while self.waiting:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), self.poll_s)
            self._woken.clear()
            if not self.waiting:
                break
            ended = await asyncio.to_thread(self.queue.ended, list(self.waiting))
            for job_id, outcome in ended.items():
                if (future := self.waiting.pop(job_id, None)) is None:
                    continue
                if not future.done():
                    future.set_result(outcome)

    async def close(self) -> None:
        """Stop polling; whoever still waits is cancelled (the jobs stay queued)."""
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
        for future in self.waiting.values():
            future.cancel()
        self.waiting.clear()
