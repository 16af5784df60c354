"""The table manager: opens tables, checks and commits actions, runs bots, resumes.

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
from ..bots import BOTS, default_bot, make_bot
from ..core.datafiles import configure_data_dirs, data_dirs
from ..core.errors import IllegalAction, NotationError, OptionError
from ..core.rng import derive_seed
from ..core.state import State
from .botpool import KILL_GRACE_S, BotPool, WorkerError, lane_for
from .config import ServerConfig
from .db import SeatRow, Store, TableRow
from .hints import hint_job
from .live import (
    CannotUndo,
    Connection,
    LiveTable,
    Move,
    UndoOffer,
    hash_token,
    replay_moves,
    table_result,
    table_status,
)
from .lobby import TableSpec, check_bot_cost

log = logging.getLogger("dragontable.server")

Request = Callable[[LiveTable, Connection, dict[str, Any]], Awaitable[dict[str, Any] | None]]
"""A handler of a client request besides ``action``: an error message, or None."""

BOT_STALLED = "a bot could not make its move; it tries again when someone opens the table"
"""What the table says of a failed bot move (the details go to the server's log only)."""
HINT_LIMIT_S = 30.0
"""A hint search overrunning this (wall-clock, queueing excluded) is stopped."""

# why an undo offer was dropped, in English (pages use ``table.undo_reason.<why>``)
UNDO_DROPPED = {"declined": "declined", "acted": "acted", "handed": "changed hands"}


def error(code: str, message: str, detail: dict[str, Any] | None = None) -> dict[str, Any]:
    """An ``error`` message for a client: ``message`` in English and, where given,
    ``detail`` = the same reason as ``{"key", **params}`` for the page to translate."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if detail is not None:
        out["detail"] = detail
    return out


MESSAGES = (
    '{"action": "<notation>"}, {"undo": true}, {"undo_reply": true|false}, '
    '{"hand_to_bot": <seat>, "bot": "<level>"}, {"reclaim": true} or {"hint": true}'
)


def check_bot(spec: Any, game: str, players: int, max_seconds: float) -> str:
    """A bot spec for ``game``, checked with ``make_bot``; OptionError names the allowed bots."""
    allowed = []
    for name in BOTS:
        with contextlib.suppress(OptionError):
            make_bot(name, game, 0)
            allowed.append(name)
    hint = f"bots for this game: {', '.join(allowed)} (mcts takes a budget: mcts:2s, mcts:500)"
    if not isinstance(spec, str) or len(spec) > 32:
        raise OptionError(f"bad bot {spec!r}; {hint}")
    try:
        make_bot(spec, game, 0)
    except OptionError as exc:
        raise OptionError(f"{exc}; {hint}") from None
    check_bot_cost(spec, game, players, max_seconds)
    return spec


def choose_bot_action(spec: str, state: State, seat: int, max_seconds: float | None = None) -> str:
    """A bot's action, seeded by table seed, seat and move number (resumes identically);
    a search stops after ``max_seconds`` of CPU in any case."""
    seed = derive_seed(state.seed, seat, len(state.history))
    return make_bot(spec, state.game.name, seed, max_seconds=max_seconds).choose(state)


def bot_job(spec: str, snapshot: dict[str, Any], max_seconds: float) -> str:
    """:func:`choose_bot_action` for a state snapshot (``State.to_json``): a worker's job."""
    state = games.from_json(snapshot)
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: no bot move")
    return choose_bot_action(spec, state, seat, max_seconds)


class ServerFull(Exception):
    """No room for another live table (``ServerConfig.max_live_tables``)."""


class TableManager:
    """All live tables of one server process over one :class:`Store`."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        auto_forced: bool = True,
        config: ServerConfig | None = None,
        pool: BotPool | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.auto_forced = auto_forced
        self.config = config or ServerConfig()
        self.pool = pool or BotPool(
            dict(self.config.processes), setup=partial(configure_data_dirs, data_dirs())
        )
        self.live: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    # -- life cycle -------------------------------------------------------------
    async def start(self) -> None:
        """Load every unfinished table and let its bots continue."""
        for table_id in await asyncio.to_thread(self.store.unfinished):
            table = await self.get(table_id)
            if table is not None:
                self.kick(table)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        """Stop the bots and close every connection's writer."""
        if self._sweeper is not None:
            self._sweeper.cancel()
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
                table.grace_s = self.config.grace_s
                self.live[table_id] = table
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
        seats = [
            SeatRow(i, kind, spec.names[i], hash_token(tokens[i]) if i in tokens else None)
            for i, kind in enumerate(spec.seats)
        ]
        table_id = secrets.token_urlsafe(6)
        row = TableRow(table_id, spec.game, spec.players, state.seed, state.options, "open", seats)
        table = LiveTable(row, state, grace_s=self.config.grace_s)
        row.status = table.status()
        self._make_room()
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
        async with table.lock:
            table.conns.add(conn)
            table.mark_presence()
            names = table.names_in(conn.lang)
            conn.push({"type": "welcome", "seat": seat, "lang": conn.lang, "names": names})
            conn.push(table.update_for(conn, []))
            if (offer := table.offer_message()) is not None:
                conn.push(offer)
            self._presence(table)
        self.kick(table)  # a visit restarts bots that stopped on an error

    def leave(self, table: LiveTable, conn: Connection) -> None:
        """Forget a closed connection and tell the others who is still there."""
        table.conns.discard(conn)
        self._presence(table)

    @staticmethod
    def _presence(table: LiveTable) -> None:
        """Tell everyone who is connected, and when an absent seat may be handed over."""
        table.mark_presence()
        message = {"type": "presence", "connected": table.connected(), "seats": table.seat_info()}
        for other in list(table.conns):
            other.push(message)

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
            if table.row.seats[conn.seat].bot is not None:
                return error("handed_over", "a bot plays your seat now; reclaim it first")
            try:
                await self._commit(table, conn.seat, message["action"])
            except NotationError as exc:
                return error("notation", str(exc))
            except IllegalAction as exc:
                return error("illegal", str(exc))
        self.kick(table)
        return None

    async def _commit(self, table: LiveTable, seat: int, action: str) -> None:
        """Store ``action`` and any one-option decisions after it, then tell everyone.

        Caller holds ``table.lock``. Engine errors propagate with nothing changed.
        """
        done = [await self._store(table, seat, action)]
        self._drop_offer(table, "acted", seat)
        while self.auto_forced and (forced := table.state.forced_action()) is not None:
            forced_seat = table.state.current_player
            assert forced_seat is not None
            done.append(await self._store(table, forced_seat, forced))
        table.broadcast(done)

    async def _store(self, table: LiveTable, seat: int, action: str) -> dict[str, Any]:
        """Apply on a copy, append it to the database, then make it the state."""
        new = table.state.clone()
        forced = new.forced_action() is not None
        new.apply(action)
        notation = new.history[-1]
        await self.store.append(
            table.id,
            len(new.history) - 1,
            seat,
            notation,
            table_status(table.row, new),
            table_result(new),
        )
        table.state = new
        table.last_active = time.monotonic()
        table.row.actions.append(notation)
        table.moves.append(Move(seat, forced))
        return {"seat": seat, "action": notation}

    # -- undo offers and seats handed to bots ---------------------------------------
    def _requests(self) -> dict[str, Request]:
        """The handlers of the requests besides ``action``, by their key."""
        return {
            "undo": self.request_undo,
            "undo_reply": self.reply_undo,
            "hand_to_bot": self.hand_to_bot,
            "reclaim": self.reclaim,
            "hint": self.hint,
        }

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
            actions = await self.pool.run(
                "hint",
                table.id,
                hint_job,
                (st.to_json(), self.config.hint_iterations),
                limit=HINT_LIMIT_S,
            )
        except WorkerError as exc:
            log.warning("table %s: hint failed: %s", table.id, exc)
            return error("cannot_hint", "no hint could be found this time; try again")
        finally:
            table.hinting.discard(seat)
        reply = {"type": "hint", "n_actions": n, "actions": actions}
        table.hints[seat] = (n, reply)
        return reply

    async def request_undo(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Undo the sender's last decision at once, or offer it to the other humans."""
        if message.get("undo") is not True:
            return error("bad_message", 'send {"undo": true}')
        async with table.lock:
            try:
                keep = table.undo_point(conn.seat)
            except CannotUndo as exc:
                return error("cannot_undo", f"you cannot undo now: {exc}", exc.detail)
            assert conn.seat is not None
            others = table.humans() - {conn.seat}
            if others:
                table.undo_offer = UndoOffer(conn.seat, keep, others)
                self._announce_offer(table)
                return None
            await self._undo(table, conn.seat, keep)
        self.kick(table)
        return None

    async def reply_undo(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Accept or decline the pending undo offer; the last acceptance carries it out."""
        accept = message.get("undo_reply")
        if not isinstance(accept, bool):
            return error("bad_message", 'send {"undo_reply": true} or {"undo_reply": false}')
        async with table.lock:
            offer = table.undo_offer
            if offer is None or conn.seat not in offer.waiting:
                return error("no_undo_offer", "no undo offer is waiting for your answer")
            if not accept:
                self._drop_offer(table, "declined", conn.seat)
                table.broadcast([])
                return None
            offer.waiting.discard(conn.seat)
            if offer.waiting:
                self._announce_offer(table)
                return None
            table.undo_offer = None
            await self._undo(table, offer.seat, offer.keep)
        self.kick(table)
        return None

    async def _undo(self, table: LiveTable, seat: int, keep: int) -> None:
        """Roll the table back to its first ``keep`` actions; the rest move to the undo table.

        Caller holds ``table.lock``.
        """
        record = {**table.row.record(), "actions": table.row.actions[:keep]}
        state, moves = await asyncio.to_thread(replay_moves, record)
        n = len(table.row.actions)
        status = table_status(table.row, state)
        await asyncio.to_thread(self.store.undo_actions, table.id, keep, n, seat, status)
        table.state, table.moves = state, moves
        table.row.actions = table.row.actions[:keep]
        table.announce({"type": "undone", "seat": seat, "actions": n - keep})
        table.broadcast([], reset=True)

    @staticmethod
    def _announce_offer(table: LiveTable) -> None:
        """Tell everyone about the pending offer (the page asks those in ``waiting``)."""
        message = table.offer_message()
        assert message is not None
        table.announce(message)
        table.broadcast([])

    @staticmethod
    def _drop_offer(table: LiveTable, why: str, by: int) -> None:
        """Forget a pending undo offer and say why: seat ``by`` ``declined``, ``acted`` or
        was ``handed`` to a bot or back. Caller holds ``table.lock``."""
        offer, table.undo_offer = table.undo_offer, None
        if offer is not None:
            reason = f"{table.names[by]} " + UNDO_DROPPED[why]
            table.announce(
                {"type": "undo_dropped", "seat": offer.seat, "reason": reason, "why": why, "by": by}
            )

    async def hand_to_bot(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Let a bot play a human seat: the sender's own, or one whose player is away."""
        target = message.get("hand_to_bot")
        if type(target) is not int or not 0 <= target < table.row.players:
            return error(
                "bad_message", f"hand_to_bot takes a seat number 0-{table.row.players - 1}"
            )
        try:
            spec = check_bot(
                message.get("bot", default_bot(table.row.game)),
                table.row.game,
                table.row.players,
                self.config.bot_max_seconds,
            )
        except OptionError as exc:
            return error("bad_bot", str(exc))
        async with table.lock:
            if conn.seat is None:
                return error(
                    "cannot_hand_over",
                    "spectators cannot hand a seat to a bot",
                    {"key": "spectator"},
                )
            refusal = self._why_not_hand_over(table, conn.seat, target)
            if refusal:
                return error("cannot_hand_over", *refusal)
            await self._set_bot(table, target, spec, conn.seat)
        self.kick(table)
        return None

    @staticmethod
    def _why_not_hand_over(
        table: LiveTable, by: int, target: int
    ) -> tuple[str, dict[str, Any]] | None:
        """Why seat ``by`` may not hand ``target`` to a bot (in English and as a detail key),
        or None if it may."""
        seat, name = table.row.seats[target], table.names[target]
        if table.state.is_over:
            return "the game is over", {"key": "game_over"}
        if seat.kind != "human":
            return f"{name} is a bot seat", {"key": "bot_seat", "seat": target}
        if seat.handed_to is not None:
            return f"{name} is already played by bot {seat.handed_to}", {
                "key": "already_bot",
                "seat": target,
                "bot": seat.handed_to,
            }
        if target != by and by not in table.humans():
            return "a bot plays your seat; reclaim it before handing over another", {
                "key": "handed_over"
            }
        if target != by and table.connected()[target]:
            return f"{name} is connected; only its player can hand it over", {
                "key": "seat_connected",
                "seat": target,
            }
        wait = table.handover_in(target)
        if target != by and wait:
            return f"{name} left only just now; a bot may take the seat in {wait} s", {
                "key": "grace",
                "seat": target,
                "seconds": wait,
            }
        return None

    async def reclaim(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Give a handed-over seat back to the holder of its token."""
        if message.get("reclaim") is not True:
            return error("bad_message", 'send {"reclaim": true}')
        if conn.seat is None:
            return error("spectator", "spectators have no seat to reclaim")
        async with table.lock:
            if table.state.is_over:
                return error("cannot_reclaim", "the game is over", {"key": "game_over"})
            if table.row.seats[conn.seat].handed_to is None:
                return error(
                    "cannot_reclaim", "your seat is not played by a bot", {"key": "not_handed"}
                )
            await self._set_bot(table, conn.seat, None, conn.seat)
        return None

    async def _set_bot(self, table: LiveTable, seat: int, bot: str | None, by: int) -> None:
        """Store and announce who plays ``seat``. Caller holds ``table.lock``."""
        await asyncio.to_thread(self.store.hand_over, table.id, seat, bot)
        table.row.seats[seat].handed_to = bot
        self._drop_offer(table, "handed", seat)
        table.announce({"type": "seat_change", "seat": seat, "bot": bot, "by": by})
        table.broadcast([])

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
                async with table.lock:
                    if self._automatic(table) != spec:
                        continue
                    st = table.state
                    seat = st.current_player
                    assert seat is not None
                    forced = st.forced_action()
                    if spec == "forced" and forced is not None:
                        action = forced
                    else:
                        action = await self._bot_move(table, spec)
                    await self._commit(table, seat, action)
                    table.bot_error = None
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot or the database failed: keep the table, report it
            log.exception("table %s: bot loop stopped", table.id)
            table.bot_error = BOT_STALLED
