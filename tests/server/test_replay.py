"""Score history and the replay viewer's steps, for finished games only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dragontable.core.messages import render
from dragontable.games import replay_steps
from dragontable.server import create_app

from .conftest import new_table, wait_for


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str]]:
    """A server with one finished bot game (module-wide: it takes a moment to play)."""
    db = tmp_path_factory.mktemp("replay") / "tables.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        tid = new_table(client, seats=["bot:random", "bot:random"])["id"]
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished")
        yield client, tid


def _record(client: TestClient, tid: str) -> dict[str, Any]:
    return dict(client.get(f"/api/tables/{tid}/record").json())


def test_history_gives_each_seats_totals_where_they_change(
    finished: tuple[TestClient, str],
) -> None:
    client, tid = finished
    history = client.get(f"/api/tables/{tid}/history").json()
    info = client.get(f"/api/tables/{tid}").json()
    record = _record(client, tid)
    totals = [[s["total"] for s in st.scores()] for st in replay_steps(record)]
    steps = history["steps"]
    assert history["total_steps"] == len(record["actions"]) == steps[-1]
    assert steps[0] == 0 and steps == sorted(set(steps)) and len(steps) < len(totals)
    for seat in history["seats"]:
        assert seat["name"] == info["seats"][seat["seat"]]["name"]
        assert seat["totals"] == [totals[k][seat["seat"]] for k in steps]
        assert seat["totals"][-1] == info["scores"][seat["seat"]]["total"]
    kept = set(steps)
    assert all(totals[k] == totals[k - 1] for k in range(1, len(totals)) if k not in kept)


def test_replay_steps_show_the_public_view_and_that_steps_log(
    finished: tuple[TestClient, str],
) -> None:
    client, tid = finished
    record = _record(client, tid)
    names = [s["name"] for s in client.get(f"/api/tables/{tid}?lang=pl").json()["seats"]]
    wanted = {0, 1, 40, 41, len(record["actions"])}
    log_before, seat_before = 0, None
    labels: dict[str, str] = {}
    for k, state in enumerate(replay_steps(record)):
        if k in wanted:
            got = client.get(f"/api/tables/{tid}/replay?step={k}&lang=pl").json()
            assert got["step"] == k and got["total_steps"] == len(record["actions"])
            assert got["action"] == (record["actions"][k - 1] if k else None)
            assert got["seat"] == (seat_before if k else None)
            assert got["move"] == (labels[record["actions"][k - 1]] if k else None)
            assert not k or got["move"] != got["action"]  # the move in words, not notation
            assert got["view"] == state.view(None) and got["scores"] == state.scores()
            public = [e for e in state.log[log_before:] if "to" not in e]
            assert [line["entry"] for line in got["log"]] == public
            assert [line["text"] for line in got["log"]] == [render(e, "pl", names) for e in public]
        log_before, seat_before = len(state.log), state.current_player
        labels = {c["action"]: c["label"] for c in state.choices(seat_before, "pl", names)}
    first = client.get(f"/api/tables/{tid}/replay").json()
    assert first["step"] == 0 and first["log"]
    assert all("hand" not in p for p in first["view"]["players"])  # no seat's hidden cards


def test_bad_steps_and_unknown_tables_are_refused(finished: tuple[TestClient, str]) -> None:
    client, tid = finished
    last = client.get(f"/api/tables/{tid}").json()["n_actions"]
    for bad in (str(last + 1), "-1", "two", "1.5", "²"):
        resp = client.get(f"/api/tables/{tid}/replay", params={"step": bad})
        assert resp.status_code == 400 and f"0 to {last}" in resp.json()["error"]
    assert client.get("/api/tables/nope/replay").status_code == 404
    assert client.get("/api/tables/nope/history").status_code == 404
    page = client.get(f"/replay/{tid}")
    assert page.status_code == 200 and "replay.js" in page.text


def test_a_running_game_keeps_its_replay_and_history_hidden(client: TestClient) -> None:
    tid = new_table(client)["id"]
    for path in ("history", "replay?step=0"):
        resp = client.get(f"/api/tables/{tid}/{path}")
        assert resp.status_code == 409 and "over" in resp.json()["error"]
