"""The PettingZoo adapter passes PettingZoo's own API and seed tests for every game and
player count, and behaves as documented (dragontable.adapters.pettingzoo)."""

from __future__ import annotations

import numpy as np
import pytest

from .helpers import CONFIGS, require

require("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from dragontable.adapters.pettingzoo import env  # noqa: E402

# api_test's advice for plain Box observations; ours are dicts with an action mask
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent"
)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_pettingzoo_seed_test(name: str, players: int) -> None:
    seed_test(lambda: env(name, players=players))  # 500 cycles: whole games


def test_a_game_to_the_end_rewards_ranks_and_renders() -> None:
    e = env("dragon", players=3, great_wall="choose_tile")
    assert e.metadata["encoding"] == "dragon/1.1/p3"
    e.reset(seed=5)
    assert e.observation_space("player_0") is e.observation_space("player_0")
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        totals[agent] += reward
        mask = obs["action_mask"]
        assert mask.dtype == np.int8
        assert (mask.sum() > 0) != done
        e.step(None if done else int(rng.choice(np.flatnonzero(mask))))
    state = e.state
    assert state is not None and state.is_over and e.agents == []
    assert state.options["great_wall"] == "choose_tile"
    first, _, last = state.ranking()
    assert totals[f"player_{first}"] == 1.0 and totals[f"player_{last}"] == -1.0
    assert sum(totals.values()) == 0.0
    text = e.render()
    assert text is not None and ("Seat" in text or "Player" in text)


def test_reset_with_a_seed_replays_the_same_game() -> None:
    a, b = env("ming", players=2), env("ming", players=2)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.state is not None and b.state is not None
    assert a.state.record() == b.state.record()
    a.reset()
    b.reset()
    assert a.state.seed == b.state.seed != 9


def test_score_rewards_are_score_differences() -> None:
    e = env("changcheng", players=2, reward="score")
    e.reset(seed=3)
    while not e.terminations[e.agent_selection]:
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert e.state is not None
    a, b = (s["total"] for s in e.state.scores())
    assert e._cumulative_rewards == {"player_0": a - b, "player_1": b - a}


@pytest.mark.parametrize(("name", "players"), [("dragon", 3), ("ming", 2), ("changcheng", 4)])
def test_every_observation_is_the_encoding_of_the_seat_view(name: str, players: int) -> None:
    """Built in place and step by step, each agent's observation still equals the plain
    encoding of ``view(seat)`` (a function of that view alone), its mask the legal
    actions for the agent to move and zeros for the others."""
    e = env(name, players=players)
    e.reset(seed=21)
    enc = e.encoding
    rng = np.random.default_rng(2)
    while not e.terminations[e.agent_selection]:
        state = e.state
        assert state is not None
        for seat, agent in enumerate(e.possible_agents):
            obs = e.observe(agent)
            want = np.asarray(enc.observation(state, seat), np.float32)
            assert obs["observation"].tobytes() == want.tobytes()
            assert obs["action_mask"].tobytes() == bytes(enc.mask(state, seat))
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
