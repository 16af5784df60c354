"""Bot moves, hints and reviews, computed in worker processes and shared fairly among tables.

The server's own process only serves sockets: every bot move, hint and review search is
a job for a worker process. Jobs go into one of four *lanes*, each with its own
processes, so that cheap moves never wait behind a search:

* ``quick``: moves of bots that take milliseconds (``random``, ``greedy``);
* ``search``: moves of searching bots (``mcts…``), up to the server's time cap;
* ``hint``: hint searches;
* ``review``: the searches of game reviews (``server/reviews.py``), one decision a job.

Within a lane tables take turns: when a process frees up, the table that has waited
longest since its last job goes next, however many jobs another table has queued.
A job whose caller gives up (a table closed, the server stopping) or that overruns
its time limit has its process killed; a fresh one starts for the next job.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import signal
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

LANES = ("quick", "search", "hint", "review")
QUICK_BOTS = ("random", "greedy")
DEFAULT_PROCESSES = {"quick": 1, "search": 1, "hint": 1, "review": 1}
KILL_GRACE_S = 5.0
CLOSE_POLL_S = 0.5  # how often closing a lane cancels a runner that has not ended yet
"""A job may overrun its own time cap by this much before its process is killed."""


class WorkerError(RuntimeError):
    """A job failed in its worker process (the message names the exception), or the
    process died or overran its time limit."""


def _serve(conn: Connection, setup: Callable[[], None] | None) -> None:
    """A worker process: run ``(fn, args)`` jobs from ``conn`` one at a time, forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself
    if setup is not None:
        setup()
    while True:
        try:
            fn, args = conn.recv()
        except EOFError:
            return
        try:
            reply: tuple[bool, Any] = (True, fn(*args))
        except Exception as exc:  # reported to the caller, the worker lives on
            reply = (False, f"{type(exc).__name__}: {exc}")
        conn.send(reply)


class _Worker:
    """One worker process and its pipe; started on first use, killed on overrun."""

    def __init__(self, setup: Callable[[], None] | None) -> None:
        self.setup = setup
        self.process: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None

    def _ensure(self) -> Connection:
        if self.process is None or not self.process.is_alive() or self.conn is None:
            self.kill()
            ctx = multiprocessing.get_context("spawn")
            parent, child = ctx.Pipe()
            self.process = ctx.Process(target=_serve, args=(child, self.setup), daemon=True)
            self.process.start()
            child.close()
            self.conn = parent
        return self.conn

    async def call(self, fn: Callable[..., Any], args: tuple[Any, ...], limit: float) -> Any:
        """Run ``fn(*args)`` in the process; kill it if the caller gives up or after
        ``limit`` seconds."""
        conn = self._ensure()
        conn.send((fn, args))
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = conn.fileno()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, wake)
        try:
            await asyncio.wait_for(ready, limit)
            ok, value = conn.recv()
        except TimeoutError:
            self.kill()
            raise WorkerError(f"the job ran over its {limit:g} s limit and was stopped") from None
        except (EOFError, OSError):
            self.kill()
            raise WorkerError("the worker process died during the job") from None
        except BaseException:
            self.kill()  # cancelled: nobody wants the answer, free the process now
            raise
        finally:
            with contextlib.suppress(Exception):
                loop.remove_reader(fd)
        if not ok:
            raise WorkerError(value)
        return value

    def kill(self) -> None:
        """Stop the process (if any) at once."""
        process, conn, self.process, self.conn = self.process, self.conn, None, None
        if conn is not None:
            conn.close()
        if process is not None and process.is_alive():
            process.kill()
            process.join(timeout=5)


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    limit: float
    future: asyncio.Future[Any] = field(repr=False)


