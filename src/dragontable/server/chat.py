"""The table chat: seats write, seats and spectators read, a seat may mute another.

Messages are stored raw (``chat`` table) and sent as text; pages show them as text
(never as HTML). A message is one line of at most ``MAX_CHAT_CHARS`` characters; each
seat may send ``CHAT_MESSAGES`` in any ``CHAT_WINDOW_S`` seconds (``server/limits.py``).
A refusal is a ``cannot_chat`` error with a detail key the page words in the reader's
language; nothing is stored or sent then. :class:`ChatRequests` is a part of
:class:`tables.TableManager` (a mixin).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import unicodedata
from typing import Any

import sqlalchemy as sa

from .db import Store
from .limits import CHAT_MESSAGES, CHAT_WINDOW_S, MAX_CHAT_CHARS, SlidingWindow, retry_after
from .live import Connection, LiveTable, error
from .lobby import refused_char
from .schema import chat_t, mutes_t

CHAT_HISTORY = 50
"""Messages sent to a connection when it opens (the most recent)."""


class ChatRefused(ValueError):
    """A chat message refused: the English reason and its ``detail`` for the page."""

    def __init__(self, message: str, key: str, **params: Any) -> None:
        super().__init__(message)
        self.detail: dict[str, Any] = {"key": key, **params}


def clean_chat(given: Any) -> str:
    """A chat message as stored: NFC, trimmed, one line of 1..``MAX_CHAT_CHARS``
    characters with no control or text-direction characters; else :class:`ChatRefused`."""
    if not isinstance(given, str):
        raise ChatRefused('send {"chat": "<text>"}', "chat_text")
    text = unicodedata.normalize("NFC", given).strip()
    if not text:
        raise ChatRefused("the message is empty", "chat_empty")
    if len(text) > MAX_CHAT_CHARS:
        raise ChatRefused(
            f"a message has at most {MAX_CHAT_CHARS} characters, not {len(text)}",
            "chat_too_long",
            max=MAX_CHAT_CHARS,
        )
    for char in text:
        if (why := refused_char(char)) is not None:
            raise ChatRefused(
                f"the message contains U+{ord(char):04X}, {why}; messages are one line of text",
                "chat_char",
            )
    return text


def chat_message(row: Any) -> dict[str, Any]:
    """A stored message as clients receive it."""
    at = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=dt.UTC)
    return {"type": "chat", "id": row.id, "seat": row.seat, "text": row.text, "at": at.isoformat()}


def store_chat(store: Store, table_id: str, seat: int, text: str) -> dict[str, Any]:
    """Store a message; return it as clients receive it."""
    now = dt.datetime.now(dt.UTC)
    values = {"table_id": table_id, "seat": seat, "text": text, "created_at": now}
    with store.transaction() as conn:
        new_id = conn.execute(chat_t.insert().values(**values).returning(chat_t.c.id)).scalar_one()
        store.notice(conn, table_id, f"chat:{new_id}")
    return {"type": "chat", "id": new_id, "seat": seat, "text": text, "at": now.isoformat()}


def recent_chat(store: Store, table_id: str, limit: int = CHAT_HISTORY) -> list[dict[str, Any]]:
    """The table's last ``limit`` messages, oldest first."""
    query = (
        chat_t.select()
        .where(chat_t.c.table_id == table_id)
        .order_by(chat_t.c.id.desc())
        .limit(limit)
    )
    with store.engine.connect() as conn:
        rows = list(conn.execute(query))
    return [chat_message(r) for r in reversed(rows)]


def chat_by_id(store: Store, table_id: str, chat_id: int) -> dict[str, Any] | None:
    """One stored message of the table as clients receive it, or None."""
    query = chat_t.select().where(chat_t.c.table_id == table_id, chat_t.c.id == chat_id)
    with store.engine.connect() as conn:
        row = conn.execute(query).first()
    return None if row is None else chat_message(row)


