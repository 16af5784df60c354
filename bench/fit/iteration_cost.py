"""CPU seconds per mcts iteration for every game and player count: the server's bot budget.

For each game and player count this plays ``--games-per-count`` seeded random games and
takes one position from each phase (early, middle, late: a fixed fraction of the game's
decisions with a choice). From each position it runs the search the ``mcts`` bot runs
(one process, the game's own leaf, :func:`dragontable.bots.leaves.leaf_for`) for
``--seconds`` of CPU time of this thread, the clock the bot's budget and cap use, and
divides by the iterations done. Per game and player count it reports the mean and the
90th percentile of those per-position costs. Where a game's ``mcts`` bot searches by
rollouts over greedy (Ming Dynasty, ``bots/rollout.py``), an iteration of its budget is
``1 / rollout.iterations`` of a rollout: the cost is the search's CPU time divided by its
rollouts times ``rollout.iterations`` (a position gets at least one round of rollouts).

    .venv/bin/python bench/fit/iteration_cost.py --seconds 0.5 --out src/dragontable/bots/iteration_cost.json

Prints a JSON report on stdout (every position, then the data); ``--out`` also writes the
versioned data file that :mod:`dragontable.bots.budget` reads. Costs depend on the
machine: re-run it on the server's machine for budgets that hold there, with nothing
else running (on the 2-core VM six CPU-bound processes made an iteration 21-32% dearer
in CPU time than the idle machine: caches are shared).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import shlex
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from dragontable import games
from dragontable.bots.budget import DATA_VERSION
from dragontable.bots.leaves import leaf_for
from dragontable.bots.mcts import search
from dragontable.bots.rollout import RolloutBot
from dragontable.core.rng import Rng, derive_seed
from dragontable.core.state import State
from dragontable.strength import cpu_model

PHASES = {"early": 0.05, "middle": 0.5, "late": 0.85}  # fraction of a game's decisions
PERCENTILE = 90
WARMUP_ITERATIONS = 20
SIGNIFICANT = 4  # digits kept in the data file


def decisions(game: str, players: int, seed: int) -> list[State]:
    """Every position with more than one legal action in one seeded random game."""
    state = games.create(game, players=players, seed=seed)
    rng = Rng(derive_seed(seed, "iteration-cost"))
    out = []
    while not state.is_over:
        legal = state.legal_actions()
        if len(legal) > 1:
            out.append(state.clone())
        state.apply(legal[rng.below(len(legal))])
    return out


def positions(game: str, players: int, count: int, seed: int) -> list[tuple[str, int, State]]:
    """(phase, decision index, state): one position per phase from each of ``count`` games."""
    out = []
    for g in range(count):
        found = decisions(game, players, derive_seed(seed, game, players, g))
        for phase, fraction in PHASES.items():
            index = min(len(found) - 1, int(fraction * len(found)))
            out.append((phase, index, found[index]))
    return out


def cost_per_iteration(state: State, seconds: float, seed: int) -> tuple[int, float]:
    """(iterations, CPU seconds per iteration) of a ``seconds`` search from ``state``."""
    rollout = games.bot_settings(state.game.name).rollout
    if rollout is not None:
        return cost_of_rollouts(state, seconds, seed, rollout.iterations)
    leaf = leaf_for(state.game.name)
    start = time.thread_time()
    result = search(state, seconds=seconds, seed=seed, leaf=leaf)
    return result.iterations, (time.thread_time() - start) / result.iterations


def cost_of_rollouts(state: State, seconds: float, seed: int, cost: int) -> tuple[int, float]:
    """(iterations bought, CPU seconds per iteration) of the rollout search from ``state``
    for ``seconds``, or for one round where those seconds buy none."""
    for budget in ({"seconds": seconds}, {"rollouts": 1}):
        bot = RolloutBot(state.game.name, seed, **budget)
        start = time.thread_time()
        ranked = bot.ranked(state)
        iterations = ranked[0][1] * len(ranked) * cost
        if iterations:
            return iterations, (time.thread_time() - start) / iterations
    raise ValueError("a round of rollouts played none")  # only with a single option


def percentile(values: list[float], pct: int) -> float:
    """The ``pct`` percentile of ``values`` (inclusive method; one value is its own)."""
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[pct - 1]


def measure(game: str, players: int, args: argparse.Namespace) -> dict[str, Any]:
    """Per-position costs and their mean and p90 for one game and player count."""
    sampled = positions(game, players, args.games_per_count, args.seed)
    warm = sampled[0][2]  # a first search of a game: imports and caches, not measured
    if games.bot_settings(game).rollout is None:
        search(warm, WARMUP_ITERATIONS, leaf=leaf_for(game))
    else:
        RolloutBot(game, args.seed, rollouts=1).ranked(warm)
    rows, costs = [], []
    for i, (phase, index, state) in enumerate(sampled):
        done, cost = cost_per_iteration(state, args.seconds, derive_seed(args.seed, i))
        rows.append({"phase": phase, "decision": index, "iterations": done, "cost_s": cost})
        costs.append(cost)
    print(f"{game} {players}p: {statistics.fmean(costs) * 1e3:.3f} ms", file=sys.stderr)
    return {
        "game": game,
        "players": players,
        "positions": rows,
        "mean": statistics.fmean(costs),
        f"p{PERCENTILE}": percentile(costs, PERCENTILE),
    }


def rounded(x: float) -> float:
    """``x`` to SIGNIFICANT significant digits, rounded up so a budget never shrinks."""
    scale = 10.0 ** (SIGNIFICANT - 1 - math.floor(math.log10(x)))
    return math.ceil(x * scale) / scale


def machine() -> str:
    """The CPU model (where Linux says it), architecture and Python version."""
    return f"{cpu_model()}, {platform.machine()}, Python {platform.python_version()}"


def data_file(results: list[dict[str, Any]], command: str) -> dict[str, Any]:
    """The versioned data file :mod:`dragontable.bots.budget` reads."""
    cost: dict[str, dict[str, dict[str, float]]] = {}
    for r in results:
        entry = {"mean": rounded(r["mean"]), "p90": rounded(r[f"p{PERCENTILE}"])}
        cost.setdefault(r["game"], {})[str(r["players"])] = entry
    return {"version": DATA_VERSION, "measured_with": command, "machine": machine(), "cost_s": cost}


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line: games, CPU seconds per position, games per count, seed, output."""
    p = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    p.add_argument("--games", nargs="+", default=None, help="games (default: every game)")
    p.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per position")
    p.add_argument("--games-per-count", type=int, default=2, help="random games per count")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=None, help="write the data file here too")
    args = p.parse_args(argv)
    if not 0 < args.seconds < math.inf or args.games_per_count < 1:
        p.error("--seconds must be positive and --games-per-count at least 1")
    return args


def main(argv: list[str] | None = None) -> None:
    """Measure, print the report, and write the data file if ``--out`` says where."""
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    results = []
    for name in args.games or games.names():
        game = games.get(name)
        for players in range(game.min_players, game.max_players + 1):
            results.append(measure(game.name, players, args))
    command = shlex.join(["python", "bench/fit/iteration_cost.py", *argv])
    data = data_file(results, command)
    report = {"settings": {**vars(args), "out": str(args.out)}, "results": results, "data": data}
    print(json.dumps(report, indent=2))
    if args.out is not None:
        args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
