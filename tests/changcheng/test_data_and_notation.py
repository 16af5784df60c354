"""The board data file (validated with errors naming the entry), options and notation."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from dragontable import games
from dragontable.core import datafiles
from dragontable.core.errors import DataError, IllegalAction, NotationError, OptionError
from dragontable.games.changcheng import GAME, boards

Change = Callable[[dict[str, Any]], object]
"""Changes a parsed board file in place."""

DEFAULT = json.loads(
    resources.files("dragontable.games.changcheng").joinpath("boards/default.json").read_text()
)


def test_default_board_file_matches_the_reference() -> None:
    bd = boards.load()
    assert bd.version == 1 and len(bd.boards) == 4 and len(bd.side_spaces) == 8
    assert sorted(bd.reputation) == sorted([0, 1, 2, 3, 4] * 3)
    assert sorted(bd.threat) == sorted([-2, -3, -4] * 5)
    assert bd.flood_b_delta == -2
    assert bd.province_of["2A.08"] == "2A-P2" and bd.region_of["2A.08"] == "2A-M2"
    assert bd.province_regions["2B-P3"] == ("2B-M2", "2B-M3")
    sizes = sorted(len(s) for p, s in bd.province_spaces.items())
    assert sizes.count(3) == 5 and sizes.count(4) == 9 and sizes.count(5) == 7
    assert sizes.count(6) == 3


@pytest.fixture
def boards_dir(tmp_path: Path) -> Iterator[Path]:
    """The boards folder of an operator data directory in use for one test."""
    folder = tmp_path / "changcheng" / "boards"
    folder.mkdir(parents=True)
    datafiles.configure_data_dirs([tmp_path])
    yield folder
    datafiles.configure_data_dirs([])


def _broken(folder: Path, change: Change) -> str:
    """The name of a board file in ``folder``: the default one changed by ``change``."""
    raw = copy.deepcopy(DEFAULT)
    change(raw)
    (folder / "changed.json").write_text(json.dumps(raw))
    return "changed"


BROKEN: list[tuple[Change, str]] = [
    (lambda r: r["sides"]["2A"]["provinces"].update({"2A-P2": [5, 8]}),
     "sides.2A.provinces.2A-P2"),
    (lambda r: r["sides"]["3B"]["regions"].pop("3B-M2"), "sides.3B.regions"),
    (lambda r: r["sides"]["4A"]["provinces"].update({"4A-P3": [10, 12]}),
     "sides.4A.provinces"),
    (lambda r: r["sides"]["1A"]["provinces"].update({"1A-P1": [1, 2], "1A-P2": [3, 9]}),
     "sides.1A.provinces.1A-P1"),
    (lambda r: r["boards"].update({"2": ["2A", "5Z"]}), "boards.2"),
    (lambda r: r["boards"].pop("4"), "sides.4A"),
    (lambda r: r["threat_tokens"].update({"-2": 1, "-3": 1, "-4": 1}), "threat_tokens"),
    (lambda r: r["reputation_tokens"].update({"-1": 2}), "reputation_tokens.-1"),
    (lambda r: r.update(version="one"), "version"),
    (lambda r: r.pop("flood_b_value_delta"), "flood_b_value_delta"),
    (lambda r: r["sides"]["1B"]["regions"].update({"1B-M3": "11-13"}), "sides.1B.regions.1B-M3"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "entry"), BROKEN)
def test_a_broken_board_file_names_the_bad_entry(
    boards_dir: Path, change: Change, entry: str
) -> None:
    name = _broken(boards_dir, change)
    with pytest.raises(DataError, match=f"entry {entry}"):
        boards.load(name)
    with pytest.raises(OptionError, match="'boards_file': 'changed' cannot be used: .*entry"):
        games.create("changcheng", players=3, seed=1, options={"boards_file": name})


def test_unreadable_board_files(boards_dir: Path) -> None:
    with pytest.raises(DataError, match="no file named 'missing'; available: default"):
        boards.load("missing")
    (boards_dir / "bad.json").write_text("{not json")
    with pytest.raises(DataError, match="bad.json: not valid JSON"):
        boards.load("bad")


def test_a_replacement_board_file_is_used(boards_dir: Path) -> None:
    name = _broken(boards_dir, lambda r: r["reputation_tokens"].update({"0": 0, "4": 9}))
    st = games.create("changcheng", players=3, seed=1, options={"boards_file": name})
    assert set(st.rep.values()) <= {1, 2, 3, 4} and st.options["boards_file"] == name
    assert games.from_json(st.to_json()).dumps() == st.dumps()


def test_options_are_validated() -> None:
    assert GAME.validate(3, 1, {"events": "Observation, diplomacy"})[2]["events"] == (
        "diplomacy+observation"
    )
    assert GAME.validate(3, 1, {"start_boards": "2b+1a"})[2]["start_boards"] == "2B,1A"
    for bad in ({"events": "diplomacy+dominance+observation"}, {"events": "war"},
                {"start_boards": "1A"}, {"neutral": "maybe"}, {"scouting": "never"}):  # fmt: skip
        with pytest.raises(OptionError):
            GAME.validate(3, 1, bad)
    with pytest.raises(OptionError, match="2 players only"):
        games.create("changcheng", players=3, seed=1, options={"neutral": "on"})
    with pytest.raises(OptionError, match="both sides"):
        games.create("changcheng", players=3, seed=1, options={"start_boards": "1A,1B"})
    with pytest.raises(OptionError, match="no board side"):
        games.create("changcheng", players=3, seed=1, options={"start_boards": "1A,9C"})


def test_chosen_events_and_layout_are_used() -> None:
    st = games.create(
        "changcheng", players=4, seed=3,
        options={"events": "observation+dominance", "start_boards": "3B,4A"},
    )  # fmt: skip
    assert st.events == ("dominance", "observation") and st.layout == ("3B", "4A")
    assert st.stock == ("1", "2")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Two-Singles 1a.4", "two-singles 1A.04"),
        ("two_cards Master_Builder 1a-p2", "two-cards master 1A-P2"),
        ("card-single MANDARIN 2B-P1", "card-single mandarin 2B-P1"),
        ("double 2a.08", "double 2A.08"),
        ("scout 1a-m3", "scout 1A-M3"),
        ("noscout", "no-scout"),
        ("extend 3a WEST", "extend 3A west"),
        ("cancel Green:Builder", "cancel green:builder"),
        ("flood B", "flood b"),
        ("with 2b.1", "with 2B.01"),
    ],
)
def test_notation_normalises(text: str, canonical: str) -> None:
    assert GAME.parse_action(text) == canonical
    assert GAME.parse_action(canonical) == canonical


@pytest.mark.parametrize(
    "text", ["", "build 1A.01", "single", "single 1A", "card joker 1A-P1", "card warrior 1A.01",
             "flood c", "extend 3A north", "cancel warrior", "no-swap now"],
)  # fmt: skip
def test_bad_notation_says_what_was_expected(text: str) -> None:
    with pytest.raises(NotationError, match="expected|is not an action|not a card|takes|option is"):
        GAME.parse_action(text)


def test_every_legal_action_is_canonical() -> None:
    st = games.create("changcheng", players=4, seed=11)
    for _ in range(120):
        if st.is_over:
            break
        for a in st.legal_actions():
            assert GAME.parse_action(a) == a
        st.apply(st.legal_actions()[-1])


def test_illegal_actions_name_the_rule() -> None:
    st = games.create("changcheng", players=3, seed=5, options={"start_boards": "1A,2B"})
    with pytest.raises(IllegalAction, match="first turn"):
        st.apply("double 1A.01")
    st.apply(st.legal_actions()[0])
    with pytest.raises(IllegalAction, match="occupied"):
        st.apply("two-singles 1A.01")


def test_illegal_reasons_for_towers_reservations_and_provinces() -> None:
    options = {"start_boards": "1A,2B", "start_player": "seat_1"}
    st = games.create("changcheng", players=3, seed=5, options=options)
    st.apply("single 1A.06")
    play = st.apply
    play("tower 1A.08")
    play("reserve 1A.09")
    with pytest.raises(IllegalAction, match="kept for a single wall of green"):
        st.apply("two-singles 1A.09")
    with pytest.raises(IllegalAction, match="next to another tower"):
        st.apply("tower 1A.07")
    with pytest.raises(IllegalAction, match="not on the wall"):
        st.apply("tower 3A.07")
    play("two-cards warrior 2B-P1")
    with pytest.raises(IllegalAction, match="another province"):
        st.apply("card flood 2B-P1")
    with pytest.raises(IllegalAction, match="you do not hold the Warrior card"):
        st.apply("card warrior 2B-P2")


def test_view_of_a_missing_seat_is_refused() -> None:
    st = games.create("changcheng", players=2, seed=1)
    with pytest.raises(OptionError, match="no seat 2"):
        st.view(2)
    assert json.loads(json.dumps(st.view(None)))["current_player"] == st.current_player
