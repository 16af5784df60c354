"""Tune a game's greedy heuristic weights by play: coordinate search against ``greedy-v1``.

Starting from the shipped weights (``games/<game>/weights/heuristic.json``), each sweep
draws a fresh block of ``--games`` seeded games, plays the incumbent on it, then tries
every weight (in a seeded random order) scaled up and down by ``--step``; a change is
kept when it scores better on the same block than the incumbent did (same seeds, seats
rotated game by game, so the comparison is paired). The score of a set of weights is
its win share against the opponent plus its mean lead over the best rival divided by
``--lead-scale``, so a few more points break ties between equal win rates, plus
``--statistic-weight`` times the mean of ``--statistic`` (a per-seat statistic of the
final state, as the strength plan's claims use: ``palace``). Everything follows from
``--seed``: the same command gives the same weights.

The shipped Dragon weights came from two runs (each file's ``produced_by`` holds the
chain): 2-player games against greedy-v1, then 4-player games against the greedy of
stage 1 with the palace statistic in the objective (``person_loss`` was reset to 1.5
between them, when it became the loss beyond what the estimate counts for a person)::

    PYTHONPATH=src .venv/bin/python bench/fit/tune_greedy.py --game dragon --seed 1 --sweeps 1 \
        --games 100 --margin 0.01 --workers 2 \
        --write src/dragontable/games/dragon/weights/heuristic.json
    PYTHONPATH=src .venv/bin/python bench/fit/tune_greedy.py --game dragon --seed 2 --players 4 \
        --opponent greedy --statistic palace --games 80 --sweeps 1 --margin 0.01 --workers 2 \
        --only person_loss,palace_loss,prepare_1,prepare_2,prepare_later,yuan,empty_palace,\
room_now,room_later,rival --write src/dragontable/games/dragon/weights/heuristic.json

Ming's and Chang Cheng's weights moved from greedy-v1's hand-set values by a few steps
that held on fresh blocks (each file's ``produced_by`` says which and what they scored):
coordinate sweeps on blocks of 60 games are noisy (a Chang Cheng run, ``--game
changcheng --seed 3 --games 60 --sweeps 2 --margin 0.01``, kept five changes whose sum
fell from 57.8% to 51.7% of the strength plan's 200 games), so only single changes that
won again on another block were kept.

Tried for 2-player Ming Dynasty and not kept (2026-11-28): a weight on the neutral
members in the districts of a province against each member of a seat waiting on its
space (the heuristic is otherwise blind to where a neutral member is placed while no
seat's open area there changes its projection, so greedy and the search's leaf place
them at random). Against greedy-v1 on blocks of 200 games (``--only`` that weight,
``--step 1.0``) the three settings tried each ranked first on one block (seed 7: 0 59.5%,
0.3 66.5%, 0.6 62.5%; seed 8: 0.3 61.8%, 0.6 67.0%; seed 9: 0 62.5%, 0.45 60.0%, 0.9
53.0%), and 400 games of greedy with 0.45 against greedy without it (seats rotated)
won 45.9%, mean lead -2.3: no gain.

With ``--search N`` the weights tuned are the search's leaf weights instead (a heuristic
with ``SEARCH_WEIGHTS`` and ``evaluate_all_with``: Chang Cheng): the tuned seat is the
``mcts`` bot at N iterations a move judging its leaves under the candidate weights, the
others ``mcts-v1:N`` unless ``--opponent`` says otherwise, and ``--write`` writes the
search's weights file (``weights/search.json``)::

    PYTHONPATH=src .venv/bin/python bench/fit/tune_greedy.py --game changcheng --search 200 \
        --seed 1 --games 100 --sweeps 1 --workers 2

JSON on stdout (the start, every trial, the best weights); progress on stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import shlex
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from dragontable import games
from dragontable.bots import Bot, make_bot
from dragontable.bots.greedy import GreedyBot
from dragontable.bots.leaves import leaf_judging
from dragontable.bots.mcts import MctsBot
from dragontable.core.play import play_out
from dragontable.core.rng import Rng, derive_seed
from dragontable.core.state import State
from dragontable.core.weights import produced_by, write_weights
from dragontable.strength import STATISTICS

ZERO_STEP = 0.1  # a weight at 0 moves by this much instead of a share of itself
SEED_STRIDE = 100_000  # seeds of one sweep's games: seed * stride + sweep * 1000 + g


def heuristic(game: str) -> Any:
    """The heuristic module of ``game`` (it must have ``Weights``, ``WEIGHTS``,
    ``evaluate_with``)."""
    return importlib.import_module(f"dragontable.games.{game}.heuristic")


Job = tuple[str, int, Any, str, int, int, str | None, int | None]
"""Game, players, weights, the opponents' spec, seed, game index, statistic, and the
search's iterations a move when the search's leaf is tuned (None: greedy)."""


def tuned_bot(game: str, w: Any, seed: int, search: int | None) -> Bot:
    """Greedy under weights ``w``, or with ``search`` the mcts bot at that many
    iterations a move judging its leaves under ``w`` (the game's leaf otherwise)."""
    module = heuristic(game)
    if search is None:

        def evaluate(state: State, seat: int) -> float:
            value: float = module.evaluate_with(state, seat, w)
            return value

        return GreedyBot(evaluate, seed, beam=games.bot_settings(game).beam)

    def evaluate_all(state: State) -> list[float]:
        values: list[float] = module.evaluate_all_with(state, w)
        return values

    leaf = leaf_judging(game, evaluate_all)
    settings = games.bot_settings(game)
    keep, reuse = settings.keep_tree, settings.world_reuse
    return MctsBot(seed, search, keep_tree=keep, reuse=reuse, leaf_for=lambda g: leaf)


def play(job: Job) -> tuple[float, float, float]:
    """One game of the tuned bot (weights ``w``) against ``opponent`` bots: its win
    share, its lead over the best rival and its ``statistic`` (0 without one)."""
    game, players, w, opponent, seed, g, statistic, search = job
    state = games.create(game, players=players, seed=seed + g)
    tuned = g % players
    bots = {
        s: (
            tuned_bot(game, w, derive_seed(seed, g, s), search)
            if s == tuned
            else make_bot(opponent, game, derive_seed(seed, g, s))
        )
        for s in range(players)
    }
    play_out(state, bots)
    winners = state.winners()
    totals = [sc["total"] for sc in state.scores()]
    best_rival = max(t for s, t in enumerate(totals) if s != tuned)
    win = 1 / len(winners) if tuned in winners else 0.0
    measured = 0.0 if statistic is None else STATISTICS[statistic](state, tuned)
    return win, float(totals[tuned] - best_rival), measured


def score(
    pool: ProcessPoolExecutor | None,
    args: argparse.Namespace,
    w: Any,
    seed: int,
) -> dict[str, float]:
    """Win share, mean lead, mean statistic and the objective of weights ``w`` on one
    block of games."""
    jobs: list[Job] = [
        (args.game, args.players, w, args.opponent, seed, g, args.statistic, args.search)
        for g in range(args.games)
    ]
    mapper: Callable[..., Any] = map if pool is None else pool.map
    results = list(mapper(play, jobs))
    win, lead, measured = (sum(r[i] for r in results) / len(results) for i in range(3))
    objective = win + lead / args.lead_scale + args.statistic_weight * measured
    out = {"win": round(win, 4), "lead": round(lead, 3), "objective": round(objective, 5)}
    if args.statistic is not None:
        out[args.statistic] = round(measured, 4)
    return out


def neighbours(w: Any, name: str, step: float) -> list[Any]:
    """``w`` with weight ``name`` moved up and down by ``step`` (a share of itself)."""
    value = getattr(w, name)
    delta = abs(value) * step if value else ZERO_STEP
    return [
        dataclasses.replace(w, **{name: value + delta}),
        dataclasses.replace(w, **{name: value - delta}),
    ]


def start_weights(args: argparse.Namespace) -> Any:
    """The shipped weights tuning starts from: greedy's, or with ``--search`` the leaf's."""
    module = heuristic(args.game)
    if args.search is None:
        return module.WEIGHTS
    if not hasattr(module, "SEARCH_WEIGHTS") or not hasattr(module, "evaluate_all_with"):
        raise SystemExit(f"--search: {args.game}'s search leaf has no weights of its own")
    return module.SEARCH_WEIGHTS


def tune(args: argparse.Namespace) -> dict[str, Any]:
    start_from = start_weights(args)
    best = start_from
    names = [f.name for f in dataclasses.fields(best)]
    if args.only:
        unknown = sorted(set(args.only) - set(names))
        if unknown:
            raise SystemExit(f"unknown weights {', '.join(unknown)}; weights: {', '.join(names)}")
        names = [n for n in names if n in args.only]
    rng = Rng(derive_seed(args.seed, "tune", args.game))
    trials: list[dict[str, Any]] = []
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    start = time.monotonic()
    step = args.step
    try:
        for sweep in range(args.sweeps):
            seed = args.seed * SEED_STRIDE + sweep * 1000
            incumbent = score(pool, args, best, seed)
            trials.append({"sweep": sweep, "change": None, **incumbent})
            log(f"sweep {sweep}: incumbent {incumbent} ({time.monotonic() - start:.0f} s)")
            order = list(names)
            rng.shuffle(order)
            for name in order:
                for candidate in neighbours(best, name, step):
                    result = score(pool, args, candidate, seed)
                    change = {name: round(getattr(candidate, name), 4)}
                    kept = result["objective"] > incumbent["objective"] + args.margin
                    trials.append({"sweep": sweep, "change": change, "kept": kept, **result})
                    mark = "kept" if kept else "    "
                    log(f"  {mark} {change} {result} ({time.monotonic() - start:.0f} s)")
                    if kept:
                        best, incumbent = candidate, result
                        break
            step *= args.shrink
    finally:
        if pool is not None:
            pool.shutdown()
    return {
        "game": args.game,
        "seed": args.seed,
        "games": args.games,
        "opponent": args.opponent,
        "players": args.players,
        "search": args.search,
        "start": dataclasses.asdict(start_from),
        "best": dataclasses.asdict(best),
        "trials": trials,
        "best_weights": best,
    }


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=["dragon", "ming", "changcheng"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=120, help="games per trial")
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--step", type=float, default=0.4, help="relative step of a trial")
    parser.add_argument("--shrink", type=float, default=0.6, help="step factor per sweep")
    parser.add_argument("--margin", type=float, default=0.0, help="objective gain to keep")
    parser.add_argument("--lead-scale", type=float, default=200.0)
    parser.add_argument(
        "--opponent", help="the bot in every other seat (greedy-v1; mcts-v1:N with --search N)"
    )
    parser.add_argument(
        "--search", type=int, metavar="N", help="tune the search's leaf at N iterations a move"
    )
    parser.add_argument(
        "--statistic", choices=sorted(STATISTICS), help="a per-seat statistic to add"
    )
    parser.add_argument("--statistic-weight", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", type=lambda s: s.split(","), help="tune only these weights")
    parser.add_argument("--write", type=Path, help="write the best weights to this file")
    args = parser.parse_args(argv)
    if args.search is not None and args.search < 1:
        parser.error("--search takes a positive number of iterations")
    if args.opponent is None:
        args.opponent = "greedy-v1" if args.search is None else f"mcts-v1:{args.search}"
    result = tune(args)
    best = result.pop("best_weights")
    if args.write is not None:
        command = "bench/fit/tune_greedy.py " + shlex.join(sys.argv[1:] if argv is None else argv)
        start = produced_by(args.game, *([] if args.search is None else ["search"]))
        write_weights(args.write, args.game, best, f"{command}; started from: {start}")
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
