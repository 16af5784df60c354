"""The playout prior (bots/prior.py): Dragon's shipped file, what a broken one is told,
playouts that lean towards the prior's favourites and play legal games to the end, a
search leaf that plays it out (the shipped 2-player search's), and the script that fits
it (bench/fit/fit_prior.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from dragontable import games
from dragontable.bots import leaves, prior
from dragontable.bots.heuristics import evaluator
from dragontable.core.errors import DataError
from dragontable.core.rng import Rng
from dragontable.core.state import State
from dragontable.games.dragon.heuristic import prior_token

from .scripts import load


def good(**changed: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "format": prior.FORMAT,
        "version": prior.VERSION,
        "game": "dragon",
        "produced_by": "a test",
        "temperature": 2.0,
        "search": [],
        "weights": {"2": {"card T": 1.5, "release Fy": -0.5}},
    }
    raw.update(changed)
    return raw


def test_dragon_ships_a_prior_the_search_uses_at_two_and_four_players_only() -> None:
    shipped = prior.load("dragon")
    assert shipped is not None and shipped.temperature == 2.0 and set(shipped.weights) == {2, 3, 4}
    assert "bench/fit/fit_prior.py" in shipped.produced_by
    assert prior.playout_for("dragon") is not None
    assert shipped.search == {2, 4}
    searched = prior.search_playout("dragon")
    assert searched is not None and set(searched.prior.weights) == {2, 4}
    assert searched.prior.weights[4] == shipped.weights[4]
    assert prior.load("ming") is None and prior.playout_for("changcheng") is None


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        ({"format": "other"}, "expected an object with 'format'"),
        ({"version": 1}, "'version' 1 is not supported"),
        ({"game": "ming"}, "'game' is 'ming', not 'dragon'"),
        ({"produced_by": None}, "'produced_by' must say how the file was made"),
        ({"temperature": 0}, "'temperature' must be positive"),
        ({"temperature": "hot"}, "'hot' is not a finite number"),
        ({"search": True}, "'search' must list player counts with weights"),
        ({"search": [3]}, "'search' must list player counts with weights"),
        ({"search": ["2"]}, "'search' must list player counts with weights"),
        ({"weights": {}}, "'weights' must map player counts"),
        ({"weights": {"two": {"a": 1}}}, "'two' is not a player count"),
        ({"weights": {"2": {}}}, "player count 2: expected 1 to"),
        ({"weights": {"2": {"card T": math.inf}}}, "inf is not a finite number"),
        ({"weights": {"2": {"card T": True}}}, "True is not a finite number"),
        ({"weights": {"2": {"card T": 201.0}}}, "player count 2: a weight beyond 100 x the"),
    ],
)
def test_a_broken_prior_is_refused_with_what_is_wrong(
    changed: dict[str, Any], message: str
) -> None:
    with pytest.raises(DataError, match=f"prior dragon/priors/playout.json: {message}"):
        prior.parse(good(**changed), "dragon", "dragon/priors/playout.json")


def test_the_token_leaves_out_the_palace_an_action_names() -> None:
    assert prior_token("release p1:Fy") == "release Fy"
    assert prior_token("replace p12:Cy") == "replace Cy"
    assert prior_token("place p2") == "place"
    assert prior_token("floor new") == "floor new"
    assert prior_token("pick C+F") == "pick C+F"


def start(seed: int) -> State:
    state = games.create("dragon", players=2, seed=seed)
    state.silence()
    return state


def replayed(history: list[str], seed: int) -> list[tuple[list[str], str]]:
    """Each decision of a game played from ``start(seed)``: its legal actions and the
    action taken (an illegal one raises)."""
    state, out = start(seed), []
    for action in history:
        legal = state.legal_actions()
        out.append((legal, action))
        state.apply(action)
    assert state.is_over
    return out


def test_a_prior_playout_plays_a_legal_game_to_the_end_from_its_seed() -> None:
    playout = prior.playout_for("dragon")
    assert playout is not None
    games_played = []
    for _ in range(2):
        state = start(3)
        playout(state, Rng(7))
        games_played.append(list(state.history))
    assert games_played[0] == games_played[1]
    replayed(games_played[0], 3)


def test_the_playout_takes_a_heavily_weighted_action_whenever_it_may() -> None:
    favoured = prior.parse(good(weights={"2": {"card T": 40.0}}, temperature=1.0), "dragon", "t")
    state = start(5)
    prior.PriorPlayout(favoured, prior_token)(state, Rng(1))
    decisions = [(legal, a) for legal, a in replayed(list(state.history), 5) if len(legal) > 1]
    with_t = [a for legal, a in decisions if "card T" in legal]
    assert with_t and all(a == "card T" for a in with_t)


def test_a_player_count_without_weights_plays_as_the_random_playout() -> None:
    three_only = prior.parse(good(weights={"3": {"card T": 40.0}}), "dragon", "t")
    leaning, plain = start(8), start(8)
    prior.PriorPlayout(three_only, prior_token)(leaning, Rng(4))
    leaves.random_rollout(plain, Rng(4))
    assert leaning.history == plain.history


def test_a_search_leaf_plays_its_rollout_out_at_the_counts_it_plays_to_the_end() -> None:
    playout = prior.playout_for("dragon")
    assert playout is not None
    led = leaves.heuristic_leaf(evaluator("dragon"), 10.0, None, 12, (2,), playout)
    state = start(2)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    played, randomly = state.clone(), state.clone()
    playout(played, Rng(11))
    leaves.random_rollout(randomly, Rng(11))
    assert played.history != randomly.history  # the prior led it elsewhere
    assert led(state.clone(), Rng(11)) == leaves.rewards(played)
    shipped = leaves.leaf_for("dragon")  # its prior is marked for the search
    assert shipped is not None and shipped(state.clone(), Rng(11)) == leaves.rewards(played)


def test_the_searched_prior_keeps_only_the_marked_counts_weights() -> None:
    both = good(weights={"2": {"card T": 1.0}, "3": {"card H": 2.0}}, search=[3])
    searched = prior.parse(both, "dragon", "t").searched()
    assert searched.weights == {3: {"card H": 2.0}} and searched.search == {3}
    assert prior.parse(good(), "dragon", "t").searched().weights == {}  # none marked


def test_the_shipped_search_plays_by_the_prior_only_where_it_is_marked() -> None:
    shipped, playout = leaves.leaf_for("dragon"), prior.playout_for("dragon")
    assert shipped is not None and playout is not None
    for players, marked in ((3, False), (4, True)):  # both have weights; 4 is marked
        state = games.create("dragon", players=players, seed=6)
        state.silence()
        for _ in range(30):
            state.apply(state.legal_actions()[-1])
        randomly, led = state.clone(), state.clone()
        leaves.random_rollout(randomly, Rng(12))
        playout(led, Rng(12))
        assert led.history != randomly.history  # the weights would have led it elsewhere
        played, searched = led if marked else randomly, state.clone()
        assert shipped(searched, Rng(12)) == leaves.rewards(played)
        assert searched.history == played.history


def test_the_fitting_script_writes_a_prior_that_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "playout.json"
    args = ["--game", "dragon", "--games", "2", "--steps", "20", "--write", str(out)]
    args += ["--search", "2"]
    assert load("fit/fit_prior").main(args) == 0
    report = json.loads(capsys.readouterr().out)
    fit = report["fits"]["2"]
    assert fit["decisions"] > 50 and fit["log_likelihood"] > fit["uniform"]
    written = prior.parse(json.loads(out.read_text("utf-8")), "dragon", "t")
    assert written.temperature == 2.0 and written.search == {2}
    assert not any(":" in t for t in written.weights[2])


def test_the_fitting_script_refuses_to_mark_a_count_it_does_not_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "playout.json"
    args = ["--game", "dragon", "--players", "2", "--search", "3", "--write", str(out)]
    with pytest.raises(SystemExit) as stopped:
        load("fit/fit_prior").main(args)
    assert stopped.value.code == 2 and not out.exists()
    assert "--search names player counts that --players does not fit" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        load("fit/fit_prior").main(["--game", "dragon", "--search", "two"])
    assert stopped.value.code == 2
    assert "expected player counts like 2,4, not 'two'" in capsys.readouterr().err
