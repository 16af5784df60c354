"""Random-legal simulations and the benchmark behind ``dragontable bench``."""

from __future__ import annotations

import secrets
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from . import games
from .core.rng import Rng, derive_seed
from .core.state import State


def play_random(
    game: str, players: int, seed: int, i: int, options: Mapping[str, Any] | None
) -> tuple[list[int], list[int], int]:
    """Random-legal game number ``i`` of a simulation with master seed ``seed``: the game
    uses seed ``seed + i``, its moves ``derive_seed(seed, i, "simulate")``. Returns the
    final totals by seat, the winners and the number of decisions."""
    state = games.create(game, players=players, seed=seed + i, options=options)
    state.silence()  # nobody reads a simulated game's log
    rng = Rng(derive_seed(seed, i, "simulate"))
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        steps += 1
    return [s["total"] for s in state.scores()], state.winners(), steps


RAY_BATCH = 100
"""Random games per Ray task in a simulation."""


def simulate(
    game: str,
    players: int,
    games_: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: bool = False,
    ray: str | bool | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """Play ``games`` random-legal games; return counts, score statistics and speed.

    ``ray``: run the games as Ray tasks on the cluster at that address (``True`` or
    ``""``: this machine's cluster or a new local one); the summary is the local run's,
    but for the timings."""
    n = games_ if games_ is not None else int(kwargs.pop("games", 100))
    if n < 1:
        from .core.errors import OptionError

        raise OptionError(f"--games must be at least 1, not {n}")
    seed = secrets.randbits(32) if seed is None else seed
    opts = dict(options or {})
    games.get(game).validate(players, seed, opts)  # fail fast on bad options
    start = time.perf_counter()
    bar = _progress(progress, n)
    jobs = [(game, players, seed, i, opts) for i in range(n)]
    if ray is not None and ray is not False:
        from .distributed import ray_map

        address = ray if isinstance(ray, str) else None
        results = ray_map(play_random, jobs, address, batch=RAY_BATCH, tick=_ticker(bar))
    else:
        results = []
        tick = _ticker(bar)
        for job in jobs:
            results.append(play_random(*job))
            tick(1)
    seconds = time.perf_counter() - start
    if bar is not None:
        bar[0].stop()
    return _summary(game, players, opts, seed, results, seconds)


def _summary(
    game: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    results: list[tuple[list[int], list[int], int]],
    seconds: float,
) -> dict[str, Any]:
    n = len(results)
    scores = [score for totals, _, _ in results for score in totals]
    wins = [0] * players
    for _, winners, _ in results:
        for w in winners:
            wins[w] += 1
    steps = sum(r[2] for r in results)
    return {
        "game": game,
        "players": players,
        "options": options,
        "seed": seed,
        "games": n,
        "score_mean": round(statistics.fmean(scores), 2),
        "score_min": min(scores),
        "score_max": max(scores),
        "wins_by_seat": wins,
        "steps": steps,
        "steps_per_game": round(steps / n, 1),
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 1),
    }


def _ticker(bar: Any) -> Callable[[int], None]:
    """Advance ``bar`` (from :func:`_progress`, or None) by a number of games."""

    def tick(done: int) -> None:
        if bar is not None:
            bar[0].update(bar[1], advance=done)

    return tick


def _progress(enabled: bool, total: int) -> Any:
    if not enabled or total < 20:
        return None
    from rich.console import Console
    from rich.progress import Progress

    bar = Progress(console=Console(stderr=True), transient=True)
    task = bar.add_task("simulating", total=total)
    bar.start()
    return bar, task


def _logged(name: str, players: int, seed: int, moves: list[str]) -> State:
    """The game of ``seed`` after ``moves``, keeping its log as a table's game does (a
    search starts from such a state; its sampled worlds keep none)."""
    state = games.create(name, players=players, seed=seed)
    for move in moves:
        state.apply(move)
    return state


