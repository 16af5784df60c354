"""EX-1..EX-7: district majorities move members into the city (ming.md §4.4.1)."""

from __future__ import annotations

import pytest

from dragontable.games.ming import MingState
from dragontable.games.ming.scoring import district_to_city

from .helpers import A, B, C, D, at, blank, d, p, set_open


def majorities(
    counts: dict[int, int], district: str = "orange-1", cloister: int | None = None
) -> MingState:
    """Score the district's province after ``counts`` and return the state at the returns."""
    st = blank(players=4, round=2)
    set_open(st, district, counts)
    if cloister is not None:
        st.cloister[d(st, district)] = cloister
    return at(st, ("province", st.map.province_of[d(st, district)]))


def test_ex_01_sole_leader_and_sole_runner_up() -> None:
    st = majorities({A: 3, B: 2, C: 1})
    assert sorted(st.city[d(st, "orange-1")]) == [A, A, B]
    assert st.tiles[A][p(st, "orange")] == 2 and st.tiles[B][p(st, "orange")] == 1
    assert st.tiles[C] == [0] * 6
    assert st.open[d(st, "orange-1")] == [1, 1, 1, 0]
    assert st.tile_supply[p(st, "orange")] == 15


def test_ex_02_three_way_tie_for_first() -> None:
    st = majorities({A: 2, B: 2, C: 2, D: 1})
    assert sorted(st.city[d(st, "orange-1")]) == [A, B, C]
    assert [st.tiles[s][0] for s in (A, B, C, D)] == [1, 1, 1, 0]


def test_ex_03_two_way_tie_leaves_a_house_empty() -> None:
    st = majorities({A: 2, B: 2, C: 1})
    assert sorted(st.city[d(st, "orange-1")]) == [A, B]
    assert [st.tiles[s][0] for s in (A, B, C)] == [1, 1, 0]


def test_ex_04_sole_leader_tie_for_second() -> None:
    st = majorities({A: 3, B: 1, C: 1})
    assert st.city[d(st, "orange-1")] == [A, A]
    assert st.open[d(st, "orange-1")][:3] == [1, 1, 1]


@pytest.mark.parametrize("n", [1, 2])
def test_ex_05_four_way_tie_moves_nobody(n: int) -> None:
    st = majorities({A: n, B: n, C: n, D: n})
    assert st.city[d(st, "orange-1")] == []
    assert all(t == [0] * 6 for t in st.tiles)
    # nobody entered the city, so nobody is asked for return cards
    assert st.current_player is None


@pytest.mark.parametrize(("have", "moved"), [(1, 1), (4, 2)])
def test_ex_06_lone_player(have: int, moved: int) -> None:
    st = majorities({A: have})
    assert st.city[d(st, "orange-1")] == [A] * moved
    assert st.open[d(st, "orange-1")][A] == have - moved


def test_ex_07_cloister_member_ignored() -> None:
    st = majorities({A: 1, B: 2}, district="teal-1", cloister=A)
    teal1 = d(st, "teal-1")
    assert sorted(st.city[teal1]) == [A, B, B]
    assert st.open[teal1] == [0, 0, 0, 0]
    assert st.cloister[teal1] == A


def test_table_invariants_hold_for_every_small_count() -> None:
    """At most 3 move; a second place always moves fewer than the first."""
    from itertools import product

    for counts in product(range(4), repeat=4):
        moves = district_to_city(list(counts), [0, 1, 2, 3])
        assert sum(n for _, n in moves) <= 3
        for colour, n in moves:
            assert 1 <= n <= counts[colour]
        if len(moves) == 2 and moves[0][1] != moves[1][1]:
            assert moves[0][1] > moves[1][1]
