"""dragontable rules GAME [--lang] [--section]: the rules page's text in the terminal."""

from __future__ import annotations

import pytest

from dragontable.cli import main


def test_all_sections_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "changcheng", "--no-color"]) == 0
    out = capsys.readouterr().out
    for heading in ("#goal", "#turn", "#scoring", "#end", "#options"):
        assert heading in out
    assert "Mongol" in out


def test_one_section_in_ukrainian_with_its_example_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "dragon", "--lang", "uk", "--section", "events", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Пошесть" in out and "#events" in out and "#goal" not in out
    assert "Anna" in out and "Clara" in out  # the example's table, drawn by the terminal


def test_unknown_section_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ming", "--section", "nope"]) == 2
    assert "no section 'nope'" in capsys.readouterr().err


def test_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ming", "--lang", "zh", "--section", "goal", "--no-color"]) == 0
    assert "目标" in capsys.readouterr().out
