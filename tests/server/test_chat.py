"""Table chat: seats write, everyone reads, refusals change nothing, mutes are kept."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.server import create_app
from dragontable.server.chat import CHAT_HISTORY, load_mutes, recent_chat, store_chat
from dragontable.server.db import Store
from dragontable.server.limits import CHAT_MESSAGES, MAX_CHAT_CHARS

from .conftest import new_table, next_message, next_update, ws_url

HTML = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;'


def welcome(ws: WebSocketTestSession) -> dict[str, Any]:
    msg = ws.receive_json()
    assert msg["type"] == "welcome"
    next_update(ws)
    return dict(msg)


def refusal(ws: WebSocketTestSession) -> dict[str, Any]:
    msg = next_message(ws, "error")
    assert msg["code"] == "cannot_chat", msg
    return msg


def stored(client: TestClient, table_id: str) -> list[str]:
    return [m["text"] for m in recent_chat(client.app.state.store, table_id)]  # type: ignore[attr-defined]


def test_a_seats_message_reaches_seats_and_spectators_and_is_kept(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client)
        tid = created["id"]
        with (
            client.websocket_connect(ws_url(created, 0)) as ws0,
            client.websocket_connect(ws_url(created, 1)) as ws1,
            client.websocket_connect(ws_url(created)) as watcher,
        ):
            for ws in (ws0, ws1, watcher):
                assert welcome(ws)["chat"] == []
            ws0.send_json({"chat": "  good luck, 祝你好运 "})
            for ws in (ws0, ws1, watcher):
                got = next_message(ws, "chat")
                assert got["seat"] == 0 and got["text"] == "good luck, 祝你好运"
            ws1.send_json({"chat": HTML})
            assert next_message(watcher, "chat")["text"] == HTML  # kept raw; pages show text
        with client.websocket_connect(ws_url(created)) as later:
            history = welcome(later)["chat"]
            assert [m["text"] for m in history] == ["good luck, 祝你好运", HTML]
            assert [m["seat"] for m in history] == [0, 1] and history[0]["at"]
    assert [m["text"] for m in recent_chat(Store(db_url), tid)] == [
        "good luck, 祝你好运",
        HTML,
    ]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "chat_empty"),
        ("   ", "chat_empty"),
        ("x" * (MAX_CHAT_CHARS + 1), "chat_too_long"),
        ("two\nlines", "chat_char"),
        ("bell\x07", "chat_char"),
        ("abc\u202edcba", "chat_char"),
        (42, "chat_text"),
        (None, "chat_text"),
        (["hi"], "chat_text"),
    ],
)
def test_bad_messages_are_refused_with_a_reason_and_nothing_is_kept(
    client: TestClient, text: Any, key: str
) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 0)) as ws:
        welcome(ws)
        ws.send_json({"chat": text})
        refused = refusal(ws)
        assert refused["detail"]["key"] == key and "not sent" in refused["message"]
        if key == "chat_too_long":
            assert refused["detail"]["max"] == MAX_CHAT_CHARS
            assert str(MAX_CHAT_CHARS) in refused["message"]
    assert stored(client, created["id"]) == []


def test_a_message_of_the_longest_length_is_sent(client: TestClient) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 0)) as ws:
        welcome(ws)
        ws.send_json({"chat": "é" * MAX_CHAT_CHARS})
        assert len(next_message(ws, "chat")["text"]) == MAX_CHAT_CHARS


def test_spectators_read_but_do_not_write(client: TestClient) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created)) as watcher:
        welcome(watcher)
        watcher.send_json({"chat": "hello"})
        assert refusal(watcher)["detail"]["key"] == "chat_spectator"
        watcher.send_json({"mute": 0})
        assert next_message(watcher, "error")["code"] == "cannot_mute"
    assert stored(client, created["id"]) == []


def test_a_flood_is_refused_after_the_limit_over_all_the_seats_connections(
    client: TestClient,
) -> None:
    created = new_table(client)
    with (
        client.websocket_connect(ws_url(created, 0)) as tab1,
        client.websocket_connect(ws_url(created, 0)) as tab2,
        client.websocket_connect(ws_url(created, 1)) as other,
    ):
        for ws in (tab1, tab2, other):
            welcome(ws)
        for i in range(CHAT_MESSAGES):
            (tab1 if i % 2 else tab2).send_json({"chat": f"spam {i}"})
            assert next_message(other, "chat")["text"] == f"spam {i}"
        tab1.send_json({"chat": "one too many"})
        refused = refusal(tab1)
        assert refused["detail"]["key"] == "chat_rate"
        assert 1 <= refused["detail"]["seconds"] <= 10 and refused["detail"]["max"] == 5
        tab2.send_json({"chat": "from the other tab"})
        assert refusal(tab2)["detail"]["key"] == "chat_rate"
        other.send_json({"chat": "my own limit"})  # another seat is not held back
        assert next_message(other, "chat")["text"] == "my own limit"
    assert len(stored(client, created["id"])) == CHAT_MESSAGES + 1


def test_a_muted_seat_is_not_shown_to_the_seat_that_muted_it_even_after_a_restart(
    db_url: str,
) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, players=3, seats=["human", "human", "human"])
        tid = created["id"]
        with (
            client.websocket_connect(ws_url(created, 0)) as ws0,
            client.websocket_connect(ws_url(created, 1)) as ws1,
            client.websocket_connect(ws_url(created, 2)) as ws2,
        ):
            for ws in (ws0, ws1, ws2):
                welcome(ws)
            ws0.send_json({"mute": 1})
            assert next_message(ws0, "mutes") == {"type": "mutes", "muted": [1]}
            ws1.send_json({"chat": "you will not read this"})
            assert next_message(ws2, "chat")["text"] == "you will not read this"
            ws2.send_json({"chat": "but this"})
            assert next_message(ws0, "chat")["text"] == "but this"  # after seat 1's, unseen
            for bad in ({"mute": 0}, {"mute": 3}, {"mute": "1"}, {"unmute": True}):
                ws0.send_json(bad)
                assert next_message(ws0, "error")["code"] in ("cannot_mute", "bad_message")
    assert load_mutes(Store(db_url), tid) == {0: {1}}
    with TestClient(create_app(db_url)) as client:
        with client.websocket_connect(ws_url(created, 0)) as ws0:
            hello = welcome(ws0)
            assert hello["muted"] == [1] and [m["seat"] for m in hello["chat"]] == [2]
            ws0.send_json({"unmute": 1})
            assert next_message(ws0, "mutes")["muted"] == []
        with client.websocket_connect(ws_url(created, 0)) as ws0:
            assert [m["seat"] for m in welcome(ws0)["chat"]] == [1, 2]


def test_history_holds_the_latest_messages(client: TestClient) -> None:
    created = new_table(client)
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    for i in range(CHAT_HISTORY + 5):
        store_chat(store, created["id"], i % 2, f"m{i}")
    with client.websocket_connect(ws_url(created)) as watcher:
        history = welcome(watcher)["chat"]
    assert len(history) == CHAT_HISTORY and history[-1]["text"] == f"m{CHAT_HISTORY + 4}"
    assert history[0]["text"] == "m5"
