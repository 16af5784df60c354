"""What follows a committed move: ratings when a game ends, "your turn" e-mails otherwise
(turn-based and untimed tables).

:class:`Outcomes` is a part of :class:`tables.TableManager` (a mixin); the app gives it
the account store and, when mail is configured, the notifier.
"""

from __future__ import annotations

import asyncio
import logging

from .accounts_db import AccountStore
from .clocks import zombie_share
from .db import TableRow
from .live import LiveTable
from .mail import Notifier
from .ratings import (
    DEFAULT_HANDOVER_RATING,
    change_info,
    changes_for,
    is_marked,
    is_rated,
    player_of,
)

log = logging.getLogger("dragontable.server")


def by_mail(table: LiveTable) -> bool:
    """Whether a player of this table hears of their turn by e-mail: on turn-based and
    untimed tables; a live clock's players are at the table (the page tells them)."""
    clock = table.row.clock
    return clock is None or clock.kind == "turn"


class Outcomes:
    """Rates finished tables (once each) and tells players by e-mail that they are to move."""

    accounts: AccountStore | None = None
    notifier: Notifier | None = None

    def seat_taken_over(self, table: LiveTable, seat: int) -> None:
        """A bot took ``seat`` while its player was away (handed over by another seat, or
        the clock's zombie): tell its player by e-mail."""
        if self.notifier is not None:
            self.notifier.seat_handed_over(table, seat)

    def zombie_shares(self, table: LiveTable) -> dict[int, float]:
        """Per seat, the share of its decisions that a zombie bot made (0 to 1)."""
        return zombie_share(table)

    async def after_commit(self, table: LiveTable, mover: int) -> None:
        """Called after ``mover``'s move (and any forced ones) was committed and broadcast."""
        try:
            if table.state.is_over:
                # shielded: the mover's socket may close as soon as it reads the end, and
                # its handler's cancellation must not cut the rating short
                await asyncio.shield(self._rate_logged(table))
                return
            seat = table.state.current_player
            if self.notifier is not None and seat is not None and seat != mover and by_mail(table):
                self.notifier.turn_started(table, seat)
        except Exception:  # ratings and mail must never undo a committed move
            log.exception("table %s: rating or notifying failed", table.id)

    async def _rate_logged(self, table: LiveTable) -> None:
        """:meth:`rate`, its failure logged (it may outlive the task that awaited it)."""
        try:
            await self.rate(table)
        except Exception:
            log.exception("table %s: rating failed", table.id)

    async def rate(self, table: LiveTable) -> None:
        """Update the ratings of a finished rated table and tell the table; once per table."""
        row, accounts = table.row, self.accounts
        if accounts is None or not is_rated(row):
            return
        keys = {(p, row.game) for s in row.seats if (p := player_of(s)) is not None}
        stored = await asyncio.to_thread(accounts.ratings, keys)
        handed = await asyncio.to_thread(handover_choices, accounts, row)
        ranking, shares = table.state.ranking(), self.zombie_shares(table)
        changes = changes_for(row, ranking, stored, shares, handed)
        if await asyncio.to_thread(accounts.save_ratings, table.id, row.game, changes):
            infos = [change_info(c, row) for c in changes]
            table.announce({"type": "ratings", "changes": infos, "marked": is_marked(row, changes)})


def handover_choices(accounts: AccountStore, row: TableRow) -> dict[int, str]:
    """The seats another seat handed to a bot, with how their players chose to have
    such a game rated (blocking: reads the accounts)."""
    out = {}
    for seat in row.seats:
        if seat.handed_by is not None and seat.user_id is not None:
            user = accounts.user_by_id(seat.user_id)
            choice = user.handover_rating if user else None
            out[seat.seat] = choice or DEFAULT_HANDOVER_RATING
    return out
