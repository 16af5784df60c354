"""Accounts: sign-up and sign-in, sessions and CSRF, seats attached to accounts.

Each refusal is checked for its message and for leaving everything as it was.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.account_api import NO_CSRF
from dragontable.server.accounts import FREE_FAILURES, WRONG_CREDENTIALS, cookie_secure
from dragontable.server.timesource import ManualClock

from .accounts_helpers import HTTPS, PASSWORD, Player, attach, connect, sign_up, update
from .conftest import n_actions, new_table, next_error, token_of, ws_url

DAY = 86400


@pytest.fixture
def https(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url), base_url=HTTPS) as c:
        yield c


def me(client: TestClient, player: Player) -> dict[str, object]:
    resp = client.get("/api/me", headers=player.headers(csrf=False))
    assert resp.status_code == 200
    user = resp.json()["user"]
    assert isinstance(user, dict)
    return user


def test_sign_up_starts_a_session_in_a_secure_http_only_same_site_cookie(
    https: TestClient,
) -> None:
    resp = https.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
    assert resp.status_code == 201, resp.text
    cookie = resp.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "; secure" in cookie
    assert resp.json()["user"]["name"] == "Ann" and resp.json()["csrf"]
    https.cookies.clear()
    assert https.get("/api/me").json() == {"user": None}


def test_names_are_unique_without_case_and_bad_input_is_named(https: TestClient) -> None:
    sign_up(https, "Ann")
    taken = https.post("/api/account/signup", json={"name": "aNN", "password": PASSWORD})
    assert taken.status_code == 409 and taken.json()["error"] == "the name 'aNN' is taken"
    for body, problem in [
        ({"name": "a", "password": PASSWORD}, "a user name is 3 to 32"),
        ({"name": "has space", "password": PASSWORD}, "a user name is"),
        ({"name": "Bob", "password": "short"}, "a password has 8 to 256 characters"),
        ({"name": "Bob", "password": PASSWORD, "email": "nope"}, "e-mail address is not valid"),
        ({"name": "Bob", "password": PASSWORD, "lang": "xx"}, "language must be one of"),
    ]:
        resp = https.post("/api/account/signup", json=body)
        assert resp.status_code == 400 and problem in resp.json()["error"], resp.text
        assert "set-cookie" not in resp.headers
    assert https.post("/api/account/signin", json={"name": "Bob", "password": PASSWORD}).json() == {
        "error": WRONG_CREDENTIALS
    }


def test_a_wrong_password_is_refused_and_starts_no_session(https: TestClient) -> None:
    sign_up(https, "Ann")
    for name, password in [("Ann", "wrong password"), ("Nobody", PASSWORD)]:
        resp = https.post("/api/account/signin", json={"name": name, "password": password})
        assert resp.status_code == 401 and resp.json() == {"error": WRONG_CREDENTIALS}
        assert "set-cookie" not in resp.headers
    assert https.get("/api/me").json() == {"user": None}
    good = https.post("/api/account/signin", json={"name": "ann", "password": PASSWORD})
    assert good.status_code == 200 and good.json()["user"]["name"] == "Ann"


def test_sign_in_attempts_are_limited_and_the_answer_says_when_to_retry(
    https: TestClient,
) -> None:
    frozen = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    https.app.state.accounts.now = lambda: frozen  # type: ignore[attr-defined]
    sign_up(https, "Ann")  # (the client keeps no cookies: a browser the server does not know)
    for _ in range(FREE_FAILURES):
        bad = https.post("/api/account/signin", json={"name": "Ann", "password": "guess1234"})
        assert bad.status_code == 401
    resp = https.post("/api/account/signin", json={"name": "Ann", "password": PASSWORD})
    assert resp.status_code == 429 and resp.headers["retry-after"] == "1"
    assert resp.json()["error"] == "too many sign-in attempts for this name; try again in 1 s"
    assert "set-cookie" not in resp.headers


def test_passwords_travel_only_over_https_or_to_this_machine(sqlite_url: str) -> None:
    body = {"name": "Ann", "password": PASSWORD}
    with TestClient(create_app(sqlite_url)) as plain:  # http://testserver
        resp = plain.post("/api/account/signup", json=body)
        assert resp.status_code == 400 and resp.json()["error"].startswith("accounts need HTTPS")
    with TestClient(create_app(sqlite_url), base_url="http://127.0.0.1:8000") as local:
        resp = local.post("/api/account/signup", json=body)
        assert resp.status_code == 201 and "secure" not in resp.headers["set-cookie"].lower()
    assert cookie_secure("https", "127.0.0.1") and cookie_secure("http", "example.org")
    assert not cookie_secure("http", "localhost") and not cookie_secure("http", "[::1]")


def test_requests_with_a_session_but_no_csrf_token_change_nothing(https: TestClient) -> None:
    ann = sign_up(https, "Ann")
    body = {"game": "dragon", "players": 2, "seats": ["human", "human"]}
    for path, payload in [
        ("/api/tables", body),
        ("/api/me", {"lang": "pl"}),
        ("/api/account/signout", None),
    ]:
        for headers in (ann.headers(csrf=False), {**ann.headers(), "X-CSRF-Token": "forged"}):
            resp = https.post(path, json=payload, headers=headers)
            assert resp.status_code == 403 and resp.json() == {"error": NO_CSRF}, path
    assert https.get("/api/tables").json() == []
    assert me(https, ann)["lang"] == "en"  # the session is still there, unchanged
    assert https.post("/api/tables", json=body, headers=ann.headers()).status_code == 201
    assert https.post("/api/tables", json=body).status_code == 201  # guests need no token


def test_settings_change_with_the_token_and_sign_out_ends_the_session(https: TestClient) -> None:
    ann = sign_up(https, "Ann")
    resp = https.post(
        "/api/me", json={"lang": "uk", "email": "ann@example.org"}, headers=ann.headers()
    )
    assert resp.status_code == 200 and me(https, ann)["lang"] == "uk"
    bad = https.post("/api/me", json={"colour": "red"}, headers=ann.headers())
    assert bad.status_code == 400 and "unknown settings ['colour']" in bad.json()["error"]
    assert https.post("/api/account/signout", headers=ann.headers()).status_code == 200
    assert https.get("/api/me", headers=ann.headers()).json() == {"user": None}
    gone = https.post("/api/me", json={"lang": "en"}, headers=ann.headers())
    assert gone.status_code == 401 and gone.json() == {"error": "sign in first"}


def test_a_stolen_seat_link_is_refused_once_the_seat_is_attached(https: TestClient) -> None:
    ann, eve = sign_up(https, "Ann"), sign_up(https, "Eve")
    created = new_table(https)
    attach(https, ann, created, 0)
    before = n_actions(https, created["id"])
    with https.websocket_connect(ws_url(created, 0)) as thief:  # the link alone, no session
        refusal = thief.receive_json()
    assert refusal["code"] == "seat_attached"
    assert refusal["message"].startswith("this seat belongs to the account Ann; sign in")
    with https.websocket_connect(ws_url(created, 0), headers=eve.headers(csrf=False)) as other:
        assert other.receive_json()["code"] == "seat_attached"
    steal = https.post(
        f"/api/tables/{created['id']}/attach",
        json={"token": token_of(created, 0)},
        headers=eve.headers(),
    )
    assert steal.status_code == 403 and steal.json() == {
        "error": "this seat belongs to another account"
    }
    info = https.get(f"/api/tables/{created['id']}").json()
    assert info["seats"][0]["account"] == "Ann" and n_actions(https, created["id"]) == before
    with connect(https, created, ann) as ws:  # the account's session opens the seat
        assert update(ws)["seat"] == 0


def test_attaching_refuses_bad_tokens_bot_seats_and_a_second_seat(https: TestClient) -> None:
    ann = sign_up(https, "Ann")
    created = new_table(https)
    path = f"/api/tables/{created['id']}/attach"
    wrong = https.post(path, json={"token": "not-a-token"}, headers=ann.headers())
    assert (
        wrong.status_code == 403 and wrong.json()["error"] == "this link's seat token is not valid"
    )
    attach(https, ann, created, 0)
    attach(https, ann, created, 0)  # again: nothing to do
    second = https.post(path, json={"token": token_of(created, 1)}, headers=ann.headers())
    assert second.status_code == 403
    assert second.json()["error"] == "your account already holds seat 1 here"
    guest = https.post(path, json={"token": token_of(created, 1)})
    assert guest.status_code == 401 and guest.json() == {"error": "sign in first"}
    missing = https.post("/api/tables/nosuch/attach", json={"token": "x"}, headers=ann.headers())
    assert missing.status_code == 404
    seats = https.get(f"/api/tables/{created['id']}").json()["seats"]
    assert [s["account"] for s in seats] == ["Ann", None]


def test_my_tables_lists_the_accounts_tables_those_waiting_for_it_first(https: TestClient) -> None:
    ann = sign_up(https, "Ann")
    first, second = new_table(https), new_table(https)
    attach(https, ann, first, 1)  # seat 0 moves first: Ann waits
    attach(https, ann, second, 0)  # Ann's turn
    mine = https.get("/api/me/tables", headers=ann.headers(csrf=False)).json()
    assert [(t["id"], t["my_seat"], t["your_turn"]) for t in mine] == [
        (second["id"], 0, True),
        (first["id"], 1, False),
    ]
    assert all(t["deadline"] is None for t in mine)
    assert https.get("/api/me/tables").status_code == 401


def test_my_tables_and_profiles_give_the_servers_time_to_count_deadlines_from(
    sqlite_url: str,
) -> None:
    clock = ManualClock(dt.datetime(2030, 1, 1, tzinfo=dt.UTC))  # far from the system's time
    turn = {"kind": "turn", "per_move_s": DAY, "bank_s": DAY, "zombie_bot": "random"}
    with TestClient(create_app(sqlite_url, clock=clock), base_url=HTTPS) as client:
        ann = sign_up(client, "Ann")
        created = new_table(client, clock=turn)
        attach(client, ann, created, 0)
        clock.advance(DAY)
        client.app.state.manager.sweep(idle_s=0)  # type: ignore[attr-defined]
        assert created["id"] not in client.app.state.manager.live  # type: ignore[attr-defined]
        headers = ann.headers(csrf=False)
        mine = client.get("/api/me/tables", headers=headers).json()[0]
        recent = client.get("/api/users/Ann", headers=headers).json()["recent"][0]
    for shown in (mine, recent):
        assert dt.datetime.fromisoformat(shown["clock"]["now"]) == clock.now()
    assert dt.datetime.fromisoformat(mine["deadline"]) == clock.now() + dt.timedelta(days=1)


def test_attaching_turns_another_holder_of_the_link_into_a_spectator(https: TestClient) -> None:
    ann = sign_up(https, "Ann")
    created = new_table(https)
    with https.websocket_connect(ws_url(created, 0)) as early:  # the link, before attaching
        assert update(early)["seat"] == 0
        attach(https, ann, created, 0)
        refusal = next_error(early)
        assert refusal["code"] == "seat_attached" and refusal["detail"]["account"] == "Ann"
        assert update(early)["seat"] is None
        early.send_json({"action": "anything"})
        while (msg := early.receive_json())["type"] != "error":
            assert msg["type"] in ("seat_account", "presence"), msg
        assert msg["code"] == "spectator"
    assert n_actions(https, created["id"]) == 0
