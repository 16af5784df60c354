"""The pairing script (bench/experiments/pairs.py): two runs of the same games compared game by game,
from strength rows or search_variant's lines, with a sign test over the games that differ."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .scripts import load


def pairs() -> Any:
    return load("experiments/pairs")


def strength_rows(path: Path, wins: dict[int, float], first: bool = True) -> Path:
    """A strength file where ``mcts:1s`` took ``wins[g]`` of game ``g``, seated first or not."""
    lines = ["not a row: a note someone left"]
    for g, won in wins.items():
        bots = ["mcts:1s", "mcts-v1:1s"] if first else ["mcts-v1:1s", "mcts:1s"]
        win = [won, 1.0 - won] if first else [1.0 - won, won]
        lines.append(json.dumps({"g": g, "seed": 1, "bots": bots, "win": win}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_games_are_paired_by_index_whatever_the_seat(tmp_path: Path) -> None:
    a = strength_rows(tmp_path / "a.jsonl", {0: 1.0, 1: 0.0, 2: 0.5, 3: 1.0, 9: 1.0})
    b = strength_rows(tmp_path / "b.jsonl", {3: 0.0, 2: 0.5, 1: 1.0, 0: 0.0}, first=False)
    found = pairs().compare(pairs().shares(a, "mcts:1s"), pairs().shares(b, "mcts:1s"))
    assert found["games"] == 4 and found["only_a"] == 1 and found["only_b"] == 0
    assert (found["a_won"], found["b_won"]) == (2.5, 1.5)
    assert (found["a_better"], found["a_worse"]) == (2, 1)  # game 2 is a tie either way


def test_search_variant_lines_give_the_variant_seats_share(tmp_path: Path) -> None:
    run = tmp_path / "variant.log"
    run.write_text('{"g": 4, "won": 0.5, "iterations": {}}\n{"game": "summary"}\n')
    assert pairs().shares(run, "mcts:1s") == {4: 0.5}


def test_the_sign_test_is_exact_and_two_sided() -> None:
    sign_test = pairs().sign_test
    assert sign_test(0, 0) == 1.0
    assert sign_test(3, 3) == 1.0
    assert sign_test(5, 0) == pytest.approx(2 / 32)
    assert (
        sign_test(50, 26) == sign_test(26, 50) == pytest.approx(0.0079, abs=1e-4)
    )  # docs/bots.md: "about 0.008"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"g": 0, "bots": ["greedy", "random"], "win": [1, 0]}', "no seat plays 'mcts:1s'"),
        ('{"g": 0, "bots": ["mcts:1s"]}', "needs 'won', or 'bots' and 'win'"),
        ('{"g": 0, "won": ', "not JSON"),
    ],
)
def test_a_broken_run_is_refused_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    bad, good = tmp_path / "bad.jsonl", strength_rows(tmp_path / "good.jsonl", {0: 1.0})
    bad.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        pairs().main([str(bad), str(good)])
    err = capsys.readouterr().err
    assert said in err and "bad.jsonl:1" in err


def test_the_replays_kept_compare(capsys: pytest.CaptureFixture[str]) -> None:
    kept = Path(__file__).resolve().parents[2] / "results" / "experiments" / "replays"
    shipped = kept / "changcheng-mcts1s-mctsv1-2p-shipped-2026-11-29.jsonl"
    wider = kept / "changcheng-mcts1s-mctsv1-2p-exploration1.2-2026-11-29.jsonl"
    assert pairs().main([str(wider), str(shipped)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["games"] == 40 and found["a_won"] == 17 and found["b_won"] == 15
