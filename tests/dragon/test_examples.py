"""The worked examples EX-1 .. EX-39 of the rules reference (dragon.md §7), one test each.

Seat names follow the examples: Anna = seat 0, Bert = 1, Clara = 2, Dora = 3, Emil = 4.
"""

from __future__ import annotations

import pytest

from dragontable.core.errors import IllegalAction
from dragontable.games.dragon import rules
from dragontable.games.dragon.game import DragonState
from dragontable.games.dragon.setup import build_event_track

from .conftest import (
    ANNA,
    BERT,
    CLARA,
    DORA,
    EMIL,
    conserved,
    entries,
    exhaust,
    floors,
    play,
    position,
    released,
    run,
    seat,
    tiles,
)

GROUPS = [("tax", "build"), ("harvest", "fireworks"), ("parade",), ("research",), ("privilege",)]


def action_position(**options: object) -> DragonState:
    """Five players, action cards dealt as ``GROUPS`` (sizes 2, 2, 1, 1, 1)."""
    st = position(5, options=dict(options))
    st.groups = list(GROUPS)
    st.dragons = [[] for _ in st.groups]
    return st


# -- setup and turn order (§3.6, §3.7) ---------------------------------------------------
def test_ex_01_initial_choice_combination_rule() -> None:
    st = position(4, options={"start_player": "seat_1"}, round=1, empty=False)
    st.tasks = []
    run(st, *[("init", s) for s in (ANNA, BERT, CLARA, DORA)])
    play(st, "pick T+S", "place p1", "place p2")  # Anna
    play(st, "pick T+F", "place p1", "place p2")  # Bert
    assert "pick F+S" in st.legal_actions()  # Clara shares one type with each
    play(st, "pick S+F", "place p1", "place p2")  # Clara (written in either order)
    assert st.current_player == DORA and st.phase == "init"
    legal = st.legal_actions()
    for taken in ("pick T+S", "pick T+F", "pick F+S"):
        assert taken not in legal
    assert "pick M+F" in legal  # {Farmer, Monk} is legal
    before = st.to_json()
    with pytest.raises(IllegalAction, match="pair must not be taken"):
        st.apply("pick S+T")
    assert st.to_json() == before


def test_ex_01_initial_persons_are_young_of_two_types() -> None:
    st = position(3, round=1, empty=False)
    run(st, ("init", ANNA))
    assert all(a.startswith("pick ") for a in st.legal_actions())
    play(st, "pick W+M", "place p1", "place p1")
    assert st.seats[ANNA].palaces == [(2, ("Wy", "My")), (2, ())]
    assert st.seats[ANNA].pt == 5 + 6


def test_ex_02_pt_after_initial_choice_stacks() -> None:
    st = position(3, options={"start_player": "seat_1"}, round=1, empty=False)
    run(st, *[("init", s) for s in (ANNA, BERT, CLARA)], ("actions",))
    play(st, "pick T+S", "place p1", "place p2")
    play(st, "pick T+F", "place p1", "place p1")
    play(st, "pick F+S", "place p2", "place p1")
    a, b, c = st.seats
    assert (a.pt, b.pt, c.pt) == (7, 7, 8)
    assert b.pt_stack > a.pt_stack  # Bert ended on Anna's space: on top
    assert rules.turn_order(st) == [CLARA, BERT, ANNA]
    assert st.order == [CLARA, BERT, ANNA] and st.current_player == CLARA


def test_ex_03_turn_order_with_stacks() -> None:
    yellow, green, blue, purple, red = range(5)
    st = position(5)
    for s in range(5):
        st.seats[s].pt = st.seats[s].pt_stack = 0
    rules.move(st, red, 2)
    rules.move(st, purple, 6)
    rules.move(st, blue, 9)
    rules.move(st, green, 9)  # ends on Blue's space: on top
    rules.move(st, yellow, 12)
    assert rules.turn_order(st) == [yellow, green, blue, purple, red]
    run(st, ("actions",))
    assert st.order == [yellow, green, blue, purple, red]
    assert st.current_player == yellow


# -- the action phase (§4.1, §4.2) ---------------------------------------------------------
def test_ex_04_occupied_group_costs_three() -> None:
    st = action_position()
    st.dragons[0] = [ANNA, BERT]
    seat(st, DORA, yuan=5)
    run(st, ("action", DORA))
    assert {"tax@1", "build@1"} <= set(st.legal_actions())
    play(st, "build@1", "floor new")
    assert st.seats[DORA].yuan == 2  # a flat 3 although two dragons stand there
    assert st.dragons[0] == [ANNA, BERT, DORA]
    assert entries(st, "action.taken")[-1]["fee"] == 3


def test_ex_04_occupied_group_closed_below_three_yuan() -> None:
    st = action_position()
    st.dragons[0] = [ANNA, BERT]
    seat(st, DORA, yuan=2)
    run(st, ("action", DORA))
    assert not [a for a in st.legal_actions() if a.endswith("@1")]
    assert "harvest@2" in st.legal_actions()  # an empty group costs nothing
    before = st.to_json()
    with pytest.raises(IllegalAction, match="occupied: the fee is 3 yuan and you have 2"):
        st.apply("tax@1")
    assert st.to_json() == before


@pytest.mark.parametrize(("yuan", "after"), [(1, 3), (5, 5), (3, 3), (0, 3)])
def test_ex_05_refill(yuan: int, after: int) -> None:
    st = action_position()
    seat(st, EMIL, yuan=yuan)
    run(st, ("action", EMIL))
    play(st, "refill")
    assert st.seats[EMIL].yuan == after
    assert st.dragons == [[], [], [], [], []]  # no dragon marker placed
    assert entries(st, "action.refill")[-1]["yuan"] == after - yuan


