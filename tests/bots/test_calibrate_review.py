"""The review's calibration script (bench/fit/calibrate_review.py): how well the review's win
chances at each scale predicted who won, and how often it flagged random and bot moves."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from .scripts import load


def calibrate() -> Any:
    return load("fit/calibrate_review")


def row(before: float, won: float, wild: bool, verdict: str) -> dict[str, Any]:
    return {"won": won, "random": wild, "before": [before], "verdict": [verdict]}


def test_the_figures_of_a_scale_are_those_of_its_win_chances() -> None:
    rows = [
        row(0.9, 1.0, False, "best"),
        row(0.9, 0.0, True, "blunder"),
        row(0.2, 0.0, True, "good"),
        row(0.25, 0.5, False, "inaccuracy"),
    ]
    got = calibrate().report(rows, 0, 13.0)
    loss = -(math.log(0.9) + math.log(0.1) + math.log(0.8) + 0.5 * math.log(0.25 * 0.75)) / 4
    assert got["scale"] == 13.0 and got["decisions"] == 4
    assert got["log_loss"] == round(loss, 4)
    assert got["brier"] == round((0.01 + 0.81 + 0.04 + 0.0625) / 4, 4)
    assert got["random_moves_flagged"] == 0.5 and got["bot_moves_flagged"] == 0.5
    assert got["calibration"] == [
        {"chance": 0.225, "won": 0.25, "decisions": 2},
        {"chance": 0.9, "won": 0.5, "decisions": 2},
    ]


def test_a_sure_chance_that_failed_costs_a_bounded_log_loss() -> None:
    got = calibrate().report([row(1.0, 0.0, False, "best")], 0, 4.0)
    assert got["log_loss"] == round(-math.log(calibrate().EPS), 4)
    assert got["random_moves_flagged"] is None


def test_it_reviews_every_decision_at_every_scale(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "changcheng", "--games", "1", "--iterations", "6"]
    assert calibrate().main([*argv, "--scales", "shipped,13", "--explore", "0.5"]) == 0
    out = json.loads(capsys.readouterr().out)
    shipped, thirteen = out["results"]
    assert shipped["scale"] == "shipped" and thirteen["scale"] == 13.0
    assert shipped["decisions"] == thirteen["decisions"] > 10
    for r in out["results"]:
        assert sum(c["decisions"] for c in r["calibration"]) == r["decisions"]
        assert 0 <= r["brier"] <= 1 and r["log_loss"] > 0
        assert r["random_moves_flagged"] is not None and r["bot_moves_flagged"] is not None


@pytest.mark.parametrize("scales", ["0", "-3", "wide", "leaf,nan"])
def test_bad_scales_are_refused(scales: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        calibrate().main(["--game", "changcheng", "--games", "1", "--scales", scales])
    assert stop.value.code == 2
    assert "--scales" in capsys.readouterr().err
