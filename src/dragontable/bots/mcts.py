"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

Each iteration searches one determinization: ``state.determinize(seat, seed)`` re-draws
everything the seat has not seen (other hands, face-down cards, future shuffles), so
the search never reads hidden facts, and chance differs from iteration to iteration.
Nodes are keyed by action; selection uses UCB1 with availability counts (an action
legal in only some determinizations is judged by how often it was available).
Decisions with a single legal option are applied without a tree node. Several
consecutive iterations may share a world (``reuse``): it is drawn once, and the
positions the iterations reach in it are kept, so the next iteration walks down the
tree through them instead of playing the same moves again.

A new leaf is judged by a random playout to the end, or, for games whose settings ask
for it (``leaf_scale`` in ``SETTINGS``, ``games/<game>/heuristic.py``), by the heuristic:
each seat's reward is a logistic of its lead over the best rival, so the tree searches deeper
instead of averaging noisy playouts. A heuristic may ask for a few random moves first
(``leaf_playout``, a truncated playout), so that what is about to happen has happened
when it judges, or leave some player counts to playouts to the end (``leaf_to_end``),
random or led by the game's playout prior (:mod:`.prior`). The leaves are in
:mod:`.leaves`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any

from ..core.rng import Rng
from ..core.state import State
from . import leaves
from .leaves import Leaf, Rollout, random_rollout

LeafFor = Callable[[str], Leaf | None]
"""Makes the leaf of one search in a game: :func:`.leaves.leaf_for` unless a bot has its own."""

Shortlist = Callable[[State], Collection[str] | None]
"""The actions worth searching at a decision's root (None: all of them)."""

FRESH_CHANCE = False
"""Whether an iteration sharing a sampled world draws its own future (``State.reseed``)
past the positions kept there. Off: in 2-player Dragon it gained nothing at 0.3 or 1 s a
move against ``mcts-v1`` (``bench/experiments/search_variant.py --fresh-chance on``)."""


HISTORY = 0.0
"""Progressive history's weight W (Nijssen and Winands): selection adds
``W * h / ((1 - mean) * visits + 1)`` to a child's UCB1 score, ``h`` the mean reward of
its key for its player over every iteration of this search so far; 0 leaves it out.
Off: in 2-player Chang Cheng it won fewer games against ``mcts-v1`` at 0.3 s a move
(``bench/experiments/search_variant.py --history``; its docstring has the runs)."""

History = dict[int, dict[str, list[float]]]
"""Per player, per tree key: [sum of the player's rewards, count] in this search."""


