"""The action notation: canonical forms, normalisation, and errors that say what is wrong."""

from __future__ import annotations

from typing import Any

import pytest

from dragontable.core.errors import IllegalAction, NotationError
from dragontable.core.rng import Rng
from dragontable.games.dragon import GAME, parse_action
from dragontable.games.dragon.game import DragonState
from dragontable.games.dragon.notation import format_action

from .conftest import ANNA, BERT, play, position, run, seat

CANONICAL = [
    "pick F+S",
    "pick C+L",
    "tax@2",
    "wall@1",
    "refill",
    "floor p1",
    "floor new",
    "privilege small",
    "privilege large",
    "wall pt",
    "card F",
    "card J",
    "take Fo",
    "take Cy",
    "place p2",
    "replace p1:Fy",
    "decline",
    "release p2:Wo",
    "quake p1",
    "flood rice",
    "flood fireworks",
    "flood yuan",
    "discard J",
    "sunrise M",
    "edict F",
    "release p12:So",
]


@pytest.mark.parametrize("action", CANONICAL)
def test_canonical_actions_parse_to_themselves(action: str) -> None:
    assert parse_action(action) == action
    assert format_action(action) == action
    assert GAME.parse_action(action) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pick S+F", "pick F+S"),
        ("PICK s+f", "pick F+S"),
        ("pick scholar+farmer", "pick F+S"),
        ("pick court_lady+craftsman", "pick C+L"),
        ("  TAX@02  ", "tax@2"),
        ("Wall@3", "wall@3"),
        ("REFILL", "refill"),
        ("Decline", "decline"),
        ("floor   NEW", "floor new"),
        ("floor P3", "floor p3"),
        ("Privilege LARGE", "privilege large"),
        ("wall PT", "wall pt"),
        ("card j", "card J"),
        ("card monk", "card M"),
        ("take fO", "take Fo"),
        ("place P2", "place p2"),
        ("replace P1:fy", "replace p1:Fy"),
        ("release p2:wo", "release p2:Wo"),
        ("quake P1", "quake p1"),
        ("flood Rice", "flood rice"),
        ("discard j", "discard J"),
        ("sunrise m", "sunrise M"),
        ("edict farmer", "edict F"),
        ("\trefill\n", "refill"),
    ],
)
def test_text_is_normalised(text: str, canonical: str) -> None:
    assert parse_action(text) == canonical
    assert parse_action(canonical) == canonical


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "empty action; expected one of"),
        ("   ", "empty action"),
        ("tax", "is not an action; expected one of"),
        ("dance@1", "dance is not an action card; cards: tax build"),
        ("tax@x", "tax@x is not an action"),
        ("pick F", "expected two types like pick F+S"),
        ("pick F+S+M", "expected two types"),
        ("pick F+F", "must be of different types"),
        ("pick F+X", "X is not a person type letter (CLPTWMHFS)"),
        ("card X", "is not a person type letter (CLPTWMHFS J)"),
        ("edict J", "J is not a person type letter (CLPTWMHFS)"),
        ("take F", "expected a tile like Fy or Fo"),
        ("take Fx", "expected a tile like Fy or Fo"),
        ("take Co", "“take Co”: there is no Co tile (this type is young only)"),
        ("place 1", "expected a palace like p1, got 1"),
        ("place p0", "expected a palace like p1"),
        ("floor x", "expected a palace like p1 or new"),
        ("place new", "expected a palace like p1, got new"),
        ("release p1", "expected palace:tile like p1:Fy"),
        ("replace Fy", "expected palace:tile like p1:Fy"),
        ("privilege huge", "huge is not one of small large"),
        ("wall moat", "moat is not one of rice fireworks floor yuan pt vp"),
        ("flood gold", "gold is not one of rice fireworks yuan"),
        ("fly away", "“fly away”: fly is not an action"),
        ("card F now", "wrong number of words"),
    ],
)
def test_malformed_text_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert expected in str(info.value)


@pytest.mark.parametrize("value", [None, 3, ["refill"], b"refill"])
def test_non_strings_are_notation_errors(value: Any) -> None:  # deliberately not a str
    with pytest.raises(NotationError, match="an action must be text"):
        parse_action(value)


