"""The games as OpenSpiel Python games: importing this module registers
``dragontable_dragon``, ``dragontable_ming`` and ``dragontable_changcheng`` with pyspiel
(OpenSpiel's own registration mechanism, the one exception to "importing registers
nothing"), so ``pyspiel.load_game("dragontable_dragon", {"players": 4})`` works.

* Parameters: ``players``, every game option by name (its default as the parameter's
  default), and ``seed`` (a non-negative integer, 0 by default: which family of deals
  the chance nodes range over).
* Chance is **explicit**: a game opens with :data:`DEAL_NODES` chance nodes of
  :data:`DEAL_OUTCOMES` equally likely outcomes each, the bytes of a 32-bit deal number
  ``d`` (first byte lowest); the table's game then starts with seed ``seed * 2**32 + d``,
  and every shuffle and draw of the rules follows from that seed (``core.rng``). So the
  whole game is a function of the chance outcomes OpenSpiel samples and the players'
  actions: a wrapper that samples chance from a seeded generator replays the same game.
* Actions are the encoding's indices (``core.encoding``); ``action_to_string`` gives the
  notation. Returns are the final ``rank`` rewards (``adapters.rewards``): -1 to 1,
  adding up to 0, so the game is declared zero-sum.
* Observation: the string is ``view(seat)`` as JSON, the tensor its fixed encoding.
  Information state: the string adds every move so far as the seat knows it
  (``State.public_action``: its own moves whole, others' with their secret part hidden),
  so it has perfect recall; the tensor is the observation's encoding (a fixed length
  cannot hold a history).
* ``resample_from_infostate`` re-draws the hidden facts (``State.determinize``).
* States pickle and serialize by their history (the deal and the action indices,
  replayed on loading); a re-drawn world, which no history reaches, by a full snapshot.
* ``max_game_length`` is measured (``bench/fit/game_lengths.py``, ``game_lengths.json``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import numpy as np
import pyspiel

from .. import games
from ..core.encoding import Encoding, encoding_for
from ..core.errors import OptionError
from ..core.game import Game
from ..core.state import State
from .rewards import final_rewards

PREFIX = "dragontable_"
LENGTHS = json.loads(files(__package__).joinpath("game_lengths.json").read_text("utf-8"))
DEAL_NODES = 4
"""Chance nodes that open every game, one byte of the deal number each."""
DEAL_OUTCOMES = 256
"""Equally likely outcomes of each deal node."""
DEALS = 1 << (8 * DEAL_NODES)
"""Different games a ``seed`` parameter's family holds (2**32)."""
_OUTCOMES = [(b, 1.0 / DEAL_OUTCOMES) for b in range(DEAL_OUTCOMES)]
Spec = tuple[str, int, dict[str, Any], int]
"""What a game is made of: the table game's name, players, options, the ``seed`` family."""


def short_name(game: str) -> str:
    return PREFIX + game


def table_seed(family: int, deal: list[int]) -> int:
    """The table's seed for the deal bytes ``deal`` (first byte lowest) of ``family``."""
    return family * DEALS + sum(b << (8 * i) for i, b in enumerate(deal))


