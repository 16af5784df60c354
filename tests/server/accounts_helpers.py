"""Players with accounts in the in-process server: sign-up, requests in their name, play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from .conftest import new_table, token_of, ws_url

PASSWORD = "correct horse battery"
HTTPS = "https://testserver"
"""Accounts need HTTPS away from loopback addresses: the tests' client speaks it."""


@dataclass
class Player:
    """A signed-in player: its session cookie and CSRF token (the client keeps no cookies,
    so that several players share one client)."""

    name: str
    session: str
    csrf: str

    def headers(self, csrf: bool = True) -> dict[str, str]:
        out = {"cookie": f"dt_session={self.session}"}
        if csrf:
            out["X-CSRF-Token"] = self.csrf
        return out


def sign_up(client: TestClient, name: str, email: str | None = None) -> Player:
    body = {"name": name, "password": PASSWORD, "email": email}
    resp = client.post("/api/account/signup", json=body)
    assert resp.status_code == 201, resp.text
    session = resp.cookies["dt_session"]
    client.cookies.clear()
    return Player(name, session, resp.json()["csrf"])


def attach(client: TestClient, player: Player, created: dict[str, Any], seat: int) -> None:
    resp = client.post(
        f"/api/tables/{created['id']}/attach",
        json={"token": token_of(created, seat)},
        headers=player.headers(),
    )
    assert resp.status_code == 200, resp.text


def rated_table(client: TestClient, a: Player, b: Player, **body: Any) -> dict[str, Any]:
    """A 2-player table (opened by ``a``) with seat 0 attached to ``a``, seat 1 to ``b``."""
    resp = client.post(
        "/api/tables",
        json={"game": "dragon", "players": 2, "seed": 7, "seats": ["human", "human"], **body},
        headers=a.headers(),
    )
    assert resp.status_code == 201, resp.text
    created: dict[str, Any] = resp.json()
    attach(client, a, created, 0)
    attach(client, b, created, 1)
    return created


def connect(client: TestClient, created: dict[str, Any], player: Player) -> WebSocketTestSession:
    """The player's socket at the table, opened by its session alone (no token)."""
    return client.websocket_connect(ws_url(created), headers=player.headers(csrf=False))


def update(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next ``update``, skipping every other message but an error."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] == "update":
            return msg


def play_turn(ws: WebSocketTestSession, last: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal action while it is this socket's turn; the last update."""
    while last["your_turn"] and not last["over"]:
        ws.send_json({"action": last["legal_actions"][0]})
        last = update(ws)
    return last


def catch_up(ws: WebSocketTestSession, last: dict[str, Any], n: int) -> dict[str, Any]:
    """Read updates until this socket has seen ``n`` actions."""
    while last["n_actions"] < n:
        last = update(ws)
    return last


def play_to_end(socks: dict[int, WebSocketTestSession]) -> dict[str, Any]:
    """Play every seat's first legal action until the game is over; the final update."""
    seen = {seat: update(ws) for seat, ws in socks.items()}
    while True:
        latest = max(seen.values(), key=lambda u: u["n_actions"])
        if latest["over"]:
            return latest
        seat = latest["current_player"]
        seen[seat] = play_turn(socks[seat], catch_up(socks[seat], seen[seat], latest["n_actions"]))


def guest_table(client: TestClient) -> dict[str, Any]:
    return new_table(client)
