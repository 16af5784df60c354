"""The OpenSpiel adapter passes OpenSpiel's own random_sim_test for every game and player
count, and declares and behaves as documented (dragontable.adapters.openspiel)."""

from __future__ import annotations

import pytest

from .helpers import CONFIGS, require

require("pyspiel")
import pyspiel  # noqa: E402

from dragontable.adapters import openspiel  # noqa: E402
from dragontable.core.errors import OptionError  # noqa: E402
from dragontable.core.rng import Rng  # noqa: E402


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_openspiel_random_sim_test(name: str, players: int) -> None:
    game = pyspiel.load_game(f"dragontable_{name}", {"players": players, "seed": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_games_are_registered_with_a_truthful_type() -> None:
    for name in ("dragon", "ming", "changcheng"):
        game = pyspiel.load_game(f"dragontable_{name}")
        kind = game.get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        lengths = openspiel.LENGTHS["games"][name]
        assert game.max_game_length() == lengths["2"]["max_game_length"]
        assert game.max_game_length() >= lengths["2"]["longest_seen"]
        assert game.max_chance_outcomes() == 0


def test_options_are_parameters_and_the_seed_reproduces_games() -> None:
    params = {"players": 3, "great_wall": "choose_tile", "edition": 2007, "seed": 4}
    game = pyspiel.load_game("dragontable_dragon", params)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == game.encoding.num_actions
    state = game.new_initial_state()
    assert state.table_state.options["great_wall"] == "choose_tile"
    assert state.table_state.options["edition"] == 2007
    again = pyspiel.load_game("dragontable_dragon", params).new_initial_state()
    assert str(again) == str(state)
    with pytest.raises(OptionError, match="2-5 players"):
        pyspiel.load_game("dragontable_dragon", {"players": 6})


def test_resampling_keeps_the_information_state_and_redraws_the_rest() -> None:
    game = pyspiel.load_game("dragontable_changcheng", {"players": 2, "seed": 1})
    state = game.new_initial_state()
    rng = Rng(3)
    while state.move_number() < 30:
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    seat = state.current_player()
    other = openspiel.resample(state, seat, 9)
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert other.observation_string(seat) == state.observation_string(seat)
    assert str(other) != str(state)
    assert other.legal_actions() == state.legal_actions()
    assert (
        state.action_to_string(seat, state.legal_actions()[0]) in state.table_state.legal_actions()
    )
