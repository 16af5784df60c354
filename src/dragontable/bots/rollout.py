"""Monte Carlo rollouts over greedy: a search that improves on the game's greedy bot.

At a decision with several options greedy ranks them on one sampled world and keeps its
``candidates`` best. Each round then draws a world the seat cannot tell from the real
game (``state.determinize``), plays every candidate in it, lets greedy play every seat
for ``horizon`` more decisions there, and judges where that leads: the game's result if
it ended, else each seat's lead by the game's heuristic (a logistic at ``LEAF_SCALE``,
as the search's leaves). The candidates of a round share their world, so they are
compared under the same hidden cards and the same chance. The bot plays the candidate
with the best mean, greedy's own first choice on a tie.

Only the sampled world is read inside a round, and it is drawn from what the seat knows:
the bot never sees another seat's secrets. In 2-player Ming Dynasty, against ``mcts-v1``
at 0.3 s a move, a horizon of 16 decisions won 16 of 16 games and a horizon of 8 won 12
of 21; in Chang Cheng (4 deep) and Dragon (16 deep) it won less than half its games
(``docs/bots.md``; at 1 s, the ``ming-rollout1s-mctsv1-2p`` matchup of ``strength.md``).
"""

from __future__ import annotations

import math
import time

from ..core.rng import Rng, derive_seed
from ..core.state import State
from .greedy import GreedyBot
from .heuristics import beam, evaluator, evaluator_all, leaf_scale
from .leaves import lead_rewards, rewards

CANDIDATES = 3
"""Greedy's best options a decision, each played out in every round."""
HORIZON = 16
"""Decisions greedy plays for every seat after a candidate before the position is judged."""


class RolloutBot:
    """Rollouts of greedy's ``candidates`` best options, ``horizon`` decisions deep, for
    ``seconds`` of the thread's CPU time a move or until ``rollouts`` have been played
    (reproducible); ``max_seconds`` caps the time whatever the budget."""

    name = "rollout"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        rollouts: int | None = None,
        seconds: float | None = None,
        max_seconds: float | None = None,
        candidates: int = CANDIDATES,
        horizon: int = HORIZON,
    ) -> None:
        if rollouts is None and seconds is None:
            seconds = 1.0
        self.greedy = GreedyBot(evaluator(game), derive_seed(seed, "greedy"), beam=beam(game))
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self.limit = min(t for t in (seconds, max_seconds, math.inf) if t is not None)
        self.candidates = max(1, candidates)
        self.horizon = max(0, horizon)
        self.scale = leaf_scale(game) or 1.0
        self.evaluate = evaluator(game)
        self.evaluate_all = evaluator_all(game)

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        seat = state.current_player
        if len(legal) == 1 or seat is None:
            return legal[0]
        started = time.thread_time()
        options = self.greedy.best(state, self.candidates)
        if len(options) == 1:
            return options[0]
        totals = dict.fromkeys(options, 0.0)
        played = 0
        while self.rollouts is None or played < self.rollouts:
            if time.thread_time() - started >= self.limit:
                break
            seed = self.rng.next64()
            for option in options:
                totals[option] += self._rollout(state, seat, seed, option)
            played += len(options)
        return max(options, key=lambda a: (totals[a], a == options[0]))

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
