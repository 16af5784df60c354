"""Fit a game's value function (``bots/value.py``) to the outcomes of self-play games.

Plays ``--games`` seeded games per player count in which every seat plays ``--bot``
(greedy by default; ``mcts:300`` fits the outcomes of the search's own play), or a
random legal action with probability ``--explore`` (so the positions cover more than
the bot's habits). Every ``--every``-th decision it records each seat's features
(``Game.value``: built from what the seat sees) and the share of the game left; when the
game ends each record gets its seat's final score. A least-squares fit (NumPy) of the
final score on the features, as they are and times the share of the game left, gives the
weights; the lead-to-win ``scale`` is the one whose logistic of a seat's predicted lead
over its best rival best predicts who won (log-loss over a grid).

    .venv/bin/python bench/fit/train_value.py --game dragon --games 300 --seed 1 \\
        --out src/dragontable/games/dragon/value.json

Prints a JSON report (samples, R², scale, log-loss per player count) on stdout, beside
the log-loss of the game's heuristic leaf on the same positions (``heuristic``: at its
``leaf_scale`` and at the grid scale that suits it best), so a fit can be judged against
the leaf the search uses before any game is played;
``--search`` marks the model for use as the search's leaf (do so only after it beat the
game's other leaf in play: ``docs/strength.md``). A value file needs a fit for every
player count, so ``--players`` with ``--out`` refits those counts in the file already
there and keeps its other fits (the file says so). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
from typing import Any

import numpy as np

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.value import VERSION, features_module, parse
from dragontable.core.errors import DataError, OptionError
from dragontable.core.rng import Rng, derive_seed

SCALES = [0.5 * k for k in range(2, 81)]  # candidate lead-to-win scales, in points
SIGNIFICANT = 5


def play(
    game: str, players: int, seed: int, explore: float, every: int, bot: str = "greedy"
) -> dict[str, Any]:
    """One self-play game: per recorded position and seat, features, share of the game left,
    seat; and per recorded position every seat's heuristic estimate (where it has one)."""
    module = features_module(game)
    assert module is not None
    judge = games.bot_settings(game).evaluate_all
    judged: list[list[float]] = []
    state = games.create(game, players=players, seed=seed)
    bots = [make_bot(bot, game, derive_seed(seed, f"seat{s}")) for s in range(players)]
    rng, n = Rng(derive_seed(seed, "explore")), 0
    rows: list[tuple[list[float], float, int]] = []  # features, share of the game left, seat
    while not state.is_over:
        legal = state.legal_actions()
        if len(legal) > 1 and n % every == 0:
            left = module.share_left(state)
            rows.extend((module.features(state, s), left, s) for s in range(players))
            if judge is not None:
                judged.append(judge(state))
        n += 1
        seat = state.current_player
        assert seat is not None
        if len(legal) > 1 and rng.below(1000) < explore * 1000:
            state.apply(legal[rng.below(len(legal))])
        else:
            state.apply(bots[seat].choose(state))
    totals = [float(s["total"]) for s in state.scores()]
    return {"rows": rows, "totals": totals, "winners": state.winners(), "judged": judged}


