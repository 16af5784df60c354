"""The legal actions described for the page (``State.choices``): one choice per legal action,
a target the seat's board can draw, a label in the reader's language.

Random games of every game and player count check the contract everywhere; a table of known
positions pins the target ids the boards (``web/board-*.js``) put on their elements.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from dragontable import games
from dragontable.core import messages
from dragontable.core.choices import plain
from dragontable.core.rng import Rng
from dragontable.core.state import State

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
EVERY_LANGUAGE_EACH = 5  # every language at one decision in five (English at all of them)
GREAT_EVENTS = {2: ("earthquake", "sunrise"), 3: ("flood",), 4: ("edict",), 5: ("tornado",)}
OPTIONS: dict[str, dict[int, list[dict[str, Any]]]] = {  # the games played, by player count
    "dragon": {  # the Great Events with decisions of their own
        n: [{"great_wall": "choose_tile", "great_event": event} for event in events]
        for n, events in GREAT_EVENTS.items()
    },
    "ming": {n: [{}] for n in (2, 3, 4)},
    "changcheng": {n: [{"scouting": "ask", "events": "random-2"}] for n in (2, 3, 4)},
}
TABLES = [
    (game, players)
    for game in games.names()
    for players in range(games.get(game).min_players, games.get(game).max_players + 1)
]


# -- what each board draws ----------------------------------------------------------------
def _dragon(target: str, view: dict[str, Any], seat: int) -> bool:
    me = view["players"][seat]
    palaces = me["palaces"]
    kind, *parts = target.split(":")
    if kind == "group" and len(parts) == 2:
        return parts[1] in view["groups"][int(parts[0]) - 1]["cards"]
    if kind == "supply" and len(parts) == 1:
        return parts[0] in view["supply"]
    if kind == "hand" and len(parts) == 1:
        return parts[0] in me["hand"]
    if kind == "palace" and len(parts) == 1:
        return parts[0] == "new" or 1 <= int(parts[0]) <= len(palaces)
    if kind == "resident" and len(parts) == 2:
        return parts[1] in palaces[int(parts[0]) - 1]["residents"]
    if kind == "privilege" and len(parts) == 1:
        return parts[0] in ("small", "large")
    if kind == "walltile" and len(parts) == 1:
        return parts[0] in me["wall_tiles"]
    return False


def _ming(target: str, view: dict[str, Any], seat: int) -> bool:
    kind, _, name = target.partition(":")
    if kind == "district":
        return name in {d["id"] for d in view["districts"]}
    if kind in ("province", "display", "dragon"):
        return name in {p["id"] for p in view["provinces"]}
    if kind == "hand":
        return name in view["players"][seat]["hand"]
    if kind == "player":
        return name in {str(p["seat"]) for p in view["players"]}
    return False


def _changcheng(target: str, view: dict[str, Any], seat: int) -> bool:
    kind, *parts = target.split(":")
    if kind == "space":
        return parts[0] in {s["space"] for s in view["spaces"]}
    if kind == "province":
        return parts[0] in {p["province"] for p in view["provinces"]}
    if kind == "region":
        return parts[0] in {r["region"] for r in view["regions"]}
    if kind == "extend":  # a chip per choice; the side is one of a board in stock
        return any(parts[0].startswith(b) for b in view["stock"]) and parts[1] in ("west", "east")
    if kind == "pending":
        colours = {p["seat"]: p["colour"] for p in view["players"]}
        pending = view["scoring"]["pending"] if view["scoring"] else []
        return [parts[0], parts[1]] in ([colours[c["seat"]], c["card"]] for c in pending)
    return False


DRAWN: dict[str, Callable[[str, dict[str, Any], int], bool]] = {
    "dragon": _dragon,
    "ming": _ming,
    "changcheng": _changcheng,
}
TARGET = {
    "dragon": re.compile(
        r"group:\d+:[a-z]+|supply:[A-Z][yo]|hand:[A-Z]|palace:(\d+|new)"
        r"|resident:\d+:[A-Z][yo]|privilege:(small|large)|walltile:[a-z]+"
    ),  # fmt: skip
    "ming": re.compile(r"(district|province|display|dragon|hand):[a-z0-9][a-z0-9_-]*|player:\d"),
    "changcheng": re.compile(
        r"space:\w+\.\d\d|(province|region):\w+-\w+|extend:\w+:(west|east)"
        r"|pending:[a-z]+:[a-z]+"
    ),  # fmt: skip
}


# -- random positions ---------------------------------------------------------------------
@cache
def positions(game: str, players: int) -> list[State]:
    """Every decision of random games (seeded by the table), as independent states."""
    out = []
    for options in OPTIONS[game][players]:
        st = games.create(game, players=players, seed=players, options=options)
        rng = Rng(players)
        while not st.is_over:
            out.append(st.clone())
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
    return out


def check_contract(game: str, st: State, lang: str) -> list[dict[str, Any]]:
    """The choices of the seat to move in ``lang``, checked against the contract."""
    seat = st.current_player
    assert seat is not None
    chosen = st.choices(seat, lang, NAMES)
    assert sorted(c["action"] for c in chosen) == sorted(st.legal_actions())
    assert len({c["action"] for c in chosen}) == len(chosen)
    view = st.view(seat)
    for c in chosen:
        assert isinstance(c["kind"], str) and c["kind"], c
        label = c["label"]
        assert isinstance(label, str) and label.strip() and label != c["action"], c
        assert "{" not in label and not label.startswith(f"{game}."), c
        if c["target"] is not None:
            assert TARGET[game].fullmatch(c["target"]), c
            assert DRAWN[game](c["target"], view, seat), c
    return chosen


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_legal_action_has_one_choice_on_a_drawn_target(game: str, players: int) -> None:
    for st in positions(game, players):
        chosen = check_contract(game, st, "en")
        assert len({c["label"] for c in chosen}) == len(chosen), "two buttons read the same"
        by_target: dict[str, list[tuple[Any, Any]]] = {}
        for c in chosen:
            if c["target"] is not None:
                by_target.setdefault(c["target"], []).append((c.get("mode"), c.get("card")))
        for target, told_apart in by_target.items():
            assert len(set(told_apart)) == len(told_apart), (target, told_apart)


@pytest.mark.parametrize(("game", "players"), TABLES)
@pytest.mark.parametrize("lang", [lang for lang in messages.LANGUAGES if lang != "en"])
def test_labels_are_in_the_readers_language(game: str, players: int, lang: str) -> None:
    kinds_seen: set[str] = set()
    for st in positions(game, players)[::EVERY_LANGUAGE_EACH]:
        seat = st.current_player
        english = {c["action"]: c["label"] for c in st.choices(seat, "en", NAMES)}
        for c in check_contract(game, st, lang):
            if c["kind"] not in kinds_seen:
                assert c["label"] != english[c["action"]], (lang, c)
            kinds_seen.add(c["kind"])


KINDS = {
    "dragon": {"pick", "action", "refill", "floor", "privilege", "wall", "card", "take", "place",
               "replace", "decline", "release", "quake", "flood", "discard", "sunrise", "edict"},
    "ming": {"prince", "neutral", "space", "take", "dragon", "move", "stop", "stay", "pass",
             "deploy", "return", "back", "start"},
    "changcheng": {"two-singles", "two-cards", "card-single", "double", "tower", "single",
                   "card", "reserve", "scout", "no-scout", "neutral", "no-neutral", "extend",
                   "cancel", "destroy", "remove", "flood", "builder", "swap", "no-swap", "with"},
}  # fmt: skip


@pytest.mark.parametrize("game", games.names())
def test_the_random_games_reach_every_kind_of_choice(game: str) -> None:
    reached = {
        c["kind"]
        for g, players in TABLES
        if g == game
        for st in positions(game, players)
        for c in st.choices(st.current_player)
    }
    assert reached == KINDS[game]


@pytest.mark.parametrize("game", games.names())
def test_only_the_seat_to_move_has_choices(game: str) -> None:
    st = positions(game, 2)[3]
    assert st.choices(None) == []
    assert st.choices(1 - (st.current_player or 0)) == []
    assert st.choices(st.current_player) != []


def test_a_game_without_a_describer_words_its_notation() -> None:
    assert plain(["take Fy", "refill"]) == [
        {"action": "take Fy", "target": None, "kind": "take", "label": "take Fy"},
        {"action": "refill", "target": None, "kind": "refill", "label": "refill"},
    ]


# -- known positions ----------------------------------------------------------------------
def walk(game: str, players: int, seed: int, steps: int, options: dict[str, Any]) -> State:
    """The position after ``steps`` decisions: the last legal action every third, else the first."""
    st = games.create(game, players=players, seed=seed, options=options)
    for i in range(steps):
        legal = st.legal_actions()
        st.apply(legal[-1] if i % 3 == 0 else legal[0])
    return st


KNOWN: list[tuple[str, int, int, int, dict[str, Any], dict[str, str | None]]] = [
    ("dragon", 2, 7, 0, {}, {"pick F+S": None, "pick C+L": None}),
    ("dragon", 2, 7, 1, {}, {"place p1": "palace:1", "place p2": "palace:2"}),
    ("dragon", 2, 7, 6, {}, {"privilege@1": "group:1:privilege", "tax@2": "group:2:tax",
                             "refill": None}),
    ("dragon", 2, 7, 9, {}, {"card C": "hand:C", "card J": "hand:J"}),
    ("dragon", 2, 7, 10, {}, {"take Po": "supply:Po", "take Cy": "supply:Cy"}),
    ("dragon", 2, 7, 24, {}, {"floor p2": "palace:2", "floor new": "palace:new"}),
    ("dragon", 2, 7, 33, {}, {"replace p1:Fy": "resident:1:Fy", "replace p2:Cy": "resident:2:Cy",
                              "decline": None}),
    ("dragon", 2, 7, 34, {}, {"release p3:Ly": "resident:3:Ly"}),
    ("ming", 2, 5, 0, {}, {"prince orange-1": "district:orange-1"}),
    ("ming", 2, 5, 2, {}, {"neutral purple-3": "district:purple-3"}),
    ("ming", 2, 5, 8, {}, {"space orange": "province:orange", "space white": "province:white"}),
    ("ming", 2, 5, 18, {}, {"take orange": "display:orange", "dragon white": "dragon:white"}),
    ("ming", 2, 5, 26, {}, {"move teal-3 boat": "district:teal-3",
                            "move teal-3 dragon": "district:teal-3", "stay boat": "hand:boat",
                            "pass": None}),
    ("ming", 2, 5, 27, {}, {"stop": "district:teal-3", "move teal-1 dragon": "district:teal-1"}),
    ("ming", 2, 5, 28, {}, {"deploy 0": None}),
    ("ming", 2, 5, 83, {}, {"back orange-1": "district:orange-1"}),
    ("ming", 4, 6, 321, {}, {"start 1": "player:0", "start 3": "player:2"}),
    ("changcheng", 2, 7, 0, {"scouting": "ask"}, {"single 3B.01": "space:3B.01"}),
    ("changcheng", 2, 7, 1, {"scouting": "ask"}, {"scout 4A-M3": "region:4A-M3",
                                                  "no-scout": None}),
    ("changcheng", 2, 7, 6, {"scouting": "ask"}, {"neutral 3B.02": "space:3B.02",
                                                  "no-neutral": None}),
    ("changcheng", 2, 7, 20, {"scouting": "ask"}, {"extend 1A west": "extend:1A:west",
                                                   "extend 2B east": "extend:2B:east"}),
    ("changcheng", 3, 8, 1, {}, {"two-singles 1B.01": "space:1B.01", "tower 1B.01": "space:1B.01",
                                 "two-cards warrior 1B-P1": "province:1B-P1",
                                 "card-single warrior 1B-P1": "province:1B-P1"}),
    ("changcheng", 3, 8, 26, {}, {"swap 4A.07": "space:4A.07", "no-swap": None}),
    ("changcheng", 3, 8, 27, {}, {"with 2A.01": "space:2A.01"}),
    ("changcheng", 3, 8, 50, {}, {"builder a": None, "builder b": None}),
]  # fmt: skip


@pytest.mark.parametrize(("game", "players", "seed", "steps", "options", "expected"), KNOWN)
def test_known_positions_have_their_targets(
    game: str,
    players: int,
    seed: int,
    steps: int,
    options: dict[str, Any],
    expected: dict[str, str | None],
) -> None:
    st = walk(game, players, seed, steps, options)
    targets = {c["action"]: c["target"] for c in check_contract(game, st, "en")}
    assert {a: targets.get(a, "not legal") for a in expected} == expected


def test_a_district_plays_a_step_paid_with_a_dragon_card_last() -> None:
    st = walk("ming", 2, 5, 26, {})
    steps = [c for c in st.choices(st.current_player) if c["target"] == "district:teal-3"]
    assert [c["card"] for c in steps] == ["boat", "dragon"]


def test_choices_carry_what_the_boards_group_them_by() -> None:
    st = walk("changcheng", 3, 8, 1, {})
    by_action = {c["action"]: c for c in st.choices(st.current_player)}
    laid = by_action["two-cards warrior 1B-P1"]
    assert (laid["mode"], laid["card"], laid["kind"]) == ("two-cards", "warrior", "two-cards")
    assert by_action["double 1B.01"]["mode"] == "double"
    st = walk("changcheng", 2, 7, 20, {"scouting": "ask"})
    extend = next(c for c in st.choices(st.current_player) if c["kind"] == "extend")
    assert (extend["side"], extend["end"]) == ("1A", "west")


def test_labels_word_the_action_with_the_catalogs_terms() -> None:
    st = walk("dragon", 2, 7, 10, {})
    labels = {c["action"]: c["label"] for c in st.choices(st.current_player, "pl", NAMES)}
    assert labels["take Po"] == "Weź starszego pirotechnika"
    st = walk("ming", 4, 6, 321, {})
    labels = {c["action"]: c["label"] for c in st.choices(st.current_player, "en", NAMES)}
    assert labels["start 3"] == "Make Cy the start player"
    st = walk("changcheng", 2, 7, 20, {"scouting": "ask"})
    labels = {c["action"]: c["label"] for c in st.choices(st.current_player, "zh", NAMES)}
    assert labels["extend 1A west"] == "在西端加入版图1A"