def test_ex_06_tax() -> None:
    st = action_position()
    seat(st, CLARA, yuan=0)
    seat(st, DORA, yuan=4, palaces=[(2, ("Ty", "Ty"))])
    run(st, ("action", CLARA), ("action", DORA))
    play(st, "tax@1")
    assert st.seats[CLARA].yuan == 2
    play(st, "tax@1")  # the same card of the now occupied group
    assert st.seats[DORA].yuan == 4 - 3 + 2 + 3 + 3
    assert entries(st, "gain.yuan")[-1]["n"] == 8


def test_ex_07_build() -> None:
    st = action_position()
    seat(st, EMIL, palaces=[(2, ("Cy", "Cy")), (2, ()), (1, ())])
    run(st, ("action", EMIL))
    play(st, "build@1")
    assert st.phase == "floor" and st.prompt()["n"] == 3
    play(st, "floor p3", "floor p3")
    assert "floor p3" not in st.legal_actions()  # 3 floors is the limit
    assert st.prompt()["n"] == 1
    play(st, "floor new")
    assert floors(st, EMIL) == [2, 2, 3, 1]
    assert st.phase != "floor"


def test_ex_07_build_may_extend_a_palace_started_in_the_same_build() -> None:
    st = action_position()
    seat(st, ANNA, palaces=[(3, ("Cy", "Cy", "Ty"))])
    run(st, ("action", ANNA))
    play(st, "build@1", "floor new", "floor p2", "floor p2")
    assert floors(st, ANNA) == [3, 3]


def test_ex_08_harvest() -> None:
    st = action_position()
    seat(st, ANNA, palaces=[(2, ("Fy", "Fo"))])
    run(st, ("action", ANNA))
    play(st, "harvest@2")
    assert st.seats[ANNA].rice == 1 + 1 + 2


def test_ex_09_military_parade() -> None:
    st = action_position()
    seat(st, BERT, palaces=[(2, ("Wo", "Wo"))], pt=0)
    run(st, ("action", BERT))
    play(st, "parade@3")
    assert st.seats[BERT].pt == 5
    assert st.seats[BERT].pt_stack == 1


def test_ex_10_research() -> None:
    st = action_position()
    seat(st, DORA, palaces=[(2, ("Sy", "So"))])
    run(st, ("action", DORA))
    play(st, "research@4")
    assert st.seats[DORA].vp == 6
    assert st.scores()[DORA]["breakdown"] == {"research": 6}


@pytest.mark.parametrize("with_fireworks", [False, True])
def test_ex_08_fireworks_display(with_fireworks: bool) -> None:
    # Not a numbered example: the fireworks action is built like Harvest (§4.2.4).
    st = action_position()
    pyro = ("Py", "Po") if with_fireworks else ()
    seat(st, ANNA, palaces=[(2, pyro)])
    run(st, ("action", ANNA))
    play(st, "fireworks@2")
    assert st.seats[ANNA].fireworks == (4 if with_fireworks else 1)


def test_ex_11_privilege_2017_only_small_with_six_yuan() -> None:
    st = action_position(edition=2017)
    seat(st, ANNA, yuan=6)
    run(st, ("action", ANNA))
    play(st, "privilege@5")
    assert st.legal_actions() == ["privilege small"]  # still a decision
    before = st.to_json()
    with pytest.raises(IllegalAction, match="large privilege costs 7 yuan and you have 6"):
        st.apply("privilege large")
    assert st.to_json() == before
    play(st, "privilege small")
    p = st.seats[ANNA]
    assert (p.yuan, p.priv_small, p.priv_large, p.privilege_symbols()) == (4, 1, 0, 1)


def test_ex_11_privilege_2007_large_for_six_yuan() -> None:
    st = action_position(edition=2007)
    seat(st, ANNA, yuan=6)
    run(st, ("action", ANNA))
    play(st, "privilege@5")
    assert st.legal_actions() == ["privilege small", "privilege large"]
    play(st, "privilege large")
    p = st.seats[ANNA]
    assert (p.yuan, p.priv_small, p.priv_large, p.privilege_symbols()) == (0, 0, 1, 2)


@pytest.mark.parametrize(("yuan", "legal"), [(4, False), (5, True)])
def test_ex_11_privilege_in_occupied_group_needs_five(yuan: int, legal: bool) -> None:
    st = action_position()
    st.dragons[4] = [BERT]
    seat(st, ANNA, yuan=yuan)
    run(st, ("action", ANNA))
    assert ("privilege@5" in st.legal_actions()) is legal
    if not legal:
        with pytest.raises(IllegalAction, match="privilege needs 2 yuan after the fee of 3"):
            st.apply("privilege@5")
    else:
        play(st, "privilege@5", "privilege small")
        assert st.seats[ANNA].yuan == 0 and st.seats[ANNA].priv_small == 1


# -- events (§4.4) --------------------------------------------------------------------------
def test_ex_12_imperial_tribute_short_of_yuan() -> None:
    st = position(3)
    seat(st, ANNA, yuan=4, palaces=[(1, ("Fy",))])
    seat(st, BERT, yuan=9, palaces=[(1, ("Fy",))])
    seat(st, CLARA, yuan=2, palaces=[(2, ("Hy", "Sy")), (2, ("My", "Ty"))])
    run(st, ("event", "tribute"))
    assert [p.yuan for p in st.seats] == [0, 5, 0]
    assert st.current_player == CLARA and st.prompt()["n"] == 2
    assert st.prompt()["reason"] == "tribute"
    play(st, "release p2:My")
    assert st.prompt()["n"] == 1
    play(st, "release p1:Hy")
    assert st.tasks == []
    assert tiles(st, CLARA) == ["Sy", "Ty"]
    assert released(st) == [(CLARA, "My", "tribute"), (CLARA, "Hy", "tribute")]
    assert conserved(st)