def _measure(name: str, players: int, seconds: float, seed: int) -> dict[str, Any]:
    """Random games for ``seconds``: games/s and apply()/s (with legal_actions) on games
    that keep no log (as ``simulate``'s games and a search's sampled worlds); clone()/s
    and mcts iterations/s at move 40 of games that keep it (as a table's); greedy's time a
    move at positions of the random games.

    Every figure counts the CPU time of this thread (as the search's does), so it reads
    nearly the same on a busy machine: what one core does (more processes than cores
    still cost it some: caches are shared).
    """
    clock = time.thread_time
    games_done = applies = 0
    apply_time = 0.0
    start = clock()
    rng = Rng(seed)
    openings: list[tuple[int, list[str]]] = []  # seed and first 40 moves, for clone and mcts
    positions: list[State] = []  # decisions with a choice, for greedy's timing
    while clock() - start < seconds or games_done == 0:
        state = games.create(name, players=players, seed=seed + games_done)
        state.silence()  # as simulate's games and the search's worlds: no log kept
        t0 = clock()
        n = 0
        while not state.is_over:
            legal = state.legal_actions()
            if n % 7 == 0 and len(legal) > 1 and len(positions) < 100:
                positions.append(state.clone())
            state.apply(legal[rng.below(len(legal))])
            n += 1
            if n == 40 and len(openings) < 50:
                openings.append((seed + games_done, state.history.copy()))
        apply_time += clock() - t0
        applies += n
        games_done += 1
    elapsed = clock() - start
    mid_states = [_logged(name, players, *opening) for opening in openings]
    clones = 0
    t0 = clock()
    while clock() - t0 < min(0.5, seconds) and mid_states:
        for s in mid_states:
            s.clone()
        clones += len(mid_states)
    clone_time = clock() - t0
    mcts_rate = baseline_rate = None
    if mid_states:
        mcts_rate, baseline_rate = _search_rates(mid_states[0], min(1.0, seconds), seed)
    return {
        "game": name,
        "players": players,
        "games": games_done,
        "games_per_second": round(games_done / elapsed, 1),
        "apply_per_second": round(applies / apply_time),
        "actions_per_game": round(applies / games_done, 1),
        "clone_per_second": round(clones / clone_time) if clones else None,
        "mcts_iterations_per_second": mcts_rate,
        "mcts_v1_iterations_per_second": baseline_rate,
        "greedy_ms_per_move": _greedy_ms(name, positions, seed),
    }


def _search_rates(state: State, seconds: float, seed: int) -> tuple[int, int]:
    """Iterations a CPU second of today's mcts and of the frozen ``mcts-v1``, from the
    same position, each measured twice in turn (the better run counts, as both bots
    share the machine's noise)."""
    from .bots import baseline
    from .bots.baseline import mcts as v1
    from .bots.leaves import leaf_for
    from .bots.mcts import search

    name = state.game.name
    leaf, leaf_v1 = leaf_for(name), v1.leaf_for(name) if name in baseline.GAMES else None
    reuse = games.bot_settings(name).world_reuse
    now, then = 0, 0
    for _ in range(2):
        done = search(state, seconds=seconds, seed=seed, leaf=leaf, reuse=reuse).iterations
        now = max(now, round(done / seconds))
        done = v1.search(state, seconds=seconds, seed=seed, leaf=leaf_v1).iterations
        then = max(then, round(done / seconds))
    return now, then


def _greedy_ms(name: str, positions: list[State], seed: int) -> float | None:
    """Mean CPU milliseconds the greedy bot takes to choose, over sampled positions."""
    from .bots import make_bot
    from .bots.heuristics import has_heuristic

    if not positions or not has_heuristic(name):
        return None
    bot = make_bot("greedy", name, seed)
    t0 = time.process_time()
    for state in positions:
        bot.choose(state)
    return round(1000 * (time.process_time() - t0) / len(positions), 2)


def bench(names: list[str], seconds: float = 2.0, seed: int = 1) -> dict[str, Any]:
    """Benchmark every game and player count on one core."""
    import platform

    results = []
    for name in names:
        game = games.get(name)
        for players in range(game.min_players, game.max_players + 1):
            results.append(_measure(name, players, seconds, seed))
    return {
        "benchmark": (
            "random-legal games without a log, default options, one core; "
            "clone and mcts from move 40"
        ),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "results": results,
    }
