"""Options that choose a data file: a hostile value gets a quick 400, never a hang or a 500."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dragontable.core import datafiles

from .conftest import new_table, next_update, ws_url

QUICK = 0.1  # seconds a refusal may take
BLOCKED_AFTER = 5.0  # seconds: a request still running then is taken to be blocked
OPTION = {"ming": "map", "changcheng": "boards_file"}
FOLDER = {"ming": ("ming", "maps"), "changcheng": ("changcheng", "boards")}


@pytest.fixture
def data(tmp_path: Path) -> Iterator[Path]:
    """An operator data directory in use for one test: for each game a FIFO ``x.json``,
    a non-JSON ``bad.json`` and a copy of the default file as ``extra.json``."""
    root = tmp_path / "data"
    for game, (name, kind) in FOLDER.items():
        folder = root / name / kind
        folder.mkdir(parents=True)
        os.mkfifo(folder / "x.json")
        (folder / "bad.json").write_text("{not json")
        packaged = resources.files(f"dragontable.games.{game}").joinpath(kind, "default.json")
        with resources.as_file(packaged) as src:
            shutil.copyfile(src, folder / "extra.json")
    os.mkfifo(tmp_path / "pipe.json")
    datafiles.configure_data_dirs([root])
    yield tmp_path
    datafiles.configure_data_dirs([])


def post(client: TestClient, game: str, value: Any) -> tuple[int, dict[str, Any], float]:
    """Open a 2-player table of ``game`` with its data option set to ``value``.

    A request still running after BLOCKED_AFTER fails the test (after opening every FIFO
    of the test for writing, which frees a server blocked reading one).
    """
    body = {"game": game, "players": 2, "seed": 1, "seats": ["human", "human"],
            "options": {OPTION[game]: value}}  # fmt: skip
    got: dict[str, Any] = {}

    def request() -> None:
        start = time.monotonic()
        resp = client.post("/api/tables", json=body)
        got["reply"] = resp.status_code, resp.json(), time.monotonic() - start

    worker = threading.Thread(target=request, daemon=True)
    worker.start()
    worker.join(BLOCKED_AFTER)
    if worker.is_alive():
        for fifo in Path(datafiles.data_dirs()[0]).parent.rglob("*.json"):
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"{OPTION[game]}={value!r}: the request blocked")
    reply: tuple[int, dict[str, Any], float] = got["reply"]
    return reply


@pytest.mark.parametrize("game", sorted(OPTION))
def test_hostile_values_get_a_quick_400_and_the_server_goes_on(
    client: TestClient, data: Path, game: str
) -> None:
    client.get("/api/games")  # warm up
    hostile = [str(data / "pipe.json"), "/dev/zero", "/etc/passwd", "../../etc/passwd",
               f"../{FOLDER[game][1]}/default", "missing", "x", "bad", "", 7, None,
               "a" * 10_000]  # fmt: skip
    playing = new_table(client)  # another table, played between the hostile requests
    with (
        client.websocket_connect(ws_url(playing, 0)) as ws0,
        client.websocket_connect(ws_url(playing, 1)) as ws1,
    ):
        socks = [ws0, ws1]
        last = [next_update(ws0), next_update(ws1)]
        for value in hostile:
            status, reply, took = post(client, game, value)
            assert status == 400 and OPTION[game] in reply["error"], (value, reply)
            assert took < QUICK, (value, took)
            turn = last[0]["current_player"]
            socks[turn].send_json({"action": last[turn]["legal_actions"][0]})
            last = [next_update(ws0), next_update(ws1)]
        assert last[0]["n_actions"] == len(hostile)
    status, reply, _ = post(client, game, "bad")
    name, kind = FOLDER[game]
    assert f"data file {name}/{kind}/bad.json: not valid JSON" in reply["error"]
    body = json.dumps(reply)  # the operator's data directory is not shown to the client
    assert str(data / "data") not in body and str((data / "data").resolve()) not in body
    assert [t["id"] for t in client.get("/api/tables").json()] == [playing["id"]]
    status, reply, _ = post(client, game, "extra")
    assert status == 201 and reply["table"]["options"][OPTION[game]] == "extra"
    new_table(client)


def test_the_lobby_offers_the_names_there_are(client: TestClient, data: Path) -> None:
    offered = {
        game["name"]: (option["choices"], len(option["choice_labels"]))
        for game in client.get("/api/games").json()
        for option in game["options"]
        if option["name"] == OPTION.get(game["name"])
    }
    assert offered == {game: (["default", "bad", "extra"], 3) for game in OPTION}
    datafiles.configure_data_dirs([])
    ming = next(g for g in client.get("/api/games").json() if g["name"] == "ming")
    assert next(o for o in ming["options"] if o["name"] == "map")["choices"] == ["default"]
