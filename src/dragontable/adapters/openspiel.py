"""The games as OpenSpiel Python games: importing this module registers
``dragontable_dragon``, ``dragontable_ming`` and ``dragontable_changcheng`` with pyspiel
(OpenSpiel's own registration mechanism, the one exception to "importing registers
nothing"), so ``pyspiel.load_game("dragontable_dragon", {"players": 4})`` works.

* Parameters: ``players``, every game option by name (its default as the parameter's
  default), and ``seed`` (-1: each new game draws its seed at random; else the game
  seeds its sequence of new games from it).
* Chance is **sampled**: every game draws its shuffles and draws from the state's own
  RNG inside the rules (``core.rng``), so there are no chance nodes; a clone continues
  with the same draws, a re-drawing (:func:`resample`) with new ones.
* Actions are the encoding's indices (``core.encoding``); ``action_to_string`` gives the
  notation. Returns are the final ``rank`` rewards (``adapters.rewards``): -1 to 1,
  adding up to 0, so the game is declared zero-sum.
* Observation and information state: the string is ``view(seat)`` as JSON and the
  tensor its fixed encoding, so both hold exactly what the seat may know. The view
  holds what the rules let a player keep track of, not the move-by-move history, so it
  is not perfect recall in OpenSpiel's strict sense (docs/research.md).
* ``max_game_length`` is measured (``bench/fit/game_lengths.py``, ``game_lengths.json``).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import numpy as np
import pyspiel

from .. import games
from ..core.encoding import Encoding, encoding_for
from ..core.game import Game
from ..core.rng import Rng, derive_seed
from ..core.state import State
from .rewards import final_rewards

PREFIX = "dragontable_"
LENGTHS = json.loads(files(__package__).joinpath("game_lengths.json").read_text("utf-8"))


def short_name(game: str) -> str:
    return PREFIX + game


class _Holder:
    """Our state and its encoding inside an OpenSpiel state; OpenSpiel deep-copies it to
    clone, which becomes the engine's cheap ``clone()`` (the encoding is shared)."""

    __slots__ = ("state", "encoding", "seen")

    def __init__(self, state: State, encoding: Encoding) -> None:
        self.state = state
        self.encoding = encoding
        self.seen: dict[int, list[float]] = {}
        """Seat -> its observation of the state as it is now (information state and
        observation tensors are the same numbers)."""

    def observation(self, seat: int) -> list[float]:
        found = self.seen.get(seat)
        if found is None:
            found = self.seen[seat] = self.encoding.observation(self.state, seat)
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.state.clone(), self.encoding)


def _game_type(game: Game) -> Any:
    params: dict[str, Any] = {"players": game.min_players, "seed": -1}
    params.update({spec.name: spec.default for spec in game.options})
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"{game.title} (dragontable)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


class TableGame(pyspiel.Game):  # type: ignore[misc]
    """One of the table's games with given players and options, as an OpenSpiel game."""

    def __init__(self, game: Game, params: dict[str, Any]) -> None:
        params = dict(params)
        players = int(params.pop("players"))
        seed = int(params.pop("seed"))
        self.table_game = game
        self.players = players
        self.options = game.validate(players, 0, params)[2]
        self.encoding: Encoding = encoding_for(game, players, self.options)
        self._seeds = Rng(secrets.randbits(63) if seed < 0 else derive_seed(seed, "openspiel"))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=LENGTHS["games"][game.name][str(players)]["max_game_length"],
        )
        super().__init__(_TYPES[game.name], info, {"players": players, "seed": seed, **params})

    def new_initial_state(self) -> TableState:
        """A new game with the next seed."""
        seed = self._seeds.next64() >> 16
        return TableState(self, self.table_game.create(self.players, seed, self.options))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return Observer(self.encoding)


class TableState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding one of our states."""

    def __init__(self, game: TableGame, state: State) -> None:
        super().__init__(game)
        self.held = _Holder(state, game.encoding)

    @property
    def table_state(self) -> State:
        """Our state (the engine's contract)."""
        return self.held.state

    def current_player(self) -> int:
        seat = self.held.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        index = self.held.encoding.index
        return sorted(index(a) for a in self.held.state.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.held.state.apply(self.held.encoding.action(action))
        self.held.seen = {}

    def _action_to_string(self, player: int, action: int) -> str:
        return self.held.encoding.action(action)

    def is_terminal(self) -> bool:
        return self.held.state.is_over

    def returns(self) -> list[float]:
        state = self.held.state
        return final_rewards(state) if state.is_over else [0.0] * state.players

    def __str__(self) -> str:
        return self.held.state.dumps()


class Observer:
    """OpenSpiel's Python observer: ``view(seat)`` as JSON and as its encoding."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TableState, player: int) -> None:
        self.tensor[:] = state.held.observation(player)

    def string_from(self, state: TableState, player: int) -> str:
        return json.dumps(state.table_state.view(player), sort_keys=True, separators=(",", ":"))


def resample(state: TableState, player: int, seed: int) -> TableState:
    """``state`` re-drawn for ``player`` (``State.determinize``): the same information
    state for ``player``, every hidden fact and future draw drawn again from ``seed``."""
    game: TableGame = state.get_game()
    return TableState(game, state.table_state.determinize(player, seed))


def wrap(game: TableGame, state: State) -> TableState:
    """An OpenSpiel state holding a copy of ``state``."""
    return TableState(game, state.clone())


def _game_class(game: Game) -> Callable[[dict[str, Any] | None], TableGame]:
    """A class per game, registered as its creator (a class, as OpenSpiel's own Python
    games do: a closure freed by the registry at interpreter exit crashes the process)."""

    def __init__(self: TableGame, params: dict[str, Any] | None = None) -> None:
        full = {**_TYPES[game.name].parameter_specification, **(params or {})}
        TableGame.__init__(self, game, full)

    return type(f"{game.name.capitalize()}Game", (TableGame,), {"__init__": __init__})


_TYPES = {name: _game_type(games.get(name)) for name in games.names()}
GAME_CLASSES = {name: _game_class(games.get(name)) for name in _TYPES}
for _name, _cls in GAME_CLASSES.items():
    pyspiel.register_game(_TYPES[_name], _cls)
