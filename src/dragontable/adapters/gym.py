"""The games as Gymnasium single-agent environments: one learner seat, the others played
by bots (docs/research.md).

    env = DragontableGymEnv("dragon", players=2, opponents="greedy")
    env = gymnasium.make("dragontable/Dragon-v0", players=4, opponents=["greedy", "random", "mcts:0.1s"])

Importing this module registers ``dragontable/Dragon-v0``, ``dragontable/Ming-v0`` and
``dragontable/ChangCheng-v0``. An observation is the learner's view encoded
(``core.encoding``), each element divided by its measured scale and clipped to [-1, 1]
(``observation_scales.json``, ``bench/fit/observation_scales.py``); ``compact=True`` keeps
only the elements that were ever non-zero in the measured games. ``action_masks()``
gives the legal actions as MaskablePPO (sb3-contrib) expects. An action the mask does
not allow never raises: ``illegal="penalty"`` ends the episode with reward
``illegal_reward`` (default -1), ``illegal="map"`` plays the legal action at position
``action % len(legal)`` of the legal indices in increasing order; both set
``info["illegal"] = True``. The reward comes when the game ends (``adapters.rewards``).
"""

from __future__ import annotations

import io
import json
from functools import cache
from importlib.resources import files
from typing import Any

import gymnasium
import numpy as np

from .. import games
from ..bots import Bot, make_bot
from ..core.encoding import Encoding, encoding_for
from ..core.errors import OptionError
from ..core.rng import derive_seed
from ..core.state import State
from .observation import Array, Incremental, Masks
from .rewards import check, final_rewards

ILLEGAL = ("penalty", "map")
IDS = {"dragon": "dragontable/Dragon-v0", "ming": "dragontable/Ming-v0",
       "changcheng": "dragontable/ChangCheng-v0"}  # fmt: skip


class Scales:
    """Per element of one encoding: 1 / its scale, its lower bound (-1 or 0), and the
    elements kept by the compact observation."""

    def __init__(self, encoding: Encoding) -> None:
        measured = _measured()["games"].get(encoding.game, {}).get(str(encoding.players))
        if measured is None or measured["version"] != encoding.version:
            raise OptionError(
                f"no measured observation scales for {encoding.version}: "
                "run bench/fit/observation_scales.py (docs/research.md)"
            )
        high = np.asarray(measured["max"], np.float64)
        low = np.zeros_like(high)
        for i, value in measured["min"].items():
            low[int(i)] = value
        magnitude = np.maximum(high, -low)
        self.scale = np.asarray([_nice(x) for x in magnitude], np.float32)
        self.inverse = (1.0 / self.scale).astype(np.float32)
        self.low = np.where(low < 0, -1.0, 0.0).astype(np.float32)
        self.seen = np.flatnonzero(magnitude > 0)


def _nice(x: float) -> float:
    """The smallest of 1, 2, 5 times a power of ten that is at least ``x`` (1 for 0)."""
    if x <= 1:
        return 1.0
    power = 10.0 ** np.floor(np.log10(x))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= x))


@cache
def _measured() -> dict[str, Any]:
    text = files(__package__).joinpath("observation_scales.json").read_text("utf-8")
    result: dict[str, Any] = json.loads(text)
    return result


@cache
def scales(encoding: Encoding) -> Scales:
    return Scales(encoding)