def fit(samples: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Least squares on the final scores, then the lead-to-win scale."""
    x, y = [], []
    for g in samples:
        for row, left, seat in g["rows"]:
            x.append([*row, *(v * left for v in row), 1.0])
            y.append(g["totals"][seat])
    a, b = np.array(x), np.array(y)
    coef, *_ = np.linalg.lstsq(a, b, rcond=None)
    pred = a @ coef
    r2 = 1.0 - float(np.sum((b - pred) ** 2) / np.sum((b - b.mean()) ** 2))
    per_position = [pred[i : i + players] for i in range(0, len(pred), players)]
    scale, loss = _scale(samples, per_position, players, SCALES)
    return {
        "weights": [round(float(w), SIGNIFICANT) for w in coef[:-1]],
        "bias": round(float(coef[-1]), SIGNIFICANT),
        "scale": scale,
        "samples": len(y),
        "r2": round(r2, 4),
        "log_loss": round(loss, 4),
    }


def heuristic_loss(game: str, samples: list[dict[str, Any]], players: int) -> dict[str, float]:
    """The log-loss of the heuristic leaf's win chances on the same positions: at the
    game's ``leaf_scale`` and at the grid scale that suits it best (empty without one)."""
    shipped = games.bot_settings(game).leaf_scale
    judged = [values for g in samples for values in g["judged"]]
    if shipped is None or not judged:
        return {}
    _, at_leaf = _scale(samples, judged, players, [shipped])
    best, loss = _scale(samples, judged, players, SCALES)
    return {
        "leaf_scale": shipped,
        "log_loss_at_leaf_scale": round(at_leaf, 4),
        "best_scale": best,
        "log_loss": round(loss, 4),
    }


def _scale(
    samples: list[dict[str, Any]], values: Any, players: int, grid: list[float]
) -> tuple[float, float]:
    """The scale of ``grid`` with the least log-loss of "this seat wins" from its lead;
    ``values`` holds every seat's value per recorded position, in the samples' order."""
    leads, won, k = [], [], 0
    for g in samples:
        for _ in range(len(g["rows"]) // players):
            row = values[k]
            k += 1
            for seat in range(players):
                rival = max(v for t, v in enumerate(row) if t != seat)
                leads.append(row[seat] - rival)
                won.append(1.0 if seat in g["winners"] else 0.0)
    lead, win = np.array(leads), np.array(won)
    best = (math.inf, grid[0])
    for s in grid:
        p = np.clip(1.0 / (1.0 + np.exp(-lead / s)), 1e-6, 1 - 1e-6)
        loss = float(-np.mean(win * np.log(p) + (1 - win) * np.log(1 - p)))
        best = min(best, (loss, s))
    return best[1], best[0]


def kept_fits(path: str, game: str, names: tuple[str, ...], refit: list[int]) -> dict[str, Any]:
    """The fits of the value file at ``path`` for the player counts not in ``refit``, and
    its ``trained_with`` (a ``DataError`` where there is no such file or it is broken)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as e:
        raise DataError(f"{path}: {e.strerror}") from None
    parse(text, game, names, path)  # a checked file
    raw = json.loads(text)
    kept = {k: v for k, v in raw["fits"].items() if int(k) not in refit}
    return {"fits": kept, "trained_with": raw.get("trained_with", "unknown")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, nargs="*", help="player counts (default: all)")
    ap.add_argument("--games", type=int, default=300, help="games per player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.25)
    ap.add_argument("--bot", default="greedy", help="the bot of every seat (a bot spec)")
    ap.add_argument("--every", type=int, default=3, help="record every n-th decision")
    ap.add_argument("--search", action="store_true", help="mark the model for the search")
    ap.add_argument("--out", help="write the value.json data file here")
    args = ap.parse_args(argv)
    spec = games.get(args.game)
    module = features_module(args.game)
    if module is None:
        ap.error(f"{args.game} declares no value features (Game.value)")
    try:
        make_bot(args.bot, args.game)
    except OptionError as e:
        ap.error(str(e))
    every_count = list(range(spec.min_players, spec.max_players + 1))
    counts = args.players or every_count
    if not set(counts) <= set(every_count):
        ap.error(f"{args.game} is played by {every_count[0]} to {every_count[-1]} players")
    kept: dict[str, Any] = {"fits": {}}
    if args.out and set(counts) != set(every_count):
        try:
            kept = kept_fits(args.out, args.game, tuple(module.NAMES), counts)
        except DataError as e:
            ap.error(
                f"--out with --players refits those player counts in an existing value "
                f"file and keeps its others (a value file needs every count): {e}"
            )
    fits: dict[str, dict[str, Any]] = {}
    judged: dict[str, dict[str, float]] = {}
    for players in counts:
        samples = []
        for g in range(args.games):
            samples.append(
                play(args.game, players, args.seed + g, args.explore, args.every, args.bot)
            )
            print(f"\r{players} players: game {g + 1}/{args.games}", end="", file=sys.stderr)
        print(file=sys.stderr)
        fits[str(players)] = fit(samples, players)
        judged[str(players)] = heuristic_loss(args.game, samples, players)
    trained_with = "bench/fit/train_value.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    if kept["fits"]:
        others = ", ".join(sorted(kept["fits"]))
        trained_with += f"; the fits for {others} players by {kept['trained_with']}"
    data = {
        "version": VERSION,
        "game": args.game,
        "features": list(module.NAMES),
        "search": args.search,
        "trained_with": trained_with,
        "fits": dict(sorted({**kept["fits"], **fits}.items())),
    }
    text = json.dumps(data, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    report = {
        k: {**{m: v[m] for m in ("samples", "r2", "scale", "log_loss")}, "heuristic": judged[k]}
        for k, v in fits.items()
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
