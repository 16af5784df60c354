"""Monte Carlo rollouts over greedy: a search that improves on the game's greedy bot.

At a decision with several options greedy ranks them on one sampled world and keeps its
``candidates`` best. Each round then draws a world the seat cannot tell from the real
game (``state.determinize``), plays every candidate in it, lets greedy play every seat
for ``horizon`` more decisions there, and judges where that leads: the game's result if
it ended, else each seat's lead by the game's heuristic (a logistic at its ``leaf_scale``,
as the search's leaves). The candidates of a round share their world, so they are
compared under the same hidden cards and the same chance. The bot plays the candidate
with the best mean, greedy's own first choice on a tie.

Only the sampled world is read inside a round, and it is drawn from what the seat knows:
the bot never sees another seat's secrets. In 2-player Ming Dynasty, against ``mcts-v1``
at 0.3 s a move, a horizon of 16 decisions won 16 of 16 games and a horizon of 8 won 12
of 21; in Chang Cheng (4 deep) and Dragon (16 deep) it won less than half its games
(``docs/bots.md``; at 1 s, as Ming Dynasty's ``mcts``, the ``ming-mcts1s-mctsv1-2p``
matchup of ``strength.md``).
So Ming Dynasty's settings ask for it (``rollout=RolloutSearch(...)``): there the ``mcts``
bot and the table's hints are this search (``make_bot``, ``server/hints.py``), with the game's
candidates and depth; elsewhere ``rollout`` is a trial bot for tournaments.
"""

from __future__ import annotations

import math
import time

from .. import games
from ..core.rng import Rng, derive_seed
from ..core.state import State
from .greedy import GreedyBot
from .heuristics import evaluator
from .leaves import lead_rewards, rewards

CANDIDATES = 3
"""Greedy's best options a decision, each played out in every round (where the game's
settings set no rollout search)."""
HORIZON = 16
"""Decisions greedy plays for every seat after a candidate before the position is judged
(where the game's settings set no rollout search)."""

Ranked = list[tuple[str, int, float]]
"""Options judged by rollouts: (action, rollouts played, mean reward for the seat)."""


class RolloutBot:
    """Rollouts of greedy's ``candidates`` best options, ``horizon`` decisions deep, for
    ``seconds`` of the thread's CPU time a move or until ``rollouts`` have been played
    (reproducible); ``max_seconds`` caps the time whatever the budget. Candidates and
    depth are the game's (``games.bot_settings(game).rollout``) unless given."""

    name = "rollout"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        rollouts: int | None = None,
        seconds: float | None = None,
        max_seconds: float | None = None,
        candidates: int | None = None,
        horizon: int | None = None,
    ) -> None:
        if rollouts is None and seconds is None:
            seconds = 1.0
        settings = games.bot_settings(game)
        declared = settings.rollout
        if candidates is None:
            candidates = CANDIDATES if declared is None else declared.candidates
        if horizon is None:
            horizon = HORIZON if declared is None else declared.horizon
        self.greedy = GreedyBot(evaluator(game), derive_seed(seed, "greedy"), beam=settings.beam)
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self.limit = min(t for t in (seconds, max_seconds, math.inf) if t is not None)
        self.candidates = max(1, candidates)
        self.horizon = max(0, horizon)
        self.scale = settings.leaf_scale or 1.0
        self.evaluate = evaluator(game)
        self.evaluate_all = settings.evaluate_all

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        if len(legal) == 1 or state.current_player is None:
            return legal[0]
        return self.ranked(state)[0][0]

    def ranked(self, state: State) -> Ranked:
        """Greedy's best options for the seat to move, judged by rollouts within the
        budget: best mean first, greedy's own first choice first on a tie (an option
        with no rollout played has mean 0)."""
        seat = state.current_player
        started = time.thread_time()
        options = self.greedy.best(state, self.candidates)
        if len(options) == 1 or seat is None:
            return [(a, 0, 0.0) for a in options]
        totals = dict.fromkeys(options, 0.0)
        rounds = 0
        while self.rollouts is None or rounds * len(options) < self.rollouts:
            if time.thread_time() - started >= self.limit:
                break
            seed = self.rng.next64()
            for option in options:
                totals[option] += self._rollout(state, seat, seed, option)
            rounds += 1
        order = sorted(options, key=lambda a: (-totals[a], a != options[0], options.index(a)))
        return [(a, rounds, totals[a] / max(1, rounds)) for a in order]

    def _rollout(self, state: State, seat: int, seed: int, option: str) -> float:
        """``option`` played in the world ``seed`` draws for ``seat``, then greedy for
        every seat ``horizon`` decisions on: ``seat``'s reward there."""
        world = state.determinize(seat, seed, keep_log=False)
        world.apply(option)
        for _ in range(self.horizon):
            if world.is_over:
                break
            world.apply(self.greedy.choose_in(world))
        if world.is_over:
            return rewards(world)[seat]
        if self.evaluate_all is not None:
            values = self.evaluate_all(world)
        else:
            values = [self.evaluate(world, s) for s in range(world.players)]
        return lead_rewards(values, self.scale)[seat]
