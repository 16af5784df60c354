"""Greedy plays In the Year of the Dragon's fundamentals: it keeps room for its persons,
prepares for the events it can see, pays a group fee only when it pays back, and keeps
its palaces."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.greedy import GreedyBot
from dragontable.games.dragon import data as D
from dragontable.games.dragon.flow import ENGINE
from dragontable.games.dragon.game import DragonState
from dragontable.games.dragon.heuristic import evaluate

A, B = 0, 1
ROUND_TAIL = [("endround",), ("scoring",), ("decay",), ("events",), ("persons",)]


def action_phase(
    round: int,
    event: str,
    groups: Sequence[tuple[str, ...]],
    taken: dict[int, int] | None = None,
    **holdings: Any,
) -> DragonState:
    """A 2-player game at seat A's action of ``round`` (whose event is ``event``), with
    ``groups`` dealt, B's dragon on group ``taken[B]`` (0-based) and A's ``holdings``."""
    st = games.create("dragon", players=2, seed=5)
    assert isinstance(st, DragonState)
    track = list(st.event_track)
    track[round - 1] = event
    st.event_track = tuple(track)
    st.round = round
    st.groups = list(groups)
    st.dragons = [[] for _ in groups]
    for seat, g in (taken or {}).items():
        st.dragons[g].append(seat)
    for p in st.seats:
        p.palaces = [(2, ("Ty", "Sy")), (2, ("Ly", "Fy"))]
        p.yuan, p.rice, p.fireworks = 6, 2, 0
        p.hand = list(D.HAND)[: D.ROUNDS - round]
    p = st.seats[A]
    for name, value in holdings.items():
        setattr(p, name, value)
    st.seats[A].pt, st.seats[B].pt = 20, 10
    st.tasks = [*ROUND_TAIL, ("action", A)]
    st._legal = None
    ENGINE.advance(st)
    return st


def greedy_choice(st: DragonState) -> str:
    return GreedyBot(evaluate, seed=1).choose(st)


def test_with_full_palaces_and_a_person_to_take_greedy_builds_first() -> None:
    st = action_phase(4, D.PEACE, [("build", "research"), ("tax", "harvest")], yuan=8, rice=4)
    assert not st.seats[A].free_space()
    assert greedy_choice(st) == "build@1"


def test_before_a_visible_drought_it_harvests_rice() -> None:
    st = action_phase(5, D.DROUGHT, [("harvest", "research"), ("tax", "build")], rice=0)
    assert greedy_choice(st) == "harvest@1"


def test_before_a_visible_tribute_it_takes_tax() -> None:
    groups = [("tax", "research"), ("privilege", "harvest")]
    st = action_phase(5, D.TRIBUTE, groups, yuan=1, rice=4)
    assert greedy_choice(st) == "tax@1"


def test_it_does_not_pay_a_group_fee_for_a_privilege_that_cannot_pay_back() -> None:
    # round 12: a small privilege scores once (1 VP) for 2 yuan and the 3-yuan fee
    groups = [("privilege", "research"), ("tax", "build")]
    st = action_phase(12, D.PEACE, groups, taken={B: 0}, yuan=5, rice=4)
    assert "privilege@1" in st.legal_actions()
    assert not greedy_choice(st).startswith("privilege")


def test_early_it_buys_a_privilege_from_a_free_group() -> None:
    groups = [("privilege", "fireworks"), ("parade", "build")]
    palaces = [(3, ("Ty", "Sy")), (2, ("Ly", "Fy"))]  # room for this round's recruit
    st = action_phase(3, D.PEACE, groups, yuan=9, rice=4, palaces=palaces)
    assert greedy_choice(st) == "privilege@1"


def test_before_a_visible_contagion_it_recruits_a_healer() -> None:
    st = action_phase(6, D.CONTAGION, [("research",), ("tax",)], rice=4)
    st.seats[A].palaces = [(3, ("Ty", "Sy")), (2, ("Ly", "Fy"))]
    st.seats[A].hand = ["S", "H", "L", "T", "J"]
    st.tasks = [*ROUND_TAIL[:-1], ("card", A)]
    st._legal = None
    ENGINE.advance(st)
    bot = GreedyBot(evaluate, seed=1)
    while st.current_player == A and st.tasks[-1][0] in ("card", "take", "place"):
        st.apply(bot.choose(st))
    assert st.seats[A].symbols("H") > 0


def _play(players: int, seed: int, until_round: int) -> DragonState:
    st = games.create("dragon", players=players, seed=seed)
    assert isinstance(st, DragonState)
    bots = [make_bot("greedy", "dragon", seed * 10 + s) for s in range(players)]
    while not st.is_over and st.round <= until_round:
        seat = st.current_player
        assert seat is not None
        st.apply(bots[seat].choose(st))
    return st


MONTH_7_GAMES = 10
KEEP_SHARE = 0.95


def test_its_palaces_are_not_all_gone_by_month_7() -> None:
    """In 4-player games of four greedy bots, 95% of the seats still have a palace."""
    kept = total = 0
    for seed in range(1, MONTH_7_GAMES + 1):
        st = _play(4, seed, until_round=7)
        assert st.round == 8
        kept += sum(1 for p in st.seats if p.palaces)
        total += st.players
    assert kept >= KEEP_SHARE * total


def tribute_fear(palace: tuple[int, tuple[str, ...]]) -> float:
    """What seat A, with no yuan and only ``palace``, fears of this round's Tribute."""
    groups = [("build", "research"), ("tax", "harvest")]
    tribute = action_phase(6, D.TRIBUTE, groups, yuan=0, rice=4, palaces=[palace])
    peace = action_phase(6, D.PEACE, groups, yuan=0, rice=4, palaces=[palace])
    return evaluate(peace, A) - evaluate(tribute, A)


def test_the_recruit_still_to_come_is_released_by_this_rounds_tribute_too() -> None:
    # the person phase comes before the event: with room in the palace, this round's
    # recruit moves in and an unpaid Tribute (4 releases) takes it with the resident
    with_room, full = tribute_fear((2, ("Py",))), tribute_fear((1, ("Py",)))
    assert with_room - full >= D.VP_PER_PERSON