def test_ex_12_tribute_with_no_yuan_and_three_persons_releases_all() -> None:
    st = position(3)
    seat(st, CLARA, yuan=0, palaces=[(2, ("Hy", "Sy")), (1, ("My",))])
    for s in (ANNA, BERT):
        seat(st, s, yuan=4)
    run(st, ("event", "tribute"))
    assert st.tasks == []  # owed 4 >= 3 persons: applied without a decision
    assert tiles(st, CLARA) == []
    assert st.seats[CLARA].vp == 0 and st.seats[CLARA].yuan == 0
    assert sorted(t for s, t, _ in released(st)) == ["Hy", "My", "Sy"]


def test_ex_13_drought() -> None:
    st = position(3)
    inhabited = [(2, ("Fy",)), (2, ("Hy",)), (1, ("Sy",))]
    seat(st, ANNA, rice=4, palaces=[*inhabited, (2, ())])
    seat(st, BERT, rice=0, palaces=[(2, ("Fy", "Ty")), (2, ("Hy",)), (1, ("Sy",))])
    seat(st, CLARA, rice=0)
    run(st, ("event", "drought"), ("decay",))
    assert st.seats[ANNA].rice == 1
    assert st.current_player == BERT and st.phase == "drought"
    assert set(st.legal_actions()) == {
        "release p1:Fy",
        "release p1:Ty",
        "release p2:Hy",
        "release p3:Sy",
    }
    play(st, "release p1:Ty")
    assert not [a for a in st.legal_actions() if a.startswith("release p1:")]
    play(st, "release p3:Sy", "release p2:Hy")
    assert st.tasks == []
    assert released(st) == [
        (BERT, "Ty", "drought"),
        (BERT, "Sy", "drought"),
        (BERT, "Hy", "drought"),
    ]
    assert tiles(st, ANNA) == ["Fy", "Hy", "Sy"]
    # Derived: Anna's empty palace loses a floor in decay (Bert's emptied ones too).
    assert floors(st, ANNA) == [2, 2, 1, 1]
    assert floors(st, BERT) == [2, 1]


def test_ex_13_drought_one_rice_three_palaces() -> None:
    st = position(3)
    seat(st, ANNA, rice=1, palaces=[(2, ("Fy", "Ty")), (2, ("Hy",)), (1, ("Sy",))])
    run(st, ("event", "drought"))
    assert st.seats[ANNA].rice == 0
    assert [e["unfed"] for e in entries(st, "drought.fed") if e["seat"] == ANNA] == [2]
    play(st, "release p1:Fy")
    with pytest.raises(IllegalAction, match="different inhabited palace"):
        st.apply("release p1:Ty")
    play(st, "release p3:Sy")
    assert st.tasks == []
    assert tiles(st, ANNA) == ["Hy", "Ty"]


def fireworks_vp(counts: list[int], event: str = "festival") -> tuple[list[int], list[int]]:
    st = position(len(counts))
    for s, n in enumerate(counts):
        seat(st, s, fireworks=n)
    run(st, ("event", event))
    assert st.tasks == []  # no decisions in a Dragon Festival
    return [p.vp for p in st.seats], [p.fireworks for p in st.seats]


def test_ex_14_dragon_festival() -> None:
    # Clara 3, Emil 3, Anna 2, Bert 1 (Dora 0).
    vp, left = fireworks_vp([2, 1, 3, 0, 3])
    assert vp == [3, 0, 6, 0, 6]
    assert left == [1, 1, 1, 0, 1]


@pytest.mark.parametrize(
    ("counts", "vp", "left"),
    [
        ([5, 5, 0], [6, 6, 0], [2, 2, 0]),  # (a) a tie for first does not make a second
        ([4, 0, 0], [6, 0, 0], [2, 0, 0]),  # (b) no 3-VP place
        ([0, 0, 0], [0, 0, 0], [0, 0, 0]),  # (c) all 0: nothing
    ],
    ids=["a", "b", "c"],
)
def test_ex_15_dragon_festival_edge_cases(
    counts: list[int], vp: list[int], left: list[int]
) -> None:
    assert fireworks_vp(counts) == (vp, left)


def test_ex_15_festival_winner_does_not_score_twice() -> None:
    # Derived from §4.4.5: the 6-VP scorer keeps 2 of 4, the count of second place; it
    # must not also score the 3 VP of second place (obligations are computed first).
    assert fireworks_vp([4, 2, 0]) == ([6, 3, 0], [2, 1, 0])


def test_ex_16_mongol_invasion() -> None:
    st = position(5)
    helmets = {
        ANNA: [(2, ("Wo", "Wy"))],
        BERT: [(3, ("Wy", "Wy", "Wy"))],
        CLARA: [(1, ("Wo",))],
        DORA: [(2, ("Wy", "Fy"))],
        EMIL: [(2, ("Wy", "Sy"))],
    }
    for s, palaces in helmets.items():
        seat(st, s, palaces=palaces)
    run(st, ("event", "mongol"))
    assert [p.vp for p in st.seats] == [3, 3, 2, 1, 1]
    assert [e["helmets"] for e in entries(st, "mongol.scored")] == [1, 1, 2, 3, 3]
    order = [DORA, EMIL] if st.seats[DORA].pt > st.seats[EMIL].pt else [EMIL, DORA]
    assert st.current_player == order[0]
    assert "release p1:Wy" in st.legal_actions()  # the warrior may go
    play(st, "release p1:Wy", "release p1:Wy")
    assert st.tasks == []
    assert released(st) == [(order[0], "Wy", "mongol"), (order[1], "Wy", "mongol")]


def test_ex_16_mongol_invasion_all_zero_helmets_all_release() -> None:
    st = position(3)
    for s in range(3):
        seat(st, s, palaces=[(2, ("Fy", "Sy"))])
    run(st, ("event", "mongol"))
    assert [p.vp for p in st.seats] == [0, 0, 0]
    while st.tasks:
        play(st, st.legal_actions()[0])
    assert sorted(s for s, _, _ in released(st)) == [ANNA, BERT, CLARA]


