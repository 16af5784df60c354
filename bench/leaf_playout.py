"""How many random moves should the search play at a leaf before the heuristic judges
it? mcts with ``--plies`` random moves at each new leaf (``end``: a playout to the end)
against the frozen ``mcts-v1``, at the same CPU time a move.

One seat (rotated game by game) is today's ``mcts`` bot with its leaf replaced; every
other seat is ``mcts-v1``. Prints the share of games that seat won (a tie shared), with a
95% interval, as JSON. Seeded: the same command gives the same games (a CPU-time budget
makes each search's length depend on the machine, as in ``dragontable tournament``).
Dragon's ``LEAF_PLAYOUT`` was chosen from 40-game runs of an earlier form of this
experiment (the leaf seeded its moves from the position) on seeds 2 and 3: 0 moves
42.5% of 80, 12 moves 52.5% of 80, 30 moves 55.0% of 40, to the end 53.8% of 80; then
confirmed with the shipped setting by ``dragontable tournament --game dragon --players 2
--bots mcts:0.1s,mcts-v1:0.1s --games 200 --seed 10`` (57.5%). Ming Dynasty and Chang
Cheng gained nothing from it (40 games, seed 2, 2 players): Ming 52.5% with 12 moves as
with none, Chang Cheng 42.5% with 12 (51.2% of 40 judged at once earlier), so they judge
at once. To run one line::

    PYTHONPATH=src .venv/bin/python bench/leaf_playout.py --game dragon --plies 12 \
        --seconds 0.1 --games 40 --seed 2 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor

from dragontable import games
from dragontable.bots import make_bot, mcts
from dragontable.bots.heuristics import evaluator, evaluator_all, leaf_scale
from dragontable.core.play import Chooser
from dragontable.core.rng import derive_seed
from dragontable.tournament import one_seat_share, won_share

Job = tuple[str, int, str, float, int, int]


def variant(game: str, plies: str) -> mcts.Leaf | None:
    """The leaf with ``plies`` random moves first; ``end``: none (random playouts)."""
    scale = leaf_scale(game)
    if plies == "end" or scale is None:
        return None
    return mcts.heuristic_leaf(evaluator(game), scale, evaluator_all(game), int(plies))


def play(job: Job) -> float:
    """One game; the variant seat's share of the win."""
    game, players, plies, seconds, seed, index = job

    def leaf_for(game: str) -> mcts.Leaf | None:
        return variant(game, plies)

    mcts.leaf_for = leaf_for  # this worker's mcts only

    def bot(seat: int, variant: bool) -> Chooser:
        spec = f"mcts:{seconds}s" if variant else f"mcts-v1:{seconds}s"
        return make_bot(spec, game, derive_seed(seed, index, seat))

    return one_seat_share(game, players, seed, index, bot)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=games.names())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--plies", default="12", help="random moves at a leaf, or 'end'")
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.plies != "end" and not args.plies.isdigit():
        parser.error(f"--plies must be a number of moves or 'end', not {args.plies!r}")
    jobs = [
        (args.game, args.players, args.plies, args.seconds, args.seed, i) for i in range(args.games)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        shares = list(pool.map(play, jobs))
    setting = {"game": args.game, "players": args.players, "plies": args.plies}
    print(json.dumps({**setting, "seconds": args.seconds, "seed": args.seed, **won_share(shares)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
