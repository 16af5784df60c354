"""Fan-out: how the server processes that share one database hear of each other's changes.

Every table write (an action, an undo, a seat or clock change, a chat message, a mute)
calls ``Store.notice`` inside its transaction. :class:`LocalFanout` (SQLite, one process)
ignores it: the process that wrote is the only one with connections. :class:`PgFanout`
sends ``NOTIFY dragontable, '<origin>:<table>:<kind>'`` there, so a notice means
committed, and listens on a connection of its own. A process that holds the table then
catches up (:class:`FanoutPlay`): an action's notice carries the action
(``notices.action_kind``), which it plays without reading the table back when it follows the
actions it has; any other notice says what to re-read, never what happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any, Protocol

import psycopg
import sqlalchemy as sa

from .botjobs import JOB, JobWaiter
from .chat import chat_by_id, hears, load_mutes
from .db import Store, TableRow
from .live import LiveTable, apply_noticed, apply_stored, replay_moves
from .notices import NoticedAction, parse_action_kind
from .undo_offers import OFFER, load_offer

log = logging.getLogger("dragontable.server")

CHANNEL = "dragontable"
RETRY_FIRST_S = 0.5
"""The listener's first wait before connecting again; it doubles up to ``RETRY_MAX_S``."""
RETRY_MAX_S = 8.0
LISTEN_TIMEOUT_S = 30.0
"""How long start-up waits for the first ``LISTEN``."""

DROP_REASONS = ("declined", "acted", "handed")
"""Why an undo offer may be dropped (``seats.UNDO_DROPPED``)."""
ALL_KIND = "all"
ALL = frozenset({ALL_KIND})
MAX_PAYLOAD = 8000
"""PostgreSQL's limit on a ``NOTIFY`` payload, in bytes."""
"""Every kind of change: what a listener that reconnects must assume it missed."""
Notice = Callable[[str, str], None]
"""Told a table id and the kind of change another process committed."""


class Fanout(Protocol):
    """Hears of other processes' changes and hands them to ``on_notice``; ``tell``
    sends a notice that is no database write (presence, :mod:`presence`); ``shared``:
    whether other processes may hold the same tables; ``origin`` names this process."""

    origin: str
    shared: bool

    async def start(self, on_notice: Notice, on_connect: Callable[[], None]) -> None: ...
    async def stop(self) -> None: ...
    async def tell(self, table_id: str, kind: str) -> None: ...


class LocalFanout:
    """One process holds every table: there is nobody to tell or hear (SQLite)."""

    origin = "local"
    shared = False

    async def tell(self, table_id: str, kind: str) -> None:
        """Nobody to tell."""

    async def start(self, on_notice: Notice, on_connect: Callable[[], None]) -> None:
        """Nothing to listen to."""

    async def stop(self) -> None:
        """Nothing to stop."""


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg's own connection string."""
    return sa.engine.make_url(url).set(drivername="postgresql").render_as_string(False)


