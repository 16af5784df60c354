"""Presence across server processes (``server/presence.py``), one process at a time:
what other processes say of a table's seats counts as a connection until it expires,
and this process tells them its own seats when they change and when asked.

The two-process story (real PostgreSQL, real ``LISTEN/NOTIFY``) is in ``test_workers.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from dragontable.server.fanout import LocalFanout
from dragontable.server.presence import ASK, TTL_S, parse_presence, presence_kind
from dragontable.server.tables import TableManager

from .conftest import new_table, next_message, next_update, wait_for, ws_url


@dataclass
class HeardFanout(LocalFanout):
    """A fan-out that other processes share, recording what this process tells them."""

    origin: str = "here"
    shared: bool = True
    told: list[tuple[str, str]] = field(default_factory=list)

    async def tell(self, table_id: str, kind: str) -> None:
        self.told.append((table_id, kind))


def _joined(ws: WebSocketTestSession) -> None:
    """Read a fresh connection's update and the presence its arrival sent."""
    next_update(ws)
    next_message(ws, "presence")


@pytest.fixture
def server(sqlite_url: str) -> Iterator[tuple[TestClient, TableManager, HeardFanout]]:
    with TestClient(create_app(sqlite_url, config=ServerConfig(grace_s=0))) as client:
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        fanout = HeardFanout()
        manager.fanout = fanout  # as PostgreSQL's would be, so the presence check runs:
        assert client.portal is not None
        checking = client.portal.start_task_soon(manager.presence_forever)
        try:
            yield client, manager, fanout
        finally:
            checking.cancel()


def _said(client: TestClient, manager: TableManager, table_id: str, kind: str) -> None:
    """Another process's notice, handed over as the listener would (in the event loop)."""
    assert client.portal is not None
    client.portal.call(manager.on_presence, table_id, kind)


def _connected(client: TestClient, table_id: str) -> list[bool]:
    return [s["connected"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]


def test_the_notice_names_its_process_and_seats() -> None:
    assert presence_kind("ab12", {2, 0}) == "presence:ab12:0.2"
    assert parse_presence("presence:ab12:0.2") == ("ab12", frozenset({0, 2}))
    assert parse_presence("presence:ab12:") == ("ab12", frozenset())
    for bad in ("presence:", "presence::0", "presence:ab12:0.x", "presence:ab12", "chat:3"):
        assert parse_presence(bad) is None


def test_a_seat_connected_to_another_process_counts_as_here(
    server: tuple[TestClient, TableManager, HeardFanout],
) -> None:
    client, manager, _ = server
    created = new_table(client)
    tid = created["id"]
    with client.websocket_connect(ws_url(created, 0)) as ws0:
        _joined(ws0)
        _said(client, manager, tid, "presence:there:1")
        assert next_message(ws0, "presence")["connected"] == [True, True]
        assert _connected(client, tid) == [True, True]
        ws0.send_json({"hand_to_bot": 1, "bot": "random"})
        refused = next_message(ws0, "error")
        assert refused["code"] == "cannot_hand_over", refused
        assert refused["detail"]["key"] == "seat_connected"
        _said(client, manager, tid, "presence:there:")
        assert next_message(ws0, "presence")["connected"] == [True, False]
        ws0.send_json({"hand_to_bot": 1, "bot": "random"})
        assert next_message(ws0, "seat_change")["seat"] == 1


def test_what_another_process_said_expires(
    server: tuple[TestClient, TableManager, HeardFanout],
) -> None:
    client, manager, _ = server
    created = new_table(client)
    tid = created["id"]
    with client.websocket_connect(ws_url(created, 0)) as ws0:
        _joined(ws0)
        _said(client, manager, tid, "presence:there:1")
        assert next_message(ws0, "presence")["connected"] == [True, True]
        table = manager.live[tid]
        seats, until = table.elsewhere["there"]
        assert seats == {1} and until <= time.monotonic() + TTL_S
        table.elsewhere["there"] = (seats, time.monotonic() - 1)  # its time ran out
        assert next_message(ws0, "presence")["connected"] == [True, False]  # the check's
        assert "there" not in table.elsewhere


def test_this_process_tells_its_seats_when_they_change_and_when_asked(
    server: tuple[TestClient, TableManager, HeardFanout],
) -> None:
    client, manager, fanout = server
    created = new_table(client)
    tid = created["id"]
    with client.websocket_connect(ws_url(created, 1)) as ws1:
        next_update(ws1)
        wait_for(lambda: (tid, "presence:here:1") in fanout.told)
        with client.websocket_connect(ws_url(created)) as watcher:  # a spectator: no news
            next_update(watcher)
            with client.websocket_connect(ws_url(created, 1)):  # a second tab: no news
                pass
        told = len(fanout.told)
        _said(client, manager, tid, ASK)
        wait_for(lambda: len(fanout.told) > told)
        assert fanout.told[told:] == [(tid, "presence:here:1")]
    wait_for(lambda: fanout.told[-1] == (tid, "presence:here:"))
    assert [k for t, k in fanout.told if t == tid] == [
        "presence:here:1",
        "presence:here:1",
        "presence:here:",
    ]


def test_a_malformed_or_foreign_notice_changes_nothing(
    server: tuple[TestClient, TableManager, HeardFanout],
) -> None:
    client, manager, _ = server
    created = new_table(client)
    tid = created["id"]
    with client.websocket_connect(ws_url(created, 0)) as ws0:
        _joined(ws0)
        for kind in ("presence:there:x", "presence:", "presence?no"):
            _said(client, manager, tid, kind)
        _said(client, manager, "no-such-table", "presence:there:1")
        assert manager.live[tid].elsewhere == {}
        assert _connected(client, tid) == [True, False]
        ws0.send_json({"ping": True})
        msg: dict[str, Any] = ws0.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_message"  # no presence before
