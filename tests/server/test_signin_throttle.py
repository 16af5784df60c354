"""Sign-in throttling that a stranger cannot turn against the owner: per-address limits,
progressive delays per name, and device cookies of browsers that signed in before.

The time is the test's (``Accounts.now``): delays are waited for by moving it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx2 import Response

from dragontable.server import create_app
from dragontable.server.accounts import DELAY_CAP_S, FREE_FAILURES, SIGNIN_ATTEMPTS
from dragontable.server.devices import DEVICE_COOKIE, DEVICE_DAYS, device_hash
from dragontable.server.schema import devices_t

from .accounts_helpers import HTTPS, PASSWORD

OWNER = "198.51.100.7"
WRONG = "not the password"


class Time:
    """The accounts' clock, moved by the test."""

    def __init__(self) -> None:
        self.now = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += dt.timedelta(seconds=seconds)


@pytest.fixture
def served(sqlite_url: str) -> Iterator[tuple[FastAPI, Time]]:
    app, time = create_app(sqlite_url), Time()
    with TestClient(app, base_url=HTTPS):  # runs the app's start-up for the test
        app.state.accounts.now = time
        yield app, time


def at(app: FastAPI, host: str) -> TestClient:
    """A client at address ``host`` (the server sees it as the request's client)."""
    return TestClient(app, base_url=HTTPS, client=(host, 50000))


def sign_in(app: FastAPI, host: str, name: str, password: str, device: str = "") -> Response:
    headers = {"cookie": f"{DEVICE_COOKIE}={device}"} if device else {}
    body = {"name": name, "password": password}
    return at(app, host).post("/api/account/signin", json=body, headers=headers)


def sign_up(app: FastAPI, name: str) -> str:
    """A new account, from the owner's browser; that browser's device cookie."""
    resp = at(app, OWNER).post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert resp.status_code == 201, resp.text
    return resp.cookies[DEVICE_COOKIE]


def wait(resp: Response) -> int:
    """The seconds a 429 says to wait, checked against its message."""
    assert resp.status_code == 429, resp.text
    seconds = int(resp.headers["retry-after"])
    assert resp.json()["error"].endswith(f"try again in {seconds} s")
    return seconds


def stranger_fails(app: FastAPI, time: Time, name: str, times: int) -> None:
    """A stranger at ever new addresses: ``times`` wrong passwords, each one after
    waiting as long as the server says."""
    failed, host = 0, 0
    while failed < times:
        host += 1
        resp = sign_in(app, f"203.0.113.{host % 250}", name, WRONG)
        if resp.status_code == 429:
            time.advance(wait(resp))
            continue
        assert resp.status_code == 401, resp.text
        failed += 1


def test_a_strangers_fifty_failures_do_not_lock_the_owner_out(
    served: tuple[FastAPI, Time],
) -> None:
    app, time = served
    device = sign_up(app, "Ann")
    other_device = sign_up(app, "Bob")
    stranger_fails(app, time, "Ann", 50)
    stranger_fails(app, time, "Bob", FREE_FAILURES + 3)

    # The owner's browser, which signed in before: at once, the stranger notwithstanding.
    resp = sign_in(app, OWNER, "ann", PASSWORD, device)
    assert resp.status_code == 200 and resp.json()["user"]["name"] == "Ann"
    assert device in resp.cookies[DEVICE_COOKIE]
    # Bob's device cookie is no key to Ann's account, nor Ann's to Bob's.
    assert sign_in(app, OWNER, "Bob", PASSWORD, device).status_code == 429
    # A new browser waits at most the capped delay, then gets in and is remembered.
    delay = wait(sign_in(app, OWNER, "Ann", PASSWORD))
    assert 0 < delay <= DELAY_CAP_S
    time.advance(delay)
    resp = sign_in(app, OWNER, "Ann", PASSWORD)
    assert resp.status_code == 200
    fresh = resp.cookies[DEVICE_COOKIE]
    assert sign_in(app, OWNER, "Ann", PASSWORD, fresh).status_code == 200
    # The stranger: one guess, then the full delay again.
    assert sign_in(app, "192.0.2.1", "Ann", WRONG).status_code == 401
    assert wait(sign_in(app, "192.0.2.2", "Ann", PASSWORD)) == DELAY_CAP_S
    assert sign_in(app, OWNER, "Bob", PASSWORD, other_device).status_code == 200


