"""Whole games played through the page by clicks: one human seat against the bots."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Page

from dragontable.games import replay

from .helpers import final_totals, game_info, new_table, play, seat_decisions, table_id

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["dragon", "ming", "changcheng"])
def test_whole_game_by_clicks(page: Page, server: str, screenshots: Path, game: str) -> None:
    info = game_info(page, server, game)
    players = info["min_players"]
    seats = ["human"] + [f"bot:{info['default_bot']}"] * (players - 1)
    table = new_table(page, server, game, seats, seed=11)
    rng = random.Random(game)

    clicked = play(table, rng, moves=10)
    table.locator("#board").screenshot(path=screenshots / f"{game}-mid.png")
    clicked += play(table, rng)
    table.screenshot(path=screenshots / f"{game}-end.png", full_page=True)

    public = table.request.get(f"{server}/api/tables/{table_id(table)}").json()
    assert public["status"] == "finished"
    expected = [public["scores"][seat]["total"] for seat in public["ranking"]]
    assert final_totals(table) == expected
    record = table.request.get(f"{server}/api/tables/{table_id(table)}/record").json()
    assert seat_decisions(record, 0) == clicked
    assert [s["total"] for s in replay(record).scores()] == [s["total"] for s in public["scores"]]
