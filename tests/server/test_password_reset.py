"""Password reset by a link mailed to the account's confirmed address (aiosmtpd inbox)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.mail import MailSettings
from dragontable.server.mail_links import RESET_REQUESTS

from .accounts_helpers import HTTPS, PASSWORD, Player, sign_up
from .mail_helpers import PUBLIC, Clock, Inbox, confirm_by_mail, link_token, settle

NEW_PASSWORD = "a quite different phrase"


def mail_app(url: str, db: str, clock: Clock) -> TestClient:
    return TestClient(create_app(db, mail=MailSettings(url, PUBLIC, clock=clock)), base_url=HTTPS)


def sign_in(client: TestClient, name: str, password: str) -> Player | None:
    resp = client.post("/api/account/signin", json={"name": name, "password": password})
    client.cookies.clear()
    if resp.status_code != 200:
        assert resp.status_code == 401, resp.text
        return None
    return Player(name, resp.cookies["dt_session"], resp.json()["csrf"])


def signed_in_as(client: TestClient, player: Player) -> str | None:
    user: dict[str, Any] | None = client.get("/api/me", headers=player.headers()).json()["user"]
    return None if user is None else str(user["name"])


def confirmed_bob(client: TestClient, received: Inbox) -> Player:
    bob = sign_up(client, "Bob", "bob@example.org")
    confirm_by_mail(client, received, "bob@example.org")
    return bob


def ask_reset(client: TestClient, **body: str) -> dict[str, Any]:
    resp = client.post("/api/account/reset-request", json=body)
    assert resp.status_code == 202, resp.text
    settle(client)
    answer: dict[str, Any] = resp.json()
    return answer


def reset(client: TestClient, token: str, password: str) -> tuple[int, dict[str, Any]]:
    resp = client.post("/api/account/reset", json={"token": token, "password": password})
    body: dict[str, Any] = resp.json()
    return resp.status_code, body


def test_a_mailed_link_sets_a_new_password_once_and_ends_every_session(
    db_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    with mail_app(url, db_url, Clock()) as client:
        first = confirmed_bob(client, received)
        second = sign_in(client, "Bob", PASSWORD)
        assert second is not None and signed_in_as(client, second) == "Bob"
        ask_reset(client, name="bob")  # any case
        mail = received.messages[-1]
        assert mail["To"] == "bob@example.org" and "Bob" in mail["Subject"]
        token = link_token(mail, "reset")
        assert client.get("/account/reset").status_code == 200  # the page the link opens
        for weak in ("short", "password", "Bob12345"):  # short, common, made of the name
            status, body = reset(client, token, weak)
            assert status == 400 and "password" in body["error"], weak  # link still good
        assert reset(client, token, NEW_PASSWORD) == (200, {"reset": True, "name": "Bob"})
        assert signed_in_as(client, first) is None and signed_in_as(client, second) is None
        assert sign_in(client, "Bob", PASSWORD) is None
        assert sign_in(client, "Bob", NEW_PASSWORD) is not None
        status, body = reset(client, token, "yet another phrase")
        assert status == 400 and "used" in body["error"]
        assert sign_in(client, "Bob", NEW_PASSWORD) is not None


def test_a_reset_link_expires_after_an_hour(sqlite_url: str, inbox: tuple[str, Inbox]) -> None:
    url, received = inbox
    clock = Clock()
    with mail_app(url, sqlite_url, clock) as client:
        confirmed_bob(client, received)
        ask_reset(client, email="Bob@Example.org")  # by the confirmed address
        token = link_token(received.messages[-1], "reset")
        clock.move(minutes=60)
        status, body = reset(client, token, NEW_PASSWORD)
        assert status == 400 and "expired" in body["error"]
        assert reset(client, "nosuchtoken", NEW_PASSWORD)[0] == 400
        assert reset(client, "", NEW_PASSWORD)[0] == 400
        assert sign_in(client, "Bob", PASSWORD) is not None


def test_a_reset_request_answers_alike_and_mails_only_a_confirmed_unsuppressed_address(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    with mail_app(url, sqlite_url, Clock()) as client:
        sign_up(client, "Ann", "ann@example.org")  # never confirmed
        confirmed_bob(client, received)
        sign_up(client, "Cid")  # no address
        before = len(received.messages)
        answers = [
            ask_reset(client, name=who) for who in ("Ann", "Cid", "Nobody", "ann@example.org")
        ]
        answers.append(ask_reset(client, email="nobody@example.org"))
        assert len(received.messages) == before
        assert all(a == answers[0] for a in answers) and answers[0]["requested"] is True
        assert ask_reset(client, name="Bob") == answers[0]
        assert len(received.messages) == before + 1
        stop = received.messages[-1]["List-Unsubscribe"].strip("<> ").removeprefix(PUBLIC)
        assert client.post(stop).status_code == 200  # Bob's address asks for no more mail
        ask_reset(client, name="Bob")
        assert len(received.messages) == before + 1


def test_reset_mails_are_limited_per_account_and_requests_per_client(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    clock = Clock()
    with mail_app(url, sqlite_url, clock) as client:
        confirmed_bob(client, received)
        for _ in range(5):
            ask_reset(client, name="Bob")
        assert len(received.messages) == 1 + 3  # the confirmation, three resets a day
        for _ in range(RESET_REQUESTS - 5):
            ask_reset(client, name="Nobody")
        resp = client.post("/api/account/reset-request", json={"name": "Bob"})
        assert resp.status_code == 429 and "Retry-After" in resp.headers
        clock.move(hours=24, seconds=1)
        tokens = [link_token(m, "reset") for m in received.messages[1:]]
        assert [reset(client, t, NEW_PASSWORD)[0] for t in tokens] == [400, 400, 400]


def test_a_reset_request_must_name_someone(sqlite_url: str, inbox: tuple[str, Inbox]) -> None:
    url, _ = inbox
    with mail_app(url, sqlite_url, Clock()) as client:
        for body in ({}, {"name": ""}, {"name": 7}, {"email": "not an address"}):
            resp = client.post("/api/account/reset-request", json=body)
            assert resp.status_code == 400, (body, resp.text)


def test_a_reset_link_is_void_once_the_account_has_another_address(
    sqlite_url: str, inbox: tuple[str, Inbox]
) -> None:
    url, received = inbox
    with mail_app(url, sqlite_url, Clock()) as client:
        bob = confirmed_bob(client, received)
        ask_reset(client, name="Bob")
        token = link_token(received.messages[-1], "reset")
        resp = client.post("/api/me", json={"email": "new@example.org"}, headers=bob.headers())
        assert resp.status_code == 200
        status, body = reset(client, token, NEW_PASSWORD)
        assert status == 400 and "no longer has" in body["error"]
        assert sign_in(client, "Bob", PASSWORD) is not None
