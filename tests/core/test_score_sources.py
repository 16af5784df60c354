"""Every source of points a game scores has a name in every language: the end screen's
score table heads its columns with them (a missing one showed Ming's "sets" in Polish)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from dragontable import games
from dragontable.core.messages import LANGUAGES, catalog
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng

SCORED = re.compile(r"gain_points\([^()]*?\"(\w+)\"\)")


def sources(game: str) -> set[str]:
    """The sources a game's code names where it scores, and those random games scored."""
    package = resources.files(f"dragontable.games.{game}")
    named = {
        source
        for module in package.iterdir()
        if module.name.endswith(".py")
        for source in SCORED.findall(module.read_text("utf-8"))
    }
    for seed in (1, 2):
        state = games.create(game, players=games.get(game).min_players, seed=seed)
        random_playout(state, Rng(seed))
        named |= {k for seat in state.scores() for k in seat["breakdown"]}
    return named


@pytest.mark.parametrize("game", games.names())
def test_every_scored_source_is_named_in_every_language(game: str) -> None:
    found = sources(game)
    assert found
    missing = [
        (lang, source)
        for lang in LANGUAGES
        for source in sorted(found)
        if f"{game}.source.{source}" not in catalog(f"dragontable.games.{game}", lang)
    ]
    assert not missing, missing
