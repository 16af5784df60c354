"""OpenSpiel's reference searches as bots, for head-to-head tournaments (research only).

* ``openspiel-ismcts[:BUDGET]``: OpenSpiel's ``ISMCTSBot`` (UCT, c = 2, random rollouts,
  the most visited action) over the game as an OpenSpiel game (``adapters.openspiel``),
  re-drawing the hidden facts for every simulation with ``State.determinize``.
* ``openspiel-mcts[:BUDGET]``: OpenSpiel's ``MCTSBot`` (UCT, c = 2, random rollouts) on
  one re-drawing of the seat's view per move (future draws included): a perfect-
  information search on a sampled world, the weaker baseline.

A budget is iterations (``:500``) or CPU seconds of the bot's thread (``:1s``), the clock
``mcts`` uses, so both searches get equal time. Both start from ``state.determinize``,
never the true state, so they see only what their seat knows; with an iteration budget
their moves are reproducible for a seed.
"""

from __future__ import annotations

import json
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from ..adapters import openspiel as osp
from ..core.rng import Rng
from ..core.state import State

UCT_C = 2.0
KINDS = ("openspiel-ismcts", "openspiel-mcts")
_UNLIMITED = 10**9
clock = time.thread_time


class _Budget:
    """Iterations and/or CPU seconds; ``more(n)`` says whether simulation ``n`` may run."""

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        self.iterations = iterations or _UNLIMITED
        self.seconds = seconds
        self.stop = 0.0

    def start(self) -> None:
        self.stop = clock() + (self.seconds or 0.0)

    def more(self, n: int) -> bool:
        if n >= self.iterations:
            return False
        return n == 0 or self.seconds is None or clock() < self.stop


class _ISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """ISMCTSBot whose search stops at its budget (the loop of its ``run_search``)."""

    def __init__(self, game: Any, budget: _Budget, rng: np.random.RandomState) -> None:
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        super().__init__(game, evaluator, UCT_C, _UNLIMITED, random_state=rng)
        self.budget = budget

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        self._root_node = self.create_new_node(state)
        self.budget.start()
        n = 0
        while self.budget.more(n):
            self.run_simulation(self.sample_root_state(state))
            n += 1
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


class _MCTS(mcts.MCTSBot):  # type: ignore[misc]
    """MCTSBot whose search stops at its budget (its ``mcts_search`` without the solver)."""

    def __init__(self, game: Any, budget: _Budget, rng: np.random.RandomState) -> None:
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        super().__init__(game, UCT_C, _UNLIMITED, evaluator, solve=False, random_state=rng)
        self.budget = budget

    def mcts_search(self, state: Any) -> Any:
        root = mcts.SearchNode(None, state.current_player(), 1)
        self.budget.start()
        n = 0
        while self.budget.more(n):
            path, working = self._apply_tree_policy(root, state)
            done = working.is_terminal()
            returns = working.returns() if done else self.evaluator.evaluate(working)
            for node in path:
                node.total_reward += returns[node.player]
                node.explore_count += 1
            n += 1
        return root


class OpenSpielBot:
    """One of OpenSpiel's searches as a bot (see the module docstring)."""

    def __init__(self, kind: str, seed: int, iterations: int | None, seconds: float | None) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown OpenSpiel bot {kind!r}")
        self.name = kind
        self.rng = Rng(seed)
        self.budget = _Budget(iterations, seconds)
        self._games: dict[str, osp.TableGame] = {}

    def _game(self, state: State) -> osp.TableGame:
        key = json.dumps([state.game.name, state.players, state.options], sort_keys=True)
        found = self._games.get(key)
        if found is None:
            params = {"players": state.players, "seed": 0, **state.options}
            found = self._games[key] = osp.GAME_CLASSES[state.game.name](params)
        return found

    def _seed(self) -> int:
        return self.rng.next64() >> 2

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        seat = state.current_player
        if len(legal) == 1 or seat is None:
            return legal[0]
        game = self._game(state)
        root = osp.wrap(game, state.determinize(seat, self._seed()), seat)
        rng = np.random.RandomState(self._seed() % 2**32)
        if self.name == "openspiel-ismcts":
            bot: Any = _ISMCTS(game, self.budget, rng)
            bot.set_resampler(lambda st, player: osp.resample(st, player, self._seed()))
        else:
            bot = _MCTS(game, self.budget, rng)
        return game.encoding.action(int(bot.step(root)))
