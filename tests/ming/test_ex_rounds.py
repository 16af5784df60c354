"""EX-24..EX-28 and EX-30: start players, the 2-player neutral, setup (ming.md §3, §4.5, §5)."""

from __future__ import annotations

import pytest

from dragontable import games
from dragontable.core.errors import IllegalAction
from dragontable.games.ming import MingState

from .helpers import A, B, C, D, at, blank, d, p, play, set_city

N = 2  # the neutral colour in a 2-player game


def round_end(round: int, start: int, scores: list[int], cloisters: list[int]) -> MingState:
    st = blank(players=4, round=round, start=start)
    st.score = list(scores)
    at_district = iter(range(18))
    for seat, n in enumerate(cloisters):
        for _ in range(n):
            st.cloister[next(at_district)] = seat
    return at(st, ("endround",))


@pytest.mark.parametrize(
    ("scores", "cloisters", "chooser"),
    [([40, 35, 35, 50], [1, 2, 0, 3], B), ([30, 30, 45, 45], [1, 0, 0, 0], A)],
)
def test_ex_24_four_player_start_player_for_round_5(
    scores: list[int], cloisters: list[int], chooser: int
) -> None:
    st = round_end(4, A, scores, cloisters)
    assert st.round == 5 and st.current_player == chooser
    assert st.legal_actions() == ["start 1", "start 2", "start 3", "start 4"]
    play(st, f"start {chooser + 1}")  # he may name himself
    assert st.start_player == chooser
    assert st.phase == "1" and st.current_player == chooser


@pytest.mark.parametrize(
    ("scores", "cloisters", "chooser"),
    [([52, 47, 47, 60], [0, 1, 1, 0], B), ([52, 48, 47, 60], [0, 1, 1, 0], C)],
)
def test_ex_25_four_player_start_player_for_round_6(
    scores: list[int], cloisters: list[int], chooser: int
) -> None:
    st = round_end(5, A, scores, cloisters)
    assert st.current_player == chooser and st.prompt()["key"] == "ming.prompt.start"
    play(st, "start 4")
    assert st.start_player == D and st.round == 6


@pytest.mark.parametrize(("players", "round"), [(4, 3), (3, 4), (2, 5)])
def test_start_player_passes_left_otherwise(players: int, round: int) -> None:
    st = blank(players=players, round=round, start=players - 1)
    at(st, ("endround",))
    assert st.start_player == 0 and st.round == round + 1


def test_ex_26_neutral_with_the_sole_majority() -> None:
    st = blank(players=2, round=2, start=A)
    set_city(st, "pink-1", [N, N, A])
    set_city(st, "pink-2", [N, B])
    set_city(st, "pink-3", [A, A, N])
    at(st, ("returns", p(st, "pink")))
    play(st, "return 2", "return 0", "back pink-3", "back pink-3")
    assert st.prompt()["key"] == "ming.prompt.back_neutral" and st.current_player == A
    assert sorted(st.legal_actions()) == ["back pink-1", "back pink-2", "back pink-3"]
    play(st, "back pink-2", "back pink-3")
    assert st.score == [4, 4]  # no bonus: the neutral keeps the majority
    assert st.open[d(st, "pink-2")][N] == 1 and st.open[d(st, "pink-3")] == [2, 0, 1]
    assert st.box == [1, 1, 2]


def test_ex_27_neutral_without_the_sole_majority() -> None:
    st = blank(players=2, round=2, start=A)
    set_city(st, "pink-1", [A, A])
    set_city(st, "pink-2", [B, N])
    set_city(st, "pink-3", [N])
    at(st, ("returns", p(st, "pink")))
    play(st, "return 0", "return 0")
    assert st.score == [2 * 4 + 4, 4]
    assert st.open[d(st, "pink-2")][N] == 1 and st.open[d(st, "pink-3")][N] == 1
    assert st.box == [2, 1, 0]


def test_ex_28_neutral_placement_cap() -> None:
    st = blank(players=2, round=3)
    st.open[d(st, "brown-2")][N] = 3
    st.open[d(st, "white-1")][N] = 2
    at(st, ("neutral", A), ("neutral", B))
    assert "neutral brown-2" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already holds 3 neutral"):
        st.apply("neutral brown-2")
    play(st, "neutral white-1")
    assert st.current_player == B and "neutral white-1" not in st.legal_actions()
    # returning from the city (round 4) may raise a district above the cap
    st.round = 4
    set_city(st, "white-1", [N])
    set_city(st, "white-2", [A])
    at(st, ("returns", p(st, "white")))
    play(st, "return 0")  # A keeps 1, the neutral ties and returns
    assert st.open[d(st, "white-1")][N] == 4


def test_two_player_neutral_placement_at_setup_and_before_rounds_3_and_5() -> None:
    st = games.create("ming", players=2, seed=3, options={"start_player": "seat_1"})
    play(st, "prince orange-1", "prince white-3")
    order: list[int | None] = []
    for _ in range(6):
        order.append(st.current_player)
        st.apply(st.legal_actions()[0])
    assert order == [A, B] * 3 and st.supply[N] == 31 - 6 and st.phase == "1"
    st = blank(players=2, round=2, start=A)
    at(st, ("endround",))
    assert (st.round, st.start_player, st.phase) == (3, B, "neutral")
    assert st.current_player == B


def test_ex_30_setup_prince_placement_three_players() -> None:
    st = games.create("ming", players=3, seed=5, options={"start_player": "seat_1"})
    play(st, "prince teal-2", "prince teal-3")
    assert st.tiles[A][p(st, "teal")] == 1 and st.tiles[B][p(st, "teal")] == 1
    legal = st.legal_actions()
    assert "prince teal-2" not in legal and "prince teal-3" not in legal
    assert "prince teal-1" in legal
    play(st, "prince brown-1")
    assert st.tiles[C][p(st, "brown")] == 1
    assert st.dragons == 15 and st.hands == [["dragon"]] * 3 and st.supply == [30] * 3
    assert len(st.deck) == 48 and all(st.display) and st.phase == "1"
