"""The strength plan: resumable game files and a report with targets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragontable import strength
from dragontable.core.errors import OptionError
from dragontable.strength import PLAN, Matchup, load, report, run, select

TINY = Matchup("tiny", "dragon", ("random", "random"), 3, 0.5, "random beats random")


def test_every_game_has_its_targets_in_the_plan() -> None:
    claims = {(m.game, m.bots, m.target) for m in PLAN}
    for game in ("dragon", "ming", "changcheng"):
        assert (game, ("greedy", "random"), 0.95) in claims
        assert (game, ("mcts:1s", "greedy"), 0.65) in claims
    assert ("dragon", ("mcts:1s", "greedy", "greedy", "greedy"), 0.40) in claims


def test_unknown_matchup_is_refused() -> None:
    with pytest.raises(OptionError, match="unknown matchup 'nope'"):
        select(["nope"])


def test_games_are_saved_one_by_one_and_never_replayed(tmp_path: Path) -> None:
    run([TINY], tmp_path)
    path = tmp_path / "tiny.jsonl"
    first = path.read_text()
    assert sorted(load(tmp_path, TINY)) == [0, 1, 2]
    run([TINY], tmp_path)  # nothing missing: nothing played, nothing appended
    assert path.read_text() == first


def test_a_range_of_game_numbers_plays_only_those(tmp_path: Path) -> None:
    """Two machines that share no folder split a matchup by ranges; joined, the files
    hold each game once."""
    run([TINY], tmp_path, games=range(1, 2))
    assert sorted(load(tmp_path, TINY)) == [1]
    elsewhere = tmp_path / "elsewhere"
    run([TINY], elsewhere, games=range(0, 1))
    run([TINY], elsewhere, games=range(2, 9))
    assert sorted(load(elsewhere, TINY)) == [0, 2]
    joined = (tmp_path / "tiny.jsonl").read_text() + (elsewhere / "tiny.jsonl").read_text()
    (tmp_path / "tiny.jsonl").write_text(joined)
    assert sorted(load(tmp_path, TINY)) == [0, 1, 2]
    assert len(joined.splitlines()) == 3


def test_a_torn_last_line_is_played_again(tmp_path: Path) -> None:
    run([TINY], tmp_path)
    path = tmp_path / "tiny.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:10])
    assert len(load(tmp_path, TINY)) == 2
    run([TINY], tmp_path)
    assert len(load(tmp_path, TINY)) == 3


def test_report_states_games_interval_and_whether_the_target_is_met(tmp_path: Path) -> None:
    run([TINY], tmp_path)
    rows = load(tmp_path, TINY)
    wins = sum(r["win"][0] for r in rows.values())
    text = report([TINY], tmp_path, "dragontable strength")
    line = next(x for x in text.splitlines() if x.startswith("| tiny |"))
    assert "| 3 |" in line and f"{wins / 3:.1%}" in line
    assert line.endswith("| yes |") == (wins / 3 >= 0.5)
    assert "dragontable strength" in text and json.dumps(TINY.bots[0]) not in text


def test_games_played_on_another_machine_say_where(tmp_path: Path) -> None:
    run([TINY], tmp_path)
    assert "Played on" not in report([TINY], tmp_path, "dragontable strength")
    path = tmp_path / "tiny.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert all(row["machine"] and row["cpu"] == strength.cpu_model() for row in rows)
    rows[0]["machine"] = "16 cores (x86_64), Python 3.12.3"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    text = report([TINY], tmp_path, "dragontable strength")
    assert "1 game on 16 cores (x86_64), Python 3.12.3" in text
    assert f"2 games on {rows[1]['machine']}" in text


def test_a_game_row_names_the_processor_from_cpuinfo_or_platform(tmp_path: Path) -> None:
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nmodel name\t: AMD EPYC 9654 96-Core Processor\n")
    assert strength.cpu_model(info) == "AMD EPYC 9654 96-Core Processor"
    info.write_text("processor\t: 0\nFeatures\t: fp asimd\n")  # no model name (Arm)
    fallback = strength.cpu_model(info)
    assert fallback and fallback == strength.cpu_model(tmp_path / "missing")
