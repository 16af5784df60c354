"""The table manager: opens tables, checks and commits actions, runs bots, resumes.

Every accepted action goes to the database first (one transaction); only then does
the in-memory state move on and anyone hear of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from .. import games
from ..bots import make_bot
from ..core.errors import IllegalAction, NotationError
from ..core.rng import derive_seed
from ..core.state import State
from .db import SeatRow, Store, TableRow
from .live import Connection, LiveTable, hash_token
from .lobby import TableSpec

log = logging.getLogger("dragontable.server")


def error(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message for a client."""
    return {"type": "error", "code": code, "message": message}


def choose_bot_action(spec: str, state: State, seat: int) -> str:
    """A bot's action, seeded by table seed, seat and move number (resumes identically)."""
    seed = derive_seed(state.seed, seat, len(state.history))
    return make_bot(spec, state.game.name, seed).choose(state)


class TableManager:
    """All live tables of one server process over one :class:`Store`."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        auto_forced: bool = True,
        executor: Executor | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.auto_forced = auto_forced
        self.executor = executor or ThreadPoolExecutor(2, thread_name_prefix="bots")
        self.live: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    # -- life cycle -------------------------------------------------------------
    async def start(self) -> None:
        """Load every unfinished table and let its bots continue."""
        for table_id in await asyncio.to_thread(self.store.unfinished):
            table = await self.get(table_id)
            if table is not None:
                self.kick(table)

    async def stop(self) -> None:
        """Stop the bots and close every connection's writer."""
        tasks = [t.bot_task for t in self.live.values() if t.bot_task and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for table in self.live.values():
            for conn in table.conns:
                conn.queue.put_nowait(None)
        self.executor.shutdown(wait=False, cancel_futures=True)

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
                table = self.live[table_id] = LiveTable.from_row(row)
        return table

    # -- the lobby ----------------------------------------------------------------
    async def create(self, spec: TableSpec) -> tuple[LiveTable, dict[int, str]]:
        """Open a table; return it and a fresh token for each human seat."""
        state = games.create(spec.game, spec.players, spec.seed, spec.options)
        tokens = {i: secrets.token_urlsafe(24) for i, k in enumerate(spec.seats) if k == "human"}
        seats = [
            SeatRow(i, kind, spec.names[i], hash_token(tokens[i]) if i in tokens else None)
            for i, kind in enumerate(spec.seats)
        ]
        table_id = secrets.token_urlsafe(6)
        row = TableRow(table_id, spec.game, spec.players, state.seed, state.options, "open", seats)
        table = LiveTable(row, state)
        row.status = table.status()
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
            conn.push({"type": "welcome", "seat": seat, "lang": conn.lang, "names": table.names})
            conn.push(table.update_for(conn, []))
            table.conns.add(conn)
            self._presence(table)

    def leave(self, table: LiveTable, conn: Connection) -> None:
        """Forget a closed connection and tell the others who is still there."""
        table.conns.discard(conn)
        self._presence(table)

    @staticmethod
    def _presence(table: LiveTable) -> None:
        message = {"type": "presence", "connected": table.connected()}
        for other in list(table.conns):
            other.push(message)

    # -- actions ------------------------------------------------------------------
    async def act(self, table: LiveTable, conn: Connection, message: Any) -> dict[str, Any] | None:
        """Handle a client's message; return an error message, or None once committed."""
        if not isinstance(message, dict) or not isinstance(message.get("action"), str):
            return error("bad_message", 'send {"action": "<notation>"}')
        if conn.seat is None:
            return error("spectator", "spectators cannot act; open the table with a seat's link")
        async with table.lock:
            st = table.state
            if st.is_over:
                return error("game_over", "the game is over")
            if st.current_player != conn.seat:
                who = table.names[st.current_player] if st.current_player is not None else "-"
                return error("not_your_turn", f"it is not your turn: waiting for {who}")
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
        while self.auto_forced and not table.state.is_over:
            legal = table.state.legal_actions()
            if len(legal) != 1:
                break
            forced_seat = table.state.current_player
            assert forced_seat is not None
            done.append(await self._store(table, forced_seat, legal[0]))
        table.broadcast(done)

    async def _store(self, table: LiveTable, seat: int, action: str) -> dict[str, Any]:
        """Apply on a copy, append it to the database, then make it the state."""
        new = table.state.clone()
        new.apply(action)
        notation = new.history[-1]
        probe = LiveTable(table.row, new)
        await self.store.append(
            table.id,
            len(new.history) - 1,
            seat,
            notation,
            probe.status(),
            probe.result(),
        )
        table.state = new
        table.row.actions.append(notation)
        return {"seat": seat, "action": notation}

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
        if self.auto_forced and len(st.legal_actions()) == 1:
            return "forced"
        return None

    async def _run_bots(self, table: LiveTable) -> None:
        """Play bot seats and forced decisions until a human has a real choice."""
        loop = asyncio.get_running_loop()
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
                    if spec == "forced":
                        action = st.legal_actions()[0]
                    else:
                        snapshot = st.clone()
                        action = await loop.run_in_executor(
                            self.executor, choose_bot_action, spec, snapshot, seat
                        )
                    await self._commit(table, seat, action)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bot or the database failed: keep the table, report it
            log.exception("table %s: bot loop stopped", table.id)
            table.bot_error = f"{type(exc).__name__}: {exc}"
