"""Forged requests: a page of another site or origin cannot change anything, with or
without a session, nor can a body a cross-site form could send; the one-click
unsubscribe of mail providers still works from anywhere.

Each refusal is checked for its status and message and for leaving everything as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import Request
from fastapi.testclient import TestClient

from dragontable.server import create_app

from .accounts_helpers import HTTPS, PASSWORD, Player, sign_up
from .conftest import new_table, token_of

OWN = HTTPS
TABLE = {"game": "dragon", "players": 2, "seed": 7, "seats": ["human", "bot"]}

CROSS_SITE = {"sec-fetch-site": "cross-site"}
FOREIGN = [
    pytest.param({"sec-fetch-site": "cross-site"}, id="cross-site"),
    pytest.param({"sec-fetch-site": "same-site"}, id="same-site"),
    pytest.param({"origin": "https://evil.example"}, id="foreign-origin"),
    pytest.param({"origin": "null"}, id="null-origin"),
    pytest.param({"origin": "http://testserver"}, id="other-scheme"),
    pytest.param({"origin": "https://testserver:8443"}, id="other-port"),
    pytest.param({"origin": "https://testserver.evil.example"}, id="longer-host"),
    pytest.param({"origin": OWN, "sec-fetch-site": "cross-site"}, id="own-origin-cross-site"),
    pytest.param({"origin": "https://evil.example", "sec-fetch-site": "same-origin"}, id="both"),
]

ENDPOINTS = [
    pytest.param("/api/account/signup", {"name": "Mallory", "password": PASSWORD}, False, id="up"),
    pytest.param("/api/account/signin", {"name": "Eve", "password": PASSWORD}, False, id="in"),
    pytest.param("/api/tables", TABLE, False, id="tables"),
    pytest.param("/api/me", {"email": "eve@example.org"}, True, id="me"),
    pytest.param("/api/account/signout", {}, True, id="signout"),
]


@pytest.fixture
def https(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url), base_url=HTTPS) as c:
        yield c


def snapshot(client: TestClient, ann: Player) -> dict[str, Any]:
    """What a forged request must leave as it was: accounts, tables, Ann's session."""
    return {
        "mallory": client.get("/api/users/Mallory").status_code,
        "tables": len(client.get("/api/tables").json()),
        "ann": client.get("/api/me", headers=ann.headers(csrf=False)).json(),
    }


@pytest.mark.parametrize("foreign", FOREIGN)
@pytest.mark.parametrize(("path", "body", "as_ann"), ENDPOINTS)
def test_a_request_sent_by_another_sites_page_is_refused_and_changes_nothing(
    https: TestClient,
    path: str,
    body: dict[str, Any],
    as_ann: bool,
    foreign: dict[str, str],
) -> None:
    ann = sign_up(https, "Ann", "ann@example.org")
    sign_up(https, "Eve")
    before = snapshot(https, ann)
    headers = {**foreign, **(ann.headers() if as_ann else {})}
    resp = https.post(path, json=body, headers=headers)
    assert resp.status_code == 403, resp.text
    error = resp.json()["error"]
    assert "only this site's own pages may change anything" in error
    assert error.endswith("nothing was changed")
    assert "set-cookie" not in resp.headers
    assert snapshot(https, ann) == before


@pytest.mark.parametrize(
    "own",
    [
        pytest.param({"origin": OWN, "sec-fetch-site": "same-origin"}, id="browser"),
        pytest.param({"origin": f"{OWN}:443"}, id="default-port-named"),
        pytest.param({"origin": "HTTPS://TestServer"}, id="other-case"),
        pytest.param({"sec-fetch-site": "none"}, id="typed-by-the-user"),
        pytest.param({}, id="no-browser"),
    ],
)
def test_this_sites_own_pages_and_scripts_may_sign_up_and_open_tables(
    https: TestClient, own: dict[str, str]
) -> None:
    body = {"name": "Ann", "password": PASSWORD}
    assert https.post("/api/account/signup", json=body, headers=own).status_code == 201
    https.cookies.clear()
    assert https.post("/api/tables", json=TABLE, headers=own).status_code == 201


@pytest.mark.parametrize(
    ("content_type", "content"),
    [
        ("text/plain", b'{"name": "Mallory", "password": "correct horse battery", "p": "="}'),
        ("text/plain;charset=UTF-8", b'{"name": "Mallory", "password": "x"}'),
        ("application/x-www-form-urlencoded", b"name=Mallory&password=correct+horse"),
        ("multipart/form-data; boundary=b", b"--b\r\nContent-Disposition: form-data"),
        ("application/jsonp", b'{"name": "Mallory"}'),
        (None, b'{"name": "Mallory", "password": "correct horse battery"}'),
    ],
)
def test_a_body_not_declared_as_json_is_refused(
    https: TestClient, content_type: str | None, content: bytes
) -> None:
    ann = sign_up(https, "Ann")
    before = snapshot(https, ann)
    headers = {} if content_type is None else {"content-type": content_type}
    for path in ("/api/account/signup", "/api/tables"):
        resp = https.post(path, content=content, headers=headers)
        assert resp.status_code == 415, resp.text
        error = resp.json()["error"]
        assert error.startswith("send the body as JSON with Content-Type: application/json")
        assert (content_type or "no Content-Type") in error
    assert snapshot(https, ann) == before