class Node:
    """Statistics of one tree key; ``public`` caches a rival's actions' public forms."""

    __slots__ = ("avail", "children", "public", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 1
        self.public: dict[str, str] | None = None


@dataclass
class SearchResult:
    """Root statistics: action -> (visits, mean reward for the seat)."""

    stats: dict[str, tuple[int, float]]
    iterations: int
    root: Node | None = None

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
    root: Node | None = None,
    reuse: int = 1,
    root_actions: Collection[str] | None = None,
) -> SearchResult:
    """Search from ``state`` for its current seat; stop after ``iterations`` or ``seconds``.

    ``seconds`` counts the CPU time of the searching thread, not the wall clock, so a
    budget buys nearly the same search whatever else the machine is doing (processes
    that outnumber the cores still slow an iteration: caches are shared). ``max_seconds`` is a
    hard cap on that time whatever the budget: a search it does not cut short is the same
    search as without it. ``root`` continues a tree kept from an earlier search (see
    :func:`follow`); ``reuse`` iterations share each sampled world (a determinization
    costs several clones), and the positions they reach in it: a node's position in the
    world is computed once and kept (``Memo``) until the next world is drawn.
    ``root_actions``, legal actions of the seat, are the only ones searched at the root.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nothing to search")
    if iterations is None and seconds is None:
        iterations = 1000
    rng = Rng(seed)
    root = Node() if root is None else root
    clock = time.thread_time  # CPU time of this thread: the wall clock's load left out
    deadline = clock() + _time_limit(seconds, max_seconds)
    done = 0
    worlds = sampled_worlds(state, seat, rng, reuse)
    only = None if root_actions is None else frozenset(root_actions)
    if only is not None and not (only and only <= set(state.legal_actions())):
        raise ValueError(f"root actions must be legal actions, and some: {sorted(only)}")
    history: History | None = {} if HISTORY else None
    while (iterations is None or done < iterations) and clock() < deadline:
        world, memo = next(worlds)
        iterate(world, root, rng, exploration, rollout, leaf, seat, memo, only, history)
        done += 1
    legal = set(state.legal_actions() if only is None else only)
    stats = {
        a: (n.visits, n.value / n.visits)
        for a, n in root.children.items()
        if a in legal and n.visits
    }
    return SearchResult(stats, done, root)


def follow(before: State, root: Node, after: State) -> Node | None:
    """The node of ``root``'s tree (searched for ``before``'s seat) that stands for
    ``after``, a later position of the same game, or None if the tree never went there.

    The actions since are followed as the tree keys them: the seat's own by notation,
    a rival's by what the seat saw of it, one-option decisions without a node.
    """
    seat, done = before.current_player, len(before.history)
    if seat is None or after.history[:done] != before.history or after.current_player != seat:
        return None
    s, node = before.clone(), root
    for action in after.history[done:]:
        mover = s.current_player
        if mover is None:
            return None
        if len(s.legal_actions()) > 1:
            key = action if mover == seat else s.public_action(action, mover, seat)
            child = node.children.get(key)
            if child is None:
                return None
            node = child
        s.apply(action)
    return node


def _time_limit(seconds: float | None, max_seconds: float | None) -> float:
    """CPU seconds the search may run: the budget's, the cap's, or infinity."""
    limits = [t for t in (seconds, max_seconds) if t is not None]
    return min(limits, default=math.inf)


Entry = tuple[State, int | None, dict[str, Any] | None]
Memo = dict[Node, Entry]
"""Per tree node, its position in the current world: the state at the node's decision,
the seat deciding (None once the game is over) and its actions by tree key."""


def sampled_worlds(
    state: State, seat: int, rng: Rng, reuse: int, move: str | None = None
) -> Iterator[tuple[State, Memo | None]]:
    """Sampled worlds for ``seat``'s iterations, endlessly: each drawn from ``rng`` when
    the first of its ``reuse`` iterations asks, ``move`` played in it first, with the
    positions kept in it (none for a world that serves one iteration: it is played on)."""
    while True:
        world = state.determinize(seat, rng.next64(), keep_log=False)
        if move is not None:
            world.apply(move)
        memo: Memo | None = None if reuse == 1 else {}
        for _ in range(reuse):
            yield world, memo


def _entry(s: State, node: Node, seat: int) -> Entry:
    """``s`` run on through one-option decisions to ``node``'s decision, with its keys."""
    while True:
        player = s.current_player
        if player is None:
            return s, None, None
        legal = s.legal_actions()
        if len(legal) > 1:
            return s, player, _keyed(s, node, legal, player, seat)
        s.apply(legal[0])


def iterate(
    world: State,
    root: Node,
    rng: Rng,
    c: float,
    rollout: Rollout,
    leaf: Leaf | None,
    seat: int,
    memo: Memo | None = None,
    only: frozenset[str] | None = None,
    history: History | None = None,
) -> None:
    """One iteration in the sampled ``world`` for ``seat``: select from ``root`` (UCB1 at
    exploration ``c``), expand one node, judge it (``leaf``, else ``rollout`` to the end),
    back up. :func:`search` runs these; a caller that grows a tree of its own (the review
    goes on under the played move's node) runs them over :func:`sampled_worlds`.

    Without ``memo`` the world itself is played on (it serves this iteration only). With
    it the world is left as it is: the iteration goes down through the positions kept
    there, keeps one more (the first it had to compute) and plays the rest on a copy.
    """
    node = root
    entry = None if memo is None else memo.get(root)
    if entry is None:
        entry = _entry(world if memo is None else world.clone(), root, seat)
        if only is not None and entry[2] is not None:
            entry = (entry[0], entry[1], {k: a for k, a in entry[2].items() if k in only})
        if memo is not None:
            memo[root] = entry
    scratch = memo is None  # whether ``d`` is this iteration's own, to play on
    grown = False
    path: list[tuple[Node, int, str]] = []
    while True:
        d, player, keyed = entry
        if player is None or keyed is None:
            break
        children = node.children
        untried = []
        for key in keyed:
            child = children.get(key)
            if child is None:
                untried.append(key)
            else:
                child.avail += 1
        if untried:
            key = untried[rng.below(len(untried))]
            node = children[key] = Node()
            d = _apply_keyed(d, keyed[key], rng, not scratch)
            path.append((node, player, key))
            break
        if history is None:
            key = _select(children, keyed, c)
        else:
            key = _select_history(children, keyed, c, history, player)
        node = children[key]
        path.append((node, player, key))
        kept = None if scratch or memo is None else memo.get(node)
        if kept is not None:
            entry = kept
            continue
        entry = _entry(_apply_keyed(d, keyed[key], rng, not scratch), node, seat)
        if memo is not None and not scratch:
            if grown:
                scratch = True  # a copy of its own: played on from here
            else:
                memo[node], grown = entry, True
    if memo is not None and FRESH_CHANCE and not d.is_over:
        d.reseed(rng.next64())  # this iteration's own copy: a future of its own
    if leaf is None:
        rollout(d, rng)
        result = leaves.rewards(d)
    else:
        result = leaf(d, rng)
    for child, player, _ in path:
        child.visits += 1
        child.value += result[player]
    if history is not None:
        _remember(history, path, result)


