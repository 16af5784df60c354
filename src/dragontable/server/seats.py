"""Undo offers and seats handed to bots: the requests that change who decides.

:class:`SeatRequests` is a part of :class:`tables.TableManager` (a mixin): it uses the
manager's store, configuration and bot loop (``kick``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from ..bots import BOTS, default_bot, make_bot
from ..core.errors import OptionError
from .clockrows import SeatClock
from .clocks import apply_clocks, reclaimed, time_left_s
from .config import ServerConfig
from .db import Store
from .live import CannotUndo, Connection, LiveTable, UndoOffer, error, replay_moves, table_status
from .lobby import check_bot_cost
from .timesource import Clock
from .undo_offers import accept_offer, drop_offer, save_offer

# why an undo offer was dropped, in English (pages use ``table.undo_reason.<why>``)
UNDO_DROPPED = {"declined": "declined", "acted": "acted", "handed": "changed hands"}


def spoken_time(seconds: int) -> str:
    """A time left as the clocks show it: ``2 d 23 h``, ``1:05:00``, ``9:59``."""
    d, rest = divmod(seconds, 86400)
    h, rest = divmod(rest, 3600)
    m, s = divmod(rest, 60)
    if d:
        return f"{d} d {h} h"
    return f"{h}:{m:02}:{s:02}" if h else f"{m}:{s:02}"


def check_bot(spec: Any, game: str, players: int, max_seconds: float) -> str:
    """A bot spec for ``game``, checked with ``make_bot``; OptionError names the allowed bots."""
    allowed = []
    for name in BOTS:
        with contextlib.suppress(OptionError):
            make_bot(name, game, 0)
            allowed.append(name)
    hint = f"bots for this game: {', '.join(allowed)} (mcts takes a budget: mcts:2s, mcts:500)"
    if not isinstance(spec, str) or len(spec) > 32:
        raise OptionError(f"bad bot {spec!r}; {hint}")
    try:
        make_bot(spec, game, 0)
    except OptionError as exc:
        raise OptionError(f"{exc}; {hint}") from None
    check_bot_cost(spec, game, players, max_seconds)
    return spec


class SeatRequests:
    """Undo (offered to the other humans, carried out by the last acceptance), hand-over
    to a bot (another's seat: after the grace period at a table without a clock; at a
    table with one only when its time ran out, to the clock's zombie) and taking a seat
    back."""

    store: Store
    config: ServerConfig
    clock: Clock

    if TYPE_CHECKING:

        def kick(self, table: LiveTable) -> None: ...
        async def sync_clocks(self, table: LiveTable) -> None: ...
        async def time_out(self, table: LiveTable) -> bool: ...
        def seat_taken_over(self, table: LiveTable, seat: int) -> None: ...

    async def request_undo(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Undo the sender's last decision at once, or offer it to the other humans."""
        if message.get("undo") is not True:
            return error("bad_message", 'send {"undo": true}')
        async with table.lock:
            try:
                keep = table.undo_point(conn.seat)
            except CannotUndo as exc:
                return error("cannot_undo", f"you cannot undo now: {exc}", exc.detail)
            assert conn.seat is not None
            others = table.humans() - {conn.seat}
            if others:
                offer = UndoOffer(conn.seat, keep, others)
                n = len(table.state.history)
                await asyncio.to_thread(save_offer, self.store, table.id, offer, n)
                table.undo_offer = offer
                self._announce_offer(table)
                return None
            await self._undo(table, conn.seat, keep)
        self.kick(table)
        return None

    async def reply_undo(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Accept or decline the pending undo offer; the last acceptance carries it out."""
        accept = message.get("undo_reply")
        if not isinstance(accept, bool):
            return error("bad_message", 'send {"undo_reply": true} or {"undo_reply": false}')
        async with table.lock:
            offer = table.undo_offer
            if offer is None or conn.seat not in offer.waiting:
                return error("no_undo_offer", "no undo offer is waiting for your answer")
            if not accept:
                await self._withdraw_offer(table, "declined", conn.seat)
                table.broadcast([])
                return None
            n = len(table.state.history)
            offer = await asyncio.to_thread(accept_offer, self.store, table.id, conn.seat, n)
            table.undo_offer = offer if offer is not None and offer.waiting else None
            if offer is None:  # withdrawn through another server worker, not yet heard of
                table.broadcast([])
                return error("no_undo_offer", "no undo offer is waiting for your answer")
            if offer.waiting:
                self._announce_offer(table)
                return None
            await self._undo(table, offer.seat, offer.keep)
        self.kick(table)
        return None

    async def _undo(self, table: LiveTable, seat: int, keep: int) -> None:
        """Roll the table back to its first ``keep`` actions; the rest move to the undo table.

        Caller holds ``table.lock``.
        """
        record = {**table.state.record(), "actions": table.state.history[:keep]}
        state, moves = await asyncio.to_thread(replay_moves, record)
        n = len(table.state.history)
        status = table_status(table.row, state)
        await asyncio.to_thread(
            self.store.undo_actions, table.id, keep, n, seat, status, state.current_player
        )
        for move, kept in zip(moves, table.moves):
            move.zombie = kept.zombie  # who played the kept actions does not change
        table.state, table.moves = state, moves
        await self.sync_clocks(table)
        table.announce({"type": "undone", "seat": seat, "actions": n - keep})
        table.broadcast([], reset=True)

    @staticmethod
    def _announce_offer(table: LiveTable) -> None:
        """Tell everyone about the pending offer (the page asks those in ``waiting``)."""
        message = table.offer_message()
        assert message is not None
        table.announce(message)
        table.broadcast([])

    async def _withdraw_offer(self, table: LiveTable, why: str, by: int) -> None:
        """Drop the pending undo offer in the database too (other server workers hear
        of it), and say why. Caller holds ``table.lock``."""
        if table.undo_offer is not None:
            await asyncio.to_thread(drop_offer, self.store, table.id, why, by)
        self._drop_offer(table, why, by)

    @staticmethod
    def _drop_offer(table: LiveTable, why: str, by: int) -> None:
        """Forget a pending undo offer and say why: seat ``by`` ``declined``, ``acted`` or
        was ``handed`` to a bot or back. Caller holds ``table.lock``."""
        offer, table.undo_offer = table.undo_offer, None
        if offer is not None:
            reason = f"{table.names[by]} " + UNDO_DROPPED[why]
            table.announce(
                {"type": "undo_dropped", "seat": offer.seat, "reason": reason, "why": why, "by": by}
            )

    async def hand_to_bot(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Let a bot play a human seat: the sender's own, or one whose player is away."""
        target = message.get("hand_to_bot")
        if type(target) is not int or not 0 <= target < table.row.players:
            return error(
                "bad_message", f"hand_to_bot takes a seat number 0-{table.row.players - 1}"
            )
        try:
            spec = check_bot(
                message.get("bot", default_bot(table.row.game)),
                table.row.game,
                table.row.players,
                self.config.bot_max_seconds,
            )
        except OptionError as exc:
            return error("bad_bot", str(exc))
        async with table.lock:
            if conn.seat is None:
                return error(
                    "cannot_hand_over",
                    "spectators cannot hand a seat to a bot",
                    {"key": "spectator"},
                )
            deadline = table.row.seats[target].deadline
            late = deadline is not None and deadline <= self.clock.now()
            if target != conn.seat and late and await self.time_out(table):  # the zombie's
                self.kick(table)
                return None
            refusal = self._why_not_hand_over(table, conn.seat, target)
            if refusal:
                return error("cannot_hand_over", *refusal)
            by = None if target == conn.seat else conn.seat
            await self._set_bot(table, target, spec, conn.seat, handed_by=by)
        if by is not None:
            self.seat_taken_over(table, target)
        self.kick(table)
        return None

    def _why_not_hand_over(
        self, table: LiveTable, by: int, target: int
    ) -> tuple[str, dict[str, Any]] | None:
        """Why seat ``by`` may not hand ``target`` to a bot (in English and as a detail key),
        or None if it may."""
        refusal = self._why_not_at_all(table, by, target)
        if refusal or target == by:
            return refusal
        seat, name, clock = table.row.seats[target], table.names[target], table.row.clock
        if clock is not None:
            left = time_left_s(clock, seat, self.clock.now())
            return (
                f"the clock decides for {name}: a bot plays the seat only once its time "
                f"runs out ({spoken_time(left)} left)",
                {"key": "clock", "seat": target, "seconds": left},
            )
        if table.connected()[target]:
            return f"{name} is connected; only its player can hand it over", {
                "key": "seat_connected",
                "seat": target,
            }
        wait = table.handover_in(target)
        if wait:
            return f"{name} left only just now; a bot may take the seat in {wait} s", {
                "key": "grace",
                "seat": target,
                "seconds": wait,
            }
        return None

    @staticmethod
    def _why_not_at_all(
        table: LiveTable, by: int, target: int
    ) -> tuple[str, dict[str, Any]] | None:
        """Why ``target`` cannot be handed over by anyone (or by ``by``, whose own seat a
        bot plays), or None."""
        seat, name = table.row.seats[target], table.names[target]
        if table.state.is_over:
            return "the game is over", {"key": "game_over"}
        if seat.kind != "human":
            return f"{name} is a bot seat", {"key": "bot_seat", "seat": target}
        if seat.handed_to is not None:
            return f"{name} is already played by bot {seat.handed_to}", {
                "key": "already_bot",
                "seat": target,
                "bot": seat.handed_to,
            }
        if target != by and by not in table.humans():
            return "a bot plays your seat; reclaim it before handing over another", {
                "key": "handed_over"
            }
        return None

    async def reclaim(
        self, table: LiveTable, conn: Connection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Give a handed-over seat back to the holder of its token."""
        if message.get("reclaim") is not True:
            return error("bad_message", 'send {"reclaim": true}')
        if conn.seat is None:
            return error("spectator", "spectators have no seat to reclaim")
        async with table.lock:
            if table.state.is_over:
                return error("cannot_reclaim", "the game is over", {"key": "game_over"})
            if table.row.seats[conn.seat].handed_to is None:
                return error(
                    "cannot_reclaim", "your seat is not played by a bot", {"key": "not_handed"}
                )
            await self._set_bot(table, conn.seat, None, conn.seat)
        return None

    async def _set_bot(
        self, table: LiveTable, seat: int, bot: str | None, by: int, handed_by: int | None = None
    ) -> None:
        """Store and announce who plays ``seat`` (a zombie seat taken back gets its clock
        again: ``clocks.reclaimed``; ``handed_by``: the other seat that handed it over).
        Caller holds ``table.lock``."""
        row = table.row
        clocks: dict[int, SeatClock] = {}
        if bot is None and row.seats[seat].zombie and row.clock is not None:
            clocks[seat] = reclaimed(row.clock, row.seats[seat])
        await asyncio.to_thread(
            self.store.hand_over, table.id, seat, bot, False, clocks, handed_by=handed_by
        )
        apply_clocks(row, clocks)
        row.seats[seat].handed_to, row.seats[seat].zombie = bot, False
        if handed_by is not None:
            row.seats[seat].handed_by = handed_by
        await self.sync_clocks(table)
        await self._withdraw_offer(table, "handed", seat)
        table.announce({"type": "seat_change", "seat": seat, "bot": bot, "by": by})
        table.broadcast([])
