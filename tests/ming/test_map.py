"""The map data file: the default board and clear errors for broken files (ming.md §2)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any, cast

import pytest

from dragontable import games
from dragontable.core import datafiles
from dragontable.core.errors import DataError, OptionError, RecordError
from dragontable.games.ming import MingState
from dragontable.games.ming.data import load_map, parse_map

Change = Callable[[dict[str, Any]], object]
"""Changes a parsed map file in place."""


@pytest.fixture
def maps_dir(tmp_path: Path) -> Iterator[Path]:
    """The maps folder of an operator data directory in use for one test."""
    folder = tmp_path / "ming" / "maps"
    folder.mkdir(parents=True)
    datafiles.configure_data_dirs([tmp_path])
    yield folder
    datafiles.configure_data_dirs([])


def default_raw() -> dict[str, Any]:
    text = resources.files("dragontable.games.ming").joinpath("maps", "default.json").read_text()
    raw: dict[str, Any] = json.loads(text)
    return raw


def test_default_map_is_the_reconstruction() -> None:
    m = load_map()
    assert m.reconstructed and m.version == 1
    assert m.provinces == ("orange", "purple", "teal", "brown", "pink", "white")
    assert len(m.districts) == 18
    borders = {frozenset((a, b)): t for a in range(18) for b, t in m.neighbours[a]}
    assert len(borders) == 32
    assert Counter(borders.values()) == {"horse": 11, "boat": 11, "palanquin": 10}
    assert all(m.border(b, a) == t for a in range(18) for b, t in m.neighbours[a])
    assert all(3 <= len(row) <= 4 for row in m.neighbours)
    assert dict(m.movement_deck) == {"horse": 18, "boat": 18, "palanquin": 18}
    assert m.return_sums(6) == [0, 1, 2, 3, 4, 5, 6] and m.return_sums(2) == [0, 1, 2]
    white2 = m.district_index["white-2"]
    assert {m.districts[n]: t for n, t in m.neighbours[white2]} == {
        "teal-2": "horse",
        "pink-3": "boat",
        "white-1": "palanquin",
        "white-3": "boat",
    }


def broken(change: Change) -> dict[str, Any]:
    raw = copy.deepcopy(default_raw())
    change(raw)
    return raw


def _drop_border(raw: dict[str, Any], a: str, b: str) -> None:
    del raw["districts"][a]["borders"][b]
    del raw["districts"][b]["borders"][a]


def _isolate_white(raw: dict[str, Any]) -> None:
    for a, b in (
        ("pink-1", "white-1"),
        ("teal-2", "white-2"),
        ("pink-3", "white-2"),
        ("teal-3", "white-3"),
    ):
        _drop_border(raw, a, b)


def _cut_orange_1(raw: dict[str, Any]) -> None:
    _drop_border(raw, "orange-1", "orange-2")
    _drop_border(raw, "orange-1", "orange-3")


CASES: list[tuple[Change, str]] = [
    (
        lambda r: r["districts"]["orange-1"]["borders"].update({"orange-9": "horse"}),
        "district 'orange-1': border to unknown district 'orange-9'",
    ),
    (
        lambda r: r["districts"].update({"gold-1": r["districts"]["orange-1"]}),
        "district 'gold-1' is in no province",
    ),
    (
        lambda r: r["districts"]["purple-1"]["borders"].pop("orange-1"),
        "district 'orange-1': one-way border to 'purple-1'",
    ),
    (
        lambda r: r["districts"]["purple-1"]["borders"].update({"orange-1": "boat"}),
        "'horse' on one side and 'boat' on the other",
    ),
    (_isolate_white, "district 'white-1' is unreachable"),
    (lambda r: r["movement_deck"].update({"horse": 17}), "add up to 53, not 54"),
    (lambda r: r["movement_deck"].update({"camel": 1}), "card type 'camel' is not a transport"),
    (lambda r: r.update({"dragon_cards": 17}), "'dragon_cards' is 17, not 18"),
    (lambda r: r["provinces"].pop(), "there must be 6 provinces, not 5"),
    (
        lambda r: r["provinces"][1]["districts"].append("orange-1"),
        "province 'purple' must list exactly 3 districts",
    ),
    (
        lambda r: r["provinces"][1].update({"space": "space-orange"}),
        "province space 'space-orange' belongs to two provinces",
    ),
    (
        lambda r: r["districts"]["teal-3"].update({"city_houses": 4}),
        "district 'teal-3': 'city_houses' must be 3",
    ),
    (
        lambda r: r["districts"]["teal-3"].update({"cloisters": 2}),
        "district 'teal-3': 'cloisters' must be 1",
    ),
    (lambda r: r["districts"].pop("pink-2"), "district 'pink-2' has no entry"),
    (
        lambda r: r["districts"]["pink-2"]["borders"].update({"pink-1": "camel"}),
        "unknown transport 'camel'",
    ),
    (_cut_orange_1, "district 'orange-1' has 1 neighbour(s)"),
    (lambda r: r.update({"version": 2}), "'version' 2 is not supported"),
    (lambda r: r.pop("return_card_values"), "'return_card_values' is missing"),
]


@pytest.mark.parametrize(("change", "message"), CASES)
def test_broken_map_names_the_bad_entry(change: Change, message: str) -> None:
    with pytest.raises(DataError, match="^map test: .*" + _escape(message)):
        parse_map(broken(change), "test")


def _escape(text: str) -> str:
    import re

    return re.escape(text)


def test_broken_map_file_through_the_map_option(maps_dir: Path) -> None:
    path = maps_dir / "bad.json"
    path.write_text(json.dumps(broken(lambda r: r["movement_deck"].update({"boat": 20}))))
    with pytest.raises(DataError, match="^map ming/maps/bad.json: movement_deck"):
        load_map("bad")
    with pytest.raises(OptionError, match="'map': 'bad' cannot be used: map .*: movement_deck"):
        games.create("ming", players=3, seed=1, options={"map": "bad"})
    path.write_text("{not json")
    with pytest.raises(OptionError, match="not valid JSON"):
        games.create("ming", players=3, seed=1, options={"map": "bad"})
    with pytest.raises(OptionError, match="'none' is not allowed; allowed: 'default', 'bad'"):
        games.create("ming", players=3, seed=1, options={"map": "none"})
    path.write_text("[1, 2]")
    with pytest.raises(OptionError, match="must hold a JSON object"):
        games.create("ming", players=3, seed=1, options={"map": "bad"})
    with pytest.raises(OptionError, match="'map'"):
        games.create("ming", players=3, seed=1, options={"map": ""})


def test_a_replacement_map_file_is_played(maps_dir: Path) -> None:
    """A renamed board (other ids and transports) plays through the same rules."""
    raw = default_raw()
    text = json.dumps(raw).replace("horse", "camel").replace("orange", "gold")
    path = maps_dir / "renamed.json"
    path.write_text(text)
    st = games.create("ming", players=2, seed=4, options={"map": "renamed"})
    assert "prince gold-1" in st.legal_actions()
    from dragontable.core.play import random_playout
    from dragontable.core.rng import Rng

    random_playout(st, Rng(4))
    assert st.is_over
    again = cast(MingState, games.from_json(st.to_json()))
    assert again.map.provinces[0] == "gold" and again == st
    path.write_text(text.replace("camel", "mule"))  # the file changed since
    with pytest.raises(RecordError, match="another version of map"):
        games.from_json(st.to_json())


def _paths(node: object, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, path + (i,))


JUNK = [None, 0, -1, 2, "x", "", [], {}, [1], {"a": 1}, True, 1.5, ["horse"]]


def test_any_corrupted_entry_gives_a_data_error_never_a_traceback() -> None:
    raw = default_raw()
    for path in _paths(raw):
        if not path:
            continue
        for junk in JUNK:
            bad = copy.deepcopy(raw)
            node: Any = bad  # parsed JSON: indexed by the path's keys and positions
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = junk
            try:
                parse_map(bad, "fuzz")
            except DataError as exc:
                assert str(exc).startswith("map fuzz: ")
