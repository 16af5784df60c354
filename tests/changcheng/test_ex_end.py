"""Worked examples EX-24 to EX-32: Mongol attack, events, neutral walls, the end, ranking."""

from __future__ import annotations

import pytest

from dragontable.games.changcheng import ChangChengState
from dragontable.games.changcheng import data as D
from dragontable.games.changcheng.final import event_points

from .helpers import (
    BLU,
    GRN,
    PUR,
    RED,
    add_board,
    build,
    final_scoring,
    new,
    play,
    put_card,
    set_token,
    start_turn,
)


def test_ex_24_mongol_attack() -> None:
    st = new(4, ("2A", "4A"))
    for region, value in (("2A-M1", -2), ("4A-M1", -4), ("4A-M2", -3)):
        set_token(st, region, value)
    build(st, "2A.01=P 2A.02=G 2A.03=P 2A.04=B 4A.01=B 4A.02=B^ 4A.03=G= 4A.04=G=")
    build(st, "4A.05=G 4A.06=R 4A.07=R 4A.08=P")
    final_scoring(st)
    assert st.score == [-3, -3, 0, -2]
    attack = {e["region"]: e["losers"] for e in st.log if e["key"] == "changcheng.mongols.attack"}
    assert attack == {"2A-M1": ["purple"], "4A-M2": ["red", "green"]}
    spared = [
        e
        for e in st.log
        if e["key"] in ("changcheng.mongols.protected", "changcheng.mongols.spared")
    ]
    assert {"key": "changcheng.mongols.protected", "seat": BLU, "region": "4A-M1"} in spared


def test_ex_25_tower_protection_in_a_tie() -> None:
    st = new(3)
    set_token(st, "1A-M2", -4)
    build(st, "1A.04=R^ 1A.05=R 1A.06=G 1A.07=G 1A.08=B")
    final_scoring(st)
    assert st.score == [0, -4, 0]


def test_ex_25_variant_tower_protects_only_its_region() -> None:
    st = new(3)
    set_token(st, "1A-M2", -4)
    build(st, "1A.03=R^ 1A.04=R 1A.05=R 1A.06=G 1A.07=G 1A.08=B")
    final_scoring(st)
    assert st.score == [-4, -4, 0]  # RED alone in 1A-M1 but protected there


EX26 = """
1A.01=R 1A.02=R 1A.03=G 1A.04=R^ 1A.05=R 1A.06=G 1A.07=G 1A.08=B 1A.09=B 1A.10=B
1A.11=B= 1A.12=B= 1A.13=R
2B.01=G 2B.02=G 2B.03=R* 2B.04=B 2B.05=G^ 2B.06=R 2B.07=B 2B.08=B 2B.09=G 2B.10=R=
2B.11=R= 2B.12=G 2B.13=G
3A.01=G 3A.02=G 3A.03=B^ 3A.04=R 3A.05=R 3A.06=G 3A.07=G= 3A.08=G= 3A.09=R 3A.10=B
3A.11=G 3A.12=R 3A.13=B
"""
EX26_THREATS = {"1A-M1": -2, "1A-M2": -4, "1A-M3": -3, "2B-M1": -3, "2B-M3": -2,
                "3A-M1": -4, "3A-M2": -3, "3A-M3": -2}  # fmt: skip


def ex26(events: tuple[str, ...]) -> ChangChengState:
    st = new(3)
    st.events = events  # the example uses three events; the option allows two
    add_board(st, "3A")
    build(st, EX26)
    for region, value in EX26_THREATS.items():
        set_token(st, region, value)
    token = st.threat["2B-M2"]
    assert token is not None  # 2B-M2 still holds the token the setup laid
    st.threat_gone = (("2B-M2", token),)
    st.threat["2B-M2"] = None
    st.hands = [("mandarin",), (), ("flood", "builder")]
    st.score = [41, 47, 38]
    st.by = [{"provinces": 41}, {"provinces": 47}, {"provinces": 38}]
    final_scoring(st)
    return st