def test_failures_beyond_the_free_ones_cost_a_growing_capped_delay(
    served: tuple[FastAPI, Time],
) -> None:
    app, time = served
    sign_up(app, "Ann")
    for n in range(FREE_FAILURES):
        assert sign_in(app, f"203.0.113.{n}", "Ann", WRONG).status_code == 401
    delays = []
    for n in range(9):
        delay = wait(sign_in(app, f"192.0.2.{n}", "Ann", WRONG))
        delays.append(delay)
        time.advance(delay - 1)
        wait(sign_in(app, f"192.0.2.{n}", "Ann", PASSWORD))  # a second early: still not
        time.advance(1)
        assert sign_in(app, f"192.0.2.{n}", "Ann", WRONG).status_code == 401
    assert delays == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    time.advance(60)
    assert sign_in(app, OWNER, "Ann", PASSWORD).status_code == 200
    # Unknown names are delayed the same way (no telling which names exist).
    for n in range(FREE_FAILURES):
        assert sign_in(app, f"203.0.113.{n}", "Nobody", WRONG).status_code == 401
    assert wait(sign_in(app, OWNER, "nobody", WRONG)) == 1


def test_one_address_is_still_limited_over_every_name(served: tuple[FastAPI, Time]) -> None:
    app, time = served
    for n in range(SIGNIN_ATTEMPTS):
        assert sign_in(app, "203.0.113.9", f"name{n}", WRONG).status_code == 401
    resp = sign_in(app, "203.0.113.9", "someone", WRONG)
    assert wait(resp) > DELAY_CAP_S and "from this address" in resp.json()["error"]
    assert sign_in(app, "203.0.113.10", "someone", WRONG).status_code == 401


def test_a_device_is_delayed_by_its_own_failures_only(served: tuple[FastAPI, Time]) -> None:
    app, time = served
    device = sign_up(app, "Ann")
    for _ in range(FREE_FAILURES):
        assert sign_in(app, OWNER, "Ann", WRONG, device).status_code == 401
    resp = sign_in(app, OWNER, "Ann", PASSWORD, device)
    assert wait(resp) == 1 and "from this browser" in resp.json()["error"]
    assert sign_in(app, "192.0.2.1", "Ann", PASSWORD).status_code == 200  # not the name's
    time.advance(1)
    assert sign_in(app, OWNER, "Ann", PASSWORD, device).status_code == 200


def test_the_device_cookie_is_long_lived_http_only_and_stored_hashed(
    served: tuple[FastAPI, Time], sqlite_url: str
) -> None:
    app, _ = served
    resp = at(app, OWNER).post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
    cookie = next(c for c in resp.headers.get_list("set-cookie") if c.startswith(DEVICE_COOKIE))
    attributes = cookie.lower()
    assert "httponly" in attributes and "samesite=lax" in attributes and "; secure" in attributes
    assert f"max-age={DEVICE_DAYS * 86400}" in attributes
    token = resp.cookies[DEVICE_COOKIE]
    with sa.create_engine(sqlite_url).connect() as conn:
        stored = [r.token_hash for r in conn.execute(sa.select(devices_t.c.token_hash))]
    assert stored == [device_hash(token)]
    signed_out = at(app, OWNER).post(
        "/api/account/signout",
        headers={
            "cookie": f"dt_session={resp.cookies['dt_session']}",
            "X-CSRF-Token": resp.json()["csrf"],
        },
    )
    assert signed_out.status_code == 200 and DEVICE_COOKIE not in signed_out.headers.get(
        "set-cookie", ""
    )  # signing out keeps the browser known
    local = TestClient(app, base_url="http://127.0.0.1:8000")
    plain = local.post("/api/account/signup", json={"name": "Bob", "password": PASSWORD})
    assert "secure" not in plain.headers.get_list("set-cookie")[-1].lower()
