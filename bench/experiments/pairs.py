"""Compare two runs of the same games game by game: how often each setting did better.

A run is a file of JSON lines, one a game, keyed by the game's index ``g``: the rows of
``dragontable strength`` (``results/strength/``, ``results/experiments/replays/``; the
share of the seat whose bot is ``--bot``, ``mcts:1s`` unless said) or the lines
``bench/experiments/search_variant.py`` prints on stderr (``won``, the variant seat's share). Other
lines are skipped. Two runs of one seed play the same games (the same deal, seats and
chance), so pairing them leaves out most of the luck of the deal: only the games where
the two shares differ say which setting played better, and a sign test over those says
how likely a split at least that uneven would be between equal settings.

JSON on stdout::

    .venv/bin/python bench/experiments/pairs.py results/experiments/replays/A.jsonl results/experiments/replays/B.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any


def shares(path: Path, bot: str) -> dict[int, float]:
    """Per game index, the compared seat's share of the win in the run at ``path``."""
    found: dict[int, float] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("{"):
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}:{number}: not JSON ({e.msg})") from None
        if not isinstance(row, dict) or "g" not in row:
            continue
        found[int(row["g"])] = _share(row, bot, f"{path}:{number}")
    return found


def _share(row: dict[str, Any], bot: str, where: str) -> float:
    if "won" in row:  # search_variant: the variant seat's share
        return float(row["won"])
    bots, win = row.get("bots"), row.get("win")
    if not isinstance(bots, list) or not isinstance(win, list) or len(bots) != len(win):
        raise ValueError(f"{where}: a row needs 'won', or 'bots' and 'win' of one length")
    if bot not in bots:
        raise ValueError(f"{where}: no seat plays {bot!r} (bots: {', '.join(map(str, bots))})")
    return float(win[bots.index(bot)])


def sign_test(better: int, worse: int) -> float:
    """Two-sided p of a split at least as uneven as ``better``:``worse`` between equals."""
    n, k = better + worse, min(better, worse)
    if n == 0:
        return 1.0
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def compare(a: dict[int, float], b: dict[int, float]) -> dict[str, Any]:
    """The games both runs played: each run's total, and where A did better or worse."""
    common = sorted(set(a) & set(b))
    better = sum(a[g] > b[g] for g in common)
    worse = sum(a[g] < b[g] for g in common)
    return {
        "games": len(common),
        "a_won": sum(a[g] for g in common),
        "b_won": sum(b[g] for g in common),
        "a_better": better,
        "a_worse": worse,
        "sign_test_p": round(sign_test(better, worse), 4),
        "only_a": len(set(a) - set(b)),
        "only_b": len(set(b) - set(a)),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", type=Path, help="a run: JSON lines, one a game")
    parser.add_argument("b", type=Path, help="the run to compare it with")
    parser.add_argument("--bot", default="mcts:1s", help="the seat compared in strength rows")
    args = parser.parse_args(argv)
    try:
        a, b = shares(args.a, args.bot), shares(args.b, args.bot)
    except (OSError, ValueError) as e:
        parser.error(str(e))
    print(json.dumps({"a": str(args.a), "b": str(args.b), **compare(a, b)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
