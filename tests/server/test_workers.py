"""Any worker serves any table: two ``dragontable serve`` processes over one throwaway
PostgreSQL database; the seats of one table play through different processes, a
spectator on either sees every move once, in order, and a ``kill -9`` of one process
mid-game loses nothing: its clients reconnect to the other and finish the game.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import dragontable
from dragontable import games
from dragontable.server.botjobs import JobQueue
from dragontable.server.botworker import commit_move
from dragontable.server.db import Store
from dragontable.server.live import replay_moves

from .pg import free_port

SRC = Path(dragontable.__file__).resolve().parents[1]
START_S = 60.0
GAME_S = 40.0
"""The longest a whole game may take here (it takes a few seconds)."""
RECV_S = 20.0
HEARD_S = 1.0
"""Ample time for a ``NOTIFY`` to reach the other worker on one machine."""
RACES = ("stale", "not_your_turn")
"""Refusals a seat may meet when another process moved first (a forced decision)."""
BODY = {"game": "dragon", "players": 2, "seed": 7, "seats": ["human", "human"]}


class Worker:
    """One ``dragontable serve`` process on its own port over a shared database."""

    def __init__(self, db_url: str, log: Path, *extra: str) -> None:
        self.db_url, self.log, self.extra = db_url, log, extra
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Worker:
        command = [sys.executable, "-m", "dragontable.cli", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, "--bot-delay", "0", *self.extra]
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                command, env=env, stdout=log, stderr=log, start_new_session=True
            )
        end = time.monotonic() + START_S
        while True:
            try:
                self.get("/api/tables")
                return self
            except OSError:
                assert self.proc.poll() is None, "the server stopped"
                assert time.monotonic() < end, "the server did not start"
                time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL to the server and any worker processes it started."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=15)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url(path), timeout=10) as r:
            return json.load(r)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        data = json.dumps(body).encode()
        headers = {"content-type": "application/json"}
        request = urllib.request.Request(self.url(path), data=data, headers=headers)
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.load(r)

    def ws(self, table_id: str, token: str | None) -> str:
        query = f"?token={token}" if token else ""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}{query}"


@pytest.fixture
def workers(pg_url: str, tmp_path: Path) -> Any:
    """Two server processes over one fresh PostgreSQL database (logs in ``tmp_path``)."""
    started = [Worker(pg_url, tmp_path / f"worker{i}.log") for i in range(2)]
    try:
        for worker in started:
            worker.start()
        yield started
    finally:
        for worker in started:
            worker.kill()


class Client(threading.Thread):
    """A seat (choosing seeded random legal actions) or a spectator (``token`` None):
    connects to its workers in turn, and to the next one when its connection drops."""

    def __init__(self, workers: list[Worker], table_id: str, token: str | None, seed: int) -> None:
        super().__init__(daemon=True)
        self.workers, self.table_id, self.token = workers, table_id, token
        self.rng = random.Random(seed)
        self.updates: list[dict[str, Any]] = []
        self.reconnects = 0
        self.failure: BaseException | None = None
        self.done = threading.Event()

    def run(self) -> None:
        try:
            turn = 0
            while not self.done.is_set():
                worker = self.workers[turn % len(self.workers)]
                try:
                    with connect(worker.ws(self.table_id, self.token), open_timeout=5) as ws:
                        self._play(ws)
                except (ConnectionClosed, OSError, TimeoutError):
                    self.reconnects += 1
                    turn += 1
                    time.sleep(0.2)
        except BaseException as exc:  # reported by the test
            self.failure = exc
        finally:
            self.done.set()

    def _play(self, ws: ClientConnection) -> None:
        """Act once per decision (an unanswered one again after reconnecting)."""
        acted_at = -1
        while True:
            msg = json.loads(ws.recv(timeout=RECV_S))
            assert msg["type"] != "error" or msg["code"] in RACES, msg
            if msg["type"] != "update":
                continue
            self.updates.append(msg)
            if msg["over"]:
                self.done.set()
                return
            if msg["your_turn"] and msg["legal_actions"] and msg["n_actions"] != acted_at:
                acted_at = msg["n_actions"]
                action = self.rng.choice(msg["legal_actions"])
                ws.send(json.dumps({"action": action}))


def seen_actions(updates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions a spectator was told of, checking each update follows the one before
    (a new connection's first update starts the count again)."""
    out: list[dict[str, Any]] = []
    for update in updates:
        if update["reset"] or not update["actions"]:
            assert update["n_actions"] >= len(out), "an update went back"
            if update["n_actions"] != len(out):  # a fresh connection: its own count
                assert not update["actions"]
                out = [{"seat": None, "action": None}] * update["n_actions"]
            continue
        assert update["n_actions"] == len(out) + len(update["actions"]), "a move twice or lost"
        out += update["actions"]
    return out


