"""Tournaments rotate seats, reproduce exactly, and refuse bad set-ups clearly."""

from __future__ import annotations

import pytest

from dragontable.core.errors import OptionError
from dragontable.tournament import markdown, play_one, tournament, wilson


def test_results_are_identical_run_to_run_and_across_worker_counts() -> None:
    one = tournament("dragon", 2, ["greedy", "random"], 6, seed=3, workers=1)
    two = tournament("dragon", 2, ["greedy", "random"], 6, seed=3, workers=2)
    assert one == two
    assert sum(r["wins"] for r in one["bots"]) == pytest.approx(6)


def test_seats_rotate_between_games() -> None:
    a = play_one("dragon", 3, ["random", "random", "random"], 5, 0, {})
    b = play_one("dragon", 3, ["random", "random", "random"], 5, 1, {})
    assert sorted(a["place"]) == [1, 2, 3] and sorted(b["place"]) == [1, 2, 3]
    assert sum(a["win"]) == pytest.approx(1.0)


def test_report_has_confidence_intervals_ranks_and_ratings() -> None:
    result = tournament("dragon", 2, ["greedy", "random"], 8, seed=1)
    greedy, rnd = result["bots"]
    assert greedy["rating_mu"] > rnd["rating_mu"]
    lo, hi = greedy["win_rate_ci95"]
    assert 0 <= lo <= greedy["win_rate"] <= hi <= 1
    assert greedy["mean_rank"] + rnd["mean_rank"] == pytest.approx(3)  # places 1 and 2 each game
    assert greedy["mean_rank"] < rnd["mean_rank"]
    assert "| greedy |" in markdown(result)


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(95, 100)
    assert lo == pytest.approx(0.8883, abs=1e-3) and hi == pytest.approx(0.9785, abs=1e-3)


@pytest.mark.parametrize(
    ("specs", "message"),
    [(["greedy"], "names 1 bots for 2 players"), (["greedy", "wizard"], "unknown bot")],
)
def test_bad_tournament_setups_are_refused(specs: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        tournament("dragon", 2, specs, 2)
