"""Bots: anything with ``choose(state) -> action`` for the seat whose decision it is."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .. import games
from ..core.errors import OptionError
from ..core.rng import Rng, derive_seed
from ..core.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> str:
        """Return a legal action for ``state.current_player``."""
        ...


class RandomBot:
    """Plays a uniformly random legal action (seeded, so games reproduce)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        return legal[self.rng.below(len(legal))]


def _greedy(game: str, seed: int) -> Bot:
    from .greedy import GreedyBot
    from .heuristics import evaluator

    return GreedyBot(evaluator(game), seed, beam=games.bot_settings(game).beam)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": lambda game, seed: RandomBot(seed),
    "greedy": _greedy,
}
BOTS["mcts"] = lambda game, seed: _search_bot(BotSpec("mcts", iterations=1000), game, seed)


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec: ``mcts:2s:4`` is mcts, 2 CPU seconds a move, 4 processes."""

    name: str
    iterations: int | None = None
    seconds: float | None = None
    processes: int = 1


SPEC_HELP = "mcts[:BUDGET[:PROCESSES]], BUDGET iterations (mcts:500) or seconds (mcts:2s)"
RESEARCH_BOTS = ("openspiel-ismcts", "openspiel-mcts")
"""OpenSpiel's reference searches (``bots/openspiel.py``, the research extra): for
tournaments, not offered by the table server; they take a budget as mcts does."""
BASELINE_BOTS = ("greedy-v1", "mcts-v1")
"""The frozen bots of 2026-11-24 (``bots/baseline/``): fixed opponents that every later
change to ``greedy`` and ``mcts`` is measured against; for tournaments and benchmarks."""
TRIAL_BOTS = ("rollout",)
"""Bots being measured before a table offers them: ``rollout`` (``bots/rollout.py``), its
budget in rollouts (``rollout:300``) or CPU seconds (``rollout:1s``, the default)."""
SEARCH_BOTS = ("mcts", "mcts-v1", *RESEARCH_BOTS, *TRIAL_BOTS)
REFERENCE_BOTS = (*BASELINE_BOTS, *RESEARCH_BOTS, *TRIAL_BOTS)
"""Bots for tournaments and benchmarks only, not offered by the table server."""


def parse_spec(spec: str) -> BotSpec:
    """Parse ``random``, ``greedy``, ``mcts``, ``mcts:800``, ``mcts:2s`` or ``mcts:2s:4``."""
    if not isinstance(spec, str):
        raise OptionError(f"a bot spec must be text like 'greedy' or 'mcts:2s', not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    if name not in BOTS and name not in REFERENCE_BOTS:
        known = ", ".join([*BOTS, *REFERENCE_BOTS])
        raise OptionError(f"unknown bot {spec!r}; bots: {known}")
    if not rest:
        if name in TRIAL_BOTS:
            return BotSpec(name, seconds=1.0)
        return BotSpec(name, iterations=1000) if name in SEARCH_BOTS else BotSpec(name)
    if name not in SEARCH_BOTS:
        raise OptionError(f"bot {name!r} takes no budget (only mcts does: mcts:2s)")
    budget, _, processes = rest.partition(":")
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not 0 < seconds < math.inf:
                raise ValueError
            iterations = None
        else:
            iterations, seconds = int(budget), None
            if iterations <= 0:
                raise ValueError
    except ValueError:
        raise OptionError(f"bad mcts budget {budget!r} in {spec!r}: use {SPEC_HELP}") from None
    workers = 1
    if processes:
        try:
            workers = int(processes)
            if workers <= 0:
                raise ValueError
        except ValueError:
            raise OptionError(
                f"bad process count {processes!r} in {spec!r}: a whole number, e.g. mcts:2s:4"
            ) from None
    if workers > 1 and name not in ("mcts", "mcts-v1"):
        raise OptionError(f"bot {name!r} searches in one process, not {workers}")
    return BotSpec(name, iterations, seconds, workers)


def _search_bot(spec: BotSpec, game: str, seed: int, max_seconds: float | None = None) -> Bot:
    """The ``mcts`` bot of ``game``: the tree search (``bots/mcts.py``), or rollouts over
    greedy where the game's heuristic asks for them (``bots/rollout.py``)."""
    from .mcts import MctsBot

    settings = games.bot_settings(game)
    if settings.rollout is not None:
        return _rollout_bot(spec, game, seed, max_seconds, settings.rollout.iterations)
    margin = settings.search_margin
    default = None if margin is None else _greedy(game, derive_seed(seed, "default"))
    return MctsBot(
        seed,
        spec.iterations,
        spec.seconds,
        spec.processes,
        default,
        margin or 0.0,
        max_seconds,
        keep_tree=settings.keep_tree,
        reuse=settings.world_reuse,
    )


def _rollout_bot(spec: BotSpec, game: str, seed: int, max_seconds: float | None, cost: int) -> Bot:
    """``mcts`` as rollouts: an iteration budget buys one rollout for every ``cost``
    iterations (at least one), a time budget the same seconds."""
    from .rollout import RolloutBot

    if spec.processes > 1:
        title = games.get(game).title
        raise OptionError(
            f"{title}'s search (rollouts over greedy) runs in one process, "
            f"not {spec.processes}: give it more time instead (mcts:2s)"
        )
    rollouts = None if spec.iterations is None else -(-spec.iterations // cost)
    return RolloutBot(game, seed, rollouts, spec.seconds, max_seconds)


def make_bot(spec: str, game: str, seed: int = 0, max_seconds: float | None = None) -> Bot:
    """A bot from a spec like ``random``, ``greedy``, ``mcts:2s``, ``mcts:800`` or
    ``mcts:2s:4`` (root-parallel search in four processes).

    ``max_seconds`` caps the CPU seconds of each mcts search, whatever its budget; a move
    the cap does not cut short is the move of the uncapped bot. Other bots ignore it.
    """
    parsed = parse_spec(spec)
    if max_seconds is not None and not 0 < max_seconds < math.inf:
        raise OptionError(f"a bot's time cap must be positive seconds, not {max_seconds!r}")
    if parsed.name == "mcts":
        return _search_bot(parsed, game, seed, max_seconds)
    if parsed.name in BASELINE_BOTS:
        from . import baseline

        if parsed.name == "greedy-v1":
            return baseline.greedy_v1(game, seed)
        return baseline.mcts_v1(
            game, seed, parsed.iterations, parsed.seconds, parsed.processes, max_seconds
        )
    if parsed.name == "rollout":
        from .heuristics import has_heuristic
        from .rollout import RolloutBot

        if not has_heuristic(game):
            raise OptionError(f"bot 'rollout' needs a heuristic, and {game} has none")
        return RolloutBot(game, seed, parsed.iterations, parsed.seconds, max_seconds)
    if parsed.name in RESEARCH_BOTS:
        from .openspiel import OpenSpielBot

        seconds = parsed.seconds
        if max_seconds is not None:
            seconds = min(seconds or max_seconds, max_seconds)
        return OpenSpielBot(parsed.name, seed, parsed.iterations, seconds)
    return BOTS[parsed.name](game, seed)


def default_bot(game: str) -> str:
    """The strongest quick bot for ``game``: greedy where it has a heuristic, else random."""
    from .heuristics import has_heuristic

    return "greedy" if has_heuristic(game) else "random"
