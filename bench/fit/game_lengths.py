"""The longest game (decisions, forced ones included) of every game and player count:
the ``max_game_length`` the OpenSpiel adapter declares (``adapters/game_lengths.json``).

For each game and player count this plays ``--games`` seeded random-legal games with
default options, then ``--games`` with the longest-running option set (every expansion
on), takes the longest, and declares twice that as the bound (random play is not the
longest play there can be; OpenSpiel's random_sim_test fails a game that exceeds it).

    .venv/bin/python bench/fit/game_lengths.py --games 2000 --out src/dragontable/adapters/game_lengths.json
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from dragontable import games
from dragontable.core.rng import Rng, derive_seed

MARGIN = 2
OPTIONS: dict[str, dict[str, Any]] = {
    "dragon": {"great_wall": "choose_tile", "great_event": "random"},
    "ming": {},
    "changcheng": {"events": "random-2", "scouting": "ask"},
}


def longest(name: str, players: int, n: int, options: dict[str, Any]) -> int:
    """The most decisions in ``n`` seeded random-legal games."""
    most = 0
    for g in range(n):
        state = games.create(name, players=players, seed=g, options=options)
        rng = Rng(derive_seed(g, "game-lengths"))
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        most = max(most, steps)
    return most


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    data: dict[str, Any] = {
        "format": "dragontable-game-lengths/1",
        "command": "bench/fit/game_lengths.py " + shlex.join(sys.argv[1:]),
        "margin": MARGIN,
        "games": {},
    }
    for name in games.names():
        game = games.get(name)
        rows = {}
        for players in range(game.min_players, game.max_players + 1):
            seen = max(longest(name, players, args.games, opts) for opts in ({}, OPTIONS[name]))
            rows[str(players)] = {"longest_seen": seen, "max_game_length": MARGIN * seen}
        data["games"][name] = rows
    text = json.dumps(data, indent=1) + "\n"
    print(text, end="")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
