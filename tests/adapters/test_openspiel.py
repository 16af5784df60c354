"""The OpenSpiel adapter passes OpenSpiel's own random_sim_test (serializing every state)
for every game and player count, and declares and behaves as documented
(dragontable.adapters.openspiel): chance as explicit deal nodes, states that resample,
pickle and serialize by their history, information strings with perfect recall that
tell a seat nothing it may not know."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from .helpers import CONFIGS, require

require("pyspiel")
import pyspiel  # noqa: E402

from dragontable.adapters import openspiel  # noqa: E402
from dragontable.core.errors import OptionError  # noqa: E402
from dragontable.core.rng import Rng  # noqa: E402

GAMES = ("dragon", "ming", "changcheng")


def _played(name: str, players: int, moves: int, deal: int = 1, **params: Any) -> Any:
    """A state after the deal and ``moves`` random decisions (all drawn from ``deal``)."""
    game = pyspiel.load_game(f"dragontable_{name}", {"players": players, **params})
    state = game.new_initial_state()
    rng = Rng(deal)
    while not state.is_terminal() and state.move_number() < openspiel.DEAL_NODES + moves:
        if state.is_chance_node():
            state.apply_action(rng.below(openspiel.DEAL_OUTCOMES))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_openspiel_random_sim_test_with_serialization(name: str, players: int) -> None:
    game = pyspiel.load_game(f"dragontable_{name}", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_games_are_registered_with_a_truthful_type() -> None:
    for name in GAMES:
        game = pyspiel.load_game(f"dragontable_{name}")
        kind = game.get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        lengths = openspiel.LENGTHS["games"][name]
        assert game.max_game_length() == lengths["2"]["max_game_length"]
        assert game.max_game_length() >= lengths["2"]["longest_seen"]
        assert game.max_chance_outcomes() == openspiel.DEAL_OUTCOMES


def test_the_deal_nodes_open_the_game_and_fix_its_seed() -> None:
    game = pyspiel.load_game("dragontable_ming", {"players": 3, "seed": 2})
    state = game.new_initial_state()
    for byte in (7, 0, 1, 0):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256))
        assert {p for _, p in outcomes} == {1 / 256}
        state.apply_action(byte)
    assert state.current_player() >= 0
    assert state.table_state.seed == 2 * 2**32 + 7 + (1 << 16)
    assert state.history() == [7, 0, 1, 0]


def test_options_are_parameters_and_the_same_outcomes_give_the_same_game() -> None:
    params = {"great_wall": "choose_tile", "edition": 2007}
    state = _played("dragon", 3, 12, 4, **params)
    assert state.table_state.options["great_wall"] == "choose_tile"
    assert state.table_state.options["edition"] == 2007
    again = _played("dragon", 3, 12, 4, **params)
    assert str(again) == str(state)
    assert str(_played("dragon", 3, 12, 4, seed=1, **params)) != str(state)
    with pytest.raises(OptionError, match="2-5 players"):
        pyspiel.load_game("dragontable_dragon", {"players": 6})
    with pytest.raises(OptionError, match="non-negative"):
        pyspiel.load_game("dragontable_dragon", {"seed": -1})


def test_resampling_keeps_the_information_state_and_redraws_the_rest() -> None:
    state = _played("changcheng", 2, 30)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for other in (openspiel.resample(state, seat, 9), state.resample_from_infostate(seat, sampler)):
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.information_state_string(1 - seat) != state.information_state_string(1 - seat)
        assert str(other) != str(state)
        assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_the_information_state_adds_the_moves_as_the_seat_knows_them(name: str) -> None:
    state = _played(name, 2, 40)
    for seat in (0, 1):
        told = state.information_state_string(seat)
        assert told != state.observation_string(seat)
        assert state.observation_string(seat) in told
        assert told.count("],[") + 1 == len(state.table_state.history)
    before = state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(0).startswith(before[: before.index("]],") + 1])


def _secret_twins(state: Any) -> tuple[Any, Any, int] | None:
    """Two successors of ``state`` by actions of the mover that read the same to another
    seat (``public_action``), and that seat; None if the decision has no secret."""
    table = state.table_state
    mover = table.current_player
    for seat in range(table.players):
        if seat == mover:
            continue
        seen: dict[str, int] = {}
        for action in state.legal_actions():
            public = table.public_action(state.action_to_string(mover, action), mover, seat)
            if public in seen:
                twins = state.clone(), state.clone()
                twins[0].apply_action(seen[public])
                twins[1].apply_action(action)
                return twins[0], twins[1], seat
            seen[public] = action
    return None


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_strings_do_not_change_with_what_it_cannot_see(name: str) -> None:
    """Differential: a secret move played two ways leaves every other seat's strings
    identical (where the rules reveal nothing at once), while the mover's differ."""
    checked = 0
    for seed in range(1, 6):
        state = _played(name, 3 if name != "changcheng" else 2, 0, seed)
        rng = Rng(seed)
        while not state.is_terminal() and checked < 3 * seed:
            twins = _secret_twins(state)
            if twins is not None:
                one, two, seat = twins
                if one.observation_string(seat) == two.observation_string(seat):
                    assert one.information_state_string(seat) == two.information_state_string(seat)
                    assert one.information_state_tensor(seat) == two.information_state_tensor(seat)
                    mover = state.current_player()
                    assert one.information_state_string(mover) != two.information_state_string(
                        mover
                    )
                    checked += 1
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    assert checked >= 3


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_games_and_states_pickle_and_serialize_by_their_history(name: str, players: int) -> None:
    state = _played(name, players, 30)
    game = state.get_game()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    text = pyspiel.serialize_game_and_state(game, state)
    assert len(text) < 3000  # the deal and 30 action indices, not a dump of the state
    _, loaded = pyspiel.deserialize_game_and_state(text)
    copies = [loaded, pickle.loads(pickle.dumps(state)), game.deserialize_state(state.serialize())]
    seat = state.current_player()
    for copy in copies:
        assert str(copy) == str(state)
        assert copy.history() == state.history()
        assert copy.information_state_string(seat) == state.information_state_string(seat)
    action = state.legal_actions()[-1]
    state.apply_action(action)
    copies[1].apply_action(action)
    assert str(copies[1]) == str(state)
    world = openspiel.resample(state, state.current_player(), 5)
    assert str(pickle.loads(pickle.dumps(world))) == str(world)
    opening = game.new_initial_state()
    assert str(pickle.loads(pickle.dumps(opening))) == str(opening)
