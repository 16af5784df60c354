"""Worked examples EX-13 to EX-23: completion, action cards, board extension, partial play."""

from __future__ import annotations

import pytest

from dragontable.core.errors import IllegalAction
from dragontable.games.changcheng import ChangChengState
from dragontable.games.changcheng.final import region_counts

from .helpers import (
    BLU,
    GRN,
    PUR,
    RED,
    add_board,
    build,
    final_scoring,
    gains,
    new,
    play,
    put_card,
    set_token,
    start_turn,
)


def test_ex_13_completion_interrupts_two_singles() -> None:
    st = new(4)
    set_token(st, "1A-P1", 2)
    build(st, "1A.01=R 1A.02=B 1A.03=P")
    start_turn(st, RED)
    st.apply("two-singles 1A.04")
    assert st.score == [6, 0, 0, 0] and st.scored == ["1A-P1"] and st.emperor == 1
    assert st.rep["1A-P1"] == 2
    assert st.phase == "second" and st.current_player == RED
    st.apply("single 2B.06")
    assert RED in st.known["1A-M2"] and RED in st.known["2B-M2"]


def ex14() -> ChangChengState:
    st = new(3)
    set_token(st, "1A-P2", 3)
    build(st, "1A.05=R 1A.06=G 1A.07=G 1A.08=B")
    put_card(st, "GRN:TRAITOR@1A-P2")
    put_card(st, "BLU:FLOOD@1A-P2")
    start_turn(st, RED)
    play(st, "card-single builder 1A-P2", "single 1A.09")
    return st


def test_ex_14_completion_with_action_cards() -> None:
    st = ex14()
    revealed = [e for e in st.log if e["key"] == "changcheng.cards.revealed"]
    assert revealed[-1]["cards"] == ["green:traitor", "blue:flood", "red:builder"]
    assert st.phase == "traitor" and st.current_player == GRN
    assert "destroy 1A.05" in st.legal_actions() and "remove 1A-M2" in st.legal_actions()
    st.apply("destroy 1A.05")
    assert st.seg["1A.05"] == (RED, "s", True)
    assert st.phase == "flood" and st.current_player == BLU
    st.apply("flood a")
    assert st.phase == "builder" and st.current_player == RED
    st.apply("builder b")
    assert st.score == [9, 9, 0]
    assert "1A-P2" not in st.cards and st.gone[GRN] == ("traitor",)
    assert region_counts(st, "1A-M2").get(RED, 0) == 0  # the destroyed wall counts for nobody
    assert st.current_player == GRN and st.phase == "act"


def ex15(cards: tuple[str, ...]) -> ChangChengState:
    st = new(4)
    set_token(st, "2B-P2", 4)
    build(st, "2B.05=R 2B.06=G 2B.07=B")
    for c in cards:
        put_card(st, c)
    start_turn(st, PUR)
    return st


def test_ex_15_equal_priorities_cancel_and_warrior_must_cancel() -> None:
    st = ex15(("RED:BUILDER@2B-P2", "GRN:BUILDER@2B-P2", "BLU:WARRIOR@2B-P2"))
    play(st, "card-single master 2B-P2", "single 2B.08")
    cancelled = [e["card"] for e in st.log if e["key"] == "changcheng.card.cancelled"]
    assert cancelled == ["red:builder", "green:builder"]
    assert st.current_player == BLU and st.legal_actions() == ["cancel purple:master"]
    st.apply("cancel purple:master")
    assert st.score == [8, 8, 8, 8]


def test_ex_15b_traitor_then_master_builder_alone() -> None:
    st = ex15(("RED:BUILDER@2B-P2", "GRN:BUILDER@2B-P2", "BLU:TRAITOR@2B-P2"))
    play(st, "card-single master 2B-P2", "single 2B.08", "destroy 2B.08")
    assert st.seg["2B.08"] == (PUR, "s", True)
    assert st.score == [0, 0, 0, 7]


def test_ex_15c_two_warriors_cancel_each_other() -> None:
    st = ex15(("RED:WARRIOR@2B-P2", "GRN:WARRIOR@2B-P2", "BLU:FLOOD@2B-P2"))
    play(st, "two-singles 2B.08")
    assert st.current_player == BLU and st.legal_actions() == ["flood a", "flood b"]
    st.apply("flood a")
    assert st.score == [10, 10, 10, 10]


def test_ex_16_warrior_cancels_its_owners_own_card() -> None:
    st = new(3)
    set_token(st, "2B-P3", 0)
    build(st, "2B.09=R 2B.10=R 2B.11=B 2B.12=B")
    put_card(st, "RED:WARRIOR@2B-P3")
    put_card(st, "RED:BUILDER@2B-P3")
    start_turn(st, GRN)
    st.apply("two-singles 2B.13")
    assert st.current_player == RED and st.legal_actions() == ["cancel red:builder"]
    st.apply("cancel red:builder")
    assert st.score == [5, 0, 5]


