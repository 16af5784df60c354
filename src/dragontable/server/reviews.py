"""Game reviews of finished tables (:mod:`dragontable.review`): computed once, kept.

``POST /api/tables/{id}/review?seat=N`` starts the review of seat ``N`` (0-based) of a
finished table; ``GET`` the same address answers ``{"status": …}``: ``none`` (never
asked), ``running`` with ``done`` and ``total`` decisions, ``done`` with the ``review``
(its moves labelled in ``?lang=``), or ``failed`` with the ``error`` (a new POST tries
again). A review is stored in the ``reviews`` table (revision 0004) when it is complete,
and served from there ever after.

The search of each decision is one job of the bot pool's ``review`` lane, so the event
loop never waits on it and reviews never slow down bot moves or hints. Only finished
games are reviewed: their records are public (the replay viewer shows them), so a
review reveals nothing. Limits: one job per table and seat at a time, at most
:data:`MAX_RUNNING` reviews at once on a server (then 503), and one client address may
start at most :data:`STARTS_PER_CLIENT` reviews in :data:`STARTS_WINDOW_S` seconds
(then 429); asking for a stored or running review starts nothing and counts nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse

from .. import games
from ..review import REVIEW_VERSION, decisions, describe, judge, result
from .botpool import BotPool
from .db import Store
from .inputs import check_lang, is_table_id
from .limits import SlidingWindow, retry_after
from .live import LiveTable
from .schema import reviews_t
from .tables import TableManager

log = logging.getLogger("dragontable.server")

LANE = "review"
MAX_RUNNING = 4
"""Reviews computed at once on one server."""
STARTS_PER_CLIENT = 10
STARTS_WINDOW_S = 600.0
DECISION_LIMIT_S = 120.0
"""A decision's search running longer than this (wall clock, queueing excluded) is stopped."""
RETRY_S = 30.0
"""What a refusal for a busy server suggests waiting."""
LABELLED_CACHE = 64
"""Reviews kept in memory with their labels, per table, seat and language."""
FAILURES_KEPT = 256
"""Failed reviews remembered for the page (the oldest are forgotten first)."""
STATUS_ACCEPTED = 202
STATUS_TOO_MANY = 429
STATUS_BUSY = 503


@dataclass
class Job:
    """A review being computed: decisions judged so far, of how many (None: not known yet)."""

    task: asyncio.Task[None] | None = None
    done: int = 0
    total: int | None = None


