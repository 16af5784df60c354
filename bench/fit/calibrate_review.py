"""How well the review's win chances predict who wins, at several lead-to-win scales.

Plays ``--games`` seeded games of ``--players`` in which every seat plays ``--bot``
(greedy by default), or a random legal action with probability ``--explore``, and reviews
every seat's decisions as ``dragontable review`` does (``review.judge``, ``--iterations``
a decision), once for each of ``--scales``: a number is the scale of the review's leaf
(each seat's chance ``exp(value / scale)`` over the sum of the seats', from the game's
heuristic: at two seats a lead of one scale reads 73%), ``leaf`` the search's
``leaf_scale`` in that form, ``shipped`` the review as it ships (the game's
``review_scales`` for the player count, else the search's own leaf).
For each it prints, as JSON: the log-loss and Brier score of the win chance before
each decision (the best move's) against the seat's share of the win, a calibration table
(decisions in tenths of the predicted chance, their mean chance and how often the seat
won), and how often the review flagged a random move and a bot's move as an inaccuracy or
worse. A scale whose win chances are calibrated makes a verdict's threshold (a loss of 5,
10 or 20 points of win chance) mean what it says.

    PYTHONPATH=src .venv/bin/python bench/fit/calibrate_review.py --game changcheng \\
        --players 2 --games 60 --seed 1 --scales leaf,6,9,13,18 --workers 2

Progress goes to stderr, a line a game.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from typing import Any

from dragontable import games
from dragontable.bots import make_bot
from dragontable.core.rng import Rng, derive_seed
from dragontable.review import THRESHOLDS, judge, win_shares

FLAGGED = ("inaccuracy", "mistake", "blunder")
EPS = 1e-3  # win chances are clamped to [EPS, 1 - EPS] for the log-loss


def play(game: str, players: int, seed: int, bot: str, explore: float) -> Any:
    """One game: every decision with a choice (state, seat, index, move, random or not)
    and every seat's share of the win."""
    state = games.create(game, players=players, seed=seed)
    bots = [make_bot(bot, game, derive_seed(seed, f"seat{s}")) for s in range(players)]
    rng = Rng(derive_seed(seed, "explore"))
    found = []
    while not state.is_over:
        legal, seat = state.legal_actions(), state.current_player or 0
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        wild = rng.next64() < explore * 2.0**64
        move = legal[rng.below(len(legal))] if wild else bots[seat].choose(state)
        found.append((state.clone(), seat, len(state.history), move, wild))
        state.apply(move)
    return found, win_shares(state)


def one_game(
    args: tuple[str, int, int, str, float, list[float | None], int],
) -> list[dict[str, Any]]:
    """Every decision of a game judged at each scale: per decision, the seat's outcome,
    whether the move was random, and per scale the win chance before and the verdict."""
    game, players, seed, bot, explore, scales, iterations = args
    found, shares = play(game, players, seed, bot, explore)
    rows = []
    for state, seat, index, move, wild in found:
        judged = [judge(state, seat, index, move, iterations, scale) for scale in scales]
        rows.append(
            {
                "won": shares[seat],
                "random": wild,
                "before": [j["before"] for j in judged],
                "verdict": [j["verdict"] for j in judged],
            }
        )
    return rows


def report(rows: list[dict[str, Any]], k: int, scale: float | None) -> dict[str, Any]:
    """The figures of scale number ``k`` over every judged decision."""
    loss = brier = 0.0
    bins: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(10)]  # count, chance, won
    for r in rows:
        p, won = min(1 - EPS, max(EPS, r["before"][k])), r["won"]
        loss -= won * math.log(p) + (1 - won) * math.log(1 - p)
        brier += (p - won) ** 2
        b = bins[min(9, int(10 * p))]
        b[0] += 1
        b[1] += p
        b[2] += won
    n = len(rows)

    def flagged(wild: bool) -> float | None:
        mine = [r for r in rows if r["random"] == wild]
        hit = sum(r["verdict"][k] in FLAGGED for r in mine)
        return round(hit / len(mine), 3) if mine else None

    return {
        "scale": "shipped" if scale is None else scale,
        "decisions": n,
        "log_loss": round(loss / n, 4),
        "brier": round(brier / n, 4),
        "random_moves_flagged": flagged(True),
        "bot_moves_flagged": flagged(False),
        "calibration": [
            {"chance": round(c / m, 3), "won": round(w / m, 3), "decisions": int(m)}
            for m, c, w in bins
            if m
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--explore", type=float, default=0.15)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument(
        "--scales", default="shipped", help="comma-separated: numbers, 'leaf', 'shipped'"
    )
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    shipped = games.bot_settings(args.game).leaf_scale
    if shipped is None:
        parser.error(f"{args.game}'s search judges no leaf by its heuristic")
    words = {"leaf": shipped, "shipped": None}
    try:
        scales = [words[s] if s in words else float(s) for s in args.scales.split(",")]
    except ValueError:
        parser.error(f"--scales: numbers, 'leaf' or 'shipped', not {args.scales!r}")
    if any(s is not None and not s > 0 for s in scales):
        parser.error("--scales: every scale must be a positive number")
    jobs = [
        (
            args.game,
            args.players,
            derive_seed(args.seed, g),
            args.bot,
            args.explore,
            scales,
            args.iterations,
        )
        for g in range(args.games)
    ]
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for g, found in enumerate(pool.map(one_game, jobs)):
            rows.extend(found)
            print(f"game {g + 1}/{args.games}: {len(rows)} decisions", file=sys.stderr)
    out = {
        "command": " ".join(["bench/fit/calibrate_review.py", *(argv or sys.argv[1:])]),
        "thresholds": asdict(THRESHOLDS),
        "results": [report(rows, k, s) for k, s in enumerate(scales)],
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
