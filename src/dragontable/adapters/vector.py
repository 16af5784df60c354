"""N games in one process, stepped together, with batched NumPy arrays (in the spirit of
EnvPool and Pgx, on the CPU): ``DragontableVectorEnv(64, "dragon", players=2)``.

Each game is the single-agent env's (``adapters.gym``: one learner seat, bots at the
others, the same normalised observation). ``reset(seed=S)`` starts game ``i`` with a
seed derived from ``S`` and ``i``; ``step(actions)`` plays one action in every game and
returns ``(obs, rewards, terminations, truncations, infos)``, arrays of ``num_envs``
rows written into preallocated buffers. A game that ends is reset at once (Gymnasium's
same-step autoreset): its row of ``obs`` is the next game's first observation, the
last one is in ``infos["final_obs"]`` (rows marked by ``infos["_final_obs"]``).
``action_masks()`` is the ``(num_envs, num_actions)`` bool array of legal actions.
The arrays returned are the env's buffers, overwritten by the next call: copy what you
keep.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv

from ..core.rng import derive_seed
from .gym import Table
from .observation import Array


class DragontableVectorEnv(VectorEnv[Array, Array, Array]):
    """``num_envs`` games of one configuration, stepped as a batch."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        num_envs: int,
        game: str = "dragon",
        players: int = 2,
        opponents: str | list[str] = "random",
        seat: int | str = 0,
        reward: str = "rank",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        compact: bool = False,
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.num_envs = num_envs
        self.tables = [
            Table(
                game, players, opponents, seat, options, reward, illegal, illegal_reward, compact
            )  # fmt: skip
            for _ in range(num_envs)
        ]
        first = self.tables[0]
        self.single_observation_space = first.space()
        self.single_action_space = gymnasium.spaces.Discrete(first.encoding.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.spaces.MultiDiscrete(
            np.full(num_envs, first.encoding.num_actions)
        )
        self.metadata = {**self.metadata, "encoding": first.encoding.version}
        self._obs = np.zeros((num_envs, first.size), np.float32)
        self._final = np.zeros_like(self._obs)
        self._masks = np.zeros((num_envs, first.encoding.num_actions), bool)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, bool)
        self._truncations = np.zeros(num_envs, bool)
        self._rng = np.random.default_rng()
        self._games = [0] * num_envs

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """Start every game again: game ``i`` of seed ``S`` gets a seed derived from ``S``
        and ``i`` (a list gives each game its own seed); no seed draws them."""
        if isinstance(seed, list):
            seeds = [int(s) for s in seed]
            self._rng = np.random.default_rng(seeds)
        else:
            self._rng = np.random.default_rng(seed)
            seeds = [self._seed() for _ in range(self.num_envs)]
        for i, (table, game_seed) in enumerate(zip(self.tables, seeds, strict=True)):
            table.start(game_seed, self._rng)
            self._row(i)
        return self._obs, {}

    def _seed(self) -> int:
        return derive_seed(int(self._rng.integers(2**62)), "vector")

    def _row(self, i: int) -> None:
        table = self.tables[i]
        table.observe(self._obs[i])
        self._masks[i] = table.masks.buffer

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """One action per game; games that end are reset in the same step."""
        actions = np.asarray(actions).reshape(self.num_envs)
        ended: list[int] = []
        for i, table in enumerate(self.tables):
            reward, done, _ = table.play(int(actions[i]))
            self._rewards[i] = reward
            self._terminations[i] = done
            if done:
                ended.append(i)
                table.observe(self._final[i])
                table.start(self._seed(), self._rng)
            self._row(i)
        infos: dict[str, Any] = {}
        if ended:
            flags = np.zeros(self.num_envs, bool)
            flags[ended] = True
            infos = {"final_obs": self._final, "_final_obs": flags}
        return self._obs, self._rewards, self._terminations, self._truncations, infos

    def action_masks(self) -> Array:
        """The legal actions of every game now, ``(num_envs, num_actions)`` bool."""
        return self._masks
