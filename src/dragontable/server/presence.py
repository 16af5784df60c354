"""Presence across server processes: which seats have a connection anywhere.

A process knows its own connections (``LiveTable.conns``). With several processes over
one PostgreSQL (:class:`fanout.PgFanout`) each tells the others which seats of a table
it holds a connection for, whenever that set changes and again every ``HEARTBEAT_S``;
what another process said counts for ``TTL_S``, so the seats of a process killed outright
go absent within ``TTL_S`` (unless their pages reconnected elsewhere first). Every process
hears every notice: what it hears of a table it does not hold is kept too
(``PresencePlay.heard``), so a table it loads (for ``GET /api/tables/{id}``, say) starts
with the presence its holders told; it also asks them (``presence?``).

A seat counts as connected when a connection anywhere has it: the page's dots, the grace
period before another player may hand an absent seat to a bot, and the "your turn" mail
all read :meth:`LiveTable.connected`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Set as AbstractSet

from .fanout import Fanout
from .live import LiveTable

log = logging.getLogger("dragontable.server")

HEARTBEAT_S = 10.0
"""How often a process repeats the seats it holds connections for."""
TTL_S = 3 * HEARTBEAT_S
"""How long another process's word counts without a repeat."""
CHECK_S = 1.0
"""How often expired words are looked for."""
ASK = "presence?"
PREFIX = "presence:"


def presence_kind(origin: str, seats: AbstractSet[int]) -> str:
    """The notice ``origin`` sends: ``presence:<origin>:<seat>.<seat>…``."""
    return f"{PREFIX}{origin}:{'.'.join(str(s) for s in sorted(seats))}"


def parse_presence(kind: str) -> tuple[str, frozenset[int]] | None:
    """The origin and seats of a :func:`presence_kind` notice; None if malformed."""
    origin, sep, seats = kind.removeprefix(PREFIX).partition(":")
    parts = seats.split(".") if seats else []
    if not kind.startswith(PREFIX) or not sep or not origin or not all(p.isdigit() for p in parts):
        return None
    return origin, frozenset(int(p) for p in parts)


class PresencePlay:
    """Tells the table's connections who is here, across processes.

    A part of :class:`tables.TableManager` (a mixin)."""

    live: dict[str, LiveTable]
    fanout: Fanout
    _telling: set[asyncio.Task[None]]
    heard: dict[str, dict[str, tuple[frozenset[int], float]]]
    """Per table not held here, what other processes said of it (as ``elsewhere``)."""

    def presence_heard(self, table: LiveTable) -> None:
        """A table is loaded here: take what other processes said of it meanwhile."""
        told = self.heard.pop(table.id, {})
        now = time.monotonic()
        table.elsewhere.update({o: (s, u) for o, (s, u) in told.items() if u > now})
        table.mark_presence()

    def presence_changed(self, table: LiveTable) -> None:
        """A connection came or went here: tell other processes if this one's seats
        changed, and this one's connections if the seats connected anywhere changed."""
        table.mark_presence()
        self._tell(table)
        self.announce_presence(table)

    @staticmethod
    def announce_presence(table: LiveTable) -> None:
        """Tell every connection here who is connected, and when an absent seat may be
        handed over; only when that changed since last said: a spectator or a seat's
        second tab coming or going tells nothing new."""
        connected = table.connected()
        if connected == table.said_connected:
            return
        table.said_connected = connected
        table.mark_presence()
        message = {"type": "presence", "connected": connected, "seats": table.seat_info()}
        for conn in list(table.conns):
            conn.push(message)

    def _tell(self, table: LiveTable, again: bool = False) -> None:
        """Send other processes the seats connected here, if changed (or ``again``)."""
        seats = table.local_seats()
        if seats == table.told_seats and not again:
            return
        table.told_seats = seats
        self._send(table.id, presence_kind(self.fanout.origin, seats))

    def ask_presence(self, table: LiveTable) -> None:
        """Ask the other processes which seats of a table just loaded they hold."""
        self._send(table.id, ASK)

    def _send(self, table_id: str, kind: str) -> None:
        if not self.fanout.shared:
            return
        task = asyncio.get_running_loop().create_task(self._send_now(table_id, kind))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def _send_now(self, table_id: str, kind: str) -> None:
        try:
            await self.fanout.tell(table_id, kind)
        except Exception:  # the next heartbeat says it again
            log.exception("table %s: could not tell other workers of its presence", table_id)

    def on_presence(self, table_id: str, kind: str) -> None:
        """Another process said which seats it holds (or asked who holds what)."""
        table = self.live.get(table_id)
        if table is None:
            self._hear(table_id, kind)
            return
        if kind == ASK:
            if table.local_seats():
                self._tell(table, again=True)
            return
        if (said := parse_presence(kind)) is None:
            return
        origin, seats = said
        if seats:
            table.elsewhere[origin] = (seats, time.monotonic() + TTL_S)
        else:
            table.elsewhere.pop(origin, None)
        self.announce_presence(table)

    def _hear(self, table_id: str, kind: str) -> None:
        """Keep what another process said of a table not held here."""
        if (said := parse_presence(kind)) is None:
            return
        origin, seats = said
        if seats:
            self.heard.setdefault(table_id, {})[origin] = (seats, time.monotonic() + TTL_S)
        elif (told := self.heard.get(table_id)) is not None:
            told.pop(origin, None)
            if not told:
                del self.heard[table_id]

    def _forget_heard(self, now: float) -> None:
        """Drop what was heard of tables not held here longer than ``TTL_S`` ago."""
        for table_id in list(self.heard):
            told = {o: (s, u) for o, (s, u) in self.heard[table_id].items() if u > now}
            if told:
                self.heard[table_id] = told
            else:
                del self.heard[table_id]

    async def presence_forever(self) -> None:
        """Forget what other processes said too long ago; repeat this one's seats."""
        beats = round(HEARTBEAT_S / CHECK_S)
        count = 0
        while True:
            await asyncio.sleep(CHECK_S)
            count = (count + 1) % beats
            self._forget_heard(time.monotonic())
            for table in list(self.live.values()):
                table.forget_expired(time.monotonic())
                self.announce_presence(table)
                if count == 0 and table.local_seats():
                    self._tell(table, again=True)
