"""Clocks survive a ``kill -9`` of ``dragontable serve``: deadlines are stored, and one that
passed while the server was down is handled when it comes back.

The server runs as another process with ``--fake-clock FILE``; the test moves its time by
writing the offset into the file, never by waiting.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

import dragontable
from dragontable.server.db import Store
from dragontable.server.timesource import FileClock

DAY = 86400
TURN = {"kind": "turn", "per_move_s": DAY, "bank_s": DAY, "zombie_bot": "random"}
START_S = 60.0
SRC = Path(dragontable.__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def set_offset(path: Path, seconds: float) -> None:
    """Move the server's clock: write the offset atomically, in a file only we may write."""
    fresh = path.with_suffix(".new")
    fresh.write_text(f"{seconds}\n")
    fresh.chmod(0o600)
    fresh.replace(path)


class Server:
    """``dragontable serve`` over one SQLite file with a fake clock, killed with SIGKILL."""

    def __init__(self, tmp: Path) -> None:
        self.db = f"sqlite:///{tmp / 'tables.sqlite3'}"
        self.clock = tmp / "clock"
        set_offset(self.clock, 0)
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "dragontable.cli", "serve", "--port", str(self.port)]
        command += ["--db", self.db, "--fake-clock", str(self.clock), "--bot-delay", "0"]
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        self.proc = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        end = time.monotonic() + START_S
        while True:
            try:
                self.get("/api/tables")
                return
            except OSError:
                assert self.proc.poll() is None, "the server stopped"
                assert time.monotonic() < end, "the server did not start"
                time.sleep(0.1)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=15)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as r:
            return json.load(r)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.load(r)


@contextmanager
def running(server: Server) -> Iterator[Server]:
    server.start()
    try:
        yield server
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.kill()


def wait(check: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while not (got := check()):
        assert time.monotonic() < end, "condition not reached in time"
        time.sleep(0.1)
    return got


def play_turn(server: Server, table_id: str, token: str, seat: int) -> None:
    """Play ``seat``'s first legal actions until another seat is to move."""
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}?token={token}"
    with connect(url) as ws:
        while True:
            msg = json.loads(ws.recv())
            if msg["type"] != "update":
                continue
            if msg["current_player"] != seat:
                return
            if msg["your_turn"] and msg["legal_actions"]:
                ws.send(json.dumps({"action": msg["legal_actions"][0]}))


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_a_kill_9_mid_clock_keeps_the_deadline_and_the_zombie_moves_after_restart(
    tmp_path: Path, game: str
) -> None:
    server = Server(tmp_path)
    with running(server):
        body = {"game": game, "players": 2, "seed": 11, "seats": ["human", "human"]}
        created = server.post("/api/tables", {**body, "clock": TURN})
        tid, first = created["id"], created["table"]["current_player"]
        late = 1 - first
        tokens = {i["seat"]: i["token"] for i in created["invitations"]}
        play_turn(server, tid, tokens[first], first)
        before = server.get(f"/api/tables/{tid}")
        assert before["current_player"] == late and before["seats"][late]["deadline"]
        server.kill()  # mid-clock: seat `late` is thinking

    with running(server):  # back after a moment: the same deadline, nothing decided
        again = server.get(f"/api/tables/{tid}")
        assert again["seats"][late]["deadline"] == before["seats"][late]["deadline"]
        assert again["n_actions"] == before["n_actions"] and not again["seats"][late]["zombie"]
        server.kill()

    set_offset(server.clock, 2 * DAY + 60)  # the deadline passes while the server is down
    with running(server):
        after = wait(lambda: _zombie_moved(server.get(f"/api/tables/{tid}"), late, before))
        now = dt.datetime.fromisoformat(after["clock"]["now"])
        assert after["seats"][late]["zombie"] and after["seats"][late]["deadline"] is None
        if after["current_player"] == first:  # the next seat's clock runs from now
            mine = dt.datetime.fromisoformat(after["seats"][first]["deadline"])
            assert now < mine <= now + dt.timedelta(days=2, minutes=1)
        server.kill()
    stored = Store(server.db).load(tid)
    assert stored is not None and stored.seats[late].zombie
    assert any(stored.zombie_actions) and not any(stored.zombie_actions[: before["n_actions"]])


def _zombie_moved(info: dict[str, Any], late: int, before: dict[str, Any]) -> Any:
    """``info`` once the zombie has played seat ``late`` and handed the turn on."""
    moved = info["n_actions"] > before["n_actions"] and info["current_player"] != late
    return info if moved and info["seats"][late]["zombie"] else None


def test_serve_refuses_a_fake_clock_anyone_could_move(tmp_path: Path) -> None:
    clock = tmp_path / "clock"
    set_offset(clock, 0)
    base = [sys.executable, "-m", "dragontable.cli", "serve", "--port", str(free_port())]
    env = {**os.environ, "PYTHONPATH": str(SRC)}

    def refused(*args: str) -> str:
        done = subprocess.run([*base, *args], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        return done.stderr

    assert "loopback" in refused("--host", "0.0.0.0", "--fake-clock", str(clock))
    clock.chmod(0o622)
    assert "writable by other users" in refused("--fake-clock", str(clock))
    link = tmp_path / "link"
    link.symlink_to(clock)
    assert "not a regular file" in refused("--fake-clock", str(link))
    assert "cannot read" in refused("--fake-clock", str(tmp_path / "missing"))


def test_the_file_clock_only_moves_forward_and_ignores_what_it_cannot_trust(
    tmp_path: Path,
) -> None:
    path = tmp_path / "clock"
    set_offset(path, 100)
    clock = FileClock(path)
    ahead = clock.now() - dt.datetime.now(dt.UTC)
    assert dt.timedelta(seconds=99) < ahead < dt.timedelta(seconds=101)
    for text in ("50", "nan", "-5", "1e300", "soon", "9" * 80):
        path.write_text(text)
        assert clock.now() - dt.datetime.now(dt.UTC) > dt.timedelta(seconds=99), text
    set_offset(path, 500)
    path.chmod(0o666)  # anyone could move it now: ignored
    assert clock.now() - dt.datetime.now(dt.UTC) < dt.timedelta(seconds=101)
    path.chmod(0o600)
    assert clock.now() - dt.datetime.now(dt.UTC) > dt.timedelta(seconds=499)
