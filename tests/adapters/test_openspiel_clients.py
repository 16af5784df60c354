"""Outside clients of the OpenSpiel games work as they do with OpenSpiel's own games:
Shimmy's PettingZoo wrapper passes PettingZoo's api_test and seed_test for every game
and player count, and OpenSpiel's ISMCTSBot plays whole games with the state's own
``resample_from_infostate`` (no resampler of ours)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from .helpers import CONFIGS, require

require("shimmy")
require("pyspiel")
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from shimmy import OpenSpielCompatibilityV0  # noqa: E402

from dragontable.adapters import openspiel  # noqa: E402

CYCLES = 30
"""Cycles of api_test and seed_test at 2 players (Shimmy observes every seat every step,
so fewer at more players); whole games for Chang Cheng, the shortest."""


def _cycles(name: str, players: int) -> int:
    return 200 if name == "changcheng" and players == 2 else 2 * CYCLES // players


class _KeptSpaces(OpenSpielCompatibilityV0):  # type: ignore[misc]
    """Shimmy's wrapper keeping each agent's action space: Shimmy 2.0.1 makes new ones on
    every step, dropping the seed seed_test gives them, so seed_test fails for every
    OpenSpiel game (tic_tac_toe too); nothing else is changed."""

    def _update_action_spaces(self) -> None:
        if not self.action_spaces:
            super()._update_action_spaces()


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's notes on unbounded Box spaces
        yield


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_shimmy_passes_pettingzoos_api_and_seed_tests(name: str, players: int) -> None:
    config, cycles = {"players": players}, _cycles(name, players)
    api_test(OpenSpielCompatibilityV0(game_name=f"dragontable_{name}", config=config), cycles)
    seed_test(lambda: _KeptSpaces(game_name=f"dragontable_{name}", config=config), cycles)


@pytest.mark.parametrize("name", ["dragon", "ming", "changcheng"])
def test_shimmy_wraps_a_loaded_game_at_its_defaults(name: str) -> None:
    api_test(OpenSpielCompatibilityV0(env=pyspiel.load_game(f"dragontable_{name}")), CYCLES)
    seed_test(lambda: _KeptSpaces(env=pyspiel.load_game(f"dragontable_{name}")), CYCLES)


def test_a_seeded_shimmy_reset_replays_the_same_game() -> None:
    """Shimmy's own wrapper, unchanged: the same seed and actions, the same game."""
    runs = []
    for _ in range(2):
        env = OpenSpielCompatibilityV0(game_name="dragontable_changcheng", config={"players": 4})
        env.reset(seed=7)
        rng = np.random.default_rng(3)
        seen = []
        for _agent in env.agent_iter(200):
            obs, _, done, cut, info = env.last()
            seen.append(obs.tobytes())
            legal = np.flatnonzero(info["action_mask"])
            env.step(None if done or cut else int(rng.choice(legal)))
        runs.append(seen)
    assert runs[0] == runs[1]


class _Flat(mcts.Evaluator):  # type: ignore[misc]
    """No rollouts (whole games stay fast): every leaf is worth 0, every action alike."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("name", ["dragon", "ming", "changcheng"])
def test_ismcts_plays_whole_games_with_the_states_own_resampling(name: str) -> None:
    game = pyspiel.load_game(f"dragontable_{name}", {"players": 2})
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, _Flat(), 2.0, 3, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(openspiel.DEAL_OUTCOMES)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)
