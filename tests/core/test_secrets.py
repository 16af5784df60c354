"""Secrets stay secret in the engine: what others see of a secret choice, and of the
decisions after it, is the same whichever way the choice was made."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dragontable import games
from dragontable.core.rng import Rng
from dragontable.core.state import HIDDEN, State

from .secrets import UNREVEALED, Twins, find_twins

CASES = [
    ("dragon", 2, {}),
    ("dragon", 4, {"great_event": "hidden_random"}),
    ("dragon", 5, {"great_wall": "choose_tile"}),
    ("ming", 2, {}),
    ("ming", 3, {}),
    ("ming", 4, {}),
    ("changcheng", 2, {}),
    ("changcheng", 3, {}),
    ("changcheng", 4, {}),
]
TWINS_PER_CASE = 6


def _seen(state: State, viewer: int | None, twins: Twins, which: str) -> str:
    """Everything ``viewer`` may be told after a twin, as one JSON text."""
    moves = twins.a if which == "a" else twins.b
    seen: dict[str, Any] = {
        "view": state.view(viewer),
        "log": state.log_for(viewer),
        "prompt": None if state.is_over else state.prompt(),
        "current": state.current_player,
        "forced": state.forced_action(),
        "moves": [state.public_action(m, twins.mover, viewer) for m in moves],
        "scores": state.scores(),
    }
    if viewer is not None and viewer == state.current_player:
        seen["legal"] = state.legal_actions()
    return json.dumps(seen, sort_keys=True)


def _twins(game: str, players: int, options: dict[str, Any]) -> list[Twins]:
    found: list[Twins] = []
    for seed in range(1, 40):
        for twins in find_twins(game, players, seed, options, UNREVEALED.get(game)):
            found.append(twins)
            break  # one per game: spread over many games
        if len(found) >= TWINS_PER_CASE:
            break
    return found


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_others_see_a_secret_choice_alike_either_way(
    game: str, players: int, options: dict[str, Any]
) -> None:
    found = _twins(game, players, options)
    assert len(found) >= TWINS_PER_CASE, f"only {len(found)} secret choices met"
    for twins in found:
        one, two = twins.play("a"), twins.play("b")
        for viewer in twins.others:
            assert _seen(one, viewer, twins, "a") == _seen(two, viewer, twins, "b"), (
                twins,
                viewer,
            )


@pytest.mark.parametrize(("game", "players", "options"), CASES[:1] + CASES[3:4] + CASES[6:7])
def test_the_mover_sees_its_own_secret_choice_and_others_a_hidden_mark(
    game: str, players: int, options: dict[str, Any]
) -> None:
    twins = _twins(game, players, options)[0]
    state = twins.start()
    secret = twins.a[0]
    assert state.public_action(secret, twins.mover, twins.mover) == secret
    for viewer in twins.others:
        shown = state.public_action(secret, twins.mover, viewer)
        assert HIDDEN in shown.split() and shown != secret


def test_open_hands_shows_dragon_cards_to_everyone() -> None:
    state = games.create("dragon", 3, 1, {"open_hands": "on"})
    assert state.public_action("card J", 0, 1) == "card J"
    assert state.public_action("card J", 0, None) == "card J"
    closed = games.create("dragon", 3, 1)
    assert closed.public_action("card J", 0, 1) == "card ?"
    assert closed.public_action("take Fy", 0, 1) == "take Fy"


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_decision_counted_as_public_has_the_same_options_in_every_seats_eyes(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Where ``forced_action`` may apply a decision unasked, its option count follows
    from public facts: every other seat's re-drawing of the hidden facts agrees."""
    checked = secret = 0
    for seed in range(3):
        state, rng = games.create(game, players, seed, options), Rng(seed)
        while not state.is_over:
            mover = state.current_player
            n = len(state.legal_actions())
            if state._options_public():
                for viewer in range(players):
                    if viewer != mover:
                        alt = state.determinize(viewer, rng.next64())
                        assert len(alt.legal_actions()) == n, (seed, state.history)
                checked += 1
            else:
                secret += 1
                assert state.forced_action() is None
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert checked > 0
    if game != "ming":  # Ming Dynasty's hands follow from public moves (ming.md §8.1)
        assert secret > 0