class PgFanout:
    """``LISTEN``/``NOTIFY`` on PostgreSQL; notices of this process's own writes are
    skipped (each process has a random ``origin``)."""

    shared = True

    def __init__(self, store: Store) -> None:
        self.store = store
        self.origin = secrets.token_hex(6)
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()
        store.notify = self._notify

    def _notify(self, conn: sa.Connection, table_id: str, kind: str) -> None:
        send_notice(conn, self.origin, table_id, kind)

    async def tell(self, table_id: str, kind: str) -> None:
        """``NOTIFY`` the other processes of something no table write carries."""

        def send() -> None:
            with self.store.engine.begin() as conn:
                self._notify(conn, table_id, kind)

        await asyncio.to_thread(send)

    async def start(self, on_notice: Notice, on_connect: Callable[[], None]) -> None:
        """Listen in the background; return once the first ``LISTEN`` is in place."""
        self._task = asyncio.get_running_loop().create_task(self._listen(on_notice, on_connect))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), LISTEN_TIMEOUT_S)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _listen(self, on_notice: Notice, on_connect: Callable[[], None]) -> None:
        """Listen until cancelled; connect again (backing off) when the connection drops,
        then ``on_connect``: notices may have been missed meanwhile."""
        wait = RETRY_FIRST_S
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    libpq_url(self.store.url), autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if self._listening.is_set():
                        on_connect()
                    self._listening.set()
                    wait = RETRY_FIRST_S
                    await self._hear(conn, on_notice)
            except psycopg.Error as exc:
                log.warning("fan-out listener lost its connection (%s); again in %.1f s", exc, wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX_S)

    async def _hear(self, conn: psycopg.AsyncConnection[Any], on_notice: Notice) -> None:
        """Dispatch notices as the connection's socket brings them, until it fails.

        The socket is watched by the event loop itself: nothing wakes while no notice
        comes (``conn.notifies()`` would look every 0.1 s)."""
        loop = asyncio.get_running_loop()
        lost: asyncio.Future[None] = loop.create_future()
        pgconn, fd = conn.pgconn, conn.pgconn.socket

        def readable() -> None:
            try:
                pgconn.consume_input()
                while (notice := pgconn.notifies()) is not None:
                    self._dispatch(notice.extra.decode(), on_notice)
            except psycopg.Error as exc:
                if not lost.done():
                    lost.set_exception(exc)

        loop.add_reader(fd, readable)
        try:
            readable()  # any notice that came with LISTEN's answer
            await lost
        finally:
            loop.remove_reader(fd)

    def _dispatch(self, payload: str, on_notice: Notice) -> None:
        origin, _, rest = payload.partition(":")
        table_id, _, kind = rest.partition(":")
        if origin != self.origin and table_id and kind:
            on_notice(table_id, kind)


def send_notice(conn: sa.Connection, origin: str, table_id: str, kind: str) -> None:
    """``NOTIFY`` the listening processes, from ``origin``, inside ``conn``'s transaction."""
    payload = f"{origin}:{table_id}:{kind}"
    if len(payload.encode()) >= MAX_PAYLOAD:  # PostgreSQL refuses it: say only what to read
        payload = f"{origin}:{table_id}:{ALL_KIND}"
    conn.execute(sa.select(sa.func.pg_notify(CHANNEL, payload)))


def make_fanout(store: Store) -> Fanout:
    """PostgreSQL: :class:`PgFanout` (any number of processes); SQLite: one process."""
    if store.engine.dialect.name == "postgresql":
        return PgFanout(store)
    return LocalFanout()


def copy_seats(table: LiveTable, row: TableRow) -> list[dict[str, Any]]:
    """Take the stored seats; return a ``seat_change`` message per seat whose player changed."""
    changes = []
    for mine, stored in zip(table.row.seats, row.seats, strict=True):
        if (mine.handed_to, mine.zombie) != (stored.handed_to, stored.zombie):
            changes.append(
                {"type": "seat_change", "seat": mine.seat, "bot": stored.handed_to, "by": None}
                | ({"zombie": True} if stored.zombie else {})
            )
    table.row.seats = row.seats
    return changes


def notified_actions(table: LiveTable, kinds: AbstractSet[str]) -> list[NoticedAction] | None:
    """The actions that the notices ``kinds`` tell of past the table's own, when they
    are all it needs to know: every notice is an action's, none changed seat clocks,
    and they follow on from its history without a gap; else None."""
    have = table.state.history
    found = []
    for kind in kinds:
        parsed = parse_action_kind(kind)
        if parsed is None or parsed.clocks:
            return None
        found.append(parsed)
    new: list[NoticedAction] = []
    for action in sorted(found, key=lambda a: a.idx):
        if action.idx < len(have):
            if have[action.idx] != action.notation:
                return None  # ours is not the stored history (an undo): read it
        elif action.idx == len(have) + len(new):
            new.append(action)
        else:
            return None  # a notice is missing in between
    return new