@pytest.mark.parametrize(("healers", "owed"), [(("Hy", "Hy"), 1), (("Ho", "Ho"), 0)])
def test_ex_17_contagion(healers: tuple[str, str], owed: int) -> None:
    st = position(3)
    seat(st, CLARA, palaces=[(3, (*healers, "Fy")), (2, ("Sy", "Ty"))])
    run(st, ("event", "contagion"))  # Anna and Bert owe 3 but have nobody to release
    if owed:
        assert st.current_player == CLARA and st.prompt()["n"] == 1
        assert "release p1:Hy" in st.legal_actions()  # a healer may be released
        play(st, "release p1:Hy")
    assert st.tasks == []
    assert len(released(st)) == owed
    assert len(tiles(st, CLARA)) == 5 - owed


def test_ex_17_contagion_without_healers_releases_three() -> None:
    st = position(3)
    seat(st, ANNA, palaces=[(3, ("Fy", "Sy", "Ty")), (2, ("My",))])
    seat(st, BERT, palaces=[(2, ("Ho", "Hy"))])
    run(st, ("event", "contagion"))
    assert st.prompt()["n"] == 3 and st.current_player == ANNA
    play(st, "release p2:My", "release p1:Sy", "release p1:Fy")
    assert tiles(st, ANNA) == ["Ty"] and st.tasks == []


def test_ex_18_decay() -> None:
    st = position(2)
    seat(st, ANNA, palaces=[(1, ()), (3, ()), (2, ("Fy",)), (1, ("Sy",))])
    run(st, ("decay",))
    assert st.seats[ANNA].palaces == [(2, ()), (2, ("Fy",)), (1, ("Sy",))]


def test_ex_19_scoring_phase() -> None:
    st = position(2)
    seat(st, ANNA, palaces=[(2, ("Ly", "Fy")), (1, ("Ly",)), (1, ())], priv_large=1)
    run(st, ("scoring",))
    assert st.seats[ANNA].vp == 3 + 2 + 2
    assert st.scores()[ANNA]["breakdown"] == {"palaces": 3, "court_ladies": 2, "privileges": 2}


BERT_COURT = [(2, ("My", "Fy")), (3, ("Mo", "Sy", "Ty")), (2, ("Hy", "Cy"))]


def test_ex_20_final_scoring() -> None:
    st = position(2, round=13)
    seat(st, BERT, palaces=BERT_COURT, rice=1, fireworks=2, yuan=4)
    run(st, ("final",))
    assert st.is_over
    breakdown = st.scores()[BERT]["breakdown"]
    assert breakdown == {"persons": 14, "monks": 8, "money": 3}
    assert st.scores()[BERT]["total"] == 25


def test_ex_20_final_scoring_leftover_yuan_is_worthless() -> None:
    st = position(2, round=13)
    seat(st, ANNA, yuan=8)
    run(st, ("final",))
    assert st.scores()[ANNA]["total"] == 2


def test_ex_21_final_tie_break_by_stack() -> None:
    st = position(2, round=13)
    seat(st, ANNA, vp=80, pt=30, pt_stack=1)
    seat(st, BERT, vp=80, pt=30, pt_stack=2)
    run(st, ("final",))
    assert [s["total"] for s in st.scores()] == [80, 80]
    assert st.ranking() == [BERT, ANNA]
    assert st.winners() == [BERT]
    assert entries(st, "game.over")[0]["ranking"] == [BERT, ANNA]


def test_ex_21_tie_break_by_pt_before_stack() -> None:
    st = position(2, round=13)
    seat(st, ANNA, vp=80, pt=31, pt_stack=1)
    seat(st, BERT, vp=80, pt=30, pt_stack=5)
    run(st, ("final",))
    assert st.winners() == [ANNA]


# -- the person phase (§4.3) ----------------------------------------------------------------
def full_court(card: str = "M") -> DragonState:
    st = position(2)
    seat(st, ANNA, palaces=[(2, ("Fy", "Hy")), (1, ("So",))], pt=20, pt_stack=1, hand=[card])
    exhaust(st, "My")  # only old monks left
    run(st, ("card", ANNA))
    return st


def test_ex_22_full_palaces_replace() -> None:
    st = full_court()
    play(st, "card M")
    assert st.legal_actions() == ["take Mo"]
    play(st, "take Mo")
    assert st.phase == "full"
    assert set(st.legal_actions()) == {
        "replace p1:Fy",
        "replace p1:Hy",
        "replace p2:So",
        "decline",
    }
    supply, box = st.supply["Mo"], st.box["Fy"]
    play(st, "replace p1:Fy")
    assert st.seats[ANNA].palaces == [(2, ("Hy", "Mo")), (1, ("So",))]
    assert st.seats[ANNA].pt == 22
    assert st.box["Fy"] == box + 1 and st.supply["Mo"] == supply  # the farmer left the game
    assert conserved(st)


def test_ex_22_full_palaces_decline() -> None:
    st = full_court()
    supply = st.supply["Mo"]
    play(st, "card M", "take Mo", "decline")
    assert st.supply["Mo"] == supply - 1  # D7: the declined tile leaves the game
    assert st.seats[ANNA].pt == 20
    assert tiles(st, ANNA) == ["Fy", "Hy", "So"]
    assert entries(st, "person.declined")[0]["tile"] == "Mo"
    assert conserved(st)


def test_ex_22_free_space_must_place() -> None:
    st = position(2)
    seat(st, ANNA, palaces=[(2, ("Fy",)), (1, ("So",))], hand=["M"])
    run(st, ("card", ANNA))
    play(st, "card M", "take My")
    assert st.legal_actions() == ["place p1"]  # declining is not allowed
    play(st, "place p1")
    assert st.seats[ANNA].pt == 6 and tiles(st, ANNA) == ["Fy", "My", "So"]


