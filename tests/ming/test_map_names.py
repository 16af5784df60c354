"""The ``map`` option is a map name, never a path: hostile values are refused quickly."""

from __future__ import annotations

import json
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
from dragontable.games.ming import GAME
from dragontable.games.ming import data as D
from tests.core.blocking import unless_blocked

PACKAGE = "dragontable.games.ming"
QUICK = 1.0  # seconds: a refusal takes far less; more means something blocked or read


@pytest.fixture
def maps(tmp_path: Path) -> Iterator[Path]:
    """The maps folder of an operator data directory in use for one test."""
    folder = tmp_path / "data" / "ming" / "maps"
    folder.mkdir(parents=True)
    datafiles.configure_data_dirs([tmp_path / "data"])
    yield folder
    datafiles.configure_data_dirs([])


def copy_default(folder: Path, name: str) -> None:
    with resources.as_file(resources.files(PACKAGE).joinpath("maps", "default.json")) as src:
        shutil.copyfile(src, folder / f"{name}.json")


def refused(value: object) -> str:
    """The OptionError text for ``map=value``, checking that it came quickly."""
    start = time.monotonic()
    with unless_blocked(), pytest.raises(OptionError) as caught:
        games.create("ming", players=3, seed=1, options={"map": value})
    assert time.monotonic() - start < QUICK
    return str(caught.value)


def test_paths_devices_and_unknown_names_are_not_maps(maps: Path, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "plain.json").write_text("{}")
    for value in (str(tmp_path / "pipe.json"), str(tmp_path / "plain.json"), "/dev/zero",
                  "../maps/default", "../../data/ming/maps/default", "default.json",
                  "missing", "", None, 3, {"path": "/dev/zero"}):  # fmt: skip
        assert refused(value).endswith("is not allowed; allowed: 'default'"), value


def test_a_fifo_or_broken_file_in_the_data_dir_is_refused(maps: Path) -> None:
    os.mkfifo(maps / "x.json")
    assert "'x' is not allowed; allowed: 'default'" in refused("x")
    (maps / "bad.json").write_text("{not json")
    assert "'bad' cannot be used: data file ming/maps/bad.json: not valid JSON" in refused("bad")


def test_a_map_in_the_data_dir_is_offered_played_and_replayed(maps: Path) -> None:
    copy_default(maps, "river")
    assert list(GAME.options[0].choices) == ["default", "river"]
    st = games.create("ming", players=2, seed=3, options={"map": "river"})
    assert st.map is D.load_map("river") and st.map.digest == D.load_map().digest
    random_playout(st, Rng(3))
    assert st.is_over and st.record()["options"]["map"] == "river"
    assert replay(st.record()) == st and games.from_json(st.to_json()) == st
    datafiles.configure_data_dirs([])
    with pytest.raises(RecordError, match="'river' is not allowed; allowed: 'default'"):
        replay(st.record())


def test_many_tables_read_a_map_file_once(maps: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_default(maps, "river")
    reads: list[Path] = []
    real = datafiles._read_regular

    def counted(path: Path, where: str) -> tuple[bytes, datafiles._Version]:
        reads.append(path)
        return real(path, where)

    monkeypatch.setattr(datafiles, "_read_regular", counted)
    tables = [games.create("ming", players=3, seed=s, options={"map": "river"}) for s in range(20)]
    assert len(reads) == 1 and all(t.map is tables[0].map for t in tables)


def test_the_default_map_is_unchanged_by_a_data_dir(maps: Path) -> None:
    raw = json.loads((resources.files(PACKAGE) / "maps" / "default.json").read_text())
    (maps / "default.json").write_text(json.dumps({**raw, "dragon_cards": 1}))
    st = games.create("ming", players=3, seed=1, options={"map": "default"})
    assert st.map is D.load_map() and st.map.dragon_cards == raw["dragon_cards"]
