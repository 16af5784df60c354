"""``dragontable review RECORD``: a review per seat on records of every game, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from dragontable.cli import main
from dragontable.core.messages import template
from dragontable.games import replay
from dragontable.games import save_record as _save
from dragontable.review import VERDICTS

from .helpers import ITERATIONS, bot_record

NAMES = ["Ann", "Bob", "Cy", "Di"]
BUDGET = ["--iterations", str(ITERATIONS), "--quiet"]


def save(record: dict[str, object], path: Path) -> str:
    """Write ``record`` with the players' names to ``path``; return the path as text."""
    state = replay(record)
    return str(_save(state, path, names=NAMES[: state.players]))


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_review_prints_each_decision_with_its_verdict(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save(bot_record(game), tmp_path / f"{game}.json")
    assert main(["review", path, "--seat", "2", *BUDGET]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Review of seat 2 (Bob)") and str(template(f"{game}.title")) in out[0]
    rows = out[2:-1]
    assert rows and all(any(f" {v} " in row for v in VERDICTS) for row in rows)
    assert "%" in rows[0] and "→" in rows[0]
    assert out[-1].startswith(f"{len(rows)} decisions: ")


@pytest.mark.parametrize("lang", ["pl", "uk", "zh"])
def test_review_text_is_in_the_language_asked_for(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Heading, columns, verdicts and counts in ``lang``, the columns lined up in a
    terminal (a Chinese character takes two columns)."""
    path = save(bot_record("changcheng", actions=60), tmp_path / "cc.json")
    assert main(["review", path, "--seat", "1", "--lang", lang, *BUDGET]) == 0
    out = capsys.readouterr().out.splitlines()
    assert main(["review", path, "--seat", "1", "--lang", lang, "--json", *BUDGET]) == 0
    decisions = json.loads(capsys.readouterr().out)["decisions"]
    verdicts = {v: str(template(f"core.review.verdict.{v}", lang)) for v in VERDICTS}
    assert str(template("changcheng.title", lang)) in out[0] and "Ann" in out[0]
    assert not out[0].startswith("Review")
    assert out[1].split()[0] == template("core.review.move", lang)
    rows = out[2:-1]
    assert len(rows) == len(decisions)
    for row, d in zip(rows, decisions, strict=True):
        assert f" {verdicts[d['verdict']]} " in row
        # every move's label starts in the same terminal column
        played = str(template("core.review.played", lang))
        assert _width(row.split(d["move_label"])[0]) == _width(out[1]) - _width(played)
    assert not any(f" {v} " in row for row in rows for v in ("best", "good", "blunder"))
    assert str(len(rows)) in out[-1] and verdicts["best"] in out[-1]


def _width(text: str) -> int:
    """Terminal columns of ``text``: two for a wide (East Asian) character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_review_json_is_the_review_with_labels(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save(bot_record(game, players=3, actions=60), tmp_path / f"{game}.json")
    assert main(["review", path, "--seat", "1", "--json", "--lang", "zh", *BUDGET]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["seat"] == 0 and review["game"] == game and review["decisions"]
    assert all(d["move_label"] and d["best_label"] for d in review["decisions"])


def test_review_without_a_seat_reviews_every_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = save(bot_record("changcheng", actions=30), tmp_path / "cc.json")
    assert main(["review", path, "--json", *BUDGET]) == 0
    assert [r["seat"] for r in json.loads(capsys.readouterr().out)] == [0, 1]
    assert main(["review", path, *BUDGET]) == 0
    out = capsys.readouterr().out
    assert "Review of seat 1 (Ann)" in out and "Review of seat 2 (Bob)" in out


def test_review_shows_progress_on_stderr_only(tmp_path: Path) -> None:
    path = save(bot_record("changcheng", actions=20), tmp_path / "cc.json")
    done = run_cli("review", path, "--seat", "1", "--json", "--iterations", "8")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["seat"] == 0


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dragontable.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3"], "--seat must be between 1 and 2, not 3"),
        (["--seat", "0"], "--seat must be between 1 and 2, not 0"),
        (["--lang", "xx"], "--lang must be one of en, pl, uk, zh"),
    ],
)
def test_review_refuses_bad_options_clearly(tmp_path: Path, args: list[str], message: str) -> None:
    path = save(bot_record("ming", actions=10), tmp_path / "ming.json")
    done = run_cli("review", path, *args)
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_review_refuses_missing_and_broken_records(tmp_path: Path) -> None:
    missing = run_cli("review", str(tmp_path / "nowhere.json"))
    assert missing.returncode == 2 and "cannot read record" in missing.stderr
    broken = bot_record("ming", actions=10)
    broken["actions"][4] = "fly away"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    done = run_cli("review", str(path))
    assert done.returncode == 2 and "action 5" in done.stderr
    path.write_text("{not json", encoding="utf-8")
    done = run_cli("review", str(path))
    assert done.returncode == 2 and "cannot read record" in done.stderr
    for bad in ("0", "-3", "many"):
        done = run_cli("review", str(path), "--iterations", bad)
        assert done.returncode == 2 and "at least 1" in done.stderr
