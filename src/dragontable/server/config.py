"""What one table server allows, and how it shares its machine among tables.

Every figure here is a ``dragontable serve`` flag; ``docs/server.md`` ("Security model")
explains each one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..review import DEFAULT_ITERATIONS as REVIEW_ITERATIONS
from .limits import MAX_TABLES_PER_CLIENT, TABLE_WINDOW_S

GRACE_S = 60.0
BOT_MAX_SECONDS = 10.0
MAX_LIVE_TABLES = 2000
IDLE_S = 300.0
CLOCK_TICK_S = 1.0
BOT_WORKERS = ("local", "external")
LEASE_S = 4.0
"""How long a bot worker's claim on a job holds by default; the worker renews it every
second while the job runs (``botjobs.renew_every``), so a dead worker's table waits at
most this long for another to take its move over."""


@dataclass(frozen=True)
class ServerConfig:
    """Limits and shares of one server (defaults suit one machine of a few cores).

    * ``grace_s``: how long a disconnected player's seat stays theirs before another
      player may hand it to a bot (counted down on every page);
    * ``bot_max_seconds``: CPU seconds one bot move may take (the lobby refuses bots
      that would need more; the search stops there in any case);
    * ``hint_iterations``: search iterations of a hint (None: half a CPU second);
    * ``review_iterations``: search iterations per decision of a game review;
    * ``max_live_tables``: tables held in memory at once (idle ones leave first; past
      it, no new table is opened);
    * ``idle_s``: a table nobody is connected to, and no bot is playing, leaves memory
      after this many seconds (a finished one at once) and is read back on the next
      visit;
    * ``processes``: worker processes per lane (``quick``, ``search``, ``hint``);
    * ``max_tables_per_client`` tables opened from one client address in any
      ``table_window_s`` seconds;
    * ``bot_workers``: ``local`` (bots run in this server's own pool) or ``external``
      (bot moves and hints are jobs in the database for ``dragontable bots``);
    * ``clock_tick_s``: how often the table clocks' deadlines are checked (a seat whose
      time ran out is handed to the zombie bot at most this late);
    * ``api_docs``: serve FastAPI's API pages ``/docs``, ``/redoc`` and
      ``/openapi.json`` (off: they are 404s).
    """

    grace_s: float = GRACE_S
    bot_max_seconds: float = BOT_MAX_SECONDS
    hint_iterations: int | None = None
    review_iterations: int = REVIEW_ITERATIONS
    max_live_tables: int = MAX_LIVE_TABLES
    idle_s: float = IDLE_S
    processes: Mapping[str, int] = field(default_factory=dict)
    max_tables_per_client: int = MAX_TABLES_PER_CLIENT
    table_window_s: float = TABLE_WINDOW_S
    clock_tick_s: float = CLOCK_TICK_S
    bot_workers: str = "local"
    api_docs: bool = False

    def __post_init__(self) -> None:
        for name in ("grace_s", "bot_max_seconds", "idle_s", "table_window_s", "clock_tick_s"):
            value = getattr(self, name)
            if not 0 <= value < float("inf"):
                raise ValueError(f"{name} must be a non-negative number of seconds, not {value}")
        for name in ("max_live_tables", "max_tables_per_client"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if not self.clock_tick_s > 0:
            raise ValueError("clock_tick_s must be more than 0 seconds")
        if self.hint_iterations is not None and self.hint_iterations < 1:
            raise ValueError("hint_iterations must be at least 1")
        if self.bot_workers not in BOT_WORKERS:
            raise ValueError(f"bot_workers must be one of {', '.join(BOT_WORKERS)}")
        if self.review_iterations < 1:
            raise ValueError("review_iterations must be at least 1")
