"""Storage of tables, seats and actions through SQLAlchemy Core; schema by Alembic.

A table's game is its creation parameters plus its action list: the live state is
always ``replay``-able from what is stored here.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import re
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from ..core.errors import DragontableError
from .clockrows import ClockSettings, SeatClock, clock_columns, clock_settings, write_clocks
from .notices import NoticedAction, action_kind
from .schema import actions_t, seats_t, tables_t, undone_t, users_t

DEFAULT_DB = "sqlite:///dragontable.sqlite3"

# built once: SQLAlchemy then reuses the compiled SQL (this runs for every action played)
_ADVANCE = (
    tables_t.update()
    .where(tables_t.c.id == sa.bindparam("tid"), tables_t.c.n_actions == sa.bindparam("idx"))
    .values(
        n_actions=sa.bindparam("next"),
        status=sa.bindparam("new_status"),
        result=sa.bindparam("new_result", type_=sa.JSON),
        to_move=sa.bindparam("to_move"),
        updated_at=sa.bindparam("now", type_=sa.DateTime(timezone=True)),
    )
)
_APPEND = actions_t.insert()


class StaleWrite(RuntimeError):
    """An action was appended at an index that is no longer the table's next one."""


@dataclass
class SeatRow:
    """One seat: ``kind`` is ``human`` or a bot spec like ``bot:greedy``.

    ``handed_to`` is the bot spec playing a human seat its player handed over, else None.
    """

    seat: int
    kind: str
    name: str
    token_hash: str | None = None
    joined: bool = False
    handed_to: str | None = None
    user_id: int | None = None
    """The account the seat is attached to (its token alone then no longer opens it)."""
    account: str | None = None
    """That account's name, as read with the seat."""
    deadline: dt.datetime | None = None
    """When this seat's time runs out (UTC), while its clock runs; else None."""
    clock_left_ms: int | None = None
    """A timed human seat's time left (live clock) or time bank (turn-based), in ms."""
    zombie: bool = False
    """``handed_to`` is the table's zombie bot, because this seat's time ran out."""
    handed_by: int | None = None
    """The seat that handed this one to a bot while its player was away (kept after a
    reclaim: the game was played so); None if none did (revision 0009)."""

    @property
    def bot(self) -> str | None:
        """The bot spec playing this seat now (a bot seat's, or a handed-over one's), else None."""
        return self.kind[4:] if self.kind.startswith("bot:") else self.handed_to


@dataclass
class TableRow:
    """A table as stored; ``actions`` is filled only by :meth:`Store.load`."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    status: str
    seats: list[SeatRow]
    n_actions: int = 0
    result: dict[str, Any] | None = None
    to_move: int | None = None
    """The seat whose decision it is (None when the game is over), kept for lists."""
    created_at: dt.datetime | None = None
    updated_at: dt.datetime | None = None
    actions: list[str] = field(default_factory=list)
    clock: ClockSettings | None = None
    zombie_actions: list[bool] = field(default_factory=list)
    """Per action in ``actions``: whether the zombie bot played it (revision 0006)."""
    action_times: list[dt.datetime | None] = field(default_factory=list)
    """Per action in ``actions``: when it was stored (an undone and replayed index has
    a new time: a bot worker's cached state checks its last action by it)."""

    def record(self) -> dict[str, Any]:
        """The game record that replays to the table's current state."""
        return {
            "format": "dragontable-record/1",
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.actions),
        }


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _aware(moment: dt.datetime | None) -> dt.datetime | None:
    """A stored time in UTC with its zone (SQLite hands back naive UTC times)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


class DatabaseError(DragontableError):
    """The database URL is unusable or the database cannot be reached."""


BACKENDS = ("sqlite", "postgresql")
_PASSWORD = re.compile(r"(://[^:/@\s]*:)[^@\s]*@")
# two servers migrating one PostgreSQL database at once wait for each other on this lock
_MIGRATION_LOCK = 0x647261676F6E


def _mask(url: str) -> str:
    return _PASSWORD.sub(r"\1***@", url)


def normalize_url(url: str) -> str:
    """The SQLAlchemy URL to use: ``postgres://`` and ``postgresql://`` get psycopg 3.

    Raises :class:`DatabaseError` (password masked) for anything but SQLite or PostgreSQL.
    """
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise DatabaseError(
            f"{_mask(url)!r} is not a database URL: use sqlite:///FILE or postgresql://USER@HOST/DB"
        ) from None
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() not in BACKENDS:
        raise DatabaseError(
            f"unsupported database {parsed.get_backend_name()!r} in "
            f"{parsed.render_as_string(hide_password=True)!r}: use SQLite or PostgreSQL"
        )
    return parsed.render_as_string(hide_password=False)


def describe_url(url: str) -> str:
    """Where the database lives, for the start-up message (no password shown)."""
    parsed = sa.engine.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        db = parsed.database or ":memory:"
        return db if db == ":memory:" else str(Path(db).resolve())
    return parsed.render_as_string(hide_password=True)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers run beside the writer; NORMAL syncs at checkpoints, not commits."""
    cursor = dbapi_conn.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def make_engine(url: str, pre_ping: bool = True) -> sa.Engine:
    """An engine for a normalised URL, tuned for its backend; ``pre_ping``: PostgreSQL
    connections are checked (a round trip) each time one is taken from the pool."""
    parsed = sa.engine.make_url(url)
    try:
        if parsed.get_backend_name() == "sqlite":
            engine = sa.create_engine(url, connect_args={"timeout": 30})
            sa.event.listen(engine, "connect", _sqlite_pragmas)
            return engine
        return sa.create_engine(
            url, pool_size=10, max_overflow=10, pool_pre_ping=pre_ping, pool_recycle=1800
        )
    except (sa.exc.NoSuchModuleError, ImportError) as exc:
        raise DatabaseError(
            f"no driver for {parsed.render_as_string(hide_password=True)!r} ({exc}); "
            "PostgreSQL needs psycopg 3: pip install 'psycopg[binary]'"
        ) from None


