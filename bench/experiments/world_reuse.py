"""Does sharing sampled worlds cost the search strength? mcts with ``--reuse`` against mcts
with a world each, at the same iteration budget.

One seat (rotated game by game) searches with ``--reuse`` consecutive iterations per
sampled world; every other seat searches a fresh world each iteration. Everything else
is the shipped ``mcts`` bot. Prints the share of games the sharing seat won (a tie
shared), with a 95% interval, as JSON. Seeded: the same command gives the same games.
The figures of ``core/botsettings.py``'s ``WORLD_REUSE`` came from::

    PYTHONPATH=src .venv/bin/python bench/experiments/world_reuse.py --game dragon --iterations 200 \
        --reuse 16 --games 100 --seed 300 --workers 2               # 2 players: 50.0%
    PYTHONPATH=src .venv/bin/python bench/experiments/world_reuse.py --game dragon --iterations 200 \
        --reuse 16 --games 100 --seed 400 --players 4 --workers 2   # 4 players: 28.0%

and the same for ``ming`` and ``changcheng``.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.mcts import MctsBot
from dragontable.core.play import Chooser
from dragontable.core.rng import derive_seed
from dragontable.tournament import one_seat_share, won_share

Job = tuple[str, int, int, int, int, int]


def play(job: Job) -> float:
    """One game; the sharing seat's share of the win."""
    game, players, iterations, reuse, seed, index = job

    def bot(seat: int, sharing: bool) -> Chooser:
        found = make_bot(f"mcts:{iterations}", game, derive_seed(seed, index, seat))
        assert isinstance(found, MctsBot)
        found.reuse = reuse if sharing else 1
        return found

    return one_seat_share(game, players, seed, index, bot)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=games.names())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--reuse", type=int, default=16)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    jobs = [
        (args.game, args.players, args.iterations, args.reuse, args.seed, i)
        for i in range(args.games)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        shares = list(pool.map(play, jobs))
    setting = {"game": args.game, "players": args.players, "iterations": args.iterations}
    print(json.dumps({**setting, "reuse": args.reuse, "seed": args.seed, **won_share(shares)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