def watched(watchers: list[Client]) -> None:
    """Wait until every spectator has its first update (it is in, the game may start)."""
    end = time.monotonic() + START_S
    while not all(w.updates for w in watchers):
        assert time.monotonic() < end, "a spectator did not get in"
        time.sleep(0.01)


def open_table(worker: Worker) -> tuple[str, dict[int, str]]:
    created = worker.post("/api/tables", BODY)
    return created["id"], {i["seat"]: i["token"] for i in created["invitations"]}


def finish(clients: list[Client], seconds: float = GAME_S) -> None:
    end = time.monotonic() + seconds
    for client in clients:
        while client.is_alive() and time.monotonic() < end:
            client.join(0.1)
            failed = [c.failure for c in clients if c.failure is not None]
            assert not failed, repr(failed[0])
        assert not client.is_alive(), "the game did not finish in time"


def check_record(db_url: str, table_id: str, spectator: list[dict[str, Any]]) -> None:
    """The stored record replays to the end the spectator saw; one stored action per move."""
    stored = Store(db_url)
    try:
        row = stored.load(table_id)
    finally:
        stored.close()
    assert row is not None and row.n_actions == len(row.actions) == len(spectator)
    state, moves = replay_moves(row.record())
    assert state.is_over and games.replay(row.record()).history == row.actions
    assert [m.seat for m in moves] == [a["seat"] for a in spectator]
    for mine, told in zip(row.actions, spectator, strict=True):
        assert told["action"] in (mine, state.public_action(mine, told["seat"], None))


def test_two_seats_on_two_workers_play_a_whole_game(workers: list[Worker], pg_url: str) -> None:
    a, b = workers
    table_id, tokens = open_table(a)
    watchers = [Client([a], table_id, None, 0), Client([b], table_id, None, 0)]
    for watcher in watchers:
        watcher.start()
    watched(watchers)  # the spectators are in before the first move
    seats = [Client([a], table_id, tokens[0], 1), Client([b], table_id, tokens[1], 2)]
    for seat in seats:
        seat.start()
    finish([*seats, *watchers])
    for watcher in watchers:
        assert watcher.reconnects == 0
        assert watcher.updates[0]["n_actions"] == 0, "the spectator came in late"
        check_record(pg_url, table_id, seen_actions(watcher.updates))
    assert watchers[0].updates[-1]["scores"] == watchers[1].updates[-1]["scores"]


def test_a_kill_9_of_one_worker_mid_game_loses_nothing(workers: list[Worker], pg_url: str) -> None:
    a, b = workers
    table_id, tokens = open_table(a)
    watcher = Client([b], table_id, None, 0)
    watcher.start()
    time.sleep(0.5)
    seats = [Client([a, b], table_id, tokens[0], 3), Client([b, a], table_id, tokens[1], 4)]
    for seat in seats:
        seat.start()
    end = time.monotonic() + GAME_S
    while not watcher.updates or watcher.updates[-1]["n_actions"] < 30:
        assert time.monotonic() < end and not watcher.done.is_set(), "the game did not start"
        time.sleep(0.01)
    a.kill()
    finish([*seats, watcher])
    assert seats[0].reconnects >= 1 and watcher.reconnects == 0
    check_record(pg_url, table_id, seen_actions(watcher.updates))