def test_json_with_a_charset_and_bodiless_posts_pass(https: TestClient) -> None:
    body = b'{"game": "dragon", "players": 2, "seats": ["human", "bot"]}'
    headers = {"content-type": "application/json; charset=utf-8"}
    assert https.post("/api/tables", content=body, headers=headers).status_code == 201
    ann = sign_up(https, "Ann")
    signed_out = https.post("/api/account/signout", headers=ann.headers())  # no body at all
    assert signed_out.status_code == 200, signed_out.text


def test_a_session_still_needs_its_csrf_token_from_its_own_pages(https: TestClient) -> None:
    ann = sign_up(https, "Ann")
    own = {"origin": OWN, "sec-fetch-site": "same-origin"}
    resp = https.post("/api/me", json={"lang": "pl"}, headers={**own, **ann.headers(csrf=False)})
    assert resp.status_code == 403 and "CSRF token" in resp.json()["error"]
    resp = https.post("/api/me", json={"lang": "pl"}, headers={**own, **ann.headers()})
    assert resp.status_code == 200 and resp.json()["user"]["lang"] == "pl"


def test_a_route_added_later_is_guarded_by_itself(sqlite_url: str) -> None:
    """A route added later needs no code of its own: the guard is one middleware in
    front of every route."""
    app = create_app(sqlite_url)
    called: list[str] = []

    @app.post("/api/account/added-later")
    async def added_later(request: Request) -> dict[str, bool]:
        called.append(request.url.path)
        return {"sent": True}

    with TestClient(app, base_url=HTTPS) as client:
        forged = client.post("/api/account/added-later", json={"name": "Ann"}, headers=CROSS_SITE)
        plain = client.post("/api/account/added-later", content=b"name=Ann")
        assert (forged.status_code, plain.status_code) == (403, 415)
        assert called == []
        assert client.post("/api/account/added-later", json={"name": "Ann"}).status_code == 200
        assert called == ["/api/account/added-later"]


def unsubscribe_token(client: TestClient, name: str) -> str:
    user = client.app.state.accounts.store.user(name)  # type: ignore[attr-defined]
    assert user is not None
    token: str = user.unsubscribe
    return token


@pytest.mark.parametrize(
    ("content_type", "content"),
    [
        ("application/x-www-form-urlencoded", b"List-Unsubscribe=One-Click"),
        (
            "multipart/form-data; boundary=x",
            b'--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n'
            b"One-Click\r\n--x--\r\n",
        ),
    ],
)
@pytest.mark.parametrize(
    "sender",
    [
        pytest.param({"origin": "https://mail.example", "sec-fetch-site": "cross-site"}, id="web"),
        pytest.param({"origin": "null"}, id="null-origin"),
        pytest.param({}, id="mail-server"),
    ],
)
def test_one_click_unsubscribe_still_works_from_a_mail_provider(
    https: TestClient, content_type: str, content: bytes, sender: dict[str, str]
) -> None:
    """RFC 8058: the provider posts ``List-Unsubscribe=One-Click`` as a form, from
    anywhere; the address's own token authorises it."""
    bob = sign_up(https, "Bob", "bob@example.org")
    token = unsubscribe_token(https, "Bob")
    headers = {**sender, "content-type": content_type}
    resp = https.post(f"/api/unsubscribe/{token}", content=content, headers=headers)
    assert resp.status_code == 200, resp.text
    assert resp.json() == {"unsubscribed": True, "name": "Bob"}
    assert https.get("/api/me", headers=bob.headers(csrf=False)).json()["user"]["email_opt_out"]


def test_the_unsubscribe_exception_opens_nothing_else(https: TestClient) -> None:
    created = new_table(https, seats=["human", "bot"])
    ann = sign_up(https, "Ann")
    forged = {"origin": "https://mail.example", "content-type": "text/plain"}
    attach = https.post(
        f"/api/tables/{created['id']}/attach",
        content=b'{"token": "%s"}' % token_of(created, 0).encode(),
        headers={**forged, **ann.headers()},
    )
    assert attach.status_code == 403
    assert https.get(f"/api/tables/{created['id']}").json()["seats"][0]["account"] is None
    get_form = https.post("/api/unsubscribe", content=b"x", headers=forged)
    assert get_form.status_code == 403
