"""The differential leak test: nothing the server sends depends on a secret one cannot see.

For each game, two tables play the same game except for one seat's secret choice (a
Dragon person card, a Ming Dynasty return commitment, a Chang Cheng face-down card),
made two ways that the other seats cannot tell apart (see ``tests/core/secrets.py``).
Then every kind of message the server sends is provoked at both tables: updates,
presence, errors, hints, undo offers, refusals and results, seats handed to a bot and
taken back, the lobby and table lists, the refused record, history and replay. Every
byte the other seats and a spectator receive must be the same at both tables (once the
random table id and the clock's timestamps are replaced by placeholders).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from tests.core.secrets import UNREVEALED, Twins, find_twins

from .conftest import ws_url

CONFIG = ServerConfig(grace_s=0, hint_iterations=40)
"""No grace period (a countdown would depend on the clock) and reproducible hints."""

CASES = [
    ("dragon", 3, {}),
    ("dragon", 2, {"great_event": "hidden_random"}),
    ("ming", 3, {}),
    ("changcheng", 2, {}),
    ("changcheng", 3, {}),
]
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[.\d]*(?:[+-]\d\d:\d\d|Z)?")
PING = {"ping": True}
"""A message every connection answers with a ``bad_message`` error: marks the end."""


def _twins(game: str, players: int, options: dict[str, Any]) -> Twins:
    """The first secret choice with an indistinguishable alternative, a few moves in."""
    for seed in range(1, 30):
        for twins in find_twins(game, players, seed, options, UNREVEALED.get(game)):
            if len(twins.prefix) >= players * 2:
                return twins
    raise AssertionError(f"no secret choice met in {game}")


class Table:
    """One table of the pair: its client, and per connection (a seat, or None for the
    spectator) its socket and every message it received."""

    def __init__(self, client: TestClient, twins: Twins) -> None:
        self.client, self.twins = client, twins
        body = {
            "game": twins.game,
            "players": twins.players,
            "seed": twins.seed,
            "options": twins.options,
            "seats": ["human"] * twins.players,
        }
        resp = client.post("/api/tables", json=body)
        assert resp.status_code == 201, resp.text
        self.created = resp.json()
        self.id = self.created["id"]
        self.socks: dict[int | None, WebSocketTestSession] = {}
        self.logs: dict[int | None, list[str]] = {}
        self.n = 0
        self.current: int | None = None

    def normalise(self, text: str) -> str:
        return TIMESTAMP.sub("<time>", text.replace(self.id, "<id>"))

    def send(self, who: int | None, message: dict[str, Any]) -> None:
        self.socks[who].send_json(message)

    def receive(self, who: int | None) -> dict[str, Any]:
        """The connection's next message, kept in its log."""
        msg: dict[str, Any] = self.socks[who].receive_json()
        self.logs.setdefault(who, []).append(self.normalise(json.dumps(msg, sort_keys=True)))
        if msg["type"] == "update":
            self.n, self.current = msg["n_actions"], msg["current_player"]
        return msg

    def wait(self, who: int | None, kind: str) -> dict[str, Any]:
        """Read ``who``'s messages until one of type ``kind``."""
        while (msg := self.receive(who))["type"] != kind:
            pass
        return msg

    def play(self, actions: tuple[str, ...]) -> None:
        """Play the moves not yet played (the server applies public forced ones itself)."""
        while self.n < len(actions):
            seat = self.current
            assert seat is not None
            before = self.n
            self.send(seat, {"action": actions[self.n]})
            while self.n <= before:
                msg = self.receive(seat)
                assert msg["type"] != "error" or msg["code"] != "illegal", msg

    def drain(self, who: int | None) -> None:
        """Read everything ``who`` was sent so far (up to the answer to a ping)."""
        self.send(who, PING)
        while True:
            msg = self.receive(who)
            if msg["type"] == "error" and msg["code"] == "bad_message":
                self.logs[who].pop()
                return


def _connect(table: Table) -> None:
    for seat in [*range(table.twins.players), None]:
        table.socks[seat] = table.client.websocket_connect(ws_url(table.created, seat)).__enter__()


def _close(table: Table) -> None:
    for ws in table.socks.values():
        ws.__exit__(None, None, None)
    table.socks.clear()


