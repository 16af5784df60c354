"""Rules of the round flow that the worked examples do not pin down (dragon.md §3-§5)."""

from __future__ import annotations

import pytest

from dragontable.games.dragon import rules
from dragontable.games.dragon.game import DragonState

from .conftest import (
    ANNA,
    BERT,
    CLARA,
    create,
    entries,
    floors,
    play,
    position,
    run,
    seat,
    tiles,
)


def key_order(st: DragonState, *keys: str) -> list[int]:
    """Index of the first log entry of each key (``dragon.`` prefix optional)."""
    found = []
    for key in keys:
        full = key if key.startswith("dragon.") else "dragon." + key
        found.append(next(i for i, e in enumerate(st.log) if e["key"] == full))
    return found


def test_initial_choice_goes_round_the_table_from_the_start_player() -> None:
    for seed in range(6):
        st = create(players=4, seed=seed)
        start = st.start_player
        seen = []
        while st.phase in ("init", "place"):
            if st.phase == "init":
                seen.append(st.current_player)
            play(st, st.legal_actions()[0])
        assert seen == [(start + i) % 4 for i in range(4)]
    st = create(players=3, seed=1, options={"start_player": "seat_1"})
    assert st.current_player == 0 and st.start_player == 0


def test_start_of_game_holdings() -> None:
    st = create(players=5, seed=2, options={"great_wall": "choose_tile"})
    for p in st.seats:
        assert (p.yuan, p.rice, p.fireworks, p.vp, p.pt) == (6, 0, 0, 0, 0)
        assert p.palaces == [(2, ()), (2, ())]
        assert sorted(p.hand) == sorted("CLPTWMHFSJJ")
        assert sorted(p.wall_tiles) == sorted(["rice", "fireworks", "floor", "yuan", "pt", "vp"])
    assert st.event_track[:2] == ("peace", "peace")
    assert all(a != b for a, b in zip(st.event_track[1:], st.event_track[2:], strict=False))


@pytest.mark.parametrize(("players", "young", "old", "single"), [(5, 6, 4, 10), (2, 3, 1, 4)])
def test_supply_per_player_count(players: int, young: int, old: int, single: int) -> None:
    st = create(players=players, seed=1)
    assert st.supply["Wy"] == young and st.supply["Wo"] == old and st.supply["Cy"] == single
    assert sum(st.supply.values()) == 18 * players


def test_parade_does_not_reorder_the_action_phase_but_the_person_phase() -> None:
    st = position(3, round=3)
    st.seats[ANNA].hand = ["F"]
    st.seats[BERT].hand = ["F"]
    st.seats[CLARA].hand = ["F"]
    for s, pt in ((ANNA, 9), (BERT, 5), (CLARA, 1)):
        seat(st, s, pt=pt, palaces=[(2, ("Wo", "Wo"))] if s == CLARA else [(2, ())], yuan=5)
    run(st, ("actions",), ("persons",))
    assert st.order == [ANNA, BERT, CLARA]
    play(st, "refill")
    assert st.current_player == BERT
    play(st, "refill")
    parade = [a for a in st.legal_actions() if a.startswith("parade@")][0]
    play(st, parade)  # Clara: 1 + 4 helmets -> PT 6, past Bert but not Anna
    assert st.seats[CLARA].pt == 6
    assert st.phase == "card" and st.order == [ANNA, CLARA, BERT]


def test_round_7_order_with_both_expansions() -> None:
    opts = {"great_wall": "choose_tile", "great_event": "lantern"}
    st = position(2, round=7, options=opts)
    st.event_track = st.event_track[:6] + ("mongol",) + st.event_track[7:]
    st.wall = [ANNA] * 7
    for s in (ANNA, BERT):
        seat(st, s, palaces=[(2, ("Wy", "Fy")), (1, ())], hand=[], yuan=3)
    run(st, ("round",))
    play(st, "refill", "refill")
    while st.phase == "release":
        play(st, st.legal_actions()[0])
    assert st.round == 8
    order = key_order(
        st, "event.resolved", "wall.checked", "great.started", "palace.decayed", "round.scored"
    )
    assert order == sorted(order)


