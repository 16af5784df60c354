"""Player accounts: names and passwords (argon2), sessions, CSRF tokens, sign-in limits.

Names are checked in :mod:`names` (NFKC, confusable skeletons, reserved names),
passwords in :mod:`passwords` (NFKC, NIST SP 800-63B's length and blocklist).

Sign-in is throttled without letting a stranger lock the owner out (OWASP, "Blocking
Brute Force Attacks"): per client address at most :data:`SIGNIN_ATTEMPTS` failures in
:data:`SIGNIN_WINDOW_S`; per account name, after :data:`FREE_FAILURES` failures from
browsers it does not know, progressive delays (1, 2, 4 … at most
:data:`DELAY_CAP_S` s; answered 429 with ``Retry-After``, nothing sleeps); a browser
holding a device cookie of the account (:mod:`devices`) is held up only by its own
failures, the same way.

A session is a random token in an HTTP-only, SameSite=Lax cookie (``Secure`` unless the
page was reached over plain HTTP at a loopback address, see :func:`cookie_secure`); the
database keeps only its SHA-256. Each session has a CSRF token that every
state-changing request made with the session cookie must repeat in the
``X-CSRF-Token`` header (:mod:`account_api` checks it for every such request).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import ipaddress
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from email_validator import EmailNotValidError, validate_email
from starlette.exceptions import HTTPException

from ..core.messages import LANGUAGES
from .accounts_db import AccountStore, NameConfusable, NameTaken, User, name_key
from .devices import DeviceStore, cookie_tokens, device_hash, new_token, with_token
from .inputs import BadInput
from .limits import Backoff, SlidingWindow, retry_after
from .names import NAME_RULE, check_name, prototypes
from .passwords import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    check_password,
    common_passwords,
    normalise_password,
)

__all__ = ["NAME_RULE", "MAX_PASSWORD", "MIN_PASSWORD", "check_name", "check_password"]

SESSION_COOKIE = "dt_session"
CSRF_HEADER = "X-CSRF-Token"
SESSION_DAYS = 30
MAX_EMAIL = 254
EMAIL_RULE = "give one plain address such as name@example.org (no name, list or comment)"
SIGNIN_ATTEMPTS = 10
SIGNIN_WINDOW_S = 300.0
"""Failed sign-ins one client address may make in any such window."""
FREE_FAILURES = 5
"""Failed sign-ins to one name (or from one device) before the delays begin."""
FAILURE_WINDOW_S = 900.0
"""How long a failed sign-in counts towards the delays."""
DELAY_FIRST_S = 1.0
DELAY_CAP_S = 60.0
SIGNUPS = 20
SIGNUP_WINDOW_S = 3600.0
STATUS_UNAUTHORIZED = 401
STATUS_FORBIDDEN = 403
STATUS_CONFLICT = 409
STATUS_TOO_MANY = 429
WRONG_CREDENTIALS = "wrong user name or password"
WRONG_PASSWORD = "the current password is wrong; nothing was changed"
LOOPBACK_NAMES = ("localhost",)


def hash_secret(token: str) -> str:
    """The stored form of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def is_loopback(host: str | None) -> bool:
    """Whether a host name or address is this machine (127.0.0.0/8, ::1, localhost)."""
    if not host:
        return False
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cookie_secure(scheme: str, host: str | None) -> bool:
    """Whether the session cookie is ``Secure``: always, except over plain HTTP to a
    loopback host (a browser drops a Secure cookie sent over http://127.0.0.1)."""
    return scheme != "http" or not is_loopback(host)


def check_transport(scheme: str, host: str | None) -> None:
    """Refuse to take a password over plain HTTP except at a loopback address."""
    if scheme == "http" and not is_loopback(host):
        raise BadInput(
            "accounts need HTTPS: this server was reached over plain HTTP; "
            "serve it behind a TLS proxy (see docs/server.md, Accounts)"
        )


