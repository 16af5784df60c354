"""Live tables: the authoritative state in memory, its connections, and what each is sent.

Every message a connection receives is built here from ``view(seat)``, ``log_for(seat)``
and the prompt, so a seat never sees what its view would not show.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..core.messages import LANGUAGES, render
from ..core.state import State
from .db import TableRow

QUEUE_LIMIT = 500


def hash_token(token: str) -> str:
    """The stored form of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Connection:
    """One WebSocket of a seat (``None``: a spectator); messages wait in ``queue``."""

    seat: int | None
    lang: str = "en"
    log_pos: int = 0
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            self.lang = "en"

    def push(self, message: dict[str, Any]) -> bool:
        """Queue a message; False if the client has fallen too far behind."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            return False
        self.queue.put_nowait(message)
        return True


@dataclass(eq=False)
class LiveTable:
    """A table being played: its stored row, its state and who is connected."""

    row: TableRow
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    bot_error: str | None = None

    @classmethod
    def from_row(cls, row: TableRow) -> LiveTable:
        """Rebuild the state by replaying the stored record."""
        from ..core.record import replay

        return cls(row, replay(row.record()))

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.row.seats]

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
        if self.state.is_over:
            return "finished"
        if any(s.kind == "human" and not s.joined for s in self.row.seats):
            return "open"
        return "running"

    def result(self) -> dict[str, Any] | None:
        """Scores and ranking once the game is over."""
        if not self.state.is_over:
            return None
        return {"scores": self.state.scores(), "ranking": self.state.ranking()}

    def connected(self) -> list[bool]:
        seats = {c.seat for c in self.conns}
        return [s in seats for s in range(self.row.players)]

    def update_for(self, conn: Connection, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The ``update`` for one connection after ``actions`` were committed; advances its log."""
        st, seat = self.state, conn.seat
        entries = st.log_for(seat, conn.log_pos)
        conn.log_pos = len(st.log)
        current = st.current_player
        prompt = None if st.is_over else st.prompt()
        mine = seat is not None and seat == current
        msg: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "seat": seat,
            "n_actions": len(st.history),
            "current_player": current,
            "over": st.is_over,
            "your_turn": mine,
            "prompt": prompt and {**prompt, "text": render(prompt, conn.lang, self.names)},
            "legal_actions": st.legal_actions() if mine else [],
            "view": st.view(seat),
            "log": [{"text": render(e, conn.lang, self.names), "entry": e} for e in entries],
            "actions": actions,
            "connected": self.connected(),
        }
        if st.is_over:
            msg.update(self.result() or {})
        return msg

    def broadcast(self, actions: list[dict[str, Any]]) -> None:
        """Queue an update to every connection; drop those too far behind."""
        for conn in list(self.conns):
            if not conn.push(self.update_for(conn, actions)):
                self.conns.discard(conn)
                conn.queue.put_nowait(None)


def public_info(row: TableRow, live: LiveTable | None = None) -> dict[str, Any]:
    """What anyone may know of a table (never the seed or tokens while it runs)."""
    connected = live.connected() if live else [False] * row.players
    info: dict[str, Any] = {
        "id": row.id,
        "game": row.game,
        "title": games.get(row.game).title,
        "players": row.players,
        "options": row.options,
        "status": live.status() if live else row.status,
        "n_actions": len(live.state.history) if live else row.n_actions,
        "current_player": live.state.current_player if live else None,
        "seats": [
            {
                "seat": s.seat,
                "kind": "human" if s.bot is None else "bot",
                "bot": s.bot,
                "name": s.name,
                "joined": s.joined,
                "connected": connected[s.seat],
            }
            for s in row.seats
        ],
        "created_at": row.created_at.isoformat() if row.created_at else None,
        "updated_at": row.updated_at.isoformat() if row.updated_at else None,
        "url": f"/table/{row.id}",
    }
    if live is not None and live.bot_error:
        info["bot_error"] = live.bot_error
    result = live.result() if live else row.result
    if result:
        info.update(result)
    return info