def _remember(history: History, path: list[tuple[Node, int, str]], result: list[float]) -> None:
    """Add an iteration's rewards to the history of every key on its path."""
    for _, player, key in path:
        mine = history.get(player)
        if mine is None:
            mine = history[player] = {}
        h = mine.get(key)
        if h is None:
            mine[key] = [result[player], 1.0]
        else:
            h[0] += result[player]
            h[1] += 1.0


def _keyed(d: State, node: Node, legal: list[str], player: int, seat: int) -> dict[str, Any]:
    """The legal actions by tree key: the action itself for the searching seat, and for
    a rival what the searching seat would see of it (``public_action``), so a rival's
    secret choices share one node and the tree never branches on what the seat cannot
    know. Values are an action, or a list of the actions sharing a key."""
    if player == seat:
        return {a: a for a in legal}
    seen = node.public
    if seen is None:
        seen = node.public = {}
    keyed: dict[str, Any] = {}
    for a in legal:
        key = seen.get(a)
        if key is None:
            key = seen[a] = d.public_action(a, player, seat)
        held = keyed.get(key)
        if held is None:
            keyed[key] = a
        elif isinstance(held, list):
            held.append(a)
        else:
            keyed[key] = [held, a]
    return keyed


def _apply_keyed(d: State, actions: Any, rng: Rng, copy: bool = False) -> State:
    """Apply the action behind a key (one of them at random where several share it), to
    ``d`` or, with ``copy``, to a copy of it; the state played on."""
    if copy:
        d = d.clone()
    if isinstance(actions, list):
        d.apply(actions[rng.below(len(actions))])
    else:
        d.apply(actions)
    return d


def _select(children: dict[str, Node], keyed: dict[str, Any], c: float) -> str:
    """UCB1 with availability counts over the keys available in this world."""
    best, best_score = "", -math.inf
    log, sqrt = math.log, math.sqrt
    for key in keyed:
        ch = children[key]
        visits = ch.visits
        score = ch.value / visits + c * sqrt(log(ch.avail) / visits)
        if score > best_score:
            best, best_score = key, score
    return best


def _select_history(
    children: dict[str, Node], keyed: dict[str, Any], c: float, history: History, player: int
) -> str:
    """UCB1 with availability counts plus progressive history (:data:`HISTORY`); apart
    from :func:`_select` so that the search without history pays nothing for it."""
    best, best_score = "", -math.inf
    log, sqrt, w = math.log, math.sqrt, HISTORY
    mine = history.get(player, {})
    for key in keyed:
        ch = children[key]
        visits = ch.visits
        mean = ch.value / visits
        score = mean + c * sqrt(log(ch.avail) / visits)
        h = mine.get(key)
        if h is not None:
            score += w * (h[0] / h[1]) / ((1.0 - mean) * visits + 1.0)
        if score > best_score:
            best, best_score = key, score
    return best


Job = tuple[
    dict[str, Any], int | None, float | None, int, float | None, int, float, list[str] | None
]


def _worker(args: Job) -> dict[str, tuple[int, float]]:
    from .. import games

    snapshot, iterations, seconds, seed, max_seconds, reuse, exploration, only = args
    state = games.from_json(snapshot)
    found = parallel_search(
        state,
        1,
        iterations,
        seconds,
        seed,
        max_seconds,
        reuse=reuse,
        exploration=exploration,
        root_actions=only,
    )
    return found.stats