def test_ex_26_complete_end_of_game_scoring() -> None:
    st = ex26((D.DIPLOMACY, D.DOMINANCE, D.IMPERIAL_REWARD))
    assert [st.by[s]["mongols"] for s in range(3)] == [-4, -16, -5]
    assert [st.by[s][D.DIPLOMACY] for s in range(3)] == [4, 4, 4]
    assert [st.by[s][D.DOMINANCE] for s in range(3)] == [2, 4, 5]
    assert [st.by[s].get(D.IMPERIAL_REWARD, 0) for s in range(3)] == [2, 0, 4]
    assert st.score == [45, 39, 46]
    assert st.ranking() == [BLU, RED, GRN] and st.winners() == [BLU]


def test_ex_26_without_events() -> None:
    st = ex26(())
    assert st.score == [37, 31, 33] and st.ranking() == [RED, BLU, GRN]


def test_ex_27_diplomacy_threshold() -> None:
    st = new(3)
    add_board(st, "3A")
    build(st, "1A.01=R 1A.05=R 1A.10=R 2B.01=R 2B.05=R")
    build(st, "1A.02=B 1A.06=B 1A.11=B 2B.02=B")
    assert event_points(st, D.DIPLOMACY, RED) == 4
    assert event_points(st, D.DIPLOMACY, BLU) == 0
    build(st, "2B.09=B*")  # c) a destroyed wall is no presence
    assert event_points(st, D.DIPLOMACY, BLU) == 0
    st4 = new(4)
    add_board(st4, "3A")
    add_board(st4, "4A")
    build(st4, "1A.01=P 1A.05=P 1A.10=P 2B.01=P 2B.05=P 2B.09=P")
    assert len(st4.geo.provinces) == 12 and event_points(st4, D.DIPLOMACY, PUR) == 0
    build(st4, "3A.01=P")
    assert event_points(st4, D.DIPLOMACY, PUR) == 4


def test_ex_28_observation() -> None:
    st = new(3, events="observation")
    start_turn(st, RED)
    play(st, "two-singles 2B.05", "single 1A.10")
    value = st.threat["2B-M2"]
    for seat in (GRN, BLU, None):
        assert {r["region"]: r["threat"] for r in st.view(seat)["regions"]}["2B-M2"] == value
    assert RED not in st.known.get("2B-M2", ())  # nothing left to scout there
    start_turn(st, GRN)
    st.apply("double 1A.03")
    assert st.score[GRN] == 3 and {"1A-M1", "1A-M2"} <= st.face_up


def test_ex_28_mandarin_swap_reveals_nothing() -> None:
    st = new(3, events="observation")
    build(st, "1A.11=G 2B.01=R 2B.02=R 2B.03=B")
    put_card(st, "RED:MANDARIN@2B-P1")
    start_turn(st, GRN)
    play(st, "two-singles 2B.04", "swap 2B.03", "with 1A.11")
    assert st.seg["1A.11"] == (BLU, "s", False)
    assert "1A-M3" not in st.face_up and "2B-M2" in st.face_up


def test_ex_29_where_neutral_walls_may_go() -> None:
    st = new(2)
    assert st.neutral == 12
    st.apply("single 1A.02")
    assert st.current_player == 1 and st.phase == "act"  # no neutral wall on the first turn
    play(st, "two-singles 1A.06", "single 2B.03")
    assert "neutral 1A.07" in st.legal_actions() and "neutral 1A.01" not in st.legal_actions()
    st.apply("neutral 1A.07")
    assert st.neutral == 11
    play(st, "card-single warrior 2B-P3", "single 2B.10")
    assert "neutral 1A.03" in st.legal_actions() and "neutral 2B.11" not in st.legal_actions()
    st.apply("neutral 1A.03")
    play(st, "double 1A.04")
    assert "neutral 2B.05" in st.legal_actions() and "neutral 1A.08" not in st.legal_actions()
    st.apply("neutral 2B.05")
    play(st, "two-cards traitor 1A-P3", "card flood 2B-P2")
    assert "neutral 2B.06" in st.legal_actions() and "neutral 2B.01" not in st.legal_actions()
    st.apply("neutral 2B.06")
    assert st.neutral == 8
    expected = {"1A.02": (0, "s"), "1A.03": (-1, "s"), "1A.04": (1, "d"), "1A.05": (1, "d"),
                "1A.06": (1, "s"), "1A.07": (-1, "s"), "2B.03": (1, "s"), "2B.05": (-1, "s"),
                "2B.06": (-1, "s"), "2B.10": (0, "s")}  # fmt: skip
    assert {s: x[:2] for s, x in st.seg.items()} == expected
    assert st.score == [0, 3] and not st.scored


