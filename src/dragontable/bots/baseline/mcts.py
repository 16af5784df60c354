"""FROZEN baseline (``mcts-v1``): the ISMCTS of 2026-11-24, kept unchanged as a fixed opponent.

Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

Each iteration searches one determinization: ``state.determinize(seat, seed)`` re-draws
everything the seat has not seen (other hands, face-down cards, future shuffles), so
the search never reads hidden facts, and chance differs from iteration to iteration.
Nodes are keyed by action; selection uses UCB1 with availability counts (an action
legal in only some determinizations is judged by how often it was available).
Decisions with a single legal option are applied without a tree node.

A new leaf is judged by a random playout to the end, or, for games whose heuristic
asks for it (``LEAF_SCALE`` in ``games/<game>/heuristic.py``), by the heuristic at the
leaf itself: each seat's reward is a logistic of its lead over the best rival, so the
tree searches deeper instead of averaging noisy playouts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core.rng import Rng
from ...core.state import State

Rollout = Callable[[State, Rng], None]
Leaf = Callable[[State], list[float]]


class Node:
    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 1


def random_rollout(state: State, rng: Rng) -> None:
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def rewards(state: State) -> list[float]:
    """Per seat: 0.8 for a win (shared on a tie) plus 0.2 for the rank (1 first, 0 last)."""
    n = state.players
    winners = state.winners()
    out = [0.0] * n
    for place, seat in enumerate(state.ranking()):
        out[seat] = 0.2 * (n - 1 - place) / max(1, n - 1)
    for seat in winners:
        out[seat] += 0.8 / len(winners)
    return out


def heuristic_leaf(
    evaluate: Callable[[State, int], float],
    scale: float,
    evaluate_all: Callable[[State], list[float]] | None = None,
) -> Leaf:
    """Rewards from a heuristic: per seat, a logistic of its lead over the best rival.

    ``evaluate_all(state)``, where a heuristic has it, gives every seat's value at once.
    """

    def leaf(state: State) -> list[float]:
        if state.is_over:
            return rewards(state)
        if evaluate_all is not None:
            values = evaluate_all(state)
        else:
            values = [evaluate(state, s) for s in range(state.players)]
        out = []
        for s, v in enumerate(values):
            lead = v - max(w for t, w in enumerate(values) if t != s)
            out.append(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / scale)))))
        return out

    return leaf


def leaf_for(game: str) -> Leaf | None:
    """The heuristic leaf evaluation of ``game``, or None to use random playouts."""
    from .heuristics import heuristic

    module = heuristic(game)
    scale = getattr(module, "LEAF_SCALE", None)
    if scale is None:
        return None
    return heuristic_leaf(module.evaluate, float(scale), getattr(module, "evaluate_all", None))


@dataclass
class SearchResult:
    """Root statistics: action -> (visits, mean reward for the seat)."""

    stats: dict[str, tuple[int, float]]
    iterations: int

    def best(self) -> str:
        return max(self.stats.items(), key=lambda kv: (kv[1][0], kv[1][1], kv[0]))[0]

    def top(self, n: int) -> list[tuple[str, int, float]]:
        """The ``n`` most visited actions: (action, visits, mean reward), best first."""
        ranked = sorted(self.stats.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
        return [(a, visits, value) for a, (visits, value) in ranked[:n]]


def search(
    state: State,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    exploration: float = 0.7,
    rollout: Rollout = random_rollout,
    leaf: Leaf | None = None,
    max_seconds: float | None = None,
) -> SearchResult:
    """Search from ``state`` for its current seat; stop after ``iterations`` or ``seconds``.

    ``seconds`` counts the CPU time of the searching thread, not the wall clock, so a
    budget buys the same search whatever else the machine is doing. ``max_seconds`` is a
    hard cap on that time whatever the budget: a search it does not cut short is the same
    search as without it.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nothing to search")
    if iterations is None and seconds is None:
        iterations = 1000
    rng = Rng(seed)
    root = Node()
    clock = time.thread_time  # CPU time of this thread: the same search on a busy machine
    deadline = clock() + _time_limit(seconds, max_seconds)
    done = 0
    while (iterations is None or done < iterations) and clock() < deadline:
        d = state.determinize(seat, rng.next64())
        _iterate(d, root, rng, exploration, rollout, leaf)
        done += 1
    legal = set(state.legal_actions())
    stats = {
        a: (n.visits, n.value / n.visits)
        for a, n in root.children.items()
        if a in legal and n.visits
    }
    return SearchResult(stats, done)