def test_ex_23_used_up_type_yields_nothing() -> None:
    st = position(2)
    exhaust(st, "Wy", "Wo")
    seat(st, BERT, palaces=[(2, ())], hand=["W", "J"], pt=4)
    run(st, ("card", BERT))
    assert st.legal_actions() == ["card W", "card J"]  # a dead card may still be played
    play(st, "card W")
    assert st.tasks == []
    assert st.seats[BERT].hand == ["J"] and st.seats[BERT].pt == 4
    assert tiles(st, BERT) == []
    assert entries(st, "card.nothing") == [{"key": "dragon.card.nothing", "seat": BERT}]


def test_ex_23_only_young_left_must_be_taken() -> None:
    st = position(2)
    exhaust(st, "Wo")
    seat(st, BERT, palaces=[(2, ())], hand=["W"])
    run(st, ("card", BERT))
    play(st, "card W")
    assert st.legal_actions() == ["take Wy"]
    play(st, "take Wy", "place p1")
    assert tiles(st, BERT) == ["Wy"] and st.seats[BERT].pt == 5


def test_ex_23_joker_takes_any_available_tile() -> None:
    st = position(2)
    seat(st, BERT, palaces=[(2, ())], hand=["J"])
    exhaust(st, "Wo")
    run(st, ("card", BERT))
    play(st, "card J")
    legal = st.legal_actions()
    assert "take Wy" in legal and "take Wo" not in legal and "take So" in legal
    assert len(legal) == 14


# -- setup tables (§2.4, §3.2) ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "wall", "sizes"),
    [
        (4, "off", [2, 2, 2, 1]),
        (4, "choose_tile", [2, 2, 2, 2]),
        (5, "choose_tile", [2, 2, 2, 1, 1]),
        (2, "off", [4, 3]),
        (3, "random_tile", [3, 3, 2]),
        (5, "off", [2, 2, 1, 1, 1]),
    ],
)
def test_ex_24_group_sizes(players: int, wall: str, sizes: list[int]) -> None:
    st = position(players, options={"great_wall": wall})
    run(st, ("actions",))
    assert [len(g) for g in st.groups] == sizes
    cards = sorted(c for g in st.groups for c in g)
    expected = ["build", "fireworks", "harvest", "parade", "privilege", "research", "tax"]
    assert cards == sorted(expected + (["wall"] if wall != "off" else []))


def track(letters: str) -> tuple[str, ...]:
    names = {"P": "peace", "M": "mongol", "D": "drought", "C": "contagion"}
    names |= {"T": "tribute", "F": "festival"}
    return tuple(names[x] for x in letters.split())


def test_ex_25_event_track_mid_track_duplicate() -> None:
    draws = track("M M D C T F D C T F")
    assert build_event_track(list(draws)) == track("P P M D M C T F D C T F")


def test_ex_26_event_track_duplicate_at_position_11() -> None:
    draws = track("D C T M D C T F F M")
    assert build_event_track(list(draws)) == track("P P D C T M D C T F M F")


def test_ex_27_event_track_duplicate_at_position_12() -> None:
    draws = track("D C T M D C M T F F")
    assert build_event_track(list(draws)) == track("P P D C T M D C M F T F")


# -- Great Events (§5.2) --------------------------------------------------------------------
def great(event: str, players: int = 3, **options: object) -> DragonState:
    st = position(players, round=7, options={"great_event": event, **options})
    return st


@pytest.mark.parametrize(
    ("returns", "left"),
    [
        (("yuan", "yuan", "fireworks"), (1, 2, 1)),
        (("yuan", "rice", "rice"), (2, 0, 2)),
    ],
)
def test_ex_28_flood(returns: tuple[str, str, str], left: tuple[int, int, int]) -> None:
    st = great("flood")
    seat(st, ANNA, yuan=3, rice=2, fireworks=2)
    seat(st, BERT, yuan=1)  # T = 1: returns nothing
    seat(st, CLARA, yuan=0, rice=4, fireworks=1)  # T = 5: returns 2
    run(st, ("great",))
    order = [s for s in rules.turn_order(st) if s != BERT]
    assert st.current_player == order[0]
    flooded = {ANNA: list(returns), CLARA: ["rice", "rice"]}
    for s in order:
        assert st.current_player == s and st.prompt()["n"] == len(flooded[s])
        for good in flooded[s]:
            play(st, f"flood {good}")
    assert st.tasks == []
    a = st.seats[ANNA]
    assert (a.yuan, a.rice, a.fireworks) == left
    assert (st.seats[BERT].yuan, st.seats[CLARA].rice, st.seats[CLARA].fireworks) == (1, 2, 1)


def test_ex_28_flood_only_goods_held() -> None:
    st = great("flood", players=2)
    seat(st, ANNA, yuan=7, rice=0, fireworks=0)
    run(st, ("great",))
    assert st.legal_actions() == ["flood yuan"] and st.prompt()["n"] == 3
    with pytest.raises(IllegalAction, match="no rice to return"):
        st.apply("flood rice")


def test_ex_29_solar_eclipse_repeats_the_festival() -> None:
    st = great("eclipse")
    st.event_track = st.event_track[:6] + ("festival",) + st.event_track[7:]
    for s, n in enumerate((6, 4, 3)):
        seat(st, s, fireworks=n)
    run(st, ("events",))
    assert st.tasks == []
    assert [e["event"] for e in entries(st, "event.resolved")] == ["festival", "festival"]
    assert [p.vp for p in st.seats] == [6 + 6, 3 + 3, 0 + 6]
    assert [p.fireworks for p in st.seats] == [1, 1, 1]


def test_ex_29_solar_eclipse_repeats_mongol_and_wall_check() -> None:
    # D16: a repeated Mongol Invasion repeats the Great Wall check too (§5.1.4).
    st = great("eclipse", great_wall="choose_tile")
    st.event_track = st.event_track[:6] + ("mongol",) + st.event_track[7:]
    st.wall = [ANNA] * 7 + [BERT]
    for s in range(3):
        seat(st, s, palaces=[(1, ("Wy",))])
    run(st, ("events",))
    assert [e["round"] for e in entries(st, "wall.checked")] == [7, 7]
    # Each pass: 1 helmet each (all tied: every palace loses its warrior), wall 7 & 1 VP.
    assert [p.vp for p in st.seats] == [1 + 7 + 0 + 7, 1 + 1 + 0 + 1, 1 + 0 + 0 + 0]
    assert [(s, r) for s, _, r in released(st)] == [(s, "mongol") for s in rules.turn_order(st)]