class Table:
    """One game seen from the learner's seat: the bots play the other seats up to the
    learner's next decision. Shared by the single env and the vector env."""

    def __init__(
        self,
        game: str,
        players: int,
        opponents: str | list[str],
        seat: int | str,
        options: dict[str, Any],
        reward: str,
        illegal: str,
        illegal_reward: float,
        compact: bool,
    ) -> None:
        self.game = games.get(game)
        self.players, _, self.options = self.game.validate(players, 0, options)
        self.specs = _opponents(opponents, self.players)
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise OptionError(f"seat must be 0..{self.players - 1} or 'random', not {seat!r}")
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.seat_rule, self.reward_kind = seat, check(reward)
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self.encoding = encoding_for(self.game, self.players, self.options)
        self.scales = scales(self.encoding)
        self.keep: Array | None = self.scales.seen if compact else None
        inverse, low = self.scales.inverse, self.scales.low
        self.inverse = inverse if self.keep is None else inverse[self.keep]
        self.low = low if self.keep is None else low[self.keep]
        self.size = self.encoding.size if self.keep is None else len(self.keep)
        self.writer = Incremental(self.encoding.size)
        self.masks = Masks(self.encoding)
        self.state: State | None = None
        self.seat = 0
        self.bots: dict[int, Bot] = {}
        self.moves = 0
        """Actions applied, every seat's, since the table was made (for benchmarks)."""

    def start(self, seed: int, rng: np.random.Generator) -> None:
        """A new game with seed ``seed``, played by the bots up to the learner's turn."""
        rule = self.seat_rule
        self.seat = int(rng.integers(self.players)) if isinstance(rule, str) else rule
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(spec, self.game.name, seed=derive_seed(seed, "gym", s))
            for s, spec in zip(others, self.specs, strict=True)
        }
        self.state = self.game.create(self.players, seed=seed, options=self.options)
        self.writer.forget()
        self._bots_play()

    def _bots_play(self) -> None:
        state = self.live
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            state.apply(self.bots[seat].choose(state))
            self.moves += 1
        self.masks.fill(state)

    @property
    def live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def play(self, action: int) -> tuple[float, bool, bool]:
        """The learner plays index ``action``: (reward, terminated, illegal)."""
        state = self.live
        if state.is_over:
            raise RuntimeError("the episode has ended: call reset()")
        legal = self.masks.legal()
        mask = self.masks.buffer
        illegal = not (0 <= action < len(mask) and mask[action])
        if illegal:
            if self.illegal == "penalty":
                self.masks.fill(None)
                self.state = None
                return self.illegal_reward, True, True
            action = sorted(legal)[action % len(legal)]
        state.apply(self.encoding.actions[action])
        self.moves += 1
        self._bots_play()
        if state.is_over:
            return final_rewards(state, self.reward_kind)[self.seat], True, illegal
        return 0.0, False, illegal

    def observe(self, out: Array) -> Array:
        """The learner's normalised observation, written into ``out``."""
        if self.state is None:  # an episode ended by an illegal action
            out[:] = 0.0
            return out
        raw = self.writer.encode(self.encoding, self.state.view(self.seat))
        if self.keep is None:
            np.multiply(raw, self.inverse, out=out)
        else:
            np.multiply(raw[self.keep], self.inverse, out=out)
        np.clip(out, self.low, 1.0, out=out)
        return out

    def space(self) -> gymnasium.spaces.Box:
        return gymnasium.spaces.Box(self.low, 1.0, shape=(self.size,), dtype=np.float32)


def _opponents(opponents: str | list[str], players: int) -> list[str]:
    specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(specs) != players - 1:
        raise OptionError(f"{players} players need {players - 1} opponents, not {len(specs)}")
    return specs


class DragontableGymEnv(gymnasium.Env[Array, np.int64]):
    """One seat of a game against bots, as a Gymnasium env (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str = "dragon",
        players: int = 2,
        opponents: str | list[str] = "random",
        seat: int | str = 0,
        reward: str = "rank",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        compact: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.table = Table(game, players, opponents, seat, options, reward, illegal,
                           illegal_reward, compact)  # fmt: skip
        self.render_mode = render_mode
        self.observation_space = self.table.space()
        self.action_space = gymnasium.spaces.Discrete(self.table.encoding.num_actions)
        self.metadata = {**self.metadata, "encoding": self.table.encoding.version,
                         "reward": self.table.reward_kind}  # fmt: skip
        self._obs = np.zeros(self.table.size, np.float32)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """A new game: seed ``seed`` (the same seed, the same game and bots), or one drawn
        from the env's generator. ``options`` are not used (fixed when made)."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**47))
        self.table.start(game_seed, self.np_random)
        return self.table.observe(self._obs).copy(), {"seat": self.table.seat}

    def step(self, action: Any) -> tuple[Array, float, bool, bool, dict[str, Any]]:
        reward, terminated, illegal = self.table.play(int(action))
        info: dict[str, Any] = {"illegal": True} if illegal else {}
        return self.table.observe(self._obs).copy(), reward, terminated, False, info

    def action_masks(self) -> Array:
        """The legal actions now (bool, one per action index), as MaskablePPO asks."""
        return self.table.masks.buffer.astype(bool)

    def render(self) -> str | None:
        text = render_text(self.table.live)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def render_text(state: State) -> str:
    """The table as a spectator sees it, as terminal text."""
    from rich.console import Console

    draw = state.game.render_text
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, no_color=True, force_terminal=False)
    console.print(draw(state, None, None) if draw else state.view(None))
    return buffer.getvalue()


for _name, _id in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point=DragontableGymEnv, kwargs={"game": _name})