def check_email(email: Any) -> str | None:
    """One plain e-mail address in its normalised form (domain in lower case, IDNA), or
    None for none (``null`` or empty). Syntax only, no DNS; refused: lists, display names,
    quoted or bracketed parts, comments, control characters, encoded words (``=?``),
    non-ASCII before the ``@``."""
    if email is None or email == "":
        return None
    if not isinstance(email, str) or len(email) > MAX_EMAIL:
        raise BadInput(f"the e-mail address is not valid: {EMAIL_RULE}")
    if "=?" in email or any(ord(c) < 0x20 or ord(c) == 0x7F for c in email):
        raise BadInput(f"the e-mail address holds characters an address may not: {EMAIL_RULE}")
    try:
        found = validate_email(email, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError as exc:
        raise BadInput(f"the e-mail address is not valid: {exc} ({EMAIL_RULE})") from None
    address = found.ascii_email or found.normalized
    if len(address) > MAX_EMAIL:
        raise BadInput(f"the e-mail address is too long: {EMAIL_RULE}")
    return address


def check_account_lang(lang: Any) -> str:
    if lang not in LANGUAGES:
        raise BadInput(f"the language must be one of {', '.join(LANGUAGES)}")
    return str(lang)


@dataclass
class Session:
    """A signed-in request: the account and the session's CSRF token."""

    user: User
    csrf: str
    token_hash: str
    device_cookie: str | None = None
    """After a sign-in or sign-up: the ``dt_device`` cookie's new value, to set."""

    def csrf_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.csrf.encode())


