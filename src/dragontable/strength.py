"""How strong the bots are: a fixed plan of tournaments, resumable, written up as Markdown.

``dragontable strength`` plays every matchup of :data:`PLAN` (seats rotated, seeds fixed,
as in :mod:`dragontable.tournament`), appends each finished game as one JSON line to
``<results>/<matchup>.jsonl`` and skips games already there, so a long run can be
stopped and resumed, or spread over machines that share the folder. It then writes the
report from every result on file, with each target and whether it is met.

Both go under the current directory unless told otherwise (:data:`RESULTS`,
:data:`REPORT`): an installed command never writes into the package or a checkout's docs
by itself. The report shipped in ``docs/strength.md`` is regenerated from a checkout's
root, where ``results/strength/`` holds its games, with :data:`SHIPPED_COMMAND`.
"""

from __future__ import annotations

import json
import os
import platform
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .core.errors import OptionError
from .core.state import State
from .tournament import Measure, markdown_table, play_one, summarise, wilson

SEED = 1
CPU_INFO = Path("/proc/cpuinfo")
RESULTS = Path("results/strength")
"""The default folder of the games on file, relative to the current directory."""
REPORT = Path("results/strength.md")
"""The default report, relative to the current directory."""
SHIPPED_COMMAND = "dragontable strength --workers 2 --out docs/strength.md"
"""How ``docs/strength.md`` is written, run at a checkout's root (the report names it)."""


def palace_kept(state: State, seat: int) -> float:
    """1 if ``seat`` ends an In the Year of the Dragon game with a palace, else 0."""
    from .games.dragon.state import DragonData

    assert isinstance(state, DragonData), "the palace statistic is In the Year of the Dragon's"
    return 1.0 if state.seats[seat].palaces else 0.0


STATISTICS: dict[str, Measure] = {"palace": palace_kept}
"""Per-seat statistics of a finished game that a claim may be about, by name."""


@dataclass(frozen=True)
class Matchup:
    """One tournament of the plan and the target its first bot must reach: its win rate,
    or with ``statistic`` the mean of that statistic (:data:`STATISTICS`) over every
    seat-game of a bot named as ``bots[0]``."""

    name: str
    game: str
    bots: tuple[str, ...]
    games: int
    target: float  # minimum win rate (or statistic) of bots[0]
    claim: str
    statistic: str | None = None

    @property
    def players(self) -> int:
        return len(self.bots)


PLAN: tuple[Matchup, ...] = tuple(
    [
        Matchup(f"{g}-greedy-random-2p", g, ("greedy", "random"), 200, 0.95, "greedy beats random")
        for g in ("dragon", "ming", "changcheng")
    ]
    + [
        Matchup(f"{g}-mcts1s-greedy-2p", g, ("mcts:1s", "greedy"), n, 0.65, "mcts 1 s beats greedy")
        # fewer games where a game costs more: a Ming game holds three times as many
        # decisions as a Dragon one, and each is a full second of search
        for g, n in (("dragon", 40), ("ming", 30), ("changcheng", 20))
    ]
    + [
        Matchup(
            f"{g}-mcts-ismcts-2p",
            g,
            ("mcts:0.2s", "openspiel-ismcts:0.2s"),
            n,
            0.5,
            "mcts beats OpenSpiel's ISMCTS at equal CPU time (0.2 s a move)",
        )
        # OpenSpiel's reference ISMCTS (bots/openspiel.py), head to head; CPU is scarce
        # here, so these are small samples
        for g, n in (("dragon", 8), ("ming", 6), ("changcheng", 8))
    ]
    + [
        Matchup(
            "dragon-mcts1s-3greedy-4p",
            "dragon",
            ("mcts:1s", "greedy", "greedy", "greedy"),
            40,
            0.40,
            "mcts 1 s wins against three greedy bots (fair share 25%)",
        )
    ]
    + [
        Matchup(
            f"{g}-greedy-greedyv1-2p",
            g,
            ("greedy", "greedy-v1"),
            200,
            0.65,
            "greedy beats the frozen greedy of 2026-11-24 (greedy-v1)",
        )
        for g in ("dragon", "ming", "changcheng")
    ]
    + [
        Matchup(
            "dragon-greedy-palace-4p",
            "dragon",
            ("greedy", "mcts:1s", "greedy", "greedy"),
            100,
            0.95,
            "greedy ends with a palace (share of its seat-games, against mcts 1 s and greedy)",
            statistic="palace",
        )
    ]
    + [
        Matchup(
            f"{g}-mcts1s-mctsv1-2p",
            g,
            ("mcts:1s", "mcts-v1:1s"),
            200,
            0.60,
            "mcts 1 s beats the frozen mcts of 2026-11-24 (mcts-v1) at 1 s",
        )
        for g in ("dragon", "ming", "changcheng")
    ]
    + [
        Matchup(
            "dragon-mcts1s-3mctsv1-4p",
            "dragon",
            ("mcts:1s", "mcts-v1:1s", "mcts-v1:1s", "mcts-v1:1s"),
            100,
            0.35,
            "mcts 1 s wins against three mcts-v1 1 s (fair share 25%)",
        ),
    ]
)