def test_serve_workers_2_plays_a_game_on_one_port(pg_url: str, tmp_path: Path) -> None:
    """Two seats and a bot: serve's own bot workers play the bot's moves, once each."""
    server = Worker(pg_url, tmp_path / "workers.log", "--workers", "2").start()
    try:
        body = {**BODY, "players": 3, "seats": ["human", "human", "bot:greedy"]}
        created = server.post("/api/tables", body)
        table_id = created["id"]
        tokens = {i["seat"]: i["token"] for i in created["invitations"]}
        watcher = Client([server], table_id, None, 0)
        watcher.start()
        time.sleep(0.5)
        seats = [Client([server], table_id, tokens[i], 5 + i) for i in range(2)]
        for seat in seats:
            seat.start()
        finish([*seats, watcher])
        assert watcher.updates[-1]["over"]
        check_record(pg_url, table_id, seen_actions(watcher.updates))
        store = Store(pg_url)
        jobs = JobQueue(store).jobs(table_id)
        store.close()
        bot_moves = [a for a in seen_actions(watcher.updates) if a["seat"] == 2]
        played = [j for j in jobs if "action" in (j["result"] or {})]
        assert played and len(played) <= len(bot_moves)  # forced moves need no search
        assert len({j["n_actions"] for j in played}) == len(played)
    finally:
        server.kill()
    log = (tmp_path / "workers.log").read_bytes()
    assert b"Started parent process" in log and b"played" in log


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "dragontable.cli", "serve", "--workers", "2"]
    command += ["--port", str(free_port()), "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}"]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "needs PostgreSQL" in done.stderr, done.stderr
    assert not (tmp_path / "x.sqlite3").exists()


def until_connected(ws: ClientConnection, expected: list[bool]) -> None:
    """Read until an update or presence says exactly ``expected`` seats are connected."""
    end = time.monotonic() + RECV_S
    while time.monotonic() < end:
        msg = json.loads(ws.recv(timeout=RECV_S))
        if msg.get("connected") == expected:
            return
    raise AssertionError(f"never told that {expected} are connected")


def test_a_seat_connected_to_one_worker_is_present_on_the_other(workers: list[Worker]) -> None:
    a, b = workers
    table_id, tokens = open_table(a)
    with connect(a.ws(table_id, tokens[0]), open_timeout=5) as ws0:
        until_connected(ws0, [True, False])
        with connect(b.ws(table_id, tokens[1]), open_timeout=5) as ws1:
            until_connected(ws1, [True, True])  # b asked a who is here
            until_connected(ws0, [True, True])  # a heard of b's seat
            for worker in workers:
                seats = worker.get(f"/api/tables/{table_id}")["seats"]
                assert [s["connected"] for s in seats] == [True, True]
        until_connected(ws0, [True, False])


def until_type(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """Read until a message of type ``kind`` (any error but a race fails the test)."""
    end = time.monotonic() + RECV_S
    while time.monotonic() < end:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=RECV_S))
        assert msg["type"] != "error" or kind == "error", msg
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_an_undo_offered_on_one_worker_is_answered_on_the_other(workers: list[Worker]) -> None:
    a, b = workers
    table_id, tokens = open_table(a)
    with (
        connect(a.ws(table_id, tokens[0]), open_timeout=5) as ws0,
        connect(b.ws(table_id, tokens[1]), open_timeout=5) as ws1,
    ):
        socks = {0: ws0, 1: ws1}
        first = until_type(ws0, "update")
        mover = first["current_player"]
        socks[mover].send(json.dumps({"action": first["legal_actions"][0]}))
        while (update := until_type(ws0, "update"))["n_actions"] == first["n_actions"]:
            pass
        other = 1 - mover
        for answer in (False, True):  # declined through the other worker, then accepted
            socks[mover].send(json.dumps({"undo": True}))
            offer = until_type(socks[other], "undo_offer")
            assert offer["seat"] == mover and offer["waiting"] == [other]
            socks[other].send(json.dumps({"undo_reply": answer}))
            if not answer:
                dropped = until_type(socks[mover], "undo_dropped")
                assert dropped["why"] == "declined" and dropped["by"] == other
        for ws in socks.values():
            undone = until_type(ws, "undone")
            assert undone["seat"] == mover and undone["actions"] >= 1
            back = until_type(ws, "update")
            assert back["reset"] and back["n_actions"] == update["n_actions"] - undone["actions"]
        for worker in workers:
            info = worker.get(f"/api/tables/{table_id}")
            assert info["n_actions"] == back["n_actions"]


