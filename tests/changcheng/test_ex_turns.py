"""Worked examples EX-1 to EX-12 of the rules reference: setup, actions, towers, scouting."""

from __future__ import annotations

import pytest

from dragontable.core.errors import IllegalAction
from dragontable.core.state import State
from dragontable.games.changcheng import ChangChengState

from .helpers import BLU, EX1_REP, GRN, RED, build, new, play, set_token, start_turn

KINDS = {"two-singles", "two-cards", "card-single", "double", "tower"}


def ex1(players: int = 3, layout: tuple[str, ...] = ("1A", "2B")) -> ChangChengState:
    st = new(players, layout)
    if layout == ("1A", "2B"):
        for p, v in EX1_REP.items():
            set_token(st, p, v)
    return st


def kinds(st: State) -> set[str]:
    return {a.split()[0] for a in st.legal_actions()}


def test_ex_01_setup() -> None:
    st = ex1()
    assert st.geo.spaces[0] == "1A.01" and st.geo.spaces[-1] == "2B.13"
    assert len(st.geo.spaces) == 26 and not st.seg
    assert st.geo.nxt["1A.13"] == "2B.01"
    assert "1A.01" not in st.geo.prv and "2B.13" not in st.geo.nxt
    assert len(st.rep) == 6 and len(st.threat) == 6
    assert len(st.rep_supply) == 9 and len(st.threat_supply) == 9
    assert st.singles == [14] * 3 and st.double == [True] * 3 and st.tower == [True] * 3
    assert all(len(h) == 6 for h in st.hands) and st.score == [0, 0, 0]
    assert st.emperor == 0 and st.stock == ("3", "4") and st.view(None)["extensions"] == [0, 1]
    v = st.view(GRN)
    assert all(r["threat"] == "hidden" for r in v["regions"])
    assert all(isinstance(p["reputation"], int) for p in v["provinces"])


def test_ex_02_first_turn_is_one_single() -> None:
    st = ex1()
    assert st.current_player == RED
    assert sorted(st.legal_actions()) == sorted(f"single {s}" for s in st.geo.spaces)
    for bad in ("two-singles 1A.06", "card warrior 1A-P1", "double 1A.06", "tower 1A.06"):
        with pytest.raises(IllegalAction):
            st.apply(bad)
    st.apply("single 1A.06")
    assert st.seg["1A.06"] == (RED, "s", False) and st.singles[RED] == 13
    assert RED in st.known["1A-M2"]
    assert st.current_player == GRN and kinds(st) == KINDS


def test_ex_03_two_singles() -> None:
    st = ex1()
    play(st, "single 1A.06", "two-singles 1A.02")
    assert "single 1A.03" not in st.legal_actions()  # same province 1A-P1
    assert "single 1A.06" not in st.legal_actions()  # occupied
    with pytest.raises(IllegalAction):
        st.apply("single 1A.03")
    st.apply("single 2B.07")
    assert st.singles[GRN] == 12
    assert GRN in st.known["1A-M1"] and GRN in st.known["2B-M2"]
    st2 = ex1()
    play(st2, "single 1A.06", "two-singles 1A.05")
    with pytest.raises(IllegalAction):
        st2.apply("single 1A.09")  # both in 1A-P2


def test_ex_04_two_cards_are_private() -> None:
    st = ex1()
    start_turn(st, BLU)
    mark = len(st.log)
    play(st, "two-cards traitor 1A-P2")
    with pytest.raises(IllegalAction):
        st.apply("card builder 1A-P2")  # the same province twice
    st.apply("card builder 2B-P3")
    assert len(st.hands[BLU]) == 4
    public = [e for e in st.log_for(GRN, mark) if e["key"] == "changcheng.card.placed"]
    assert [(e["seat"], e["province"]) for e in public] == [(BLU, "1A-P2"), (BLU, "2B-P3")]
    assert all("card" not in e for e in st.log_for(GRN, mark))
    own = [e for e in st.log_for(BLU, mark) if e["key"] == "changcheng.card.placed_own"]
    assert [(e["card"], e["province"]) for e in own] == [("traitor", "1A-P2"), ("builder", "2B-P3")]
    assert st.view(GRN)["provinces"][1]["cards"] == [{"seat": BLU}]
    assert st.view(BLU)["provinces"][1]["cards"] == [{"seat": BLU, "card": "traitor"}]


def test_ex_04_no_card_into_a_completed_province() -> None:
    st = ex1()
    build(st, "1A.01=R 1A.02=G 1A.03=B 1A.04=R")
    st.scored.append("1A-P1")
    start_turn(st, BLU)
    assert not any("1A-P1" in a for a in st.legal_actions())
    with pytest.raises(IllegalAction):
        st.apply("two-cards traitor 1A-P1")


def test_ex_05_card_then_single_in_the_same_province() -> None:
    st = ex1()
    start_turn(st, RED)
    st.apply("card-single mandarin 2B-P1")
    assert "single 2B.05" not in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply("single 2B.05")
    st.apply("single 2B.03")
    assert st.cards["2B-P1"] == ((RED, "mandarin"),) and RED in st.known["2B-M1"]
    st2 = ex1()
    start_turn(st2, RED)
    with pytest.raises(IllegalAction):  # a wall alone is no action while full ones exist
        st2.apply("single 2B.03")


@pytest.mark.parametrize(("start", "points"), [("1A.04", 3), ("1A.01", 2), ("1A.03", 3)])
def test_ex_06_double_wall_bonus(start: str, points: int) -> None:
    st = ex1()
    start_turn(st, GRN)
    st.apply(f"double {start}")
    assert st.score[GRN] == points and st.by[GRN] == {"double_wall": points}
    assert st.seg[start][1] == "d" and st.seg[st.geo.nxt[start]] == (GRN, "d", False)
    assert st.double[GRN] is False


