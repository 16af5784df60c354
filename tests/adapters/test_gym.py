"""The Gymnasium env (adapters.gym) and the vector env (adapters.vector): Gymnasium's and
Stable-Baselines3's env checkers, seeding, the illegal-action conventions, the
normalised and compact observations, batching and autoreset."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from .helpers import require

require("gymnasium")
require("stable_baselines3")
import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from stable_baselines3.common.env_checker import check_env as sb3_check_env  # noqa: E402

from dragontable.adapters.gym import IDS, DragontableGymEnv  # noqa: E402
from dragontable.adapters.vector import DragontableVectorEnv  # noqa: E402
from dragontable.core.encoding import encoding_for  # noqa: E402
from dragontable.core.errors import OptionError  # noqa: E402

CHECKED = [
    (g, p, c) for g in ("dragon", "ming", "changcheng") for p in (2, 4) for c in (False, True)
]


def _first_legal(env: DragontableGymEnv) -> int:
    return int(np.flatnonzero(env.action_masks())[0])


@pytest.mark.parametrize(("name", "players", "compact"), CHECKED)
def test_gymnasium_and_sb3_env_checkers_pass(name: str, players: int, compact: bool) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker's warning is a failure too
        check_env(DragontableGymEnv(name, players=players, compact=compact), skip_render_check=True)
        sb3_check_env(DragontableGymEnv(name, players=players, compact=compact), warn=True)


def _episode(env: DragontableGymEnv, seed: int) -> tuple[list[bytes], float]:
    obs, info = env.reset(seed=seed)
    seen, done, reward = [obs.tobytes()], False, 0.0
    while not done:
        obs, reward, done, truncated, _ = env.step(_first_legal(env))
        assert not truncated
        seen.append(obs.tobytes())
    return seen, float(reward)


def test_a_seeded_reset_replays_the_same_game_and_bots() -> None:
    a = DragontableGymEnv("dragon", players=3, opponents=["greedy", "random"], seat="random")
    b = DragontableGymEnv("dragon", players=3, opponents=["greedy", "random"], seat="random")
    first = _episode(a, 11)
    assert _episode(b, 11) == first
    assert _episode(a, 12) != first
    a.reset(seed=3)
    b.reset(seed=3)
    assert a.reset()[0].tobytes() == b.reset()[0].tobytes()  # the next seeds agree too


def test_an_illegal_action_is_penalised_and_ends_the_episode() -> None:
    env = DragontableGymEnv("ming", players=2, illegal_reward=-2.0)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated, info) == (-2.0, True, False, {"illegal": True})
    assert obs in env.observation_space and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_illegal_action_can_be_mapped_to_a_legal_one() -> None:
    env = DragontableGymEnv("changcheng", players=2, illegal="map")
    env.reset(seed=2)
    legal = np.flatnonzero(env.action_masks())
    illegal = int(np.flatnonzero(~env.action_masks())[-1])
    state = env.table.live
    before = len(state.history)
    _, reward, done, _, info = env.step(illegal)
    assert info == {"illegal": True} and not done and reward == 0.0
    expected = env.table.encoding.actions[int(legal[illegal % len(legal)])]
    assert state.history[before] == expected


def test_observations_are_normalised_and_the_compact_one_keeps_the_measured_elements() -> None:
    full = DragontableGymEnv("dragon", players=2)
    compact = DragontableGymEnv("dragon", players=2, compact=True)
    enc = encoding_for(full.table.game, 2)
    assert full.observation_space.shape == (enc.size,)
    assert compact.table.size < enc.size // 4  # mostly zeros in Dragon
    keep = compact.table.keep
    assert keep is not None
    a, _ = full.reset(seed=4)
    b, _ = compact.reset(seed=4)
    for _ in range(30):
        assert a in full.observation_space and b in compact.observation_space
        assert np.array_equal(a[keep], b)
        raw = np.asarray(enc.observation(full.table.live, full.table.seat), np.float32)
        expected = np.clip(raw * full.table.scales.inverse, full.table.scales.low, 1.0)
        assert np.array_equal(a, expected)
        a, *_ = full.step(_first_legal(full))
        b, *_ = compact.step(_first_legal(compact))


def test_action_masks_mark_the_learner_legal_actions() -> None:
    env = DragontableGymEnv("dragon", players=4, opponents="greedy", seat=2)
    env.reset(seed=5)
    state = env.table.live
    assert state.current_player == 2
    mask = env.action_masks()
    assert mask.dtype == bool
    assert sorted(np.flatnonzero(mask)) == sorted(
        map(env.table.encoding.index, state.legal_actions())
    )


def test_bad_arguments_are_refused_when_the_env_is_made() -> None:
    with pytest.raises(OptionError, match="opponents"):
        DragontableGymEnv("dragon", players=3, opponents=["random"])
    with pytest.raises(OptionError, match="illegal"):
        DragontableGymEnv("dragon", illegal="raise")
    with pytest.raises(OptionError, match="seat"):
        DragontableGymEnv("dragon", players=2, seat=2)


def test_the_ids_are_registered_with_gymnasium() -> None:
    for name, env_id in IDS.items():
        env = gymnasium.make(env_id, players=2, opponents="random")
        inner = env.unwrapped
        assert isinstance(inner, DragontableGymEnv) and inner.table.game.name == name
        obs, _ = env.reset(seed=0)
        assert obs in env.observation_space


def test_the_vector_env_batches_games_and_resets_them_as_they_end() -> None:
    vec = DragontableVectorEnv(4, "ming", players=2, compact=True)
    single = DragontableGymEnv("ming", players=2, compact=True)
    obs, _ = vec.reset(seed=[7, 8, 9, 10])
    assert obs.shape == (4, single.table.size) and obs.dtype == np.float32
    assert np.array_equal(obs[1], single.reset(seed=8)[0])
    ended = 0
    rng = np.random.default_rng(0)
    for _ in range(400):
        masks = vec.action_masks()
        assert masks.shape == (4, 156) and masks.any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(row))) for row in masks]
        obs, rewards, terminations, truncations, infos = vec.step(actions)
        assert not truncations.any()
        assert set(rewards[~terminations]) <= {0.0}
        if terminations.any():
            assert np.array_equal(infos["_final_obs"], terminations)
            assert set(rewards[terminations]) <= {-1.0, 1.0}
            ended += int(terminations.sum())
    assert ended > 0
