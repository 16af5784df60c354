"""The ``boards_file`` option is a board file name, never a path: hostile values are refused."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from dragontable import games
from dragontable.core import datafiles
from dragontable.core.errors import OptionError, RecordError
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng
from dragontable.games import replay
from dragontable.games.changcheng import GAME, boards
from tests.core.blocking import unless_blocked

PACKAGE = "dragontable.games.changcheng"
QUICK = 1.0  # seconds: a refusal takes far less; more means something blocked or read


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """The boards folder of an operator data directory in use for one test."""
    path = tmp_path / "data" / "changcheng" / "boards"
    path.mkdir(parents=True)
    datafiles.configure_data_dirs([tmp_path / "data"])
    yield path
    datafiles.configure_data_dirs([])


def refused(value: object) -> str:
    """The OptionError text for ``boards_file=value``, checking that it came quickly."""
    start = time.monotonic()
    with unless_blocked(), pytest.raises(OptionError) as caught:
        games.create("changcheng", players=3, seed=1, options={"boards_file": value})
    assert time.monotonic() - start < QUICK
    return str(caught.value)


def test_paths_devices_and_unknown_names_are_not_board_files(folder: Path, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    for value in (str(tmp_path / "pipe.json"), "/dev/zero", "/etc/passwd", "../boards/default",
                  "boards/default.json", "missing", "", 0):  # fmt: skip
        assert refused(value).endswith("is not allowed; allowed: 'default'"), value


def test_a_fifo_or_broken_file_in_the_data_dir_is_refused(folder: Path) -> None:
    os.mkfifo(folder / "x.json")
    assert "'x' is not allowed; allowed: 'default'" in refused("x")
    (folder / "bad.json").write_text("[1, 2")
    message = refused("bad")
    assert "'bad' cannot be used: data file changcheng/boards/bad.json: not valid JSON" in message
    assert str(folder.parents[1]) not in message  # the data directory


def test_a_board_file_in_the_data_dir_is_offered_played_and_replayed(folder: Path) -> None:
    with resources.as_file(resources.files(PACKAGE).joinpath("boards", "default.json")) as src:
        shutil.copyfile(src, folder / "great-wall.json")
    assert list(GAME.options[0].choices) == ["default", "great-wall"]
    st = games.create("changcheng", players=3, seed=2, options={"boards_file": "great-wall"})
    assert st.bd is boards.load("great-wall") and st.bd is not boards.load()
    random_playout(st, Rng(2))
    assert st.is_over and replay(st.record()) == st and games.from_json(st.to_json()) == st
    with pytest.raises(OptionError, match="no board side '9C' in boards 'great-wall'"):
        games.create(
            "changcheng", players=3, seed=1,
            options={"boards_file": "great-wall", "start_boards": "1A,9C"},
        )  # fmt: skip
    datafiles.configure_data_dirs([])
    with pytest.raises(RecordError, match="'great-wall' is not allowed; allowed: 'default'"):
        replay(st.record())
