"""E-mail: "your turn" notices, and word that a bot took one's seat, through the SMTP
server the operator names.

``dragontable serve --smtp smtp://[user:password@]host[:port][?from=address]`` (STARTTLS
when the server offers it) or ``smtps://…`` (TLS from the start). A player whose address
is confirmed (:mod:`mail_links`), not suppressed and who has not unsubscribed gets one
when it becomes their turn at a table they are not looking at (no open WebSocket of
their seat), at most one per table in any hour (:data:`MAIL_GAP`, counted in the
``mail_log`` table). Every message (:class:`Outbox`) has ``Date`` and ``Message-ID``
and goes out in a thread, off the event loop; the time comes from an injectable clock.

A player away from a table also hears when a bot took their seat: another seat handed
it over, or the clock's zombie took it as their time ran out (:meth:`Notifier.seat_handed_over`;
not held back by the hour, but logged with the others). Every mail of a table passes one
gate, :meth:`Notifier._may_mail`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import smtplib
import ssl
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from ..core.errors import DragontableError
from ..core.messages import format_key, template
from .accounts import utc_now
from .accounts_db import AccountStore, User
from .live import LiveTable
from .mail_db import MailStore

log = logging.getLogger("dragontable.server")

MAIL_GAP = dt.timedelta(hours=1)
SMTP_PORT = 25
SMTPS_PORT = 465
SMTP_TIMEOUT_S = 30.0
SCHEMES = ("smtp", "smtps")


class MailError(DragontableError):
    """The SMTP URL is unusable; the message says how to write one."""


@dataclass(frozen=True)
class SmtpTarget:
    """Where mail goes: host, port, TLS from the start or not, login, sender address."""

    host: str
    port: int
    implicit_tls: bool
    user: str | None
    password: str | None
    sender: str


def parse_smtp_url(url: str) -> SmtpTarget:
    """Read ``smtp://[user:password@]host[:port][?from=address]`` (or ``smtps://``)."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise MailError(
            f"{parts.scheme or url!r} is not an SMTP URL: use "
            "smtp://[user:password@]host[:port][?from=address] or smtps://…"
        )
    try:
        port = parts.port
    except ValueError:
        raise MailError(f"bad port in the SMTP URL for {parts.hostname}") from None
    implicit = parts.scheme == "smtps"
    sender = parse_qs(parts.query).get("from", [f"dragontable@{parts.hostname}"])[0]
    return SmtpTarget(
        parts.hostname,
        port or (SMTPS_PORT if implicit else SMTP_PORT),
        implicit,
        unquote(parts.username) if parts.username else None,
        unquote(parts.password) if parts.password else None,
        sender,
    )


