"""Property tests: random legal play for 2-4 players keeps every invariant of the game."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

from dragontable import games
from dragontable.core.errors import IllegalAction, NotationError
from dragontable.core.rng import Rng
from dragontable.core.state import LogEntry, State
from dragontable.games import replay
from dragontable.games.ming import MingState

GAMES = settings(max_examples=30, deadline=None)
OPTIONS = hs.fixed_dictionaries(
    {
        "open_hands": hs.booleans(),
        "city_tiebreak": hs.sampled_from(["largest_section", "own_best_section"]),
        "final_tiebreak": hs.sampled_from(["cloisters", "shared"]),
    }
)
PLAYERS = hs.sampled_from([2, 3, 4])
SEEDS = hs.integers(0, 2**40)


def members(st: MingState, colour: int) -> int:
    """Members of ``colour`` in every zone (supply, spaces, districts, cloisters, city, box)."""
    spaces = sum(row[colour] for row in st.spaces) if colour < st.players else 0
    return (
        st.supply[colour]
        + spaces
        + sum(row[colour] for row in st.open)
        + st.cloister.count(colour)
        + sum(c.count(colour) for c in st.city)
        + st.box[colour]
    )


def check_invariants(st: MingState) -> None:
    for colour in range(st.colours):
        assert members(st, colour) == (31 if colour == st.neutral else 30)
    assert all(len(h) <= 5 for h in st.hands)
    dragons_held = sum(h.count("dragon") for h in st.hands)
    assert dragons_held + st.dragons == 18
    movement = len(st.deck) + len(st.discard) + sum(c is not None for c in st.display)
    assert movement + sum(len(h) for h in st.hands) - dragons_held == 54
    assert all(len(c) <= 3 for c in st.city)
    for p in range(6):
        assert st.tile_supply[p] + sum(t[p] for t in st.tiles) == 18
    placed = [d for d in st.prince if d >= 0]
    moving = st.tasks and st.tasks[-1][0] == "moving"
    assert len(set(placed)) == len(placed) or moving
    for seat in range(st.players):
        assert st.score[seat] == sum(st.score_by[seat].values())
    assert st.legal_actions() or st.is_over


def random_game(
    players: int,
    seed: int,
    pick: int,
    every: Callable[[MingState], None] = check_invariants,
    options: dict[str, str | bool] | None = None,
) -> MingState:
    st = games.create("ming", players=players, seed=seed, options=options)
    rng = Rng(pick)
    while not st.is_over:
        every(st)
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    return st


@GAMES
@given(players=PLAYERS, seed=SEEDS, pick=SEEDS, options=OPTIONS)
def test_random_legal_play_ends_validly(
    players: int, seed: int, pick: int, options: dict[str, str | bool]
) -> None:
    st = random_game(players, seed, pick, options=options)
    check_invariants(st)
    assert st.round == 6 and st.phase == "over" and st.legal_actions() == []
    assert sorted(st.ranking()) == list(range(players))
    assert st.winners() and set(st.winners()) <= set(range(players))
    assert sum(st.supply[:players]) == 0  # 6 rounds x 5 members placed
    assert all(v["total"] == st.score[s] for s, v in enumerate(st.scores()))
    assert st.view(0)["ranking"] == st.ranking()


@GAMES
@given(players=PLAYERS, seed=SEEDS, pick=SEEDS)
def test_replay_json_and_clone_are_exact(players: int, seed: int, pick: int) -> None:
    st = random_game(players, seed, pick, every=lambda s: None)
    cut = Rng(pick).below(len(st.history))
    again = replay({**st.record(), "actions": st.history[:cut]})
    assert replay(st.record()) == st
    snap = games.from_json(again.to_json())
    clone = again.clone()
    before = again.dumps()
    for action in st.history[cut:]:
        snap.apply(action)
        clone.apply(action)
    assert again.dumps() == before  # the clone and the snapshot are independent
    assert snap == st and clone == st


def hidden_parts_changed(st: MingState, seat: int) -> MingState:
    """A copy in which everything hidden from ``seat`` is changed."""
    other = st.clone()
    other.rng = Rng(other.rng.state ^ 0xABCDEF)
    other.deck.reverse()
    for s in range(st.players):
        if s != seat:
            other.hands[s] = ["dragon"] * len(other.hands[s])
            if other.returns[s] is not None and not other.revealed:
                other.returns[s] = 99
    return other


def test_views_hide_hands_deck_and_unrevealed_returns() -> None:
    checked_returns = 0
    for seed in range(3):
        st = games.create("ming", players=4, seed=seed)
        rng = Rng(seed)
        while not st.is_over:
            for seat in range(4):
                other = hidden_parts_changed(st, seat)
                view = st.view(seat)
                assert other.view(seat) == view
                assert json.loads(json.dumps(view)) == view  # JSON-ready
                assert other.log_for(seat) == st.log_for(seat)
                if any(r is not None for r in st.returns) and not st.revealed:
                    checked_returns += 1
            # the test can fail: what is changed is visible to its owner
            if st.hands[1] and set(st.hands[1]) != {"dragon"}:
                assert hidden_parts_changed(st, 0).view(1) != st.view(1)
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
    assert checked_returns > 0


def test_open_hands_option_shows_every_hand() -> None:
    st = games.create("ming", players=3, seed=2, options={"open_hands": True})
    assert all("hand" in p for p in st.view(0)["players"])
    st = games.create("ming", players=3, seed=2)
    assert ["hand" in p for p in st.view(0)["players"]] == [True, False, False]
    assert all("hand" not in p for p in st.view(None)["players"])


@GAMES
@given(players=PLAYERS, seed=SEEDS, pick=SEEDS)
def test_determinize_keeps_the_view_and_plays_on(players: int, seed: int, pick: int) -> None:
    seen: list[MingState] = []

    def probe(st: MingState) -> None:
        if Rng(len(st.history) ^ pick).below(25) == 0:
            seat = Rng(pick + len(st.history)).below(players)
            det = st.determinize(seat, pick)
            assert det.view(seat) == st.view(seat)
            assert det.log_for(seat) == st.log_for(seat)
            assert sorted(det.deck) == sorted(st.deck)
            seen.append(det)

    random_game(players, seed, pick, every=probe)
    for det in seen[:3]:
        random_game_from(det, pick)
        assert det.is_over


def random_game_from(st: State, pick: int) -> None:
    rng = Rng(pick)
    while not st.is_over:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])


CANDIDATES = [
    "pass",
    "stop",
    "deploy 3+c",
    "deploy 0",
    "return 6",
    "return 0",
    "back teal-1",
    "start 4",
    "prince orange-1",
    "neutral pink-2",
    "space teal",
    "take white",
    "dragon brown",
    "move purple-1 horse",
    "move orange-2 dragon",
    "stay boat",
    "stay dragon",
    "flap",
    "move nowhere horse",
    "take",
    "deploy 4",
    "start 9",
    "",
]


@GAMES
@given(players=PLAYERS, seed=SEEDS, pick=SEEDS)
def test_an_illegal_action_never_changes_the_state(players: int, seed: int, pick: int) -> None:
    rejected = 0

    def fingerprint(st: MingState) -> tuple[dict[str, Any], list[str], int, LogEntry]:
        return st._snapshot(), list(st.history), len(st.log), st.log[-1]

    def probe(st: MingState) -> None:
        nonlocal rejected
        if len(st.history) % 5:
            return
        legal = set(st.legal_actions())
        for action in CANDIDATES:
            if action in legal:
                continue
            before = fingerprint(st)
            try:
                st.apply(action)
            except (IllegalAction, NotationError) as exc:
                assert str(exc)
                rejected += 1
            else:
                raise AssertionError(f"{action!r} was accepted but is not legal")
            assert fingerprint(st) == before and set(st.legal_actions()) == legal

    random_game(players, seed, pick, every=probe)
    assert rejected
