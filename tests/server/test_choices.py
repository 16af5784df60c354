"""The seat to move gets its legal actions described (``choices``), in its language; no one
else gets any."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import new_table, next_update, ws_url


def test_the_seat_to_move_gets_choices_in_its_language(client: TestClient) -> None:
    created = new_table(client, game="ming", seed=5)
    with (
        client.websocket_connect(ws_url(created, 0) + "&lang=pl") as ws0,
        client.websocket_connect(ws_url(created, 1) + "&lang=zh") as ws1,
        client.websocket_connect(ws_url(created) + "?lang=pl") as spectator,
    ):
        names = ws0.receive_json()["names"]
        ws1.receive_json()
        spectator.receive_json()
        for _ in range(3):
            updates = [next_update(ws0), next_update(ws1)]
            assert next_update(spectator)["choices"] == []
            turn = updates[0]["current_player"]
            mine, other = updates[turn], updates[1 - turn]
            assert other["choices"] == [] and other["legal_actions"] == []
            assert sorted(c["action"] for c in mine["choices"]) == sorted(mine["legal_actions"])
            state = client.app.state.manager.live[created["id"]].state  # type: ignore[attr-defined]
            lang = "pl" if turn == 0 else "zh"
            assert mine["choices"] == state.choices(turn, lang, names)
            [ws0, ws1][turn].send_json({"action": mine["choices"][-1]["action"]})
