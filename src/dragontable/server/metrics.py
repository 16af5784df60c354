"""``GET /metrics``: the server's figures in the Prometheus text format (version 0.0.4).

* ``dragontable_actions_total{result="ok"|"refused"}``: client actions handled;
* ``dragontable_action_seconds``: histogram of the server's handling time of one client
  action (from its message to its commit and broadcast, or its refusal);
* ``dragontable_live_tables``, ``dragontable_connections``: held in this process now;
* ``dragontable_bot_queue_depth``: bot jobs waiting or running (the database's queue with
  bot workers of their own, else this server's pool's waiting jobs).

Each server process counts its own; Prometheus sums the workers.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.responses import PlainTextResponse

from .botpool import LANES

if TYPE_CHECKING:
    from .tables import TableManager

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Upper bounds (seconds) of the action-time histogram's buckets (``+Inf`` added)."""
RESULTS = ("ok", "refused")


class Metrics:
    """The counters of one server process."""

    def __init__(self) -> None:
        self.actions = dict.fromkeys(RESULTS, 0)
        self.buckets = [0] * (len(BUCKETS) + 1)
        self.seconds_sum = 0.0

    def observe(self, message: Any, seconds: float, reply: Any) -> None:
        """Count a client message that took ``seconds`` if it was an action."""
        if not (isinstance(message, dict) and "action" in message):
            return
        self.actions["ok" if reply is None else "refused"] += 1
        self.seconds_sum += seconds
        i = next((i for i, bound in enumerate(BUCKETS) if seconds <= bound), len(BUCKETS))
        self.buckets[i] += 1

    def render(self, live: int, connections: int, queue: int) -> str:
        """The exposition text."""
        out = _head("dragontable_actions_total", "counter", "client actions handled")
        out += [f'dragontable_actions_total{{result="{r}"}} {n}' for r, n in self.actions.items()]
        out += _head("dragontable_action_seconds", "histogram", "handling time of an action")
        total = 0
        for bound, n in zip([*map(repr, BUCKETS), "+Inf"], self.buckets):
            total += n
            out.append(f'dragontable_action_seconds_bucket{{le="{bound}"}} {total}')
        out.append(f"dragontable_action_seconds_sum {self.seconds_sum!r}")
        out.append(f"dragontable_action_seconds_count {total}")
        for name, kind, text, value in (
            ("dragontable_live_tables", "gauge", "tables held in memory", live),
            ("dragontable_connections", "gauge", "open table sockets", connections),
            ("dragontable_bot_queue_depth", "gauge", "bot jobs waiting or running", queue),
        ):
            out += [*_head(name, kind, text), f"{name} {value}"]
        return "\n".join(out) + "\n"


def _head(name: str, kind: str, text: str) -> list[str]:
    return [f"# HELP {name} {text}", f"# TYPE {name} {kind}"]


async def queue_depth(manager: TableManager) -> int:
    """Bot jobs waiting: the database's queue with bot workers, else the local pool's."""
    if manager.bot_jobs is not None:
        return await asyncio.to_thread(manager.bot_jobs.queue.depth)
    return sum(manager.pool.pending(lane) for lane in LANES)


def metrics_routes(app: FastAPI) -> None:
    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> PlainTextResponse:
        manager: TableManager = request.app.state.manager
        live = list(manager.live.values())
        connections = sum(len(t.conns) for t in live)
        text = request.app.state.metrics.render(len(live), connections, await queue_depth(manager))
        return PlainTextResponse(text, media_type=CONTENT_TYPE)
