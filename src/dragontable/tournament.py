"""Tournaments between bots: rotated seats, confidence intervals and a skill rating.

Game ``g`` seats bot ``i`` at ``(i + g) % players`` and uses seed ``seed + g``, so each
bot plays every seat equally often and results are identical run to run (for
iteration budgets), whatever the number of worker processes.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from . import games
from .bots import make_bot
from .core.errors import OptionError
from .core.play import Chooser, play_out
from .core.rng import derive_seed
from .core.state import State

Measure = Callable[[State, int], float]
"""A statistic of one seat in a finished game (e.g. whether it still has a palace)."""


def play_one(
    game: str,
    players: int,
    specs: list[str],
    seed: int,
    g: int,
    options: dict[str, Any],
    measure: Measure | None = None,
) -> dict[str, Any]:
    """Play game number ``g``; return per bot (by entry) its score, place and win share,
    and, given ``measure``, that statistic of its seat in the final state."""
    state = games.create(game, players=players, seed=seed + g, options=options)
    seat_of = [(i + g) % players for i in range(players)]
    bot_at = {seat_of[i]: make_bot(specs[i], game, derive_seed(seed, g, i)) for i in range(players)}
    play_out(state, bot_at)
    scores = state.scores()
    ranking = state.ranking()
    totals = [scores[s]["total"] for s in range(players)]
    result: dict[str, Any] = {
        "score": [totals[seat_of[i]] for i in range(players)],
        "place": [_place(ranking, totals, seat_of[i]) for i in range(players)],
        "win": [win_share(state, seat_of[i]) for i in range(players)],
    }
    if measure is not None:
        result["measure"] = [measure(state, seat_of[i]) for i in range(players)]
    return result


def win_share(state: State, seat: int) -> float:
    """``seat``'s share of the win in a finished game (a tie shares it)."""
    winners = state.winners()
    return 1 / len(winners) if seat in winners else 0.0


def one_seat_share(
    game: str, players: int, seed: int, index: int, bot: Callable[[int, bool], Chooser]
) -> float:
    """Game ``index`` of an experiment of one seat against the field, seeded ``seed + index``:
    seat ``index % players`` (rotated game by game) plays ``bot(seat, True)``, every other
    seat ``bot(seat, False)``. The share of the win of that one seat."""
    state = games.create(game, players=players, seed=seed + index)
    me = index % players
    play_out(state, {seat: bot(seat, seat == me) for seat in range(players)})
    return win_share(state, me)


def _place(ranking: list[int], totals: list[int], seat: int) -> int:
    """1-based place from the ranking (tie-breaks included)."""
    return ranking.index(seat) + 1


def _job(args: tuple[Any, ...]) -> dict[str, Any]:
    return play_one(*args)


def tournament(
    game: str,
    players: int,
    specs: list[str],
    n_games: int,
    seed: int = 1,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: bool = False,
    ray: str | bool | None = None,
) -> dict[str, Any]:
    """Play ``n_games`` and summarise per bot entry; ``ray``: as Ray tasks, one game each,
    on the cluster at that address (``True`` or ``""``: this machine's or a new local one)."""
    if len(specs) != players:
        raise OptionError(f"--bots names {len(specs)} bots for {players} players")
    if n_games < 1:
        raise OptionError(f"--games must be at least 1, not {n_games}")
    options = dict(options or {})
    games.get(game).validate(players, seed, options)
    for i, spec in enumerate(specs):
        make_bot(spec, game, i)  # fail fast on a bad bot spec
    jobs = [(game, players, specs, seed, g, options) for g in range(n_games)]
    results: list[dict[str, Any]] = []
    bar = _bar(progress, n_games)
    if ray is not None and ray is not False:
        from .distributed import ray_map

        address = ray if isinstance(ray, str) else None
        results = ray_map(play_one, jobs, address, tick=lambda n: _tick(bar, n))
    elif workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for r in pool.map(_job, jobs):
                results.append(r)
                _tick(bar)
    else:
        for job in jobs:
            results.append(_job(job))
            _tick(bar)
    if bar is not None:
        bar[0].stop()
    return summarise(game, players, specs, seed, results)


def summarise(
    game: str, players: int, specs: list[str], seed: int, results: list[dict[str, Any]]
) -> dict[str, Any]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=f"{i}:{s}") for i, s in enumerate(specs)]
    for r in results:
        teams = model.rate([[x] for x in ratings], ranks=r["place"])
        ratings = [t[0] for t in teams]
    n = len(results)
    rows = []
    for i, spec in enumerate(specs):
        scores = [r["score"][i] for r in results]
        wins = sum(r["win"][i] for r in results)
        sd = statistics.stdev(scores) if n > 1 else 0.0
        lo, hi = wilson(wins, n)
        rows.append(
            {
                "bot": spec,
                "entry": i,
                "wins": round(wins, 2),
                "win_rate": round(wins / n, 3),
                "win_rate_ci95": [round(lo, 3), round(hi, 3)],
                "mean_score": round(statistics.fmean(scores), 2),
                "score_ci95": round(1.96 * sd / math.sqrt(n), 2),
                "mean_rank": round(statistics.fmean(r["place"][i] for r in results), 2),
                "rating_mu": round(ratings[i].mu, 2),
                "rating_ordinal": round(ratings[i].ordinal(), 2),
            }
        )
    return {"game": game, "players": players, "games": n, "seed": seed, "bots": rows}


def won_share(shares: list[float]) -> dict[str, Any]:
    """Games, the share of them won (ties shared) and its 95% Wilson interval."""
    won = sum(shares)
    low, high = wilson(won, len(shares))
    return {
        "games": len(shares),
        "won_share": round(won / len(shares), 3),
        "interval_95": [round(low, 3), round(high, 3)],
    }


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def markdown(result: dict[str, Any]) -> str:
    """The result as a caption and a Markdown table, one row per bot."""
    caption = (
        f"{result['game']}, {result['players']} players, {result['games']} games, "
        f"seed {result['seed']}"
    )
    return caption + "\n\n" + markdown_table(result)


def markdown_table(result: dict[str, Any]) -> str:
    """One Markdown row per bot: wins, win rate with its interval, score, rank, rating."""
    lines = [
        "| bot | wins | win rate (95% CI) | mean score (±95% CI) | mean rank | rating |",
        "|---|---|---|---|---|---|",
    ]
    for r in result["bots"]:
        lo, hi = r["win_rate_ci95"]
        lines.append(
            f"| {r['bot']} | {r['wins']} | {r['win_rate']:.1%} ({lo:.1%}–{hi:.1%}) | "
            f"{r['mean_score']} ± {r['score_ci95']} | {r['mean_rank']} | {r['rating_ordinal']} |"
        )
    return "\n".join(lines)


def _bar(enabled: bool, total: int) -> Any:
    if not enabled:
        return None
    from rich.console import Console
    from rich.progress import Progress

    bar = Progress(console=Console(stderr=True), transient=True)
    task = bar.add_task("tournament", total=total)
    bar.start()
    return bar, task


def _tick(bar: Any, n: int = 1) -> None:
    if bar is not None:
        bar[0].update(bar[1], advance=n)
