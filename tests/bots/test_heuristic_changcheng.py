"""The Chang Cheng greedy heuristic plays like a strategist and reads only what its seat sees."""

from __future__ import annotations

from typing import Any

import pytest

from dragontable import games
from dragontable.bots import default_bot, make_bot
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng
from dragontable.games.changcheng import ChangChengState
from dragontable.games.changcheng import data as D
from dragontable.games.changcheng.flow import ENGINE
from dragontable.games.changcheng.heuristic import evaluate, evaluate_all

RED, BLUE = 0, 1
OWNER = {"R": RED, "B": BLUE, "N": D.NEUTRAL}


def position(walls: str, players: int = 2, to_move: int = RED, **options: Any) -> ChangChengState:
    """A game on boards 1A, 2B with ``walls`` (``"1A.01=R 1A.02=B^"``) built; RED to move
    unless ``to_move`` says otherwise."""
    opts = {"start_boards": "1A,2B", "start_player": "seat_1", "neutral": "off", **options}
    st = games.create("changcheng", players=players, seed=3, options=opts)
    for item in walls.split():
        space, code = item.split("=")
        kind = D.TOWER if code.endswith("^") else D.SINGLE
        st.seg[space] = (OWNER[code[0]], kind, False)
        if kind == D.TOWER:
            st.tower[OWNER[code[0]]] = False
        else:
            st.singles[OWNER[code[0]]] -= 1
    st.turn_no, st.tasks, st._legal = 4, [("begin", to_move)], None
    ENGINE.advance(st)
    return st


def after(st: ChangChengState, *actions: str) -> ChangChengState:
    child = st.clone()
    for a in actions:
        child.apply(a)
    return child


def test_completes_the_province_it_wins_not_the_one_the_rival_wins() -> None:
    st = position("1A.01=R 1A.02=R 1A.03=B 2B.01=B 2B.02=B 2B.03=B")
    st.rep["1A-P1"] = st.rep["2B-P1"] = 2
    mine = after(st, "two-singles 1A.04", "single 1A.10")
    theirs = after(st, "two-singles 2B.04", "single 1A.10")
    assert mine.score[RED] > theirs.score[RED]
    assert evaluate(mine, RED) > evaluate(theirs, RED)
    assert evaluate(mine, BLUE) < evaluate(theirs, BLUE)


def test_a_lead_of_one_wall_with_a_space_left_is_the_next_movers_to_take_or_share() -> None:
    walls = "1A.01=R 1A.02=R 1A.03=B"  # 1A-P1: RED 2, BLUE 1, 1A.04 still free
    red_moves, blue_moves = position(walls), position(walls, to_move=BLUE)
    # RED to move can complete it alone; BLUE to move can tie it and share its value
    assert evaluate(red_moves, RED) > evaluate(blue_moves, RED) + 1.0
    assert evaluate(blue_moves, BLUE) > evaluate(red_moves, BLUE) + 1.0
    # search leaves lie at every seat's turn and leave the head start out
    assert evaluate_all(red_moves) == evaluate_all(blue_moves)


def test_the_master_builder_is_worth_more_than_a_flood_in_a_contested_province() -> None:
    st = position("1A.05=R 1A.06=B 1A.07=B")
    master = after(st, "card-single master 1A-P2", "single 1A.08")
    flood = after(st, "card-single flood 1A-P2", "single 1A.08")
    assert evaluate(master, RED) > evaluate(flood, RED)


@pytest.mark.parametrize(("events", "gain"), [("none", 0), ("dominance", D.DOMINANCE_PER_SPACE)])
def test_with_dominance_in_play_a_wall_extends_the_own_run(events: str, gain: int) -> None:
    st = position("2B.05=R 2B.06=R", events=events)
    joined = after(st, "two-singles 2B.07", "single 1A.10")  # same province and region
    apart = after(st, "two-singles 2B.08", "single 1A.10")
    assert evaluate(joined, RED) - evaluate(apart, RED) == pytest.approx(gain)


def _with_threat(walls: str, value: int) -> ChangChengState:
    st = position(walls)
    st.threat["1A-M2"] = value
    st.known["1A-M2"] = (RED,)
    return st


def test_a_majority_under_a_heavier_threat_is_worth_less_unless_a_tower_guards_it() -> None:
    def cost(walls: str) -> float:
        """What a -4 token costs RED against a -2 token in region 1A-M2."""
        return evaluate(_with_threat(walls, -2), RED) - evaluate(_with_threat(walls, -4), RED)

    assert cost("1A.05=R 1A.06=R 1A.07=B 1A.08=R") > 1.5
    assert abs(cost("1A.05=R 1A.06=R^ 1A.07=B 1A.08=R")) < 0.5


def _midgame(players: int, seed: int, steps: int) -> ChangChengState:
    st = games.create("changcheng", players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    return st


def _hidden(st: ChangChengState, seat: int) -> Any:
    others = [(h, st.cards) for s, h in enumerate(st.hands) if s != seat]
    return others, st.threat, st.threat_supply


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluation_ignores_facts_hidden_from_the_seat(players: int) -> None:
    st = _midgame(players, seed=players, steps=12 * players)
    redrawn = 0
    for seat in range(players):
        before = st.to_json()
        value = evaluate(st, seat)
        assert st.to_json() == before  # evaluating changes nothing
        for k in range(3):
            other = st.determinize(seat, seed=k)
            redrawn += _hidden(other, seat) != _hidden(st, seat)
            assert evaluate(other, seat) == pytest.approx(value, abs=1e-9)
    assert redrawn  # the determinized states really differed in hidden facts


@pytest.mark.parametrize(("players", "bots"), [(2, "gg"), (3, "grg"), (4, "rgrg")])
def test_greedy_finishes_games_with_legal_moves(players: int, bots: str) -> None:
    assert default_bot("changcheng") == "greedy"
    st = games.create("changcheng", players=players, seed=10 + players)

    def near_the_end(cc: ChangChengState) -> bool:
        return cc.is_over or len(cc.seg) >= len(cc.geo.spaces) - 6

    random_playout(st, Rng(players), until=near_the_end)
    seats = [
        make_bot("greedy" if c == "g" else "random", "changcheng", i) for i, c in enumerate(bots)
    ]
    while not st.is_over:
        seat = st.current_player
        assert seat is not None
        action = seats[seat].choose(st)
        assert action in st.legal_actions()
        st.apply(action)
    assert st.winners()
    lead = st.score[RED] - st.score[BLUE]
    if players == 2:
        assert evaluate(st, RED) == lead  # over: the evaluation is the final lead
