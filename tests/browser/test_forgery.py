"""An attacker's page, on another origin than the table server, tries to act in the
visitor's browser: sign the visitor in to the attacker's account, sign up, open tables,
change or end the visitor's session, attach a seat. Every try must be refused (403) and
change nothing the visitor's browser can see.

The attacker's pages come from a second loopback server (:class:`Attacker`), reached as
``127.0.0.1`` (another port: same site, other origin) and as ``localhost`` (another
site). A page either submits a ``text/plain`` form (JSON smuggled in a field's name) or
sends a ``no-cors`` ``fetch`` with the credentials: the two requests a page of any
origin may send without asking the server first.
"""

from __future__ import annotations

import html
import json
import secrets
import threading
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Page

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
ATTACKER, VICTIM, FRESH = "{attacker}", "{victim}", "{fresh}"
TABLE, SEAT_TOKEN = "{table}", "{seat_token}"
"""Placeholders in a forgery's path and fields, filled in for each test."""


@dataclass(frozen=True)
class Forgery:
    """A state-changing request the attacker's page sends in the visitor's browser."""

    path: str
    fields: Mapping[str, Any]
    signed_in: bool = False
    """Whether the visitor is signed in to their own account first."""

    def __str__(self) -> str:
        return f"{self.path.rsplit('/', 1)[-1]}{'-signed-in' if self.signed_in else ''}"


FORGERIES = [
    Forgery("/api/account/signin", {"name": ATTACKER, "password": PASSWORD}),
    Forgery("/api/account/signin", {"name": ATTACKER, "password": PASSWORD}, signed_in=True),
    Forgery("/api/account/signup", {"name": FRESH, "password": PASSWORD}),
    Forgery("/api/tables", {"game": "dragon", "players": 2, "seats": ["human", "bot"]}),
    Forgery("/api/me", {"email": "mallory@example.org"}, signed_in=True),
    Forgery("/api/account/signout", {}, signed_in=True),
    Forgery(f"/api/tables/{TABLE}/attach", {"token": SEAT_TOKEN}, signed_in=True),
    Forgery("/api/account/reset-request", {"name": VICTIM}),
    Forgery("/api/account/reset", {"token": "x" * 43, "password": "a new long passphrase"}),
    Forgery("/api/account/confirm", {"token": "x" * 43}),
    Forgery("/api/me/password", {"current": PASSWORD, "password": "n" * 20}, signed_in=True),
    Forgery("/api/me/confirm-email", {}, signed_in=True),
]


class Attacker:
    """The attacker's web server: a second loopback server with pages of its own."""

    def __init__(self) -> None:
        pages: dict[str, bytes] = {}
        self.pages = pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(self.path)
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.http.server_address[1]
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def publish(self, page: str, site: str) -> str:
        """Serve ``page``; its URL on the attacker's same-site or cross-site origin."""
        path = f"/{secrets.token_hex(8)}.html"
        self.pages[path] = page.encode()
        host = "127.0.0.1" if site == "same-site" else "localhost"
        return f"http://{host}:{self.port}{path}"


@pytest.fixture(scope="session")
def attacker() -> Iterator[Attacker]:
    evil = Attacker()
    yield evil
    evil.http.shutdown()


