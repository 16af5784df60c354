"""Measure each observation element's range, for the Gymnasium env's normalised and
compact observations (``adapters.gym``, ``adapters/observation_scales.json``).

For every game and player count: random-legal games under the default options, games
under each listed value of each option, and games between greedy bots (where the game
has a heuristic), every seat's observation at every decision. Per element it keeps the
largest and the smallest value met. The env divides each element by its ``scale`` (the
largest magnitude met, rounded up to 1, 2 or 5 times a power of ten) and clips to
[-1, 1]; the compact observation keeps the elements ever non-zero here.

    .venv/bin/python bench/fit/observation_scales.py --random 150 --greedy 20 \
        > src/dragontable/adapters/observation_scales.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from dragontable import games
from dragontable.adapters.observation import Incremental
from dragontable.bots import make_bot
from dragontable.bots.heuristics import has_heuristic
from dragontable.core.encoding import encoding_for
from dragontable.core.errors import OptionError
from dragontable.core.rng import Rng


def option_values(name: str, players: int) -> Iterator[dict[str, Any]]:
    """Each listed value of each option on its own (those the player count allows)."""
    for spec in games.get(name).options:
        for value in spec.choices:
            if value == spec.default:
                continue
            opts = {spec.name: value}
            try:
                games.create(name, players=players, seed=0, options=opts)
            except OptionError:
                continue
            yield opts


def measure(name: str, players: int, randoms: int, greedies: int) -> dict[str, Any]:
    game = games.get(name)
    enc = encoding_for(game, players)
    high = np.zeros(enc.size, np.float64)
    low = np.zeros(enc.size, np.float64)
    plans: list[tuple[dict[str, Any], str]] = [({}, "random")] * randoms
    for opts in option_values(name, players):
        plans += [(opts, "random")] * max(1, randoms // 20)
    if has_heuristic(name):
        plans += [({}, "greedy")] * greedies
    rng = Rng(players)
    for g, (opts, bot) in enumerate(plans):
        if encoding_for(game, players, opts).version != enc.version:
            continue  # another data file: another layout's scales
        writers = [Incremental(enc.size) for _ in range(players)]
        bots = [make_bot(bot, name, seed=g * 10 + s) for s in range(players)]
        state = game.create(players, seed=10_000 + g, options=opts)
        while True:
            for seat in range(players):
                obs = writers[seat].encode(enc, state.view(seat))
                np.maximum(high, obs, out=high)
                np.minimum(low, obs, out=low)
            if state.is_over:
                break
            to_move = state.current_player
            assert to_move is not None
            if bot == "random":
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            else:
                state.apply(bots[to_move].choose(state))
    return {
        "version": enc.version,
        "games": len(plans),
        "max": [_num(x) for x in high],
        "min": {str(i): _num(x) for i, x in enumerate(low) if x < 0},
    }


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(float(x), 4)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=150, help="random games per configuration")
    parser.add_argument("--greedy", type=int, default=20, help="greedy games per configuration")
    args = parser.parse_args()
    start = time.process_time()
    out: dict[str, Any] = {
        "method": "bench/fit/observation_scales.py: the largest and smallest value of each "
        "element over every seat's observation at every decision of random-legal games "
        "(defaults, then each option value) and greedy games",
        "command": f"bench/fit/observation_scales.py --random {args.random} --greedy {args.greedy}",
        "games": {},
    }
    for name in games.names():
        game = games.get(name)
        out["games"][name] = {
            str(p): measure(name, p, args.random, args.greedy)
            for p in range(game.min_players, game.max_players + 1)
        }
        print(f"{name}: {time.process_time() - start:.0f}s", file=sys.stderr)
    json.dump(out, sys.stdout, separators=(",", ":"))
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
