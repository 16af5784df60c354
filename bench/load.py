"""Load test of the table server: N concurrent tables played over WebSockets on loopback.

Starts ``dragontable serve`` itself (uvicorn, a temporary SQLite file unless ``--db``
names a database or ``--pg`` asks for a throwaway PostgreSQL cluster; ``--server
HOST:PORT`` drives a running one instead). ``--workers N`` passes ``--workers N`` to
``serve`` where it has that flag; otherwise it starts N ``serve`` processes on N ports
over the one database and spreads the tables over them (each table's sockets go to the
server that opened it: no fan-out needed). Then it
keeps ``--tables`` tables busy for ``--duration`` seconds: each table mixes seats driven
by this script (one WebSocket per seat, with its token) and ``random`` bot seats played
by the server. When a driven seat's update says ``your_turn`` it thinks (uniformly 0.5
to 1.5 times ``--think`` seconds), sends a legal action (seeded random) and times the
round trip to the ``update`` that acknowledges it. A finished game is replaced by a new
table; games cycle through dragon, ming and changcheng.

    .venv/bin/python bench/load.py --tables 100 --json

Prints a JSON report on stdout: tables, games finished, actions, duration_s,
actions_per_s, latency_ms (p50/p90/p99/max), errors, stale_refusals (an action refused
because another move came first, which the seat then sends again: the server working as
it should, not an error), settings, the CPU seconds of the
server (counted from when its processes have finished starting: ``settled_s`` says
how long the script waited for that) and of this script, the machine's load average, and how late this script's own
10 ms timer fired (``own_loop_lag_ms``: delays that come from the machine, not the
server). Progress goes to stderr. The server and this script share the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from dragontable.server.db import describe_url, normalize_url

GAMES = ("dragon", "ming", "changcheng")
GRACE_S = 5.0


@dataclass
class Stats:
    """What the drivers measured."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stale: int = 0  # refusals because another move came first: the protocol working
    games_finished: int = 0
    tables_opened: int = 0
    lags: list[float] = field(default_factory=list)
    stopping: bool = False  # the duration is over: finish what is in flight, start nothing
    in_flight: int = 0  # actions sent and not yet answered

    def report(self, duration: float, settings: dict[str, Any]) -> dict[str, Any]:
        """The JSON report; latencies in milliseconds."""
        lat = sorted(self.latencies)

        def pct(q: float) -> float | None:
            return round(lat[min(len(lat) - 1, int(q * len(lat)))] * 1e3, 2) if lat else None

        return {
            "tables": settings["tables"],
            "tables_opened": self.tables_opened,
            "games_finished": self.games_finished,
            "actions": len(lat),
            "duration_s": round(duration, 2),
            "actions_per_s": round(len(lat) / duration, 1) if duration else 0.0,
            "latency_ms": {"p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99), "max": pct(1.0)},
            "own_loop_lag_ms": _lag(self.lags),
            "errors": len(self.errors),
            "error_samples": self.errors[:5],
            "stale_refusals": self.stale,
            "settings": settings,
        }


def _lag(lags: list[float]) -> dict[str, float]:
    """How late this script's own 10 ms timer fired: the machine's share of the latency."""
    lag = sorted(lags) or [0.0]
    return {
        "p50": round(lag[len(lag) // 2] * 1e3, 2),
        "p99": round(lag[int(0.99 * (len(lag) - 1))] * 1e3, 2),
        "max": round(lag[-1] * 1e3, 2),
    }


async def watch_lag(stats: Stats) -> None:
    """Record how late a 10 ms sleep wakes up, for as long as the load runs."""
    while True:
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.lags.append(time.perf_counter() - before - 0.01)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=30) as r:
        return json.loads(r.read())


LOAD_CLIENT_CAP = 1_000_000
"""The server's per-address table cap for a load run: all its tables come from one address."""


def serve_has_workers() -> bool:
    """Whether ``dragontable serve`` takes ``--workers N`` (the multi-worker fan-out)."""
    cmd = [sys.executable, "-m", "dragontable.cli", "serve", "--help"]
    return "--workers" in subprocess.run(cmd, capture_output=True, text=True).stdout


def start_server(
    db_url: str, port: int, log: Path, extra: list[str] | None = None
) -> subprocess.Popen[bytes]:
    """Run ``dragontable serve`` (with ``extra`` flags) on loopback; wait until it answers."""
    env = {**os.environ, "DATABASE_URL": db_url}  # not on the command line: it may hold a password
    cmd = [sys.executable, "-m", "dragontable.cli", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--bot-delay", "0", *(extra or [])]
    cmd += ["--max-tables-per-client", str(LOAD_CLIENT_CAP)]  # every table comes from here
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited ({proc.returncode}):\n{log.read_text()[-2000:]}")
        with contextlib.suppress(OSError):
            _get(f"http://127.0.0.1:{port}/api/games")
            return proc
        time.sleep(0.2)
    stop_server(proc)
    raise RuntimeError(f"the server did not answer in 60 s:\n{log.read_text()[-2000:]}")


def cpu_seconds(pid: int) -> tuple[float, float] | None:
    """User and system CPU seconds a process has used so far; None where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Driver:
    """One seat over one WebSocket: acts on its turns and times each acknowledgement."""

    def __init__(self, seat: int, rng: random.Random, stats: Stats, think: float) -> None:
        self.seat, self.rng, self.stats, self.think = seat, rng, stats, think
        self.sent_at: float | None = None
        self.sent_n = -1
        self.sent_action = ""
        self.last: dict[str, Any] = {}

    async def play(self, ws: ClientConnection) -> bool:
        """Play until the game is over (True) or the socket closes (False)."""
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                if msg["code"] == "stale":  # another move came first: sent again below
                    self.stats.stale += 1
                else:
                    self.stats.errors.append(f"seat {self.seat}: {msg['code']}: {msg['message']}")
                self.sent_at = None  # refused: act again from the last update
                self.stats.in_flight -= 1
                msg = self.last
            elif msg["type"] != "update":
                continue
            self._acknowledged(msg)
            self.last = msg
            if msg.get("over"):
                return True
            if self.stats.stopping and self.sent_at is None:
                return False
            if msg.get("your_turn") and self.sent_at is None and msg["legal_actions"]:
                await self._act(ws, msg)
        return False

    def _acknowledged(self, update: dict[str, Any]) -> None:
        if self.sent_at is not None and update.get("n_actions", -1) > self.sent_n:
            ours = update["actions"][:1] == [{"seat": self.seat, "action": self.sent_action}]
            if not ours:
                self.stats.errors.append(f"seat {self.seat}: update without our action")
            self.stats.latencies.append(time.perf_counter() - self.sent_at)
            self.sent_at = None
            self.stats.in_flight -= 1

    async def _act(self, ws: ClientConnection, update: dict[str, Any]) -> None:
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
            if self.stats.stopping:
                return
        self.sent_action = self.rng.choice(update["legal_actions"])
        self.sent_n = update["n_actions"]
        self.sent_at = time.perf_counter()
        self.stats.in_flight += 1
        await ws.send(json.dumps({"action": self.sent_action}))


async def play_table(base: str, slot: int, n: int, args: argparse.Namespace, stats: Stats) -> bool:
    """Open table number ``n`` of a slot and drive its human seats; True if it finished."""
    game = GAMES[(slot + n) % len(GAMES)]
    humans = min(args.humans, args.players)
    seats = ["human"] * humans + ["bot:random"] * (args.players - humans)
    body = {
        "game": game,
        "players": args.players,
        "seats": seats,
        "seed": args.seed + slot * 1000 + n,
    }
    stats.tables_opened += 1  # counted before: a cancelled wait does not stop the request
    created = await asyncio.to_thread(_get, f"http://{base}/api/tables", body)
    rng = random.Random(body["seed"])
    drivers = []
    for inv in created["invitations"]:
        d = Driver(inv["seat"], random.Random(rng.random()), stats, args.think)
        url = f"ws://{base}/ws/tables/{created['id']}?token={inv['token']}"
        drivers.append(_drive(url, d, args.compression))
    done = await asyncio.gather(*drivers)
    return all(done)


async def _drive(url: str, driver: Driver, compression: bool) -> bool:
    async with connect(
        url, max_size=2**23, compression="deflate" if compression else None, open_timeout=60
    ) as ws:
        return await driver.play(ws)


async def run_slot(bases: list[str], slot: int, args: argparse.Namespace, stats: Stats) -> None:
    """Keep one table busy (on server ``slot`` mod N): a new game each time one ends."""
    base = bases[slot % len(bases)]
    await asyncio.sleep(slot * args.ramp / max(1, args.tables))
    n = 0
    while not stats.stopping:
        try:
            if await play_table(base, slot, n, args, stats):
                stats.games_finished += 1
        except (OSError, WebSocketException) as exc:  # URLError is an OSError
            stats.errors.append(f"table slot {slot}: {exc!r}")
            await asyncio.sleep(1)
        n += 1


async def progress(stats: Stats, start: float) -> None:
    while True:
        await asyncio.sleep(5)
        lat = sorted(stats.latencies[-2000:])
        p99 = lat[int(0.99 * (len(lat) - 1))] * 1e3 if lat else 0.0
        print(
            f"{time.monotonic() - start:6.1f}s actions {len(stats.latencies)} games "
            f"{stats.games_finished} errors {len(stats.errors)} recent p99 {p99:.1f} ms",
            file=sys.stderr,
            flush=True,
        )


def servers_cpu(pids: list[int]) -> tuple[float, float] | None:
    """User and system CPU seconds of the server processes and their children so far."""
    found = [cpu_seconds(p) for p in pids + [c for p in pids for c in _children(p)]]
    if not pids or any(f is None for f in found[: len(pids)]):
        return None
    return sum(f[0] for f in found if f), sum(f[1] for f in found if f)


SETTLE_CPU = 0.05
"""Server CPU seconds a half-second that count as at rest (start-up is over)."""
SETTLE_MAX_S = 60.0


def settle(pids: list[int]) -> float:
    """Wait until the servers and their children have finished starting (their CPU
    use falls to ``SETTLE_CPU`` a half-second twice in a row: every worker process has
    imported and loaded what it needs), so that start-up counts in no run's CPU;
    return how long that took."""
    start = time.monotonic()
    quiet, before = 0, servers_cpu(pids)
    while quiet < 2 and before is not None and time.monotonic() - start < SETTLE_MAX_S:
        time.sleep(0.5)
        now = servers_cpu(pids)
        if now is None:
            break
        quiet = quiet + 1 if sum(now) - sum(before) <= SETTLE_CPU else 0
        before = now
    return round(time.monotonic() - start, 1)


def _children(pid: int) -> list[int]:
    """Child process ids (uvicorn's workers), where /proc tells them."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(c) for c in text.split()]


async def load(bases: list[str], args: argparse.Namespace, pids: list[int]) -> dict[str, Any]:
    """Run the tables for ``args.duration`` seconds; return the report."""
    stats = Stats()
    cpu0 = servers_cpu(pids)
    start, own0, load0 = time.monotonic(), time.process_time(), _loadavg()
    slots = [asyncio.create_task(run_slot(bases, i, args, stats)) for i in range(args.tables)]
    watchers = [asyncio.create_task(progress(stats, start)), asyncio.create_task(watch_lag(stats))]
    await asyncio.sleep(args.duration)
    stats.stopping = True
    grace = time.monotonic() + GRACE_S
    while stats.in_flight > 0 and time.monotonic() < grace:  # wait for the answers due
        await asyncio.sleep(0.01)
    elapsed = time.monotonic() - start
    for task in [*slots, *watchers]:
        task.cancel()
    for result in await asyncio.gather(*slots, return_exceptions=True):
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            stats.errors.append(f"a table slot stopped: {result!r}")
    cpu1 = servers_cpu(pids)
    report = stats.report(elapsed, _settings(args))
    report["machine"] = {
        "cpus": os.cpu_count(),
        "loadavg_before": load0,
        "loadavg_after": _loadavg(),
    }
    report["cpu_s"] = {"load_script": round(time.process_time() - own0, 2)}
    if cpu0 is not None and cpu1 is not None:
        report["cpu_s"]["server_user"] = round(cpu1[0] - cpu0[0], 2)
        report["cpu_s"]["server_system"] = round(cpu1[1] - cpu0[1], 2)
    return report


def _loadavg() -> float | None:
    """The machine's 1-minute load average (other work competing for the cores)."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    settings = {k: v for k, v in vars(args).items() if k not in ("db", "json")}
    settings["db"] = describe_url(args.db) if args.db else "sqlite (temporary file)"
    if args.pg:
        settings["db"] = "postgresql (throwaway cluster)"
    if args.server:
        settings["db"] = "the running server's"
    return settings


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=100, help="concurrent tables")
    p.add_argument("--duration", type=float, default=60.0, help="seconds of load")
    p.add_argument("--players", type=int, default=3, help="players per table (2-4)")
    p.add_argument("--humans", type=int, default=2, help="seats driven by this script per table")
    p.add_argument("--think", type=float, default=1.0, help="mean seconds before each action")
    p.add_argument("--ramp", type=float, default=2.0, help="seconds over which tables open")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--compression", action="store_true", help="permessage-deflate like browsers")
    p.add_argument("--db", help="database URL for the server (default: a temporary SQLite file)")
    p.add_argument("--pg", action="store_true", help="a throwaway PostgreSQL cluster (initdb)")
    p.add_argument("--workers", type=int, default=1, help="server worker processes")
    p.add_argument("--server", metavar="HOST:PORT", help="drive this running server instead")
    p.add_argument("--json", action="store_true", help="print only the JSON report")
    args = p.parse_args(argv)
    if args.db is not None:
        args.db = normalize_url(args.db)  # a bad URL fails here, naming the problem
    if args.workers < 1 or (args.pg and args.db):
        p.error("--workers must be at least 1; give --db or --pg, not both")
    if not 2 <= args.players <= 4 or args.humans < 1 or args.tables < 1 or args.duration <= 0:
        p.error("need 2-4 players, at least one human seat and table, a positive duration")
    return args


def start_servers(db: str, args: argparse.Namespace, logs: Path) -> list[tuple[int, Any]]:
    """The servers of the run as (port, process): one with ``--workers N`` where serve has
    it, else N of their own."""
    if args.workers > 1 and serve_has_workers():
        port = free_port()
        extra = ["--workers", str(args.workers)]
        return [(port, start_server(db, port, logs / "server.log", extra))]
    servers = []
    try:
        for i in range(args.workers):
            port = free_port()
            servers.append((port, start_server(db, port, logs / f"server{i}.log")))
    except BaseException:
        for _, proc in servers:
            stop_server(proc)
        raise
    return servers


@contextlib.contextmanager
def database(args: argparse.Namespace, tmp: Path) -> Iterator[str]:
    """The run's database URL: ``--db``, a throwaway PostgreSQL (``--pg``) or SQLite."""
    if not args.pg:
        yield args.db or f"sqlite:///{tmp / 'load.sqlite3'}"
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.server.pg import INSTALL_HINT, Cluster, find_bin

    bindir = find_bin()
    if bindir is None:
        raise SystemExit(INSTALL_HINT)
    cluster = Cluster(bindir)
    cluster.start()
    try:
        yield cluster.url(cluster.create_database())
    finally:
        cluster.stop()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.server:
        report = asyncio.run(load([args.server], args, []))
        print(json.dumps(report, indent=None if args.json else 2))
        return 0 if report["errors"] == 0 else 1
    with (
        tempfile.TemporaryDirectory(prefix="dragontable-load-") as name,
        database(args, Path(name)) as db,
    ):
        servers = start_servers(db, args, Path(name))
        try:
            bases = [f"127.0.0.1:{port}" for port, _ in servers]
            print(f"servers on {bases}, {args.tables} tables", file=sys.stderr)
            pids = [proc.pid for _, proc in servers]
            settled = settle(pids)
            report = asyncio.run(load(bases, args, pids))
            report["settled_s"] = settled
        finally:
            for _, proc in servers:
                stop_server(proc)
    report["settings"]["servers"] = len(servers)
    print(json.dumps(report, indent=None if args.json else 2))
    return 0 if report["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