class _Holder:
    """Our state inside an OpenSpiel state: the deal drawn so far, then the table's state
    and every move as ``(mover, notation)``. OpenSpiel deep-copies it to clone, which
    becomes the engine's cheap ``clone()``; it pickles as its history (:meth:`__reduce__`)."""

    __slots__ = ("spec", "encoding", "deal", "state", "moves", "world", "heard", "seen", "viewed")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        name, players, options, _ = spec
        self.encoding: Encoding = encoding_for(games.get(name), players, options)
        self.deal: list[int] = []
        self.state: State | None = None
        self.moves: list[tuple[int, str]] = []
        """Every move so far; in a re-drawn world, those before it as its seat knew them."""
        self.world: int | None = None
        """The seat a re-drawn world was drawn for (None: reached from the deal)."""
        self.heard: dict[int, list[str]] = {}
        """Seat -> the moves so far as it knows them, as JSON (filled in when asked)."""
        self.seen: dict[int, np.ndarray[Any, np.dtype[np.float32]]] = {}
        """Seat -> its observation of the state as it is now (the tensors)."""
        self.viewed: dict[int, str] = {}
        """Seat -> its view of the state as it is now, as JSON."""

    def draw(self, byte: int) -> None:
        """A deal node's outcome; the last one starts the table's game."""
        if not 0 <= byte < DEAL_OUTCOMES:
            raise ValueError(f"a deal outcome is 0-{DEAL_OUTCOMES - 1}, not {byte}")
        self.deal.append(byte)
        if len(self.deal) == DEAL_NODES:
            name, players, options, family = self.spec
            seed = table_seed(family, self.deal)
            self.state = games.get(name).create(players, seed, options)

    def play(self, action: int) -> None:
        state = self.state
        assert state is not None and state.current_player is not None
        self.moves.append((state.current_player, self.encoding.action(action)))
        state.apply(self.moves[-1][1])
        self.seen = {}
        self.viewed = {}

    def observation(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        found = self.seen.get(seat)
        if found is None:
            found = np.zeros(self.encoding.size, np.float32)
            if self.state is not None:
                found[:] = self.encoding.observation(self.state, seat)
            self.seen[seat] = found
        return found

    def view_string(self, seat: int) -> str:
        found = self.viewed.get(seat)
        if found is None:
            if self.state is None:
                found = json.dumps({"deal_nodes_drawn": len(self.deal)})
            else:
                view = self.state.view(seat)
                found = json.dumps(view, sort_keys=True, separators=(",", ":"))
            self.viewed[seat] = found
        return found

    def information_string(self, seat: int) -> str:
        """The seat's view and every move as it knows it, as JSON ``{"moves", "view"}``:
        its own moves whole, the others' through ``public_action`` (secrets hidden)."""
        heard = self.heard.setdefault(seat, [])
        state = self.state
        if state is not None:
            for mover, action in self.moves[len(heard) :]:
                public = state.public_action(action, mover, seat)
                heard.append(json.dumps([mover, public], separators=(",", ":")))
        return '{"moves":[' + ",".join(heard) + '],"view":' + self.view_string(seat) + "}"

    def redrawn(self, seat: int, seed: int) -> _Holder:
        """A world consistent with everything ``seat`` knows, the hidden rest from ``seed``."""
        other = _Holder.__new__(_Holder)
        other.spec, other.encoding = self.spec, self.encoding
        other.heard, other.seen, other.viewed = {}, {}, {}
        other.deal, other.moves, other.world = [], [], seat
        other.state = None
        if self.state is None:
            rng = np.random.default_rng(seed)
            for _ in self.deal:
                other.draw(int(rng.integers(DEAL_OUTCOMES)))
            return other
        other.state = self.state.determinize(seat, seed)
        other.moves = [(m, self.state.public_action(a, m, seat)) for m, a in self.moves]
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        other = _Holder.__new__(_Holder)
        other.spec, other.encoding, other.seen, other.viewed = self.spec, self.encoding, {}, {}
        other.heard = {seat: list(heard) for seat, heard in self.heard.items()}
        other.deal, other.moves, other.world = list(self.deal), list(self.moves), self.world
        other.state = None if self.state is None else self.state.clone()
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        """A reached state as its history (the deal, the action indices: replayed when
        loaded); a re-drawn world, which no history reaches, as a snapshot."""
        if self.world is None or self.state is None:
            actions = [self.encoding.index(a) for _, a in self.moves]
            return (_replayed, (self.spec, list(self.deal), actions))
        return (_restored, (self.spec, self.state.dumps(), self.moves, self.world))


def _replayed(spec: Spec, deal: list[int], actions: list[int]) -> _Holder:
    held = _Holder(spec)
    for byte in deal:
        held.draw(byte)
    for action in actions:
        held.play(action)
    return held


def _restored(spec: Spec, dump: str, moves: list[tuple[int, str]], world: int) -> _Holder:
    held = _Holder(spec)
    held.state = games.from_json(json.loads(dump))
    held.moves = [(int(m), str(a)) for m, a in moves]
    held.world = world
    return held


def _game_type(game: Game) -> Any:
    params: dict[str, Any] = {"players": game.min_players, "seed": 0}
    params.update({spec.name: spec.default for spec in game.options})
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"{game.title} (dragontable)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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
        family = int(params.pop("seed"))
        if family < 0:
            raise OptionError(f"seed must be a non-negative integer, not {family}")
        self.table_game = game
        self.players = players
        self.options = game.validate(players, 0, params)[2]
        self.spec: Spec = (game.name, players, self.options, family)
        self.encoding: Encoding = encoding_for(game, players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=LENGTHS["games"][game.name][str(players)]["max_game_length"],
        )
        super().__init__(_TYPES[game.name], info, {"players": players, "seed": family, **params})

    def new_initial_state(self) -> TableState:
        """A new game at its first deal node."""
        return TableState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return Observer(self.encoding, recall)


class TableState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding one of our states (None during the deal)."""

    def __init__(self, game: TableGame, held: _Holder | None = None) -> None:
        super().__init__(game)
        self.held = _Holder(game.spec) if held is None else held

    @property
    def table_state(self) -> State:
        """Our state (the engine's contract); only once the deal is drawn."""
        state = self.held.state
        if state is None:
            raise OptionError("the deal is not drawn yet: there is no table state")
        return state

    def current_player(self) -> int:
        state = self.held.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_OUTCOMES) if self.held.state is None else []

    def _legal_actions(self, player: int) -> list[int]:
        index = self.held.encoding.index
        return sorted(index(a) for a in self.table_state.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.held.state is None:
            self.held.draw(action)
        else:
            self.held.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        return self.held.encoding.action(action)

    def is_terminal(self) -> bool:
        state = self.held.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self.held.state
        if state is not None and state.is_over:
            return final_rewards(state)
        return [0.0] * self.get_game().num_players()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TableState:
        """A state with ``player_id``'s information state, every fact hidden from it
        re-drawn (``State.determinize``) from a seed that ``probability_sampler`` (a
        uniform number in [0, 1) a call, as OpenSpiel's samplers give) picks."""
        seed = int(probability_sampler() * 2.0**53)
        return TableState(self.get_game(), self.held.redrawn(player_id, seed))

    def __str__(self) -> str:
        state = self.held.state
        if state is None:
            return f"deal: {len(self.held.deal)} of {DEAL_NODES} chance nodes drawn"
        return state.dumps()


class Observer:
    """OpenSpiel's Python observer: ``view(seat)`` as JSON (with every move as the seat
    knows it, for the information state) and as its encoding."""

    def __init__(self, encoding: Encoding, perfect_recall: bool = False) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TableState, player: int) -> None:
        self.tensor[:] = state.held.observation(player)

    def string_from(self, state: TableState, player: int) -> str:
        if self.perfect_recall:
            return state.held.information_string(player)
        return state.held.view_string(player)


def resample(state: TableState, player: int, seed: int) -> TableState:
    """``state`` re-drawn for ``player`` (``State.determinize``): the same information
    state for ``player``, every hidden fact and future draw drawn again from ``seed``."""
    return TableState(state.get_game(), state.held.redrawn(player, seed))


def wrap(game: TableGame, state: State, seat: int) -> TableState:
    """An OpenSpiel state holding a copy of ``state`` as a world drawn for ``seat``
    (``state`` is usually ``determinize(seat, …)``): the moves before it are unknown, so
    its information strings hold only the moves made from it on."""
    held = _Holder(game.spec)
    held.state, held.world = state.clone(), seat
    return TableState(game, held)


def _game_class(game: Game) -> Callable[[dict[str, Any] | None], TableGame]:
    """A class per game, registered as its creator (a class, as OpenSpiel's own Python
    games do: a closure freed by the registry at interpreter exit crashes the process)."""

    def __init__(self: TableGame, params: dict[str, Any] | None = None) -> None:
        full = {**_TYPES[game.name].parameter_specification, **(params or {})}
        TableGame.__init__(self, game, full)

    name = f"{game.name.capitalize()}Game"
    return type(name, (TableGame,), {"__init__": __init__, "__qualname__": name})


_TYPES = {name: _game_type(games.get(name)) for name in games.names()}
GAME_CLASSES = {name: _game_class(games.get(name)) for name in _TYPES}
for _name, _cls in GAME_CLASSES.items():
    globals()[_cls.__name__] = _cls  # pickle finds a game's class by its module and name
    pyspiel.register_game(_TYPES[_name], _cls)
