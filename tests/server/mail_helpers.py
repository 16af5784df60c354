"""Mail as tests receive it: a local SMTP server (aiosmtpd) that keeps every message, a
clock the tests move, and the links read out of the mails received."""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import re
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from dragontable.server.mail import Notifier

from .pg import free_port

PUBLIC = "https://tables.example.org"
START = dt.datetime(2030, 1, 1, 12, 0, tzinfo=dt.UTC)


class Inbox:
    """An aiosmtpd handler that keeps every message it receives, with its envelope."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.envelopes: list[list[str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        self.envelopes.append(list(envelope.rcpt_tos))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def smtp_server() -> Iterator[tuple[str, Inbox]]:
    """A local SMTP server; yields its URL and what it received."""
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{controller.port}?from=tables@example.org", handler
    finally:
        controller.stop()


class Clock:
    """The server's time, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> dt.datetime:
        return self.now

    def move(self, **delta: float) -> None:
        self.now += dt.timedelta(**delta)


def settle(client: TestClient) -> None:
    """Wait until the mails under way have been handed to the SMTP server."""
    notifier: Notifier = client.app.state.notifier  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(notifier.drain)


def link_token(message: EmailMessage, page: str) -> str:
    """The token of the ``/account/<page>#<token>`` link in a mail's text."""
    found = re.search(rf"{re.escape(PUBLIC)}/account/{page}#([\w-]+)", message.get_content())
    assert found, message.get_content()
    return found.group(1)


def confirm_by_mail(client: TestClient, received: Inbox, address: str) -> dict[str, Any]:
    """Follow the link of the latest confirmation mail to ``address``; the answer."""
    settle(client)
    token = link_token(received.to(address)[-1], "confirm")
    resp = client.post("/api/account/confirm", json={"token": token})
    assert resp.status_code == 200, resp.text
    answer: dict[str, Any] = resp.json()
    return answer


def unsubscribe_token(message: EmailMessage) -> str:
    """The token of a mail's ``List-Unsubscribe`` link."""
    return str(message["List-Unsubscribe"]).strip().strip("<>").rsplit("/", 1)[1]
