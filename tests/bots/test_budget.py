"""The bot time cap stops a search and leaves a search it does not cut alone."""

from __future__ import annotations

import math
import time

import pytest

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.mcts import leaf_for, parallel_search, search
from dragontable.core.errors import OptionError
from dragontable.core.rng import Rng
from dragontable.core.state import State

GAMES = ("dragon", "ming", "changcheng")
CAP = 0.3
# Far more than CAP buys (dragon's opening costs ~1.7 ms an iteration here), yet small
# enough that a broken cap fails in a minute instead of hanging the suite.
HUGE = 20_000
SLACK = 1.5  # generous: one iteration, the final statistics, a busy shared machine


def position(game: str, players: int, moves: int, seed: int = 1) -> State:
    """``game`` after ``moves`` seeded random actions, at a decision with a choice."""
    state = games.create(game, players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def every_count() -> list[tuple[str, int]]:
    """Every game and player count the registry knows."""
    return [
        (name, n)
        for name in games.names()
        for n in range(games.get(name).min_players, games.get(name).max_players + 1)
    ]


# --- the cap in the search -------------------------------------------------------------


def test_cap_stops_a_huge_iteration_budget_near_the_cap() -> None:
    state = position("dragon", 5, 0)
    start = time.thread_time()
    result = search(state, HUGE, seed=3, max_seconds=CAP)
    spent = time.thread_time() - start
    assert CAP <= spent < CAP + SLACK
    assert 0 < result.iterations < HUGE


def test_capped_bot_plays_a_legal_move_within_the_cap() -> None:
    state = position("dragon", 5, 0)
    bot = make_bot(f"mcts:{HUGE}", "dragon", 4, max_seconds=CAP)
    start = time.thread_time()
    move = bot.choose(state)
    assert time.thread_time() - start < CAP + SLACK
    assert move in state.legal_actions()


def test_cap_shortens_a_time_budget_and_a_longer_cap_leaves_it() -> None:
    state = position("ming", 3, 30)
    start = time.thread_time()
    search(state, seconds=5.0, max_seconds=CAP, leaf=leaf_for("ming"))
    assert time.thread_time() - start < CAP + SLACK
    start = time.thread_time()
    search(state, seconds=CAP, max_seconds=60.0, leaf=leaf_for("ming"))
    assert CAP <= time.thread_time() - start < CAP + SLACK


def test_cap_reaches_every_process_of_a_parallel_search() -> None:
    state = position("dragon", 5, 0)
    start = time.perf_counter()
    result = parallel_search(state, 2, HUGE, seed=5, max_seconds=CAP)
    assert time.perf_counter() - start < 2 * CAP + 10 * SLACK  # process start-up included
    assert 0 < result.iterations < HUGE


@pytest.mark.parametrize("game", GAMES)
def test_a_cap_not_reached_gives_the_same_search_and_moves(game: str) -> None:
    state = position(game, 3, 25)
    leaf = leaf_for(game)
    assert search(state, 150, seed=7, leaf=leaf).stats == (
        search(state, 150, seed=7, leaf=leaf, max_seconds=60.0).stats
    )
    for seed in range(3):
        plain = make_bot("mcts:120", game, seed).choose(state)
        assert make_bot("mcts:120", game, seed, max_seconds=60.0).choose(state) == plain


@pytest.mark.parametrize("spec", ["greedy", "random"])
def test_greedy_and_random_ignore_the_cap(spec: str) -> None:
    for game in GAMES:
        state = position(game, 3, 25)
        for seed in range(3):
            plain = make_bot(spec, game, seed).choose(state)
            assert make_bot(spec, game, seed, max_seconds=1e-6).choose(state) == plain


@pytest.mark.parametrize("cap", [0, -1.0, math.inf, math.nan])
def test_a_cap_must_be_positive_finite_seconds(cap: float) -> None:
    with pytest.raises(OptionError, match="time cap"):
        make_bot("mcts:2s", "dragon", 0, max_seconds=cap)