def edict_position() -> DragonState:
    st = great("edict", players=5)
    seat(st, ANNA, palaces=[(2, ("Fy", "Fo"))])
    seat(st, BERT, palaces=[(2, ("My", "Sy")), (3, ("Mo",))])  # "Walter"
    seat(st, CLARA, palaces=[(3, ("Sy", "So", "My"))])  # "Magda"
    seat(st, DORA, palaces=[(2, ("Wo", "Wo")), (1, ("Hy",))])
    seat(st, EMIL, palaces=[(3, ("Cy", "Cy", "Hy"))])
    return run(st, ("great",))


def test_ex_30_edict() -> None:
    st = edict_position()
    choice = {ANNA: "F", BERT: "M", CLARA: "S", DORA: "W", EMIL: "C"}
    order = rules.turn_order(st)
    for s in order:
        assert st.current_player == s and st.phase == "edict"
        play(st, f"edict {choice[s]}")
        if s == EMIL:  # Craftsmen: build floors = hammers at once
            assert st.phase == "floor" and st.prompt()["n"] == 2
            play(st, "floor new", "floor p2")
    assert st.tasks == []
    a, b, c, d, e = st.seats
    assert a.rice == 1 + 2
    assert b.vp == 1 * 2 + 2 * 3
    assert c.vp == 2 + 3  # books only; the monk is not counted
    assert d.pt == 4  # 2 old warriors: PT +4
    assert floors(st, EMIL) == [3, 2]


def test_ex_30_edict_healers_give_nothing() -> None:
    st = edict_position()
    for s in rules.turn_order(st):
        if s == DORA:
            assert st.legal_actions() == ["edict W", "edict H"]
            before = st.seats[DORA].to_json()
            play(st, "edict H")
            assert st.seats[DORA].to_json() == before
            assert entries(st, "great.edict.chosen")[-1] == {
                "key": "dragon.great.edict.chosen",
                "seat": DORA,
                "type": "H",
                "n": 1,
            }
        else:
            play(st, st.legal_actions()[0])
            if st.phase == "floor":
                play(st, "floor new", "floor new")
    assert st.tasks == []


def test_ex_30_edict_skips_players_without_persons() -> None:
    st = great("edict", players=2)
    seat(st, ANNA, palaces=[(2, ())])
    seat(st, BERT, palaces=[(2, ("Ty",))])
    run(st, ("great",))
    assert st.current_player == BERT and st.legal_actions() == ["edict T"]
    play(st, "edict T")
    assert st.seats[BERT].yuan == 3 and st.tasks == []


def test_ex_31_tornado() -> None:
    st = position(3, round=7, options={"great_event": "tornado"}, empty=False)
    for p in st.seats:
        p.hand = ["F", "M", "S", "J"]
        p.played = [("init", "C+L", "")] + [(c, c, "") for c in "CLPTWHJ"]
    run(st, ("great",), ("decay",), ("scoring",), ("endround",))
    for s in rules.turn_order(st):
        assert st.current_player == s and st.prompt()["n"] == 2
        play(st, "discard J")
        assert st.prompt()["n"] == 1
        play(st, "discard F")
    assert [p.hand for p in st.seats] == [["M", "S"]] * 3
    assert [p.discarded for p in st.seats] == [["J", "F"]] * 3
    assert st.view(ANNA)["players"][BERT]["discarded"] == ["J", "F"]  # shown to all
    cards_in: dict[int, int] = {}
    while not st.is_over:
        if st.phase == "card":
            cards_in[st.round] = cards_in.get(st.round, 0) + 1
        play(st, st.legal_actions()[0])
    assert cards_in == {8: 3, 9: 3}


def test_ex_32_volcanic_eruption() -> None:
    st = great("volcano")
    seat(st, ANNA, pt=20, pt_stack=1)
    seat(st, BERT, pt=15, pt_stack=1)
    seat(st, CLARA, pt=15, pt_stack=2)
    run(st, ("great",))
    assert [p.pt for p in st.seats] == [0, 0, 0]
    stack = sorted(range(3), key=lambda s: st.seats[s].pt_stack)
    assert stack == [BERT, CLARA, ANNA]
    assert rules.turn_order(st) == [ANNA, CLARA, BERT]
    # §6.1-43: afterwards the normal stacking rules apply again from space 0.
    rules.move(st, BERT, 1)
    rules.move(st, CLARA, 1)
    assert rules.turn_order(st) == [CLARA, BERT, ANNA]


def sunrise_position(clara_full: bool) -> DragonState:
    st = great("sunrise")
    for s, pt in ((ANNA, 30), (BERT, 20), (CLARA, 10)):
        seat(st, s, pt=pt, palaces=[(2, ())])
    if clara_full:
        seat(st, CLARA, palaces=[(1, ("Sy",))])
    return run(st, ("great",))


def test_ex_33_sunrise() -> None:
    st = sunrise_position(clara_full=False)
    assert st.current_player == ANNA and "sunrise M" in st.legal_actions()
    play(st, "sunrise M", "place p1")
    assert st.current_player == BERT and "sunrise M" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already taken at this Sunrise"):
        st.apply("sunrise M")
    play(st, "sunrise F", "place p1")
    play(st, "sunrise T", "place p1")
    assert [p.pt for p in st.seats] == [36, 24, 13]
    assert [tiles(st, s) for s in range(3)] == [["My"], ["Fy"], ["Ty"]]
    assert all(p.hand == st.seats[0].hand for p in st.seats)  # no cards used
    assert st.tasks == [] and conserved(st)