# What a reader must know about how a matchup's games on file were played.
NOTES: dict[str, str] = {
    f"{g}-mcts-ismcts-2p": (
        f"played by `dragontable strength --only {g}-mcts-ismcts-2p`, a small sample (CPU "
        "was scarce): read the interval, not the rate. Both bots get "
        "0.2 s of their thread's CPU time a move; OpenSpiel's ISMCTS runs over the "
        "OpenSpiel adapter (docs/research.md) with one random rollout a leaf (mcts judges "
        "its leaves by the game's heuristic; until 2026-11-24 by random playouts in "
        "Dragon) and re-draws hidden facts with determinize; it does several times fewer "
        "iterations in that time "
        "than mcts (each step crosses into OpenSpiel's C++ and back, and keys its tree "
        "on the seat's view as JSON)."
    )
    for g in ("dragon", "ming", "changcheng")
}
NOTES["dragon-mcts1s-mctsv1-2p"] = (
    "the games on file (2026-11-28) were played on the 2-core development VM (Python "
    "3.11), two at a time (games 154-199 beside other runs), by the search whose 2-player "
    "playouts follow Dragon's playout prior (`games/dragon/priors/playout.json`). The "
    "same 200 games played by the search with random playouts (2026-11-27, same machine; "
    "git history keeps them) gave it 109 of 200 (54.5%, 47.6%-61.3%): the prior was "
    "better in 50 of the games where the two differ and worse in 26 (sign test p about "
    "0.008). Earlier, 81 games on a lent 16-core machine with a 12-move leaf gave 44.4%: "
    "a CPU-time budget buys a different search on another machine, so play a matchup on "
    "one kind of machine."
)
NOTES["changcheng-mcts1s-mctsv1-2p"] = (
    "the games on file were played on the 2-core development VM (Python 3.11), two at a "
    "time. At 0.3 s a move the same search won 55.0% of 60 games against mcts-v1, and as "
    "much with a sampled world for each iteration (`bench/experiments/search_variant.py --game "
    "changcheng --seconds 0.3 --seed 70`): sharing worlds is not what holds it back. Nor "
    "is the leaf's scale (2: 51.7%, 9.5: 45.0% of the same 60), and a value function "
    "fitted to greedy self-play did worse as the leaf (41.7%, `--value`). The same games "
    "replayed at 1 s with one setting changed (docs/bots.md): the root kept to greedy's "
    "ten best won 42 of the first 105 (the search on file 51 of them), a root widened by "
    "greedy's ranking 13 of the first 41 (on file 18), the leaf's double_held at 4.2 "
    "45.0 of 100 (games 0-65 and 100-133; on file 51.0). But the same search replayed on "
    "2026-11-29 (VM, AMD EPYC) won 39.0 of games 0-99, where the file has 50.5 of them, "
    "with no change to the code either search runs: the file's games (2026-11-27) predate "
    "the cpu field, and a game's outcome changed in about half of the replays. So compare "
    "a setting with the shipped search replayed beside it: UCB1's constant at 0.3 and 1.2 "
    "then won 15.5 and 17 of games 0-19 and 50-69, where the shipped search won 15."
)
NOTES["ming-mcts1s-mctsv1-2p"] = (
    "Ming Dynasty's mcts has searched by rollouts over greedy since 2026-11-28 "
    "(`rollout=RolloutSearch(...)` in games/ming/heuristic.py's `SETTINGS`, bots/rollout.py): "
    "greedy's three "
    "best options, each played out by greedy for every seat 16 decisions deep in worlds "
    "drawn from the seat's view. The games on file are that search's: 45 of games 100-147 "
    "on a lent 16-core machine (Python 3.12, an Intel Xeon), 16 at a time, the other 155 on "
    "the 2-core development VM (Python 3.11, an AMD EPYC), two at a time (about four games "
    "in ten minutes), 2026-11-28 to 2026-11-29. The same bot, named "
    "rollout:1s, had won 18 of 23 games against mcts-v1:1s on the same machine; the tree "
    "search it replaced had won 22 of 45 (48.9%). Both files are in the git history "
    "(commit 726eeb2, the last that has them)."
)
NOTES["dragon-greedy-palace-4p"] = (
    "the rate is over every greedy seat-game (three a game), not the win rate; a seat "
    "counts when it has a palace, empty or not, in the final state (docs/rules-decisions.md). "
    "The games on file were played before 4-player Dragon's search changed its leaf to "
    "random playouts to the end (2026-11-27): the mcts:1s seat that sets the pace was "
    "the search with the 12-move leaf. The claim is greedy's; play the matchup again "
    "(delete its file) to measure it against today's search."
)
NOTES["dragon-mcts1s-3mctsv1-4p"] = (
    "the games on file (2026-11-28) were played on the 2-core development VM (Python "
    "3.11, an AMD EPYC), two at a time (the first 20, about half of games 40-74 and "
    "games 89-99 beside another run), by the search whose "
    "4-player playouts follow Dragon's playout prior (`games/dragon/priors/playout.json`). "
    "With random playouts it had won 30 of 100 (30.0%, 21.9%-39.6%; 14 of 36 on the VM, "
    "16 of 64 on a lent 16-core machine; commit eca9748 keeps them), where the prior won "
    "40 of the same 100 games (better in 27 of them, worse in 17). At 0.3 s a move "
    "(`bench/experiments/search_variant.py --game dragon --players 4 --seconds 0.3 --seed 80`, a lent "
    "16-core machine) the prior won 25 of 64 games against three mcts-v1 and random "
    "playouts 11 of the same 64. A game takes some 200 searched decisions of a CPU "
    "second each."
)