def test_ex_29_neutral_wall_may_be_declined() -> None:
    st = new(2)
    play(st, "single 1A.02", "two-singles 1A.06", "single 2B.03", "no-neutral")
    assert st.neutral == 12 and st.current_player == 0 and st.phase == "act"


@pytest.mark.parametrize(("who", "scores"), [(1, [0, 0]), (0, [8, 0])])
def test_ex_30_neutral_walls_in_majorities(who: int, scores: list[int]) -> None:
    st = new(2)
    set_token(st, "2B-P2", 4)
    build(st, "2B.05=N 2B.06=N 2B.07=R")
    start_turn(st, who)
    st.apply("two-singles 2B.08")
    assert st.score == scores


def test_ex_30_neutral_walls_in_mongol_majorities() -> None:
    st = new(2)
    build(st, "2B.01=N 2B.02=N 2B.03=R 2B.04=N 2B.05=N 2B.06=R 2B.07=R")
    final_scoring(st)
    assert st.score == [st.threat["2B-M2"], 0]  # nobody loses in 2B-M1; RED ties NEU in 2B-M2


def ex31(neutral: str = "off") -> ChangChengState:
    st = new(2, neutral=neutral, events="imperial_reward")
    add_board(st, "3A")
    free = {"1A.01", "1A.05", "2B.01", "2B.05", "3A.01", "3A.07"}
    for i, s in enumerate(x for x in st.geo.spaces if x not in free):
        st.seg[s] = (i % 2, "s", False)
    st.singles, st.double, st.tower = [1, 0], [False, False], [False, False]
    put_card(st, "GRN:TRAITOR@2B-P2")
    start_turn(st, RED)
    return st


def test_ex_31_two_player_base_game_ends_by_the_fallback_rule() -> None:
    st = ex31()
    play(st, "card-single warrior 1A-P1", "single 1A.01")
    assert st.is_over and st.ended == "no_pieces"
    assert len(st.geo.spaces) - len(st.seg) == 5
    assert st.cards["2B-P2"] == ((GRN, "traitor"),) and "2B-P2" not in st.scored
    revealed = [e["province"] for e in st.log if e["key"] == "changcheng.cards.revealed"]
    assert "2B-P2" not in revealed
    assert st.by[RED][D.IMPERIAL_REWARD] == 10 and st.by[GRN][D.IMPERIAL_REWARD] == 10


def test_ex_31_variant_neutral_pool_keeps_the_game_going() -> None:
    st = ex31(neutral="on")
    play(st, "card-single warrior 1A-P1", "single 1A.01")
    assert "neutral 2B.01" in st.legal_actions() and "neutral 1A.05" in st.legal_actions()
    st.apply("no-neutral")
    assert not st.is_over and st.current_player == GRN
    assert all(a.startswith(("two-cards", "card ")) for a in st.legal_actions())


def test_ex_32_final_ranking_with_a_tie() -> None:
    st = new(4)
    final_scoring(st)
    st.score = [52, 52, 47, 50]
    assert st.winners() == [RED, GRN]
    assert st.ranking() == [RED, GRN, PUR, BLU]
    assert st.view(None)["winners"] == [RED, GRN]
