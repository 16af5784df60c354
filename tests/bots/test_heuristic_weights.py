"""The heuristics' weights come from versioned data files, checked when they are read."""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
from pathlib import Path
from typing import Any

import pytest

from dragontable.core.errors import DataError
from dragontable.core.weights import (
    FORMAT,
    load_weights,
    parse_weights,
    weights_json,
    write_weights,
)

GAMES = ("dragon", "ming", "changcheng")


def module(game: str) -> Any:
    return importlib.import_module(f"dragontable.games.{game}.heuristic")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_ships_its_weights(game: str) -> None:
    m = module(game)
    assert load_weights(game, m.Weights) == m.WEIGHTS
    assert all(math.isfinite(v) for v in dataclasses.asdict(m.WEIGHTS).values())


@pytest.mark.parametrize("game", GAMES)
def test_evaluate_is_evaluate_with_the_shipped_weights(game: str) -> None:
    from dragontable import games

    m = module(game)
    st = games.create(game, players=2, seed=4)
    for seat in (0, 1):
        assert m.evaluate(st, seat) == m.evaluate_with(st, seat, m.WEIGHTS)


def good(game: str = "dragon") -> dict[str, Any]:
    m = module(game)
    return weights_json(game, m.WEIGHTS, "test")


def parse(raw: Any) -> Any:
    return parse_weights(raw, module("dragon").Weights, "dragon", "dragon/weights/x.json")


def test_a_good_file_reads_back() -> None:
    assert parse(good()) == module("dragon").WEIGHTS


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "'format' must be"),
        (lambda d: d.update(version=9), "'version' 9 is not supported"),
        (lambda d: d.update(game="ming"), "'game' is 'ming'"),
        (lambda d: d.update(produced_by=None), "'produced_by' must say"),
        (lambda d: d.update(weights=[1, 2]), "'weights' must be an object"),
        (lambda d: d["weights"].pop("person_loss"), "missing weights: person_loss"),
        (lambda d: d["weights"].update(bogus=1.0), "unknown weights: bogus"),
        (lambda d: d["weights"].update(rival="high"), "weight 'rival' must be a number"),
        (lambda d: d["weights"].update(rival=True), "weight 'rival' must be a number"),
        (lambda d: d["weights"].update(rival=math.inf), "weight 'rival' must be finite"),
    ],
)
def test_a_broken_file_names_the_file_and_the_fault(change: Any, message: str) -> None:
    raw = good()
    change(raw)
    with pytest.raises(DataError, match="weights dragon/weights/x.json: " + message):
        parse(raw)


def test_not_an_object_is_refused() -> None:
    with pytest.raises(DataError, match="not a JSON object"):
        parse([FORMAT])


def test_written_weights_read_back(tmp_path: Path) -> None:
    m = module("changcheng")
    path = tmp_path / "w.json"
    write_weights(path, "changcheng", m.WEIGHTS, "bench/fit/tune_greedy.py --game changcheng")
    raw = json.loads(path.read_text())
    assert raw["produced_by"].startswith("bench/fit/tune_greedy.py")
    assert parse_weights(raw, m.Weights, "changcheng", "w.json") == m.WEIGHTS
