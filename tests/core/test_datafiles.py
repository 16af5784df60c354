"""Data files chosen by name: listing, safe reading (no FIFO, device or path) and caching."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dragontable.core import datafiles
from dragontable.core.errors import DataError, OptionError
from dragontable.core.options import LiveChoices, OptionSpec, validate_options

BLOCKED_AFTER = 5.0  # seconds: a call still running then is taken to be blocked
VALID = {"format": "test", "rows": [1, 2, 3]}


@pytest.fixture
def root(tmp_path: Path) -> Iterator[Path]:
    """An operator data directory, in use for one test, with a ``ming/maps`` folder."""
    (tmp_path / "ming" / "maps").mkdir(parents=True)
    datafiles.configure_data_dirs([tmp_path])
    yield tmp_path
    datafiles.configure_data_dirs([])


def quickly(call: Callable[[], Any]) -> Any:
    """``call()``'s result or exception, failing the test if it does not return in time."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # handed to the test below
            box["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(BLOCKED_AFTER)
    if worker.is_alive():
        pytest.fail(f"blocked for more than {BLOCKED_AFTER} s")
    if "error" in box:
        raise box["error"]
    return box.get("value")


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_the_package_files_are_listed_and_read() -> None:
    assert datafiles.names("ming", "maps") == ("default",)
    assert datafiles.names("changcheng", "boards") == ("default",)
    assert datafiles.names("dragon", "maps") == ()
    raw = datafiles.read_json("ming", "maps", "default")
    assert raw["format"] == "dragontable-ming-map"
    raw["format"] = "changed"  # a copy: the cached data stays as read
    assert datafiles.read_json("ming", "maps", "default")["format"] == "dragontable-ming-map"


def test_a_missing_or_non_directory_data_dir_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    datafiles.configure_data_dirs([tmp_path])
    try:
        with pytest.raises(DataError, match="none: it does not exist"):
            datafiles.configure_data_dirs([tmp_path, tmp_path / "none"])
        write(tmp_path, "file", "x")
        with pytest.raises(DataError, match="file: it is not a directory"):
            datafiles.configure_data_dirs([tmp_path / "file"])
        assert datafiles.data_dirs() == (tmp_path.resolve(),)
    finally:
        datafiles.configure_data_dirs([])
    assert datafiles.data_dirs() == ()


def test_only_regular_json_files_with_a_name_are_listed(root: Path) -> None:
    maps = root / "ming" / "maps"
    for name in ("river.json", "Upper.json", "two words.json", "notes.txt", "default.json"):
        write(maps, name, VALID)
    write(maps, f"{'a' * 41}.json", VALID)
    os.mkfifo(maps / "pipe.json")
    (maps / "folder.json").mkdir()
    (maps / "gone.json").symlink_to(root / "nowhere.json")
    (maps / "zero.json").symlink_to("/dev/zero")
    (maps / "linked.json").symlink_to(maps / "river.json")
    assert datafiles.names("ming", "maps") == ("default", "linked", "river")


def test_the_package_default_is_never_shadowed(root: Path) -> None:
    write(root / "ming" / "maps", "default.json", VALID)
    assert datafiles.read_json("ming", "maps", "default")["format"] == "dragontable-ming-map"


def test_the_first_data_dir_wins_a_name(
    root: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    other = tmp_path_factory.mktemp("other")
    (other / "ming" / "maps").mkdir(parents=True)
    write(other / "ming" / "maps", "river.json", {"from": "other"})
    write(other / "ming" / "maps", "lake.json", {"from": "other"})
    write(root / "ming" / "maps", "river.json", {"from": "root"})
    datafiles.configure_data_dirs([root, other])
    assert datafiles.names("ming", "maps") == ("default", "lake", "river")
    assert datafiles.read_json("ming", "maps", "river") == {"from": "root"}
    assert datafiles.read_json("ming", "maps", "lake") == {"from": "other"}


@pytest.mark.parametrize(
    "name",
    ["/dev/zero", "/etc/passwd", "../maps/default", "..", "default.json", "maps/default",
     "", " default", "Default", "a" * 41, 5, None, ["default"]],
)  # fmt: skip
def test_a_value_that_is_not_a_listed_name_is_refused_before_any_file_is_touched(
    root: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: Any,  # not always text, on purpose
) -> None:
    monkeypatch.setattr(os, "open", _no_open)  # the os module datafiles uses
    with pytest.raises(DataError, match="available: default"):
        quickly(lambda: datafiles.read_json("ming", "maps", name))


def _no_open(*args: Any, **kwargs: Any) -> int:
    raise AssertionError(f"opened {args}")


def test_a_fifo_a_device_link_or_a_folder_in_a_data_dir_is_refused_without_blocking(
    root: Path,
) -> None:
    maps = root / "ming" / "maps"
    os.mkfifo(maps / "x.json")
    (maps / "zero.json").symlink_to("/dev/zero")
    (maps / "folder.json").mkdir()
    for name in ("x", "zero", "folder", "missing"):

        def read(n: str = name) -> Any:
            return datafiles.read_json("ming", "maps", n)

        with pytest.raises(DataError, match=f"no file named '{name}'; available: default"):
            quickly(read)


def test_a_file_swapped_for_a_fifo_after_listing_is_not_read(root: Path) -> None:
    """The reader itself opens non-blocking and checks what it opened."""
    fifo = root / "ming" / "maps" / "x.json"
    os.mkfifo(fifo)
    with pytest.raises(DataError, match="data file ming/maps/x.json: not a regular file"):
        quickly(lambda: datafiles._read_regular(fifo, "ming/maps/x.json"))


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not valid JSON"),
        (b"\xff\xfe{}", "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
        ("1" * 5000, "not valid JSON"),
        (" " * datafiles.MAX_BYTES + "{}", f"larger than {datafiles.MAX_BYTES} bytes"),
    ],
)
def test_a_broken_file_is_a_data_error_naming_it_without_its_server_path(
    root: Path, content: str | bytes, problem: str
) -> None:
    path = root / "ming" / "maps" / "broken.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(DataError, match=f"^data file ming/maps/broken.json: {problem}") as caught:
        quickly(lambda: datafiles.read_json("ming", "maps", "broken"))
    assert str(root) not in str(caught.value) and str(root.resolve()) not in str(caught.value)


def test_bad_data_that_breaks_a_builder_is_a_data_error(root: Path) -> None:
    write(root / "ming" / "maps", "short.json", [])
    with pytest.raises(DataError, match=r"^data file ming/maps/short.json: bad data \(IndexError"):
        datafiles.load("ming", "maps", "short", lambda raw, where: raw[0])
    with pytest.raises(DataError, match=r"^data file \(package\) ming/maps/default.json: bad"):
        datafiles.load("ming", "maps", "default", lambda raw, where: raw["missing"])


def test_each_file_version_is_read_and_built_once(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[Path] = []
    real = datafiles._read_regular

    def read_regular(path: Path, where: str) -> tuple[bytes, datafiles._Version]:
        reads.append(path)
        return real(path, where)

    monkeypatch.setattr(datafiles, "_read_regular", read_regular)
    built: list[str] = []

    def build(raw: Any, where: str) -> dict[str, Any]:
        built.append(where)
        if "rows" not in raw:
            raise DataError(f"{where}: no rows")
        return dict(raw)

    path = write(root / "ming" / "maps", "river.json", VALID)
    first = datafiles.load("ming", "maps", "river", build)
    assert all(datafiles.load("ming", "maps", "river", build) is first for _ in range(20))
    assert len(reads) == len(built) == 1
    write(root / "ming" / "maps", "river.json", {"format": "test"})  # another size
    for _ in range(3):
        with pytest.raises(DataError, match="river.json: no rows"):
            datafiles.load("ming", "maps", "river", build)
    assert len(reads) == len(built) == 2 and built == ["ming/maps/river.json"] * 2
    assert reads == [path] * 2


def test_live_choices_follow_the_files_and_verify_refuses_a_broken_one(root: Path) -> None:
    maps = root / "ming" / "maps"

    def verify(name: str) -> None:
        datafiles.load("ming", "maps", name, lambda raw, where: raw["rows"])

    spec = OptionSpec(
        "map", "default", LiveChoices(lambda: datafiles.names("ming", "maps")), verify=verify
    )
    assert list(spec.choices) == ["default"] and len(spec.choices) == 1
    write(maps, "river.json", VALID)
    write(maps, "broken.json", {"format": "test"})
    assert list(spec.choices) == ["default", "broken", "river"] and "river" in spec.choices
    assert spec.allowed() == "'default', 'broken', 'river'"
    assert validate_options([spec], {"map": "river"}) == {"map": "river"}
    with pytest.raises(OptionError, match="'map': 'broken' cannot be used: .*KeyError"):
        validate_options([spec], {"map": "broken"})
    with pytest.raises(OptionError, match="'map': 'lake' is not allowed; allowed: 'default'"):
        validate_options([spec], {"map": "lake"})