def select(names: Iterable[str] | None) -> list[Matchup]:
    """The matchups named (all of them for ``None``); an unknown name is an error."""
    if not names:
        return list(PLAN)
    known = {m.name: m for m in PLAN}
    chosen = []
    for name in names:
        if name not in known:
            raise OptionError(f"unknown matchup {name!r}; matchups: {', '.join(known)}")
        chosen.append(known[name])
    return chosen


def load(results: Path, m: Matchup) -> dict[int, dict[str, Any]]:
    """Games of ``m`` already on file, by game number (a torn last line is ignored)."""
    path = results / f"{m.name}.jsonl"
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    for line in path.read_text("utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        measured = m.statistic is None or "measure" in row
        if row.get("bots") == list(m.bots) and row.get("seed") == SEED and measured:
            done[int(row["g"])] = row
    return done


def _play(args: tuple[Matchup, int]) -> dict[str, Any]:
    m, g = args
    measure = None if m.statistic is None else STATISTICS[m.statistic]
    result = play_one(m.game, m.players, list(m.bots), SEED, g, {}, measure)
    return {"g": g, "seed": SEED, "bots": list(m.bots), **where_played(), **result}


def run(
    matchups: list[Matchup],
    results: Path,
    workers: int = 1,
    progress: bool = False,
    games: range | None = None,
) -> None:
    """Play the missing games of ``matchups``, saving each one as soon as it ends; with
    ``games``, only the missing ones of those numbers (machines that share no folder
    split a matchup by ranges, then join the files)."""
    results.mkdir(parents=True, exist_ok=True)
    for m in matchups:
        _end_line(results / f"{m.name}.jsonl")
    wanted = range(10**9) if games is None else games
    jobs = [
        (m, g)
        for m in matchups
        for g in range(m.games)
        if g in wanted and g not in load(results, m)
    ]
    if not jobs:
        return
    bar = _bar(progress, len(jobs))
    with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = {pool.submit(_play, job): job[0] for job in jobs}
        for future in as_completed(futures):
            m = futures[future]
            with (results / f"{m.name}.jsonl").open("a", encoding="utf-8") as f:
                f.write(json.dumps(future.result()) + "\n")
            if bar is not None:
                bar[0].update(bar[1], advance=1, description=m.name)
    if bar is not None:
        bar[0].stop()


def _end_line(path: Path) -> None:
    """Close a line torn by an interrupted run, so the next game starts a line of its own."""
    if path.exists() and path.stat().st_size:
        with path.open("rb+") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")


def report(matchups: list[Matchup], results: Path, command: str) -> str:
    """The Markdown write-up of every matchup's games on file."""
    lines = [
        "# Bot strength",
        "",
        "Produced by:",
        "",
        "```",
        command,
        "```",
        "",
        "Seats are rotated game by game and game *g* uses seed "
        f"{SEED} + *g*, as in `dragontable tournament`. A win shared in a tie counts as "
        "a fraction. Intervals are 95% Wilson intervals for the win rate and 95% normal "
        "intervals for the mean score. `mcts:1s` searches one second of its thread's CPU "
        "time per decision, so its strength depends on the machine's speed, not its load: "
        f"{machine()}.",
        "",
        "| matchup | claim | target | games | win rate (or statistic) of the first bot (95% CI) | met |",
        "|---|---|---|---|---|---|",
    ]
    details = []
    for m in matchups:
        rows = [r for g, r in sorted(load(results, m).items()) if g < m.games]
        if not rows:
            lines.append(f"| {m.name} | {m.claim} | ≥ {m.target:.0%} | 0 | not run | — |")
            continue
        summary = summarise(m.game, m.players, list(m.bots), SEED, rows)
        rate, (lo, hi), what = _rate(m, rows, summary)
        met = "yes" if rate >= m.target else "no"
        partial = "" if len(rows) >= m.games else f" of {m.games}"
        met += " so far" if partial else ""
        lines.append(
            f"| {m.name} | {m.claim} | ≥ {m.target:.0%} | {len(rows)}{partial} | "
            f"{what}{rate:.1%} ({lo:.1%}–{hi:.1%}) | {met} |"
        )
        details += ["", f"## {m.name}", "", _table(summary)]
        elsewhere = _other_machines(rows)
        if elsewhere:
            details += ["", f"Played on: {elsewhere}."]
        if m.statistic is not None:
            details += ["", f"{m.statistic}: {what}{rate:.1%} ({lo:.1%}–{hi:.1%})."]
        if m.name in NOTES:
            details += ["", f"Note: {NOTES[m.name]}"]
    return "\n".join(lines + details) + "\n"


def _rate(
    m: Matchup, rows: list[dict[str, Any]], summary: dict[str, Any]
) -> tuple[float, tuple[float, float], str]:
    """The rate a matchup's target is about, its 95% Wilson interval, and its label: the
    first bot's win rate, or its statistic over every seat-game of a bot of its name."""
    if m.statistic is None:
        first = summary["bots"][0]
        lo, hi = first["win_rate_ci95"]
        return float(first["win_rate"]), (float(lo), float(hi)), ""
    entries = [i for i, spec in enumerate(m.bots) if spec == m.bots[0]]
    values = [float(r["measure"][i]) for r in rows for i in entries]
    total = sum(values)
    return total / len(values), wilson(total, len(values)), f"{m.statistic} in {len(values)}: "


def _table(summary: dict[str, Any]) -> str:
    caption = f"{summary['game']}, {summary['players']} players, {summary['games']} games."
    return caption + "\n\n" + markdown_table(summary)


def _other_machines(rows: list[dict[str, Any]]) -> str:
    """Where a matchup's games were played, when some were not played on this machine
    (rows from before machines were recorded count as this one's): "N on MACHINE; …"."""
    here = machine()
    counts: dict[str, int] = {}
    for row in rows:
        where = str(row.get("machine", here))
        counts[where] = counts.get(where, 0) + 1
    if set(counts) <= {here}:
        return ""
    return "; ".join(
        f"{n} game{'' if n == 1 else 's'} on {where}" for where, n in sorted(counts.items())
    )


def machine() -> str:
    """This machine in a few words: its cores, processor and Python."""
    cpu = platform.processor() or platform.machine()
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}"


def where_played() -> dict[str, str]:
    """What a result records of the machine that made it: :func:`machine` and
    :func:`cpu_model`."""
    return {"machine": machine(), "cpu": cpu_model()}


def cpu_model(cpuinfo: Path = CPU_INFO) -> str:
    """The processor's model where Linux names it (``model name`` in ``/proc/cpuinfo``),
    else what :mod:`platform` says: a game row keeps it beside :func:`machine`, since
    a virtual machine of the same size may run on another processor from one day to
    the next, and a CPU-time budget buys a different search there."""
    try:
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _bar(enabled: bool, total: int) -> Any:
    if not enabled:
        return None
    from rich.console import Console
    from rich.progress import Progress

    bar = Progress(console=Console(stderr=True))
    task = bar.add_task("strength", total=total)
    bar.start()
    return bar, task
