"""Fair use of the machine: one table's searching bots and one seat's hint requests do not
hold up another table's quick bot (bots run in worker processes, lanes apart)."""

from __future__ import annotations

import contextlib
import statistics
import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.core.rng import Rng
from dragontable.server import create_app
from dragontable.server.config import BOT_MAX_SECONDS

from .conftest import new_table, next_message, next_update, ws_url

MAX_DELAY_S = 0.2
"""How much later another table's greedy bot may answer while the machine is busy."""
HEAVY_BOT = f"bot:mcts:{BOT_MAX_SECONDS:g}s"
"""The most expensive bot the server allows: its full CPU budget every move."""
SPAMMERS = 8
ANSWERS = 8


def _answer_time(
    ws: WebSocketTestSession, update: dict[str, Any], rng: Rng
) -> tuple[float | None, dict[str, Any]]:
    """Play one random move at a human-vs-greedy table; seconds until the bot has
    answered (None if the bot did not move before it was our turn again)."""
    sent = time.perf_counter()
    ws.send_json({"action": rng.choice(update["legal_actions"])})
    bot_moved = False
    while True:
        update = next_update(ws)
        bot_moved = bot_moved or any(a["seat"] == 1 for a in update["actions"])
        if update["over"] or update["your_turn"]:
            return (time.perf_counter() - sent if bot_moved else None), update


def _times(
    ws: WebSocketTestSession, update: dict[str, Any], rng: Rng, spam: Any
) -> tuple[list[float], dict[str, Any]]:
    """The bot's answer times over ``ANSWERS`` answers (``spam()`` before each move)."""
    out: list[float] = []
    while not update["your_turn"]:
        update = next_update(ws)
    while len(out) < ANSWERS and not update["over"]:
        spam()
        took, update = _answer_time(ws, update, rng)
        if took is not None:
            out.append(took)
    return out, update


def test_heavy_bots_and_hint_spam_elsewhere_do_not_delay_a_greedy_bot(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as client:
        quick = new_table(client, seats=["human", "bot:greedy"], seed=3)
        rng = Rng(5)
        with client.websocket_connect(ws_url(quick, 0)) as ws:
            update = next_update(ws)
            quiet, update = _times(ws, update, rng, lambda: None)
            heavy = new_table(client, players=5, seats=[HEAVY_BOT] * 5, seed=4)
            hinted = new_table(client, seats=["human", "bot:greedy"], seed=6)
            with contextlib.ExitStack() as stack:
                spammers = [
                    stack.enter_context(client.websocket_connect(ws_url(hinted, 0)))
                    for _ in range(SPAMMERS)
                ]
                for spammer in spammers:
                    next_update(spammer)

                def spam() -> None:
                    for spammer in spammers:
                        spammer.send_json({"hint": True})

                time.sleep(0.5)  # the heavy table's first search is under way
                busy, _ = _times(ws, update, rng, spam)
                answers = [next_message(s, "hint") for s in spammers[:1]]
                info = client.get(f"/api/tables/{heavy['id']}").json()
    assert answers and answers[0]["actions"]
    assert info["status"] == "running" and "bot_error" not in info
    assert len(quiet) == len(busy) == ANSWERS
    baseline = statistics.median(quiet)
    print(f"greedy answers: quiet {quiet}, busy {busy}")
    assert max(busy) - baseline < MAX_DELAY_S, (quiet, busy)
