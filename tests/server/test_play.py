"""Live play over the WebSocket: who may act, what is refused, what each seat is shown."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dragontable.core.rng import Rng

from .conftest import n_actions, new_table, next_error, next_update, ws_url


def test_unknown_table_and_wrong_token_are_refused(client: TestClient) -> None:
    created = new_table(client)
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(ws_url(created, token="guessed")) as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert n_actions(client, created["id"]) == 0


def test_spectator_and_out_of_turn_actions_change_nothing(client: TestClient) -> None:
    created = new_table(client)
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
        client.websocket_connect(ws_url(created)) as spectator,
    ):
        first = [next_update(ws0), next_update(ws1)]
        turn = first[0]["current_player"]
        waiting = [ws0, ws1][1 - turn]
        legal = first[turn]["legal_actions"]
        assert legal and first[1 - turn]["legal_actions"] == []
        waiting.send_json({"action": legal[0]})
        error = next_error(waiting)
        assert error["code"] == "not_your_turn" and "Player" in error["message"]
        spectator_first = next_update(spectator)
        assert spectator_first["seat"] is None and spectator_first["legal_actions"] == []
        spectator.send_json({"action": legal[0]})
        assert next_error(spectator)["code"] == "spectator"
        assert n_actions(client, created["id"]) == 0


def test_malformed_and_illegal_actions_are_refused_with_state_unchanged(
    client: TestClient,
) -> None:
    created = new_table(client)
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
    ):
        first = [next_update(ws0), next_update(ws1)]
        turn = first[0]["current_player"]
        mover = [ws0, ws1][turn]
        mover.send_text("{not json")
        assert next_error(mover)["code"] == "bad_message"
        mover.send_bytes(b'{"action": "pick C+L"}')
        assert next_error(mover)["code"] == "bad_message"
        mover.send_text("x" * 10_000)
        assert next_error(mover)["code"] == "bad_message"
        mover.send_json(["pick", "C+L"])
        assert next_error(mover)["code"] == "bad_message"
        mover.send_json({"action": "fly to the moon"})
        notation = next_error(mover)
        assert notation["code"] == "notation" and "expected" in notation["message"]
        mover.send_json({"action": "tax@1"})
        illegal = next_error(mover)
        assert illegal["code"] == "illegal" and "tax@1" in illegal["message"]
        assert n_actions(client, created["id"]) == 0
        mover.send_json({"action": "pick C+L"})
        update = next_update(mover)
        assert update["n_actions"] == 1 and update["actions"] == [
            {"seat": turn, "action": "pick C+L"}
        ]
        assert update["view"] != first[turn]["view"]


def _play(
    client: TestClient, created: dict[str, Any], moves: int, seed: int = 5
) -> dict[Any, list[dict[str, Any]]]:
    """Play ``moves`` random legal moves from the seats' own messages; return all updates."""
    rng = Rng(seed)
    seen: dict[Any, list[dict[str, Any]]] = {0: [], 1: [], None: []}
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
        client.websocket_connect(ws_url(created)) as spectator,
    ):
        socks = {0: ws0, 1: ws1, None: spectator}
        last = {k: next_update(ws) for k, ws in socks.items()}
        for k in socks:
            seen[k].append(last[k])
        for _ in range(moves):
            turn = last[0]["current_player"]
            if turn is None:
                break
            legal = last[turn]["legal_actions"]
            socks[turn].send_json({"action": rng.choice(legal)})
            for k, ws in socks.items():
                last[k] = next_update(ws)
                seen[k].append(last[k])
    return seen


def test_each_seat_sees_only_its_own_hidden_information(client: TestClient) -> None:
    created = new_table(client, seed=11)
    seen = _play(client, created, moves=80)
    assert seen[0][-1]["n_actions"] >= 40
    own = [u["view"]["players"][0] for u in seen[0]]
    assert all("hand" in p for p in own)
    assert any(e["entry"]["key"] == "dragon.card.played" for u in seen[0] for e in u["log"])
    for other in (1, None):
        for update in seen[other]:
            assert "hand" not in update["view"]["players"][0]
            assert "played" not in update["view"]["players"][0]
            text = json.dumps(update)
            assert "dragon.card.played" not in text or all(
                e["entry"].get("seat") != 0
                for e in update["log"]
                if e["entry"]["key"] == "dragon.card.played"
            )
    spectator_hands = [p.get("hand") for u in seen[None] for p in u["view"]["players"]]
    assert spectator_hands == [None] * len(spectator_hands)


def test_log_arrives_once_as_sentences(client: TestClient) -> None:
    created = new_table(client, seed=3)
    seen = _play(client, created, moves=10)
    entries = [e["entry"] for u in seen[1] for e in u["log"]]
    state = client.app.state.manager.live[created["id"]].state  # type: ignore[attr-defined]
    assert entries == state.log_for(1)
    lines = [e["text"] for u in seen[1] for e in u["log"]]
    assert lines[0].startswith("A 2-player game begins")
    assert any("Player 1" in line or "Player 2" in line for line in lines)
    prompts = [u["prompt"]["text"] for u in seen[1] if u["prompt"]]
    assert prompts and all(isinstance(p, str) and "{" not in p for p in prompts)


def test_second_tab_with_the_same_token_gets_the_seat(client: TestClient) -> None:
    created = new_table(client, seed=4)
    _play(client, created, moves=6)
    with (
        client.websocket_connect(ws_url(created, 0)) as a,
        client.websocket_connect(ws_url(created, 0)) as b,
    ):
        ua, ub = next_update(a), next_update(b)
        assert ua["seat"] == ub["seat"] == 0
        assert ua["view"] == ub["view"] and ua["n_actions"] == 6
        assert "hand" in ub["view"]["players"][0]
