"""Table clocks: settings at creation, time spent and added, zombie seats and reclaim."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from dragontable import games
from dragontable.server import create_app
from dragontable.server.clockrows import ClockSettings
from dragontable.server.clocks import MS, RECLAIM_LIVE_S, started, stopped, zombie_share
from dragontable.server.config import ServerConfig
from dragontable.server.db import SeatRow, Store, TableRow
from dragontable.server.live import LiveTable, Move
from dragontable.server.timesource import ManualClock

from .conftest import n_actions, new_table, next_message, next_update, wait_for, ws_url

HOUR, DAY = 3600, 86400
TURN = {"kind": "turn", "per_move_s": DAY, "bank_s": 2 * DAY, "zombie_bot": "random"}
LIVE = {"kind": "live", "base_s": 600, "increment_s": 10, "zombie_bot": "random"}
FAST = ServerConfig(clock_tick_s=0.02)
"""Deadlines checked every 20 ms: a test moves the clock and waits a moment."""
NO_TICK = ServerConfig(clock_tick_s=3600)
"""Deadlines never checked by the periodic task during a test."""
GAMES = ("dragon", "ming", "changcheng")


def info(client: TestClient, table_id: str) -> dict[str, Any]:
    got: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return got


def deadline(client: TestClient, table_id: str, seat: int) -> dt.datetime | None:
    text = info(client, table_id)["seats"][seat]["deadline"]
    return dt.datetime.fromisoformat(text) if text else None


def play_turn(ws: WebSocketTestSession, update: dict[str, Any], seat: int) -> dict[str, Any]:
    """Play ``seat`` until another seat is to move; return the last update."""
    while update["current_player"] == seat and not update["over"]:
        ws.send_json({"action": update["legal_actions"][0]})
        update = next_message(ws, "update")
    return update


# -- the arithmetic ----------------------------------------------------------------------
def _seat(left_ms: int) -> SeatRow:
    return SeatRow(0, "human", "Ann", clock_left_ms=left_ms)


@given(
    per_move=st.integers(60, 30 * DAY),
    bank=st.integers(0, 60 * DAY),
    used=st.lists(st.floats(0, 1), min_size=1, max_size=20),
)
def test_a_turn_clock_takes_only_what_a_move_uses_beyond_its_time_from_the_bank(
    per_move: int, bank: int, used: list[float]
) -> None:
    clock = ClockSettings("turn", per_move_s=per_move, bank_s=bank)
    now = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    seat = _seat(clock.start_ms())
    for share in used:
        run = started(clock, seat, now)
        assert seat.clock_left_ms is not None  # a turn clock always keeps a bank
        assert run.deadline == now + dt.timedelta(milliseconds=MS * per_move + seat.clock_left_ms)
        took = int(share * (MS * per_move + (seat.clock_left_ms or 0)))
        seat.deadline = run.deadline
        done = stopped(clock, seat, now + dt.timedelta(milliseconds=took))
        expected = (seat.clock_left_ms or 0) - max(0, took - MS * per_move)
        assert done.deadline is None and done.left_ms == expected >= 0
        seat.deadline, seat.clock_left_ms = None, done.left_ms
        now += dt.timedelta(milliseconds=took)


@given(base=st.integers(60, DAY), inc=st.integers(0, HOUR), used=st.floats(0, 1))
def test_a_live_clock_keeps_what_is_left_plus_the_increment(
    base: int, inc: int, used: float
) -> None:
    clock = ClockSettings("live", base_s=base, increment_s=inc)
    now = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    seat = _seat(clock.start_ms())
    seat.deadline = started(clock, seat, now).deadline
    took = int(used * MS * base)
    assert stopped(clock, seat, now + dt.timedelta(milliseconds=took)).left_ms == (
        MS * base - took + MS * inc
    )


# -- the lobby ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("clock", "problem"),
    [
        ({"kind": "blitz"}, "kind"),
        ([1], "kind"),
        ({"kind": "live", "base_s": 10, "increment_s": 0}, "base_s"),
        ({"kind": "live", "base_s": 600}, "increment_s"),
        ({"kind": "live", "base_s": 600.5, "increment_s": 0}, "base_s"),
        ({"kind": "live", "base_s": True, "increment_s": 0}, "base_s"),
        ({"kind": "turn", "per_move_s": DAY, "bank_s": -1}, "bank_s"),
        ({"kind": "turn", "per_move_s": 400 * DAY, "bank_s": 0}, "per_move_s"),
        ({"kind": "turn", "per_move_s": DAY, "bank_s": 0, "base_s": 5}, "base_s"),
        ({**TURN, "zombie_bot": "deep-blue"}, "deep-blue"),
        ({**TURN, "zombie_bot": 3}, "3"),
    ],
)
def test_a_bad_clock_is_refused_naming_the_problem(
    client: TestClient, clock: Any, problem: str
) -> None:
    body = {"game": "dragon", "players": 2, "seats": ["human", "human"], "clock": clock}
    resp = client.post("/api/tables", json=body)
    assert resp.status_code == 400 and problem in resp.json()["error"]
    assert client.get("/api/tables").json() == []


def test_the_clock_and_each_seats_deadline_are_in_the_table_info(client: TestClient) -> None:
    created = new_table(client, clock=TURN, seats=["human", "bot:random"])
    table = created["table"]
    assert table["clock"]["kind"] == "turn" and table["clock"]["per_move_s"] == DAY
    now = dt.datetime.fromisoformat(table["clock"]["now"])
    first, bot = table["seats"][table["current_player"]], table["seats"][1]
    assert first["left_ms"] == 2 * DAY * MS and not first["zombie"]
    expected = now + dt.timedelta(days=3)
    assert abs(dt.datetime.fromisoformat(first["deadline"]) - expected) < dt.timedelta(seconds=5)
    assert bot["deadline"] is None and bot["left_ms"] is None
    listed = client.get("/api/tables").json()[0]
    assert listed["seats"][0]["deadline"] == first["deadline"] and listed["clock"]["bank_s"]
    plain = new_table(client)["table"]
    assert "clock" not in plain and "deadline" not in plain["seats"][0]


# -- zombies -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_seat_out_of_time_is_played_by_the_zombie_until_reclaimed(db_url: str, game: str) -> None:
    clock = ManualClock()
    with TestClient(create_app(db_url, config=FAST, clock=clock)) as client:
        created = new_table(client, game=game, seed=3, clock=TURN)
        tid, late = created["id"], created["table"]["current_player"]
        other = 1 - late
        assert deadline(client, tid, late) is not None and deadline(client, tid, other) is None
        with client.websocket_connect(ws_url(created, other)) as ws:
            next_update(ws)
            clock.advance(3 * DAY - 1)
            assert not info(client, tid)["seats"][late]["zombie"]
            clock.advance(2)
            change = next_message(ws, "seat_change")
            assert change == {
                "type": "seat_change",
                "seat": late,
                "bot": "random",
                "by": None,
                "zombie": True,
            }
            update = next_message(ws, "update")
            while update["current_player"] != other:
                update = next_message(ws, "update")
            seats = update["seats"]
            assert seats[late]["zombie"] and seats[late]["handed_over"]
            assert seats[late]["deadline"] is None and seats[late]["left_ms"] == 0
            assert seats[other]["deadline"] is not None  # now the other's clock runs
            assert any(a["seat"] == late for a in update["actions"])
            update = play_turn(ws, update, other)
        live = client.app.state.manager.live[tid]  # type: ignore[attr-defined]
        assert zombie_share(live)[late] == 1.0 and zombie_share(live)[other] == 0.0
        with client.websocket_connect(ws_url(created, late)) as back:
            mine = next_update(back)
            assert mine["seats"][late]["zombie"] and not mine["your_turn"]
            back.send_json({"reclaim": True})
            assert next_message(back, "seat_change")["bot"] is None
            mine = next_message(back, "update")
            assert not mine["seats"][late]["zombie"] and not mine["seats"][late]["handed_over"]
    stored = Store(db_url).load(tid)
    assert stored is not None and not stored.seats[late].zombie
    assert stored.seats[late].handed_to is None
    zombie_moves = [z for z in stored.zombie_actions if z]
    assert zombie_moves and len(stored.zombie_actions) == len(stored.actions)


def test_the_reclaimed_seat_plays_on_its_own_clock(sqlite_url: str) -> None:
    clock = ManualClock()
    with TestClient(create_app(sqlite_url, config=FAST, clock=clock)) as client:
        created = new_table(client, seed=5, clock=LIVE, seats=["human", "bot:random"])
        tid = created["id"]
        wait_for(lambda: deadline(client, tid, 0) is not None)  # after the bot's first move
        clock.advance(601)
        wait_for(lambda: info(client, tid)["seats"][0]["zombie"])
        with client.websocket_connect(ws_url(created, 0)) as ws:
            next_update(ws)
            ws.send_json({"reclaim": True})
            assert next_message(ws, "seat_change")["bot"] is None
            update = next_message(ws, "update")
            assert update["seats"][0]["left_ms"] == RECLAIM_LIVE_S * MS
            while not update["your_turn"]:
                update = next_message(ws, "update")
            running = deadline(client, tid, 0)
            assert running == clock.now() + dt.timedelta(seconds=RECLAIM_LIVE_S)
            clock.advance(20)
            play_turn(ws, update, 0)
            assert info(client, tid)["seats"][0]["left_ms"] == (RECLAIM_LIVE_S - 20 + 10) * MS


def test_a_live_move_costs_its_time_and_earns_the_increment(sqlite_url: str) -> None:
    clock = ManualClock()
    with TestClient(create_app(sqlite_url, clock=clock, config=NO_TICK)) as c:
        created = new_table(c, seed=5, clock=LIVE)
        tid, me = created["id"], created["table"]["current_player"]
        with client_ws(c, created, me) as ws:
            clock.advance(42)
            update = play_turn(ws, next_update(ws), me)
            seats = info(c, tid)["seats"]
            assert seats[me]["left_ms"] == (600 - 42 + 10) * MS and seats[me]["deadline"] is None
            assert deadline(c, tid, update["current_player"]) == clock.now() + dt.timedelta(
                seconds=600
            )


def client_ws(client: TestClient, created: dict[str, Any], seat: int) -> Any:
    return client.websocket_connect(ws_url(created, seat))


def test_a_move_after_the_deadline_is_refused_and_the_zombie_takes_the_seat(
    sqlite_url: str,
) -> None:
    clock = ManualClock()
    with TestClient(create_app(sqlite_url, config=NO_TICK, clock=clock)) as client:
        created = new_table(client, seed=7, clock=LIVE, seats=["human", "bot:random"])
        tid = created["id"]
        assert created["table"]["current_player"] == 0
        with client.websocket_connect(ws_url(created, 0)) as ws:
            first = next_update(ws)
            clock.advance(600)
            n = n_actions(client, tid)
            ws.send_json({"action": first["legal_actions"][0]})
            refused = next_message(ws, "error")
            assert refused["code"] == "time_out" and "reclaim" in refused["message"]
            assert info(client, tid)["seats"][0]["zombie"]
            wait_for(lambda: n_actions(client, tid) > n)  # the zombie played instead


def test_handing_ones_own_seat_to_a_bot_stops_its_clock(sqlite_url: str) -> None:
    clock = ManualClock()
    with TestClient(create_app(sqlite_url, clock=clock, config=NO_TICK)) as c:
        created = new_table(c, seed=7, clock=TURN, seats=["human", "human"])
        tid = created["id"]
        assert created["table"]["current_player"] == 0
        with client_ws(c, created, 0) as ws:
            next_update(ws)
            clock.advance(HOUR)
            ws.send_json({"hand_to_bot": 0, "bot": "random"})
            next_message(ws, "seat_change")
            seats = info(c, tid)["seats"]
            assert seats[0]["deadline"] is None and seats[0]["left_ms"] == 2 * DAY * MS
            assert not seats[0]["zombie"]


def test_a_deadline_that_passed_while_the_server_was_down_is_handled_at_start(
    db_url: str,
) -> None:
    clock = ManualClock()
    with TestClient(create_app(db_url, config=NO_TICK, clock=clock)) as client:
        created = new_table(client, game="ming", seed=4, clock=TURN)
        tid, late = created["id"], created["table"]["current_player"]
        before = deadline(client, tid, late)
    clock.advance(HOUR)
    with TestClient(create_app(db_url, config=NO_TICK, clock=clock)) as client:
        assert deadline(client, tid, late) == before  # stored, not restarted
        listed = client.get("/api/tables").json()[0]["clock"]
        assert listed["now"] == clock.now().isoformat()  # the server's time, not the system's
    clock.advance(3 * DAY)
    with TestClient(create_app(db_url, config=NO_TICK, clock=clock)) as client:
        assert info(client, tid)["seats"][late]["zombie"]
        wait_for(lambda: info(client, tid)["current_player"] != late)
        assert deadline(client, tid, 1 - late) is not None


def test_zombie_share_counts_decisions_only() -> None:
    state = games.create("dragon", 2, 1, {})
    seats = [SeatRow(0, "human", "Ann"), SeatRow(1, "human", "Bo")]
    table = LiveTable(TableRow("t", "dragon", 2, 1, {}, "running", seats), state)
    table.moves = [Move(0, False, True), Move(0, False), Move(0, True, True), Move(0, False, True)]
    assert zombie_share(table) == {0: 2 / 3, 1: 0.0}