class _Lane:
    """Processes of one lane and the jobs waiting for them, queued per table."""

    def __init__(self, name: str, processes: int, setup: Callable[[], None] | None) -> None:
        self.name = name
        self.workers = [_Worker(setup) for _ in range(processes)]
        self.waiting: OrderedDict[str, deque[_Job]] = OrderedDict()
        self.wake = asyncio.Event()
        self.runners = [asyncio.create_task(self._run(w)) for w in self.workers]

    def submit(self, table: str, job: _Job) -> None:
        self.waiting.setdefault(table, deque()).append(job)
        self.wake.set()

    def _next(self) -> _Job | None:
        """The first job of the table that has waited longest; that table goes last."""
        while self.waiting:
            table, jobs = next(iter(self.waiting.items()))
            job = jobs.popleft()
            if jobs:
                self.waiting.move_to_end(table)
            else:
                del self.waiting[table]
            if not job.future.done():  # skip jobs whose caller gave up
                return job
        return None

    async def _run(self, worker: _Worker) -> None:
        while True:
            job = self._next()
            if job is None:
                self.wake.clear()
                await self.wake.wait()
                continue
            task = asyncio.ensure_future(worker.call(job.fn, job.args, job.limit))

            def give_up(future: asyncio.Future[Any], task: asyncio.Future[Any] = task) -> None:
                if future.cancelled():
                    task.cancel()

            job.future.add_done_callback(give_up)
            try:
                result = await task
            except asyncio.CancelledError:
                me = asyncio.current_task()
                if job.future.cancelled() and not (me and me.cancelling()):
                    continue  # the caller gave up; the worker was killed
                raise
            except Exception as exc:
                if not job.future.done():
                    job.future.set_exception(exc)
                continue
            if not job.future.done():
                job.future.set_result(result)

    async def close(self) -> None:
        for runner in self.runners:
            runner.cancel()
        for runner in self.runners:
            # Python 3.11's wait_for can swallow a cancellation that meets the job's own
            # end (a worker answering as the server stops): cancel again until it ends
            while not runner.done():
                await asyncio.wait({runner}, timeout=CLOSE_POLL_S)
                runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await runner
        for worker in self.workers:
            worker.kill()
        for jobs in self.waiting.values():
            for job in jobs:
                job.future.cancel()
        self.waiting.clear()


class BotPool:
    """The worker processes of one server, by lane (see the module's docstring)."""

    def __init__(
        self,
        processes: dict[str, int] | None = None,
        setup: Callable[[], None] | None = None,
    ) -> None:
        sizes = {**DEFAULT_PROCESSES, **(processes or {})}
        for lane, n in sizes.items():
            if lane not in LANES or not isinstance(n, int) or n < 1:
                raise ValueError(f"bot pool: lane {lane!r} needs a whole number of processes")
        self.sizes = sizes
        self.setup = setup
        self.lanes: dict[str, _Lane] = {}

    def _lane(self, name: str) -> _Lane:
        lane = self.lanes.get(name)
        if lane is None:
            lane = self.lanes[name] = _Lane(name, self.sizes[name], self.setup)
        return lane

    async def run(
        self,
        lane: str,
        table: str,
        fn: Callable[..., Any],
        args: Sequence[Any],
        limit: float,
    ) -> Any:
        """``fn(*args)`` in a process of ``lane``, in turn with other tables' jobs.

        ``fn`` must be importable (module level) and its arguments picklable. Raises
        :class:`WorkerError` when the job fails, dies or runs past ``limit`` seconds.
        """
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._lane(lane).submit(table, _Job(fn, tuple(args), limit, future))
        return await future

    def pending(self, lane: str) -> int:
        """Jobs waiting (not yet running) in ``lane``."""
        found = self.lanes.get(lane)
        return 0 if found is None else sum(len(j) for j in found.waiting.values())

    async def close(self) -> None:
        """Stop every process; waiting jobs are cancelled."""
        lanes, self.lanes = list(self.lanes.values()), {}
        for lane in lanes:
            await lane.close()


def lane_for(spec: str) -> str:
    """The lane of a bot spec's moves."""
    return "quick" if spec.partition(":")[0] in QUICK_BOTS else "search"
