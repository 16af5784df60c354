"""The weight tuner (bench/tune_greedy.py) is reproducible from its seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragontable.bots.heuristics.weights import parse_weights
from dragontable.games.dragon.heuristic import WEIGHTS, Weights

from .scripts import load


def tuner() -> Any:
    return load("tune_greedy")


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    args = ["--game", "dragon", "--seed", "3", "--games", "2", "--sweeps", "1"]
    assert tuner().main([*args, "--only", "rival", "--write", str(out)]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    result["written"] = json.loads(out.read_text())
    return result


def test_the_same_seed_gives_the_same_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = run(tmp_path, capsys, "a"), run(tmp_path, capsys, "b")
    assert first["trials"] == second["trials"] and first["best"] == second["best"]
    shipped = WEIGHTS.rival
    up, down = {"rival": round(shipped * 1.4, 4)}, {"rival": round(shipped * 0.6, 4)}
    assert [t["change"] for t in first["trials"][1:]] in ([up], [up, down])
    written = first["written"]
    assert written["produced_by"].startswith("bench/tune_greedy.py --game dragon --seed 3")
    weights = parse_weights(written, Weights, "dragon", "written")
    assert weights.rival == pytest.approx(first["best"]["rival"])
