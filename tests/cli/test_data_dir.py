"""``--data-dir``: operator maps and boards offered by name in the CLI."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from dragontable import games
from dragontable.cli import build_parser, main
from dragontable.core import datafiles
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng
from dragontable.games import save_record


@pytest.fixture
def root(tmp_path: Path) -> Iterator[Path]:
    """A data directory (not yet in use) with a Ming map ``river`` and Chang Cheng boards
    ``great-wall``, copies of the default files; no directory is in use afterwards."""
    for game, kind, name in (("ming", "maps", "river"), ("changcheng", "boards", "great-wall")):
        (tmp_path / game / kind).mkdir(parents=True)
        packaged = resources.files(f"dragontable.games.{game}").joinpath(kind, "default.json")
        with resources.as_file(packaged) as src:
            shutil.copyfile(src, tmp_path / game / kind / f"{name}.json")
    yield tmp_path
    datafiles.configure_data_dirs([])


def test_games_lists_the_names_in_the_data_dirs(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games", "--data-dir", str(root)]) == 0
    out = capsys.readouterr().out
    assert "map = 'default'  ('default', 'river')" in out
    assert "boards_file = 'default'  ('default', 'great-wall')" in out


def test_a_missing_data_dir_is_a_clear_error(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games", "--data-dir", str(root), "--data-dir", str(root / "none")]) == 2
    assert f"data directory {root / 'none'}: it does not exist" in capsys.readouterr().err
    assert datafiles.data_dirs() == ()


def test_a_record_with_an_operator_map_replays_with_its_data_dir(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    datafiles.configure_data_dirs([root])
    st = games.create("ming", players=2, seed=5, options={"map": "river"})
    random_playout(st, Rng(5))
    path = save_record(st, tmp_path / "river-game.json")
    datafiles.configure_data_dirs([])
    assert main(["replay", str(path), "--final", "--no-color"]) == 2
    assert "'river' is not allowed; allowed: 'default'" in capsys.readouterr().err
    assert main(["replay", str(path), "--final", "--no-color", "--data-dir", str(root)]) == 0


@pytest.mark.parametrize("command", ["play", "serve", "games"])
def test_the_help_shows_the_layout(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "DIR/ming/maps/NAME.json" in help_text
    assert "DIR/changcheng/boards/NAME.json" in help_text
