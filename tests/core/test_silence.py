"""A silenced state keeps no log and plays exactly as one that keeps it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragontable import games
from dragontable.core.rng import Rng
from dragontable.core.state import State

COUNTS = [
    (name, n)
    for name in ("dragon", "ming", "changcheng")
    for n in range(games.get(name).min_players, games.get(name).max_players + 1)
]


def _without_log(state: State) -> dict[str, object]:
    data = state.to_json()
    del data["log"]
    return data


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(COUNTS), st.integers(0, 2**32), st.integers(0, 2**32))
def test_a_silenced_game_plays_as_a_logged_one(
    game_players: tuple[str, int], seed: int, moves: int
) -> None:
    game, players = game_players
    logged = games.create(game, players=players, seed=seed)
    quiet = games.create(game, players=players, seed=seed)
    quiet.silence()
    rng = Rng(moves)
    while not logged.is_over:
        legal = logged.legal_actions()
        assert quiet.legal_actions() == legal
        action = legal[rng.below(len(legal))]
        logged.apply(action)
        quiet.apply(action)
        if rng.below(8) == 0:  # copies keep the silence
            quiet = quiet.clone()
    assert quiet.is_over and quiet.scores() == logged.scores()
    assert quiet.log == [] and len(logged.log) > 10
    assert _without_log(quiet) == _without_log(logged)


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_a_searchs_world_keeps_no_log_and_a_players_copy_does(game: str) -> None:
    state = games.create(game, players=2, seed=4)
    world = state.determinize(0, 1, keep_log=False)
    assert world.quiet and world.log == [] and world.clone().quiet
    kept = state.determinize(0, 1)
    assert not kept.quiet and kept.log and not state.quiet
    assert not games.from_json(world.to_json()).quiet  # a restored state logs again
