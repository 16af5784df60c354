"""``dragontable serve``: one process, or ``--workers N`` uvicorn processes on one port.

uvicorn starts each worker afresh from an import string, so the settings travel in the
environment variable ``DRAGONTABLE_SERVE`` (JSON) and :func:`create_app_from_env` reads
them there. Several processes need PostgreSQL (they hear of each other's moves through
``LISTEN/NOTIFY``, :mod:`fanout`); SQLite stays one process.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI

from ..core.datafiles import configure_data_dirs
from .app import create_app
from .botworker import start_workers, stop_workers
from .config import BOT_MAX_SECONDS, LEASE_S, ServerConfig
from .db import Store
from .mail import MailSettings
from .timesource import FileClock

ENV = "DRAGONTABLE_SERVE"
APP_FACTORY = "dragontable.server.serving:create_app_from_env"


class ServeError(ValueError):
    """Settings ``serve`` cannot run with; the message says what to change."""


@dataclasses.dataclass
class ServeSettings:
    """What each server process is built from (plain values: they travel as JSON)."""

    db_url: str
    bot_delay: float
    config: dict[str, Any]
    """:class:`ServerConfig` fields given on the command line."""
    public_url: str
    fake_clock: str | None = None
    smtp: str | None = None
    data_dirs: list[str] = dataclasses.field(default_factory=list)

    def app(self) -> FastAPI:
        """The application of one server process."""
        configure_data_dirs([Path(d) for d in self.data_dirs])
        clock = FileClock(Path(self.fake_clock)) if self.fake_clock else None
        mail = MailSettings(self.smtp, self.public_url) if self.smtp else None
        return create_app(
            self.db_url,
            bot_delay=self.bot_delay,
            config=ServerConfig(**self.config),
            clock=clock,
            mail=mail,
        )


def settings_from_args(
    args: argparse.Namespace, url: str, public: str, dirs: Sequence[Path]
) -> ServeSettings:
    """The settings of ``dragontable serve``'s parsed arguments, over the database ``url``."""
    given = {
        "max_tables_per_client": args.max_tables_per_client,
        "grace_s": args.grace,
        "max_live_tables": args.max_live_tables,
        "idle_s": args.idle,
        "processes": {"search": args.search_processes} if args.search_processes else None,
        "bot_workers": args.bot_workers,
        "api_docs": True if args.api_docs else None,
    }
    return ServeSettings(
        url,
        args.bot_delay,
        {k: v for k, v in given.items() if v is not None},
        public,
        fake_clock=str(args.fake_clock) if args.fake_clock is not None else None,
        smtp=args.smtp,
        data_dirs=[str(d) for d in dirs],
    )


def check_workers(db_url: str, workers: int) -> None:
    """Several workers need PostgreSQL: :class:`ServeError` says so for SQLite."""
    if workers < 1:
        raise ServeError(f"--workers must be at least 1, not {workers}")
    if workers > 1 and sa.engine.make_url(db_url).get_backend_name() != "postgresql":
        raise ServeError(
            f"--workers {workers} needs PostgreSQL (--db postgresql://USER@HOST/DB): "
            "SQLite serves from one process"
        )


def create_app_from_env() -> FastAPI:
    """The application from ``$DRAGONTABLE_SERVE`` (uvicorn's factory for each worker)."""
    raw = os.environ.get(ENV)
    if not raw:
        raise ServeError(f"${ENV} is not set: start workers with dragontable serve --workers N")
    return ServeSettings(**json.loads(raw)).app()


def run(settings: ServeSettings, host: str, port: int, workers: int) -> None:
    """Serve until stopped: in this process, or in ``workers`` processes on one port.

    Several workers play their bots as jobs in the database (each worker holding a
    table would otherwise search the same move): unless ``--bot-workers external``
    says bot workers run elsewhere, ``serve`` starts one bot worker per server worker
    beside them (:mod:`botworker`) and stops them when it stops."""
    import uvicorn

    check_workers(settings.db_url, workers)
    if workers == 1:
        uvicorn.run(settings.app(), host=host, port=port)
        return
    local_bots = settings.config.get("bot_workers", "local") == "local"
    settings.config["bot_workers"] = "external"
    os.environ[ENV] = json.dumps(dataclasses.asdict(settings))
    bots: list[BaseProcess] = []
    if local_bots:
        Store(settings.db_url).migrate()  # before the bot workers ask for jobs
        bots = start_workers(settings.db_url, workers, LEASE_S, BOT_MAX_SECONDS)
    try:
        uvicorn.run(APP_FACTORY, factory=True, host=host, port=port, workers=workers)
    finally:
        stop_workers(bots)
