"""The typed-notation field: refused actions show the server's error and change nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from dragontable import games

from .helpers import after_update, is_over, new_table, offered_actions, table_id
from .test_language import switch

pytestmark = pytest.mark.browser


def n_actions(page: Page, server: str) -> int:
    return int(page.request.get(f"{server}/api/tables/{table_id(page)}").json()["n_actions"])


def type_action(page: Page, text: str) -> None:
    if not page.locator("#notation-box").evaluate("d => d.open"):
        page.click("#notation-box summary")
    page.fill("#notation-input", text)
    page.press("#notation-input", "Enter")


def test_refused_notation_shows_error_and_changes_nothing(page: Page, server: str) -> None:
    table = new_table(page, server, "dragon", ["human", "bot:random"], seed=5)
    assert not is_over(table)
    offered = offered_actions(table)
    before = n_actions(table, server)
    # "tax@9" is well-formed notation, but no position has a ninth action group.
    assert games.get("dragon").parse_action("tax@9") == "tax@9"

    for text in ("xyzzy", "tax@9"):
        type_action(table, text)
        expect(table.locator("#error")).to_contain_text(text)
        assert offered_actions(table) == offered
        assert n_actions(table, server) == before

    after_update(table, lambda: type_action(table, offered[0]))
    expect(table.locator("#error")).to_have_text("")
    assert n_actions(table, server) > before


def test_a_refusal_reads_in_the_pages_language_with_seat_names(page: Page, server: str) -> None:
    table = new_table(page, server, "dragon", ["human", "bot:random"], seed=5)
    assert not is_over(table)
    switch(table, "pl")
    expect(table.locator("#log li").first).to_contain_text("Rozpoczyna się gra")
    type_action(table, "tax@9")
    error = table.locator("#error")
    expect(error).to_contain_text("Niedozwolone: ")
    expect(error).to_contain_text(" nie może teraz zagrać tax@9: ")
    assert "seat" not in error.inner_text().lower() and "decision" not in error.inner_text()