@pytest.mark.parametrize("choice", ["replace p1:Sy", "decline"])
def test_ex_33_sunrise_full_palaces(choice: str) -> None:
    st = sunrise_position(clara_full=True)
    play(st, "sunrise M", "place p1", "sunrise F", "place p1", "sunrise T")
    assert st.phase == "full" and st.legal_actions() == ["replace p1:Sy", "decline"]
    play(st, choice)
    assert tiles(st, CLARA) == (["Ty"] if choice != "decline" else ["Sy"])
    assert st.seats[CLARA].pt == (13 if choice != "decline" else 10)
    assert conserved(st)


def test_ex_33_sunrise_no_young_type_left_gets_nothing() -> None:
    st = great("sunrise", players=2)
    exhaust(st, *[t for t in st.supply if t.endswith("y") and t != "My"])
    seat(st, ANNA, pt=9, palaces=[(2, ())])
    seat(st, BERT, pt=1, palaces=[(2, ())])
    run(st, ("great",))
    play(st, "sunrise M", "place p1")
    assert st.tasks == [] and tiles(st, BERT) == []


def test_ex_34_earthquake() -> None:
    st = great("earthquake")
    seat(st, ANNA, palaces=[(3, ("Fy", "Sy", "Ty")), (1, ("My",))], pt=9)
    run(st, ("great",))  # Bert and Clara have no palaces: nothing to remove
    assert st.current_player == ANNA and st.legal_actions() == ["quake p1", "quake p2"]
    play(st, "quake p2")
    assert released(st) == [(ANNA, "My", "earthquake")]
    assert st.legal_actions() == ["quake p1"]
    play(st, "quake p1")
    assert st.phase == "quakefix"
    assert st.seats[ANNA].palaces == [(2, ("Fy", "Sy", "Ty"))]
    play(st, "release p1:Sy")
    assert st.tasks == []
    assert st.seats[ANNA].palaces == [(2, ("Fy", "Ty"))]
    assert conserved(st)


def test_ex_34_earthquake_with_fewer_than_two_floors_loses_all() -> None:
    st = great("earthquake", players=2)
    seat(st, ANNA, palaces=[(1, ("Fy",))], pt=5)
    seat(st, BERT, palaces=[(2, ("My", "Wy")), (1, ())])
    run(st, ("great",))
    play(st, "quake p1")
    assert st.seats[ANNA].palaces == [] and st.current_player == BERT
    play(st, "quake p1", "quake p1")  # the same palace twice: 2 floors gone
    assert st.seats[BERT].palaces == [(1, ())]
    assert sorted(t for _, t, _ in released(st)) == ["Fy", "My", "Wy"]
    assert st.tasks == []


def test_ex_35_assassination_attempt() -> None:
    st = great("assassination")
    seat(st, ANNA, priv_small=1, priv_large=1, palaces=[(1, ("Fy",))])
    run(st, ("great",), ("scoring",))
    assert (st.seats[ANNA].priv_small, st.seats[ANNA].priv_large) == (0, 0)
    assert entries(st, "round.scored")[0]["privileges"] == 0
    assert st.seats[ANNA].vp == 1


@pytest.mark.parametrize(("event", "vp"), [("lantern", 14), ("buddha", 8)])
def test_ex_36_lantern_festival_and_buddha(event: str, vp: int) -> None:
    st = great(event, players=2)
    seat(st, BERT, palaces=BERT_COURT)
    run(st, ("great",))
    assert st.tasks == []
    assert st.seats[BERT].vp == vp
    assert st.scores()[BERT]["breakdown"] == {event: vp}


# -- Great Wall (§5.1) ---------------------------------------------------------------------
def wall_mongol(wall: list[int]) -> DragonState:
    st = position(3, round=5, options={"great_wall": "choose_tile"})
    st.event_track = st.event_track[:4] + ("mongol",) + st.event_track[5:]
    st.wall = wall
    seat(st, ANNA, pt=9, palaces=[(2, ("Wy", "Fy"))])
    seat(st, BERT, pt=5, palaces=[(2, ("Wy", "Fy"))])
    seat(st, CLARA, pt=1, palaces=[(2, ("Wo", "Fy")), (1, ("Sy",))])
    return run(st, ("events",))


def test_ex_37_wall_too_short_at_mongol_invasion() -> None:
    st = wall_mongol([ANNA, BERT, ANNA, BERT])
    while st.tasks:
        play(st, st.legal_actions()[0])
    # Anna and Bert (1 helmet) release for the invasion, then Clara (no wall tile).
    assert [(s, r) for s, _, r in released(st)] == [
        (ANNA, "mongol"),
        (BERT, "mongol"),
        (CLARA, "wall"),
    ]
    assert [p.vp for p in st.seats] == [1, 1, 2]
    assert entries(st, "wall.checked")[0] == {
        "key": "dragon.wall.checked",
        "round": 5,
        "length": 4,
        "reaches": False,
    }


def test_ex_37_wall_reaches() -> None:
    st = wall_mongol([ANNA, BERT, ANNA, BERT, ANNA])
    while st.tasks:
        play(st, st.legal_actions()[0])
    assert [(s, r) for s, _, r in released(st)] == [(ANNA, "mongol"), (BERT, "mongol")]
    assert [p.vp for p in st.seats] == [1 + 3, 1 + 2, 2 + 0]


def wall_end(wall: list[int], event: str = "festival", timing: str = "after_event") -> DragonState:
    opts = {"great_wall": "choose_tile", "great_wall_final_timing": timing}
    st = position(3, round=12, options=opts)
    st.event_track = st.event_track[:11] + (event,)
    st.wall = wall
    for s, pt in ((ANNA, 9), (BERT, 5), (CLARA, 1)):
        seat(st, s, pt=pt, palaces=[(1, ("Fy",))], yuan=3, hand=[])
    run(st, ("round",))
    play(st, "refill", "refill", "refill")
    return st