def test_ex_17_traitor_removes_a_threat_token() -> None:
    st = new(3)
    set_token(st, "1A-P2", 3)
    set_token(st, "1A-M3", -4)
    build(st, "1A.05=G 1A.06=G 1A.07=R 1A.08=B")
    put_card(st, "BLU:TRAITOR@1A-P2")
    start_turn(st, RED)
    st.apply("two-singles 1A.09")
    destroy = {f"destroy 1A.0{i}" for i in range(5, 10)}
    assert set(st.legal_actions()) == destroy | {"remove 1A-M2", "remove 1A-M3"}
    mark = len(st.log)
    st.apply("remove 1A-M3")
    removed = [e for e in st.log[mark:] if e["key"] == "changcheng.token.removed"]
    assert removed == [{"key": "changcheng.token.removed", "seat": BLU, "region": "1A-M3"}]
    assert st.threat["1A-M3"] is None and st.score == [8, 8, 0]
    assert {r["region"]: r["threat"] for r in st.view(RED)["regions"]}["1A-M3"] == "removed"
    before = list(st.score)
    final_scoring(st)
    attacked = {e["region"] for e in st.log if e["key"].startswith("changcheng.mongols.")}
    assert "1A-M3" not in attacked and "1A-M2" in attacked
    assert gains(before, st) == [0, st.threat["1A-M2"], 0]  # GRN 2 in 1A-M2; 1A-M3 skipped


@pytest.mark.parametrize(("option", "scores"), [("destroy 2B.04", 5), ("remove 2B-M1", 6)])
def test_ex_18_traitor_cannot_destroy_doubles_or_towers(option: str, scores: int) -> None:
    st = new(4)
    set_token(st, "2B-P1", 2)
    build(st, "1A.13=R 2B.01=B^ 2B.02=G= 2B.03=G=")
    put_card(st, "RED:TRAITOR@2B-P1")
    start_turn(st, PUR)
    st.apply("two-singles 2B.04")
    assert sorted(st.legal_actions()) == ["destroy 2B.04", "remove 2B-M1", "remove 2B-M2"]
    st.apply(option)
    assert st.score == [0, scores, 0, 0]


@pytest.mark.parametrize(("option", "value"), [("b", 3), ("a", 7)])
def test_ex_19_flood_option_b_lowers_the_value(option: str, value: int) -> None:
    st = new(3)
    set_token(st, "1A-P3", 1)
    build(st, "1A.10=R 1A.11=G 1A.12=G")
    put_card(st, "RED:FLOOD@1A-P3")
    start_turn(st, BLU)
    play(st, "two-singles 1A.13", f"flood {option}")
    assert st.score == [0, value, 0]


def ex20() -> ChangChengState:
    st = new(4)
    set_token(st, "1A-P3", 1)
    build(st, "1A.10=R 1A.11=G 1A.12=G 2B.01=R 2B.02=R 2B.03=B 2B.04=P")
    build(st, "2B.05=G= 2B.06=G= 2B.08=P^ 2B.09=B*")
    st.scored.append("2B-P1")
    put_card(st, "RED:MANDARIN@1A-P3")
    start_turn(st, BLU)
    st.apply("two-singles 1A.13")
    return st


def test_ex_20_mandarin_swaps_into_a_scored_province() -> None:
    st = ex20()
    assert st.current_player == RED and "no-swap" in st.legal_actions()
    st.apply("swap 1A.11")
    for bad in ("with 2B.05", "with 2B.08", "with 2B.09", "with 1A.12"):
        assert bad not in st.legal_actions()
        with pytest.raises(IllegalAction):
            st.apply(bad)
    st.apply("with 2B.01")
    assert st.seg["1A.11"] == (RED, "s", False) and st.seg["2B.01"] == (GRN, "s", False)
    assert st.score == [5, 0, 0, 0] and st.scored.count("2B-P1") == 1
    assert region_counts(st, "1A-M3")[RED] == 2 and region_counts(st, "2B-M1")[GRN] == 1


def test_ex_20_without_the_swap_green_wins() -> None:
    st = ex20()
    st.apply("no-swap")
    assert st.score == [0, 5, 0, 0]


