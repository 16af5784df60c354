"""Playing by clicking the board: each element marked with a target id (``data-target``) sends
the action the server described for it, and the action buttons read as words in the page's
language, never as notation."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket

from .helpers import click_action, game_info, is_over, new_table

pytestmark = pytest.mark.browser

CLICKS_ON_BOARD = 5
BUTTONS = """() => [...document.querySelectorAll('#actions button')].map(b => ({
  action: b.dataset.action, target: b.dataset.target || null, text: b.textContent, title: b.title,
}))"""
WORD = re.compile(r"[^\W\d_]{3,}")  # three letters in a row, of any script


def check_buttons(page: Page, lang: str) -> dict[str, str]:
    """Every button shows a label in words with its notation as the tooltip, and the board has
    exactly one element for its target; returns the labels by action."""
    buttons: list[dict[str, Any]] = page.evaluate(BUTTONS)
    assert buttons
    for b in buttons:
        text, action = b["text"], b["action"]
        assert action and b["title"] == action, b
        assert WORD.search(text) and text != action, b
        assert action not in text or re.fullmatch(r"[a-z]+", action), b  # "refill" is a word
        if lang == "zh":
            assert re.search(r"[\u4e00-\u9fff]", text), b
        if b["target"]:
            assert page.locator(f'#board [data-target="{b["target"]}"]').count() == 1, b
    return {b["action"]: b["text"] for b in buttons}


def sent_actions(page: Page) -> list[str]:
    """The actions the table pages of ``page``'s context send, in order (filled as they go)."""
    sent: list[str] = []

    def frame(data: str | bytes) -> None:
        message = json.loads(data)
        if isinstance(message, dict) and "action" in message:
            sent.append(message["action"])

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", frame)

    page.context.on("page", lambda p: p.on("websocket", watch))
    return sent


@pytest.mark.parametrize(("game", "lang"), [("dragon", "en"), ("ming", "pl"), ("changcheng", "zh")])
def test_clicking_targets_plays_the_described_action(
    page: Page, server: str, game: str, lang: str
) -> None:
    # The language the pages start in (about:blank has no storage, hence the try).
    page.context.add_init_script(
        f"try {{ localStorage.setItem('dragontable.lang', '{lang}'); }} catch {{}}"
    )
    sent = sent_actions(page)
    info = game_info(page, server, game)
    seats = ["human"] + [f"bot:{info['default_bot']}"] * (info["min_players"] - 1)
    table = new_table(page, server, game, seats, seed=17)
    rng = random.Random(game)
    on_board: list[str] = []
    while len(on_board) < CLICKS_ON_BOARD:
        assert not is_over(table)
        assert str(table.locator("html").get_attribute("lang")).startswith(lang)
        labels = check_buttons(table, lang)
        targets = table.locator("#board [data-target].legal")
        if not targets.count():  # nothing on the board (a pick, a pass): a button
            click_action(table, rng)
            continue
        node = targets.nth(rng.randrange(targets.count()))
        action = str(node.get_attribute("data-action"))
        assert node.get_attribute("aria-label") == labels[action]
        first = table.locator("#actions button").first.element_handle()
        node.dispatch_event("click")
        table.wait_for_function("button => !button.isConnected", arg=first)
        assert sent[-1] == action
        on_board.append(action)
