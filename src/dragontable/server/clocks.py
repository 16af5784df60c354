"""Table clocks and zombie seats: whose clock runs, what a move costs, and the bot that
plays a seat whose time ran out until its player reclaims it.

A clock runs only for the seat to move, and only while a person plays it (a bot seat, a
seat handed to a bot and a zombie seat have none running). Deadlines are absolute UTC
times kept in ``seats.deadline``, written in the same transaction as the action that
starts or stops them, so a restarted server resumes them and handles those that passed
while it was down. :class:`ClockPlay` is a part of :class:`tables.TableManager` (a mixin).

* live: each seat has ``base_s``; its time runs while it is to move; when the turn passes
  to another seat it gets ``increment_s`` more;
* turn: each time a seat comes to move it has ``per_move_s`` plus what is left of its
  bank (``bank_s`` at the start); time used beyond ``per_move_s`` comes out of the bank.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from ..core.state import State
from .clockrows import ClockSettings, SeatClock
from .db import SeatRow, Store, TableRow
from .live import LiveTable
from .timesource import Clock

log = logging.getLogger("dragontable.server")

RECLAIM_LIVE_S = 60
"""A live seat reclaimed after its time ran out starts again with at least this much."""
MS = 1000


def ms_between(start: dt.datetime, end: dt.datetime) -> int:
    """Whole milliseconds from ``start`` to ``end`` (negative if ``end`` is earlier)."""
    return (end - start) // dt.timedelta(milliseconds=1)


def clock_seat(row: TableRow, state: State) -> int | None:
    """The seat whose clock should run in ``state``: the seat to move, if a person plays it."""
    if row.clock is None or state.is_over or state.current_player is None:
        return None
    seat = row.seats[state.current_player]
    return seat.seat if seat.kind == "human" and seat.handed_to is None else None


def started(clock: ClockSettings, seat: SeatRow, now: dt.datetime) -> SeatClock:
    """``seat``'s clock set running at ``now``."""
    left = seat.clock_left_ms or 0
    allowed = left + (MS * clock.per_move_s if clock.kind == "turn" else 0)
    return SeatClock(now + dt.timedelta(milliseconds=allowed), left)


def stopped(clock: ClockSettings, seat: SeatRow, now: dt.datetime) -> SeatClock:
    """``seat``'s running clock stopped at ``now``: what is left, plus the increment (live),
    or the bank less what the move took beyond ``per_move_s`` (turn)."""
    assert seat.deadline is not None
    remaining = max(0, ms_between(now, seat.deadline))
    if clock.kind == "live":
        return SeatClock(None, remaining + MS * clock.increment_s)
    return SeatClock(None, min(seat.clock_left_ms or 0, remaining))


def clock_changes(row: TableRow, state: State, now: dt.datetime) -> dict[int, SeatClock]:
    """The seat clocks that change when the table comes to ``state`` at ``now``: running
    clocks of other seats stop, the clock of the seat to move starts."""
    if row.clock is None:
        return {}
    want = clock_seat(row, state)
    out = {
        s.seat: stopped(row.clock, s, now)
        for s in row.seats
        if s.deadline is not None and s.seat != want
    }
    if want is not None and row.seats[want].deadline is None:
        out[want] = started(row.clock, row.seats[want], now)
    return out


def apply_clocks(row: TableRow, changes: dict[int, SeatClock]) -> None:
    """Keep stored seat clocks in memory too."""
    for seat, clock in changes.items():
        row.seats[seat].deadline = clock.deadline
        row.seats[seat].clock_left_ms = clock.left_ms


def overdue(row: TableRow, now: dt.datetime) -> int | None:
    """The seat whose deadline has passed at ``now``, if any."""
    for s in row.seats:
        if s.deadline is not None and s.deadline <= now:
            return s.seat
    return None


