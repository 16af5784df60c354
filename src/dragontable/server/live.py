"""Live tables: the authoritative state in memory, its connections, and what each is sent.

Every message a connection receives is built here from ``view(seat)``, ``log_for(seat)``
and the prompt, so a seat never sees what its view would not show.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import math
import time
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..core.messages import LANGUAGES, render
from ..core.state import State
from ..games import replay_steps
from .db import SeatRow, TableRow
from .lobby import shown_name
from .notices import NoticedAction
from .timesource import Clock, SystemClock

QUEUE_LIMIT = 500


def hash_token(token: str) -> str:
    """The stored form of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Connection:
    """One WebSocket of a seat (``None``: a spectator); messages wait in ``queue``;
    ``user_id``: the account whose session opened it, if any."""

    seat: int | None
    lang: str = "en"
    log_pos: int = 0
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    user_id: int | None = None

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            self.lang = "en"

    def push(self, message: dict[str, Any]) -> bool:
        """Queue a message; False if the client has fallen too far behind."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            return False
        self.queue.put_nowait(message)
        return True


class CannotUndo(Exception):
    """An undo the rules refuse; the message says why, ``detail`` says it as a message
    key with parameters (``error.detail.<key>`` in the page's catalogs)."""

    def __init__(self, message: str, key: str, **params: Any) -> None:
        super().__init__(message)
        self.detail: dict[str, Any] = {"key": key, **params}


@dataclass
class Move:
    """Who made one stored action, and whether it was forced (its only legal option)."""

    seat: int
    forced: bool  # applied without asking (State.forced_action)
    zombie: bool = False  # played by the zombie bot (the seat's time had run out)


@dataclass
class UndoOffer:
    """``seat`` asks to undo back to ``keep`` actions; ``waiting``: seats yet to accept."""

    seat: int
    keep: int
    waiting: set[int]


def replay_moves(record: dict[str, Any]) -> tuple[State, list[Move]]:
    """Replay a record; return the final state and who made each action."""
    moves: list[Move] = []
    actions = record["actions"]
    state: State | None = None
    for i, state in enumerate(replay_steps(record)):
        if i < len(actions):
            seat = state.current_player
            assert seat is not None
            moves.append(Move(seat, state.forced_action() is not None))
    assert state is not None
    return state, moves


def table_status(row: TableRow, state: State) -> str:
    """``finished``, ``open`` (a human seat never joined) or ``running``."""
    if state.is_over:
        return "finished"
    if any(s.bot is None and not s.joined for s in row.seats):
        return "open"
    return "running"


def table_result(state: State) -> dict[str, Any] | None:
    """Scores and ranking once the game is over."""
    if not state.is_over:
        return None
    return {"scores": state.scores(), "ranking": state.ranking()}


@dataclass(eq=False)
class LiveTable:
    """A table being played: its stored row (seats, options, status; not its moves),
    its state (whose ``history`` is the one list of moves) and who is connected."""

    row: TableRow
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    bot_error: str | None = None
    moves: list[Move] = field(default_factory=list)
    undo_offer: UndoOffer | None = None
    last_active: float = field(default_factory=time.monotonic)
    away_since: dict[int, float] = field(default_factory=dict)
    """Human seats with no connection, since when (``time.monotonic``)."""
    hinting: set[int] = field(default_factory=set)
    """Seats whose hint is being searched (one at a time per seat, not per connection)."""
    hints: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    """Per seat, the last hint and the move number it was for (asked again, sent again)."""
    grace_s: float = 0.0
    clock: Clock = field(default_factory=SystemClock)
    """The server's time for the table clock (``server/clocks.py``)."""
    mutes: dict[int, set[int]] = field(default_factory=dict)
    """Per seat, the seats whose chat it does not want to see (``server/chat.py``)."""
    elsewhere: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Per other server process, the seats it holds connections for and until when
    (``time.monotonic``) its word counts (``server/presence.py``)."""
    told_seats: frozenset[int] = frozenset()
    """The seats connected here, as last told to the other processes."""
    said_connected: list[bool] = field(default_factory=list)
    """Who is connected, as last said to the connections here."""
    moved: asyncio.Event = field(default_factory=asyncio.Event)
    """Set whenever the state takes a stored move (here or another process's)."""
    moved_here: int = -1
    """The action count after this process's last commit (or bot job it waited for):
    equal to the table's, this process made the last move (``BotPlay._queues_here``)."""

    def __post_init__(self) -> None:
        now = time.monotonic()
        self.away_since = {s.seat: now for s in self.row.seats if s.kind == "human"}
        self.said_connected = [False] * self.row.players

    @classmethod
    def from_row(cls, row: TableRow) -> LiveTable:
        """Rebuild the state by replaying the stored record. From then on the moves are
        kept once, in ``state.history`` (the row's copy is dropped)."""
        state, moves = replay_moves(row.record())
        for move, zombie in zip(moves, row.zombie_actions):
            move.zombie = zombie
        row.actions, row.zombie_actions, row.action_times = [], [], []
        return cls(row, state, moves=moves)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def names(self) -> list[str]:
        """Seat names as stored (English defaults); for pages use :meth:`names_in`."""
        return [s.name for s in self.row.seats]

    def names_in(self, lang: str) -> list[str]:
        """Seat names for a reader of ``lang``: default names translated."""
        return [shown_name(s.seat, s.kind, s.name, lang) for s in self.row.seats]

    def seat_for(self, token: str) -> int | None:
        """The seat a token opens, or None."""
        digest = hash_token(token)
        for s in self.row.seats:
            if s.token_hash and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def bot_to_move(self) -> str | None:
        """The bot spec of the seat to move, if that seat is a bot."""
        seat = self.state.current_player
        return None if seat is None else self.row.seats[seat].bot

    def status(self) -> str:
        """``finished``, ``open`` (a human seat never joined) or ``running``."""
        return table_status(self.row, self.state)

    def result(self) -> dict[str, Any] | None:
        """Scores and ranking once the game is over."""
        return table_result(self.state)

    def local_seats(self) -> frozenset[int]:
        """The seats with a connection to this process."""
        return frozenset(c.seat for c in self.conns if c.seat is not None)

    def connected(self) -> list[bool]:
        """Per seat, whether it has a connection here or (lately said) in another process."""
        now = time.monotonic()
        seats = set(self.local_seats())
        for there, until in self.elsewhere.values():
            if until > now:
                seats |= there
        return [s in seats for s in range(self.row.players)]

    def forget_expired(self, now: float) -> None:
        """Drop what other processes said longer than its time to live ago."""
        for origin in [o for o, (_, until) in self.elsewhere.items() if until <= now]:
            del self.elsewhere[origin]

    def mark_presence(self) -> None:
        """Note which human seats just lost (or regained) their last connection."""
        now = time.monotonic()
        self.last_active = now
        for seat, on in enumerate(self.connected()):
            if on:
                self.away_since.pop(seat, None)
            elif self.row.seats[seat].kind == "human":
                self.away_since.setdefault(seat, now)

    def handover_in(self, seat: int) -> int | None:
        """Whole seconds until another player may hand ``seat`` to a bot (0: now), or
        None while the seat is connected, a bot seat or already handed over, and always
        at a table with a clock (there only the clock hands another's seat over)."""
        since = self.away_since.get(seat)
        if since is None or self.row.seats[seat].handed_to is not None or self.row.clock:
            return None
        return max(0, math.ceil(since + self.grace_s - time.monotonic()))

    def update_for(
        self, conn: Connection, actions: list[dict[str, Any]], reset: bool = False
    ) -> dict[str, Any]:
        """The ``update`` for one connection after ``actions`` were committed; advances its log.

        ``actions`` are ``{"seat", "action"}`` in full notation; each goes out as the
        connection's seat may know it (:meth:`State.public_action`). ``reset`` (after an
        undo) sends the whole log again, to replace the client's.
        """
        st, seat = self.state, conn.seat
        seen = [
            {"seat": a["seat"], "action": st.public_action(a["action"], a["seat"], seat)}
            for a in actions
        ]
        # Where the moves went, for the moves this connection sees whole.
        recent = [
            a["target"]
            for a, public in zip(actions, seen, strict=True)
            if a.get("target") and public["action"] == a["action"]
        ]
        entries = st.log_for(seat, 0 if reset else conn.log_pos)
        conn.log_pos = len(st.log)
        current = st.current_player
        prompt = None if st.is_over else st.prompt()
        mine = seat is not None and seat == current and self.row.seats[seat].bot is None
        names = self.names_in(conn.lang)
        msg: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "seat": seat,
            "n_actions": len(st.history),
            "current_player": current,
            "over": st.is_over,
            "your_turn": mine,
            "prompt": prompt and {**prompt, "text": render(prompt, conn.lang, names)},
            "legal_actions": st.legal_actions() if mine else [],
            "choices": st.choices(seat, conn.lang, names) if mine else [],
            "view": st.view(seat),
            "log": [{"text": render(e, conn.lang, names), "entry": e} for e in entries],
            "actions": seen,
            "recent": recent,
            "connected": self.connected(),
            "seats": self.seat_info(),
            "can_undo": self.can_undo(seat),
            "undo_offer": self.offer_message(),
            "reset": reset,
        }
        if self.row.clock is not None:
            msg["clock"] = clock_info(self.row, self.clock.now())
        if st.is_over:
            msg.update(self.result() or {})
        return msg

    def broadcast(self, actions: list[dict[str, Any]], reset: bool = False) -> None:
        """Queue an update to every connection; drop those too far behind."""
        for conn in list(self.conns):
            if not conn.push(self.update_for(conn, actions, reset)):
                self.conns.discard(conn)
                conn.queue.put_nowait(None)

    def announce(self, message: dict[str, Any]) -> None:
        """Queue one message to every connection."""
        for conn in list(self.conns):
            conn.push(message)

    # -- seats, undo ----------------------------------------------------------------
    def seat_info(self) -> list[dict[str, Any]]:
        """Per seat: ``human`` or ``bot``, the bot playing it, whether it was handed over,
        and on a table with a clock its deadline, time left and zombie flag."""
        return [
            {
                "seat": s.seat,
                "kind": "human" if s.bot is None else "bot",
                "bot": s.bot,
                "handed_over": s.handed_to is not None,
                "handover_in": self.handover_in(s.seat),
                **seat_clock(self.row, s),
            }
            for s in self.row.seats
        ]

    def humans(self) -> set[int]:
        """Seats played by people now (not bots, not handed over)."""
        return {s.seat for s in self.row.seats if s.bot is None}

    def undo_point(self, seat: int | None) -> int:
        """How many actions stay if ``seat`` undoes its last decision; CannotUndo says why not."""
        if seat is None:
            raise CannotUndo("spectators cannot undo", "spectator")
        if self.state.is_over:
            raise CannotUndo("the game is over", "game_over")
        if seat not in self.humans():
            raise CannotUndo("a bot plays your seat now; reclaim it first", "handed_over")
        if self.undo_offer is not None:
            waiting = ", ".join(self.names[s] for s in sorted(self.undo_offer.waiting))
            raise CannotUndo(
                f"an undo offer is waiting for {waiting}",
                "offer_waiting",
                seats=sorted(self.undo_offer.waiting),
            )
        for i in range(len(self.moves) - 1, -1, -1):
            move = self.moves[i]
            if move.forced:
                continue
            if move.seat == seat:
                return i
            raise CannotUndo(
                f"the last decision was made by {self.names[move.seat]}",
                "last_decision",
                seat=move.seat,
            )
        raise CannotUndo("you have made no decision to undo", "no_decision")

    def can_undo(self, seat: int | None) -> bool:
        try:
            self.undo_point(seat)
        except CannotUndo:
            return False
        return True

    def offer_message(self) -> dict[str, Any] | None:
        """The pending ``undo_offer`` message, or None."""
        offer = self.undo_offer
        if offer is None:
            return None
        return {"type": "undo_offer", "seat": offer.seat, "waiting": sorted(offer.waiting)}


def apply_stored(table: LiveTable, actions: list[str], zombies: list[bool]) -> list[dict[str, Any]]:
    """Play actions another process stored (read back); return them as ``broadcast``
    takes them."""
    told = [
        NoticedAction(0, z, False, False, None, a) for a, z in zip(actions, zombies, strict=True)
    ]
    return apply_noticed(table, told, known=False)


def apply_noticed(
    table: LiveTable, actions: list[NoticedAction], known: bool = True
) -> list[dict[str, Any]]:
    """Play actions another process stored; return them as ``broadcast`` takes them.
    ``known``: their forced flags and targets are the notices' (else worked out here)."""
    done = []
    for action in actions:
        state = table.state
        seat = state.current_player
        assert seat is not None
        forced = action.forced if known else state.forced_action() is not None
        target = action.target if known else state.shared_target(action.notation)
        new = state.clone()
        new.apply(action.notation)
        table.state = new
        table.moves.append(Move(seat, forced, action.zombie))
        done.append({"seat": seat, "action": action.notation, "target": target})
    table.moved.set()
    return done


def public_info(
    row: TableRow, live: LiveTable | None = None, lang: str = "en", now: dt.datetime | None = None
) -> dict[str, Any]:
    """What anyone may know of a table (never the seed or tokens while it runs); seat
    names for a reader of ``lang``; a clock's ``now`` is ``now``, else the live table's."""
    connected = live.connected() if live else [False] * row.players
    info: dict[str, Any] = {
        "id": row.id,
        "game": row.game,
        "title": games.get(row.game).title,
        "players": row.players,
        "options": row.options,
        "status": live.status() if live else row.status,
        "n_actions": len(live.state.history) if live else row.n_actions,
        "current_player": live.state.current_player if live else row.to_move,
        "seats": [
            {
                "seat": s.seat,
                "kind": "human" if s.bot is None else "bot",
                "bot": s.bot,
                "handed_over": s.handed_to is not None,
                "name": shown_name(s.seat, s.kind, s.name, lang),
                "joined": s.joined,
                "connected": connected[s.seat],
                **seat_clock(row, s),
                "account": s.account,
            }
            for s in row.seats
        ],
        "created_at": row.created_at.isoformat() if row.created_at else None,
        "updated_at": row.updated_at.isoformat() if row.updated_at else None,
        "url": f"/table/{row.id}",
    }
    if row.clock is not None:
        now = now or (live.clock if live else SystemClock()).now()
        info["clock"] = clock_info(row, now)
    if live is not None and live.bot_error:
        info["bot_error"] = live.bot_error
    result = live.result() if live else row.result
    if result:
        info.update(result)
    return info


def seat_clock(row: TableRow, seat: SeatRow) -> dict[str, Any]:
    """A seat's clock for messages: ``deadline`` (UTC, while it runs), ``left_ms`` (time
    left, live, or bank, turn-based) and ``zombie``; nothing on a table without a clock."""
    if row.clock is None:
        return {}
    deadline = seat.deadline.isoformat() if seat.deadline else None
    return {"deadline": deadline, "left_ms": seat.clock_left_ms, "zombie": seat.zombie}


def clock_info(row: TableRow, now: dt.datetime) -> dict[str, Any] | None:
    """A table's clock settings and the server's ``now`` (pages count each seat's
    ``deadline`` down from it), or None without a clock."""
    if row.clock is None:
        return None
    return {**row.clock.public(), "now": now.isoformat()}


def error(code: str, message: str, detail: dict[str, Any] | None = None) -> dict[str, Any]:
    """An ``error`` message for a client: ``message`` in English and, where given,
    ``detail`` = the same reason as ``{"key", **params}`` for the page to translate."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if detail is not None:
        out["detail"] = detail
    return out
