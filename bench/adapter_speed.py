"""The research adapters' speed: PettingZoo actions per CPU second for every game and
player count next to PettingZoo's own connect_four_v3 and tictactoe_v3, the engine's
``apply()`` rate on the same random games, and the vector env's rate at N games.

Random legal play everywhere: through PettingZoo, ``last()`` (the observation and the
mask), a uniformly random index among the mask's ones, ``step()`` (finished agents'
``step(None)`` are not counted); through the engine, ``legal_actions()`` and
``apply()``; through the vector env (``adapters.vector``, one learner seat, a random
bot at the others), a random legal action per game from its mask row, counting the
learner's actions and every seat's. The measurements alternate: each round gives every
one of them ``--slice`` CPU seconds in turn, so a machine that gets busier slows all of
them alike. CPU time of this process. JSON on stdout.

    .venv/bin/python bench/adapter_speed.py --rounds 5 --slice 0.4
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from dragontable import games
from dragontable.adapters.pettingzoo import env as dragontable_env
from dragontable.adapters.vector import DragontableVectorEnv
from dragontable.core.rng import Rng

clock = time.process_time
Runner = Callable[[float], int]
"""Runs for about the given CPU seconds; returns the actions it counted."""


def pettingzoo_runner(make: Callable[[], Any], seed: int = 0) -> Runner:
    e = make()
    rng = np.random.default_rng(seed)
    game = [0]

    def run(seconds: float) -> int:
        actions, start = 0, clock()
        while clock() - start < seconds:
            e.reset(seed=game[0])
            game[0] += 1
            for _ in e.agent_iter():
                obs, _, done, truncated, _ = e.last()
                if done or truncated:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.integers(len(legal))]))
                actions += 1
        return actions

    return run


def engine_runner(name: str, players: int) -> Runner:
    rng = Rng(1)
    game = [0]

    def run(seconds: float) -> int:
        actions, start = 0, clock()
        while clock() - start < seconds:
            state = games.create(name, players=players, seed=game[0])
            game[0] += 1
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                actions += 1
        return actions

    return run


def vector_runner(name: str, players: int, n: int, totals: dict[str, int]) -> Runner:
    vec = DragontableVectorEnv(n, name, players=players, compact=True)
    vec.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> int:
        steps, start, before = 0, clock(), sum(t.moves for t in vec.tables)
        while clock() - start < seconds:
            actions = []
            for table in vec.tables:
                legal = table.masks.legal()
                actions.append(legal[int(rng.integers(len(legal)))])
            vec.step(actions)
            steps += n
        totals["all"] += sum(t.moves for t in vec.tables) - before
        return steps

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--slice", type=float, default=0.4, help="CPU seconds a turn")
    parser.add_argument("--vector", type=int, default=64, help="games in the vector env")
    args = parser.parse_args()
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    runners: dict[str, Runner] = {
        "pettingzoo/connect_four_v3": pettingzoo_runner(connect_four_v3.env),
        "pettingzoo/tictactoe_v3": pettingzoo_runner(tictactoe_v3.env),
    }
    configs = [(name, p) for name in games.names()
               for p in range(games.get(name).min_players, games.get(name).max_players + 1)]  # fmt: skip
    vector_all: dict[str, dict[str, int]] = {}
    for name, players in configs:
        runners[f"engine/{name}/{players}"] = engine_runner(name, players)
        runners[f"pettingzoo/{name}/{players}"] = pettingzoo_runner(
            partial(dragontable_env, name, players=players)
        )
    for name in games.names():
        vector_all[name] = {"all": 0}
        runners[f"vector/{name}/2"] = vector_runner(name, 2, args.vector, vector_all[name])
    counted = dict.fromkeys(runners, 0)
    spent = dict.fromkeys(runners, 0.0)
    for _ in range(args.rounds):
        for key, run in runners.items():
            start = clock()
            counted[key] += run(args.slice)
            spent[key] += clock() - start
    rate = {key: counted[key] / spent[key] for key in runners}
    connect_four = rate["pettingzoo/connect_four_v3"]
    rows = []
    for name, players in configs:
        engine, adapter = rate[f"engine/{name}/{players}"], rate[f"pettingzoo/{name}/{players}"]
        rows.append({
            "game": name, "players": players,
            "pettingzoo_actions_per_second": round(adapter),
            "engine_apply_per_second": round(engine),
            "overhead": round(engine / adapter, 1),
            "at_least_connect_four": adapter >= connect_four,
            "overhead_at_most_3": engine / adapter <= 3,
        })  # fmt: skip
    vector = [
        {
            "game": name, "players": 2, "num_envs": args.vector,
            "learner_actions_per_second": round(rate[f"vector/{name}/2"]),
            "all_actions_per_second": round(vector_all[name]["all"] / spent[f"vector/{name}/2"]),
        }
        for name in games.names()
    ]  # fmt: skip
    out = {
        "benchmark": "random legal play, default options, CPU time of one process, "
        f"{args.rounds} alternating rounds of {args.slice:g} s each",
        "command": f"bench/adapter_speed.py --rounds {args.rounds} --slice {args.slice:g} "
        f"--vector {args.vector}",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "reference": {
            "connect_four_v3": round(connect_four),
            "tictactoe_v3": round(rate["pettingzoo/tictactoe_v3"]),
        },
        "pettingzoo": rows,
        "vector": vector,
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