def time_left_s(clock: ClockSettings, seat: SeatRow, now: dt.datetime) -> int:
    """Whole seconds ``seat`` has before its time runs out: to its deadline while its
    clock runs, else what it will have when its turn comes (turn-based: a move's time
    plus the bank)."""
    if seat.deadline is not None:
        left = ms_between(now, seat.deadline)
    else:
        left = (seat.clock_left_ms or 0) + (MS * clock.per_move_s if clock.kind == "turn" else 0)
    return max(0, -(-left // MS))


def reclaimed(clock: ClockSettings, seat: SeatRow) -> SeatClock:
    """A zombie seat's clock when its player takes it back: a live one gets at least the
    increment and ``RECLAIM_LIVE_S``; a turn-based one keeps its (empty) bank."""
    left = seat.clock_left_ms or 0
    if clock.kind == "live":
        left = max(left, MS * clock.increment_s, MS * RECLAIM_LIVE_S)
    return SeatClock(None, left)


def zombie_share(table: LiveTable) -> dict[int, float]:
    """Per seat, the share of its decisions (forced one-option actions not counted) that
    the zombie bot made: 0.0 for a seat that decided nothing."""
    made = {s.seat: 0 for s in table.row.seats}
    zombie = dict(made)
    for move in table.moves:
        if not move.forced:
            made[move.seat] += 1
            zombie[move.seat] += move.zombie
    return {seat: zombie[seat] / made[seat] if made[seat] else 0.0 for seat in made}


class ClockPlay:
    """Checks deadlines (a periodic task, on load, before an action) and puts the zombie
    bot on a seat whose time ran out."""

    store: Store
    clock: Clock

    if TYPE_CHECKING:

        async def get(self, table_id: str) -> LiveTable | None: ...
        async def catch_up(self, table: LiveTable, kinds: AbstractSet[str] = ...) -> None: ...
        def kick(self, table: LiveTable) -> None: ...
        async def _withdraw_offer(self, table: LiveTable, why: str, by: int) -> None: ...
        def seat_taken_over(self, table: LiveTable, seat: int) -> None: ...

    async def check_clocks(self) -> int:
        """Put the zombie on every seat whose time has run out; return how many. Tables
        are checked side by side (one whose bot is thinking holds its lock a while)."""
        due = await asyncio.to_thread(self.store.due_clocks, self.clock.now())
        done = await asyncio.gather(*(self._expire(table_id) for table_id in due))
        return sum(done)

    async def _expire(self, table_id: str) -> bool:
        """:meth:`time_out` for one table, loaded if need be; whether a seat timed out."""
        try:
            table = await self.get(table_id)
        except Exception:  # ServerFull or the database: try again at the next tick
            log.exception("table %s: could not check its clock", table_id)
            return False
        if table is None:
            return False
        async with table.lock:
            timed_out = await self.time_out(table)
        if timed_out:
            self.kick(table)
        return timed_out

    async def time_out(self, table: LiveTable) -> bool:
        """If a seat's deadline has passed, hand it to the zombie bot and say so; whether
        one had. Caller holds ``table.lock``."""
        clock = table.row.clock
        now = self.clock.now()
        seat = overdue(table.row, now)
        if clock is None or seat is None:
            return False
        out = {seat: SeatClock(None, 0)}
        claim = (table.id, seat, clock.zombie_bot, True, out, now)
        if not await asyncio.to_thread(self.store.hand_over, *claim):
            await self.catch_up(table)  # another server process did it (or the seat moved)
            return False
        apply_clocks(table.row, out)
        table.row.seats[seat].handed_to = clock.zombie_bot
        table.row.seats[seat].zombie = True
        await self._withdraw_offer(table, "handed", seat)
        message = {"type": "seat_change", "seat": seat, "bot": clock.zombie_bot, "by": None}
        table.announce({**message, "zombie": True})
        table.broadcast([])
        self.seat_taken_over(table, seat)
        return True

    async def sync_clocks(self, table: LiveTable) -> None:
        """Start and stop seat clocks to match whose turn it is (after an undo, a seat
        change, or on loading a table). Caller holds ``table.lock`` (or loads the table)."""
        changes = clock_changes(table.row, table.state, self.clock.now())
        if changes:
            await asyncio.to_thread(self.store.set_clocks, table.id, changes)
            apply_clocks(table.row, changes)

    async def tick_forever(self, every_s: float) -> None:
        """Check the deadlines every ``every_s`` seconds until cancelled."""
        while True:
            await asyncio.sleep(every_s)
            try:
                await self.check_clocks()
            except Exception:  # the database may be away for a moment: next tick
                log.exception("the clock check failed")
