"""The lobby API: games, opening tables, clear 4xx errors that name the problem."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient

from dragontable.bots.budget import max_iterations
from dragontable.server.config import BOT_MAX_SECONDS
from dragontable.server.guard import RedactSecrets

from .conftest import new_table

DRAGON_2P_MOST = max_iterations("dragon", 2, BOT_MAX_SECONDS)
"""The largest iteration budget a 2-player Dragon bot may have (measured cost)."""


def test_games_lists_dragon_with_every_option(client: TestClient) -> None:
    dragon = next(g for g in client.get("/api/games").json() if g["name"] == "dragon")
    assert (dragon["min_players"], dragon["max_players"]) == (2, 5)
    names = {o["name"] for o in dragon["options"]}
    assert {"great_wall", "great_event", "open_hands", "edition"} <= names
    assert "greedy" in dragon["bots"]


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"options": {"great_wall": "huge"}}, "great_wall"),
        ({"options": {"no_such_option": 1}}, "no_such_option"),
        ({"options": "great_wall"}, "options"),
        ({"game": "chess"}, "chess"),
        ({"game": None}, "game"),
        ({"players": 9}, "9"),
        ({"players": "two"}, "players"),
        ({"seats": ["human", "bot:genius"]}, "genius"),
        ({"seats": ["human", "bot:mcts:lots"]}, "mcts budget"),
        ({"seats": ["human", "bot:mcts:100000s"]}, "at most 10 s"),
        ({"seats": ["human", "bot:mcts:900000"]}, f"at most {DRAGON_2P_MOST:,} iterations"),
        ({"seats": ["human", "bot:mcts:1s:8"]}, "one process"),
        ({"seats": ["human", "robot"]}, "seat 2"),
        ({"seats": ["human"]}, "seats"),
        ({"seed": -1}, "seed"),
        ({"names": ["a"]}, "names"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_requests_get_400_naming_the_problem(
    client: TestClient, body: dict[str, object], named: str
) -> None:
    full = {"game": "dragon", "players": 2, "seats": ["human", "human"], **body}
    resp = client.post("/api/tables", json=full)
    assert resp.status_code == 400
    assert named in resp.json()["error"]
    assert client.get("/api/tables").json() == []


def test_body_that_is_not_json_is_refused(client: TestClient) -> None:
    resp = client.post(
        "/api/tables", content=b"{nope", headers={"content-type": "application/json"}
    )
    assert resp.status_code == 400 and "JSON" in resp.json()["error"]


def test_open_table_gives_one_secret_link_per_human_seat(client: TestClient) -> None:
    created = new_table(client, players=3, seats=["human", "bot:random", "human"])
    invites = created["invitations"]
    assert [i["seat"] for i in invites] == [0, 2]
    assert len({i["token"] for i in invites}) == 2
    assert all(len(i["token"]) >= 30 and i["token"] in i["url"] for i in invites)
    info = client.get(f"/api/tables/{created['id']}").json()
    assert info["status"] == "open" and info["players"] == 3
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "human"]
    text = str(info)
    assert "seed" not in text and all(i["token"] not in text for i in invites)
    assert [t["id"] for t in client.get("/api/tables").json()] == [created["id"]]
    assert client.get("/api/tables?status=finished").json() == []


def test_unknown_table_and_early_record_are_refused(client: TestClient) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    created = new_table(client)
    resp = client.get(f"/api/tables/{created['id']}/record")
    assert resp.status_code == 409 and "seed" in resp.json()["error"]


def test_pages_and_scripts_are_served(client: TestClient) -> None:
    assert "/static/lobby.js" in client.get("/").text
    assert "/static/table.js" in client.get("/table/abc").text
    for name in ("table.js", "lobby.js", "util.js", "board-dragon.js", "board-generic.js"):
        resp = client.get(f"/static/{name}")
        assert resp.status_code == 200 and "javascript" in resp.headers["content-type"]
    assert client.get("/static/style.css").status_code == 200


def test_seat_tokens_are_hidden_in_server_logs() -> None:
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        "x",
        1,
        '%s - "WebSocket %s"',
        ("ip", "/ws/t/a?token=S3cr_t-1&lang=en"),
        None,
    )
    RedactSecrets().filter(record)
    assert "S3cr_t-1" not in record.getMessage() and "lang=en" in record.getMessage()