def test_ex_07_double_across_a_board_join() -> None:
    st = ex1()
    start_turn(st, BLU)
    st.apply("double 1A.13")
    assert st.score[BLU] == 4
    st2 = new(3, ("2B", "1A"))
    start_turn(st2, BLU)
    assert "double 1A.13" not in st2.legal_actions()
    st2.apply("double 2B.13")
    assert st2.score[BLU] == 4


@pytest.mark.parametrize(("start", "points"), [("2A.08", 4), ("2A.04", 3), ("2A.05", 3)])
def test_ex_08_double_where_boundaries_coincide(start: str, points: int) -> None:
    st = new(3, ("1A", "2A"))
    start_turn(st, RED)
    st.apply(f"double {start}")
    assert st.score[RED] == points


def ex9() -> ChangChengState:
    st = ex1()
    build(st, "1A.06=R")
    start_turn(st, BLU)
    st.apply("tower 1A.08")
    assert sorted(st.legal_actions()) == ["reserve 1A.07", "reserve 1A.09"]
    st.apply("reserve 1A.09")
    assert st.seg["1A.08"] == (BLU, "t", False) and st.reserved == {"1A.09": BLU}
    assert BLU in st.known["1A-M2"]
    return st


def test_ex_09_tower_and_reserved_space() -> None:
    st = ex9()
    a = st.clone()
    start_turn(a, RED)
    assert not any(x.endswith("1A.09") for x in a.legal_actions())
    b = st.clone()
    start_turn(b, BLU)
    play(b, "two-singles 1A.09", "single 2B.01")
    assert b.reserved == {} and b.seg["1A.09"] == (BLU, "s", False)
    c = st.clone()
    start_turn(c, GRN)
    assert "tower 1A.07" not in c.legal_actions()
    with pytest.raises(IllegalAction):
        c.apply("tower 1A.07")
    assert "double 1A.09" not in c.legal_actions() and "double 1A.10" in c.legal_actions()
    d = st.clone()
    d.double[BLU] = True
    start_turn(d, BLU)
    assert "double 1A.09" not in d.legal_actions()
    e = st.clone()
    start_turn(e, GRN)
    e.apply("tower 1A.10")
    assert e.reserved == {"1A.09": BLU, "1A.11": GRN}


def test_ex_10_tower_adjacency_across_a_join() -> None:
    st = ex1()
    start_turn(st, RED)
    play(st, "tower 1A.13", "reserve 1A.12")
    start_turn(st, BLU)
    assert "tower 2B.01" not in st.legal_actions()
    st.apply("tower 2B.02")
    assert sorted(st.legal_actions()) == ["reserve 2B.01", "reserve 2B.03"]


def test_ex_11_reservation_lapses_without_singles() -> None:
    st = ex1()
    build(st, "1A.08=B^")
    st.reserved["1A.09"] = BLU
    st.singles[BLU] = 1
    red = st.clone()
    start_turn(red, RED)
    assert "two-singles 1A.09" not in red.legal_actions()
    st.singles[BLU] = 0
    red = st.clone()
    start_turn(red, RED)
    assert "two-singles 1A.09" in red.legal_actions()
    grn = st.clone()
    start_turn(grn, GRN)
    assert "double 1A.09" in grn.legal_actions()


def test_ex_12_scouting_is_private() -> None:
    st = ex1()
    set_token(st, "1A-M3", -3)
    start_turn(st, RED)
    mark = len(st.log)
    play(st, "two-singles 1A.09", "single 2B.07")
    token = {r["region"]: r["threat"] for r in st.view(RED)["regions"]}
    assert token["1A-M3"] == -3
    for seat in (GRN, BLU, None):
        assert {r["region"]: r["threat"] for r in st.view(seat)["regions"]}["1A-M3"] == "hidden"
    scouted = [e for e in st.log_for(GRN, mark) if e["key"] == "changcheng.token.scouted"]
    assert {"key": "changcheng.token.scouted", "seat": RED, "region": "1A-M3"} in scouted
    assert not any(e["key"] == "changcheng.token.seen" for e in st.log_for(GRN, mark))
    seen = [e for e in st.log_for(RED, mark) if e["key"] == "changcheng.token.seen"]
    assert {"key": "changcheng.token.seen", "region": "1A-M3", "value": -3} in seen


def test_ex_12_double_scouts_both_regions() -> None:
    st = ex1()
    start_turn(st, GRN)
    st.apply("double 2B.03")
    assert st.score[GRN] == 3
    assert GRN in st.known["2B-M1"] and GRN in st.known["2B-M2"]


def test_ex_12_scouting_can_be_declined_when_asked() -> None:
    st = new(3, scouting="ask")
    st.apply("single 1A.09")
    assert st.legal_actions() == ["scout 1A-M3", "no-scout"]
    st.apply("no-scout")
    assert "1A-M3" not in st.known


def test_ex_11_a_lapsed_reservation_can_be_reserved_again() -> None:
    st = ex1()
    build(st, "1A.08=B^")
    st.reserved["1A.09"] = BLU
    st.singles[BLU] = 0
    start_turn(st, GRN)
    st.apply("tower 1A.10")
    assert sorted(st.legal_actions()) == ["reserve 1A.09", "reserve 1A.11"]
    st.apply("reserve 1A.09")
    assert st.reserved["1A.09"] == GRN