def _until_all_left(table: Table, seconds: float = 10.0) -> None:
    """Wait until the server has seen every closed socket go: a late "left" presence
    would otherwise reach the fresh connections at one table and not the other."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seats = table.client.get(f"/api/tables/{table.id}").json()["seats"]
        if not any(s["connected"] for s in seats):
            return
        time.sleep(0.02)
    raise AssertionError("the server still counts a closed socket as connected")


def _drain_until_all_here(table: Table, who: int | None, rounds: int = 50) -> None:
    """Read ``who``'s messages until the last one naming who is connected names every
    seat: the joins of the seats after it reach it in their own time."""
    for _ in range(rounds):
        table.drain(who)
        told = [json.loads(m) for m in table.logs.get(who, [])]
        last = [m["connected"] for m in told if "connected" in m][-1:]
        if last and all(last[0]):
            return
        time.sleep(0.02)
    raise AssertionError(f"connection {who} never heard that every seat is here")


def _start(table: Table) -> None:
    """Play the prefix with sockets thrown away after, then connect every seat and a
    spectator afresh: only what follows is compared."""
    _connect(table)
    table.wait(0, "update")
    table.play(table.twins.prefix)
    _close(table)
    _until_all_left(table)
    _connect(table)
    for who in table.socks:
        _drain_until_all_here(table, who)
    table.logs.clear()


def _probe(table: Table, which: str) -> None:
    """Make the secret choice, then provoke every kind of message the server sends."""
    twins = table.twins
    mover, moves = twins.mover, twins.prefix + (twins.a if which == "a" else twins.b)
    table.play(moves)
    other = table.current
    assert other is not None and other != mover
    # errors: a wrong move, an undo by someone without a decision, a spectator's move
    for who in twins.others:
        table.send(who, {"action": "nonsense"})
        table.send(who, {"undo": True})
    # a hint for the seat to move, asked twice (the second is the same answer)
    table.send(other, {"hint": True})
    table.wait(other, "hint")
    table.send(other, {"hint": True})
    # an undo offer declined, then one accepted by all: the mover takes its move back
    table.send(mover, {"undo": True})
    declining = next(s for s in range(twins.players) if s != mover)
    table.wait(declining, "undo_offer")
    table.send(declining, {"undo_reply": False})
    table.wait(mover, "undo_dropped")
    table.send(mover, {"undo": True})
    for seat in range(twins.players):
        if seat != mover:
            table.wait(seat, "undo_offer")
            table.send(seat, {"undo_reply": True})
    table.wait(mover, "undone")
    table.wait(mover, "update")
    table.play(moves)
    # a seat lets a bot play for it, then takes the seat back: a third seat where there
    # is one (in Ming Dynasty the seat to move could reveal the returns), else the seat to
    # move, whose bot then plays (searching from that seat's knowledge alone)
    handed = next((s for s in range(twins.players) if s not in (mover, other)), other)
    table.send(handed, {"hand_to_bot": handed, "bot": "greedy"})
    table.wait(handed, "seat_change")
    while table.current == handed:
        table.wait(handed, "update")
    table.send(handed, {"reclaim": True})
    table.wait(handed, "seat_change")
    # someone comes to watch and goes again (nobody is told: presence is about seats)
    with table.client.websocket_connect(ws_url(table.created)) as visitor:
        visitor.receive_json()
    # a seat closes its page and comes back: the others hear it go, then return
    _leave_and_return(table, handed)
    for who in table.socks:
        table.drain(who)


def _leave_and_return(table: Table, seat: int) -> None:
    """Close ``seat``'s socket, wait until the server has seen it go, then reconnect
    and read up to its welcome (by then the others were told it is back)."""
    table.drain(seat)
    table.socks.pop(seat).__exit__(None, None, None)
    deadline = time.monotonic() + 10.0
    while table.client.get(f"/api/tables/{table.id}").json()["seats"][seat]["connected"]:
        assert time.monotonic() < deadline, "the server never saw the seat's socket close"
        time.sleep(0.02)
    table.socks[seat] = table.client.websocket_connect(ws_url(table.created, seat)).__enter__()
    table.wait(seat, "welcome")


def _http(table: Table) -> list[str]:
    """What anyone may ask over HTTP about the table, answers normalised."""
    out = []
    for path in ("/api/tables", f"/api/tables/{table.id}"):
        out.append(table.normalise(table.client.get(path).text))
    for path in ("record", "history", "replay?step=1"):
        resp = table.client.get(f"/api/tables/{table.id}/{path}")
        out.append(f"{resp.status_code} {table.normalise(resp.text)}")
    return out


def _run(tmp_path: Path, twins: Twins, which: str) -> dict[str, list[str]]:
    """One table of the pair: what each other seat, the spectator and HTTP saw."""
    url = f"sqlite:///{tmp_path / f'{which}.sqlite3'}"
    with TestClient(create_app(url, bot_delay=0, config=CONFIG)) as client:
        table = Table(client, twins)
        _start(table)
        try:
            _probe(table, which)
            seen = {str(who): table.logs.get(who, []) for who in twins.others}
            seen["http"] = _http(table)
            return seen
        finally:
            _close(table)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_byte_others_receive_is_the_same_whichever_secret_choice(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    twins = _twins(game, players, options)
    one = _run(tmp_path, twins, "a")
    two = _run(tmp_path, twins, "b")
    assert one.keys() == two.keys()
    for who in one:
        assert len(one[who]) == len(two[who]), who
        for got, other in zip(one[who], two[who], strict=True):
            assert got == other, (who, twins)
    kinds = {json.loads(m)["type"] for who in one if who != "http" for m in one[who]}
    assert {"update", "presence", "error", "hint", "undo_offer", "undo_dropped"} <= kinds
    assert {"undone", "seat_change"} <= kinds