class FanoutPlay:
    """Brings the live tables of this process up to date with what others committed.

    A part of :class:`tables.TableManager` (a mixin)."""

    store: Store
    live: dict[str, LiveTable]
    _loading: asyncio.Lock

    if TYPE_CHECKING:

        def kick(self, table: LiveTable) -> None: ...
        def on_presence(self, table_id: str, kind: str) -> None: ...
        @staticmethod
        def _drop_offer(table: LiveTable, why: str, by: int) -> None: ...
        @staticmethod
        def _announce_offer(table: LiveTable) -> None: ...

    bot_jobs: JobWaiter | None
    _dirty: dict[str, set[str]]
    """Per table held here, the kinds of change noticed and not yet caught up with."""
    _refreshing: dict[str, asyncio.Task[None]]
    _unsent: dict[str, list[dict[str, Any]]]
    """Per table, stored actions caught up with but not yet sent: a one-option decision
    follows them, and the update goes out once it is played (as after a move made here)."""
    auto_forced: bool

    def on_notice(self, table_id: str, kind: str) -> None:
        """Another process committed ``kind`` on ``table_id``: catch up if it is held here."""
        loop = asyncio.get_running_loop()
        if kind.startswith("presence"):
            self.on_presence(table_id, kind)
            return
        if kind.startswith(JOB):
            if self.bot_jobs is not None:
                self.bot_jobs.heard(kind)
            return
        if kind.startswith("chat:") and kind[5:].isdigit():
            loop.create_task(self._relay_chat(table_id, int(kind[5:])))
            return
        self._dirty.setdefault(table_id, set()).add(kind)
        if table_id not in self._refreshing:
            self._refreshing[table_id] = loop.create_task(self._refresh_while_dirty(table_id))

    def on_reconnect(self) -> None:
        """Notices may have been missed: catch every live table up."""
        for table_id in list(self.live):
            self.on_notice(table_id, next(iter(ALL)))

    async def _refresh_while_dirty(self, table_id: str) -> None:
        """Catch a table up until no notice came in meanwhile (notices coalesce)."""
        try:
            while (kinds := self._dirty.pop(table_id, None)) is not None:
                async with self._loading:  # a table being loaded reads the change itself
                    table = self.live.get(table_id)
                if table is None:
                    continue
                async with table.lock:
                    await self.catch_up(table, kinds)
                self.kick(table)
        except Exception:  # the database may be away: the next notice tries again
            log.exception("table %s: could not catch up", table_id)
        finally:
            self._refreshing.pop(table_id, None)

    async def catch_up(self, table: LiveTable, kinds: AbstractSet[str] = ALL) -> None:
        """Bring the table up to date and tell its connections what changed: from the
        notices alone when they are actions that follow ours, else by re-reading it.
        Caller holds ``table.lock``."""
        notified = notified_actions(table, kinds)
        if notified is not None:
            try:
                done = apply_noticed(table, notified)
            except Exception:  # not what the notice said: read the table instead
                log.exception("table %s: a notified action did not apply", table.id)
            else:
                if done or self._unsent.get(table.id):
                    await self._took_actions(table, done, [], kinds)
                return
        await self._reread(table, kinds)

    async def _reread(self, table: LiveTable, kinds: AbstractSet[str]) -> None:
        """Re-read the table (the tail from our last action, all of it after an undo)."""
        have = table.state.history
        n = len(have)
        undo = [int(k[5:]) for k in kinds if k.startswith("undo:") and k[5:].isdigit()]
        since = 0 if undo or "all" in kinds else max(n - 1, 0)  # the tail, from our last
        row = await asyncio.to_thread(self.store.load, table.id, since)
        if row is not None and since and row.actions[:1] != have[since:]:
            since, row = 0, await asyncio.to_thread(self.store.load, table.id)  # undone
        if row is None:
            return
        if kinds & {"mutes", "all"}:
            await self._reload_mutes(table)
        changes = copy_seats(table, row)
        if since == 0 and row.actions[:n] != have:
            await self._rebuild(table, row, undo[0] if undo else None)
            return
        done = apply_stored(table, row.actions[n - since :], row.zombie_actions[n - since :])
        await self._took_actions(table, done, changes, kinds)

    async def _took_actions(
        self,
        table: LiveTable,
        done: list[dict[str, Any]],
        changes: list[dict[str, Any]],
        kinds: AbstractSet[str],
    ) -> None:
        """Tell the connections of actions and seat changes taken from another process."""
        if done:
            self._drop_offer(table, "acted", done[0]["seat"])
        for message in changes:
            table.announce(message)
        if changes and table.undo_offer is not None:
            self._drop_offer(table, "handed", changes[0]["seat"])
        if "all" in kinds or any(k.startswith(OFFER) for k in kinds):
            await self.reload_offer(table, kinds)
        done = self._unsent.pop(table.id, []) + done
        if self.auto_forced and table.state.forced_action() is not None:
            self._unsent[table.id] = done  # the bot loop (``kick``) plays it, then sends
            return
        table.broadcast(done)

    async def reload_offer(self, table: LiveTable, kinds: AbstractSet[str] = ALL) -> None:
        """Take the stored undo offer (:mod:`undo_offers`) if it still holds; tell the
        connections of a new one, or that it was dropped and why. Caller holds the lock."""
        stored = await asyncio.to_thread(load_offer, self.store, table.id, len(table.state.history))
        humans = table.humans()
        if stored is not None and not ({stored.seat} | stored.waiting) <= humans:
            stored = None  # a seat it concerns is played by a bot now
        if stored == table.undo_offer:
            return
        if stored is not None:
            table.undo_offer = stored
            self._announce_offer(table)
            return
        why = [k.split(":") for k in kinds if k.startswith(f"{OFFER}:")]
        if why and why[0][1] in DROP_REASONS and why[0][2].isdigit():
            self._drop_offer(table, why[0][1], int(why[0][2]))
        table.undo_offer = None
        table.broadcast([])

    async def _rebuild(self, table: LiveTable, row: TableRow, by: int | None) -> None:
        """Replay a table whose stored actions no longer extend ours (seat ``by`` undid;
        the undo table says who when the notice that named it was not read yet)."""
        if by is None and (undone_rows := await asyncio.to_thread(self.store.undone, table.id)):
            by = int(undone_rows[-1]["undone_by"])
        same = 0
        for mine, stored in zip(table.state.history, row.actions, strict=False):
            if mine != stored:
                break
            same += 1
        undone = len(table.state.history) - same
        state, moves = await asyncio.to_thread(replay_moves, row.record())
        for move, zombie in zip(moves, row.zombie_actions, strict=False):
            move.zombie = zombie
        table.state, table.moves, table.undo_offer = state, moves, None
        table.moved.set()
        self._unsent.pop(table.id, None)
        if by is not None:
            table.announce({"type": "undone", "seat": by, "actions": undone})
        table.broadcast([], reset=True)

    async def _reload_mutes(self, table: LiveTable) -> None:
        """Take the stored mutes; tell each seat's connections whom it mutes now."""
        table.mutes = await asyncio.to_thread(load_mutes, self.store, table.id)
        for conn in list(table.conns):
            if conn.seat is not None:
                conn.push({"type": "mutes", "muted": sorted(table.mutes.get(conn.seat, set()))})

    async def _relay_chat(self, table_id: str, chat_id: int) -> None:
        """Send a message written through another process to this one's connections."""
        table = self.live.get(table_id)
        if table is None:
            return
        try:
            sent = await asyncio.to_thread(chat_by_id, self.store, table_id, chat_id)
            if sent is None:
                return
        except Exception:
            log.exception("table %s: could not relay chat message %d", table_id, chat_id)
            return
        for conn in list(table.conns):
            if hears(table, conn, sent["seat"]):
                conn.push(sent)
