"""What every answer carries and what the server hides: the security headers on every
page, API answer, static file and error; the API pages only behind ``--api-docs``; no
secret in any log line, uvicorn's access log included."""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from uvicorn.logging import AccessFormatter
from websockets.sync.client import connect

from dragontable.server import create_app
from dragontable.server.config import ServerConfig

from .accounts_helpers import PASSWORD
from .conftest import token_of

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
API_PAGES = ("/docs", "/redoc", "/openapi.json")


def policy(header: str) -> dict[str, str]:
    """A Content-Security-Policy as {directive: sources}."""
    pairs = (d.strip().split(" ", 1) for d in header.split(";") if d.strip())
    return {p[0]: p[1] if len(p) > 1 else "" for p in pairs}


def assert_guarded(headers: Mapping[str, str]) -> None:
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (name, headers)
    assert policy(headers["content-security-policy"]) == POLICY, headers


@pytest.fixture
def guarded_app(sqlite_url: str) -> FastAPI:
    app = create_app(sqlite_url)

    @app.get("/api/broken")
    async def broken() -> None:
        raise RuntimeError("a bug")

    return app


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/table/nosuch", 200),
        ("GET", "/replay/nosuch", 200),
        ("GET", "/profile/nobody", 200),
        ("GET", "/mine", 200),
        ("GET", "/unsubscribe/sometoken", 200),
        ("GET", "/static/style.css", 200),
        ("GET", "/static/table.js", 200),
        ("GET", "/static/locales/en.json", 200),
        ("GET", "/static/nosuch.js", 404),
        ("GET", "/favicon.ico", 200),
        ("GET", "/api/games", 200),
        ("HEAD", "/static/style.css", 200),
        ("GET", "/api/tables/nosuch", 404),
        ("GET", "/api/tables?status=bad", 400),
        ("GET", "/api/me/tables", 401),
        ("GET", "/nosuch", 404),
        ("DELETE", "/api/games", 405),
        ("POST", "/api/account/signin", 415),
        ("GET", "/api/broken", 500),
    ],
)
def test_every_answer_carries_the_security_headers(
    guarded_app: FastAPI, method: str, path: str, status: int
) -> None:
    with TestClient(guarded_app, raise_server_exceptions=False) as client:
        resp = client.request(method, path, content=b"x" if method == "POST" else None)
        assert resp.status_code == status, resp.text
        assert_guarded(resp.headers)


def test_a_forged_request_and_a_created_table_carry_the_headers(client: TestClient) -> None:
    assert_guarded(client.post("/api/tables", json={"game": "dragon", "players": 2}).headers)
    assert_guarded(
        client.post("/api/tables", json={}, headers={"origin": "https://x.example"}).headers
    )


def test_the_favicon_is_an_icon(client: TestClient) -> None:
    resp = client.get("/favicon.ico")
    assert resp.headers["content-type"].startswith("image/svg+xml")
    assert resp.content.startswith(b"<svg")


def test_the_api_pages_are_off_by_default(client: TestClient) -> None:
    for path in API_PAGES:
        assert client.get(path).status_code == 404, path


def test_api_docs_turns_the_api_pages_on(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, config=ServerConfig(api_docs=True))) as client:
        for path in API_PAGES:
            resp = client.get(path)
            assert resp.status_code == 200, path
            assert resp.headers["x-frame-options"] == "DENY"
        assert "/api/tables" in client.get("/openapi.json").json()["paths"]
        docs = policy(client.get("/docs").headers["content-security-policy"])
        assert "https://cdn.jsdelivr.net" in docs["script-src"]
        assert docs["frame-ancestors"] == "'none'"
        assert_guarded(client.get("/").headers)  # the pages keep their strict policy


@pytest.mark.parametrize(("argv", "on"), [([], False), (["--api-docs"], True)])
def test_serve_passes_api_docs_through(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], on: bool
) -> None:
    from dragontable import cli
    from dragontable.server import serving

    made: dict[str, Any] = {}
    monkeypatch.setattr(serving, "create_app", lambda url, **kw: made.update(kw) or "app")
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: made.update(ran=app))
    args = cli.build_parser().parse_args(["serve", "--db", "sqlite:///x.sqlite3", *argv])
    assert args.func(args) == 0 and made["ran"] == "app"
    assert made["config"].api_docs is on


# -- secrets in log lines ------------------------------------------------------------
TWO_HUMANS = {"game": "dragon", "players": 2, "seats": ["human", "human"]}
LOGGERS = ("uvicorn.access", "uvicorn.error", "dragontable.server")


class Lines(logging.Handler):
    """The log lines as they would be printed (uvicorn's own access-line format)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.access = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s')

    def emit(self, record: logging.LogRecord) -> None:
        formatter = self.access if record.name == "uvicorn.access" else logging.Formatter()
        self.lines.append(formatter.format(record))


@contextmanager
def served(app: FastAPI) -> Iterator[tuple[str, Lines]]:
    """``app`` under a real uvicorn on a loopback port, its log lines captured."""
    lines = Lines()
    levels = {name: logging.getLogger(name).level for name in LOGGERS}
    for name in LOGGERS:
        logging.getLogger(name).addHandler(lines)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_config=None, log_level="info", access_log=True)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            assert thread.is_alive(), "the server did not start"
            thread.join(0.05)
        logging.getLogger("dragontable.server").setLevel(logging.INFO)
        yield f"127.0.0.1:{sock.getsockname()[1]}", lines
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
        for name, level in levels.items():
            logging.getLogger(name).removeHandler(lines)
            logging.getLogger(name).setLevel(level)


def test_no_secret_reaches_a_log_line(sqlite_url: str) -> None:
    app = create_app(sqlite_url)
    with served(app) as (host, lines), httpx.Client(base_url=f"http://{host}") as http:
        body = {"name": "Bob", "password": PASSWORD, "email": "bob@example.org"}
        assert http.post("/api/account/signup", json=body).status_code == 201
        http.cookies.clear()
        unsubscribe = app.state.accounts.store.user("Bob").unsubscribe
        created = http.post("/api/tables", json=TWO_HUMANS).json()
        seat = token_of(created, 0)
        assert http.get(f"/unsubscribe/{unsubscribe}").status_code == 200
        assert http.get(f"/api/tables?lang=en&token={seat}").status_code == 200
        with connect(f"ws://{host}/ws/tables/{created['id']}?token={seat}&lang=en") as ws:
            ws.recv()
        form = {"content-type": "application/x-www-form-urlencoded"}
        one_click = b"List-Unsubscribe=One-Click"
        resp = http.post(f"/api/unsubscribe/{unsubscribe}", content=one_click, headers=form)
        assert resp.status_code == 200
        logging.getLogger("dragontable.server").warning(
            "could not mail %s", f"http://{host}/unsubscribe/{unsubscribe}?token={seat}"
        )
    text = "\n".join(lines.lines)
    assert unsubscribe not in text and seat not in text, text
    assert '"GET /unsubscribe/… HTTP/1.1" 200' in text
    assert '"POST /api/unsubscribe/… HTTP/1.1" 200' in text
    assert '"GET /api/tables?lang=en&token=… HTTP/1.1" 200' in text
    assert f"/ws/tables/{created['id']}?token=…&lang=en" in text  # uvicorn.error's line
    assert "could not mail http://" in text and "/unsubscribe/…?token=…" in text
