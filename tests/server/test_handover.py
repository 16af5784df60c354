"""Handing a human seat to a bot, and taking it back."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.bots import default_bot
from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from dragontable.server.db import Store

from .conftest import n_actions, new_table, next_message, next_update, wait_for, ws_url

NO_GRACE = ServerConfig(grace_s=0)
"""Absent seats may be handed over at once (the grace period has its own tests)."""


def _seat(client: TestClient, table_id: str, seat: int) -> dict[str, Any]:
    info = client.get(f"/api/tables/{table_id}").json()
    return dict(info["seats"][seat])


def _error(ws: WebSocketTestSession) -> dict[str, Any]:
    return next_message(ws, "error")


def _play_until(ws: WebSocketTestSession, update: dict[str, Any], seat: int) -> dict[str, Any]:
    """Play this socket's seat until another seat is to move; return the last update."""
    while update["current_player"] == seat:
        ws.send_json({"action": update["legal_actions"][0]})
        update = next_message(ws, "update")
    return update


def test_an_absent_players_seat_goes_to_a_bot_that_then_plays(db_url: str) -> None:
    with TestClient(create_app(db_url, config=NO_GRACE)) as client:
        created = new_table(client)
        tid = created["id"]
        with client.websocket_connect(ws_url(created, 0)) as ws:
            first = next_update(ws)
            assert (
                first["current_player"] == 0
                and client.get(f"/api/tables/{tid}").json()["status"] == "open"
            )
            ws.send_json({"hand_to_bot": 1, "bot": "random"})
            change = next_message(ws, "seat_change")
            assert change == {"type": "seat_change", "seat": 1, "bot": "random", "by": 0}
            seats = next_message(ws, "update")["seats"]
            assert seats[1] == {
                "seat": 1,
                "kind": "bot",
                "bot": "random",
                "handed_over": True,
                "handover_in": None,
            }
            assert seats[0]["kind"] == "human" and not seats[0]["handed_over"]
            info = client.get(f"/api/tables/{tid}").json()
            assert info["status"] == "running"
            assert info["seats"][1]["kind"] == "bot" and info["seats"][1]["handed_over"]
            update = _play_until(ws, first, 0)
            while update["current_player"] != 0:
                update = next_message(ws, "update")
            assert any(a["seat"] == 1 for a in update["actions"])
    stored = Store(db_url).load(tid)
    assert stored is not None and stored.seats[1].handed_to == "random"


def test_the_token_holder_reclaims_the_seat_and_the_bot_stops(db_url: str) -> None:
    with TestClient(create_app(db_url, config=NO_GRACE)) as client:
        created = new_table(client)
        tid = created["id"]
        with client.websocket_connect(ws_url(created, 0)) as ws0:
            next_update(ws0)
            ws0.send_json({"hand_to_bot": 1})
            assert next_message(ws0, "seat_change")["bot"] == default_bot("dragon")
            with client.websocket_connect(ws_url(created, 1)) as ws1:
                mine = next_update(ws1)
                assert mine["seats"][1]["handed_over"] and not mine["your_turn"]
                ws1.send_json({"reclaim": True})
                assert next_message(ws1, "seat_change") == {
                    "type": "seat_change",
                    "seat": 1,
                    "bot": None,
                    "by": 1,
                }
                assert _seat(client, tid, 1)["kind"] == "human"
                ws1.send_json({"reclaim": True})
                refused = _error(ws1)
                assert refused["code"] == "cannot_reclaim"
                assert refused["detail"] == {"key": "not_handed"}
                assert next_message(ws0, "seat_change")["bot"] is None  # the reclaim
                _play_until(ws0, next_message(ws0, "update"), 0)
                mine = next_message(ws1, "update")
                while not mine["your_turn"]:
                    mine = next_message(ws1, "update")
                assert mine["legal_actions"]
                n = n_actions(client, tid)
                live = client.app.state.manager.live[tid]  # type: ignore[attr-defined]
                wait_for(lambda: live.bot_task.done())
                assert n_actions(client, tid) == n  # the human's turn: no bot moves
    stored = Store(db_url).load(tid)
    assert stored is not None and stored.seats[1].handed_to is None


def test_your_own_seat_handed_over_is_played_by_the_bot(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=2.0)) as client:
        created = new_table(client, seats=["human", "bot:random"])
        tid = created["id"]
        with client.websocket_connect(ws_url(created, 0)) as ws:
            first = next_update(ws)
            ws.send_json({"hand_to_bot": 0, "bot": "random"})
            handed = next_message(ws, "update")
            assert handed["current_player"] == 0 and not handed["your_turn"]
            assert handed["legal_actions"] == [] and not handed["can_undo"]
            ws.send_json({"action": first["legal_actions"][0]})
            assert _error(ws)["code"] == "handed_over"
            ws.send_json({"undo": True})
            assert "reclaim" in _error(ws)["message"]
            wait_for(lambda: n_actions(client, tid) > 0)