def _post(url: str, body: Mapping[str, Any]) -> Any:
    """A request of the test itself (no browser: no Origin, no Sec-Fetch-Site)."""
    headers = {"Content-Type": "application/json"}
    request = urllib.request.Request(url, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@pytest.fixture(scope="session")
def names(server: str) -> dict[str, str]:
    """The attacker's and the visitor's accounts, and a table whose seat 0 token the
    attacker holds."""
    found = {"attacker": f"mallory{secrets.token_hex(3)}", "victim": f"vic{secrets.token_hex(3)}"}
    for name in found.values():
        _post(f"{server}/api/account/signup", {"name": name, "password": PASSWORD})
    table = {"game": "dragon", "players": 2, "seats": ["human", "human"]}
    created = _post(f"{server}/api/tables", table)
    found["table"] = created["id"]
    found["seat_token"] = created["invitations"][0]["token"]
    return found


def filled(value: Any, names: Mapping[str, str]) -> Any:
    return value.format_map(names) if isinstance(value, str) else value


def text_plain_form(url: str, fields: Mapping[str, Any]) -> str:
    """A page that submits ``fields`` as JSON in a text/plain form (``name=value``: the
    JSON's end and a padding field hold the ``=``)."""
    text = json.dumps(fields)
    name = text[:-1] + (", " if fields else "") + '"pad": "'
    return (
        f'<form method="post" action="{html.escape(url)}" enctype="text/plain">'
        f'<input name="{html.escape(name)}" value="{html.escape(chr(34) + "}")}"></form>'
        "<script>document.forms[0].submit();</script>"
    )


def encoded_form(url: str, fields: Mapping[str, Any], enctype: str) -> str:
    """A page that submits ``fields`` as an urlencoded or multipart form."""
    inputs = "".join(
        f'<input name="{html.escape(k)}" value="{html.escape(str(v))}">' for k, v in fields.items()
    )
    return (
        f'<form method="post" action="{html.escape(url)}" enctype="{enctype}">{inputs}</form>'
        "<script>document.forms[0].submit();</script>"
    )


def no_cors_fetch(url: str, fields: Mapping[str, Any]) -> str:
    """A page that posts ``fields`` as JSON text with the visitor's cookies, unasked."""
    call = json.dumps(
        {"method": "POST", "mode": "no-cors", "credentials": "include", "body": json.dumps(fields)}
    )
    return f"<script>fetch({json.dumps(url)}, {call});</script>"


ATTACKS = {"form": text_plain_form, "fetch": no_cors_fetch}


def seen_by_the_visitor(request: APIRequestContext, server: str, names: Mapping[str, str]) -> Any:
    """What the visitor's browser can see that a forgery would change."""
    me = request.get(f"{server}/api/me").json()["user"]
    table = request.get(f"{server}/api/tables/{names['table']}").json()
    return {
        "me": None if me is None else (me["name"], me["email"]),
        "tables": len(request.get(f"{server}/api/tables").json()),
        "fresh account": request.get(f"{server}/api/users/{names['fresh']}").status,
        "seat 0": table["seats"][0]["account"],
    }


def sign_in_the_visitor(page: Page, server: str, names: Mapping[str, str]) -> None:
    body = {"name": names["victim"], "password": PASSWORD}
    assert page.context.request.post(f"{server}/api/account/signin", data=body).ok


def attack(page: Page, server: str, url: str, path: str) -> int:
    """Open the attacker's page; the status of the server's answer to its request."""
    with page.expect_response(f"{server}{path}") as answered:
        page.goto(url)
    return answered.value.status


@pytest.mark.parametrize("site", ["same-site", "cross-site"])
@pytest.mark.parametrize("kind", sorted(ATTACKS))
@pytest.mark.parametrize("forgery", FORGERIES, ids=str)
def test_a_strangers_page_cannot_act_in_the_visitors_browser(
    page: Page,
    server: str,
    attacker: Attacker,
    names: dict[str, str],
    forgery: Forgery,
    kind: str,
    site: str,
) -> None:
    names = {**names, "fresh": f"new{secrets.token_hex(4)}"}
    if forgery.signed_in:
        sign_in_the_visitor(page, server, names)
    before = seen_by_the_visitor(page.context.request, server, names)
    path = filled(forgery.path, names)
    fields = {k: filled(v, names) for k, v in forgery.fields.items()}
    url = attacker.publish(ATTACKS[kind](f"{server}{path}", fields), site)
    assert attack(page, server, url, path) == 403
    assert seen_by_the_visitor(page.context.request, server, names) == before
    if forgery.path == "/api/account/signin":
        page.goto(f"{server}/table/{names['table']}")
        expected = names["victim"] if forgery.signed_in else "Not signed in"
        page.locator("#account-who").filter(has_text=expected).wait_for()


@pytest.mark.parametrize("site", ["same-site", "cross-site"])
@pytest.mark.parametrize("enctype", ["application/x-www-form-urlencoded", "multipart/form-data"])
def test_a_sign_in_form_of_a_strangers_page_is_refused(
    page: Page, server: str, attacker: Attacker, names: dict[str, str], enctype: str, site: str
) -> None:
    fields = {"name": names["attacker"], "password": PASSWORD}
    path = "/api/account/signin"
    url = attacker.publish(encoded_form(f"{server}{path}", fields, enctype), site)
    assert attack(page, server, url, path) == 403
    assert page.context.request.get(f"{server}/api/me").json() == {"user": None}
