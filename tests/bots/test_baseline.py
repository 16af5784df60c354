"""The frozen reference bots: they play every game, and their code never changes."""

from __future__ import annotations

import hashlib
from importlib import resources

import pytest

from dragontable import games
from dragontable.bots import make_bot, parse_spec
from dragontable.bots.budget import check_bot_budget
from dragontable.core.errors import OptionError

# The code of 2026-11-24. A change here is a change of the yardstick: add a new
# baseline (v2) beside this one instead.
FROZEN = {
    "greedy.py": "726b96f810d72870bfa00d0f9a1d08f810f31ba896cc65f4997b13caf0fe1dab",
    "mcts.py": "f8a0d340d1b338c2a65a9c33b5be3a33c9aafe3f452179a37e6b14079fabe94e",
    "dragon.py": "ad4f3199c3cae07f0487fe985a525837185ae538eb0eefadf5158284841e0bc5",
    "ming.py": "51a9bab691855c36a3f140079ab4799fa82be5d9b6495272fb318c93100c434d",
    "changcheng.py": "00f86a8b167ec6faafbd5ac7d8e7f5531fe4276dec2bf9765d7f48fdff3f6759",
}


@pytest.mark.parametrize("name", sorted(FROZEN))
def test_baseline_code_is_frozen(name: str) -> None:
    text = resources.files("dragontable.bots.baseline").joinpath(name).read_bytes()
    assert hashlib.sha256(text).hexdigest() == FROZEN[name]


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_baselines_play_a_whole_game(game: str) -> None:
    state = games.create(game, players=2, seed=3)
    bots = [make_bot("greedy-v1", game, seed=1), make_bot("mcts-v1:8", game, seed=2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    assert games.replay(state.record()).scores() == state.scores()


def test_baseline_specs() -> None:
    assert parse_spec("mcts-v1:1s").seconds == 1.0
    assert parse_spec("mcts-v1").iterations == 1000
    with pytest.raises(OptionError, match="takes no budget"):
        parse_spec("greedy-v1:5")


@pytest.mark.parametrize("spec", ["greedy-v1", "mcts-v1:50"])
def test_the_table_server_does_not_offer_baselines(spec: str) -> None:
    with pytest.raises(OptionError, match="tournaments and benchmarks"):
        check_bot_budget(spec, "dragon", 2, 5.0)
