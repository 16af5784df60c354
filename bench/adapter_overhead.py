"""Steps per second through the PettingZoo API next to the engine's own ``apply()``/s.

For each game and player count: random-legal games for ``--seconds`` of CPU time through
the engine (``legal_actions()`` + ``apply()``, as ``dragontable bench``) and through
``adapters.pettingzoo`` (``last()`` with the observation and mask, a random legal index,
``step()``; the finished agents' ``step(None)`` are not counted). ``overhead`` is the
engine's rate over the environment's: what the adapter (encoding the observation and the
mask on every step) costs. CPU time of this process, so a busy machine does not skew it.

    .venv/bin/python bench/adapter_overhead.py --seconds 3
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

import numpy as np

from dragontable import games
from dragontable.adapters.pettingzoo import env
from dragontable.core.rng import Rng

clock = time.process_time


def engine_rate(name: str, players: int, seconds: float) -> float:
    """``apply()`` per CPU second over random-legal games."""
    rng = Rng(1)
    applies, start, g = 0, clock(), 0
    while clock() - start < seconds:
        state = games.create(name, players=players, seed=g)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            applies += 1
        g += 1
    return applies / (clock() - start)


def env_rate(name: str, players: int, seconds: float) -> float:
    """PettingZoo ``step()`` per CPU second over random-legal games."""
    e = env(name, players=players)
    rng = np.random.default_rng(1)
    steps, start, g = 0, clock(), 0
    while clock() - start < seconds:
        e.reset(seed=g)
        for _ in e.agent_iter():
            obs, _, done, _, _ = e.last()
            if done:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        g += 1
    return steps / (clock() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for name in games.names():
        game = games.get(name)
        for players in range(game.min_players, game.max_players + 1):
            engine = engine_rate(name, players, args.seconds)
            stepped = env_rate(name, players, args.seconds)
            rows.append({
                "game": name, "players": players,
                "encoding": env(name, players=players).metadata["encoding"],
                "apply_per_second": round(engine),
                "env_steps_per_second": round(stepped), "overhead": round(engine / stepped, 1),
            })  # fmt: skip
    out = {
        "benchmark": "random-legal games, default options, CPU time of one process",
        "command": "bench/adapter_overhead.py --seconds " + f"{args.seconds:g}",
        "python": platform.python_version(),
        "results": rows,
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
