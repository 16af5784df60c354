"""The strength plan's claims about the new greedy: it beats greedy-v1, and in 4-player
Dragon it keeps a palace; a claim may be about a per-seat statistic of the final state."""

from __future__ import annotations

from pathlib import Path

from dragontable import games
from dragontable.strength import PLAN, STATISTICS, Matchup, load, palace_kept, report, run


def test_the_plan_holds_the_new_greedy_claims() -> None:
    claims = {(m.game, m.bots, m.games, m.target, m.statistic) for m in PLAN}
    for game in ("dragon", "ming", "changcheng"):
        assert (game, ("greedy", "greedy-v1"), 200, 0.65, None) in claims
    palace = ("greedy", "mcts:1s", "greedy", "greedy")
    assert ("dragon", palace, 100, 0.95, "palace") in claims


def test_palace_kept_reads_the_final_state() -> None:
    st = games.create("dragon", players=2, seed=1)
    assert STATISTICS["palace"] is palace_kept
    assert palace_kept(st, 0) == 1.0
    st.seats[0].palaces = []
    assert palace_kept(st, 0) == 0.0


def test_a_statistic_claim_counts_every_seat_game_of_the_first_bot(tmp_path: Path) -> None:
    m = Matchup("tiny-palace", "dragon", ("random", "random"), 2, 0.5, "random keeps", "palace")
    run([m], tmp_path)
    rows = load(tmp_path, m)
    assert all(len(r["measure"]) == 2 for r in rows.values())
    kept = sum(sum(r["measure"]) for r in rows.values())
    line = next(x for x in report([m], tmp_path, "cmd").splitlines() if "| tiny-palace |" in x)
    assert f"palace in 4: {kept / 4:.1%}" in line
    assert line.endswith("| yes |") == (kept / 4 >= 0.5)
