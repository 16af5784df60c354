"""The review of a seat reads only what that seat knew: it is identical whatever the other
seats' hidden facts were, and a review that peeked at them would not be."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from dragontable import review
from dragontable.core.rng import derive_seed
from dragontable.core.state import State
from dragontable.review import Decision, decisions, judge, review_record

from .helpers import ITERATIONS, bot_record, secret_swap

SEAT = 0
DECISIONS = 10
"""Decisions judged per game (the first ones of the seat)."""
MIN_DIFFERING = 3
"""At least this many of them must have hidden facts that the other world draws anew."""
HIDDEN_CARDS = ("dragon", "changcheng")
"""Games whose hidden cards change the very next decisions of others."""
GAMES = [(g, n) for g in ("dragon", "ming", "changcheng") for n in (2, 3)]


def hidden_facts(state: State) -> dict[str, Any]:
    """The whole game state but its random generator (reseeded by every determinization)."""
    snapshot = state.to_json()["state"]
    return {k: v for k, v in snapshot.items() if k != "rng"}


def other_world(d: Decision, seat: int) -> State:
    """The decision's state with every fact hidden from ``seat`` drawn anew, and another
    game seed (the seed decides every hidden card)."""
    world = d.state.determinize(seat, derive_seed(d.index, 0xD1FF))
    world.seed = d.state.seed + 1
    return world


def differing(found: list[Decision]) -> tuple[list[Decision], list[State]]:
    """The first ``DECISIONS`` decisions whose other world differs in hidden facts, and
    those worlds."""
    pairs = [(d, other_world(d, SEAT)) for d in found]
    kept = [(d, w) for d, w in pairs if hidden_facts(d.state) != hidden_facts(w)][:DECISIONS]
    return [d for d, _ in kept], [w for _, w in kept]


def game_seeded(state: State, seat: int, index: int) -> int:
    """A leaky search seed: from the game's seed."""
    return state.seed + index


def state_seeded(state: State, seat: int, index: int) -> int:
    """A leaky search seed: from the whole state, hidden facts and all."""
    digest = hashlib.sha256(json.dumps(hidden_facts(state), sort_keys=True).encode()).digest()
    return int.from_bytes(digest[:7], "little") + index


def judged(found: list[Decision], states: list[State], seat: int) -> str:
    """The review of each decision, judged from ``states``, as JSON text."""
    out = [judge(s, seat, d.index, d.move, ITERATIONS) for d, s in zip(found, states, strict=True)]
    return json.dumps(out, sort_keys=True)


def peek(monkeypatch: pytest.MonkeyPatch, state: State) -> None:
    """Make the search read the true hidden facts: a "determinization" is the state itself."""
    monkeypatch.setattr(
        type(state), "determinize", lambda self, player, seed, keep_log=True: self.clone()
    )


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_determinize_gives_the_same_world_for_the_same_view_and_seed(
    game: str, players: int
) -> None:
    record = bot_record(game, players)
    for d in decisions(record, SEAT)[:DECISIONS]:
        other = other_world(d, SEAT)
        assert other.view(SEAT) == d.state.view(SEAT)
        again, first = other.determinize(SEAT, 99), d.state.determinize(SEAT, 99)
        assert again.to_json() | {"seed": 0} == first.to_json() | {"seed": 0}


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_review_of_a_decision_is_identical_whatever_the_others_hidden_facts(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    found, others = differing(decisions(bot_record(game, players), SEAT))
    truth = [d.state for d in found]
    assert len(found) >= MIN_DIFFERING
    for d, other in zip(found, others, strict=True):
        assert other.view(SEAT) == d.state.view(SEAT)
        assert other.legal_actions() == d.state.legal_actions()
    assert judged(found, truth, SEAT) == judged(found, others, SEAT)
    # a review seeded by the game's seed, or by any hidden fact, would tell them apart
    for leaky in (game_seeded, state_seeded):
        with monkeypatch.context() as m:
            m.setattr(review, "public_seed", leaky)
            assert judged(found, truth, SEAT) != judged(found, others, SEAT)
    # and so would a search of the true position, where hidden cards meet the search soon
    # (Ming hides the order of its draw pile and the future: a short search rarely gets there)
    if game in HIDDEN_CARDS:
        peek(monkeypatch, truth[0])
        assert judged(found, truth, SEAT) != judged(found, others, SEAT)


def test_review_is_identical_for_two_records_that_differ_in_a_secret_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two whole 3-player Dragon games: in the second, seat 2 played a joker where it played
    a type card (and that card where it played the joker); seat 1 saw the same game in
    both. (Three players: there the search's leaf values a joker in hand, so a review that
    peeked would tell the games apart; a 2-player search plays its leaves to the end, and
    a review that peeked at 2-player games of this seed came out the same.)"""
    first = bot_record("dragon", players=3, seed=9)
    second, changed = secret_swap(first, other=1)
    assert second["actions"] != first["actions"] and second["seed"] == first["seed"]
    a, b = review_record(first, SEAT, ITERATIONS), review_record(second, SEAT, ITERATIONS)
    assert any(d["index"] > changed for d in a["decisions"])
    assert json.dumps(a) == json.dumps(b)
    assert review_record(first, 1, ITERATIONS) != review_record(second, 1, ITERATIONS)
    peek(monkeypatch, decisions(first, SEAT)[0].state)
    assert review_record(first, SEAT, ITERATIONS) != review_record(second, SEAT, ITERATIONS)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_hints_chances_are_identical_whatever_the_others_hidden_facts(
    game: str, players: int
) -> None:
    found, others = differing(decisions(bot_record(game, players), SEAT))
    for d, other in zip(found[:3], others, strict=False):
        moves = d.state.legal_actions()[:3]
        mine = [review.chance_after(d.state, m, ITERATIONS, d.index) for m in moves]
        assert mine == [review.chance_after(other, m, ITERATIONS, d.index) for m in moves]