def send_message(target: SmtpTarget, message: EmailMessage) -> None:
    """Deliver one message (blocking): TLS as the target says, then login if given."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if target.implicit_tls:
        smtp = smtplib.SMTP_SSL(target.host, target.port, timeout=SMTP_TIMEOUT_S, context=context)
    else:
        smtp = smtplib.SMTP(target.host, target.port, timeout=SMTP_TIMEOUT_S)
    with smtp:
        smtp.ehlo()
        if not target.implicit_tls and smtp.has_extn("starttls"):
            smtp.starttls(context=context)
            smtp.ehlo()
        if target.user is not None:
            smtp.login(target.user, target.password or "")
        smtp.send_message(message)


@dataclass(frozen=True)
class MailSettings:
    """The operator's mail configuration: the SMTP URL, the server's public address (for
    links in the mails) and the clock the once-an-hour rule reads (tests move it)."""

    smtp_url: str
    public_url: str
    clock: Callable[[], dt.datetime] = utc_now
    gap: dt.timedelta = MAIL_GAP

    def describe(self) -> str:
        """Where mail goes, for the start-up message (no password shown)."""
        target = parse_smtp_url(self.smtp_url)
        scheme = "smtps" if target.implicit_tls else "smtp"
        return f"{scheme}://{target.host}:{target.port} from {target.sender}"

    def __post_init__(self) -> None:
        parse_smtp_url(self.smtp_url)
        if urlsplit(self.public_url).scheme not in ("http", "https"):
            raise MailError(
                f"the public URL must start with http:// or https://, not {self.public_url!r}"
            )


class Outbox:
    """Composes messages (sender, ``Date``, ``Message-ID``, one-click unsubscribe) and
    sends them in threads; :meth:`drain` waits for those under way."""

    def __init__(self, settings: MailSettings) -> None:
        self.target = parse_smtp_url(settings.smtp_url)
        self.public_url = settings.public_url.rstrip("/")
        self.domain = urlsplit(self.public_url).hostname or "localhost"
        self.clock = settings.clock
        self.sent = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def compose(self, user: User, subject: str, body: str) -> EmailMessage:
        """A message to the account's address, with the link that stops all its mail."""
        assert user.email is not None
        message = EmailMessage()
        message["From"] = self.target.sender
        message["To"] = user.email
        message["Subject"] = subject
        message["Date"] = formatdate(self.clock().timestamp(), usegmt=True)
        message["Message-ID"] = make_msgid(domain=self.domain)
        message["List-Unsubscribe"] = f"<{self.public_url}/api/unsubscribe/{user.unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content(body)
        return message

    def unsubscribe_page(self, user: User) -> str:
        return f"{self.public_url}/unsubscribe/{quote(user.unsubscribe)}"

    def post(self, message: EmailMessage, what: str) -> None:
        """Send a message in the background; a failure is logged (``what`` names it)."""
        self.spawn(self._send(message, what))

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run mail work in the background, tracked for :meth:`drain`."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, message: EmailMessage, what: str) -> None:
        try:
            await asyncio.to_thread(send_message, self.target, message)
            self.sent += 1
        except Exception:  # a mail server failing must not touch the caller
            log.exception("the %s e-mail could not be sent", what)

    async def drain(self) -> None:
        """Wait for the mails under way (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


@dataclass(frozen=True)
class Kind:
    """What a mail is about: ``turn``, ``handed`` (another seat handed one's seat to a
    bot) or ``zombie`` (the clock's bot took it); its catalog keys, ``core.mail.*``."""

    name: str
    by: int | None = None
    """The seat that handed the seat over (``handed``)."""
    level: str | None = None
    """The bot that plays the seat now (``handed``, ``zombie``)."""

    @property
    def subject(self) -> str:
        return "subject" if self.name == "turn" else f"{self.name}_subject"

    @property
    def body(self) -> str:
        return "body" if self.name == "turn" else f"{self.name}_body"

    @property
    def unsubscribe(self) -> str:
        return "unsubscribe" if self.name == "turn" else "unsubscribe_any"


TURN = Kind("turn")
NO_GAP = dt.timedelta(0)
"""Mails that a bot took one's seat are logged but not held back (one per hand-over)."""


def bot_level(spec: str, lang: str) -> str:
    """A bot's level in words (``core.bot.<name>``), its budget kept: ``MCTS 2s``."""
    name, _, budget = spec.partition(":")
    words = template(f"core.bot.{name}", lang) or name
    return f"{words} {budget}" if budget else words


class Notifier:
    """Sends "your turn" e-mails; :meth:`turn_started` is called on every change of turn."""

    def __init__(
        self, store: AccountStore, settings: MailSettings, outbox: Outbox | None = None
    ) -> None:
        self.store = store
        self.suppressed = MailStore(store.store)
        self.outbox = outbox or Outbox(settings)
        self.public_url = self.outbox.public_url
        self.clock = settings.clock
        self.gap = settings.gap

    @property
    def sent(self) -> int:
        """How many mails went out (every kind)."""
        return self.outbox.sent

    def turn_started(self, table: LiveTable, seat: int) -> None:
        """It just became ``seat``'s turn: mail its account unless it is at the table."""
        row = table.row.seats[seat]
        if row.user_id is None or row.bot is not None or table.connected()[seat]:
            return
        self.outbox.spawn(self._notify(table, row.user_id, TURN, self.gap))

    def seat_handed_over(self, table: LiveTable, seat: int) -> None:
        """A bot just took ``seat`` (its ``handed_by`` seat handed it over, or the clock's
        zombie took it): mail its account unless it is at the table."""
        row = table.row.seats[seat]
        if row.user_id is None or table.connected()[seat]:
            return
        kind = Kind("zombie" if row.zombie else "handed", row.handed_by, row.handed_to)
        self.outbox.spawn(self._notify(table, row.user_id, kind, NO_GAP))

    def _may_mail(self, user: User | None) -> bool:
        """The one gate of every table's mail: a confirmed address (:mod:`mail_links`)
        that its owner did not unsubscribe, on an account that wants mail."""
        if user is None or user.email is None or not user.email_verified:
            return False
        return not user.email_opt_out and not self.suppressed.suppressed_since(user.email)

    async def _notify(self, table: LiveTable, user_id: int, kind: Kind, gap: dt.timedelta) -> None:
        try:
            user = await asyncio.to_thread(self.store.user_by_id, user_id)
            if not await asyncio.to_thread(self._may_mail, user):
                return
            assert user is not None
            now = self.clock()
            if not await asyncio.to_thread(self.store.claim_mail, table.id, user_id, now, gap):
                return
            self.outbox.post(self.message(table, user, kind), f"table {table.id}: {kind.name}")
        except Exception:  # a database failing must not touch the table
            log.exception("table %s: the %s e-mail could not be sent", table.id, kind.name)

    def message(self, table: LiveTable, user: User, kind: Kind | None = None) -> EmailMessage:
        """The e-mail of ``kind`` (default: "your turn"), in the player's language, with
        one-click unsubscribe."""
        kind = kind or TURN
        lang, game = user.lang, table.row.game
        title = template(f"{game}.title", lang) or game
        play = f"{self.public_url}/table/{quote(table.id)}?lang={lang}"  # the page speaks it too
        params = {"name": user.name, "game": title, "table": table.id}
        if kind.by is not None:
            params["by"] = table.row.seats[kind.by].account or table.names_in(lang)[kind.by]
        if kind.level is not None:
            params["level"] = bot_level(kind.level, lang)
        stop = self.outbox.unsubscribe_page(user)
        body = (
            format_key(f"core.mail.{kind.body}", lang, **params, url=play)
            + "\n\n"
            + format_key(f"core.mail.{kind.unsubscribe}", lang, url=stop)
            + "\n"
        )
        subject = format_key(f"core.mail.{kind.subject}", lang, **params)
        return self.outbox.compose(user, subject, body)

    async def drain(self) -> None:
        """Wait for the mails under way, of every kind (tests; shutdown)."""
        await self.outbox.drain()
