"""The search-variant script (bench/experiments/search_variant.py): a leaf judged by the game's value
function or by mcts-v1's frozen heuristic (a clear error where a game has none),
greedy's move by default unless the search is surer by a margin, and roots kept to
greedy's best, opened later or widened step by step, and a leaf centred on the search's
mean lead."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from dragontable import games
from dragontable.bots import leaves, make_bot, mcts, prior, value
from dragontable.bots.baseline import mcts as v1
from dragontable.core.rng import Rng, derive_seed
from dragontable.core.state import State

from .scripts import load


def script() -> Any:
    return load("experiments/search_variant")


def test_the_value_leaf_judges_by_the_fitted_model() -> None:
    sv = script()
    state = games.create("changcheng", players=3, seed=4)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    model, predict = value.load("changcheng"), value.predictor("changcheng")
    assert model is not None and predict is not None
    made = sv.leaf_maker("changcheng", sv.Variant(value=True))
    expected = leaves.lead_rewards(predict(state), model.fits[3].scale)
    assert made("changcheng")(state.clone(), Rng(1)) == expected
    sharper = sv.leaf_maker("changcheng", sv.Variant(value=True, scale=1.0))
    assert sharper("changcheng")(state.clone(), Rng(1)) == leaves.lead_rewards(predict(state), 1.0)


def test_a_game_without_a_value_function_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="ming ships no value function"):
        script().leaf_maker("ming", script().Variant(value=True))


def test_a_short_run_reports_the_setting(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "changcheng", "--value", "--iterations", "3", "--games", "2"]
    assert script().main([*args, "--against", "mcts", "--seed", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] is True and report["budget"] == "3" and report["games"] == 2


def test_defer_plays_greedys_move_unless_the_search_is_that_much_surer() -> None:
    state = games.create("changcheng", players=2, seed=3)
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    deferring, searching = (search(state, defer) for defer in (1.0, None))
    greedy = make_bot("greedy", "changcheng", 0).choose(state.clone())
    assert deferring == greedy  # no search is a whole reward surer than greedy's move
    assert searching != greedy  # the search alone plays another here


def search(state: State, defer: float | None) -> str:
    """The move of a 300-iteration search set up by the script with ``--defer``."""
    found = make_bot("mcts:300", "changcheng", 5)
    assert isinstance(found, mcts.MctsBot)
    script().configure(found, "changcheng", script().Variant(defer=defer), None, 9)
    return found.choose(state.clone())


def test_the_v1_leaf_is_mcts_v1s_frozen_heuristic() -> None:
    sv = script()
    state, rng = games.create("ming", players=2, seed=0), Rng(0)
    for _ in range(90):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    frozen = v1.leaf_for("ming")
    assert frozen is not None
    made = sv.leaf_maker("ming", sv.Variant(v1_leaf=True))
    ours = leaves.leaf_for("ming")
    assert ours is not None
    assert made("ming")(state.clone(), Rng(1)) == frozen(state.clone())
    assert frozen(state.clone()) != ours(state.clone(), Rng(1))  # not today's leaf
    with pytest.raises(ValueError, match="mcts-v1 plays dragon's leaves out at random"):
        sv.leaf_maker("dragon", sv.Variant(v1_leaf=True))


def test_two_leaf_options_at_once_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        script().main(["--game", "ming", "--value", "--v1-leaf", "--games", "1"])
    assert "--value and --v1-leaf each choose the leaf: give one of them" in capsys.readouterr().err


def test_the_prior_playout_leaf_plays_the_games_prior_to_the_end() -> None:
    sv = script()
    state = games.create("dragon", players=2, seed=6)
    made = sv.leaf_maker("dragon", sv.Variant(playout="prior"))
    played = state.clone()
    led = prior.playout_for("dragon")
    assert led is not None
    led(played, Rng(2))
    assert made("dragon")(state.clone(), Rng(2)) == leaves.rewards(played)
    with pytest.raises(ValueError, match="ming ships no playout prior"):
        sv.leaf_maker("ming", sv.Variant(playout="prior"))


def test_leaf_weights_judge_leaves_under_the_changed_search_weights() -> None:
    import dataclasses

    from dragontable.games.changcheng import heuristic as cc

    sv = script()
    state = games.create("changcheng", players=2, seed=5)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    changed = sv.leaf_maker("changcheng", sv.Variant(leaf_weights='{"rival": 0.5}'))
    halved = dataclasses.replace(cc.SEARCH_WEIGHTS, rival=0.5)
    scale = cc.SETTINGS.leaf_scale
    assert scale is not None
    expected = leaves.lead_rewards(cc.evaluate_all_with(state, halved), scale)
    assert changed("changcheng")(state.clone(), Rng(1)) == expected
    shipped = leaves.lead_rewards(cc.evaluate_all(state), scale)
    assert expected != shipped
    with pytest.raises(ValueError, match="dragon's search has no leaf weights"):
        sv.leaf_maker("dragon", sv.Variant(leaf_weights="{}"))


@pytest.mark.parametrize(
    ("game", "weights", "said"),
    [
        ("dragon", "{}", "dragon's search has no leaf weights"),
        ("changcheng", '{"rivals": 1}', "changcheng's search weights have no rivals"),
        ("changcheng", "{rival", "Expecting property name"),
        ("changcheng", "[1]", "an object of numbers"),
        ("changcheng", '{"rival": "half"}', "an object of numbers"),
    ],
)
def test_a_leaf_that_cannot_be_built_is_refused_before_any_game(
    game: str, weights: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        script().main(["--game", game, "--leaf-weights", weights, "--games", "1"])
    assert said in capsys.readouterr().err


def watch_decisions(bot: mcts.MctsBot) -> list[mcts.SearchResult]:
    """The search results ``bot`` decides from, as it decides."""
    judged: list[mcts.SearchResult] = []
    decide = bot.decide

    def watched(st: State, result: mcts.SearchResult) -> str:
        judged.append(result)
        return decide(st, result)

    bot.decide = watched  # type: ignore[method-assign, assignment]
    return judged


def test_a_root_opened_later_searches_greedys_best_first_then_every_action() -> None:
    sv = script()
    state = games.create("changcheng", players=2, seed=3)
    while len(state.legal_actions()) <= 40:
        state.apply(state.legal_actions()[-1])
    bot = make_bot("mcts:60", "changcheng", 1)
    assert isinstance(bot, mcts.MctsBot)
    sv.configure(bot, "changcheng", sv.Variant(root_top=3), None, 2)
    assert bot.shortlist is not None
    best = set(sv.greedy_shortlist("changcheng", 3, derive_seed(2, "top"))(state))
    judged = watch_decisions(bot)
    move = sv.OpenedLater(bot, 0.5).choose(state)
    (result,) = judged
    assert move in state.legal_actions()
    assert sum(n for n, _ in result.stats.values()) == 60  # both halves in one tree
    opened = set(result.stats) - best
    assert len(opened) == 30  # the second half tried 30 actions greedy had left out
    assert all(result.stats[a][0] > 1 for a in best)  # the first half: greedy's three


def test_a_widened_root_opens_greedys_ranking_in_doubling_steps() -> None:
    sv = script()
    state = games.create("changcheng", players=2, seed=3)
    while len(state.legal_actions()) <= 40:
        state.apply(state.legal_actions()[-1])
    legal = state.legal_actions()
    ranked = sv.greedy_order("changcheng", 5)(state)
    assert sorted(ranked) == sorted(legal)  # every action, each once
    bot = make_bot("mcts:100", "changcheng", 1)
    assert isinstance(bot, mcts.MctsBot)
    judged = watch_decisions(bot)
    move = sv.Widened(bot, 2, 5, lambda _: ranked).choose(state)
    (result,) = judged
    assert move in legal
    assert result.iterations == 100  # the budget, over the steps of one tree
    # 2 actions for 10 iterations, 4 until 20, 8 until 40, 16 until 80, then 32
    assert set(result.stats) == set(ranked[:32])
    assert all(result.stats[a][0] >= 5 for a in ranked[:2])  # the first two from the start


def test_widen_needs_a_positive_step_and_no_open_after(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in (["--widen", "0"], ["--widen", "30", "--root-top", "5", "--open-after", "0.5"]):
        with pytest.raises(SystemExit):
            script().main(["--game", "changcheng", "--games", "1", *extra])
        assert "--widen takes iterations an action" in capsys.readouterr().err


def test_history_gives_the_variant_workers_search_its_weight() -> None:
    """``--history W`` reaches the search of the worker that plays the variant's games."""
    sv, before = script(), mcts.HISTORY
    try:
        job = ("changcheng", 2, sv.Variant(history=2.5), "3", "mcts-v1", 2, 0)
        assert sv._play(job) in (0.0, 0.5, 1.0)
        assert mcts.HISTORY == 2.5
    finally:
        mcts.HISTORY = before