def load_mutes(store: Store, table_id: str) -> dict[int, set[int]]:
    """Per seat, the seats it has muted."""
    query = mutes_t.select().where(mutes_t.c.table_id == table_id)
    out: dict[int, set[int]] = {}
    with store.engine.connect() as conn:
        for r in conn.execute(query):
            out.setdefault(r.seat, set()).add(r.muted_seat)
    return out


def store_mute(store: Store, table_id: str, seat: int, muted: int, on: bool) -> None:
    """Store that ``seat`` mutes (``on``) or unmutes ``muted``."""
    key = {"table_id": table_id, "seat": seat, "muted_seat": muted}
    mine = sa.and_(*(mutes_t.c[k] == v for k, v in key.items()))
    with store.transaction() as conn:
        conn.execute(mutes_t.delete().where(mine))
        if on:
            conn.execute(mutes_t.insert().values(**key))
        store.notice(conn, table_id, "mutes")


def hears(table: LiveTable, conn: Connection, sender: int | None) -> bool:
    """Whether ``conn`` is shown messages of ``sender`` (its seat has not muted it)."""
    return conn.seat is None or sender not in table.mutes.get(conn.seat, set())


class ChatRequests:
    """``{"chat": text}``, ``{"mute": seat}``, ``{"unmute": seat}`` and the history a
    connection gets when it opens."""

    store: Store
    chat_limiter: SlidingWindow

    async def chat(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Store a seat's message and send it to everyone who has not muted the seat."""
        if conn.seat is None:
            return _refused(ChatRefused("spectators read the chat; seats write", "chat_spectator"))
        try:
            text = clean_chat(message.get("chat"))
        except ChatRefused as exc:
            return _refused(exc)
        if wait := self.chat_limiter.acquire(f"{table.id}/{conn.seat}"):
            seconds = int(retry_after(wait))
            reason = f"at most {CHAT_MESSAGES} messages in {CHAT_WINDOW_S:g} s; wait {seconds} s"
            limits = {"max": CHAT_MESSAGES, "window": int(CHAT_WINDOW_S)}
            return _refused(ChatRefused(reason, "chat_rate", seconds=seconds, **limits))
        sent = await asyncio.to_thread(store_chat, self.store, table.id, conn.seat, text)
        for other in list(table.conns):
            if hears(table, other, conn.seat):
                other.push(sent)
        return None

    async def mute(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Hide another seat's messages from the sender's seat (stored)."""
        return await self._set_mute(table, conn, message.get("mute"), True)

    async def unmute(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Show a muted seat's messages to the sender's seat again."""
        return await self._set_mute(table, conn, message.get("unmute"), False)

    async def _set_mute(
        self, table: LiveTable, conn: Connection, target: Any, on: bool
    ) -> dict[str, Any] | None:
        verb = "mute" if on else "unmute"
        last = table.row.players - 1
        if type(target) is not int or not 0 <= target <= last:
            return error("bad_message", f'send {{"{verb}": <seat 0-{last}>}}')
        if conn.seat is None:
            return error("cannot_mute", "spectators have no seat to mute for", {"key": "spectator"})
        if target == conn.seat:
            return error("cannot_mute", "you cannot mute your own seat", {"key": "mute_self"})
        await asyncio.to_thread(store_mute, self.store, table.id, conn.seat, target, on)
        muted = table.mutes.setdefault(conn.seat, set())
        if on:
            muted.add(target)
        else:
            muted.discard(target)
        for other in list(table.conns):
            if other.seat == conn.seat:
                other.push({"type": "mutes", "muted": sorted(muted)})
        return None

    async def chat_history(self, table: LiveTable, conn: Connection) -> dict[str, Any]:
        """What a new connection's ``welcome`` says of the chat: ``chat``, the recent
        messages it may see, and ``muted``, the seats its seat has muted."""
        recent = await asyncio.to_thread(recent_chat, self.store, table.id)
        shown = [m for m in recent if hears(table, conn, m["seat"])]
        muted = sorted(table.mutes.get(conn.seat, set())) if conn.seat is not None else []
        return {"chat": shown, "muted": muted}


def _refused(exc: ChatRefused) -> dict[str, Any]:
    return error("cannot_chat", f"the message was not sent: {exc}", exc.detail)
