"""Where the last moves went: each update names the board elements its moves touched
(``recent``), for the elements every seat's board has, and only for moves the receiver
sees whole; and the table list says whose turn it is, kept with the table."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from dragontable import games
from dragontable.server import create_app
from dragontable.server.db import Store

from .conftest import new_table, next_update, ws_url


def play_until(
    client: TestClient, created: dict[str, Any], game: str, wanted: Any, limit: int = 200
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Two humans and a spectator play first choices until the mover's choices hold one
    that ``wanted(choice)`` accepts; play it and return it with every connection's update
    (seat 0, seat 1, spectator)."""
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
        client.websocket_connect(ws_url(created)) as spectator,
    ):
        conns = [ws0, ws1, spectator]
        updates = [next_update(ws) for ws in conns]
        for _ in range(limit):
            mover = updates[0]["current_player"]
            choices = updates[mover]["choices"]
            chosen = next((c for c in choices if wanted(c)), None)
            conns[mover].send_json({"action": (chosen or choices[0])["action"]})
            updates = [next_update(ws) for ws in conns]
            if chosen is not None:
                return chosen, updates
            assert all(u["recent"] == [] or u["actions"] for u in updates)
    raise AssertionError(f"no such choice in {limit} moves of {game}")


def test_a_public_move_marks_its_element_for_every_seat(client: TestClient) -> None:
    created = new_table(client)
    chosen, updates = play_until(
        client, created, "dragon", lambda c: str(c["target"]).startswith("group:")
    )
    assert [u["recent"] for u in updates] == [[chosen["target"]]] * 3


def test_a_move_others_cannot_see_whole_marks_nothing_for_them(client: TestClient) -> None:
    created = new_table(client, game="changcheng", players=2, seed=3)
    chosen, updates = play_until(client, created, "changcheng", lambda c: c["kind"] == "card")
    mover = updates[0]["actions"][-1]["seat"]
    assert updates[mover]["recent"] == [chosen["target"]]
    others = [u for k, u in enumerate(updates) if k != mover]
    assert all(u["recent"] == [] and "?" in u["actions"][-1]["action"] for u in others)


def test_the_table_list_says_whose_turn_it_is_after_a_restart(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as first:
        created = new_table(first)
        with first.websocket_connect(ws_url(created, 0)) as ws:
            update = next_update(ws)
            mover = update["current_player"]
        state = games.create("dragon", players=2, seed=7)
        assert mover == state.current_player
    stored = Store(sqlite_url)
    try:
        assert [r.to_move for r in stored.list_tables() if r.id == created["id"]] == [mover]
    finally:
        stored.close()
    with TestClient(create_app(sqlite_url)) as again:  # a new process: nothing in memory
        listed = {t["id"]: t for t in again.get("/api/tables").json()}
        assert listed[created["id"]]["current_player"] == mover
