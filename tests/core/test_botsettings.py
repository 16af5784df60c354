"""A game's heuristic and search settings are one typed object, declared with the game and
read through the registry once; a game that declares none gets every default."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import replace

import pytest

from dragontable import games
from dragontable.bots import make_bot
from dragontable.bots.greedy import GreedyBot
from dragontable.bots.mcts import MctsBot
from dragontable.core.botsettings import WORLD_REUSE, BotSettings, RolloutSearch
from dragontable.core.errors import OptionError


def test_each_game_declares_its_settings_once_and_the_registry_reads_them() -> None:
    for name in ("dragon", "ming", "changcheng"):
        module = importlib.import_module(f"dragontable.games.{name}.heuristic")
        found = games.bot_settings(name)
        assert found is module.SETTINGS and found is games.bot_settings(name)
        assert found.evaluate is module.evaluate and found.evaluate_all is module.evaluate_all
    assert games.bot_settings("ityotd") is games.bot_settings("dragon")
    with pytest.raises(OptionError, match="unknown game"):
        games.bot_settings("chess")


def test_the_shipped_settings_are_the_ones_the_bots_were_measured_with() -> None:
    dragon, ming, cc = (games.bot_settings(g) for g in ("dragon", "ming", "changcheng"))
    assert (dragon.leaf_scale, dragon.leaf_playout, dragon.leaf_to_end) == (
        10.0,
        12,
        frozenset({2, 3, 4}),
    )
    assert dict(dragon.review_scales) == {2: 8.5, 3: 10.0, 4: 10.0, 5: 10.0}
    assert dragon.prior_token is not None and dragon.prior_token("place p2") == "place"
    assert (ming.leaf_scale, ming.rollout) == (10.0, RolloutSearch(3, 16, 250))
    assert dict(ming.review_scales) == {2: 20.0, 3: 15.0, 4: 20.0}
    assert (cc.beam, cc.leaf_scale, cc.keep_tree) == (8, 4.0, False)
    assert dict(cc.review_scales) == {2: 13.0, 3: 8.0, 4: 7.0}
    for s in (dragon, ming, cc):
        assert s.search_margin is None and s.world_reuse == WORLD_REUSE == 16
    assert (dragon.beam, ming.beam, dragon.keep_tree, ming.keep_tree) == (None, None, True, True)
    assert ming.prior_token is None and cc.prior_token is None
    assert dragon.rollout is None and cc.rollout is None and ming.leaf_playout == 0
    assert cc.review_scale(2) == 13.0 and cc.review_scale(5) is None


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy game (``tests/core/toy_nim``), which declares no heuristic."""
    monkeypatch.setitem(games._MODULES, "nim", "tests.core.toy_nim")
    monkeypatch.setattr(games, "_SETTINGS", {})
    yield "nim"


def test_a_game_without_a_heuristic_gets_every_default(nim: str) -> None:
    found = games.bot_settings(nim)
    assert found == BotSettings() and found.evaluate is None
    assert (found.leaf_scale, found.beam, found.rollout, found.search_margin) == (None,) * 4
    assert (found.keep_tree, found.world_reuse, found.leaf_playout) == (True, WORLD_REUSE, 0)
    assert found.review_scale(2) is None and found.leaf_to_end == frozenset()


def test_the_bots_read_the_registrys_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = games.bot_settings("dragon")
    bot = make_bot("mcts:10", "dragon", 1)
    assert isinstance(bot, MctsBot)
    assert (bot.keep_tree, bot.reuse, bot.default) == (True, WORLD_REUSE, None)
    changed = replace(shipped, keep_tree=False, world_reuse=3, search_margin=0.02, beam=2)
    monkeypatch.setitem(games._SETTINGS, "dragon", changed)
    bot, greedy = make_bot("mcts:10", "dragon", 1), make_bot("greedy", "dragon", 1)
    assert isinstance(bot, MctsBot) and isinstance(greedy, GreedyBot)
    assert (bot.keep_tree, bot.reuse, bot.margin) == (False, 3, 0.02)
    assert isinstance(bot.default, GreedyBot) and bot.default.beam == greedy.beam == 2


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"leaf_playout": -1}, "leaf_playout must be 0 or more"),
        ({"world_reuse": 0}, "world_reuse must be 1 or more"),
        ({"beam": 0}, "beam must be 1 or more"),
        ({"leaf_scale": 4.0}, "need a heuristic"),
    ],
)
def test_settings_out_of_range_are_refused_where_they_are_declared(
    change: dict[str, int | float], words: str
) -> None:
    with pytest.raises(OptionError, match=words):
        BotSettings(**change)  # type: ignore[arg-type]