def test_handing_over_refuses_what_it_may_not_do(client: TestClient) -> None:
    created = new_table(client, players=3, seats=["human", "human", "bot:random"])
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
        client.websocket_connect(ws_url(created)) as spectator,
    ):
        for ws in (ws0, ws1, spectator):  # all three have joined
            next_update(ws)
        ws0.send_json({"hand_to_bot": 1})
        assert "connected" in _error(ws0)["message"]
        ws0.send_json({"hand_to_bot": 2})
        assert "bot seat" in _error(ws0)["message"]
        for bad in (3, -1, "1", True, None):
            ws0.send_json({"hand_to_bot": bad})
            assert _error(ws0)["code"] == "bad_message"
        ws0.send_json({"hand_to_bot": 0, "bot": "deep-blue"})
        refused = _error(ws0)
        assert refused["code"] == "bad_bot" and "deep-blue" in refused["message"]
        assert "random" in refused["message"] and "mcts:2s" in refused["message"]
        ws0.send_json({"hand_to_bot": 0, "bot": "mcts:soon"})
        assert _error(ws0)["code"] == "bad_bot"
        spectator.send_json({"hand_to_bot": 0})
        assert "spectators" in _error(spectator)["message"]
        spectator.send_json({"reclaim": True})
        assert _error(spectator)["code"] == "spectator"
        ws1.send_json({"hand_to_bot": 1, "bot": "random"})
        next_message(ws1, "seat_change")
        ws1.send_json({"hand_to_bot": 1, "bot": "random"})
        assert "already played" in _error(ws1)["message"]
        ws1.send_json({"hand_to_bot": 0})
        assert "reclaim" in _error(ws1)["message"]
    info = client.get(f"/api/tables/{created['id']}").json()
    assert [s["handed_over"] for s in info["seats"]] == [False, True, False]


def test_a_handed_over_seat_stays_with_its_bot_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, config=NO_GRACE)) as client:
        created = new_table(client)
        with client.websocket_connect(ws_url(created, 0)) as ws:
            first = next_update(ws)
            ws.send_json({"hand_to_bot": 1, "bot": "random"})
            next_message(ws, "seat_change")
    with TestClient(create_app(db_url)) as client:
        assert _seat(client, created["id"], 1)["bot"] == "random"
        with client.websocket_connect(ws_url(created, 0)) as ws:
            update = _play_until(ws, next_update(ws), 0)
            assert update["view"] != first["view"]
            while update["current_player"] != 0:
                update = next_message(ws, "update")
            assert any(a["seat"] == 1 for a in update["actions"])


def test_an_absent_seat_is_handed_over_only_after_the_grace_period_everyone_sees(
    sqlite_url: str,
) -> None:
    with TestClient(create_app(sqlite_url, config=ServerConfig(grace_s=60))) as client:
        created = new_table(client)
        with client.websocket_connect(ws_url(created, 0)) as ws:
            first = next_update(ws)
            assert first["seats"][0]["handover_in"] is None  # connected
            assert 59 <= first["seats"][1]["handover_in"] <= 60  # never came: counting
            ws.send_json({"hand_to_bot": 1, "bot": "random"})
            refused = _error(ws)
            assert refused["code"] == "cannot_hand_over"
            assert refused["detail"]["key"] == "grace" and refused["detail"]["seat"] == 1
            assert 59 <= refused["detail"]["seconds"] <= 60
            assert "60 s" in refused["message"] or "59 s" in refused["message"]
            ws.send_json({"hand_to_bot": 0, "bot": "random"})  # one's own seat: no wait
            assert next_message(ws, "seat_change")["seat"] == 0
        assert _seat(client, created["id"], 1)["kind"] == "human"


def test_the_grace_period_runs_from_the_players_last_disconnection(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, config=ServerConfig(grace_s=1.0))) as client:
        created = new_table(client)
        with client.websocket_connect(ws_url(created, 0)) as ws0:
            next_update(ws0)
            with client.websocket_connect(ws_url(created, 1)) as ws1:
                next_update(ws1)
                ws0.send_json({"hand_to_bot": 1})
                assert _error(ws0)["detail"]["key"] == "seat_connected"
            presence = next_message(ws0, "presence")
            while presence["connected"][1]:
                presence = next_message(ws0, "presence")
            assert presence["seats"][1]["handover_in"] == 1
            ws0.send_json({"hand_to_bot": 1, "bot": "random"})
            assert _error(ws0)["detail"]["key"] == "grace"
            time.sleep(1.1)
            ws0.send_json({"hand_to_bot": 1, "bot": "random"})
            assert next_message(ws0, "seat_change") == {
                "type": "seat_change",
                "seat": 1,
                "bot": "random",
                "by": 0,
            }
