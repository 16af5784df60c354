"""Fit a game's playout prior (``bots/prior.py``) to the greedy bot's choices.

Plays ``--games`` greedy self-play games per player count from ``--seed``, records at
each decision with a choice the tokens of the legal actions (the game's
``prior_token``) and the one greedy chose, and fits one weight per token by a
conditional logit: the chance of an action is proportional to ``exp(weight)`` of its
token. Gradient ascent on the mean log-likelihood (``--steps`` steps, a small L2 pull
to 0), all in NumPy and all from the seed: the same command gives the same file.
``--temperature`` is written with the weights: the playouts draw by
``exp(weight / temperature)``.

The shipped Dragon prior (2 to 4 players; the search uses the 2- and 4-player weights,
and plays out 3 and 5 players at random)::

    PYTHONPATH=src .venv/bin/python bench/fit/fit_prior.py --game dragon --players 2,3,4 \\
        --games 200 --seed 900000 --temperature 2 --search 2,4 \\
        --write src/dragontable/games/dragon/priors/playout.json

It fits 17,915 2-player decisions to a mean log-likelihood of -1.14 a decision (a
uniform choice among the legal actions: -1.54), 27,080 3-player ones to -1.14 (-1.53)
and 36,409 4-player ones to -1.14 (-1.52); each player count's weights come from its
own games, so fitting more counts leaves the others' weights as they were. A 2-player
game played out by it scores about 54 points a seat, by random moves about 39, and
takes no longer (633 against 719 us on the VM, 300 games). How it plays as the
search's playout: ``bench/experiments/search_variant.py``'s docstring (3 players: no gain).

JSON on stdout (decisions, log-likelihoods); progress on stderr.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import numpy as np

from dragontable import games
from dragontable.bots import make_bot, prior
from dragontable.core.play import Chooser, play_out
from dragontable.core.rng import derive_seed
from dragontable.core.state import State

Decision = tuple[list[str], int]
"""The tokens of a decision's legal actions and the index of greedy's choice."""


class Recorder:
    """A bot that plays as ``bot`` and records its decisions with a choice."""

    def __init__(self, bot: Chooser, token: prior.Token, into: list[Decision]) -> None:
        self.bot, self.token, self.into = bot, token, into

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        action = self.bot.choose(state)
        if len(legal) > 1:
            self.into.append(([self.token(a) for a in legal], legal.index(action)))
        return action


def decisions(game: str, players: int, n: int, seed: int, token: prior.Token) -> list[Decision]:
    """Greedy's decisions over ``n`` self-play games of ``players`` (game ``g`` from seed
    ``seed + g``, its bots from the game's index and their seat)."""
    out: list[Decision] = []
    for g in range(n):
        state = games.create(game, players=players, seed=seed + g)
        bots = {
            s: Recorder(make_bot("greedy", game, derive_seed(g, s)), token, out)
            for s in range(players)
        }
        play_out(state, bots)
    return out


def fit(rows: list[Decision], steps: int, rate: float, l2: float) -> tuple[dict[str, float], float]:
    """Token weights maximizing the mean log-likelihood of the choices, and that mean."""
    vocab = sorted({t for tokens, _ in rows for t in tokens})
    index = {t: i for i, t in enumerate(vocab)}
    flat = np.array([index[t] for tokens, _ in rows for t in tokens])
    sizes = np.array([len(tokens) for tokens, _ in rows])
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    picked = starts + np.array([c for _, c in rows])  # where each choice lies in ``flat``
    chosen = flat[picked]
    row_of = np.repeat(np.arange(len(rows)), sizes)
    theta = np.zeros(len(vocab))
    loglik = 0.0
    for _ in range(steps):
        z = theta[flat]
        z = z - np.maximum.reduceat(z, starts)[row_of]
        e = np.exp(z)
        total = np.add.reduceat(e, starts)
        p = e / total[row_of]
        loglik = float(np.mean(z[picked] - np.log(total)))
        grad = np.bincount(chosen, minlength=len(vocab)) - np.bincount(
            flat, weights=p, minlength=len(vocab)
        )
        theta += rate * grad / len(rows) - l2 * theta
    return {t: round(float(w), 3) for t, w in zip(vocab, theta, strict=True)}, loglik


def player_counts(text: str) -> list[int]:
    """``2,4`` as [2, 4]; argparse tells the user what it expected otherwise."""
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected player counts like 2,4, not {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=games.names())
    parser.add_argument("--players", type=player_counts, default=[2])
    parser.add_argument("--games", type=int, default=200, help="self-play games per count")
    parser.add_argument("--seed", type=int, default=900000)
    parser.add_argument("--temperature", type=float, default=2.0)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--rate", type=float, default=5.0)
    parser.add_argument("--l2", type=float, default=0.001)
    parser.add_argument("--write", type=Path, help="write the prior to this file")
    parser.add_argument(
        "--search",
        type=player_counts,
        default=[],
        help="player counts whose search playouts use it (each once it won there)",
    )
    args = parser.parse_args(argv)
    token = games.bot_settings(args.game).prior_token
    if token is None:
        parser.error(f"{args.game}'s heuristic settings have no prior_token: nothing to fit")
    if args.games < 1 or args.temperature <= 0 or args.steps < 1:
        parser.error("--games and --steps must be at least 1, --temperature positive")
    if not set(args.search) <= set(args.players):
        parser.error("--search names player counts that --players does not fit")
    weights: dict[str, dict[str, float]] = {}
    report: dict[str, Any] = {"game": args.game, "seed": args.seed, "fits": {}}
    for players in args.players:
        rows = decisions(args.game, players, args.games, args.seed, token)
        if not rows:
            parser.error(f"{args.games} games of {players} players had no decision to fit")
        weights[str(players)], loglik = fit(rows, args.steps, args.rate, args.l2)
        uniform = float(np.mean([-np.log(len(tokens)) for tokens, _ in rows]))
        report["fits"][players] = {
            "decisions": len(rows),
            "log_likelihood": round(loglik, 4),
            "uniform": round(uniform, 4),
        }
        print(f"{players} players: {report['fits'][players]}", file=sys.stderr, flush=True)
    if args.write is not None:
        command = shlex.join(["bench/fit/fit_prior.py", *(sys.argv[1:] if argv is None else argv)])
        data = {
            "format": prior.FORMAT,
            "version": prior.VERSION,
            "game": args.game,
            "produced_by": command,
            "temperature": args.temperature,
            "search": sorted(set(args.search)),
            "weights": weights,
        }
        prior.parse(json.loads(json.dumps(data)), args.game, str(args.write))  # it loads back
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