def test_ex_38_wall_end_of_game_too_short() -> None:
    st = wall_end([ANNA] * 4 + [BERT] * 4 + [CLARA] * 3)
    assert st.is_over
    assert released(st) == [(CLARA, "Fy", "wall")]
    # Default timing: before decay, so Clara's emptied palace decays before scoring.
    keys = [e["key"] for e in st.log]
    assert keys.index("dragon.person.released") < keys.index("dragon.palace.decayed")
    assert entries(st, "round.scored")[CLARA]["palaces"] == 0
    assert entries(st, "round.scored")[ANNA]["palaces"] == 1


def test_ex_38_wall_end_of_game_after_round_scoring() -> None:
    st = wall_end([ANNA] * 4 + [BERT] * 4 + [CLARA] * 3, timing="after_round_scoring")
    assert released(st) == [(CLARA, "Fy", "wall")]
    keys = [e["key"] for e in st.log]
    assert keys.index("dragon.round.scored") < keys.index("dragon.person.released")
    assert keys.index("dragon.person.released") < keys.index("dragon.final.scored")
    assert entries(st, "round.scored")[CLARA]["palaces"] == 1
    assert entries(st, "final.scored")[CLARA]["persons"] == 0


def test_ex_38_wall_complete() -> None:
    st = wall_end([ANNA] * 5 + [BERT] * 4 + [CLARA] * 3)
    assert released(st) == []
    assert [e["vp"] for e in entries(st, "wall.scored")] == [5, 4, 3]
    assert [st.scores()[s]["breakdown"]["wall"] for s in range(3)] == [5, 4, 3]


@pytest.mark.parametrize("complete", [False, True])
def test_ex_38_mongol_in_round_12_checks_twice(complete: bool) -> None:
    wall = [ANNA] * 4 + [BERT] * 4 + [CLARA] * (4 if complete else 3)
    st = wall_end(wall, event="mongol")
    assert [e["round"] for e in entries(st, "wall.checked")] == [12, 12]
    if complete:
        assert [st.scores()[s]["breakdown"]["wall"] for s in range(3)] == [8, 8, 8]
    else:
        # All tie on 0 helmets (everybody releases its only person), then Clara has the
        # fewest wall tiles twice but nobody left to release.
        assert [(s, r) for s, _, r in released(st)] == [
            (ANNA, "mongol"),
            (BERT, "mongol"),
            (CLARA, "mongol"),
        ]


def test_ex_39_build_the_wall() -> None:
    st = position(3, options={"great_wall": "choose_tile"})
    st.groups = [("wall", "tax"), ("build", "harvest"), ("fireworks", "parade", "research")]
    st.dragons = [[], [], []]
    st.wall = [BERT, CLARA, BERT]
    seat(st, ANNA, pt=0, pt_stack=1, wall_tiles=["rice", "floor", "pt", "vp"])
    seat(st, BERT, pt=3, pt_stack=1)
    run(st, ("action", ANNA))
    play(st, "wall@1")
    assert st.seats[ANNA].yuan == 0  # first dragon on the group: no fee
    assert st.legal_actions() == ["wall rice", "wall floor", "wall pt", "wall vp"]
    play(st, "wall pt")
    a = st.seats[ANNA]
    assert (a.pt, a.pt_stack) == (3, 2)  # on top of Bert
    assert st.wall == [BERT, CLARA, BERT, ANNA]
    assert a.wall_tiles == ["rice", "floor", "vp"]
    assert entries(st, "wall.built")[0]["position"] == 4


@pytest.mark.parametrize(
    ("tile", "field", "gain"),
    [("rice", "rice", 1), ("fireworks", "fireworks", 1), ("yuan", "yuan", 2), ("vp", "vp", 3)],
)
def test_ex_39_wall_bonuses(tile: str, field: str, gain: int) -> None:
    st = position(2, options={"great_wall": "choose_tile"})
    st.groups, st.dragons = [("wall",), ("tax",)], [[], []]
    run(st, ("action", ANNA))
    play(st, "wall@1", f"wall {tile}")
    assert getattr(st.seats[ANNA], field) == gain


def test_ex_39_wall_floor_bonus_builds_at_once() -> None:
    st = position(2, options={"great_wall": "choose_tile"})
    st.groups, st.dragons = [("wall",), ("tax",)], [[], []]
    seat(st, ANNA, palaces=[(3, ())])
    run(st, ("action", ANNA))
    play(st, "wall@1", "wall floor")
    assert st.legal_actions() == ["floor new"]
    play(st, "floor new")
    assert floors(st, ANNA) == [3, 1]


def test_ex_39_wall_action_unavailable() -> None:
    st = position(2, options={"great_wall": "choose_tile"})
    st.groups, st.dragons = [("wall",), ("tax",)], [[], []]
    seat(st, ANNA, wall_tiles=[])
    st.wall = [BERT] * 6
    run(st, ("action", ANNA))
    assert "wall@1" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="built all your wall tiles"):
        st.apply("wall@1")
    seat(st, ANNA, wall_tiles=["pt"])
    st.wall = [BERT, ANNA] * 6
    st._legal = None
    assert "wall@1" not in st.legal_actions()
    with pytest.raises(IllegalAction, match="the wall is complete"):
        st.apply("wall@1")


def test_ex_39_random_tile_mode_draws_the_tile() -> None:
    st = position(2, options={"great_wall": "random_tile"})
    st.groups, st.dragons = [("wall",), ("tax",)], [[], []]
    run(st, ("action", ANNA))
    play(st, "wall@1")
    assert st.phase != "walltile"
    built = entries(st, "wall.built")[0]["tile"]
    assert sorted(st.seats[ANNA].wall_tiles + [built]) == sorted(
        ["rice", "fireworks", "floor", "yuan", "pt", "vp"]
    )
    assert st.wall == [ANNA]
