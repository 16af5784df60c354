"""Shared by the research-interface tests: every game and player count, option sets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dragontable import games
from dragontable.core.errors import OptionError

CONFIGS = [
    (name, players)
    for name in ("dragon", "ming", "changcheng")
    for players in range(games.get(name).min_players, games.get(name).max_players + 1)
]
EXTRA: dict[str, list[dict[str, Any]]] = {
    "changcheng": [{"events": "diplomacy+observation"}, {"start_boards": "1A,2B"}],
    "dragon": [{"great_wall": "choose_tile", "great_event": "random", "open_hands": True}],
}


def option_sets(name: str, players: int) -> Iterator[dict[str, Any]]:
    """The defaults, each option's every listed value on its own, and a few combinations
    (those the player count does not allow are left out)."""
    sets: list[dict[str, Any]] = [{}]
    for spec in games.get(name).options:
        sets += [{spec.name: value} for value in spec.choices if value != spec.default]
    for opts in sets + EXTRA.get(name, []):
        try:
            games.create(name, players=players, seed=0, options=opts)
        except OptionError:
            continue
        yield opts


def require(module: str) -> None:
    """Fail (never skip) when a research package is missing: the project installs them."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise ImportError(
            f"{module} is not installed: install the research extra, "
            "pip install -e '.[research]' (make test does)"
        )
