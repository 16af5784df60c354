"""Every bot level plays every game at every player count, reproducibly, without peeking."""

from __future__ import annotations

import pytest

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.mcts import search
from dragontable.core.rng import Rng
from dragontable.core.state import State

SEATINGS = [
    (game, players)
    for game in games.names()
    for players in range(games.get(game).min_players, games.get(game).max_players + 1)
]
LEVELS = ("random", "greedy", "mcts:2")


def play(game: str, players: int, specs: list[str], seed: int) -> State:
    """A whole game, seat ``s`` played by ``specs[s % len(specs)]``; every move checked."""
    state = games.create(game, players=players, seed=seed)
    bots = [make_bot(specs[s % len(specs)], game, seed * 10 + s) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state)
        assert action in state.legal_actions(), (game, seat, action)
        state.apply(action)
    return state


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_every_level_finishes_the_game(game: str, players: int) -> None:
    seats = [LEVELS[(players + s) % len(LEVELS)] for s in range(players)]
    if players == 2:  # two seats cannot hold three levels: greedy and mcts here, random below
        seats = ["greedy", "mcts:2"]
    state = play(game, players, seats, seed=players)
    assert sorted(state.ranking()) == list(range(players))
    assert state.winners() and set(state.winners()) <= set(range(players))


@pytest.mark.parametrize("game", games.names())
def test_random_finishes_two_player_games(game: str) -> None:
    assert play(game, games.get(game).min_players, ["random"], seed=5).is_over


def midgame(game: str, seed: int, steps: int) -> State:
    """A game played ``steps`` random moves in, stopped at a real decision."""
    state = games.create(game, players=min(4, games.get(game).max_players), seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("level", ["greedy", "mcts:30"])
def test_choice_never_depends_on_hidden_facts(game: str, level: str) -> None:
    """Re-drawing everything the seat cannot see leaves its bot's choice unchanged."""
    state = midgame(game, seed=7, steps=60)
    seat = state.current_player
    assert seat is not None and not state.is_over
    choice = make_bot(level, game, 3).choose(state)
    differs = 0
    for k in range(4):
        other = state.determinize(seat, seed=100 + k)
        assert other.view(seat) == state.view(seat)
        differs += other.to_json() != state.to_json()
        assert make_bot(level, game, 3).choose(other) == choice
    assert differs  # the copies really differ (hidden holdings, at least future draws)


@pytest.mark.parametrize("game", games.names())
def test_same_seed_same_game(game: str) -> None:
    players = games.get(game).min_players
    first = play(game, players, ["greedy", "mcts:3"], seed=2)
    again = play(game, players, ["greedy", "mcts:3"], seed=2)
    assert first.history == again.history


@pytest.mark.parametrize("game", games.names())
def test_search_is_reproducible_and_legal(game: str) -> None:
    state = midgame(game, seed=3, steps=40)
    a, b = search(state, iterations=25, seed=4), search(state, iterations=25, seed=4)
    assert a.stats == b.stats and a.iterations == 25
    assert set(a.stats) <= set(state.legal_actions())


def _played_on(state: State, picks: Rng) -> list[str]:
    """Play ``state`` to the end choosing by index from ``picks``; the spectator's view
    after every move, as text."""
    seen = []
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[picks.below(len(legal))])
        seen.append(repr(state.view(None)))
    return seen


@pytest.mark.parametrize("game", games.names())
def test_reseed_changes_the_chance_to_come_and_nothing_already_dealt(game: str) -> None:
    state = games.create(game, players=games.get(game).min_players, seed=3)
    same, other = state.clone(), state.clone()
    same.reseed(77)
    other.reseed(78)
    for seat in range(state.players):
        assert same.view(seat) == other.view(seat) == state.view(seat)
    twin = state.clone()
    twin.reseed(77)
    assert _played_on(same, Rng(9)) == _played_on(twin, Rng(9))  # a seed is a future
    # the same choices by index, another future: the games part at some shuffle or draw
    assert _played_on(state.clone(), Rng(9)) != _played_on(other, Rng(9))
