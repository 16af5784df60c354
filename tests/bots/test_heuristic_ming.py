"""The Ming Dynasty heuristic plays like the strategy says and sees only its seat's view."""

from __future__ import annotations

from typing import Any, cast

import pytest

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.greedy import Evaluate, GreedyBot
from dragontable.bots.heuristics import evaluator
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng
from dragontable.games.ming import MingState
from dragontable.games.ming import data as D
from dragontable.games.ming.flow import ENGINE
from dragontable.games.ming.heuristic import evaluate, tile_value
from dragontable.games.ming.state import NONE

A, B = 0, 1


def position(
    round: int, prince: str, space: dict[str, int], hand: list[str], *task: Any
) -> MingState:
    """Seat A on an empty 2-player board, its prince on ``prince``, deciding ``task``."""
    st = games.create("ming", players=2, seed=3)
    m = st.map
    st.round, st.start_player = round, A
    st.prince = [m.district_index[prince], m.district_index["white-3"]]
    st.tiles = [[0] * 6 for _ in range(2)]
    st.spaces = [[0, 0] for _ in range(6)]
    for province, n in space.items():
        st.spaces[m.province_index[province]][A] = n
    st.open = [[0] * st.colours for _ in range(18)]
    st.cloister = [NONE] * 18
    st.hands = [list(hand), []]
    scoring = [("scoring",)] if round in D.SCORING_ROUNDS else []
    st.tasks = [("endround",), *scoring, ("turns", 1), task]
    st._legal = None
    ENGINE.advance(st)
    return st


def value_after(st: MingState, *actions: str) -> float:
    child = st.clone()
    for action in actions:
        child.apply(action)
    return evaluate(child, A)


def test_ming_has_a_greedy_heuristic() -> None:
    assert evaluator("ming") is evaluate


def test_a_move_ends_where_the_waiting_members_can_be_deployed() -> None:
    st = position(1, "orange-1", {"purple": 3}, ["horse"], "act", A)
    assert "move purple-1 horse" in st.legal_actions() and "pass" in st.legal_actions()
    assert GreedyBot(cast(Evaluate, evaluate), seed=1).choose(st) == "move purple-1 horse"
    assert value_after(st, "move purple-1 horse") > value_after(st, "pass")


def test_taking_the_lead_in_a_district_beats_keeping_members_waiting() -> None:
    st = position(1, "purple-1", {"purple": 3}, ["horse"], "act", A)
    st.open[st.map.district_index["purple-1"]][B] = 1
    st.apply("stay horse")
    lead, tie, none = (value_after(st, f"deploy {n}") for n in (2, 1, 0))
    assert lead > tie > none


def test_in_the_last_round_waiting_members_go_out_to_contest_a_district() -> None:
    """Members left on a space after the last phase 3 are lost, so even a tie is worth it."""
    st = position(D.ROUNDS, "purple-1", {"purple": 6}, ["horse"], "act", A)
    st.open[st.map.district_index["purple-1"]][B] = 3
    assert GreedyBot(cast(Evaluate, evaluate), seed=1).choose(st) == "stay horse"
    assert value_after(st, "stay horse", "deploy 3") > value_after(st, "pass")


def test_an_early_cloister_beats_a_second_member_in_an_empty_district() -> None:
    st = position(1, "purple-1", {"purple": 2}, ["horse"], "act", A)
    st.apply("stay horse")
    assert value_after(st, "deploy 1+c") > value_after(st, "deploy 2")


def test_the_missing_colour_is_the_valuable_tile() -> None:
    held = (2, 1, 1, 1, 1, 0)
    for set_points in D.SET_POINTS.values():
        now = tile_value(held, set_points, 1.0)
        missing = tile_value((2, 1, 1, 1, 1, 1), set_points, 1.0) - now
        again = tile_value((3, 1, 1, 1, 1, 0), set_points, 1.0) - now
        assert missing > again > 0


@pytest.mark.parametrize(
    ("tiles", "points"),
    [((2, 1, 1, 1, 1, 0), 11), ((3, 3, 2, 0, 0, 1), 9), ((2, 2, 2, 2, 3, 0), 21)],
)
def test_with_no_tiles_to_come_tiles_are_worth_the_final_scoring(
    tiles: tuple[int, ...], points: int
) -> None:
    """EX-23 of the rules reference."""
    assert tile_value(tiles, D.SET_POINTS[D.ROUNDS], 0.0) == points


def played(players: int, seed: int, until: Any) -> Any:
    """A game played by random moves until ``until(state)`` holds."""
    st = games.create("ming", players=players, seed=seed)
    random_playout(st, Rng(seed), until=until)
    return st


def committed_in_secret(st: Any) -> bool:
    return not st.revealed and any(n is not None for n in st.returns)


@pytest.mark.parametrize(
    "until",
    [
        lambda st: len(st.history) >= 60,
        lambda st: st.phase == "3" and st.round == 3,
        committed_in_secret,
    ],
)
def test_evaluate_reads_only_what_the_seat_may_see(until: Any) -> None:
    st = played(3, 1, until)
    for seat in range(3):
        expected = evaluate(st, seat)
        for k in range(3):
            other = st.determinize(seat, seed=k)
            assert other.view(seat) == st.view(seat)
            assert evaluate(other, seat) == expected


def test_evaluate_ignores_the_cards_in_other_hands() -> None:
    st = played(3, 8, lambda st: st.phase == "3" and min(map(len, st.hands)) >= 2)
    other = st.clone()
    for seat in (1, 2):
        kinds = [c for c in st.map.cards if c not in st.hands[seat]] or [D.DRAGON]
        other.hands[seat] = [kinds[0]] * len(st.hands[seat])
    assert other.view(0) == st.view(0) and other.hands != st.hands
    assert evaluate(other, 0) == evaluate(st, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_finishes_and_outscores_random_players(players: int) -> None:
    st = games.create("ming", players=players, seed=players)
    bots = [make_bot("greedy" if s == 0 else "random", "ming", s) for s in range(players)]
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        st.apply(bots[seat].choose(st))
    assert st.score[0] > max(st.score[1:])


def test_greedy_against_greedy_finishes_at_four_players() -> None:
    st = games.create("ming", players=4, seed=9)
    bots = [make_bot("greedy", "ming", s) for s in range(4)]
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        st.apply(bots[seat].choose(st))
    assert st.is_over and sorted(st.ranking()) == [0, 1, 2, 3]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_at_once_equals_each_seat_alone(players: int) -> None:
    from dragontable.games.ming.heuristic import evaluate_all

    st = games.create("ming", players=players, seed=players)
    rng = Rng(players)
    while not st.is_over:
        assert evaluate_all(st) == [evaluate(st, s) for s in range(players)]
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    assert evaluate_all(st) == [evaluate(st, s) for s in range(players)]
