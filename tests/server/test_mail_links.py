"""Mail goes only to addresses their owners confirmed: validation, the confirmation link
and its limits, unsubscribing for good, ``Date`` and ``Message-ID`` (aiosmtpd inbox)."""

from __future__ import annotations

import datetime as dt
from email.utils import parsedate_to_datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.mail import MailSettings

from .accounts_helpers import HTTPS, Player, connect, play_turn, rated_table, sign_up, update
from .mail_helpers import (
    PUBLIC,
    Clock,
    Inbox,
    confirm_by_mail,
    link_token,
    settle,
    unsubscribe_token,
)

STRANGER = "stranger@example.org"


def away_turn(client: TestClient, ann: Player, bob: Player) -> str:
    """A new table where Ann plays until it is Bob's turn and Bob is not there; its id."""
    created = rated_table(client, ann, bob)
    with connect(client, created, ann) as ws:
        play_turn(ws, update(ws))
    settle(client)
    return str(created["id"])


def me(client: TestClient, player: Player) -> dict[str, Any]:
    user: dict[str, Any] = client.get("/api/me", headers=player.headers()).json()["user"]
    return user


def mail_app(url: str, db: str, clock: Clock) -> TestClient:
    return TestClient(create_app(db, mail=MailSettings(url, PUBLIC, clock=clock)), base_url=HTTPS)


