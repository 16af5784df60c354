"""The search-variant script (bench/search_variant.py): a leaf judged by the game's value
function, and a clear error where a game ships none."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dragontable import games
from dragontable.bots import leaves, value
from dragontable.core.rng import Rng

from .scripts import load


def script() -> Any:
    return load("search_variant")


def test_the_value_leaf_judges_by_the_fitted_model() -> None:
    sv = script()
    state = games.create("changcheng", players=3, seed=4)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    model, predict = value.load("changcheng"), value.predictor("changcheng")
    assert model is not None and predict is not None
    made = sv.leaf_maker("changcheng", sv.Variant(value=True))
    expected = leaves.lead_rewards(predict(state), model.fits[3].scale)
    assert made("changcheng")(state.clone(), Rng(1)) == expected
    sharper = sv.leaf_maker("changcheng", sv.Variant(value=True, scale=1.0))
    assert sharper("changcheng")(state.clone(), Rng(1)) == leaves.lead_rewards(predict(state), 1.0)


def test_a_game_without_a_value_function_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="ming ships no value function"):
        script().leaf_maker("ming", script().Variant(value=True))


def test_a_short_run_reports_the_setting(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "changcheng", "--value", "--iterations", "3", "--games", "2"]
    assert script().main([*args, "--against", "mcts", "--seed", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] is True and report["budget"] == "3" and report["games"] == 2
