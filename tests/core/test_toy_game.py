"""A fourth game is one package and one registry line: a toy Nim, registered the way the
three games are, plays through the engine, the records, the bots and the server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.budget import check_bot_budget
from dragontable.core.errors import OptionError
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng
from dragontable.server import create_app


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The one registry line: the toy package's module, under the name ``nim``."""
    monkeypatch.setitem(games._MODULES, "nim", "tests.core.toy_nim")
    yield "nim"


def test_the_registry_line_makes_a_playable_game(nim: str) -> None:
    assert nim in games.names()
    game = games.get(nim)
    assert (game.chance, game.hidden_information, game.board) == (False, False, None)
    state = games.create(nim, players=3, seed=5, options={"heap": 10})
    assert state.legal_actions() == ["take 1", "take 2", "take 3"]
    state.apply("TAKE  2")  # the game's notation normalises what people type
    assert state.history == ["take 2"] and state.view(None)["heap"] == 8
    random_playout(state, Rng(5))
    assert state.is_over and len(state.winners()) == 1
    again = games.replay(state.record())
    assert again.to_json() == state.to_json()
    restored = games.from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state and restored.clone() == state


def test_the_core_contract_holds_for_the_toy(nim: str) -> None:
    state = games.create(nim, players=2, seed=1)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.history == [] and copy.history != []
    assert state.public_action("take 1", 0, 1) == "take 1"  # nothing hidden
    assert state.determinize(1, 7).view(1) == state.view(1)
    bot = make_bot("random", nim, 3)
    while not state.is_over:
        state.apply(bot.choose(state))
    assert state.scores()[state.winners()[0]]["total"] == 1


def test_a_game_without_measured_search_costs_gets_time_budgets_only(nim: str) -> None:
    check_bot_budget("mcts:1s", nim, 2, 10.0)
    check_bot_budget("random", nim, 2, 10.0)
    with pytest.raises(OptionError, match="no iteration cost is measured for 2-player Nim"):
        check_bot_budget("mcts:300", nim, 2, 10.0)


def test_the_server_offers_and_plays_the_toy(nim: str, tmp_path: Path) -> None:
    """Two people play it over the server (bot seats run in worker processes, which
    know the games of the source registry, not this test's added line)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.sqlite3'}")) as client:
        offered = {g["name"]: g for g in client.get("/api/games").json()}
        assert offered[nim]["title"] == "Nim" and offered[nim]["board"] is None
        body = {"game": nim, "players": 2, "seed": 2, "seats": ["human", "human"]}
        created = client.post("/api/tables", json=body).json()
        tokens = [i["token"] for i in created["invitations"]]
        path = f"/ws/tables/{created['id']}?token="
        with (
            client.websocket_connect(path + tokens[0]) as ws0,
            client.websocket_connect(path + tokens[1]) as ws1,
        ):
            socks, last = [ws0, ws1], [next_update(ws0), next_update(ws1)]
            while not last[0]["over"]:
                turn = last[0]["current_player"]
                socks[turn].send_json({"action": last[turn]["legal_actions"][-1]})
                last = [next_update(ws0), next_update(ws1)]
        info = client.get(f"/api/tables/{created['id']}").json()
        assert info["status"] == "finished" and info["n_actions"] == last[0]["n_actions"]


def next_update(ws: Any) -> dict[str, Any]:
    """The socket's next ``update`` message."""
    while (msg := ws.receive_json())["type"] != "update":
        pass
    return dict(msg)
