"""Fixtures: an in-process server over SQLite or a throwaway PostgreSQL, WebSocket helpers.

``db_url`` runs each test that asks for it twice: on a temporary SQLite file and on a
fresh database of one PostgreSQL cluster started for the session (``pg.py``). ``client``
(lobby checks, refusals, views: storage-independent) uses SQLite only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.server import create_app

from .mail_helpers import Inbox, smtp_server
from .pg import INSTALL_HINT, Cluster, find_bin


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One PostgreSQL server for the whole session; fails (never skips) without binaries."""
    bindir = find_bin()
    if bindir is None:
        pytest.fail(INSTALL_HINT, pytrace=False)
    cluster = Cluster(bindir)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """A fresh, empty PostgreSQL database, dropped after the test."""
    name = pg_cluster.create_database()
    try:
        yield pg_cluster.url(name)
    finally:
        pg_cluster.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """The database under test: each backend in turn."""
    name = "pg_url" if request.param == "postgresql" else "sqlite_url"
    return str(request.getfixturevalue(name))


@pytest.fixture
def inbox() -> Iterator[tuple[str, Inbox]]:
    """A local SMTP server (aiosmtpd); its URL and what it received."""
    yield from smtp_server()


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """A server that leaves even one-option decisions to the humans (one update per action)."""
    with TestClient(create_app(sqlite_url, auto_forced=False)) as c:
        yield c


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """Open a table (2-player dragon, seed 7, two humans unless told) and return the reply."""
    body = {"game": "dragon", "players": 2, "seed": 7, "seats": ["human", "human"], **body}
    resp = client.post("/api/tables", json=body)
    assert resp.status_code == 201, resp.text
    created: dict[str, Any] = resp.json()
    return created


def token_of(created: dict[str, Any], seat: int) -> str:
    token: str = next(i["token"] for i in created["invitations"] if i["seat"] == seat)
    return token


def next_update(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next ``update`` message (skipping welcome and presence)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "update":
            return msg
        assert msg["type"] in ("welcome", "presence"), msg


def next_error(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next ``error`` message (skipping presence)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "error":
            return msg
        assert msg["type"] == "presence", msg


def wait_for(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    """Poll ``check`` until it returns something truthy."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("condition not reached in time")


def ws_url(created: dict[str, Any], seat: int | None = None, token: str | None = None) -> str:
    """The table's WebSocket path, with a seat's token (or the given one)."""
    if seat is not None:
        token = token_of(created, seat)
    query = f"?token={token}" if token is not None else ""
    return f"/ws/tables/{created['id']}{query}"


def n_actions(client: TestClient, table_id: str) -> int:
    return int(client.get(f"/api/tables/{table_id}").json()["n_actions"])


def next_message(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of type ``kind``, skipping any other but an unexpected error."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] != "error", msg
