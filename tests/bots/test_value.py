"""The value function: fitted weights in a checked data file, features from open holdings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources

import pytest

from dragontable import games
from dragontable.bots import value
from dragontable.bots.leaves import leaf_for
from dragontable.core.errors import DataError
from dragontable.core.rng import Rng
from dragontable.games.changcheng import ChangChengState
from dragontable.games.changcheng import features as CF
from dragontable.games.dragon import DragonState
from dragontable.games.dragon import features as F


def _positions(players: int, seed: int, every: int = 9) -> Iterator[DragonState]:
    rng = Rng(seed)
    state = games.create("dragon", players=players, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        if len(state.history) % every == 0 and not state.is_over:
            yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_features_read_only_what_every_seat_sees(players: int) -> None:
    """Re-drawing everything a viewer cannot see changes no seat's features."""
    for state in _positions(players, seed=players):
        viewer = state.current_player
        assert viewer is not None
        world = state.determinize(viewer, seed=len(state.history))
        for seat in range(players):
            assert F.features(world, seat) == F.features(state, seat)


def _cc_positions(players: int, seed: int, every: int = 5) -> Iterator[ChangChengState]:
    rng = Rng(seed)
    state = games.create("changcheng", players=players, seed=seed)
    assert isinstance(state, ChangChengState)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        if len(state.history) % every == 0 and not state.is_over:
            yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chang_cheng_features_read_only_what_the_seat_sees(players: int) -> None:
    """Re-drawing everything a seat cannot see (rivals' cards and hands, unscouted
    tokens) changes none of its features; its own cards count at their types."""
    checked = 0
    for state in _cc_positions(players, seed=players):
        for seat in range(players):
            world = state.determinize(seat, seed=len(state.history) + seat)
            assert CF.features(world, seat) == CF.features(state, seat)
            checked += 1
    assert checked > 10


def test_chang_cheng_features_follow_the_position() -> None:
    state = next(_cc_positions(2, seed=7))
    row = CF.features(state, 0)
    assert len(row) == len(CF.NAMES)
    assert row[CF.NAMES.index("singles")] == state.singles[0]
    state.score[0] += 5
    assert CF.features(state, 0)[0] == row[0] + 5
    assert 0.0 < CF.share_left(state) < 1.0


def test_the_shipped_model_covers_every_player_count() -> None:
    model = value.load("dragon")
    assert model is not None
    assert sorted(model.fits) == [2, 3, 4, 5]
    assert model.names == F.NAMES


def test_prediction_grows_with_victory_points() -> None:
    state = next(_positions(2, seed=1))
    predict = value.predictor("dragon")
    assert predict is not None
    before = predict(state)[0]
    state.seats[0].vp += 10
    assert predict(state)[0] > before


def _text(**change: object) -> str:
    raw = json.loads(
        resources.files("dragontable.games.dragon").joinpath("value.json").read_text("utf-8")
    )
    raw.update(change)
    return json.dumps(raw)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        (_text(version=99), "version"),
        (_text(game="ming"), "another game"),
        (_text(features=["vp"]), "other features"),
        (_text(fits={}), "player counts"),
        (_text(fits={"two": {}}), "not a player count"),
        (_text(fits={"2": {"weights": [1], "bias": 0, "scale": 1}}), "weights"),
    ],
)
def test_a_broken_value_file_is_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        value.parse(text, "dragon", F.NAMES, "value.json")


def test_a_fit_needs_finite_numbers_and_a_positive_scale() -> None:
    raw = json.loads(_text())
    fit = raw["fits"]["2"]
    for bad in ({"scale": 0}, {"bias": "1"}, {"scale": float("nan")}):
        raw["fits"]["2"] = {**fit, **bad}
        with pytest.raises(DataError):
            value.parse(json.dumps(raw), "dragon", F.NAMES, "value.json")


def test_games_without_a_value_function_keep_their_leaf() -> None:
    assert value.load("ming") is None and value.predictor("ming") is None
    assert leaf_for("ming") is not None  # the heuristic leaf
