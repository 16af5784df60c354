"""Bots play server-side, every action is stored, and a restarted server resumes."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from dragontable.core.rng import Rng
from dragontable.games import replay
from dragontable.server import create_app
from dragontable.server.db import Store
from dragontable.server.schema import metadata

from .conftest import n_actions, new_table, next_update, token_of, wait_for, ws_url


def _status(client: TestClient, table_id: str) -> str:
    return str(client.get(f"/api/tables/{table_id}").json()["status"])


def test_migrations_build_exactly_the_schema_the_code_uses(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.migrate()  # a second start-up finds nothing to do
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    store.close()
    assert diff == []


def test_bot_table_plays_to_the_end_and_publishes_its_record(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, seats=["bot:random", "bot:greedy"])
        tid = created["id"]
        wait_for(lambda: _status(client, tid) == "finished")
        info = client.get(f"/api/tables/{tid}").json()
        record = client.get(f"/api/tables/{tid}/record").json()
        assert record["seed"] == 7 and len(record["actions"]) == info["n_actions"]
        final = replay(record)
        assert final.is_over and final.scores() == info["scores"]
        assert info["ranking"] == final.ranking()
        assert "breakdown" in info["scores"][0]
        assert [t["id"] for t in client.get("/api/tables?status=finished").json()] == [tid]
        with client.websocket_connect(ws_url(created)) as spectator:
            end = next_update(spectator)
            assert end["over"] and end["scores"] == info["scores"] and end["prompt"] is None


def test_human_against_bot_over_the_socket_to_the_end(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, seed=21, seats=["human", "bot:greedy"])
        rng, acted_at, choices = Rng(3), -1, 0
        with client.websocket_connect(ws_url(created, 0)) as ws:
            while not (update := next_update(ws))["over"]:
                if update["your_turn"] and update["n_actions"] > acted_at:
                    legal = update["legal_actions"]
                    # one-option decisions are automatic, unless being forced is a secret
                    # (the last card type in a hand, the tile behind a played card)
                    assert len(legal) > 1 or legal[0].split()[0] in ("take", "card", "discard")
                    ws.send_json({"action": rng.choice(update["legal_actions"])})
                    acted_at, choices = update["n_actions"], choices + 1
        assert choices > 10 and update["scores"] and update["ranking"]
        assert _status(client, created["id"]) == "finished"


def _play_humans(client: TestClient, created: dict[str, Any], moves: int) -> dict[str, Any]:
    """Play ``moves`` moves at a two-human table; return seat 0's last update."""
    rng = Rng(9)
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
    ):
        socks = [ws0, ws1]
        last = [next_update(ws0), next_update(ws1)]
        for _ in range(moves):
            turn = last[0]["current_player"]
            socks[turn].send_json({"action": rng.choice(last[turn]["legal_actions"])})
            last = [next_update(ws0), next_update(ws1)]
    return last[0]


def test_restart_mid_game_loses_nothing_and_play_continues(db_url: str) -> None:
    with TestClient(create_app(db_url, auto_forced=False)) as client:
        created = new_table(client, seed=13)
        before = _play_humans(client, created, moves=25)
    stored = Store(db_url).load(created["id"])
    assert stored is not None and len(stored.actions) == 25
    with TestClient(create_app(db_url, auto_forced=False)) as client:
        assert n_actions(client, created["id"]) == 25
        with client.websocket_connect(ws_url(created, 0)) as ws0:
            again = next_update(ws0)
            assert again["view"] == before["view"] and again["n_actions"] == 25
            turn = again["current_player"]
            with client.websocket_connect(ws_url(created, turn)) as mover:
                legal = next_update(mover)["legal_actions"]
                mover.send_json({"action": legal[0]})
                assert next_update(mover)["n_actions"] == 26
        assert token_of(created, 0) not in str(client.get("/api/tables").json())


def test_restart_resumes_bots_where_they_stood(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.02)) as client:
        created = new_table(client, seats=["bot:greedy", "bot:random"])
        wait_for(lambda: n_actions(client, created["id"]) >= 10)
    stored = Store(db_url).load(created["id"])
    assert stored is not None and stored.status != "finished"
    with TestClient(create_app(db_url)) as client:
        wait_for(lambda: _status(client, created["id"]) == "finished")
        record = client.get(f"/api/tables/{created['id']}/record").json()
    assert record["actions"][: len(stored.actions)] == stored.actions
    assert replay(record).is_over


def test_database_sees_each_action_before_the_players_do(db_url: str) -> None:
    with TestClient(create_app(db_url, auto_forced=False)) as client:
        created = new_table(client, seed=2)
        with client.websocket_connect(ws_url(created, 0)) as ws0:
            first = next_update(ws0)
            turn = first["current_player"]
            with client.websocket_connect(ws_url(created, turn)) as mover:
                mover.send_json({"action": next_update(mover)["legal_actions"][0]})
                told = next_update(ws0)
                engine = sa.create_engine(db_url)
                with engine.connect() as conn:
                    rows = conn.execute(sa.text("select count(*) from actions")).scalar()
                engine.dispose()
                assert told["n_actions"] == rows == 1
