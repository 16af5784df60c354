"""Links mailed to an account's address: confirming the address, resetting the password.

An address set at sign-up or on the profile is unconfirmed: it gets no mail but ONE
confirmation mail whose link (``/account/confirm#<token>``, valid :data:`VERIFY_TTL`,
once) confirms it. A suppressed address (its owner unsubscribed) gets a confirmation
only for an account that has mail turned on, at most one a day, and following it lifts
the suppression. A password reset (``/account/reset#<token>``, valid :data:`RESET_TTL`,
once) goes only to a confirmed, unsuppressed address. Every link is counted in
``account_tokens`` (:mod:`mail_db`), per account and per address; reset requests also
per client address. The token sits in the URL's fragment, so it reaches neither the
server's logs nor a ``Referer``; the page posts it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from starlette.exceptions import HTTPException

from ..core.messages import format_key
from .accounts import EMAIL_RULE, STATUS_TOO_MANY, check_email, hash_secret
from .accounts_db import AccountStore, User
from .inputs import BadInput
from .limits import SlidingWindow, retry_after
from .mail import Outbox
from .mail_db import RESET, STALE_LINK, VERIFY, Limit, Link, LinkRefused, MailStore

log = logging.getLogger("dragontable.server")

DAY = dt.timedelta(days=1)
VERIFY_TTL = dt.timedelta(hours=48)
RESET_TTL = dt.timedelta(hours=1)
VERIFY_LIMITS = (Limit(5, DAY), Limit(3, DAY))
"""Confirmation mails: per account, per address, in any 24 hours."""
SUPPRESSED_LIMITS = (Limit(5, DAY), Limit(1, DAY))
"""Confirmation mails to an address whose owner unsubscribed: one a day."""
RESET_LIMITS = (Limit(3, DAY), Limit(5, DAY))
"""Password-reset mails: per account, per address, in any 24 hours."""
RESET_REQUESTS = 10
RESET_WINDOW_S = 3600.0
"""Password-reset requests per client address."""
RESET_ACCOUNTS = 5
"""The most accounts one reset request by address reaches."""
STATUS_UNAVAILABLE = 503
NO_MAIL = "this server sends no e-mail (its operator has not configured it)"


@dataclass(frozen=True)
class Confirmation:
    """What became of asking for a confirmation mail: ``sent``, ``later`` (a limit was
    reached; ``retry_at`` says when the next may go), ``suppressed`` (the address's
    owner unsubscribed and the account has mail off) or ``no_mail`` (no SMTP server)."""

    status: str
    to: str | None
    retry_at: dt.datetime | None = None
    now: dt.datetime | None = None

    @property
    def retry_after(self) -> int | None:
        if self.retry_at is None or self.now is None:
            return None
        return max(1, math.ceil((self.retry_at - self.now).total_seconds()))

    def message(self) -> str:
        if self.status == "sent":
            return f"a confirmation mail went to {self.to}"
        if self.status == "later":
            return (
                f"no confirmation mail was sent: as many as allowed went to this address or "
                f"account in the last 24 hours; the next is possible in {self.retry_after} s"
            )
        if self.status == "suppressed":
            return (
                "this address's owner asked for no more mail: turn the mails on to send it "
                "one confirmation mail, which lifts that once followed"
            )
        return NO_MAIL

    def info(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "sent": self.status == "sent",
            "to": self.to,
            "retry_at": self.retry_at.isoformat() if self.retry_at else None,
            "retry_after": self.retry_after,
            "message": self.message(),
        }


def refused(exc: LinkRefused) -> BadInput:
    return BadInput(str(exc))


class MailedLinks:
    """Mails and redeems confirmation and password-reset links."""

    def __init__(
        self, accounts: AccountStore, outbox: Outbox | None, clock: Callable[[], dt.datetime]
    ) -> None:
        self.accounts = accounts
        self.links = MailStore(accounts.store)
        self.outbox = outbox
        self.clock = clock
        self.reset_clients = SlidingWindow(RESET_REQUESTS, RESET_WINDOW_S)

    # -- confirming an address ------------------------------------------------------------
    async def confirm_address(self, user: User) -> Confirmation:
        """Mail the account's address one confirmation link, within the limits."""
        assert user.email is not None
        if check_email(user.email) != user.email:  # stored before addresses were checked
            raise BadInput(f"the account's address is not in its checked form: {EMAIL_RULE}")
        if self.outbox is None:
            return Confirmation("no_mail", user.email)
        suppressed = await asyncio.to_thread(self.links.suppressed_since, user.email)
        if suppressed and user.email_opt_out:
            return Confirmation("suppressed", user.email)
        token, now = secrets.token_urlsafe(32), self.clock()
        limits = SUPPRESSED_LIMITS if suppressed else VERIFY_LIMITS
        link = Link(user.id, VERIFY, user.email)
        later = await asyncio.to_thread(
            self.links.issue, hash_secret(token), link, now, VERIFY_TTL, limits, suppressed
        )
        if later is not None:
            return Confirmation("later", user.email, later, now)
        url = f"{self.outbox.public_url}/account/confirm#{token}"
        self.outbox.post(self._mail(user, "confirm", url), "confirmation")
        return Confirmation("sent", user.email)

    async def confirm(self, token: str) -> User:
        """Follow a confirmation link: the account whose address it confirmed."""
        try:
            user_id = await asyncio.to_thread(self.links.confirm, hash_secret(token), self.clock())
        except LinkRefused as exc:
            raise refused(exc) from None
        user = await asyncio.to_thread(self.accounts.user_by_id, user_id)
        assert user is not None
        return user

    # -- resetting a password -------------------------------------------------------------
    def request_reset(self, who: str, client: str) -> None:
        """Mail a reset link to the confirmed address of the account named ``who`` (or of
        each account with that confirmed address), in the background: the caller's answer
        is the same whether or not there is one."""
        if self.outbox is None:
            raise BadInput(NO_MAIL, STATUS_UNAVAILABLE)
        if wait := self.reset_clients.acquire(client):
            seconds = retry_after(wait)
            raise HTTPException(
                STATUS_TOO_MANY,
                f"too many password-reset requests from this address; try again in {seconds} s",
                headers={"Retry-After": seconds},
            )
        self.outbox.spawn(self._reset_mails(who))

    async def _reset_mails(self, who: str) -> None:
        try:
            found = self.accounts.with_confirmed_address
            for user in await asyncio.to_thread(found, who, RESET_ACCOUNTS):
                await self._reset_mail(user)
        except Exception:  # a failure must not tell the asker anything
            log.exception("a password-reset mail could not be sent")

    async def _reset_mail(self, user: User) -> None:
        assert user.email is not None and self.outbox is not None
        if await asyncio.to_thread(self.links.suppressed_since, user.email):
            return
        token, now = secrets.token_urlsafe(32), self.clock()
        link = Link(user.id, RESET, user.email)
        later = await asyncio.to_thread(
            self.links.issue, hash_secret(token), link, now, RESET_TTL, RESET_LIMITS
        )
        if later is not None:
            log.info("account %s: password-reset mails are limited until %s", user.id, later)
            return
        url = f"{self.outbox.public_url}/account/reset#{token}"
        self.outbox.post(self._mail(user, "reset", url), "password-reset")

    async def check_reset(self, token: str) -> str:
        """The name of a live reset link's account (a new password may not be made of it);
        refuse an unknown, used or expired link, before any password work."""
        try:
            link = await asyncio.to_thread(
                self.links.check, hash_secret(token), RESET, self.clock()
            )
        except LinkRefused as exc:
            raise refused(exc) from None
        user = await asyncio.to_thread(self.accounts.user_by_id, link.user_id)
        if user is None:
            raise refused(LinkRefused(STALE_LINK))
        return user.name

    async def reset(self, token: str, password_hash: str) -> User:
        """Use a reset link: store the new password, end every session of the account."""
        try:
            user_id = await asyncio.to_thread(
                self.links.take_reset, hash_secret(token), self.clock()
            )
        except LinkRefused as exc:
            raise refused(exc) from None
        await asyncio.to_thread(self.accounts.set_password_and_end_sessions, user_id, password_hash)
        user = await asyncio.to_thread(self.accounts.user_by_id, user_id)
        assert user is not None
        return user

    def _mail(self, user: User, kind: str, url: str) -> EmailMessage:
        """The ``confirm`` or ``reset`` mail, in the account's language."""
        assert self.outbox is not None
        lang, name = user.lang, user.name
        stop = self.outbox.unsubscribe_page(user)
        body = (
            format_key(f"core.mail.{kind}.body", lang, name=name, url=url)
            + "\n\n"
            + format_key("core.mail.stop", lang, url=stop)
            + "\n"
        )
        return self.outbox.compose(
            user, format_key(f"core.mail.{kind}.subject", lang, name=name), body
        )