def parallel_search(
    state: State,
    workers: int,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    max_seconds: float | None = None,
    root: Node | None = None,
    reuse: int = 1,
    exploration: float = 0.7,
    leaf_for: LeafFor | None = None,
    root_actions: Collection[str] | None = None,
) -> SearchResult:
    """Root parallelism: independent trees in ``workers`` processes, root counts summed.

    Each tree uses the game's leaf evaluation (:func:`.leaves.leaf_for`), or in one
    process the leaf that ``leaf_for(game)`` makes; ``max_seconds`` caps the CPU time of
    each tree, ``reuse`` iterations share a world and ``exploration`` is UCB1's constant
    (see :func:`search`); every tree keeps to ``root_actions`` where given. One worker
    searches in this process and may continue the tree ``root``.
    """
    if leaf_for is not None and workers > 1:
        raise ValueError("a leaf of one's own searches in one process only")
    if workers <= 1:
        leaf = (leaf_for or leaves.leaf_for)(state.game.name)
        return search(
            state,
            iterations,
            seconds,
            seed,
            exploration,
            leaf=leaf,
            max_seconds=max_seconds,
            root=root,
            reuse=reuse,
            root_actions=root_actions,
        )
    from concurrent.futures import ProcessPoolExecutor

    per = None if iterations is None else max(1, iterations // workers)
    only = None if root_actions is None else list(root_actions)
    snapshot = state.to_json()
    jobs = [
        (snapshot, per, seconds, seed + 7919 * i, max_seconds, reuse, exploration, only)
        for i in range(workers)
    ]
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
    With a ``default`` bot (the game's greedy, where its settings give a ``search_margin``)
    the search overrules the default's move only when it values its own choice at least
    ``margin`` (in mean reward) higher: close calls go to the heuristic's chain
    judgement, which the search's sampling noise cannot beat.

    In one process the bot keeps its tree from one decision to its next and goes on
    searching the part of it the game went to (:func:`follow`): the seat's consecutive
    decisions (a card, then its tile) share their searches. ``keep_tree=False`` searches
    every decision afresh (a game's settings ask for it with ``keep_tree``). ``reuse``
    consecutive iterations share each sampled world (a game's ``world_reuse``; see :func:`search`);
    ``exploration`` is UCB1's constant; ``leaf_for`` makes each search's leaf instead of
    the game's own (one process only; ``bench/experiments/search_variant.py`` tries leaves so);
    ``shortlist(state)``, the only actions to search at the root (None: all), takes its
    time from a seconds budget (``bench/experiments/search_variant.py --root-top`` tries greedy's
    best).
    """

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        workers: int = 1,
        default: Any = None,
        margin: float = 0.0,
        max_seconds: float | None = None,
        keep_tree: bool = True,
        reuse: int = 1,
        exploration: float = 0.7,
        leaf_for: LeafFor | None = None,
        shortlist: Shortlist | None = None,
    ) -> None:
        self.rng = Rng(seed)
        self.shortlist = shortlist
        self.leaf_for = leaf_for
        self.exploration = exploration
        self.keep_tree = keep_tree
        self.reuse = reuse
        self.iterations = iterations
        self.seconds = seconds
        self.max_seconds = max_seconds
        self.workers = workers
        self.default = default
        self.margin = margin
        self._kept: tuple[State, Node] | None = None

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        started = time.thread_time()
        only = None if self.shortlist is None else self.shortlist(state)
        seconds = self.seconds
        if seconds is not None and only is not None:  # the shortlist's time is the move's
            seconds = max(0.001, seconds - (time.thread_time() - started))
        result = parallel_search(
            state,
            self.workers,
            self.iterations,
            seconds,
            seed=self.rng.next64(),
            max_seconds=self.max_seconds,
            root=self._kept_node(state, legal),
            reuse=self.reuse,
            exploration=self.exploration,
            leaf_for=self.leaf_for,
            root_actions=only,
        )
        self._kept = None if result.root is None else (state.clone(), result.root)
        if not result.stats:
            return legal[0]
        return self.decide(state, result)

    def _kept_node(self, state: State, legal: list[str]) -> Node | None:
        """The kept tree's node for ``state``, if the game went where the tree had been
        and its branches are all legal here."""
        if self._kept is None or self.workers > 1 or not self.keep_tree:
            return None
        node = follow(*self._kept, state)
        if node is None or not set(node.children) <= set(legal):
            return None
        return node

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
