"""The weight tuner (bench/fit/tune_greedy.py) is reproducible from its seed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from dragontable.core.weights import parse_weights
from dragontable.games.dragon.heuristic import WEIGHTS, Weights

from .scripts import load


def tuner() -> Any:
    return load("fit/tune_greedy")


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
    assert written["produced_by"].startswith("bench/fit/tune_greedy.py --game dragon --seed 3")
    weights = parse_weights(written, Weights, "dragon", "written")
    assert weights.rival == pytest.approx(first["best"]["rival"])


def test_the_search_leaf_is_tuned_from_the_shipped_search_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With ``--search N`` the tuned seat is the mcts bot whose leaf reads the candidate
    weights: under the shipped search weights it plays the shipped bot's moves, and the
    tuner starts from those weights and writes a search weights file."""
    from dragontable import games
    from dragontable.bots import make_bot
    from dragontable.games.changcheng.heuristic import SEARCH_WEIGHTS
    from dragontable.games.changcheng.heuristic import Weights as CCWeights

    state = games.create("changcheng", players=2, seed=3)
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    tuned = tuner().tuned_bot("changcheng", SEARCH_WEIGHTS, 7, 60)
    assert tuned.choose(state.clone()) == make_bot("mcts:60", "changcheng", 7).choose(state)
    out = tmp_path / "search.json"
    args = ["--game", "changcheng", "--search", "5", "--seed", "3", "--games", "2"]
    assert tuner().main([*args, "--sweeps", "1", "--only", "rival", "--write", str(out)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["search"] == 5 and result["opponent"] == "mcts-v1:5"
    assert result["start"] == dataclasses.asdict(SEARCH_WEIGHTS)
    written = json.loads(out.read_text())
    assert "started from: the hand-set constants" in written["produced_by"]
    parse_weights(written, CCWeights, "changcheng", "written")


def test_only_a_game_whose_search_leaf_has_weights_can_tune_them() -> None:
    with pytest.raises(SystemExit, match="no weights of its own"):
        tuner().main(["--game", "dragon", "--search", "5", "--games", "1", "--sweeps", "1"])