@pytest.mark.parametrize("timing", ["before_decay", "after_decay"])
def test_sunrise_person_saves_a_palace_only_before_decay(timing: str) -> None:
    opts = {"great_event": "sunrise", "great_event_timing": timing}
    st = position(2, round=7, options=opts)
    st.event_track = st.event_track[:6] + ("festival",) + st.event_track[7:]
    seat(st, ANNA, pt=9, palaces=[(1, ("Fy",)), (1, ())], hand=[], yuan=3)
    seat(st, BERT, pt=1, palaces=[(1, ("Fy",))], hand=[], yuan=3)
    run(st, ("round",))
    play(st, "refill", "refill")
    assert st.phase == "sunrise" and st.current_player == ANNA
    if timing == "before_decay":
        play(st, "sunrise M", "place p2")
        assert floors(st, ANNA) == [1, 1]  # the empty palace was filled before decay
    else:
        # decay came first: the empty palace is gone and Anna's court is full
        assert floors(st, ANNA) == [1]
        play(st, "sunrise M")
        assert st.legal_actions() == ["replace p1:Fy", "decline"]
        play(st, "decline")
    play(st, "sunrise F")
    assert st.legal_actions() == ["replace p1:Fy", "decline"]


def test_edict_craftsman_palace_decays_in_round_7_by_default() -> None:
    st = position(2, round=7, options={"great_event": "edict"})
    st.event_track = st.event_track[:6] + ("festival",) + st.event_track[7:]
    seat(st, ANNA, pt=9, palaces=[(1, ("Cy",))], hand=[], yuan=3)
    seat(st, BERT, pt=1, hand=[], yuan=3)
    run(st, ("round",))
    play(st, "refill", "refill", "edict C", "floor new")
    assert st.round == 8 and floors(st, ANNA) == [1]  # the new 1-floor palace vanished


def test_round_12_has_no_person_phase_and_ends_the_game() -> None:
    st = position(2, round=12)
    st.event_track = st.event_track[:11] + ("festival",)
    for s in (ANNA, BERT):
        seat(st, s, palaces=[(2, ("Fy",))], hand=["J"], yuan=3)
    run(st, ("round",))
    play(st, "refill", "refill")
    assert st.is_over
    assert not entries(st, "card.played")
    assert [p.hand for p in st.seats] == [["J"], ["J"]]
    assert entries(st, "game.over")


def test_refilling_player_leaves_the_group_free() -> None:
    st = position(2)
    st.groups, st.dragons = [("tax", "build", "harvest", "fireworks"), ("parade",)], [[], []]
    seat(st, ANNA, yuan=1)
    seat(st, BERT, yuan=0)
    run(st, ("action", ANNA), ("action", BERT))
    play(st, "refill")
    assert "tax@1" in st.legal_actions()  # no fee: nobody's dragon is on group 1
    play(st, "tax@1")
    assert st.seats[BERT].yuan == 2


def test_released_persons_never_return_to_the_supply() -> None:
    st = position(2)
    seat(st, ANNA, palaces=[(2, ("Fy", "Sy"))], yuan=3)
    supply = dict(st.supply)
    run(st, ("event", "tribute"))
    play(st, "release p1:Fy")
    assert st.supply == supply
    assert tiles(st, ANNA) == ["Sy"]


def test_contagion_obligations_are_fixed_before_releases() -> None:
    # Releasing one's own healer does not raise one's obligation (computed first).
    st = position(2)
    seat(st, ANNA, palaces=[(3, ("Hy", "Hy", "Fy")), (2, ("Sy", "Ty"))])
    run(st, ("event", "contagion"))
    assert st.prompt()["n"] == 1
    play(st, "release p1:Hy")
    assert st.tasks == [] and tiles(st, ANNA) == ["Fy", "Hy", "Sy", "Ty"]


def test_pt_is_unbounded_and_stacking_counts_only_the_final_space() -> None:
    st = position(3)
    seat(st, BERT, pt=3, pt_stack=1)
    rules.move(st, ANNA, 100)
    rules.move(st, CLARA, 2)  # passes nobody's space at its end: bottom of nothing
    assert st.seats[ANNA].pt == 100
    assert rules.turn_order(st)[0] == ANNA
    rules.move(st, CLARA, 1)  # ends on Bert's 3: on top
    assert rules.turn_order(st) == [ANNA, CLARA, BERT]
