"""How clocks are stored (revision 0006): a table's clock settings as ``tables`` columns,
a seat's deadline and time left as ``seats`` columns. Used by :mod:`db`; the rules of
the clocks are in :mod:`clocks`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

CLOCK_KINDS = ("live", "turn")


@dataclass(frozen=True)
class ClockSettings:
    """A table's clock: ``live`` (``base_s`` each, plus ``increment_s`` after every move)
    or ``turn`` (``per_move_s`` for every move, plus a bank of ``bank_s``); a seat whose
    time runs out is played by ``zombie_bot`` until its player reclaims it."""

    kind: str
    base_s: int = 0
    increment_s: int = 0
    per_move_s: int = 0
    bank_s: int = 0
    zombie_bot: str = "random"

    def public(self) -> dict[str, Any]:
        """The settings as the API shows them."""
        return {
            "kind": self.kind,
            "base_s": self.base_s,
            "increment_s": self.increment_s,
            "per_move_s": self.per_move_s,
            "bank_s": self.bank_s,
            "zombie_bot": self.zombie_bot,
        }

    def start_ms(self) -> int:
        """A seat's time left before its first move: the base (live) or the bank (turn)."""
        return 1000 * (self.base_s if self.kind == "live" else self.bank_s)


@dataclass(frozen=True)
class SeatClock:
    """A seat's clock as stored: its deadline (None: not running) and time left in ms."""

    deadline: dt.datetime | None
    left_ms: int | None


def write_clocks(
    conn: sa.Connection, seats: sa.Table, table_id: str, clocks: Mapping[int, SeatClock]
) -> None:
    """Store each seat's :class:`SeatClock` in the ``seats`` table."""
    for seat, clock in sorted(clocks.items()):
        conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(deadline=clock.deadline, clock_left_ms=clock.left_ms)
        )


_COLUMNS = ("kind", "base_s", "increment_s", "per_move_s", "bank_s")


def clock_columns(clock: ClockSettings | None) -> dict[str, Any]:
    """The ``tables`` columns of a clock (all None for no clock)."""
    if clock is None:
        return {f"clock_{n}": None for n in _COLUMNS} | {"zombie_bot": None}
    return {f"clock_{n}": getattr(clock, n) for n in _COLUMNS} | {"zombie_bot": clock.zombie_bot}


def clock_settings(r: sa.RowMapping) -> ClockSettings | None:
    """The clock of a stored ``tables`` row, or None."""
    if r["clock_kind"] is None:
        return None
    values = {n: r[f"clock_{n}"] or 0 for n in _COLUMNS[1:]}
    return ClockSettings(r["clock_kind"], **values, zombie_bot=r["zombie_bot"] or "random")