def test_an_unconfirmed_address_gets_one_confirmation_and_no_turn_mail_over_eight_tables(
    db_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    with mail_app(url, db_url, Clock()) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob", STRANGER)
        assert me(client, bob)["email_verified"] is False
        tables = [away_turn(client, ann, bob) for _ in range(8)]
        assert len(received.to(STRANGER)) == 1  # the confirmation, nothing about turns
        assert "confirm" in received.messages[0]["Subject"].lower()
        assert not any(t in received.messages[0].get_content() for t in tables)
        answer = confirm_by_mail(client, received, STRANGER)
        assert answer == {"confirmed": True, "name": "Bob", "email": STRANGER}
        assert me(client, bob)["email_verified"] is True
        table = away_turn(client, ann, bob)
        assert [table in m["Subject"] for m in received.to(STRANGER)] == [False, True]


BAD_ADDRESSES = [
    "victim@example.org,postmaster",
    "victim@example.org, eve@example.org",
    "victim@example.org;eve@example.org",
    "vic\x00tim@example.org",
    "victim@example.org\r\nBcc: eve@example.org",
    "victim@example.org\nBcc: eve@example.org",
    "=?utf-8?q?Bcc=3A_eve=40example=2Eorg?=@example.org",
    "=?utf-8?b?Qm9i?=@example.org",
    "Victim <victim@example.org>",
    '"Victim" <victim@example.org>',
    "<victim@example.org>",
    "victim@example.org (comment)",
    '"vic tim"@example.org',
    "victim@[192.0.2.1]",
    "victim",
    "victim@localhost",
    " victim@example.org",
    "x" * 250 + "@example.org",
]


@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_anything_but_one_plain_address_is_refused_and_changes_nothing(
    client: TestClient, address: str
) -> None:
    client.base_url = HTTPS
    body = {"name": "Eve", "password": "correct horse battery", "email": address}
    resp = client.post("/api/account/signup", json=body)
    assert resp.status_code == 400, resp.text
    assert "e-mail address" in resp.json()["error"]
    assert client.post("/api/account/signin", json=body).status_code == 401  # not created
    bob = sign_up(client, "Bob", "bob@example.org")
    resp = client.post("/api/me", json={"email": address}, headers=bob.headers())
    assert resp.status_code == 400, resp.text
    assert me(client, bob)["email"] == "bob@example.org"


def test_an_address_is_stored_in_its_normalised_form(client: TestClient) -> None:
    client.base_url = HTTPS
    bob = sign_up(client, "Bob", "Bob.Smith@EXAMPLE.Org")
    assert me(client, bob)["email"] == "Bob.Smith@example.org"
    resp = client.post("/api/me", json={"email": "bob@Bücher.example"}, headers=bob.headers())
    assert resp.json()["user"]["email"] == "bob@xn--bcher-kva.example"


def test_every_kind_of_mail_has_a_date_and_a_message_id(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    clock = Clock()
    with mail_app(url, sqlite_url, clock) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")
        away_turn(client, ann, bob)
        client.post("/api/account/reset-request", json={"name": "Bob"})
        settle(client)
    kinds = [m["Subject"].split()[0] for m in received.messages]
    assert kinds == ["Confirm", "Your", "A"], kinds  # confirmation, turn, password reset
    ids = [m["Message-ID"] for m in received.messages]
    for message in received.messages:
        assert parsedate_to_datetime(message["Date"]) == clock.now
        assert message["Message-ID"].endswith("@tables.example.org>")
        assert received.envelopes[received.messages.index(message)] == ["bob@example.org"]
    assert len(set(ids)) == 3


def test_after_unsubscribing_no_account_mails_the_address_until_its_owner_follows_a_new_link(
    db_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    clock = Clock()
    with mail_app(url, db_url, clock) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob", STRANGER)
        confirm_by_mail(client, received, STRANGER)
        away_turn(client, ann, bob)
        clock.move(minutes=1)
        one_click = received.messages[-1]["List-Unsubscribe"].strip("<> ")
        assert client.post(one_click.removeprefix(PUBLIC)).status_code == 200  # RFC 8058
        assert me(client, bob)["email_opt_out"] is True
        assert me(client, bob)["email_verified"] is False
        before = len(received.to(STRANGER))
        clock.move(minutes=1)
        resp = client.post("/api/me", json={"email_opt_out": False}, headers=bob.headers())
        assert resp.json()["confirmation"]["status"] == "sent"
        eve = sign_up(client, "Eve", STRANGER)  # another account, the same address
        for player in (bob, eve):
            away_turn(client, ann, player)
        resp = client.post("/api/me/confirm-email", headers=eve.headers())
        assert resp.status_code == 429, resp.text  # one a day to a suppressed address
        assert len(received.to(STRANGER)) == before + 1  # only Bob's one confirmation
        confirm_by_mail(client, received, STRANGER)
        table = away_turn(client, ann, bob)
        assert table in received.to(STRANGER)[-1]["Subject"]


def test_an_opted_out_account_sends_no_confirmation_to_a_suppressed_address(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    with mail_app(url, sqlite_url, Clock()) as client:
        bob = sign_up(client, "Bob", STRANGER)
        settle(client)
        assert client.post(f"/api/unsubscribe/{unsubscribe_token(received.messages[0])}").is_success
        resp = client.post("/api/me/confirm-email", headers=bob.headers())
        assert resp.status_code == 409 and "no more mail" in resp.json()["error"]
        settle(client)
        assert len(received.messages) == 1


def test_confirmation_mails_are_limited_per_address_and_per_account_across_restarts(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    clock = Clock()
    with mail_app(url, sqlite_url, clock) as client:
        bob = sign_up(client, "Bob", STRANGER)
        for _ in range(2):
            resp = client.post("/api/me/confirm-email", headers=bob.headers())
            assert resp.status_code == 202, resp.text
        sign_up(client, "Eve", STRANGER)
        settle(client)
        assert len(received.to(STRANGER)) == 3  # the fourth, Eve's, was not sent
    with mail_app(url, sqlite_url, clock) as client:  # the count survives a restart
        resp = client.post("/api/me/confirm-email", headers=bob.headers())
        assert resp.status_code == 429
        assert resp.headers["Retry-After"] == str(86400)
        assert "next is possible in 86400 s" in resp.json()["error"]
        for n in range(2):  # per account: 5 a day, whatever the address
            body = {"email": f"bob{n}@example.org"}
            reply = client.post("/api/me", json=body, headers=bob.headers()).json()
            assert reply["confirmation"]["sent"] is True
        reply = client.post("/api/me", json={"email": "bob9@example.org"}, headers=bob.headers())
        assert reply.json()["confirmation"]["status"] == "later"
        assert reply.json()["user"]["email"] == "bob9@example.org"  # kept, unconfirmed
        clock.move(hours=24, seconds=1)
        resp = client.post("/api/me/confirm-email", headers=bob.headers())
        assert resp.status_code == 202
        settle(client)
    # mails go out in the background, so in any order
    assert sorted(m["To"] for m in received.messages[3:]) == [
        "bob0@example.org",
        "bob1@example.org",
        "bob9@example.org",
    ]


def test_a_confirmation_link_works_once_for_48_hours_and_for_the_address_it_was_sent_to(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    clock = Clock()
    with mail_app(url, sqlite_url, clock) as client:
        bob = sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")
        token = link_token(received.messages[0], "confirm")

        def follow(token: str) -> str:
            resp = client.post("/api/account/confirm", json={"token": token})
            assert resp.status_code == 400, resp.text
            return str(resp.json()["error"])

        assert "used" in follow(token)
        assert "not valid" in follow("nosuchtoken")
        client.post("/api/me", json={"email": "new@example.org"}, headers=bob.headers())
        client.post("/api/me", json={"email": "old@example.org"}, headers=bob.headers())
        settle(client)
        assert "no longer has" in follow(link_token(received.to("new@example.org")[0], "confirm"))
        clock.move(hours=48)
        assert "expired" in follow(link_token(received.to("old@example.org")[0], "confirm"))
        assert me(client, bob)["email_verified"] is False
        assert client.get("/account/confirm").status_code == 200


def test_the_same_address_again_stays_confirmed_and_sends_nothing(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    with mail_app(url, sqlite_url, Clock()) as client:
        bob = sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")
        body = {"email": "BOB@EXAMPLE.org", "lang": "pl", "email_opt_out": False}
        reply = client.post("/api/me", json=body, headers=bob.headers()).json()
        assert "confirmation" not in reply and reply["user"]["email_verified"] is True
        settle(client)
        assert len(received.messages) == 1


def test_without_a_mail_server_nothing_is_mailed_and_the_profile_is_told(
    client: TestClient,
) -> None:
    client.base_url = HTTPS
    bob = sign_up(client, "Bob", "bob@example.org")
    resp = client.post("/api/me/confirm-email", headers=bob.headers())
    assert resp.status_code == 503 and "sends no e-mail" in resp.json()["error"]
    resp = client.post("/api/account/reset-request", json={"name": "Bob"})
    assert resp.status_code == 503


def test_a_confirmation_date_is_the_servers(sqlite_url: str, inbox: tuple[str, Inbox]) -> None:
    url, received = inbox
    clock = Clock()
    clock.move(days=3)
    with mail_app(url, sqlite_url, clock) as client:
        sign_up(client, "Bob", "bob@example.org")
        settle(client)
    sent = parsedate_to_datetime(received.messages[0]["Date"])
    assert sent == clock.now and sent.tzinfo is not None and sent.utcoffset() == dt.timedelta(0)


def test_an_address_stored_before_the_checks_gets_no_confirmation_mail(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    with mail_app(url, sqlite_url, Clock()) as client:
        bob = sign_up(client, "Bob")
        accounts = client.app.state.accounts  # type: ignore[attr-defined]
        accounts.store.update_user(1, email="victim@example.org,postmaster")  # an old row
        resp = client.post("/api/me/confirm-email", headers=bob.headers())
        assert resp.status_code == 400 and "e-mail address" in resp.json()["error"]
        settle(client)
        assert received.messages == []