class Reviews:
    """The reviews of one server: running jobs, failures, stored reviews with labels."""

    def __init__(self, store: Store, pool: BotPool, iterations: int) -> None:
        self.store = store
        self.pool = pool
        self.iterations = iterations
        self.running: dict[tuple[str, int], Job] = {}
        self.failed: OrderedDict[tuple[str, int], str] = OrderedDict()
        self.limiter = SlidingWindow(STARTS_PER_CLIENT, STARTS_WINDOW_S)
        self.labelled: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()

    async def start(self, table: LiveTable, seat: int, client: str) -> JSONResponse:
        """Start the review of ``seat`` unless it is stored or running; its status."""
        key = (table.id, seat)
        if key not in self.running and await self._stored(key):
            return JSONResponse({"status": "done"})
        if key not in self.running:  # checked again: another request may have started it
            if len(self.running) >= MAX_RUNNING:
                message = f"the server is computing {MAX_RUNNING} reviews; try again soon"
                return refuse(STATUS_BUSY, message, RETRY_S)
            if wait := self.limiter.acquire(client):
                limit = f"{self.limiter.limit} reviews in {self.limiter.window_s:g} s"
                return refuse(STATUS_TOO_MANY, f"one address may start at most {limit}", wait)
            self.failed.pop(key, None)
            job = self.running[key] = Job()
            job.task = asyncio.create_task(self._run(key, table.state.record(), job))
        return JSONResponse(self.progress(key), status_code=STATUS_ACCEPTED)

    async def _stored(self, key: tuple[str, int]) -> bool:
        return await asyncio.to_thread(load_review, self.store, *key) is not None

    def progress(self, key: tuple[str, int]) -> dict[str, Any]:
        """The status of a running review."""
        job = self.running[key]
        return {"status": "running", "done": job.done, "total": job.total}

    async def status(self, table: LiveTable, seat: int, lang: str) -> dict[str, Any]:
        """The review's status; a complete one with its moves labelled in ``lang``."""
        key = (table.id, seat)
        if key in self.running:
            return self.progress(key)
        found = self.labelled.get((*key, lang))
        if found is None:
            stored = await asyncio.to_thread(load_review, self.store, *key)
            if stored is None:
                error = self.failed.get(key)
                return {"status": "none"} if error is None else {"status": "failed", "error": error}
            record, names = table.state.record(), table.names_in(lang)
            found = await asyncio.to_thread(describe, record, stored, lang, names)
            self._remember((*key, lang), found)
        return {"status": "done", "review": found}

    def _remember(self, key: tuple[str, int, str], review: dict[str, Any]) -> None:
        self.labelled[key] = review
        while len(self.labelled) > LABELLED_CACHE:
            self.labelled.popitem(last=False)

    async def _run(self, key: tuple[str, int], record: dict[str, Any], job: Job) -> None:
        """Judge each decision in the pool, then store the review; a failure is kept."""
        table_id, seat = key
        try:
            found = await asyncio.to_thread(snapshots, record, seat)
            job.total = len(found)
            judged = []
            for snapshot, index, move in found:
                args = (snapshot, seat, index, move, self.iterations)
                judged.append(
                    await self.pool.run(
                        LANE, f"{table_id}:{seat}", judge_job, args, DECISION_LIMIT_S
                    )
                )
                job.done += 1
            review = result(record, seat, self.iterations, judged)
            await asyncio.to_thread(save_review, self.store, table_id, seat, review)
        except Exception as exc:  # kept for the page; the server goes on
            log.warning("table %s: the review of seat %d failed: %s", table_id, seat, exc)
            self.failed[key] = "the review could not be computed this time; try again"
            while len(self.failed) > FAILURES_KEPT:
                self.failed.popitem(last=False)
        finally:
            self.running.pop(key, None)

    async def stop(self) -> None:
        """Cancel every running review (the server is stopping)."""
        tasks = [job.task for job in self.running.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


def snapshots(record: dict[str, Any], seat: int) -> list[tuple[dict[str, Any], int, str]]:
    """Each decision of ``seat`` to review: its state's snapshot, its index, the move played."""
    return [(d.state.to_json(), d.index, d.move) for d in decisions(record, seat)]


def judge_job(
    snapshot: dict[str, Any], seat: int, index: int, move: str, iterations: int
) -> dict[str, Any]:
    """:func:`review.judge` for a state snapshot: a worker process's job."""
    return judge(games.from_json(snapshot), seat, index, move, iterations)


def load_review(store: Store, table_id: str, seat: int) -> dict[str, Any] | None:
    """The stored review of a table's seat in this version of the format, or None."""
    query = reviews_t.select().where(reviews_t.c.table_id == table_id, reviews_t.c.seat == seat)
    with store.engine.connect() as conn:
        row = conn.execute(query).mappings().first()
    if row is None or row["version"] != REVIEW_VERSION:
        return None
    return dict(row["review"])


def save_review(store: Store, table_id: str, seat: int, review: dict[str, Any]) -> None:
    """Store a complete review of a table's seat (replacing one of an older version)."""
    mine = (reviews_t.c.table_id == table_id) & (reviews_t.c.seat == seat)
    row = {
        "table_id": table_id,
        "seat": seat,
        "version": review["version"],
        "iterations": review["iterations"],
        "review": review,
        "created_at": dt.datetime.now(dt.UTC),
    }
    with store.engine.begin() as conn:
        conn.execute(reviews_t.delete().where(mine))
        conn.execute(reviews_t.insert().values(**row))


def refuse(status: int, message: str, wait: float | None = None) -> JSONResponse:
    """``{"error": message}`` with ``status`` (and ``Retry-After`` when ``wait`` is given)."""
    headers = {"Retry-After": retry_after(wait)} if wait is not None else None
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def finished_seat(
    request: Request, table_id: str, seat: str
) -> tuple[LiveTable, int] | JSONResponse:
    """The finished table ``table_id`` and the seat ``seat`` names, or the refusal."""
    manager: TableManager = request.app.state.manager
    table = await manager.get(table_id) if is_table_id(table_id) else None
    if table is None:
        return refuse(404, f"no table {table_id!r}")
    if not table.state.is_over:
        return refuse(409, "a game is reviewed when it is over")
    players = table.state.players
    if not (seat.isascii() and seat.isdigit() and len(seat) <= 2 and int(seat) < players):
        return refuse(400, f"seat must be a whole number from 0 to {players - 1}, not {seat!r}")
    return table, int(seat)


def query_lang(lang: str = "en") -> str:
    """A request's ``?lang=``: one of the languages, else a 400 that lists them."""
    return check_lang(lang)


Lang = Annotated[str, Depends(query_lang)]


def review_routes(app: FastAPI) -> None:
    """``POST`` and ``GET /api/tables/{id}/review?seat=N`` over ``app.state.reviews``."""

    @app.post("/api/tables/{table_id}/review", response_model=None)
    async def start_review(request: Request, table_id: str, seat: str = "") -> JSONResponse:
        found = await finished_seat(request, table_id, seat)
        if isinstance(found, JSONResponse):
            return found
        client = request.client.host if request.client else "unknown"
        reviews: Reviews = request.app.state.reviews
        return await reviews.start(*found, client)

    @app.get("/api/tables/{table_id}/review", response_model=None)
    async def get_review(
        request: Request, table_id: str, lang: Lang, seat: str = ""
    ) -> JSONResponse | dict[str, Any]:
        found = await finished_seat(request, table_id, seat)
        if isinstance(found, JSONResponse):
            return found
        reviews: Reviews = request.app.state.reviews
        return await reviews.status(*found, lang)
