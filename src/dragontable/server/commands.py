"""The ``dragontable serve`` and ``dragontable bots`` subcommands: their arguments, read
without loading the server's stack, which each command loads when it runs."""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
from pathlib import Path
from typing import Any

from ..argtypes import positive_int, seconds
from .config import BOT_MAX_SECONDS, LEASE_S

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def port_number(text: str) -> int:
    """A TCP port, 0 (any free one) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number 0-65535, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number 0-65535, not {port}")
    return port


def port_problem(host: str, port: int) -> str | None:
    """Why ``serve`` cannot listen on ``host:port`` (in use, unknown host…), or None."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        return f"cannot listen on {host!r}: {exc.strerror}; give --host (or HOST) an address"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (
                    f"port {port} on {host} is already in use (another server?); "
                    f"choose another: --port N, or PORT=N make run"
                )
            return f"cannot listen on {host}:{port}: {exc.strerror}"
    return None


def add_parsers(sub: Any) -> None:
    """The ``serve`` and ``bots`` subcommands."""
    add_serve_parser(sub)
    add_bots_parser(sub)


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` subcommand."""
    p = sub.add_parser("serve", help="run the table server: lobby and live play in the browser")
    p.add_argument(
        "--host",
        default=os.environ.get("HOST") or DEFAULT_HOST,
        help=f"address to listen on (default: $HOST, else {DEFAULT_HOST})",
    )
    p.add_argument(
        "--port",
        type=port_number,
        default=os.environ.get("PORT") or DEFAULT_PORT,
        help=f"port to listen on (default: $PORT, else {DEFAULT_PORT})",
    )
    p.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="server processes on the one port (more than 1 needs PostgreSQL; default 1)",
    )
    p.add_argument(
        "--db",
        help="SQLAlchemy database URL (default: $DATABASE_URL, else sqlite:///dragontable.sqlite3)",
    )
    p.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds a bot waits before each move"
    )
    p.add_argument(
        "--max-tables-per-client",
        type=positive_int,
        metavar="N",
        help="most tables one client address may open in the server's window "
        "(default: see 'Input limits' in docs/server.md)",
    )
    p.add_argument(
        "--grace",
        type=seconds,
        metavar="SECONDS",
        help="how long an absent player's seat stays theirs before others may hand it to a "
        "bot (default 60)",
    )
    p.add_argument(
        "--max-live-tables", type=positive_int, metavar="N", help="tables held in memory at once"
    )
    p.add_argument(
        "--idle",
        type=seconds,
        metavar="SECONDS",
        help="a table nobody watches leaves memory after this (default 300)",
    )
    p.add_argument(
        "--search-processes",
        type=positive_int,
        metavar="N",
        help="worker processes for searching bots (default 1; quick bots and hints have one each)",
    )
    p.add_argument(
        "--bot-workers",
        choices=("local", "external"),
        default="local",
        help="external: bot moves and hints are jobs for 'dragontable bots' (default: local pool)",
    )
    p.add_argument(
        "--fake-clock",
        type=Path,
        metavar="FILE",
        help="TESTS ONLY: the table clocks run ahead of the system's by the seconds written "
        "in FILE (a file of this user that no one else may write; loopback --host only)",
    )
    p.add_argument(
        "--smtp",
        metavar="URL",
        help="send your-turn e-mails through this SMTP server: "
        "smtp://[user:password@]host[:port][?from=address] or smtps://… (default: no e-mail)",
    )
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players reach this server at, for links in e-mails "
        "(default: http://HOST:PORT)",
    )
    p.add_argument(
        "--api-docs",
        action="store_true",
        help="serve the API's pages /docs, /redoc and /openapi.json (default: off)",
    )
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """``dragontable serve``: the table server, its database and bot workers."""
    from ..core.datafiles import data_dirs
    from .app import database_url
    from .db import describe_url
    from .mail import MailSettings
    from .serving import ServeError, check_workers, run, settings_from_args
    from .timesource import FakeClockError, check_fake_clock

    if args.fake_clock is not None:
        try:
            check_fake_clock(args.fake_clock, args.host)
        except FakeClockError as exc:
            print(f"dragontable: {exc}", file=sys.stderr)
            return 2
    url = database_url(args.db)
    try:
        check_workers(url, args.workers)
    except ServeError as exc:
        print(f"dragontable: {exc}", file=sys.stderr)
        return 2
    if problem := port_problem(args.host, args.port):
        print(f"dragontable: {problem}", file=sys.stderr)
        return 2
    public = args.public_url or f"http://{args.host}:{args.port}"
    print(f"dragontable: database {describe_url(url)}", flush=True)
    print(f"dragontable: open http://{args.host}:{args.port}/ in a browser", flush=True)
    if args.fake_clock is not None:
        print(
            f"dragontable: TEST CLOCK, moved by {args.fake_clock}: not for real games", flush=True
        )
    if args.smtp:
        print(
            f"dragontable: your-turn e-mails through {MailSettings(args.smtp, public).describe()}",
            flush=True,
        )
    run(settings_from_args(args, url, public, data_dirs()), args.host, args.port, args.workers)
    return 0


def add_bots_parser(sub: Any) -> None:
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
