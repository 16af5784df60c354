"""Bots and hints: the table's bot loop, forced decisions, hint requests; their
searches run in worker processes (:mod:`botpool`).

:class:`BotPlay` is a part of :class:`tables.TableManager` (a mixin): it uses the
manager's pool, configuration and ``_commit``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

from .. import games
from ..bots import make_bot
from ..core.rng import derive_seed, public_seed
from ..core.state import State
from .botjobs import JobWaiter
from .botpool import KILL_GRACE_S, BotPool, WorkerError, lane_for
from .config import ServerConfig
from .db import Store
from .hints import hint_job, hint_spec
from .live import Connection, LiveTable, apply_noticed, error
from .notices import NoticedAction

if TYPE_CHECKING:
    from .fanout import Fanout

log = logging.getLogger("dragontable.server")

BOT_STALLED = "a bot could not make its move; it tries again when someone opens the table"
"""What the table says of a failed bot move (the details go to the server's log only)."""
HINT_LIMIT_S = 30.0
"""A hint search overrunning this (wall-clock, queueing excluded) is stopped."""
JOB_TAKEOVER_S = 2.0
"""With several processes: how long one that did not make the last move waits before it
queues the bot's job itself (see ``BotPlay._queues_here``)."""
JOB_WAIT_S = 120.0
"""With bot workers of their own: how long a table waits for its job (queueing and a
dead worker's lease included) before it reports the bot stalled."""


def choose_bot_action(spec: str, state: State, seat: int, max_seconds: float | None = None) -> str:
    """A bot's action, seeded by what its seat knows: its view and the move number
    (resumes identically), never the game's seed, which decides every hidden card, so the
    move other seats see depends on no secret; a search stops after ``max_seconds`` of
    CPU in any case."""
    seed = derive_seed(public_seed(state, seat, len(state.history)))
    return make_bot(spec, state.game.name, seed, max_seconds=max_seconds).choose(state)


def bot_job(spec: str, snapshot: dict[str, Any], max_seconds: float) -> str:
    """:func:`choose_bot_action` for a state snapshot (``State.to_json``): a worker's job."""
    state = games.from_json(snapshot)
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: no bot move")
    return choose_bot_action(spec, state, seat, max_seconds)


class BotPlay:
    """Plays bot seats and forced decisions until a human has a real choice, and answers
    hint requests (one search per seat at a time; the same answer for the same decision)."""

    pool: BotPool
    config: ServerConfig
    store: Store
    live: dict[str, LiveTable]
    bot_delay: float
    auto_forced: bool
    _unsent: dict[str, list[dict[str, Any]]]
    fanout: Fanout
    bot_jobs: JobWaiter | None = None
    """Set when bot workers of their own (``dragontable bots``) play the bots: moves and
    hints are then jobs in the database (:mod:`botjobs`), not runs of the local pool."""

    if TYPE_CHECKING:

        async def catch_up(self, table: LiveTable, kinds: AbstractSet[str] = ...) -> None: ...

        async def _commit(self, table: LiveTable, seat: int, action: str) -> None: ...
        async def after_commit(self, table: LiveTable, mover: int) -> None: ...
        @staticmethod
        def _drop_offer(table: LiveTable, why: str, by: int) -> None: ...

    async def hint(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The search bot's best actions for the sender's own decision, to the sender only."""
        if message.get("hint") is not True:
            return error("bad_message", 'send {"hint": true}')
        st = table.state
        if conn.seat is None:
            return error("cannot_hint", "spectators get no hints")
        seat = conn.seat
        if st.is_over or st.current_player != seat or seat not in table.humans():
            return error("cannot_hint", "a hint is for your own decision, on your turn")
        n = len(st.history)
        cached = table.hints.get(seat)
        if cached is not None and cached[0] == n:
            return cached[1]  # asked again for the same decision: no second search
        if seat in table.hinting:
            return error("cannot_hint", "a hint for your seat is being prepared already")
        table.hinting.add(seat)
        try:
            actions = await self._hint_actions(table, seat)
        except WorkerError as exc:
            log.warning("table %s: hint failed: %s", table.id, exc)
            return error("cannot_hint", "no hint could be found this time; try again")
        finally:
            table.hinting.discard(seat)
        reply = {"type": "hint", "n_actions": n, "actions": actions}
        table.hints[seat] = (n, reply)
        return reply

    async def _hint_actions(self, table: LiveTable, seat: int) -> Any:
        """The hint's actions, from the local pool or a bot worker's job."""
        st, iterations = table.state, self.config.hint_iterations
        judging = self.config.review_iterations  # a hinted move's chance: its review's
        if self.bot_jobs is None:
            args = (st.to_json(), iterations, judging)
            return await self.pool.run("hint", table.id, hint_job, args, limit=HINT_LIMIT_S)
        spec = hint_spec(iterations, judging)
        n = len(st.history)
        result = await self.bot_jobs.run(table.id, "hint", seat, n, spec, JOB_WAIT_S)
        if "actions" not in result:
            raise WorkerError("the table moved on before the hint was ready")
        return result["actions"]

    # -- bots and forced decisions --------------------------------------------------
    def kick(self, table: LiveTable) -> None:
        """Make sure the table's bot loop runs if a bot (or a forced decision) is due."""
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    def _automatic(self, table: LiveTable) -> str | None:
        """The bot spec to move now, ``forced`` for a one-option decision, else None."""
        st = table.state
        if st.is_over:
            return None
        spec = table.bot_to_move()
        if spec is not None:
            return spec
        if self.auto_forced and st.forced_action() is not None:
            return "forced"
        return None

    async def _bot_move(self, table: LiveTable, spec: str) -> str:
        """The move of the bot ``spec`` for the seat to move, from a worker process."""
        cap = self.config.bot_max_seconds
        args = (spec, table.state.to_json(), cap)
        action = await self.pool.run(
            lane_for(spec), table.id, bot_job, args, limit=cap + KILL_GRACE_S
        )
        return str(action)

    async def _run_bots(self, table: LiveTable) -> None:
        """Play bot seats and forced decisions until a human has a real choice."""
        try:
            while (spec := self._automatic(table)) is not None:
                if spec != "forced" and self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                n = len(table.state.history)
                if spec != "forced" and not await self._queues_here(table):
                    continue
                async with table.lock:
                    if self._automatic(table) != spec or len(table.state.history) != n:
                        continue
                    st = table.state
                    seat = st.current_player
                    assert seat is not None
                    forced = st.forced_action()
                    if spec == "forced" and forced is not None:
                        await self._commit(table, seat, forced)
                    elif self.bot_jobs is not None:
                        await self._queued_move(table, self.bot_jobs, spec, seat)
                    else:
                        await self._commit(table, seat, await self._bot_move(table, spec))
                    table.bot_error = None
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot or the database failed: keep the table, report it
            log.exception("table %s: bot loop stopped", table.id)
            table.bot_error = BOT_STALLED

    # -- bot workers of their own (dragontable bots) ----------------------------------
    async def _queues_here(self, table: LiveTable) -> bool:
        """Whether this process queues the bot's job now. With several processes holding
        the table, the one whose move (or whose job's move) led here does, at once; the
        others wait ``JOB_TAKEOVER_S`` first (the table has usually moved on by then:
        False) and queue it only if it has not, as when that process died before
        queueing: one ``enqueue`` a bot move, not one per process."""
        n = len(table.state.history)
        if self.bot_jobs is None or not self.fanout.shared or table.moved_here == n:
            return True
        table.moved.clear()
        with contextlib.suppress(TimeoutError):  # a move meanwhile: look again at once
            await asyncio.wait_for(table.moved.wait(), JOB_TAKEOVER_S)
        return not table.moved.is_set() and len(table.state.history) == n

    async def _queued_move(self, table: LiveTable, jobs: JobWaiter, spec: str, seat: int) -> None:
        """Have a bot worker play (and commit) the move, then take it in: from the job's
        result when the table is where the job found it (the move's notice then finds
        it played), else by reading the table. Caller holds ``table.lock``."""
        n = len(table.state.history)
        result = await jobs.run(table.id, "move", seat, n, spec, JOB_WAIT_S)
        if not self._take_result(table, n, seat, result) and not await self._sync(table, n):
            raise WorkerError("the bot worker found the table at another position")
        table.moved_here = len(table.state.history)  # the next job is queued from here
        await self.after_commit(table, seat)

    def _take_result(self, table: LiveTable, n: int, seat: int, result: dict[str, Any]) -> bool:
        """Play the move a bot worker committed (its job's ``result``) here without
        reading it back; False where the result is not enough (no move, the table
        moved, seat clocks changed with it)."""
        action, target = result.get("action"), result.get("target")
        if not isinstance(action, str) or not isinstance(target, str | None):
            return False
        if len(table.state.history) != n or table.row.clock is not None:
            return False
        zombie, forced = table.row.seats[seat].zombie, result.get("forced") is True
        try:
            done = apply_noticed(table, [NoticedAction(n, zombie, False, forced, target, action)])
        except Exception:
            log.exception("table %s: a bot worker's move did not apply", table.id)
            return False
        table.last_active = time.monotonic()
        self._drop_offer(table, "acted", seat)
        table.broadcast(self._unsent.pop(table.id, []) + done)  # caught up with, held back
        return True

    async def _sync(self, table: LiveTable, n: int) -> bool:
        """Catch the table up with what is stored (:meth:`catch_up`: the tail from our
        last action); whether it has more than ``n`` actions now. Caller holds
        ``table.lock``."""
        await self.catch_up(table)
        if len(table.state.history) <= n:
            return False
        table.last_active = time.monotonic()
        return True