Notify = Callable[[sa.Connection, str, str], None]
"""Told, inside a write's transaction, the table id and what changed (``fanout.py``)."""


class Store:
    """The server's database: create, list, load tables; append actions atomically.

    ``notify`` (set by ``fanout.PgFanout``) hears of every change other server processes
    must know, inside its transaction: a notice then means committed.
    """

    notify: Notify | None = None

    def __init__(self, url: str = DEFAULT_DB, pre_ping: bool = True) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url, pre_ping)
        # SQLite has one writer at a time and a busy writer makes the others poll with
        # sleeps of up to 100 ms: queue this process's writers on a lock instead.
        sqlite = self.engine.dialect.name == "sqlite"
        self._writing = threading.Lock() if sqlite else contextlib.nullcontext()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sa.Connection]:
        """A write transaction (committed at the end, rolled back on error)."""
        with self._writing, self.engine.begin() as conn:
            yield conn

    def notice(self, conn: sa.Connection, table_id: str, kind: str) -> None:
        """Tell the other server processes (if any listen) that ``kind`` changed."""
        if self.notify is not None:
            self.notify(conn, table_id, kind)

    def writing(self) -> contextlib.AbstractContextManager[sa.Connection]:
        """A write transaction, for the queries of other modules (``accounts_db``)."""
        return self._write()

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision.

        Raises :class:`DatabaseError` if the database cannot be reached.
        """
        cfg = Config()
        location = resources.files("dragontable.server").joinpath("migrations")
        cfg.set_main_option("script_location", str(location))
        try:
            with self.engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        except sa.exc.OperationalError as exc:
            first = str(exc.orig or exc).strip().splitlines()[0]
            raise DatabaseError(
                f"cannot open the database {describe_url(self.url)}: {first}"
            ) from None

    def close(self) -> None:
        self.engine.dispose()

    def create(self, row: TableRow) -> None:
        """Store a new table with its seats."""
        now = _now()
        with self._write() as conn:
            conn.execute(
                tables_t.insert().values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    seed=row.seed,
                    options=row.options,
                    status=row.status,
                    n_actions=0,
                    result=None,
                    to_move=row.to_move,
                    created_at=now,
                    updated_at=now,
                    **clock_columns(row.clock),
                )
            )
            conn.execute(
                seats_t.insert(),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "joined_at": None,
                        "deadline": s.deadline,
                        "clock_left_ms": s.clock_left_ms,
                    }
                    for s in row.seats
                ],
            )
        row.created_at = row.updated_at = now

    def append_action(
        self,
        table_id: str,
        idx: int,
        seat: int,
        notation: str,
        status: str,
        result: dict[str, Any] | None,
        to_move: int | None = None,
        zombie: bool = False,
        clocks: Mapping[int, SeatClock] | None = None,
        also: Callable[[sa.Connection], None] | None = None,
        told: tuple[bool, str | None] = (False, None),
    ) -> None:
        """Append action number ``idx`` (``zombie``: played by the zombie bot) and the
        table's new status (with the seat to move next) and seat ``clocks`` in one
        transaction; ``also`` runs in it last (a bot worker finishes its job there).

        The notice names the action itself (:func:`action_kind`) with ``told``: whether
        it was forced and its shared target, so a process holding the table plays it
        from the notice without reading it back or working those out again.

        Raises :class:`StaleWrite` if the table does not have exactly ``idx`` actions.
        """
        now = _now()
        advance = {"tid": table_id, "idx": idx, "next": idx + 1, "now": now, "to_move": to_move}
        row = {"table_id": table_id, "idx": idx, "seat": seat, "notation": notation}
        with self._write() as conn:
            done = conn.execute(_ADVANCE, {**advance, "new_status": status, "new_result": result})
            if done.rowcount != 1:
                raise StaleWrite(f"table {table_id}: action {idx} is not the next one")
            conn.execute(_APPEND, {**row, "created_at": now, "zombie": zombie})
            write_clocks(conn, seats_t, table_id, clocks or {})
            noticed = NoticedAction(idx, zombie, bool(clocks), *told, notation)
            self.notice(conn, table_id, action_kind(noticed))
            if also is not None:
                also(conn)

    async def append(
        self,
        table_id: str,
        idx: int,
        seat: int,
        notation: str,
        status: str,
        result: dict[str, Any] | None,
        to_move: int | None = None,
        zombie: bool = False,
        clocks: Mapping[int, SeatClock] | None = None,
        told: tuple[bool, str | None] = (False, None),
    ) -> None:
        """:meth:`append_action` from the event loop.

        SQLite's write takes a fraction of a millisecond, less than handing it to a
        thread and back, so it runs in place; other databases run it in a thread.
        """
        args = (table_id, idx, seat, notation, status, result, to_move, zombie, clocks, None, told)
        if self.engine.dialect.name == "sqlite":
            self.append_action(*args)
        else:
            await asyncio.to_thread(self.append_action, *args)

    def set_status(self, table_id: str, status: str) -> None:
        with self._write() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(status=status))

    def mark_joined(self, table_id: str, seat: int) -> None:
        """Note that a seat's player has connected at least once."""
        with self._write() as conn:
            conn.execute(
                seats_t.update()
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.joined_at.is_(None),
                )
                .values(joined_at=_now())
            )
            self.notice(conn, table_id, "seats")

    def _seats(self, conn: sa.Connection, ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {i: [] for i in ids}
        query = (
            sa.select(seats_t, users_t.c.name.label("account"))
            .select_from(seats_t.outerjoin(users_t, seats_t.c.user_id == users_t.c.id))
            .where(seats_t.c.table_id.in_(ids))
            .order_by(seats_t.c.seat)
        )
        for r in conn.execute(query).mappings():
            out[r["table_id"]].append(
                SeatRow(
                    r["seat"],
                    r["kind"],
                    r["name"],
                    r["token_hash"],
                    r["joined_at"] is not None,
                    r["handed_to"],
                    user_id=r["user_id"],
                    account=r["account"],
                    deadline=_aware(r["deadline"]),
                    clock_left_ms=r["clock_left_ms"],
                    zombie=bool(r["zombie"]),
                    handed_by=r["handed_by"],
                )
            )
        return out

    @staticmethod
    def _row(r: sa.RowMapping, seats: list[SeatRow]) -> TableRow:
        return TableRow(
            id=r["id"],
            game=r["game"],
            players=r["players"],
            seed=r["seed"],
            options=dict(r["options"]),
            status=r["status"],
            seats=seats,
            n_actions=r["n_actions"],
            result=r["result"],
            to_move=r["to_move"],
            created_at=_aware(r["created_at"]),
            updated_at=_aware(r["updated_at"]),
            clock=clock_settings(r),
        )

    def list_tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        """Tables, newest first, optionally only those with ``status``; no actions."""
        query = tables_t.select().order_by(tables_t.c.created_at.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query).mappings())
            seats = self._seats(conn, [r["id"] for r in rows])
        return [self._row(r, seats[r["id"]]) for r in rows]

    def load(self, table_id: str, since: int = 0) -> TableRow | None:
        """One table with its seats and its actions in order, or None; with ``since``,
        ``row.actions`` holds only the actions from index ``since`` on."""
        with self.engine.connect() as conn:
            r = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).mappings().first()
            if r is None:
                return None
            row = self._row(r, self._seats(conn, [table_id])[table_id])
            mine = (actions_t.c.table_id == table_id) & (actions_t.c.idx >= since)
            query = actions_t.select().where(mine)
            stored = list(conn.execute(query.order_by(actions_t.c.idx)))
            row.actions = [a.notation for a in stored]
            row.zombie_actions = [bool(a.zombie) for a in stored]
            row.action_times = [_aware(a.created_at) for a in stored]
        return row

    def unfinished(self) -> list[str]:
        """Ids of every table whose game is not over."""
        query = sa.select(tables_t.c.id).where(tables_t.c.status != "finished")
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    # -- undo and seat hand-over (revision 0002) ------------------------------------
    def undo_actions(
        self, table_id: str, keep: int, n: int, by: int, status: str, to_move: int | None = None
    ) -> int:
        """Move actions ``keep..n-1`` to ``undone_actions`` in one transaction; return how many.

        Raises :class:`StaleWrite` unless the table has exactly ``n`` actions.
        """
        now = _now()
        with self.engine.begin() as conn:
            done = conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id, tables_t.c.n_actions == n)
                .values(n_actions=keep, status=status, result=None, to_move=to_move, updated_at=now)
            )
            if done.rowcount != 1:
                raise StaleWrite(f"table {table_id}: does not have {n} actions to undo from")
            mine = (actions_t.c.table_id == table_id) & (actions_t.c.idx >= keep)
            rows = list(conn.execute(actions_t.select().where(mine)).mappings())
            if rows:
                conn.execute(
                    undone_t.insert(),
                    [{**r, "undone_at": now, "undone_by": by} for r in rows],
                )
            conn.execute(actions_t.delete().where(mine))
            self.notice(conn, table_id, f"undo:{by}")
        return len(rows)

    def undone(self, table_id: str) -> list[dict[str, Any]]:
        """The undone actions of a table, oldest undo first."""
        query = undone_t.select().where(undone_t.c.table_id == table_id).order_by(undone_t.c.id)
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(query).mappings()]

    def hand_over(
        self,
        table_id: str,
        seat: int,
        bot: str | None,
        zombie: bool = False,
        clocks: Mapping[int, SeatClock] | None = None,
        overdue_at: dt.datetime | None = None,
        handed_by: int | None = None,
    ) -> bool:
        """Let bot ``bot`` play a human seat (``zombie``: as its time ran out; ``handed_by``:
        another seat handed it over), or give the seat back to its player (None); with the
        seat ``clocks`` that follow. Given ``overdue_at``, only if the stored seat is a
        person's whose deadline has passed by then (of processes sharing the database,
        one puts the zombie on); whether stored."""
        query = seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
        if overdue_at is not None:
            query = query.where(seats_t.c.handed_to.is_(None), seats_t.c.deadline <= overdue_at)
        values: dict[str, Any] = {"handed_to": bot, "zombie": zombie}
        if handed_by is not None:
            values["handed_by"] = handed_by
        with self._write() as conn:
            if conn.execute(query.values(**values)).rowcount != 1:
                return False
            write_clocks(conn, seats_t, table_id, clocks or {})
            self.notice(conn, table_id, "seats")
        return True

    # -- clocks (revision 0006) -------------------------------------------------------
    def set_clocks(self, table_id: str, clocks: Mapping[int, SeatClock]) -> None:
        """Store seats' deadlines and time left (``SeatClock`` per seat)."""
        with self._write() as conn:
            write_clocks(conn, seats_t, table_id, clocks)
            self.notice(conn, table_id, "seats")

    def due_clocks(self, now: dt.datetime) -> list[str]:
        """Ids of tables with a seat whose deadline is ``now`` or earlier."""
        query = sa.select(seats_t.c.table_id).where(seats_t.c.deadline <= now).distinct()
        with self.engine.connect() as conn:
            return [r.table_id for r in conn.execute(query)]

    def transaction(self) -> contextlib.AbstractContextManager[sa.Connection]:
        """A write transaction, queued behind this process's other writers."""
        return self._write()
