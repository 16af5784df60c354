"""Playing by clicking the board: each element marked with a target id (``data-target``) sends
the action the server described for it, and the action buttons read as words in the page's
language, never as notation."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket

from .helpers import (
    actions_in,
    after_update,
    click_action,
    game_info,
    is_over,
    new_table,
    offered,
)

pytestmark = pytest.mark.browser

CLICKS_ON_BOARD = 5
WORD = re.compile(r"[^\W\d_]{3,}")  # three letters in a row, of any script


def check_offered(page: Page, lang: str) -> list[dict[str, Any]]:
    """Every decision shows a label in words, never its notation; every board element bound
    to choices has exactly one element for its target; returns what is offered."""
    found = offered(page)
    assert found
    for o in found:
        text, action = o["label"], o["action"]
        assert action and WORD.search(text) and text != action, o
        assert action not in text or re.fullmatch(r"[a-z]+", action), o  # "refill" is a word
        if lang == "zh":
            assert re.search(r"[\u4e00-\u9fff]", text), o
        if o["on"] == "board":
            assert page.locator(f'#board [data-target="{o["target"]}"]').count() == 1, o
    assert page.locator("#actions button[title]").count() == 0  # no notation tooltips
    return found


def sent_actions(page: Page) -> list[str]:
    """The actions the table pages of ``page``'s context send, in order (filled as they go)."""
    sent: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda data: sent.extend(actions_in(data)))

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
        check_offered(table, lang)
        targets = table.locator("#board [data-target].legal[data-action]")
        if not targets.count():  # nothing with one choice on the board (a pick, a pass)
            click_action(table, rng)
            continue
        node = targets.nth(rng.randrange(targets.count()))
        action = str(node.get_attribute("data-action"))
        after_update(table, lambda n=node: n.dispatch_event("click"))
        assert sent[-1] == action
        on_board.append(action)
