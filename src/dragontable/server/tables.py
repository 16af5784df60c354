"""The table manager: opens, loads and drops tables, takes connections, checks and commits
actions. Its other rooms: :mod:`seats` (undo, hand-over, reclaim) and :mod:`botplay` (the
bot loop, forced decisions, hints).

Every accepted action goes to the database first (one transaction); only then does
the in-memory state move on and anyone hear of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from .. import games
from ..core.datafiles import configure_data_dirs, data_dirs
from ..core.errors import IllegalAction, NotationError, Refusal
from ..core.messages import render
from .botjobs import NOTICED_POLL_S, POLL_S, JobQueue, JobWaiter
from .botplay import BotPlay
from .botpool import BotPool
from .chat import ChatRequests, load_mutes
from .clocks import ClockPlay, apply_clocks, clock_changes, overdue
from .config import ServerConfig
from .db import SeatRow, StaleWrite, Store, TableRow
from .fanout import Fanout, FanoutPlay, make_fanout
from .limits import CHAT_MESSAGES, CHAT_WINDOW_S, SlidingWindow
from .live import (
    Connection,
    LiveTable,
    Move,
    error,
    hash_token,
    table_result,
    table_status,
)
from .lobby import TableSpec
from .outcomes import Outcomes
from .presence import PresencePlay
from .seats import SeatRequests
from .timesource import Clock, SystemClock

log = logging.getLogger("dragontable.server")

Request = Callable[[LiveTable, Connection, dict[str, Any]], Awaitable[dict[str, Any] | None]]
"""A handler of a client request besides ``action``: an error message, or None."""

MESSAGES = (
    '{"action": "<notation>"}, {"undo": true}, {"undo_reply": true|false}, '
    '{"hand_to_bot": <seat>, "bot": "<level>"}, {"reclaim": true}, {"hint": true}, '
    '{"chat": "<text>"}, {"mute": <seat>} or {"unmute": <seat>}'
)
"""The requests a client may send, for error messages."""


STALE_RETRIES = 3
"""How often a seat's move is tried again at the new position after another process's
move came first, before the seat is told ``stale``."""


class ServerFull(Exception):
    """No room for another live table (``ServerConfig.max_live_tables``)."""


class TableManager(
    SeatRequests, BotPlay, ClockPlay, ChatRequests, Outcomes, FanoutPlay, PresencePlay
):
    """All live tables of one server process over one :class:`Store`; table clocks
    read ``clock`` (:mod:`timesource`); ``fanout`` hears of other processes' changes
    (:mod:`fanout`; by default PostgreSQL's ``LISTEN``, none on SQLite)."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        auto_forced: bool = True,
        config: ServerConfig | None = None,
        pool: BotPool | None = None,
        clock: Clock | None = None,
        fanout: Fanout | None = None,
    ) -> None:
        self.store = store
        self.fanout = fanout or make_fanout(store)
        self._dirty, self._refreshing, self._unsent = {}, {}, {}
        self._telling, self.heard = set(), {}
        self.clock = clock or SystemClock()
        self.chat_limiter = SlidingWindow(CHAT_MESSAGES, CHAT_WINDOW_S)
        self.bot_delay = bot_delay
        self.auto_forced = auto_forced
        self.config = config or ServerConfig()
        self.pool = pool or BotPool(
            dict(self.config.processes), setup=partial(configure_data_dirs, data_dirs())
        )
        if self.config.bot_workers == "external":  # dragontable bots play the bots
            poll_s = NOTICED_POLL_S if self.fanout.shared else POLL_S  # notices tell ends
            self.bot_jobs = JobWaiter(JobQueue(store), poll_s)
        self.live: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._presencer: asyncio.Task[None] | None = None

    # -- life cycle -------------------------------------------------------------
    async def start(self) -> None:
        """Load every unfinished table, put the zombie on seats whose time ran out while
        the server was down, let the bots continue and start checking the clocks; hear
        of other processes' changes from then on."""
        await asyncio.to_thread(games.names)  # import every game before the first table
        await self.fanout.start(self.on_notice, self.on_reconnect)
        for table_id in await asyncio.to_thread(self.store.unfinished):
            table = await self.get(table_id)
            if table is not None:
                self.kick(table)
        await self.check_clocks()
        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(self._sweep_forever())
        self._ticker = loop.create_task(self.tick_forever(self.config.clock_tick_s))
        if self.fanout.shared:
            self._presencer = loop.create_task(self.presence_forever())

    async def stop(self) -> None:
        """Stop the bots and close every connection's writer."""
        await self.fanout.stop()
        for task in (self._sweeper, self._ticker, self._presencer, *self._refreshing.values()):
            if task is not None:
                task.cancel()
        tasks = [t.bot_task for t in self.live.values() if t.bot_task and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for table in self.live.values():
            for conn in table.conns:
                conn.queue.put_nowait(None)
        await self.pool.close()
        if self.bot_jobs is not None:
            await self.bot_jobs.close()

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, replayed from the database on first use; None if unknown."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is None:
                row = await asyncio.to_thread(self.store.load, table_id)
                if row is None:
                    return None
                self._make_room()
                table = await asyncio.to_thread(LiveTable.from_row, row)
                table.grace_s, table.clock = self.config.grace_s, self.clock
                table.mutes = await asyncio.to_thread(load_mutes, self.store, table_id)
                await self.sync_clocks(table)
                await self.reload_offer(table)
                self.live[table_id] = table
                self.presence_heard(table)
                self.ask_presence(table)
        return table

    # -- memory: idle tables leave it -------------------------------------------------
    SWEEP_S = 5.0

    def _idle(self, table: LiveTable, now: float, idle_s: float) -> bool:
        """Nobody is connected, no bot is thinking, nothing happened for ``idle_s``
        (a finished table needs no wait)."""
        busy = table.bot_task is not None and not table.bot_task.done()
        wait = 0.0 if table.state.is_over else idle_s
        return not table.conns and not busy and now - table.last_active >= wait

    def sweep(self, idle_s: float | None = None) -> int:
        """Let idle tables leave memory; return how many left."""
        now = time.monotonic()
        idle_s = self.config.idle_s if idle_s is None else idle_s
        gone = [tid for tid, t in self.live.items() if self._idle(t, now, idle_s)]
        for tid in gone:
            del self.live[tid]
            self._unsent.pop(tid, None)
        return len(gone)

    def _make_room(self) -> None:
        """Free a place for one more live table, idle ones first; ServerFull if none."""
        if len(self.live) < self.config.max_live_tables:
            return
        self.sweep()
        if len(self.live) >= self.config.max_live_tables:
            self.sweep(idle_s=0.0)
        if len(self.live) >= self.config.max_live_tables:
            raise ServerFull(
                f"this server holds {self.config.max_live_tables} tables in play; "
                "try again when some have finished"
            )

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.SWEEP_S)
            self.sweep()

    # -- the lobby ----------------------------------------------------------------
    async def create(self, spec: TableSpec) -> tuple[LiveTable, dict[int, str]]:
        """Open a table; return it and a fresh token for each human seat.

        Raises :class:`ServerFull` when no more tables fit in memory.
        """
        self._make_room()
        state = await asyncio.to_thread(
            games.create, spec.game, spec.players, spec.seed, spec.options
        )
        tokens = {i: secrets.token_urlsafe(24) for i, k in enumerate(spec.seats) if k == "human"}
        start = spec.clock.start_ms() if spec.clock else None
        seats = [
            SeatRow(
                i,
                kind,
                spec.names[i],
                hash_token(tokens[i]) if i in tokens else None,
                clock_left_ms=start if i in tokens else None,
            )
            for i, kind in enumerate(spec.seats)
        ]
        table_id = secrets.token_urlsafe(6)
        row = TableRow(table_id, spec.game, spec.players, state.seed, state.options, "open", seats)
        row.to_move, row.clock = state.current_player, spec.clock
        apply_clocks(row, clock_changes(row, state, self.clock.now()))
        table = LiveTable(row, state, grace_s=self.config.grace_s, clock=self.clock)
        row.status = table.status()
        self._make_room()  # again: other tables may have come in while this one was built
        await asyncio.to_thread(self.store.create, row)
        self.live[table_id] = table
        self.kick(table)
        return table, tokens

    # -- connections --------------------------------------------------------------
    async def join(self, table: LiveTable, conn: Connection) -> None:
        """Add a connection; the first visit of a seat marks it joined."""
        seat = conn.seat
        if seat is not None and not table.row.seats[seat].joined:
            await asyncio.to_thread(self.store.mark_joined, table.id, seat)
            table.row.seats[seat].joined = True
            await asyncio.to_thread(self.store.set_status, table.id, table.status())
        history = await self.chat_history(table, conn)
        async with table.lock:
            table.conns.add(conn)
            table.mark_presence()
            names = table.names_in(conn.lang)
            welcome = {"type": "welcome", "seat": seat, "lang": conn.lang, "names": names}
            conn.push({**welcome, **history})
            conn.push(table.update_for(conn, []))
            if (offer := table.offer_message()) is not None:
                conn.push(offer)
            self.presence_changed(table)
        self.kick(table)  # a visit restarts bots that stopped on an error

    def leave(self, table: LiveTable, conn: Connection) -> None:
        """Forget a closed connection; tell the others if its seat is no longer here."""
        table.conns.discard(conn)
        self.presence_changed(table)

    # -- actions ------------------------------------------------------------------
    async def act(self, table: LiveTable, conn: Connection, message: Any) -> dict[str, Any] | None:
        """Handle a client's message; return an error message, or None once committed."""
        requests = self._requests()
        if isinstance(message, dict) and (verbs := set(message) & {"action", *requests}):
            if len(verbs) > 1:
                return error("bad_message", f"send one request at a time: one of {MESSAGES}")
            if (verb := verbs.pop()) != "action":
                return await requests[verb](table, conn, message)
        if not isinstance(message, dict) or not isinstance(message.get("action"), str):
            return error("bad_message", f"send one of {MESSAGES}")
        if conn.seat is None:
            return error("spectator", "spectators cannot act; open the table with a seat's link")
        async with table.lock:
            st = table.state
            if st.is_over:
                return error("game_over", "the game is over")
            if st.current_player != conn.seat:
                who = table.names[st.current_player] if st.current_player is not None else "-"
                return error("not_your_turn", f"it is not your turn: waiting for {who}")
            if overdue(table.row, self.clock.now()) == conn.seat:
                await self.time_out(table)
                self.kick(table)
                return error("time_out", "your time ran out: a bot plays your seat; reclaim it")
            if table.row.seats[conn.seat].bot is not None:
                return error("handed_over", "a bot plays your seat now; reclaim it first")
            try:
                if stale := await self._commit_or_why(table, conn.seat, message["action"]):
                    return stale
            except NotationError as exc:
                return refusal("notation", exc, conn.lang, table.names_in(conn.lang))
            except IllegalAction as exc:
                return refusal("illegal", exc, conn.lang, table.names_in(conn.lang))
        self.kick(table)
        return None

    async def _commit_or_why(
        self, table: LiveTable, seat: int, action: str
    ) -> dict[str, Any] | None:
        """Commit a seat's ``action``; if another process's move came first (the table
        has caught up with it), commit it again at the new position while it is still
        the seat's turn and the action still legal there. None once committed, else the
        ``stale`` error saying why it no longer fits. Caller holds ``table.lock``."""
        for _ in range(STALE_RETRIES):
            if await self._try_commit(table, seat, action):
                return None
            st = table.state
            if st.is_over:
                return error("stale", "another move came first and the game is over")
            if st.current_player != seat or table.row.seats[seat].bot is not None:
                who = table.names[st.current_player] if st.current_player is not None else "-"
                return error("stale", f"another move came first: it is {who}'s turn now")
            if not st.is_legal(action):
                return error("stale", "another move came first: your move is no longer legal")
        return error("stale", "other moves kept coming first; here is the table now")

    async def _commit(self, table: LiveTable, seat: int, action: str) -> None:
        """:meth:`_try_commit`; if another process moved first, the table has caught up."""
        await self._try_commit(table, seat, action)

    async def _try_commit(self, table: LiveTable, seat: int, action: str) -> bool:
        """Store ``action`` and any one-option decisions after it, then tell everyone;
        False if another process stored a move first (the table then catches up with it).

        Caller holds ``table.lock``. Engine errors propagate with nothing changed.
        """
        try:
            first = await self._store(table, seat, action)
        except StaleWrite:
            await self.catch_up(table)
            return False
        done = [*self._unsent.pop(table.id, []), first]
        self._drop_offer(table, "acted", seat)
        while self.auto_forced and (forced := table.state.forced_action()) is not None:
            forced_seat = table.state.current_player
            assert forced_seat is not None
            try:
                done.append(await self._store(table, forced_seat, forced))
            except StaleWrite:  # another process played it: send ours with its moves
                self._unsent[table.id] = done
                await self.catch_up(table)
                return True
        table.broadcast(done)
        await self.after_commit(table, seat)
        return True

    async def _store(self, table: LiveTable, seat: int, action: str) -> dict[str, Any]:
        """Apply on a copy, append it to the database, then make it the state."""
        new = table.state.clone()
        forced = new.forced_action() is not None
        new.apply(action)
        notation = new.history[-1]
        target = table.state.shared_target(notation)
        zombie = table.row.seats[seat].zombie
        clocks = clock_changes(table.row, new, self.clock.now())
        await self.store.append(
            table.id,
            len(new.history) - 1,
            seat,
            notation,
            table_status(table.row, new),
            table_result(new),
            new.current_player,
            zombie,
            clocks,
            told=(forced, target),
        )
        apply_clocks(table.row, clocks)
        table.state = new
        table.moved_here = len(new.history)
        table.moved.set()
        table.last_active = time.monotonic()
        table.moves.append(Move(seat, forced, zombie))
        return {"seat": seat, "action": notation, "target": target}

    # -- the other requests: undo and seats (seats.py), hints (botplay.py) ------------
    def _requests(self) -> dict[str, Request]:
        """The handlers of the requests besides ``action``, by their key."""
        return {
            "undo": self.request_undo,
            "undo_reply": self.reply_undo,
            "hand_to_bot": self.hand_to_bot,
            "reclaim": self.reclaim,
            "hint": self.hint,
            "chat": self.chat,
            "mute": self.mute,
            "unmute": self.unmute,
        }


def refusal(code: str, exc: Refusal, lang: str, names: list[str]) -> dict[str, Any]:
    """The error for a refused move: ``message`` in the reader's language (seats by
    name), ``detail`` the reason as its message key with parameters."""
    return error(code, render(exc.message, lang, names), exc.message)
