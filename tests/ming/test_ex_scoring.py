"""EX-15..EX-23 and EX-29: returns, city points, bonus, sets and tiles (ming.md §4.4)."""

from __future__ import annotations

import pytest

from dragontable.games.ming import MingState
from dragontable.games.ming.data import SET_POINTS
from dragontable.games.ming.scoring import city_bonus, final_sets, gain_tile

from .helpers import A, B, C, D, at, blank, d, p, play, set_city, set_open


def city(
    round: int, sections: dict[str, list[int]], players: int = 4, start: int = A, **opts: str
) -> MingState:
    """A state waiting on the first return decision for the sections' province."""
    st = blank(players=players, round=round, start=start, **opts)
    for district, colours in sections.items():
        set_city(st, district, colours)
    province = st.map.province_of[d(st, next(iter(sections)))]
    return at(st, ("returns", province))


def test_ex_15_secret_returns_and_section_choice() -> None:
    st = city(4, {"purple-1": [A, A, B], "purple-2": [A, B, B], "purple-3": [A, A, C]}, start=B)
    assert st.current_player == B and sorted(st.legal_actions()) == [
        "return 0",
        "return 1",
        "return 2",
        "return 3",
    ]
    play(st, "return 0")
    assert st.current_player == C and st.legal_actions() == ["return 0", "return 1"]
    play(st, "return 1")
    assert st.current_player == A  # D has nobody in the city and is not asked
    for seat in (A, B, D, None):
        assert "return" not in st.view(seat)["players"][C]
    assert st.view(C)["players"][C]["return"] == 1
    play(st, "return 3")
    # revealed: C returns first (turn order B, C, D, A), from its only section
    assert st.current_player == C and st.legal_actions() == ["back purple-3"]
    assert st.view(D)["players"][A]["return"] == 3
    play(st, "back purple-3")
    assert st.current_player == A
    assert sorted(st.legal_actions()) == ["back purple-1", "back purple-2", "back purple-3"]
    play(st, "back purple-1", "back purple-1", "back purple-3")
    assert st.score[:3] == [6, 13, 0]
    assert st.score_by[B] == {"city": 9, "city_bonus": 4}
    assert [st.open[d(st, x)][A] for x in ("purple-1", "purple-2", "purple-3")] == [2, 0, 1]
    assert st.open[d(st, "purple-3")][C] == 1
    assert st.box[:3] == [2, 3, 0]
    assert all(st.city[d(st, x)] == [] for x in ("purple-1", "purple-2", "purple-3"))


def test_ex_16_city_points_with_a_clear_majority() -> None:
    st = city(2, {"teal-1": [A, A, B], "teal-2": [A, B]})
    play(st, "return 0", "return 0")
    assert st.score[:2] == [16, 8]


@pytest.mark.parametrize(
    ("mode", "scores"), [("largest_section", [16, 12]), ("own_best_section", [14, 14])]
)
def test_ex_17_bonus_tie_broken_by_the_largest_section(mode: str, scores: list[int]) -> None:
    st = city(2, {"teal-1": [A, A, B], "teal-2": [B, B], "teal-3": [A]}, city_tiebreak=mode)
    play(st, "return 0", "return 0")
    assert st.score[:2] == scores
    assert city_bonus({A: [2, 0, 1], B: [1, 2, 0]}, mode) == (
        {A: 4} if mode == "largest_section" else {A: 2, B: 2}
    )


def test_ex_18_bonus_split() -> None:
    st = city(4, {"teal-1": [A], "teal-2": [B]})
    play(st, "return 0", "return 0")
    assert st.score[:2] == [5, 5]
    st = city(4, {"teal-1": [A, B, C], "teal-2": [A, B], "teal-3": [C]})
    play(st, "return 0", "return 0", "return 0")
    assert st.score[:3] == [7, 7, 7]
    assert city_bonus({A: [1, 1, 0], B: [1, 1, 0], C: [1, 0, 1]}, "own_best_section") == {
        A: 1,
        B: 1,
        C: 1,
    }


def test_ex_19_round_6_city_scores_only_the_bonus() -> None:
    st = city(6, {"white-1": [A, A], "white-2": [B]})
    play(st, "return 0", "return 0")
    assert st.score[:2] == [4, 0]


def test_ex_20_everyone_returns_everything() -> None:
    st = city(4, {"teal-1": [A, A, B], "teal-2": [B]})
    play(st, "return 2", "return 2", "back teal-1", "back teal-1", "back teal-1", "back teal-2")
    assert st.score == [0, 0, 0, 0]
    assert st.open[d(st, "teal-1")][:2] == [2, 1] and st.box == [0, 0, 0, 0]


def test_ex_21_full_set_converted_during_round_2() -> None:
    st = blank(round=2)
    st.tiles[A][p(st, "orange")] = 1
    for colour in ("orange", "purple", "purple", "teal", "brown", "pink", "white"):
        gain_tile(st, A, p(st, colour), SET_POINTS[2])
    assert st.score[A] == 28
    assert st.tiles[A] == [1, 1, 0, 0, 0, 0]


def test_ex_22_two_full_sets_in_one_scoring() -> None:
    st = blank(round=4)
    st.tiles[A][:2] = [1, 1]
    st.tile_supply[:2] = [17, 17]
    gains = ["orange", "purple"] + [c for c in ("teal", "brown", "pink", "white") for _ in (1, 2)]
    for colour in gains:
        gain_tile(st, A, p(st, colour), SET_POINTS[4])
    assert st.score[A] == 48 and st.tiles[A] == [0] * 6
    assert st.tile_supply == [18] * 6


@pytest.mark.parametrize(
    ("tiles", "sets", "points"),
    [([2, 1, 1, 1, 1, 0], 1, 11), ([3, 3, 2, 0, 0, 1], 0, 9), ([2, 2, 2, 2, 3, 0], 2, 21)],
)
def test_ex_23_final_tile_scoring(tiles: list[int], sets: int, points: int) -> None:
    assert final_sets(tiles) == sets
    st = blank(round=6)
    st.tiles[B] = list(tiles)
    at(st, ("finaltiles",))
    assert st.score[B] == points
    assert st.score_by[B].get("final_sets", 0) == 10 * sets


def test_ex_29_complete_province_scoring_trace() -> None:
    st = blank(round=4, start=C)
    set_open(st, "purple-1", {A: 3, B: 1, C: 1})
    st.cloister[d(st, "purple-1")] = D
    set_open(st, "purple-2", {B: 2, D: 2, A: 1})
    set_open(st, "purple-3", {C: 3, A: 2})
    at(st, ("province", p(st, "purple")), ("cloisters",))
    assert sorted(st.city[d(st, "purple-1")]) == [A, A]
    assert sorted(st.city[d(st, "purple-2")]) == [B, D]
    assert sorted(st.city[d(st, "purple-3")]) == [A, C, C]
    assert [st.tiles[s][p(st, "purple")] for s in (A, B, C, D)] == [3, 1, 2, 1]
    assert [st.current_player] == [C]  # turn order C, D, A, B
    play(st, "return 0", "return 0", "return 0", "return 1", "back purple-2")
    assert st.score == [13, 0, 6, 3 + 4]
    assert st.open[d(st, "purple-1")] == [1, 1, 1, 0]
    assert st.open[d(st, "purple-2")] == [1, 2, 0, 1]
    assert st.open[d(st, "purple-3")] == [1, 0, 1, 0]
    assert st.cloister[d(st, "purple-1")] == D
