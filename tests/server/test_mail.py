"""\"Your turn\" e-mails, received by a local SMTP server (aiosmtpd); time from a test clock."""

from __future__ import annotations

import datetime as dt
from email.message import EmailMessage
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.server import create_app
from dragontable.server.mail import MailError, MailSettings, parse_smtp_url

from .accounts_helpers import HTTPS, Player, connect, play_turn, rated_table, sign_up, update
from .mail_helpers import PUBLIC, START, Clock, Inbox, confirm_by_mail, settle, unsubscribe_token


def to_other(client: TestClient, created: dict[str, Any], mover: Player) -> None:
    """``mover`` opens the table, plays until the other seat is to move, and leaves."""
    with connect(client, created, mover) as ws:
        play_turn(ws, update(ws))


def test_your_turn_mail_comes_once_an_hour_and_not_while_the_table_is_open(
    db_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    clock = Clock()
    mail = MailSettings(url, PUBLIC, clock=clock)
    with TestClient(create_app(db_url, mail=mail), base_url=HTTPS) as client:
        ann = sign_up(client, "Ann")  # no address: every mail is Bob's
        bob = sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")
        received.messages.clear()
        created = rated_table(client, ann, bob)
        with connect(client, created, bob) as watching:  # Bob looks at the table
            update(watching)  # he has joined it (the socket's accept comes before that)
            to_other(client, created, ann)
            settle(client)
            assert received.messages == []
            play_turn(watching, _latest(watching))
        to_other(client, created, ann)  # Bob is away now: one mail
        settle(client)
        assert [m["To"] for m in received.messages] == ["bob@example.org"]
        for minutes in (10, 59):  # within the hour: no second mail
            clock.now = START + dt.timedelta(minutes=minutes)
            to_other(client, created, bob)
            to_other(client, created, ann)
            settle(client)
            assert len(received.messages) == 1
        clock.now = START + dt.timedelta(minutes=61)
        to_other(client, created, bob)
        to_other(client, created, ann)
        settle(client)
        assert len(received.messages) == 2
        _check_mail(received.messages[0], created["id"])
        token = unsubscribe_token(received.messages[0])
        assert client.post(f"/api/unsubscribe/{token}").json() == {
            "unsubscribed": True,
            "name": "Bob",
        }
        clock.now = START + dt.timedelta(hours=3)
        to_other(client, created, bob)
        to_other(client, created, ann)
        settle(client)
        assert len(received.messages) == 2


def _latest(ws: WebSocketTestSession) -> dict[str, Any]:
    """The update that says it is this socket's turn."""
    last = update(ws)
    while not last["your_turn"]:
        last = update(ws)
    return last


def _check_mail(message: EmailMessage, table_id: str) -> None:
    assert message["From"] == "tables@example.org"
    assert message["Subject"] == f"Your turn: In the Year of the Dragon at table {table_id}"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["List-Unsubscribe"].strip().startswith(f"<{PUBLIC}/api/unsubscribe/")
    body = message.get_content()
    assert f"{PUBLIC}/table/{table_id}" in body and f"{PUBLIC}/unsubscribe/" in body


def test_no_mail_without_an_address_or_after_opting_out(
    inbox: tuple[str, Inbox], sqlite_url: str
) -> None:
    url, received = inbox
    with TestClient(
        create_app(sqlite_url, mail=MailSettings(url, PUBLIC)), base_url=HTTPS
    ) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")
        received.messages.clear()
        resp = client.post("/api/me", json={"email_opt_out": True}, headers=bob.headers())
        assert resp.status_code == 200
        created = rated_table(client, ann, bob)
        to_other(client, created, ann)
        to_other(client, created, bob)
        settle(client)
        assert received.messages == []
    assert client.post("/api/unsubscribe/nosuch").status_code == 404


def test_live_clock_tables_send_no_mail_and_turn_based_ones_do(
    inbox: tuple[str, Inbox], sqlite_url: str
) -> None:
    url, received = inbox
    live = {"kind": "live", "base_s": 600, "increment_s": 10, "zombie_bot": "random"}
    turn = {"kind": "turn", "per_move_s": 86400, "bank_s": 0, "zombie_bot": "random"}
    with TestClient(
        create_app(sqlite_url, mail=MailSettings(url, PUBLIC)), base_url=HTTPS
    ) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")
        received.messages.clear()
        to_other(client, rated_table(client, ann, bob, clock=live), ann)
        settle(client)
        assert received.messages == []
        by_days = rated_table(client, ann, bob, clock=turn)
        to_other(client, by_days, ann)
        settle(client)
    assert [by_days["id"] in m["Subject"] for m in received.messages] == [True]


@pytest.mark.parametrize(
    "url", ["http://mail.example.org", "smtp://", "smtp://host:port", "mail.example.org"]
)
def test_a_bad_smtp_url_is_refused_with_how_to_write_one(url: str) -> None:
    with pytest.raises(MailError, match="SMTP URL|bad port"):
        parse_smtp_url(url)


def test_smtp_urls_name_login_tls_and_sender() -> None:
    target = parse_smtp_url("smtps://me%40x.org:p%20w@mail.x.org?from=t@x.org")
    assert (target.host, target.port, target.implicit_tls) == ("mail.x.org", 465, True)
    assert (target.user, target.password, target.sender) == ("me@x.org", "p w", "t@x.org")
    plain = parse_smtp_url("smtp://localhost:2525")
    assert (plain.port, plain.implicit_tls, plain.sender) == (2525, False, "dragontable@localhost")
