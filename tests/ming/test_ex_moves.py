"""EX-8..EX-14: taking cards, moving princes, staying and deploying (ming.md §4.2-§4.3)."""

from __future__ import annotations

import pytest

from dragontable.core.errors import IllegalAction
from dragontable.games.ming import MingState

from .helpers import A, B, C, at, blank, d, p, play


def acting(
    prince: str, hand: list[str], space: dict[str, int] | None = None, **others: str
) -> MingState:
    """Seat A to act in phase 3 with its prince on ``prince``; ``others`` = seat letter->district."""
    st = blank(players=4, round=1)
    st.prince[A] = d(st, prince)
    for letter, where in others.items():
        st.prince["ABCD".index(letter)] = d(st, where)
    st.hands[A] = list(hand)
    for province, n in (space or {}).items():
        st.spaces[p(st, province)][A] = n
    return at(st, ("act", A))


def test_ex_08_deploy_open_and_cloister() -> None:
    st = acting("pink-2", ["horse"], {"pink": 2})
    play(st, "stay horse")
    assert "deploy 1+c" in st.legal_actions()
    play(st, "deploy 1+c")
    pink2 = d(st, "pink-2")
    assert st.open[pink2][A] == 1 and st.cloister[pink2] == A
    assert st.spaces[p(st, "pink")][A] == 0


def test_ex_09_ousting() -> None:
    st = acting("purple-1", ["palanquin"], {"purple": 4})
    purple3 = d(st, "purple-3")
    st.cloister[purple3] = C
    st.open[purple3][C], st.open[purple3][B] = 1, 2
    play(st, "move purple-3 palanquin", "stop", "deploy 2+c")
    assert st.cloister[purple3] == A
    assert st.open[purple3][:3] == [2, 2, 2]
    assert st.spaces[p(st, "purple")][A] == 1
    assert st.log[-1] == {"key": "ming.cloister.ousted", "seat": C, "district": "purple-3"}


@pytest.mark.parametrize(
    ("how", "spent"),
    [(["stay boat"], 1), (["move white-3 boat", "move white-2 boat", "stop"], 2)],
)
def test_ex_10_cloister_block(how: list[str], spent: int) -> None:
    st = acting("white-2", ["boat", "boat"], {"white": 3})
    st.cloister[d(st, "white-2")] = A
    play(st, *how)
    assert st.legal_actions() == ["deploy 0"]
    assert st.discard == ["boat"] * spent and len(st.hands[A]) == 2 - spent
    with pytest.raises(IllegalAction, match="cloister"):
        st.apply("deploy 1")


def test_ex_11_moving_through_an_occupied_district() -> None:
    st = acting("orange-1", ["horse", "boat", "dragon"], B="purple-1")
    dragons = st.dragons
    play(st, "move purple-1 horse")
    assert "stop" not in st.legal_actions()  # may not end on B's prince
    assert "move purple-2 boat" in st.legal_actions()  # the variant path is legal too
    play(st, "move teal-1 dragon", "stop")
    assert st.prince[A] == d(st, "teal-1")
    assert st.discard == ["horse"] and st.dragons == dragons + 1
    assert st.hands[A] == ["boat"]
    assert st.prompt() == {"key": "ming.prompt.deploy", "seat": A, "round": 1, "district": "teal-1"}


def test_ex_12_insufficient_cards_to_leave_an_occupied_district() -> None:
    st = acting("orange-1", ["horse"], B="purple-1")
    assert sorted(st.legal_actions()) == ["move orange-2 horse", "pass", "stay horse"]
    with pytest.raises(IllegalAction, match="could not end"):
        st.apply("move purple-1 horse")


def test_ex_13_staying() -> None:
    st = acting("pink-1", ["boat", "dragon"], {"pink": 2})
    play(st, "stay boat", "deploy 2")
    assert st.discard == ["boat"] and st.hands[A] == ["dragon"]
    assert st.open[d(st, "pink-1")][A] == 2 and st.spaces[p(st, "pink")][A] == 0


def test_ex_14_phase_2_choices_and_dragon_cost() -> None:
    st = blank(players=4, round=1)
    st.hands = [["boat", "horse"], ["horse"] * 5, ["horse"] * 5, ["horse"] * 5]
    st.spaces[p(st, "orange")][A], st.spaces[p(st, "teal")][A] = 1, 2
    st.display[:3] = ["horse", "boat", "palanquin"]
    st.dragons = 10
    st.deck.append("boat")  # the top of the supply
    at(st, ("draw", 0))
    assert sorted(st.legal_actions()) == [
        "dragon orange",
        "dragon teal",
        "take orange",
        "take teal",
    ]
    with pytest.raises(IllegalAction, match="no member on the purple space"):
        st.apply("take purple")
    play(st, "take teal")
    assert st.hands[A][-1] == "palanquin" and len(st.hands[A]) == 3
    assert st.display[p(st, "teal")] == "boat"
    assert st.current_player == A  # the others hold 5 cards: A takes again
    play(st, "dragon orange")
    assert len(st.hands[A]) == 4 and st.dragons == 9 and st.box[A] == 1
    assert st.spaces[p(st, "orange")][A] == 0
    assert sorted(st.legal_actions()) == ["dragon teal", "take teal"]