def test_history_is_refused_against_todays_search_or_below_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Against today's search the weight would change the field's searches too."""
    for extra, says in ((["--against", "mcts"], "not with --against mcts"), ([], "0 or more")):
        with pytest.raises(SystemExit):
            script().main(["--game", "changcheng", "--games", "1", "--history", "-1", *extra])
        assert says in capsys.readouterr().err


def test_a_centred_leaf_judges_each_lead_against_the_searchs_mean_lead() -> None:
    from dragontable.games.changcheng import heuristic as cc

    sv = script()
    make = sv.leaf_maker("changcheng", sv.Variant(centre=2.0))
    early = games.create("changcheng", players=2, seed=5)
    later = early.clone()
    for _ in range(10):
        later.apply(later.legal_actions()[0])
    leaf = make("changcheng")
    assert leaf(early.clone(), Rng(1)) == [0.5, 0.5]  # the first leaf is the mean itself
    values = [cc.evaluate_all(s) for s in (early, later)]
    leads = [[v[0] - v[1], v[1] - v[0]] for v in values]
    second = leaf(later.clone(), Rng(1))
    for seat in (0, 1):  # the lead against the mean of both leaves, at scale 2
        x = (leads[1][seat] - (leads[0][seat] + leads[1][seat]) / 2) / 2.0
        assert second[seat] == pytest.approx(1 / (1 + math.exp(-x)))
    assert second != [0.5, 0.5]
    assert make("changcheng")(later.clone(), Rng(1)) == [0.5, 0.5]  # a new search, a new mean


def test_centre_needs_a_positive_scale_and_no_other_leaf(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for bad in (["--centre", "0"], ["--centre", "nan"], ["--centre", "2", "--value"]):
        with pytest.raises(SystemExit):
            script().main(["--game", "changcheng", *bad])
    said = capsys.readouterr().err
    assert "--centre takes a positive scale, not 0.0" in said
    assert "--value and --centre each choose the leaf" in said
