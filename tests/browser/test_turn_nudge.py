"""The nudges when the turn comes to a seat: the tab title, a notification while the tab is
hidden (when the player allowed them), and the lobby's list of this browser's tables."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import click_action

pytestmark = pytest.mark.browser

YOUR_TURN = re.compile(r"^▶ Your turn — ")

# Notifications are recorded (and still shown); document.hidden reads window.__hidden.
WATCH = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
const Real = window.Notification;
if (Real) {
  window.Notification = class extends Real {
    constructor(title, options) { super(title, options); window.__notes.push({ title, body: options && options.body }); }
  };
  Object.defineProperty(window.Notification, 'permission', { get: () => Real.permission });
  window.Notification.requestPermission = (...a) => Real.requestPermission(...a);
}
"""


def seat_context(browser: Browser, server: str, notify: bool) -> BrowserContext:
    context = browser.new_context(
        viewport={"width": 1280, "height": 900},
        permissions=["notifications"] if notify else [],
        base_url=server,
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    context.add_init_script(WATCH)
    return context


def open_table(page: Page, server: str) -> dict[str, Any]:
    body = {"game": "dragon", "players": 2, "seats": ["human", "human"], "seed": 4}
    info: dict[str, Any] = page.request.post(f"{server}/api/tables", data=body).json()
    return info


def to_move(page: Page, server: str, table: str) -> int:
    info = page.request.get(f"{server}/api/tables/{table}").json()
    return int(info["current_player"])


def test_the_turn_changes_the_title_notifies_a_hidden_tab_and_shows_in_the_lobby(
    browser: Browser, server: str
) -> None:
    first, second = seat_context(browser, server, False), seat_context(browser, server, True)
    try:
        page_a, page_b = first.new_page(), second.new_page()
        table = open_table(page_a, server)
        mover = to_move(page_a, server, table["id"])
        links = {inv["seat"]: inv["url"] for inv in table["invitations"]}
        page_a.goto(links[mover])
        page_b.goto(links[1 - mover])
        expect(page_a).to_have_title(YOUR_TURN)
        expect(page_b.locator("#prompt")).to_contain_text("Waiting for")
        assert not page_b.title().startswith("▶")

        page_b.evaluate("window.__hidden = true")
        rng = random.Random(4)
        while to_move(page_a, server, table["id"]) == mover:
            click_action(page_a, rng)
        expect(page_b).to_have_title(YOUR_TURN)
        page_b.wait_for_function("window.__notes.length > 0")
        notes = page_b.evaluate("window.__notes")
        assert notes[0]["title"] == "Your turn" and "In the Year of the Dragon" in notes[0]["body"]
        assert page_a.evaluate("window.__notes.length") == 0  # not permitted there
        assert not page_a.title().startswith("▶")

        lobby = second.new_page()
        lobby.goto("/")
        row = lobby.locator(f'#mine tr[data-table="{table["id"]}"]')
        expect(row).to_contain_text("Your turn!")
        expect(lobby.locator("#tables")).to_contain_text("to play")
    finally:
        first.close()
        second.close()
