"""Undo offers kept in the database, so that any server worker may hold the table.

An offer is one row per table: the seat that asks, the actions it would keep, the
table's length when it asked (``n_actions``: an offer made before the last action no
longer holds) and the seats yet to accept. A reply takes its seat out of ``waiting``
under a row lock, so of two acceptances on two workers exactly one is the last, and
that worker carries the undo out. Each change sends the notice ``offer`` (a drop says
why: ``offer:<why>:<seat>``); workers holding the table read the row again
(:meth:`fanout.FanoutPlay.catch_up`).
"""

from __future__ import annotations

import sqlalchemy as sa

from .db import Store
from .live import UndoOffer
from .schema import metadata

undo_offers_t = sa.Table(
    "undo_offers",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("keep", sa.Integer, nullable=False),
    sa.Column("n_actions", sa.Integer, nullable=False),
    sa.Column("waiting", sa.String(64), nullable=False),
)
_c = undo_offers_t.c
OFFER = "offer"


def _seats(text: str) -> set[int]:
    return {int(s) for s in text.split(".") if s}


def _text(seats: set[int]) -> str:
    return ".".join(str(s) for s in sorted(seats))


def save_offer(store: Store, table_id: str, offer: UndoOffer, n_actions: int) -> None:
    """Store a new offer (replacing any older one) and tell the other workers."""
    row = {"seat": offer.seat, "keep": offer.keep, "n_actions": n_actions}
    with store.transaction() as conn:
        conn.execute(undo_offers_t.delete().where(_c.table_id == table_id))
        conn.execute(
            undo_offers_t.insert().values(table_id=table_id, waiting=_text(offer.waiting), **row)
        )
        store.notice(conn, table_id, OFFER)


def load_offer(store: Store, table_id: str, n_actions: int) -> UndoOffer | None:
    """The offer that holds for a table of ``n_actions`` actions, or None."""
    query = undo_offers_t.select().where(_c.table_id == table_id, _c.n_actions == n_actions)
    with store.engine.connect() as conn:
        row = conn.execute(query).first()
    return None if row is None else UndoOffer(row.seat, row.keep, _seats(row.waiting))


def accept_offer(store: Store, table_id: str, seat: int, n_actions: int) -> UndoOffer | None:
    """Take ``seat``'s acceptance; the offer as it is now (``waiting`` empty: carry it
    out, the row is gone), or None if no offer waits for ``seat``."""
    query = undo_offers_t.select().where(_c.table_id == table_id, _c.n_actions == n_actions)
    mine = _c.table_id == table_id
    with store.transaction() as conn:
        row = conn.execute(query.with_for_update()).first()
        if row is None or seat not in (waiting := _seats(row.waiting)):
            return None
        waiting.discard(seat)
        if waiting:
            conn.execute(undo_offers_t.update().where(mine).values(waiting=_text(waiting)))
        else:
            conn.execute(undo_offers_t.delete().where(mine))
        store.notice(conn, table_id, OFFER)
    return UndoOffer(row.seat, row.keep, waiting)


def drop_offer(store: Store, table_id: str, why: str, by: int) -> None:
    """Forget the table's offer: seat ``by`` ``declined`` it, or was ``handed`` over."""
    with store.transaction() as conn:
        done = conn.execute(undo_offers_t.delete().where(_c.table_id == table_id))
        if done.rowcount:
            store.notice(conn, table_id, f"{OFFER}:{why}:{by}")
