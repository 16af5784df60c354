"""The review's win chances: each seat's share of ``exp(value / scale)`` from the game's
heuristic, at the scale fitted for the player count (``review_scales``), adding up to one."""

from __future__ import annotations

import math

import pytest

from dragontable import games
from dragontable.bots.leaves import lead_rewards, win_chances
from dragontable.core.rng import Rng
from dragontable.review import WinChance, decisions, judge

from .helpers import ITERATIONS, bot_record

CALIBRATED = [
    (game, players)
    for game in games.names()
    for players in range(games.get(game).min_players, games.get(game).max_players + 1)
    if games.bot_settings(game).review_scale(players) is not None
]


def test_win_chances_add_up_to_one_and_follow_the_values() -> None:
    chances = win_chances([10.0, 4.0, 4.0], 6.0)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == pytest.approx(math.e / (math.e + 2))
    assert chances[1] == chances[2] < chances[0]


def test_at_two_seats_a_win_chance_is_the_logistic_of_the_lead() -> None:
    for values in ([3.0, 0.0], [-2.5, 7.0], [1.0, 1.0]):
        assert win_chances(values, 4.0) == pytest.approx(lead_rewards(values, 4.0))


def test_a_huge_lead_is_a_sure_win_without_overflow() -> None:
    assert win_chances([1e9, 0.0, -1e9], 1.0) == pytest.approx([1.0, 0.0, 0.0])


def test_every_game_is_calibrated_at_two_players() -> None:
    assert {("changcheng", 2), ("ming", 2), ("dragon", 2)} <= set(CALIBRATED)
    # Dragon's playouts to the end flagged a quarter of greedy's moves: every count is scaled
    assert {("dragon", n) for n in range(2, 6)} <= set(CALIBRATED)
    for game, players in CALIBRATED:
        scale = games.bot_settings(game).review_scale(players)
        assert scale is not None and math.isfinite(scale) and scale > 0
    assert games.bot_settings("changcheng").review_scale(99) is None


@pytest.mark.parametrize(("game", "players"), CALIBRATED)
def test_a_leaf_is_judged_by_win_chances_at_the_review_scale(game: str, players: int) -> None:
    record = bot_record(game, players, actions=30)
    state = games.replay(record)
    settings = games.bot_settings(game)
    scale = settings.review_scale(players)
    assert scale is not None
    judged = WinChance(game, Rng(1), scale)(state.clone(), Rng(1))
    # the random moves the game's leaf plays first (Dragon's 12), then the heuristic,
    # at every count: also where the search plays out to the end
    rng = Rng(1)
    for _ in range(settings.leaf_playout):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    judge_all = settings.evaluate_all
    assert judge_all is not None and not state.is_over
    assert judged == pytest.approx(win_chances(judge_all(state), scale))
    assert sum(judged) == pytest.approx(1.0)


def test_a_review_judges_at_the_games_review_scale() -> None:
    record = bot_record("changcheng", actions=40)
    found = decisions(record, 0)[:4]
    settings = games.bot_settings("changcheng")
    calibrated, sharp = settings.review_scale(2), settings.leaf_scale
    assert calibrated is not None and sharp is not None and calibrated != sharp
    shipped = [judge(d.state, 0, d.index, d.move, ITERATIONS) for d in found]
    assert shipped == [judge(d.state, 0, d.index, d.move, ITERATIONS, calibrated) for d in found]
    # the search's sharper scale would have said other win chances
    assert shipped != [judge(d.state, 0, d.index, d.move, ITERATIONS, sharp) for d in found]