def _time_limit(seconds: float | None, max_seconds: float | None) -> float:
    """CPU seconds the search may run: the budget's, the cap's, or infinity."""
    limits = [t for t in (seconds, max_seconds) if t is not None]
    return min(limits, default=math.inf)


def _iterate(d: State, root: Node, rng: Rng, c: float, rollout: Rollout, leaf: Leaf | None) -> None:
    node = root
    path: list[tuple[Node, int]] = []
    while not d.is_over:
        legal = d.legal_actions()
        if len(legal) == 1:
            d.apply(legal[0])
            continue
        player = d.current_player
        assert player is not None
        children = node.children
        untried = [a for a in legal if a not in children]
        for a in legal:
            if a in children:
                children[a].avail += 1
        if untried:
            action = untried[rng.below(len(untried))]
            child = children[action] = Node()
            d.apply(action)
            path.append((child, player))
            break
        best, best_score = legal[0], -math.inf
        for a in legal:
            ch = children[a]
            score = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best_score:
                best, best_score = a, score
        node = children[best]
        d.apply(best)
        path.append((node, player))
    if leaf is None:
        rollout(d, rng)
        result = rewards(d)
    else:
        result = leaf(d)
    for child, player in path:
        child.visits += 1
        child.value += result[player]


Job = tuple[dict[str, Any], int | None, float | None, int, float | None]


def _worker(args: Job) -> dict[str, tuple[int, float]]:
    from ... import games

    snapshot, iterations, seconds, seed, max_seconds = args
    state = games.from_json(snapshot)
    leaf = leaf_for(state.game.name)
    return search(state, iterations, seconds, seed, leaf=leaf, max_seconds=max_seconds).stats


def parallel_search(
    state: State,
    workers: int,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    max_seconds: float | None = None,
) -> SearchResult:
    """Root parallelism: independent trees in ``workers`` processes, root counts summed.

    Each tree uses the game's leaf evaluation (:func:`leaf_for`); ``max_seconds`` caps
    the CPU time of each tree (see :func:`search`).
    """
    if workers <= 1:
        leaf = leaf_for(state.game.name)
        return search(state, iterations, seconds, seed, leaf=leaf, max_seconds=max_seconds)
    from concurrent.futures import ProcessPoolExecutor

    per = None if iterations is None else max(1, iterations // workers)
    snapshot = state.to_json()
    jobs = [(snapshot, per, seconds, seed + 7919 * i, max_seconds) for i in range(workers)]
    merged: dict[str, tuple[int, float]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for stats in pool.map(_worker, jobs):
            for a, (n, mean) in stats.items():
                m, old = merged.get(a, (0, 0.0))
                merged[a] = (m + n, (old * m + mean * n) / (m + n))
    return SearchResult(merged, sum(n for n, _ in merged.values()))


class MctsBot:
    """ISMCTS with a budget of iterations (reproducible) or seconds per move.

    ``max_seconds`` caps the CPU time of each search whatever the budget: an iteration
    budget the cap cuts short is no longer reproducible, one it does not cut is unchanged.
    With a ``default`` bot (the game's greedy, where its heuristic sets ``SEARCH_MARGIN``)
    the search overrules the default's move only when it values its own choice at least
    ``margin`` (in mean reward) higher: close calls go to the heuristic's chain
    judgement, which the search's sampling noise cannot beat.
    """

    name = "mcts-v1"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        workers: int = 1,
        default: Any = None,
        margin: float = 0.0,
        max_seconds: float | None = None,
    ) -> None:
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.max_seconds = max_seconds
        self.workers = workers
        self.default = default
        self.margin = margin

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        result = parallel_search(
            state,
            self.workers,
            self.iterations,
            self.seconds,
            seed=self.rng.next64(),
            max_seconds=self.max_seconds,
        )
        if not result.stats:
            return legal[0]
        return self.decide(state, result)

    def decide(self, state: State, result: SearchResult) -> str:
        """The bot's move after a search: the search's best, unless the default bot's move
        is valued less than ``margin`` below it (then the default's)."""
        best = result.best()
        if self.default is not None:
            fallback = self.default.choose(state)
            if fallback in result.stats and fallback != best:
                gain = result.stats[best][1] - result.stats[fallback][1]
                if gain < self.margin:
                    return str(fallback)
        return best
