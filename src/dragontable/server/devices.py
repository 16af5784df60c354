"""Device cookies: browsers that signed in to an account before (OWASP's "device
cookies" against online password guessing).

A successful sign-in (or sign-up) gives the browser a random token in the ``dt_device``
cookie (HTTP-only, SameSite=Lax, ``Secure`` as the session cookie is, a year long);
the ``devices`` table (revision 0009) keeps only its SHA-256 and the account it signed
in to. One cookie holds the tokens of up to :data:`DEVICE_ACCOUNTS` accounts, joined by
``.``. A sign-in to an account from a browser holding one of its tokens is throttled
only by that token's own failures, never by a stranger's (see :mod:`accounts`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets

import sqlalchemy as sa

from .db import Store, _aware
from .schema import devices_t

DEVICE_COOKIE = "dt_device"
DEVICE_DAYS = 365
"""How long a device cookie lives, and how long a device unseen stays trusted."""
DEVICE_ACCOUNTS = 4
"""How many accounts' tokens one browser's cookie keeps (the newest)."""
MAX_COOKIE_CHARS = 400
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


def device_hash(token: str) -> str:
    """The stored form of a device token."""
    return hashlib.sha256(token.encode()).hexdigest()


def cookie_tokens(value: str | None) -> list[str]:
    """The well-formed tokens of a ``dt_device`` cookie, oldest first (others ignored)."""
    if not value or len(value) > MAX_COOKIE_CHARS:
        return []
    return [t for t in value.split(".") if TOKEN.fullmatch(t)][-DEVICE_ACCOUNTS:]


def with_token(value: str | None, token: str) -> str:
    """The cookie's value with ``token`` added (the oldest dropped beyond the limit)."""
    kept = [t for t in cookie_tokens(value) if t != token]
    return ".".join([*kept, token][-DEVICE_ACCOUNTS:])


def new_token() -> str:
    return secrets.token_urlsafe(32)


class DeviceStore:
    """The ``devices`` table: which browser (token hash) signed in to which account."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, token_hash: str, user_id: int, now: dt.datetime) -> None:
        with self.store.writing() as conn:
            conn.execute(
                devices_t.insert().values(
                    token_hash=token_hash, user_id=user_id, created_at=now, last_seen_at=now
                )
            )

    def trusted(self, hashes: list[str], user_id: int, now: dt.datetime) -> str | None:
        """Which of ``hashes`` is a device of ``user_id`` seen in the last
        :data:`DEVICE_DAYS` days, if any."""
        if not hashes:
            return None
        query = sa.select(devices_t.c.token_hash, devices_t.c.last_seen_at).where(
            devices_t.c.token_hash.in_(hashes), devices_t.c.user_id == user_id
        )
        since = now - dt.timedelta(days=DEVICE_DAYS)
        with self.store.engine.connect() as conn:
            for r in conn.execute(query):
                if (_aware(r.last_seen_at) or now) > since:
                    return str(r.token_hash)
        return None

    def seen(self, token_hash: str, now: dt.datetime) -> None:
        """Note a successful sign-in from this device."""
        with self.store.writing() as conn:
            conn.execute(
                devices_t.update()
                .where(devices_t.c.token_hash == token_hash)
                .values(last_seen_at=now)
            )