def test_every_action_of_random_games_is_canonical() -> None:
    seen: set[str] = set()
    option_sets: list[dict[str, object]] = [
        {},
        {"great_wall": "choose_tile", "great_event": "flood"},
        {"great_event": "earthquake", "edition": 2007},
        {"great_event": "tornado"},
        {"great_event": "sunrise"},
        {"great_event": "edict"},
    ]
    for seed, options in enumerate(option_sets):
        st = GAME.create(3 + seed % 3, seed, options)
        rng = Rng(seed)
        while not st.is_over:
            legal = st.legal_actions()
            seen.update(legal)
            st.apply(legal[rng.below(len(legal))])
    verbs = {a.split()[0] if " " in a else a.split("@")[-1].rstrip("0123456789") for a in seen}
    assert {"pick", "floor", "card", "take", "place", "release", "quake", "flood"} <= verbs
    assert {"discard", "sunrise", "edict", "wall", "refill"} <= verbs
    for action in seen:
        assert parse_action(action) == action
        assert parse_action(action.upper()) == action or "@" in action


def test_apply_accepts_any_spelling_and_records_the_canonical_one() -> None:
    st = position(2)
    st.groups, st.dragons = [("tax", "build"), ("privilege",)], [[], []]
    seat(st, ANNA, yuan=6)
    run(st, ("action", ANNA))
    st.apply("  PRIVILEGE@2 ")
    st.apply("Privilege Small")
    assert st.history == ["privilege@2", "privilege small"]


# -- IllegalAction names the rule -----------------------------------------------------------
def action_state(yuan: int = 6, occupied: bool = False) -> DragonState:
    st = position(2)
    st.groups = [("tax", "privilege"), ("build", "harvest", "fireworks", "parade", "research")]
    st.dragons = [[BERT] if occupied else [], []]
    seat(st, ANNA, yuan=yuan, palaces=[(3, ("Fy",)), (1, ("So",))])
    return run(st, ("action", ANNA))


@pytest.mark.parametrize(
    ("yuan", "occupied", "action", "message"),
    [
        (2, True, "tax@1", "group 1 is occupied: the fee is 3 yuan and you have 2"),
        (4, True, "privilege@1", "a privilege needs 2 yuan after the fee of 3; you have 4"),
        (1, False, "privilege@1", "a privilege needs 2 yuan after the fee of 0; you have 1"),
        (6, False, "tax@3", "there are only 2 action groups"),
        (6, False, "build@1", "group 1 holds Taxes, Privilege, not Build"),
        (
            6,
            False,
            "card F",
            "another decision is due: Seat 1: choose an action card, or refill to 3 yuan.",
        ),
        (6, False, "wall@1", "group 1 holds Taxes, Privilege, not Great Wall"),
    ],
)
def test_illegal_action_names_the_rule(
    yuan: int, occupied: bool, action: str, message: str
) -> None:
    st = action_state(yuan, occupied)
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    assert message in str(info.value)
    assert f"Seat {ANNA + 1} cannot play {action} now: " in str(info.value)
    assert st.to_json() == before


def test_illegal_floor_place_and_release_name_the_palace_rule() -> None:
    st = action_state()
    play(st, "build@2")
    with pytest.raises(IllegalAction, match="palace 1 already has 3 floors"):
        st.apply("floor p1")
    with pytest.raises(IllegalAction, match=r"palace 5 does not exist \(you have 2 palaces\)"):
        st.apply("floor p5")
    play(st, "floor p2")

    st = position(2)
    seat(st, ANNA, palaces=[(1, ("Fy",)), (2, ("So",))], hand=["M"])
    run(st, ("card", ANNA))
    with pytest.raises(IllegalAction, match="you have no Farmer card in hand"):
        st.apply("card F")
    play(st, "card M")
    with pytest.raises(
        IllegalAction, match="a young farmer: not available for the card you played"
    ):
        st.apply("take Fy")
    play(st, "take My")
    with pytest.raises(IllegalAction, match=r"palace 1 is full \(1 floor and as many persons\)"):
        st.apply("place p1")
    play(st, "place p2")

    st = position(2)
    seat(st, ANNA, palaces=[(2, ("Fy", "Sy"))], yuan=3)
    run(st, ("event", "tribute"))
    with pytest.raises(IllegalAction, match="palace 1 does not house a young warrior"):
        st.apply("release p1:Wy")
    with pytest.raises(IllegalAction, match="another decision is due: Seat 1: release a person"):
        st.apply("decline")


def test_illegal_great_event_choices_name_the_rule() -> None:
    st = position(2, round=7, options={"great_event": "edict"})
    seat(st, ANNA, palaces=[(2, ("Fy",))])
    run(st, ("great",))
    with pytest.raises(IllegalAction, match="you have no monks in your palaces"):
        st.apply("edict M")
