"""Game reviews over HTTP: started for a finished table's seat, computed in the background
with progress, stored once and served again without a search; clear refusals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dragontable.review import REVIEW_VERSION, describe, review_record
from dragontable.server import create_app
from dragontable.server import reviews as reviews_module
from dragontable.server.botpool import WorkerError
from dragontable.server.config import ServerConfig
from dragontable.server.limits import SlidingWindow
from dragontable.server.reviews import Reviews

from .conftest import new_table, wait_for

ITERATIONS = 8
CONFIG = ServerConfig(review_iterations=ITERATIONS)


def server(db_url: str) -> TestClient:
    return TestClient(create_app(db_url, config=CONFIG))


def finished_table(client: TestClient, game: str = "changcheng") -> str:
    """A 2-player game of random bots, played to its end; its id."""
    tid = str(new_table(client, game=game, seats=["bot:random", "bot:random"])["id"])
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished")
    return tid


def review_url(tid: str, seat: int | str, lang: str = "en") -> str:
    return f"/api/tables/{tid}/review?seat={seat}&lang={lang}"


def reviews_of(client: TestClient) -> Reviews:
    found: Reviews = client.app.state.reviews  # type: ignore[attr-defined]
    return found


def wait_done(client: TestClient, tid: str, seat: int, lang: str = "en") -> list[dict[str, Any]]:
    """Poll the review until it is done; every answer on the way."""
    seen: list[dict[str, Any]] = []

    def done() -> bool:
        answer = client.get(review_url(tid, seat, lang))
        assert answer.status_code == 200, answer.text
        seen.append(answer.json())
        return bool(seen[-1]["status"] == "done")

    wait_for(done, timeout=120)
    return seen


@pytest.fixture
def finished(db_url: str) -> Iterator[tuple[TestClient, str]]:
    with server(db_url) as client:
        yield client, finished_table(client)


def test_a_review_runs_in_the_background_and_is_stored(
    finished: tuple[TestClient, str], db_url: str
) -> None:
    client, tid = finished
    assert client.get(review_url(tid, 1)).json() == {"status": "none"}
    started = client.post(review_url(tid, 1))
    assert started.status_code == 202
    assert started.json() == {"status": "running", "done": 0, "total": None}
    seen = wait_done(client, tid, 1, "pl")
    running = [s for s in seen if s["status"] == "running"]
    assert all(0 <= s["done"] <= (s["total"] or 0) or s["total"] is None for s in running)
    review = seen[-1]["review"]
    record = client.get(f"/api/tables/{tid}/record").json()
    names = [s["name"] for s in client.get(f"/api/tables/{tid}?lang=pl").json()["seats"]]
    expected = describe(record, review_record(record, 1, ITERATIONS), "pl", names)
    assert review == expected and review["decisions"]
    assert not reviews_of(client).running
    # a second server over the same database serves it at once, and starts nothing
    with server(db_url) as again:
        assert again.post(review_url(tid, 1)).json() == {"status": "done"}
        assert not reviews_of(again).running
        answer = again.get(review_url(tid, 1, "zh")).json()
        assert answer["status"] == "done"
        # labels that name a seat use the table's names, in the language asked for
        names = [s["name"] for s in again.get(f"/api/tables/{tid}?lang=zh").json()["seats"]]
        expected = describe(record, review_record(record, 1, ITERATIONS), "zh", names)
        assert answer["review"] == expected
        assert again.get(review_url(tid, 0)).json() == {"status": "none"}


def test_a_review_stored_by_an_older_version_is_made_again(
    finished: tuple[TestClient, str],
) -> None:
    client, tid = finished
    store = client.app.state.store  # type: ignore[attr-defined]
    record = client.get(f"/api/tables/{tid}/record").json()
    old = {**review_record(record, 1, ITERATIONS), "version": REVIEW_VERSION - 1}
    reviews_module.save_review(store, tid, 1, old)
    assert client.get(review_url(tid, 1)).json() == {"status": "none"}
    assert client.post(review_url(tid, 1)).status_code == 202
    review = wait_done(client, tid, 1)[-1]["review"]
    assert review["version"] == REVIEW_VERSION
    assert reviews_module.load_review(store, tid, 1) == review_record(record, 1, ITERATIONS)


def test_one_review_per_table_and_seat_at_a_time(finished: tuple[TestClient, str]) -> None:
    client, tid = finished
    first, second = client.post(review_url(tid, 0)), client.post(review_url(tid, 0))
    assert first.status_code == second.status_code == 202
    assert list(reviews_of(client).running) == [(tid, 0)]
    assert reviews_of(client).limiter.acquire("testclient") == 0  # one start was counted
    wait_done(client, tid, 0)


def test_refusals_name_the_problem(client: TestClient) -> None:
    playing = new_table(client)["id"]
    for method in (client.get, client.post):
        assert method(review_url("nosuchtable", 0)).status_code == 404
        assert method(review_url("bad id!", 0)).status_code == 404
        answer = method(review_url(playing, 0))
        assert answer.status_code == 409 and "over" in answer.json()["error"]
    tid = finished_table(client)
    for seat in ("2", "-1", "x", "", "1.0", "999"):
        for method in (client.get, client.post):
            answer = method(review_url(tid, seat))
            assert answer.status_code == 400, seat
            assert answer.json()["error"].startswith("seat must be a whole number from 0 to 1")
    assert client.get(review_url(tid, 0, "xx")).status_code == 400
    assert not reviews_of(client).running


def test_a_busy_server_and_an_eager_client_are_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = finished_table(client)
    reviews = reviews_of(client)
    with monkeypatch.context() as m:
        m.setattr(reviews_module, "MAX_RUNNING", 1)
        m.setitem(reviews.running, ("elsewhere", 0), reviews_module.Job())
        busy = client.post(review_url(tid, 0))
        assert busy.status_code == 503 and "Retry-After" in busy.headers
    reviews.limiter = SlidingWindow(1, 600)
    assert client.post(review_url(tid, 0)).status_code == 202
    eager = client.post(review_url(tid, 1))
    assert eager.status_code == 429 and int(eager.headers["Retry-After"]) > 0
    assert "at most 1 reviews" in eager.json()["error"]
    assert client.post(review_url(tid, 0)).status_code == 202  # running: no new start
    wait_done(client, tid, 0)
    assert client.post(review_url(tid, 0)).status_code == 200  # stored: no new start


def test_a_failed_review_says_so_and_can_be_asked_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = finished_table(client)
    reviews = reviews_of(client)

    async def broken(*args: Any) -> Any:
        raise WorkerError("the worker process died during the job")

    with monkeypatch.context() as m:
        m.setattr(reviews.pool, "run", broken)
        assert client.post(review_url(tid, 0)).status_code == 202
        failed = wait_for(lambda: client.get(review_url(tid, 0)).json()["status"] == "failed")
        assert failed
        answer = client.get(review_url(tid, 0)).json()
        assert (
            answer == {"status": "failed", "error": answer["error"]}
            and "try again" in answer["error"]
        )
    assert client.post(review_url(tid, 0)).status_code == 202
    assert wait_done(client, tid, 0)[-1]["review"]["decisions"]
