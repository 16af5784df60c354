"""Queries of mailed links and unsubscribed addresses (revision 0009).

``account_tokens`` keeps each link the server mailed: the SHA-256 of its token, the
account, its purpose (:data:`VERIFY` an address, :data:`RESET` a password), the address
it went to, when it was made, expires and was used. The same rows count the links mailed
per account and per address, so the limits hold across restarts. ``email_suppressed``
keeps the addresses whose owner unsubscribed: no account mails them until a confirmation
link mailed there is followed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from .db import Store, _aware
from .schema import account_tokens_t, email_suppressed_t, users_t

VERIFY = "verify"
RESET = "reset"
UNKNOWN_LINK = "this link is not valid (it may be incomplete: open it from the e-mail)"
USED_LINK = "this link was used already; ask for a new one"
EXPIRED_LINK = "this link has expired; ask for a new one"
STALE_LINK = "this link is for an address the account no longer has; ask for a new one"


class LinkRefused(Exception):
    """A mailed link cannot be used; the message says why (unknown, used, expired)."""


@dataclass(frozen=True)
class Limit:
    """At most ``count`` links of one purpose in any ``window``."""

    count: int
    window: dt.timedelta


@dataclass(frozen=True)
class Link:
    """A stored link: whose, what for, the address it was mailed to."""

    user_id: int
    purpose: str
    email: str | None


def email_key(address: str) -> str:
    """The form addresses are compared in (stored addresses are ASCII: IDNA domains)."""
    return address.lower()


def _lower_email() -> sa.ColumnElement[str]:
    return sa.func.lower(users_t.c.email)


def suppress(conn: sa.Connection, address: str, now: dt.datetime) -> None:
    """Suppress an address (its owner unsubscribed): keep it in ``email_suppressed`` and
    make it unconfirmed on every account that has it."""
    key = email_key(address)
    insert = (postgresql if conn.dialect.name == "postgresql" else sqlite).insert
    conn.execute(
        insert(email_suppressed_t).values(email_key=key, since=now).on_conflict_do_nothing()
    )
    conn.execute(users_t.update().where(_lower_email() == key).values(email_verified_at=None))


class MailStore:
    """Mailed links and suppressed addresses, in the server's database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    def suppressed_since(self, address: str) -> dt.datetime | None:
        """When the address's owner unsubscribed; None if the address is not suppressed."""
        query = sa.select(email_suppressed_t.c.since).where(
            email_suppressed_t.c.email_key == email_key(address)
        )
        with self.engine.connect() as conn:
            found = conn.execute(query).first()
        return None if found is None else (_aware(found[0]) or found[0])

    def issue(
        self,
        token_hash: str,
        link: Link,
        now: dt.datetime,
        ttl: dt.timedelta,
        limits: tuple[Limit, Limit],
        counted_from: dt.datetime | None = None,
    ) -> dt.datetime | None:
        """Store a link unless the account (first limit) or the address (second) had as
        many of this purpose in the window (the address's counted only from
        ``counted_from`` if given); None when stored, else when one may be next."""
        assert link.email is not None
        of_purpose = account_tokens_t.c.purpose == link.purpose
        by_account = account_tokens_t.c.user_id == link.user_id
        by_address = sa.func.lower(account_tokens_t.c.email) == email_key(link.email)
        with self.store.writing() as conn:
            for where, limit, start in zip(
                (by_account, by_address), limits, (None, counted_from), strict=True
            ):
                recent = account_tokens_t.c.created_at > now - limit.window
                if start is not None:
                    recent &= account_tokens_t.c.created_at >= start
                query = sa.select(account_tokens_t.c.created_at).where(of_purpose, where, recent)
                made = sorted(t for r in conn.execute(query) if (t := _aware(r[0])) is not None)
                if len(made) >= limit.count:
                    return made[len(made) - limit.count] + limit.window
            conn.execute(
                account_tokens_t.insert().values(
                    token_hash=token_hash,
                    user_id=link.user_id,
                    purpose=link.purpose,
                    email=link.email,
                    created_at=now,
                    expires_at=now + ttl,
                )
            )
        return None

    def check(self, token_hash: str, purpose: str, now: dt.datetime) -> Link:
        """The live link of this token and purpose; :class:`LinkRefused` says why not."""
        with self.engine.connect() as conn:
            return _live(conn, token_hash, purpose, now)

    def confirm(self, token_hash: str, now: dt.datetime) -> int:
        """Use a confirmation link: its address is confirmed on its account and no longer
        suppressed; the account's id. :class:`LinkRefused` if the link cannot be used."""
        with self.store.writing() as conn:
            link = _live(conn, token_hash, VERIFY, now)
            assert link.email is not None
            _use(conn, token_hash, now)
            mine = (users_t.c.id == link.user_id) & (_lower_email() == email_key(link.email))
            done = conn.execute(users_t.update().where(mine).values(email_verified_at=now))
            if done.rowcount != 1:
                raise LinkRefused(STALE_LINK)
            conn.execute(
                email_suppressed_t.delete().where(
                    email_suppressed_t.c.email_key == email_key(link.email)
                )
            )
        return link.user_id

    def take_reset(self, token_hash: str, now: dt.datetime) -> int:
        """Use a password-reset link (and void the account's other reset links); the
        account's id. :class:`LinkRefused` if it cannot be used or the account's confirmed
        address is no longer the one it was mailed to."""
        with self.store.writing() as conn:
            link = _live(conn, token_hash, RESET, now)
            assert link.email is not None
            query = sa.select(users_t.c.id).where(
                users_t.c.id == link.user_id,
                _lower_email() == email_key(link.email),
                users_t.c.email_verified_at.is_not(None),
            )
            if conn.execute(query).first() is None:
                raise LinkRefused(STALE_LINK)
            _use(conn, token_hash, now)
            conn.execute(
                account_tokens_t.update()
                .where(
                    account_tokens_t.c.user_id == link.user_id,
                    account_tokens_t.c.purpose == RESET,
                    account_tokens_t.c.used_at.is_(None),
                )
                .values(used_at=now)
            )
        return link.user_id


def _live(conn: sa.Connection, token_hash: str, purpose: str, now: dt.datetime) -> Link:
    query = account_tokens_t.select().where(
        account_tokens_t.c.token_hash == token_hash, account_tokens_t.c.purpose == purpose
    )
    r = conn.execute(query).mappings().first()
    if r is None:
        raise LinkRefused(UNKNOWN_LINK)
    if r["used_at"] is not None:
        raise LinkRefused(USED_LINK)
    if (_aware(r["expires_at"]) or now) <= now:
        raise LinkRefused(EXPIRED_LINK)
    return Link(r["user_id"], r["purpose"], r["email"])


def _use(conn: sa.Connection, token_hash: str, now: dt.datetime) -> None:
    """Mark a link used, once: a second use in a race is refused."""
    done = conn.execute(
        account_tokens_t.update()
        .where(account_tokens_t.c.token_hash == token_hash, account_tokens_t.c.used_at.is_(None))
        .values(used_at=now)
    )
    if done.rowcount != 1:
        raise LinkRefused(USED_LINK)
