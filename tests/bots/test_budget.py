"""The bot time cap stops a search, leaves an uncut one alone, and the budget check
judges a spec by the measured cost of an iteration per game and player count."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.budget import (
    check_bot_budget,
    iteration_cost,
    limit_text,
    load_costs,
    max_iterations,
)
from dragontable.bots.leaves import leaf_for
from dragontable.bots.mcts import parallel_search, search
from dragontable.core.errors import DataError, OptionError
from dragontable.core.rng import Rng
from dragontable.core.state import State

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "fit" / "iteration_cost.py"
GAMES = ("dragon", "ming", "changcheng")
SERVER_SECONDS = 10.0
CAP = 0.3
# Far more than CAP buys (dragon's opening costs ~0.4 ms an iteration here), yet small
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


# --- the budget check ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), every_count())
@pytest.mark.parametrize("spec", ["mcts:2s", "mcts:10s", "greedy", "random", "mcts:300", "mcts"])
def test_modest_bots_fit_ten_seconds_in_every_game(spec: str, game: str, players: int) -> None:
    check_bot_budget(spec, game, players, SERVER_SECONDS)


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("mcts:11s", "11 s a move"),
        ("mcts:100000", "about [0-9.]+ s a move"),
        ("mcts:2s:4", "one process"),
        ("mcts:300:2", "one process"),
    ],
)
def test_costly_bots_are_refused_for_five_player_dragon(spec: str, reason: str) -> None:
    with pytest.raises(OptionError, match=reason) as refused:
        check_bot_budget(spec, "dragon", 5, SERVER_SECONDS)
    assert spec in str(refused.value)


def test_refusal_names_the_largest_iteration_budget_for_the_game() -> None:
    most = max_iterations("dragon", 5, SERVER_SECONDS)
    with pytest.raises(OptionError) as refused:
        check_bot_budget("mcts:100000", "dragon", 5, SERVER_SECONDS)
    assert f"at most {most:,} iterations" in str(refused.value)
    assert "5-player In the Year of the Dragon" in str(refused.value)
    assert limit_text("dragon", 5, SERVER_SECONDS) in str(refused.value)


@pytest.mark.parametrize(("game", "players"), every_count())
def test_largest_iteration_budget_is_allowed_and_one_more_is_not(game: str, players: int) -> None:
    most = max_iterations(game, players, SERVER_SECONDS)
    assert most * iteration_cost(game, players).p90 <= SERVER_SECONDS
    check_bot_budget(f"mcts:{most}", game, players, SERVER_SECONDS)
    with pytest.raises(OptionError, match="iterations"):
        check_bot_budget(f"mcts:{most + 1}", game, players, SERVER_SECONDS)


def test_iteration_budgets_follow_the_cost_of_the_game() -> None:
    most = {n: max_iterations("dragon", n, SERVER_SECONDS) for n in range(2, 6)}
    # 2- to 4-player Dragon play their leaves to the end (leaf_to_end), 5 players judge
    # them after 12 moves: an iteration to the end costs more, the more so the more seats
    assert most[2] < most[5] and most[3] < most[5] and most[4] < most[5]
    assert most[4] < most[2]
    assert 1_000 < most[5] < 100_000
    assert max_iterations("ming", 4, SERVER_SECONDS) > most[5]
    assert max_iterations("dragon", 5, 2 * SERVER_SECONDS) >= 2 * most[5]


def test_budget_check_refuses_bad_arguments_clearly() -> None:
    with pytest.raises(OptionError, match="unknown bot"):
        check_bot_budget("alphazero", "dragon", 4, SERVER_SECONDS)
    with pytest.raises(OptionError, match="unknown game"):
        check_bot_budget("greedy", "chess", 2, SERVER_SECONDS)
    with pytest.raises(OptionError, match="2-5 players, not 6"):
        check_bot_budget("mcts:300", "dragon", 6, SERVER_SECONDS)
    with pytest.raises(OptionError, match="positive seconds"):
        max_iterations("dragon", 4, 0.0)


def test_a_game_alias_reads_the_same_cost() -> None:
    assert iteration_cost("ityotd", 4) == iteration_cost("dragon", 4)


# --- the data file ---------------------------------------------------------------------


def test_packaged_data_covers_every_game_and_player_count() -> None:
    costs = load_costs()
    for key in every_count():
        cost = costs.cost[key]
        assert 0 < cost.mean < math.inf and 0 < cost.p90 < math.inf
    assert costs.measured_with.startswith("python bench/fit/iteration_cost.py")


def good_data() -> dict[str, Any]:
    """A valid data file: every game and player count, mean 1 ms and p90 2 ms."""
    counts: dict[str, dict[str, dict[str, float]]] = {}
    for game, players in every_count():
        counts.setdefault(game, {})[str(players)] = {"mean": 0.001, "p90": 0.002}
    return {"version": 1, "measured_with": "test", "machine": "test", "cost_s": counts}


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "iteration_cost.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_a_valid_data_file_loads(tmp_path: Path) -> None:
    costs = load_costs(write(tmp_path, good_data()))
    assert costs.cost["dragon", 5].p90 == 0.002


def damaged(change: str) -> Any:
    """``good_data()`` broken in one way, named by ``change``."""
    data = good_data()
    entry = data["cost_s"]["dragon"]["5"]
    if change == "version":
        data["version"] = 2
    elif change == "missing count":
        del data["cost_s"]["ming"]["3"]
    elif change == "missing game":
        del data["cost_s"]["changcheng"]
    elif change == "negative":
        entry["p90"] = -0.001
    elif change == "zero":
        entry["mean"] = 0
    elif change == "text":
        entry["p90"] = "fast"
    elif change == "boolean":
        entry["p90"] = True
    elif change == "missing p90":
        del entry["p90"]
    elif change == "count name":
        data["cost_s"]["dragon"]["five"] = data["cost_s"]["dragon"].pop("5")
    elif change == "not an object":
        data["cost_s"] = [1, 2]
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("version", "version: expected 1"),
        ("negative", "cost_s.dragon.5.p90: expected positive finite"),
        ("zero", "cost_s.dragon.5.mean: expected positive finite"),
        ("text", "cost_s.dragon.5.p90: expected positive finite"),
        ("boolean", "cost_s.dragon.5.p90: expected positive finite"),
        ("missing p90", "cost_s.dragon.5.p90: expected positive finite"),
        ("count name", "cost_s.dragon.five: a player count"),
        ("not an object", "cost_s: expected an object"),
    ],
)
def test_a_broken_data_file_is_a_clear_data_error(
    tmp_path: Path, change: str, message: str
) -> None:
    with pytest.raises(DataError, match=message):
        load_costs(write(tmp_path, damaged(change)))


def test_a_game_without_measured_costs_may_have_time_budgets_only(tmp_path: Path) -> None:
    data = good_data()
    del data["cost_s"]["changcheng"]
    del data["cost_s"]["ming"]["3"]
    costs = load_costs(write(tmp_path, data))  # a new game need not be measured yet
    assert ("changcheng", 2) not in costs.cost and ("ming", 2) in costs.cost


@pytest.mark.parametrize("number", ["NaN", "Infinity"])
def test_non_finite_costs_are_refused(tmp_path: Path, number: str) -> None:
    text = json.dumps(good_data()).replace('"p90": 0.002', f'"p90": {number}', 1)
    with pytest.raises(DataError, match="positive finite"):
        load_costs(write(tmp_path, text))


def test_unreadable_or_missing_data_file_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not valid JSON"):
        load_costs(write(tmp_path, "{version: 1"))
    with pytest.raises(DataError, match="cannot read it"):
        load_costs(tmp_path / "absent.json")


# --- the measuring script --------------------------------------------------------------


def test_script_writes_a_data_file_the_budget_check_loads(tmp_path: Path) -> None:
    out = tmp_path / "cost.json"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "0.02", "--games-per-count", "1"]
        + ["--seed", "2", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    costs = load_costs(out)
    assert set(costs.cost) == set(every_count())
    assert report["data"] == json.loads(out.read_text(encoding="utf-8"))
    for row in report["results"]:
        assert [p["phase"] for p in row["positions"]] == ["early", "middle", "late"]
        assert all(p["iterations"] > 0 and p["cost_s"] > 0 for p in row["positions"])
        assert costs.cost[row["game"], row["players"]].p90 >= row["p90"] * (1 - 1e-9)