def test_ex_21_board_extension_happens_at_the_end_of_the_turn() -> None:
    st = new(3)
    build(st, "1A.01=R 1A.02=G 1A.03=B 1A.04=R 1A.10=G 1A.11=B 1A.12=R 1A.13=G")
    st.scored += ["1A-P1", "1A-P3"]
    st.emperor = 2
    set_token(st, "2B-P1", 2)
    build(st, "2B.01=G 2B.02=G 2B.03=B")
    start_turn(st, RED)
    st.apply("two-singles 2B.04")
    assert st.score[GRN] == 6 and st.emperor == 3
    assert all(a.split()[1][:2] in ("1A", "2B") for a in st.legal_actions())
    st.apply("single 2B.10")
    assert st.phase == "extend" and st.current_player == RED
    assert len(st.legal_actions()) == 8 and "extend 3A west" in st.legal_actions()
    supply = len(st.rep_supply)
    st.apply("extend 3A west")
    assert st.layout == ("3A", "1A", "2B") and st.geo.nxt["3A.13"] == "1A.01"
    assert all(p in st.rep for p in ("3A-P1", "3A-P2", "3A-P3"))
    assert all(r in st.threat for r in ("3A-M1", "3A-M2", "3A-M3"))
    assert len(st.rep_supply) == supply - 3 and st.emperor == 0 and st.stock == ("4",)
    assert {r["region"]: r["threat"] for r in st.view(GRN)["regions"]}["3A-M1"] == "hidden"
    assert st.current_player == GRN and st.phase == "act"
    build(st, "3A.01=R 3A.02=G 3A.03=B 3A.04=R 3A.05=G")
    start_turn(st, BLU)
    st.apply("two-singles 3A.06")
    assert st.emperor == 0  # no further extension with three players


def test_ex_22_one_double_completes_two_provinces_with_overflow() -> None:
    st = new(4, ("1A", "2A"))
    build(st, "1A.01=R 1A.02=G 1A.03=B 1A.04=P 1A.05=R 1A.06=G 1A.07=B 1A.08=P 1A.09=R")
    st.scored += ["1A-P1", "1A-P2"]
    st.emperor = 2
    set_token(st, "2A-P2", 1)
    set_token(st, "2A-P3", 3)
    build(st, "2A.06=G 2A.07=B 2A.10=R 2A.11=P 2A.12=P 2A.13=G")
    start_turn(st, RED)
    st.apply("double 2A.08")
    assert st.by[RED]["double_wall"] == 4
    scored = [e["province"] for e in st.log if e["key"] == "changcheng.province.scored"]
    assert scored == ["2A-P2", "2A-P3"] and st.emperor == 4
    assert st.score == [16, 4, 4, 8]
    st.apply("extend 4B east")
    assert st.layout == ("1A", "2A", "4B") and st.emperor == 1 and st.extensions == 1


def ex23(grn_hand: tuple[str, ...] = ("flood", "mandarin")) -> ChangChengState:
    st = new(3)
    add_board(st, "3A")
    owners = "RGB"
    for i, s in enumerate(st.geo.spaces[:-3]):
        st.seg[s] = ("RGB".index(owners[i % 3]), "s", False)
    build(st, "3A.11=G")
    st.scored = [p for p in st.geo.provinces if p != "3A-P3"]
    set_token(st, "3A-P3", 2)
    st.singles, st.double, st.tower = [1, 0, 2], [False, True, False], [False] * 3
    st.hands = [(), grn_hand, ("warrior",)]
    start_turn(st, RED)
    return st


def test_ex_23_partial_actions_and_forced_play() -> None:
    st = ex23()
    assert st.legal_actions() == ["single 3A.12", "single 3A.13"]
    st.apply("single 3A.12")
    assert st.current_player == GRN
    assert st.legal_actions() == ["card flood 3A-P3", "card mandarin 3A-P3"]
    st.apply("card flood 3A-P3")
    assert st.current_player == BLU and st.legal_actions() == ["card-single warrior 3A-P3"]
    play(st, "card-single warrior 3A-P3", "single 3A.13")
    assert st.legal_actions() == ["cancel green:flood"]
    st.apply("cancel green:flood")
    scored = [e for e in st.log if e["key"] == "changcheng.province.scored"]
    assert scored[-1]["province"] == "3A-P3" and scored[-1]["value"] == 5
    assert scored[-1]["winners"] == ["red", "green", "blue"]
    assert st.by[RED]["provinces"] == st.by[GRN]["provinces"] == st.by[BLU]["provinces"] == 5
    assert st.is_over and st.ended == "wall_full"


def test_ex_23_variant_forfeit_without_cards() -> None:
    st = ex23(grn_hand=())
    st.apply("single 3A.12")
    assert st.current_player == BLU
    forfeits = [e for e in st.log if e["key"] == "changcheng.turn.forfeited"]
    assert forfeits == [{"key": "changcheng.turn.forfeited", "seat": GRN}]