class Accounts:
    """Sign-up, sign-in (limited per client address, delayed per name and per device)
    and sessions. The limits read the time from ``now`` (tests move it)."""

    def __init__(
        self,
        store: AccountStore,
        *,
        hasher: PasswordHasher | None = None,
        now: Callable[[], dt.datetime] = utc_now,
    ) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.now = now
        self.devices = DeviceStore(store.store)
        self.by_address = SlidingWindow(SIGNIN_ATTEMPTS, SIGNIN_WINDOW_S, clock=self._seconds)
        self.by_name = self._backoff()
        self.by_device = self._backoff()
        self.signups = SlidingWindow(SIGNUPS, SIGNUP_WINDOW_S, clock=self._seconds)
        self._dummy: str | None = None
        prototypes(), common_passwords()  # a broken data file stops the server at start

    def _seconds(self) -> float:
        return self.now().timestamp()

    def _backoff(self) -> Backoff:
        return Backoff(
            FREE_FAILURES,
            FAILURE_WINDOW_S,
            first_s=DELAY_FIRST_S,
            cap_s=DELAY_CAP_S,
            clock=self._seconds,
        )

    async def sign_up(
        self,
        name: str,
        password: str,
        email: str | None,
        lang: str,
        client: str,
        device: str | None = None,
    ) -> tuple[Session, str]:
        """Create an account and its first session; return it and the session token."""
        self._limit(self.signups, client, "new accounts from this address", "")
        digest = await asyncio.to_thread(self.hasher.hash, password)
        try:
            user = await asyncio.to_thread(
                self.store.create_user, name, digest, email, lang, secrets.token_urlsafe(24)
            )
        except NameConfusable as exc:
            raise BadInput(
                f"the name {name!r} looks too much like the player {exc.args[1]!r}; choose another",
                STATUS_CONFLICT,
            ) from None
        except NameTaken:
            raise BadInput(f"the name {name!r} is taken", STATUS_CONFLICT) from None
        session, token = await self.start_session(user)
        session.device_cookie = await self._remember_device(user, device, None)
        return session, token

    async def sign_in(
        self, name: str, password: str, client: str, device: str | None = None
    ) -> tuple[Session, str]:
        """Check a name and password; a new session, or 401 (429 while delayed).

        ``device`` is the browser's ``dt_device`` cookie: when it holds a token of this
        account, only that token's own failures delay the attempt; otherwise the client
        address's limit and the name's delays apply.
        """
        found = await asyncio.to_thread(self.store.credentials, name)
        known = await self._known_device(found[0] if found else None, device)
        gates = self._gates(client, name, known)
        self._pass(gates)
        digest = found[1] if found else await asyncio.to_thread(self._dummy_hash)
        ok = await self._check(digest, password, found[0].id if found else None)
        if found is None or not ok:
            raise BadInput(WRONG_CREDENTIALS, STATUS_UNAUTHORIZED)
        for window, key, _ in gates:
            window.release(key)
        user = found[0]
        session, token = await self.start_session(user)
        session.device_cookie = await self._remember_device(user, device, known)
        return session, token

    async def change_password(self, session: Session, current: str, new: str, client: str) -> int:
        """Check the current password (counted as a sign-in attempt), store ``new`` (already
        checked) and end every other session of the account; return how many ended.
        A wrong current password is a 403 and changes nothing."""
        gates = self._gates(client, session.user.name, None)
        self._pass(gates)
        found = await asyncio.to_thread(self.store.credentials, session.user.name)
        if found is None or not await self._check(found[1], current, found[0].id):
            raise BadInput(WRONG_PASSWORD, STATUS_FORBIDDEN)
        for window, key, _ in gates:
            window.release(key)
        digest = await asyncio.to_thread(self.hasher.hash, new)
        return await asyncio.to_thread(
            self.store.set_password_and_end_sessions, session.user.id, digest, session.token_hash
        )

    def _gates(
        self, client: str, name: str, known: str | None
    ) -> list[tuple[SlidingWindow, str, str]]:
        """The limits a password check passes: a known device's own, else the client
        address's and the name's (NFKC case-folded)."""
        if known:
            return [(self.by_device, known, "from this browser")]
        return [
            (self.by_address, client, "from this address"),
            (self.by_name, name_key(name), "for this name"),
        ]

    async def _check(self, digest: str, password: str, user_id: int | None = None) -> bool:
        """Whether ``password`` is the one hashed: its NFKC form, or as typed for a hash
        made before passwords were normalised. A right password whose hash is old (not of
        the NFKC form, or of older argon2 parameters) is hashed anew for ``user_id``."""
        normal = normalise_password(password)
        ok = await asyncio.to_thread(self._verify, digest, normal)
        stale = not ok and normal != password
        if stale:
            ok = await asyncio.to_thread(self._verify, digest, password)
        if ok and user_id is not None and (stale or self.hasher.check_needs_rehash(digest)):
            new = await asyncio.to_thread(self.hasher.hash, normal)
            await asyncio.to_thread(self.store.set_password_hash, user_id, new)
        return ok

    async def _known_device(self, user: User | None, device: str | None) -> str | None:
        """The hash of the cookie's token that ``user`` signed in with before, if any."""
        tokens = cookie_tokens(device)
        if user is None or not tokens:
            return None
        hashes = [device_hash(t) for t in tokens]
        return await asyncio.to_thread(self.devices.trusted, hashes, user.id, self.now())

    async def _remember_device(self, user: User, device: str | None, known: str | None) -> str:
        """Note the sign-in on the browser's device token for ``user`` (a new one if it
        has none); the cookie's new value."""
        if known is not None:
            await asyncio.to_thread(self.devices.seen, known, self.now())
            return with_token(
                device, next(t for t in cookie_tokens(device) if device_hash(t) == known)
            )
        token = new_token()
        await asyncio.to_thread(self.devices.add, device_hash(token), user.id, self.now())
        return with_token(device, token)

    def _pass(self, gates: list[tuple[SlidingWindow, str, str]]) -> None:
        """Count the attempt at every gate, or take it back from all and answer 429."""
        passed: list[tuple[SlidingWindow, str]] = []
        for window, key, where in gates:
            try:
                self._limit(window, key, where)
            except HTTPException:
                for done, done_key in passed:
                    done.release(done_key)
                raise
            passed.append((window, key))

    def _dummy_hash(self) -> str:
        """A hash to check an unknown name's password against (as long as a real check)."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_hex(8))
        return self._dummy

    def _verify(self, digest: str, password: str) -> bool:
        try:
            return self.hasher.verify(digest, password)
        except (VerificationError, InvalidHashError):
            return False

    @staticmethod
    def _limit(
        window: SlidingWindow, key: str, where: str, what: str = "sign-in attempts "
    ) -> None:
        """Count an attempt; 429 naming the wait when there were too many."""
        if wait := window.acquire(key):
            seconds = retry_after(wait)
            raise HTTPException(
                STATUS_TOO_MANY,
                f"too many {what}{where}; try again in {seconds} s",
                headers={"Retry-After": seconds},
            )

    async def start_session(self, user: User) -> tuple[Session, str]:
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        now = self.now()
        expires = now + dt.timedelta(days=SESSION_DAYS)
        digest = hash_secret(token)
        await asyncio.to_thread(self.store.create_session, digest, user.id, csrf, now, expires)
        return Session(user, csrf, digest), token

    async def session(self, token: str | None) -> Session | None:
        """The live session of a cookie's token, or None."""
        if not token or len(token) > 100:
            return None
        digest = hash_secret(token)
        found = await asyncio.to_thread(self.store.session, digest, self.now())
        return None if found is None else Session(found[0], found[1], digest)

    async def sign_out(self, session: Session) -> None:
        await asyncio.to_thread(self.store.end_session, session.token_hash)
