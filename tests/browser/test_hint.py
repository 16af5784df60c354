"""The hint button: the search bot's suggestions for one's own decision, playable by a click."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import new_table, offered_labels, table_id

pytestmark = pytest.mark.browser


def test_hint_suggests_legal_actions_and_a_click_plays_one(page: Page, server: str) -> None:
    table = new_table(page, server, "ming", ["human", "bot:greedy"], seed=3)
    expect(table.locator("#hint")).to_be_visible()
    offered = offered_labels(table)
    table.click("#hint")
    suggestions = table.locator("#hint-box .hinted")
    expect(suggestions.first).to_be_visible(timeout=15000)
    texts = suggestions.all_inner_texts()
    assert texts and all(text.split(" · ")[0] in offered for text in texts)
    assert all(text.endswith("% to win") for text in texts)
    shown = [int(text.split(" · ")[-1].split("%")[0]) for text in texts]
    assert shown == sorted(shown, reverse=True)  # best first by the figure shown
    before = page.request.get(f"{server}/api/tables/{table_id(table)}").json()["n_actions"]
    suggestions.first.click()
    expect(table.locator("#hint-box .hinted")).to_have_count(0)
    after = page.request.get(f"{server}/api/tables/{table_id(table)}").json()["n_actions"]
    assert after > before
