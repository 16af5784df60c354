"""One server worker against two, side by side: ``bench/load.py --pg --workers 1`` and
``--workers 2`` taken in turn (``--rounds`` times each, so a change in the machine's
load meanwhile falls on both), each JSON report kept in ``results/bench/load_workers/``,
then a Markdown table on stdout: client actions a second, latency, server CPU per client
action (the server's processes and their children: uvicorn's workers, the bot workers
or the local bot pool), errors, stale refusals and the load average before each run;
and the ratio of the two workers' median CPU per action to one worker's.

    PYTHONPATH=src .venv/bin/python bench/load_workers.py --tables 80 --duration 20 --rounds 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LOAD = ROOT / "bench" / "load.py"
OUT = ROOT / "results" / "bench" / "load_workers"


def run_load(workers: int, args: argparse.Namespace) -> dict[str, Any]:
    """One ``load.py`` run's JSON report (its progress goes to stderr as it comes)."""
    cmd = [sys.executable, str(LOAD), "--pg", "--workers", str(workers), "--json"]
    cmd += ["--tables", str(args.tables), "--duration", str(args.duration)]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=False)
    if not done.stdout.strip():
        raise SystemExit(f"load.py --workers {workers} printed no report ({done.returncode})")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def cpu_ms(report: dict[str, Any]) -> float:
    """Server CPU milliseconds per client action."""
    cpu = report["cpu_s"]
    return float(1000 * (cpu["server_user"] + cpu["server_system"]) / max(1, report["actions"]))


def row(report: dict[str, Any]) -> str:
    lat, settings = report["latency_ms"], report["settings"]
    cells = [
        settings["workers"],
        settings["tables"],
        report["actions_per_s"],
        lat["p50"],
        lat["p90"],
        lat["p99"],
        lat["max"],
        f"{cpu_ms(report):.1f}",
        report["errors"],
        report["stale_refusals"],
        report["machine"]["loadavg_before"],
    ]
    return "| " + " | ".join(str(c) for c in cells) + " |"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=80)
    p.add_argument("--duration", type=float, default=20.0)
    p.add_argument("--rounds", type=int, default=2, help="runs of each, alternating")
    args = p.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    reports: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    for n in range(1, args.rounds + 1):
        for workers in (1, 2):
            report = run_load(workers, args)
            reports[workers].append(report)
            name = f"w{workers}_t{args.tables}_run{n}.json"
            (OUT / name).write_text(json.dumps(report, indent=2) + "\n")
    head = "| workers | tables | client actions/s | p50 ms | p90 ms | p99 ms | max ms "
    head += "| server CPU ms / action | errors | stale refusals | load avg before |"
    print(head)
    print("|" + "---|" * 11)
    for n in range(args.rounds):
        for workers in (1, 2):
            print(row(reports[workers][n]))
    one, two = (statistics.median(cpu_ms(r) for r in reports[w]) for w in (1, 2))
    print(f"\nmedian server CPU per action: 1 worker {one:.1f} ms, 2 workers {two:.1f} ms")
    print(f"ratio: {two / one:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
