"""Hints: the search bot's best actions, for the seat to move and only for it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from dragontable.server.hints import HINT_TOP

from .conftest import new_table, next_error, next_message, next_update, ws_url


def test_the_seat_to_move_gets_legal_actions_ranked_with_a_chance_to_win(
    client: TestClient,
) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 0)) as ws:
        update = next_update(ws)
        assert update["your_turn"]
        ws.send_json({"hint": True})
        hint = next_message(ws, "hint")
        assert hint["n_actions"] == update["n_actions"]
        actions = [h["action"] for h in hint["actions"]]
        assert 1 <= len(actions) <= HINT_TOP
        assert set(actions) <= set(update["legal_actions"])
        visits = [h["visits"] for h in hint["actions"]]
        assert visits == sorted(visits, reverse=True)
        assert all(0.0 <= h["value"] <= 1.0 for h in hint["actions"])
        # asking changed nothing: the hinted action is still ours to play
        ws.send_json({"action": actions[0]})
        assert next_update(ws)["n_actions"] > update["n_actions"]


def test_no_hint_off_turn_for_spectators_or_for_a_malformed_request(client: TestClient) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 1)) as ws1:
        assert not next_update(ws1)["your_turn"]
        ws1.send_json({"hint": True})
        assert next_error(ws1)["code"] == "cannot_hint"
        ws1.send_json({"hint": "please"})
        assert next_error(ws1)["code"] == "bad_message"
    with client.websocket_connect(ws_url(created)) as spectator:
        next_update(spectator)
        spectator.send_json({"hint": True})
        assert next_error(spectator)["code"] == "cannot_hint"
