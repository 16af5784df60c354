"""The value trainer (bench/fit/train_value.py): a checked data file, reproducible from its
seed, and the heuristic leaf judged on the same positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragontable.bots import value
from dragontable.games.changcheng import features as CF

from .scripts import load


def trainer() -> Any:
    return load("fit/train_value")


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    args = ["--game", "changcheng", "--games", "2", "--seed", "5", "--out", str(out)]
    assert trainer().main(args) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    report["written"] = out.read_text()
    return report


def test_a_seed_gives_one_checked_value_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = run(tmp_path, capsys, "a"), run(tmp_path, capsys, "b")
    written = [json.loads(r.pop("written")) for r in (first, second)]
    assert first == second
    assert [w.pop("trained_with").split("--out")[0] for w in written] == [
        "bench/fit/train_value.py --game changcheng --games 2 --seed 5 "
    ] * 2  # the command that made it, less where it was written
    assert written[0] == written[1]
    model = value.parse(json.dumps(written[0]), "changcheng", CF.NAMES, "value.json")
    assert sorted(model.fits) == [2, 3, 4] and not model.search


def test_the_heuristic_leaf_is_judged_on_the_same_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = run(tmp_path, capsys, "a")
    for players in ("2", "3", "4"):
        judged = report[players]["heuristic"]
        assert judged["leaf_scale"] == 4.0  # Chang Cheng's leaf_scale
        assert 0.0 < judged["log_loss"] <= judged["log_loss_at_leaf_scale"]
        assert judged["best_scale"] > 0


def test_the_games_may_be_the_searchs_own_and_a_bad_bot_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mcts.json"
    args = ["--game", "changcheng", "--players", "2", "--games", "2", "--seed", "5"]
    assert trainer().main([*args, "--bot", "mcts:5", "--explore", "0"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report) == ["2"] and report["2"]["samples"] > 0
    by_greedy = trainer().play("changcheng", 2, 5, 0.0, 3)
    by_search = trainer().play("changcheng", 2, 5, 0.0, 3, "mcts:5")
    assert by_greedy["rows"] != by_search["rows"]  # another bot, other games
    with pytest.raises(SystemExit):
        trainer().main([*args, "--bot", "mcts:lots"])
    assert "bad mcts budget" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        trainer().main([*args, "--players", "5"])
    assert "played by 2 to 4 players" in capsys.readouterr().err
    assert not out.exists()


def test_some_player_counts_are_refitted_in_a_file_that_keeps_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "value.json"
    two = ["--game", "changcheng", "--players", "2", "--games", "2", "--seed", "5"]
    with pytest.raises(SystemExit):  # a value file needs every player count
        trainer().main([*two, "--out", str(out)])
    assert "keeps its others" in capsys.readouterr().err and not out.exists()
    before = json.loads(run(tmp_path, capsys, "value")["written"])
    assert trainer().main([*two, "--bot", "mcts:5", "--out", str(out)]) == 0
    after = json.loads(out.read_text())
    assert after["fits"]["2"] != before["fits"]["2"]
    assert {k: after["fits"][k] for k in "34"} == {k: before["fits"][k] for k in "34"}
    assert after["trained_with"].endswith(
        "; the fits for 3, 4 players by " + before["trained_with"]
    )
    model = value.parse(out.read_text(), "changcheng", CF.NAMES, "value.json")
    assert sorted(model.fits) == [2, 3, 4]
    out.write_text("{broken")
    with pytest.raises(SystemExit):
        trainer().main([*two, "--out", str(out)])
    assert "not valid JSON" in capsys.readouterr().err and out.read_text() == "{broken"
