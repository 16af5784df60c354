"""A playout guided by move averages (MAST) plays the game out and learns from its ends;
a mixed leaf weighs the heuristic's judgement against a playout's result."""

from __future__ import annotations

import pytest

from dragontable import games
from dragontable.bots.leaves import lead_rewards, random_rollout, rewards
from dragontable.bots.playouts import MastPlayout, mixed_leaf
from dragontable.core.rng import Rng
from dragontable.core.state import State


def test_a_playout_ends_the_game_and_gives_its_result() -> None:
    state = games.create("dragon", players=2, seed=2)
    got = MastPlayout()(state, Rng(1))
    assert state.is_over and got == rewards(state)


def test_each_player_keeps_the_mean_reward_of_the_actions_it_chose() -> None:
    playout, rng = MastPlayout(), Rng(3)
    expected: list[dict[str, list[float]]] = [{}, {}]
    for _ in range(5):
        state = games.create("dragon", players=2, seed=7)
        result = playout(state, rng)
        replay = games.create("dragon", players=2, seed=7)
        for move in state.history:  # every choice among several options counts once
            seat = replay.current_player
            if seat is not None and len(replay.legal_actions()) > 1:
                stat = expected[seat].setdefault(move, [0.0, 0.0])
                stat[0] += result[seat]
                stat[1] += 1.0
            replay.apply(move)
    assert playout.tables == expected
    assert any(count > 1 for table in expected for _, count in table.values())


@pytest.mark.parametrize("epsilon", [None, 0.0])
def test_a_playout_prefers_what_paid_before(epsilon: float | None) -> None:
    playout = MastPlayout(temperature=0.05, epsilon=epsilon)
    table = {"b": [9.0, 10.0], "a": [1.0, 10.0], "c": [5.0, 10.0]}
    picks = [playout._pick(["a", "b", "c"], table, Rng(i)) for i in range(200)]
    assert picks.count("b") > 190


def test_an_action_never_played_is_tried_before_a_poor_one() -> None:
    playout = MastPlayout(temperature=0.05, epsilon=0.0)
    assert playout._pick(["a", "new"], {"a": [1.0, 10.0]}, Rng(1)) == "new"


def test_the_same_generator_plays_the_same_playout() -> None:
    one, two = (games.create("ming", players=3, seed=5) for _ in range(2))
    MastPlayout()(one, Rng(9))
    MastPlayout()(two, Rng(9))
    assert one.history == two.history


def test_score_rewards_keep_the_win_and_add_the_margin() -> None:
    from dragontable.bots.leaves import random_rollout
    from dragontable.bots.playouts import margin_rewards

    state = games.create("dragon", players=3, seed=4)
    random_rollout(state, Rng(4))
    totals = [s["total"] for s in state.scores()]
    got = margin_rewards(10.0)(state)
    (winner,) = state.winners()
    assert got[winner] > 0.8 and all(got[s] < 0.2 for s in range(3) if s != winner)
    order = sorted(range(3), key=lambda s: totals[s])
    assert got[order[0]] <= got[order[1]]  # more points, more reward among the losers
    wide = margin_rewards(1000.0)(state)  # a huge scale: every margin counts half
    assert wide[winner] == pytest.approx(0.9, abs=0.01)


def test_a_mixed_leaf_weighs_the_judgement_at_the_leaf_against_the_playout() -> None:
    def judge(state: State) -> list[float]:
        return [float(len(state.history)), 0.0]  # a lead as long as the game so far

    start = games.create("dragon", players=2, seed=5)
    rng = Rng(4)
    for _ in range(30):
        legal = start.legal_actions()
        start.apply(legal[rng.below(len(legal))])
    judged = lead_rewards(judge(start), 10.0)
    played = start.clone()
    random_rollout(played, Rng(9))
    for weight in (0.0, 0.25, 1.0):
        state = start.clone()
        got = mixed_leaf(judge, 10.0, weight)(state, Rng(9))
        assert state.history == played.history  # the same playout, whatever the weight
        want = [weight * j + (1 - weight) * p for j, p in zip(judged, rewards(played))]
        assert got == pytest.approx(want)
    assert judged[0] > 0.9 and rewards(played) != judged
    # a finished game is judged by its result alone
    assert mixed_leaf(judge, 10.0, 1.0)(played, Rng(1)) == rewards(played)
    with pytest.raises(ValueError, match="between 0 and 1"):
        mixed_leaf(judge, 10.0, 1.5)
