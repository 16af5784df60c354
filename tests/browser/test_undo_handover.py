"""Undo and handing one's seat to a bot, through the table page's controls."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import (
    after_update,
    click_action,
    game_info,
    is_over,
    locale,
    new_table,
    offered_labels,
    table_id,
)

pytestmark = pytest.mark.browser


def public(page: Page, server: str) -> dict[str, Any]:
    info: dict[str, Any] = page.request.get(f"{server}/api/tables/{table_id(page)}").json()
    return info


def offered(page: Page) -> list[str]:
    """The legal actions the page offers now (waits for a decision or the end)."""
    assert not is_over(page)
    return offered_labels(page)


def click_and_wait(page: Page, selector: str) -> None:
    """Click ``selector`` and wait for the server's next update (it redraws the board)."""
    after_update(page, lambda: page.click(selector))


def wait_until(check: Any, timeout: float = 15.0) -> None:
    """Poll ``check()`` until it is true; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.1)


def test_undo_takes_back_own_decisions_one_at_a_time(page: Page, server: str) -> None:
    table = new_table(page, server, "dragon", ["human", "bot:greedy"], seed=1)
    first = offered(table)
    n0 = public(table, server)["n_actions"]
    expect(table.locator("#undo")).to_be_hidden()

    # Choosing the first persons is a chain: pick two, then place each of them.
    click_action(table, random.Random(1))
    second = offered(table)
    n1 = public(table, server)["n_actions"]
    assert n1 > n0 and second != first
    click_action(table, random.Random(2))
    offered(table)
    assert public(table, server)["n_actions"] > n1
    expect(table.locator("#undo")).to_be_visible()

    click_and_wait(table, "#undo")
    assert offered(table) == second
    assert public(table, server)["n_actions"] == n1
    expect(table.locator("#undo")).to_be_visible()

    click_and_wait(table, "#undo")
    assert offered(table) == first
    assert public(table, server)["n_actions"] == n0
    expect(table.locator("#undo")).to_be_hidden()


def test_seat_handed_to_a_bot_plays_on_until_reclaimed(page: Page, server: str) -> None:
    table = new_table(page, server, "dragon", ["human", "bot:greedy"], seed=2)
    offered(table)
    n0 = public(table, server)["n_actions"]
    # The level searching seconds a move, so the game cannot end before the reclaim (an
    # iteration budget is played out in a few milliseconds a move since the heuristic leaf).
    searches = [b for b in game_info(table, server, "dragon")["bots"] if b.startswith("mcts")]
    level = next(b for b in searches if b.endswith("s"))

    table.select_option("#hand-bot-0", level)
    table.click("#hand-0")
    expect(table.locator("#reclaim")).to_be_visible()
    expect(table.locator("#actions button.pick, #board .legal")).to_have_count(0)
    words = locale("en")["bot.level." + level]  # the page names the level in words
    expect(table.locator('#seats [data-seat="0"] span.muted')).to_contain_text(words)
    wait_until(lambda: public(table, server)["n_actions"] > n0)
    assert public(table, server)["seats"][0]["handed_over"]

    table.click("#reclaim")
    expect(table.locator("#reclaim")).to_be_hidden()
    expect(table.locator('#seats [data-seat="0"] span.muted')).not_to_contain_text(words)
    assert not public(table, server)["seats"][0]["handed_over"]
    assert offered(table)
    before = public(table, server)
    assert before["current_player"] == 0
    click_action(table, random.Random(3))
    assert public(table, server)["n_actions"] > before["n_actions"]


def test_an_absent_seat_shows_its_grace_period_counting_down(page: Page, server: str) -> None:
    table = new_table(page, server, "dragon", ["human", "human"], seed=5)
    state = table.locator('#seats [data-seat="1"] span.muted')
    expect(state).to_contain_text("a bot may take the seat in")
    expect(table.locator("#hand-1")).to_be_disabled()
    first = int(state.inner_text().split(" in ")[1].split()[0])
    assert 50 <= first <= 60
    wait_until(lambda: int(state.inner_text().split(" in ")[1].split()[0]) < first, 5.0)
    expect(table.locator('#seats [data-seat="0"] span.muted')).to_have_text("online")


def switch(page: Page, lang: str) -> None:
    """Choose ``lang`` in the header and wait for the table sent again in it."""
    page.select_option("#lang", lang)
    page.wait_for_function("code => document.documentElement.lang.startsWith(code)", arg=lang)
    expect(page.locator("#who")).to_contain_text(locale(lang)["table.you_are"].split("{")[0])


def test_a_notice_follows_the_language_and_leaves_with_the_next_move(
    page: Page, server: str
) -> None:
    table = new_table(page, server, "dragon", ["human", "bot:greedy"], seed=1)
    offered(table)
    click_action(table, random.Random(1))
    offered(table)
    click_and_wait(table, "#undo")
    notice = table.locator("#notice")
    expect(notice).not_to_have_text("")
    english = notice.inner_text()
    switch(table, "pl")
    polish = table.request.get(f"{server}/api/tables/{table_id(table)}?lang=pl").json()
    expect(notice).not_to_have_text(english)
    expect(notice).to_contain_text(polish["seats"][0]["name"])  # the seat's name in Polish
    offered(table)
    click_action(table, random.Random(2))
    expect(notice).to_have_text("")


def test_a_language_change_opens_no_past_banner(page: Page, server: str) -> None:
    table = new_table(page, server, "dragon", ["human", "bot:random"], seed=3)
    banner = table.locator("#banner")
    rng = random.Random(4)
    for _ in range(80):  # to the first event or scoring the game announces
        if banner.is_visible() or is_over(table):
            break
        click_action(table, rng)
    expect(banner).to_be_visible()
    english = banner.locator("li").all_inner_texts()
    first = table.locator("#log li").first.inner_text()
    switch(table, "zh")
    expect(table.locator("#log li").first).not_to_have_text(first)
    if banner.is_visible():  # (it leaves after a while) still shown, it is worded again
        shown = banner.locator("li").all_inner_texts()
        assert not set(shown) & set(english), shown
        assert set(shown) <= set(table.locator("#log li").all_inner_texts()), shown
        banner.locator("button.close").click()
    expect(banner).to_be_hidden()
    first = table.locator("#log li").first.inner_text()
    switch(table, "pl")
    expect(table.locator("#log li").first).not_to_have_text(first)
    expect(banner).to_be_hidden()  # the whole log sent again opens no banner of its past
