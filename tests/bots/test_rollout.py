"""The rollout bot: greedy's best options played out in sampled worlds, best mean wins."""

from __future__ import annotations

import pytest

from dragontable import games
from dragontable.bots import make_bot, parse_spec
from dragontable.bots.rollout import RolloutBot
from dragontable.core.errors import OptionError
from dragontable.core.rng import Rng, derive_seed
from dragontable.core.state import State

GAMES = [(g, n) for g in ("dragon", "ming", "changcheng") for n in (2, 3)]


def position(game: str, players: int, moves: int, seed: int = 2) -> State:
    """A position ``moves`` random decisions into a game (or its end)."""
    state, rng = games.create(game, players, seed=seed), Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def decision(game: str, players: int, moves: int) -> State:
    """The first decision with a choice from ``moves`` random decisions into a game on."""
    state = position(game, players, moves)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    assert not state.is_over
    return state


def choices(bot: RolloutBot, state: State, decisions: int) -> list[str]:
    """The bot's moves for ``decisions`` decisions with a choice, every seat its own."""
    out: list[str] = []
    state = state.clone()
    while not state.is_over and len(out) < decisions:
        move = bot.choose(state)
        assert move in state.legal_actions()
        if len(state.legal_actions()) > 1:
            out.append(move)
        state.apply(move)
    return out


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_plays_legal_moves_and_reproduces_from_its_seed(game: str, players: int) -> None:
    state = position(game, players, 30)
    first = choices(RolloutBot(game, 7, rollouts=6, horizon=3), state, 4)
    again = choices(RolloutBot(game, 7, rollouts=6, horizon=3), state, 4)
    assert len(first) == 4 and first == again


def test_plays_a_whole_game() -> None:
    state = games.create("ming", 2, seed=3)
    bots = [RolloutBot("ming", 1, rollouts=3, horizon=2), make_bot("greedy", "ming", 2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    assert len(state.winners()) >= 1


@pytest.mark.parametrize(("game", "players"), [("dragon", 3), ("changcheng", 2), ("ming", 2)])
def test_the_move_is_the_same_whatever_the_others_hidden_facts(game: str, players: int) -> None:
    """The bot reads only what its seat knows: in a world where everything hidden from
    it was drawn anew (another game seed included), it makes the same move."""
    differed = 0
    for moves in (10, 20, 30, 40):
        state = decision(game, players, moves)
        seat = state.current_player
        assert seat is not None
        other = state.determinize(seat, derive_seed(moves, 0xD1FF))
        other.seed = state.seed + 1
        assert other.view(seat) == state.view(seat)
        differed += other.to_json()["state"] != state.to_json()["state"]
        mine = RolloutBot(game, 11, rollouts=9, horizon=4).choose(state)
        assert RolloutBot(game, 11, rollouts=9, horizon=4).choose(other) == mine
    assert differed >= 2  # the other worlds did differ in what the seat cannot see


def test_a_time_budget_is_kept_and_capped() -> None:
    import time

    state = position("ming", 2, 40)
    bot = RolloutBot("ming", 1, seconds=5.0, max_seconds=0.05)
    started = time.thread_time()
    bot.choose(state)
    assert time.thread_time() - started < 1.0  # the cap, not the budget, stopped it


def test_specs() -> None:
    assert parse_spec("rollout").seconds == 1.0
    assert parse_spec("rollout:200").iterations == 200
    assert parse_spec("rollout:0.5s").seconds == 0.5
    with pytest.raises(OptionError, match="one process"):
        parse_spec("rollout:1s:2")
    assert isinstance(make_bot("rollout:50", "changcheng", 1), RolloutBot)


def test_the_trial_script_plays_alternating_seats_and_sums_the_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from .scripts import load

    trial = load("experiments/rollout_trial")
    argv = ["--game", "ming", "--games", "2", "--rollouts", "3", "--horizon", "2"]
    assert trial.main([*argv, "--against", "greedy"]) == 0
    out, err = capsys.readouterr()
    games_played = [json.loads(line) for line in err.splitlines()]
    assert [g["hero"] for g in games_played] == [0, 1]
    summary = json.loads(out)
    assert summary["games"] == 2 and summary["won"] == sum(g["won"] for g in games_played)
    trial.main([*argv, "--against", "greedy"])
    assert capsys.readouterr().err.splitlines() == err.splitlines()  # seeded: the same games
