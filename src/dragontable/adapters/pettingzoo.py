"""The games as PettingZoo AEC environments: ``env("dragon", players=4, great_wall="choose_tile")``.

Agents are ``player_0`` … ``player_<N-1>`` (seat order). An observation is a dict of
``observation`` (float32, the game's fixed encoding of ``view(seat)``, see
``core.encoding``) and ``action_mask`` (int8, 1 for each legal action; all 0 for a seat
that is not to move); actions are indices of the encoding's action space. Rewards come
only when the game ends (``adapters.rewards``: ``rank`` by default, or ``score``).
``reset(seed=S)`` starts the game with seed ``S``; ``reset()`` without a seed takes the
next seed of a generator seeded by the last given seed. ``render()`` returns the
spectator's terminal text (and prints it for ``render_mode="human"``).
"""

from __future__ import annotations

import io
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from .. import games
from ..core.encoding import Encoding, encoding_for
from ..core.rng import Rng, derive_seed
from ..core.state import State
from .observation import Incremental, Masks
from .rewards import check, final_rewards

Observation = dict[str, np.ndarray[Any, Any]]


def env(
    game: str,
    players: int = 2,
    reward: str = "rank",
    render_mode: str | None = None,
    **options: Any,
) -> DragontableEnv:
    """An AEC environment of ``game`` for ``players`` with the game ``options``."""
    return DragontableEnv(game, players, options, reward=reward, render_mode=render_mode)


class DragontableEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One game of the table as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game: str,
        players: int,
        options: dict[str, Any] | None = None,
        reward: str = "rank",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = games.get(game)
        self.players = players
        self.options = dict(options or {})
        self.reward_kind = check(reward)
        self.encoding: Encoding = encoding_for(self.game, players, self.options)
        self.render_mode = render_mode
        self.metadata = {
            "name": f"dragontable_{self.game.name}_v1",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
            "encoding": self.encoding.version,
            "reward": self.reward_kind,
        }
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(self.encoding.num_actions) for a in self.possible_agents
        }
        self._rng = Rng(derive_seed("pettingzoo", self.game.name, players))
        self.state: State | None = None
        self._writers = [Incremental(self.encoding.size) for _ in range(players)]
        self._masks = Masks(self.encoding)
        self._no_mask = np.zeros(self.encoding.num_actions, np.int8)
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)

    def _observation_space(self) -> gymnasium.spaces.Dict:
        enc = self.encoding
        return gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -np.inf, np.inf, shape=(enc.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(enc.num_actions,), dtype=np.int8),
            }
        )

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: seed ``seed``, or the next seed drawn after the last given one.
        ``options`` (PettingZoo's reset options) are not used: game options are fixed when
        the environment is made."""
        if seed is not None:
            self._rng = Rng(derive_seed("pettingzoo", seed))
            game_seed = seed
        else:
            game_seed = self._rng.next64() >> 16
        self.state = self.game.create(self.players, seed=game_seed, options=self.options)
        for writer in self._writers:
            writer.forget()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.state.current_player or 0)

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now (its view only) and its action mask: fresh arrays
        (copies of the buffers the observation and mask are built in, step by step)."""
        state = self._live()
        seat = self._seat(agent)
        observation = self._writers[seat].encode(self.encoding, state.view(seat))
        to_move = seat == state.current_player
        mask = self._masks.fill(state) if to_move else self._no_mask
        return {"observation": observation.copy(), "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        """Play action index ``action`` for the agent to move (None for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live()
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for finished agents")
        self._cumulative_rewards[agent] = 0.0
        state.apply(self.encoding.action(int(action)))
        if state.is_over:
            final = final_rewards(state, self.reward_kind)
            self.rewards = {a: final[self._seat(a)] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self._agent((self._seat(agent) + 1) % self.players)
            self._accumulate_rewards()
        else:
            if self.rewards != self._zeros:
                self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._agent(state.current_player or 0)

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def render(self) -> str | None:
        """The table as a spectator sees it, as terminal text."""
        from rich.console import Console

        state = self._live()
        draw = state.game.render_text
        buffer = io.StringIO()
        console = Console(file=buffer, width=120, no_color=True, force_terminal=False)
        console.print(draw(state, None, None) if draw else state.view(None))
        text = buffer.getvalue()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
