"""The core contract for Ming Dynasty: registry, notation, messages, rendering, edge rules."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from dragontable import games
from dragontable.core.errors import IllegalAction, NotationError, OptionError
from dragontable.core.messages import render, template
from dragontable.core.play import apply_forced
from dragontable.core.rng import Rng
from dragontable.core.state import State
from dragontable.games.ming import GAME, parse_action

from .helpers import A, B, C, at, blank, d, p, play


def test_registry_and_player_counts() -> None:
    assert games.get("ming-dynasty") is GAME and "ming" in games.names()
    for n in (2, 3, 4):
        st = games.create("ming", players=n, seed=1)
        assert st.current_player in range(n) and st.phase == "setup"
    for n in (1, 5):
        with pytest.raises(OptionError, match="2-4 players"):
            games.create("ming", players=n, seed=1)
    with pytest.raises(OptionError, match="city_tiebreak"):
        games.create("ming", players=2, seed=1, options={"city_tiebreak": "coin"})


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  Move Purple-1  HORSE ", "move purple-1 horse"),
        ("deploy 1 + cloister", "deploy 1+c"),
        ("Deploy 2", "deploy 2"),
        ("deploy 0+C", "deploy 0+c"),
        ("p", "pass"),
        ("STOP", "stop"),
        ("return 03", "return 3"),
        ("start 2", "start 2"),
        ("take Teal", "take teal"),
        ("place orange", "space orange"),
        ("go teal-1 dragon", "move teal-1 dragon"),
    ],
)
def test_notation_normalises(text: str, canonical: str) -> None:
    assert parse_action(text) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("deploy 5", "deploy N"),
        ("move purple-1", "wrong number"),
        ("fly x", "fly is not an action"),
        ("", "empty"),
        ("start 7", "seat must be"),
        ("pass now", "no argument"),
        ("take te@l", "province id"),
    ],
)
def test_notation_errors_say_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)


def _keys_and_messages(players: int, seed: int) -> tuple[State, set[str]]:
    st = games.create("ming", players=players, seed=seed)
    rng = Rng(seed)
    prompts: set[str] = set()
    while not st.is_over:
        prompts.add(st.prompt()["key"])
        for action in st.legal_actions():
            assert parse_action(action) == action
        st.apply(st.legal_actions()[rng.below(len(st.legal_actions()))])
    prompts.add(st.prompt()["key"])
    return st, prompts


def test_every_log_entry_and_prompt_has_an_english_template() -> None:
    for players in (2, 3, 4):
        st, prompts = _keys_and_messages(players, players)
        for entry in st.log + [
            {"key": k, "seat": 0, "district": "x", "province": "y", "round": 1} for k in prompts
        ]:
            assert template(entry["key"]) is not None, entry["key"]
            text = render(entry)
            assert "{" not in text and not re.search(r"ming\.\w", text), text


def test_the_state_waits_on_one_seat_and_forced_moves_apply() -> None:
    st = games.create("ming", players=3, seed=9, options={"start_player": "seat_1"})
    play(st, "prince orange-1", "prince teal-1", "prince white-1")
    assert st.current_player == A and st.phase == "1"
    assert apply_forced(st) == 0  # six spaces to choose from
    assert st.prompt() == {"key": "ming.prompt.space", "seat": A, "round": 1}


def test_illegal_actions_name_the_rule() -> None:
    st = games.create("ming", players=3, seed=9, options={"start_player": "seat_1"})
    play(st, "prince orange-1")
    with pytest.raises(IllegalAction, match="another prince already stands in orange-1"):
        st.apply("prince orange-1")
    with pytest.raises(IllegalAction, match="no district gold-1"):
        st.apply("prince gold-1")
    with pytest.raises(IllegalAction, match="another decision is due: Seat 2: place your prince"):
        st.apply("take teal")


def test_moves_need_a_matching_card_and_a_border() -> None:
    st = blank(round=1)
    st.prince[A] = d(st, "orange-1")
    st.hands[A] = ["boat"]
    at(st, ("act", A))
    with pytest.raises(IllegalAction, match="needs a horse card or a dragon card"):
        st.apply("move orange-2 boat")
    with pytest.raises(IllegalAction, match="does not border orange-1"):
        st.apply("move white-3 boat")
    with pytest.raises(IllegalAction, match="you hold no dragon card"):
        st.apply("stay dragon")


def test_a_player_without_cards_can_only_pass() -> None:
    st = blank(round=1)
    st.prince[A] = d(st, "orange-1")
    st.hands[A] = []
    at(st, ("act", A))
    assert st.legal_actions() == ["pass"]


def test_no_dragon_option_when_the_stack_is_empty_and_reshuffle_refills_the_display() -> None:
    st = blank(round=1)
    st.hands = [["horse"] * 4] + [["horse"] * 5] * 3
    st.spaces[p(st, "pink")][A] = 1
    st.dragons = 0
    st.discard, st.deck = ["boat", "palanquin"], []
    at(st, ("draw", 0))
    assert st.legal_actions() == ["take pink"]
    play(st, "take pink")
    assert "ming.deck.reshuffled" in [e["key"] for e in st.log]
    assert st.display[p(st, "pink")] in ("boat", "palanquin")
    assert len(st.deck) == 1 and st.discard == []


def test_players_with_five_cards_are_skipped_in_phase_2() -> None:
    st = blank(round=1)
    st.hands = [["horse"] * 5, ["boat"] * 3, ["horse"] * 5, ["boat"] * 4]
    for seat in range(4):
        st.spaces[0][seat] = 2
    at(st, ("draw", 0))
    order: list[int] = []
    while st.current_player is not None:
        order.append(st.current_player)
        st.apply("take orange")
    assert order == [B, 3, B] and all(len(h) == 5 for h in st.hands)


def test_an_empty_tile_supply_gives_no_tile_but_the_member_still_moves() -> None:
    st = blank(round=2)
    st.tile_supply[p(st, "brown")] = 0
    st.open[d(st, "brown-1")][C] = 2
    at(st, ("province", p(st, "brown")))
    assert st.city[d(st, "brown-1")] == [C, C] and st.tiles[C] == [0] * 6
    assert [e["key"] for e in st.log].count("ming.tile.none") == 2


@pytest.mark.parametrize(
    ("mode", "winners", "ranking"), [("cloisters", [B], [B, A, C]), ("shared", [A, B], [A, B, C])]
)
def test_final_tie_breaks(mode: str, winners: list[int], ranking: list[int]) -> None:
    st = blank(players=3, round=6, final_tiebreak=mode)
    st.score = [50, 50, 20]
    st.cloister[0] = B
    st.tasks = []
    assert st.is_over and st.winners() == winners
    assert st.ranking() == ranking


def test_render_text_shows_own_hand_only() -> None:
    st = games.create("ming", players=3, seed=4)
    rng = Rng(4)
    while st.round < 2:
        st.apply(st.legal_actions()[rng.below(len(st.legal_actions()))])
    assert GAME.render_text is not None  # Game.render_text is optional; Ming has one
    for seat in (0, 1, None):
        console = Console(record=True, width=160)
        console.print(GAME.render_text(st, seat, None))
        text = console.export_text()
        assert "Ming Dynasty - round 2" in text and "orange-1" in text
        hidden = [s for s in range(3) if s != seat]
        assert sum(text.count(f" card{s} ") for s in ("", "s")) >= len(hidden)
        if seat is not None:
            assert ", ".join(sorted(st.hands[seat], key=st.map.cards.index)) in text
