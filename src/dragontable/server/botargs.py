"""The ``dragontable bots`` subcommand's arguments, read without loading the server's
stack: the workers themselves (``botworker``) load it when the command runs."""

from __future__ import annotations

import argparse
from typing import Any

from .config import BOT_MAX_SECONDS

LEASE_S = 30.0
"""How long a claim holds by default; it must outlast the longest bot move."""


def add_parser(sub: Any) -> None:
    """The ``bots`` subcommand."""
    p = sub.add_parser("bots", help="run bot workers: bot moves and hints from the database")
    p.add_argument("--db", help="the table servers' database URL (default: $DATABASE_URL)")
    p.add_argument("--processes", type=int, default=1, help="claim loops in parallel")
    p.add_argument("--lease", type=float, default=LEASE_S, help="seconds a claim holds")
    p.add_argument(
        "--max-seconds", type=float, default=BOT_MAX_SECONDS, help="CPU cap of one bot move"
    )
    p.set_defaults(func=cmd_bots)


def cmd_bots(args: argparse.Namespace) -> int:
    """``dragontable bots``: the workers' own command (``botworker.cmd_bots``)."""
    from .botworker import cmd_bots as run

    return run(args)