def test_a_worker_not_holding_the_table_tells_the_holders_presence(
    workers: list[Worker],
) -> None:
    """``b`` never loaded the table: its first answer gives the seat connected to ``a``."""
    a, b = workers
    table_id, tokens = open_table(a)
    with connect(a.ws(table_id, tokens[0]), open_timeout=5) as ws0:
        until_connected(ws0, [True, False])
        time.sleep(HEARD_S)  # a's word (a NOTIFY) reaches b meanwhile; b does not ask it
        seats = b.get(f"/api/tables/{table_id}")["seats"]
        assert [s["connected"] for s in seats] == [True, False]


def overtaken(state: Any, seat: int, keeps_turn: bool) -> tuple[str, str] | None:
    """Two legal actions ``x``, ``y`` of ``seat`` at ``state`` such that after ``x`` the
    seat is (``keeps_turn``) or is not to move with ``y`` legal, or None."""
    for x in state.legal_actions():
        after = state.clone()
        after.apply(x)
        for y in state.legal_actions():
            fits = after.current_player == seat and not after.is_over and after.is_legal(y)
            if fits == keeps_turn:
                return x, y
    return None


def behind_its_back(store: Store, table_id: str, state: Any, action: str) -> None:
    """Store ``action`` as another process would, without the notice (``store`` has no
    fan-out): the workers' tables are then one move behind."""
    row = store.load(table_id)
    assert row is not None and row.n_actions == len(state.history)
    seat = state.current_player
    commit_move(store, row, state, seat, action)
    state.apply(action)


def play_until(store: Store, table_id: str, state: Any, keeps_turn: bool) -> tuple[str, str]:
    """Play seeded random moves behind the workers' backs until :func:`overtaken` finds
    a pair; that pair."""
    rng = random.Random(5)
    while (pair := overtaken(state, state.current_player, keeps_turn)) is None:
        behind_its_back(store, table_id, state, rng.choice(state.legal_actions()))
    return pair


@pytest.mark.parametrize("keeps_turn", [True, False])
def test_a_move_on_an_overtaken_position_lands_or_says_why(
    workers: list[Worker], pg_url: str, keeps_turn: bool
) -> None:
    """Another process stored a move of the seat (its other tab, say) whose notice has
    not come: the seat's own move lands at the new position while it still fits there,
    else it is refused with the reason; no other error."""
    a, b = workers
    table_id, tokens = open_table(a)
    store = Store(pg_url)
    try:
        row = store.load(table_id)
        assert row is not None
        state = games.create(row.game, row.players, row.seed, row.options)
        x, y = play_until(store, table_id, state, keeps_turn)
        seat = state.current_player
        assert seat is not None
        with connect(b.ws(table_id, tokens[seat]), open_timeout=5) as ws:
            first = until_type(ws, "update")
            assert first["your_turn"] and first["n_actions"] == len(state.history)
            behind_its_back(store, table_id, state, x)
            ws.send(json.dumps({"action": y}))
            if keeps_turn:
                landed = state.clone()
                landed.apply(y)
                update = until_type(ws, "update")  # any error fails here
                while update["n_actions"] < len(landed.history):
                    update = until_type(ws, "update")
                assert update["n_actions"] == len(landed.history)
                stored = store.load(table_id)
                assert stored is not None and stored.actions == landed.history
            else:
                refused = until_type(ws, "error")
                assert refused["code"] == "stale", refused
                assert "turn now" in refused["message"] or "no longer legal" in refused["message"]
    finally:
        store.close()
