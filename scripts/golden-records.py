"""Write the golden records: seeded games of every game that must replay identically.

Each file in ``tests/golden/`` holds a record and what its replay gave when it was made
(final scores with their breakdown, ranking, and a digest of the whole log), so that a
change that alters how a stored game plays out fails ``tests/core/test_golden.py``.
Run it only when a rules change is meant to change old games (and say so in the commit):

    .venv/bin/python scripts/golden-records.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from dragontable import games
from dragontable.core.rng import Rng

OUT = Path(__file__).resolve().parent.parent / "tests" / "golden"
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("dragon", 2, {}),
    ("dragon", 3, {"edition": 2007, "great_event": "random"}),
    ("dragon", 4, {"great_wall": "choose_tile", "great_event": "hidden_random"}),
    ("dragon", 5, {"great_wall": "random_tile", "great_event": "tornado", "open_hands": True}),
    ("ming", 2, {}),
    ("ming", 3, {"city_tiebreak": "own_best_section", "final_tiebreak": "shared"}),
    ("ming", 4, {"open_hands": True}),
    ("changcheng", 2, {"neutral": "on", "events": "random-2"}),
    ("changcheng", 3, {"scouting": "ask", "events": "random-1"}),
    ("changcheng", 4, {}),
]


def log_digest(log: list[dict[str, Any]]) -> str:
    """A SHA-256 of the log entries as canonical JSON."""
    text = json.dumps(log, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def golden(game: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A random game (seeded) and what it ended with."""
    state, rng = games.create(game, players, seed, options), Rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return {
        "record": state.record(),
        "scores": state.scores(),
        "ranking": state.ranking(),
        "log_sha256": log_digest(state.log),
    }


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for i, (game, players, options) in enumerate(CASES):
        data = golden(game, players, options, seed=1000 + i)
        path = OUT / f"{game}-{players}p-{i}.json"
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"{path.name}: {len(data['record']['actions'])} actions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
