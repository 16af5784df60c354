"""The review of a record: one entry per real decision of the seat, win chances, verdicts,
labels in every language, clear refusals."""

from __future__ import annotations

import json

import pytest

from dragontable import games
from dragontable.core.errors import OptionError, RecordError
from dragontable.core.messages import LANGUAGES
from dragontable.core.rng import Rng
from dragontable.games import replay_steps
from dragontable.review import (
    PLAYED_SHARE,
    REVIEW_VERSION,
    THRESHOLDS,
    VERDICTS,
    Thresholds,
    WinChance,
    chance_after,
    decisions,
    describe,
    judge,
    review_record,
    search_root,
    visit_played,
)

from .helpers import ITERATIONS, bot_record

FIELDS = {"index", "move", "best", "before", "after", "loss", "verdict"}


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_a_review_judges_every_decision_with_a_choice(game: str) -> None:
    record = bot_record(game, actions=60)
    seen = []
    review = review_record(record, 1, ITERATIONS, progress=lambda k, n: seen.append((k, n)))
    chosen = [
        k
        for k, state in enumerate(replay_steps(record))
        if k < len(record["actions"])
        and state.current_player == 1
        and len(state.legal_actions()) > 1
    ]
    assert review["version"] == REVIEW_VERSION and review["game"] == game
    assert review["seat"] == 1 and review["iterations"] == ITERATIONS
    assert [d["index"] for d in review["decisions"]] == chosen
    assert seen == [(k, len(chosen)) for k in range(len(chosen) + 1)]
    for d in review["decisions"]:
        assert set(d) == FIELDS
        assert d["move"] == record["actions"][d["index"]]
        assert 0 <= d["after"] <= 1 and 0 <= d["before"] <= 1
        assert d["loss"] == max(0.0, round(d["before"] - d["after"], 3))
        assert d["verdict"] in VERDICTS
        assert (d["verdict"] == "best") == (d["best"] == d["move"])
    assert sum(review["summary"].values()) == len(chosen)


def test_a_review_is_reproducible() -> None:
    record = bot_record("changcheng", actions=40)
    first = review_record(record, 0, ITERATIONS)
    assert json.dumps(first) == json.dumps(review_record(record, 0, ITERATIONS))


@pytest.mark.parametrize(
    ("loss", "best", "verdict"),
    [
        (0.0, True, "best"),
        (0.3, True, "best"),
        (0.0, False, "good"),
        (THRESHOLDS.inaccuracy - 0.001, False, "good"),
        (THRESHOLDS.inaccuracy, False, "inaccuracy"),
        (THRESHOLDS.mistake, False, "mistake"),
        (THRESHOLDS.blunder, False, "blunder"),
        (1.0, False, "blunder"),
    ],
)
def test_verdicts_follow_the_thresholds(loss: float, best: bool, verdict: str) -> None:
    assert THRESHOLDS.verdict(loss, best) == verdict
    assert THRESHOLDS.inaccuracy < THRESHOLDS.mistake < THRESHOLDS.blunder


def test_thresholds_are_one_frozen_table() -> None:
    with pytest.raises(AttributeError):
        THRESHOLDS.blunder = 0.5  # type: ignore[misc]
    assert Thresholds(inaccuracy=0.01).verdict(0.02, False) == "inaccuracy"


def test_the_played_move_is_searched_enough_even_when_the_search_shuns_it() -> None:
    record = bot_record("dragon", actions=40)
    d = max(decisions(record, 0), key=lambda d: len(d.state.legal_actions()))
    rng = Rng(1)
    world = d.state.determinize(0, rng.next64())
    leaf = WinChance("dragon", rng)
    root = search_root(world, 0, ITERATIONS, leaf)
    visits = {a: n.visits for a, n in root.children.items()}
    shunned = min(world.legal_actions(), key=lambda a: visits.get(a, 0))
    assert visits.get(shunned, 0) <= 1
    node = visit_played(root, world, 0, shunned, int(PLAYED_SHARE * 100), leaf)
    assert node is root.children[shunned] and node.visits == int(PLAYED_SHARE * 100)
    assert 0 <= node.value / node.visits <= 1


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_a_moves_chance_is_its_win_chance_in_the_review(game: str) -> None:
    record = bot_record(game, actions=50)
    for d in decisions(record, 1)[:4]:
        for move in d.state.legal_actions()[:3]:
            chance = chance_after(d.state, move, ITERATIONS)
            assert chance == judge(d.state, 1, d.index, move, ITERATIONS)["after"]
            assert 0.0 <= chance <= 1.0


def test_chances_need_a_seat_to_move() -> None:
    over = games.replay(bot_record("changcheng"))
    assert over.is_over
    with pytest.raises(OptionError, match="no seat is to move"):
        chance_after(over, "pass", ITERATIONS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labels_are_the_seats_choices_in_the_language(lang: str) -> None:
    record = bot_record("changcheng", actions=30)
    review = describe(record, review_record(record, 0, ITERATIONS), lang, ["Ann", "Bob"])
    states = dict(enumerate(s.clone() for s in replay_steps(record)))
    for d in review["decisions"]:
        labels = {
            c["action"]: c["label"] for c in states[d["index"]].choices(0, lang, ["Ann", "Bob"])
        }
        assert d["move_label"] == labels[d["move"]] and d["best_label"] == labels[d["best"]]


def test_bad_seats_and_budgets_are_refused() -> None:
    record = bot_record("ming", actions=10)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(OptionError, match="no seat"):
            review_record(record, seat, ITERATIONS)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="iterations"):
        review_record(record, 0, 0)


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = bot_record("ming", actions=10)
    record["actions"][5] = "fly away"
    with pytest.raises(RecordError, match="action 6"):
        review_record(record, 0, ITERATIONS)
