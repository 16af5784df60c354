"""Storage on both backends: URLs, atomic appends under races, concurrent tables, times."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from dragontable.core.rng import Rng
from dragontable.games import replay
from dragontable.server import create_app
from dragontable.server.app import database_url
from dragontable.server.db import DatabaseError, SeatRow, StaleWrite, Store, TableRow, describe_url

from .conftest import new_table, next_update, wait_for, ws_url
from .pg import free_port


def test_postgres_urls_get_psycopg_and_the_password_is_never_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://ann:s3cret@db.example:6543/tables")
    url = database_url()
    assert url == "postgresql+psycopg://ann:s3cret@db.example:6543/tables"
    assert describe_url(url) == "postgresql+psycopg://ann:***@db.example:6543/tables"
    given = database_url("postgresql://bob@localhost/dt")
    assert given == "postgresql+psycopg://bob@localhost/dt"  # --db wins over the variable
    assert database_url("postgresql+psycopg://bob@h/x") == "postgresql+psycopg://bob@h/x"


@pytest.mark.parametrize(
    "url, problem",
    [
        ("mysql://ann:s3cret@h/db", "unsupported database 'mysql'"),
        ("not a url", "is not a database URL"),
        ("://ann:s3cret@h", "is not a database URL"),
        ("postgresql+nodriver://ann:s3cret@h/db", "no driver"),
    ],
)
def test_unusable_urls_are_refused_naming_the_problem(url: str, problem: str) -> None:
    with pytest.raises(DatabaseError) as caught:
        Store(url)
    assert problem in str(caught.value) and "s3cret" not in str(caught.value)


def test_unreachable_postgres_is_reported_without_its_password() -> None:
    store = Store(f"postgresql://ann:s3cret@127.0.0.1:{free_port()}/tables")
    with pytest.raises(DatabaseError) as caught:
        store.migrate()
    store.close()
    message = str(caught.value)
    assert message.startswith("cannot open the database postgresql+psycopg://ann:***@")
    assert "s3cret" not in message


def test_plain_postgresql_url_opens_a_table_and_takes_actions(pg_url: str) -> None:
    plain = pg_url.replace("postgresql+psycopg://", "postgres://")
    with TestClient(create_app(plain, auto_forced=False)) as client:
        created = new_table(client, seats=["human", "bot:random"], seed=5)
        rng = Rng(1)
        with client.websocket_connect(ws_url(created, 0)) as ws:
            update = next_update(ws)
            for _ in range(3):
                while not update["your_turn"]:
                    update = next_update(ws)
                ws.send_json({"action": rng.choice(update["legal_actions"])})
                acted = update["n_actions"]
                while (update := next_update(ws))["n_actions"] <= acted:
                    pass
    stored = Store(pg_url).load(created["id"])
    assert stored is not None and stored.status == "running"
    assert len(stored.actions) == stored.n_actions >= 3


def _new_row(store: Store, table_id: str) -> TableRow:
    seats = [SeatRow(0, "human", "A"), SeatRow(1, "human", "B")]
    row = TableRow(table_id, "dragon", 2, 7, {}, "open", seats)
    store.create(row)
    return row


def _race(stores: list[Store], idx: int) -> list[str]:
    """Both stores append action ``idx`` at the same moment; who won (``won<i>``/``stale``)."""
    barrier = threading.Barrier(2)
    outcome: list[str] = []

    def write(i: int) -> None:
        barrier.wait()
        try:
            stores[i].append_action("race", idx, i, f"move{idx}by{i}", "running", None)
            outcome.append(f"won{i}")
        except StaleWrite:
            outcome.append("stale")

    threads = [threading.Thread(target=write, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(outcome)


def test_only_one_of_two_racing_servers_appends_each_action(db_url: str) -> None:
    stores = [Store(db_url), Store(db_url)]
    stores[0].migrate()
    _new_row(stores[0], "race")
    winners = []
    for idx in range(4):
        outcome = _race(stores, idx)
        assert outcome in (["stale", "won0"], ["stale", "won1"]), outcome
        winners.append(int(outcome[1][-1]))
    loaded = stores[1].load("race")
    for s in stores:
        s.close()
    assert loaded is not None and loaded.n_actions == 4
    assert loaded.actions == [f"move{i}by{w}" for i, w in enumerate(winners)]


def test_concurrent_bot_tables_of_every_game_finish_with_every_action_stored(
    db_url: str,
) -> None:
    with TestClient(create_app(db_url)) as client:
        ids = [
            new_table(client, game=game, seed=seed, seats=["bot:random", "bot:random"])["id"]
            for seed in (1, 2)
            for game in ("dragon", "ming", "changcheng")
        ]

        def finished() -> bool:
            tables = client.get("/api/tables?status=finished").json()
            return {t["id"] for t in tables} == set(ids)

        wait_for(finished, timeout=120)
    store = Store(db_url)
    with store.engine.connect() as conn:
        query = sa.text("select table_id, count(*), max(idx) from actions group by table_id")
        counts = {r[0]: (r[1], r[2]) for r in conn.execute(query)}
    for table_id in ids:
        row = store.load(table_id)
        assert row is not None and row.status == "finished"
        assert counts[table_id] == (row.n_actions, row.n_actions - 1)  # no gap, no extra
        final = replay(row.record())
        assert final.is_over and row.result == {
            "scores": final.scores(),
            "ranking": final.ranking(),
        }
    store.close()


def test_times_come_back_in_utc_with_their_zone(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    before = dt.datetime.now(dt.UTC)
    _new_row(store, "clock")
    store.append_action("clock", 0, 0, "x", "running", None)
    row = store.load("clock")
    store.close()
    assert row is not None and row.created_at is not None and row.updated_at is not None
    assert row.created_at.utcoffset() == dt.timedelta(0)
    assert before - dt.timedelta(seconds=1) <= row.created_at <= row.updated_at
    assert row.updated_at <= dt.datetime.now(dt.UTC)
