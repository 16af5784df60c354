"""Tables in memory: idle ones leave it and come back from the database; a full server
says so with 503 (HTTP) or a ``server_full`` error (WebSocket), never a 500."""

from __future__ import annotations

from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from dragontable.server.tables import TableManager

from .conftest import new_table, next_message, next_update, ws_url


def _manager(client: TestClient) -> TableManager:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager


def test_an_idle_table_leaves_memory_and_comes_back_as_it_was(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, config=ServerConfig(idle_s=0))) as client:
        created = new_table(client)
        tid = created["id"]
        with client.websocket_connect(ws_url(created, 0)) as ws:
            update = next_update(ws)
            while not update["your_turn"]:
                update = next_update(ws)
            ws.send_json({"action": update["legal_actions"][0]})
            played = next_update(ws)
            assert _manager(client).sweep() == 0  # someone is connected: it stays
        assert _manager(client).sweep() == 1 and tid not in _manager(client).live
        info = client.get(f"/api/tables/{tid}").json()  # read back from the database
        assert info["n_actions"] == played["n_actions"] and tid in _manager(client).live
        with client.websocket_connect(ws_url(created, 0)) as ws:
            assert next_update(ws)["view"] == played["view"]


def test_a_full_server_refuses_new_and_evicted_tables_with_a_reason(sqlite_url: str) -> None:
    config = ServerConfig(max_live_tables=1)
    with TestClient(create_app(sqlite_url, config=config)) as client:
        first = new_table(client)
        second = new_table(client)  # the first, idle, makes room for it
        assert first["id"] not in _manager(client).live
        with client.websocket_connect(ws_url(second, 0)) as ws:
            next_update(ws)  # the second is busy now: nothing can leave
            refused = client.post(
                "/api/tables", json={"game": "dragon", "players": 2, "seats": ["human", "bot"]}
            )
            assert refused.status_code == 503 and "tables in play" in refused.json()["error"]
            again = client.get(f"/api/tables/{first['id']}")
            assert again.status_code == 503 and "error" in again.json()
            with client.websocket_connect(ws_url(first, 0)) as late:
                assert next_message(late, "error")["code"] == "server_full"
        assert client.get(f"/api/tables/{first['id']}").status_code == 200  # room again
