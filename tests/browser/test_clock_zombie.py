"""A turn-based table in two browsers: a player leaves, the server's clock runs out, the
zombie bot plays the seat and everyone sees it, the player comes back and reclaims it at
their next move, and the game ends (nobody may hand the absent seat over before its time
runs out: the page offers no button for it). The chat in both pages, with HTML typed into it.

The test moves the server's clock (``timesource.ManualClock``), never waits for it.
"""

from __future__ import annotations

import random
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from dragontable.server.timesource import ManualClock

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import (
    ZOMBIE_RANDOM,
    click_action,
    create_two_seat_table,
    is_over,
    table_id,
    turn_based_clock,
)
from .test_table_play import axe_script, check_axe  # noqa: F401  (axe_script: a fixture)

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 900}
DAY = 86400
HTML = "<b>gg</b><img src=x onerror=alert(1)>"
THREE_DAYS = re.compile(r"^(3 d 0 h|2 d 23 h)$")  # the server's clock stands still


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[tuple[str, ManualClock]]:
    """A server of its own whose clock the test moves; checks deadlines every 50 ms."""
    clock = ManualClock()
    config = ServerConfig(max_tables_per_client=10_000, clock_tick_s=0.05)
    app = create_app(f"sqlite:///{tmp_path / 't.sqlite3'}", config=config, clock=clock)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    uv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not uv.started:
        assert thread.is_alive(), "the table server did not start"
        thread.join(0.05)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}", clock
    uv.should_exit = True
    thread.join(10)
    sock.close()


def person(browser: Browser, viewport: ViewportSize, errors: list[str]) -> BrowserContext:
    context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    context.add_init_script("try { localStorage.setItem('dragontable.lang', 'en'); } catch (e) {}")
    context.on("weberror", lambda e: errors.append(str(e.error)))
    return context


def open_turn_based_table(page: Page, base: str) -> dict[int, str]:
    """Open a 2-player Dragon table with a turn-based clock (1 day a move, 2 days' bank,
    the random bot for a player out of time) through the lobby; each seat's link."""
    page.goto(f"{base}/")
    page.locator('#game option[value="dragon"]').wait_for(state="attached")
    page.select_option("#game", "dragon")
    page.select_option("#players", "2")
    page.select_option('[data-seat="1"]', "human")
    page.fill("#seed", "4")
    expect(page.locator("#clock-turn")).to_be_hidden()
    page.select_option("#clock-kind", "turn")
    expect(page.locator("#clock-turn")).to_be_visible()
    turn_based_clock(page, bank_days=2, day_s=DAY)
    return create_two_seat_table(page)


def info(page: Page, base: str, tid: str) -> dict[str, Any]:
    got: dict[str, Any] = page.request.get(f"{base}/api/tables/{tid}").json()
    return got


def seat_row(page: Page, seat: int) -> Any:
    return page.locator(f'#seats li[data-seat="{seat}"]')


def play_until_turn_of(pages: dict[int, Page], base: str, tid: str, seat: int, moves: int) -> None:
    """Click decisions in whichever page is to move, at least ``moves`` of them, until it
    is ``seat``'s turn."""
    rng, done = random.Random(4), 0
    while True:
        now = info(pages[0], base, tid)["current_player"]
        if done >= moves and now == seat:
            return
        page = pages[now]
        assert not is_over(page)
        click_action(page, rng)
        done += 1


def test_the_zombie_plays_an_absent_seat_out_of_time_until_its_player_reclaims_it(
    browser: Browser,
    timed: tuple[str, ManualClock],
    axe_script: str,  # noqa: F811
    screenshots: Path,
) -> None:
    base, clock = timed
    errors: list[str] = []
    laptop, phone = person(browser, LAPTOP, errors), person(browser, PHONE, errors)
    links = open_turn_based_table(laptop.new_page(), base)
    ann, bo = laptop.new_page(), phone.new_page()
    ann.goto(links[0])
    bo.goto(links[1])
    tid = table_id(ann)

    # The chat: HTML arrives as the text typed, in the other player's page.
    bo.fill("#chat-input", HTML)
    bo.click("#chat-form button")
    expect(ann.locator("#chat-log .chat-text")).to_have_text([HTML])
    assert ann.locator("#chat-log b, #chat-log img").count() == 0
    expect(bo.locator("#chat-input")).to_have_value("")

    # A few moves each, then Bo's clock runs: both pages count it down.
    play_until_turn_of({0: ann, 1: bo}, base, tid, 1, moves=4)
    for page in (ann, bo):
        expect(seat_row(page, 1).locator(".clock.running")).to_have_text(THREE_DAYS)
        expect(seat_row(page, 0).locator(".clock")).to_have_text("bank 2 d 0 h")
        # The clock of the seat to move stands by the prompt too, not only far down the list.
        expect(page.locator('#turn-clock .clock.running[data-seat="1"]')).to_have_text(THREE_DAYS)
        expect(page.locator("#turn-clock .clock.running")).to_be_in_viewport()
    check_axe(bo, axe_script, "phone, chat and clocks")
    bo.locator(".side").screenshot(path=str(screenshots / "clock-chat-phone-en.png"))
    n = info(ann, base, tid)["n_actions"]
    phone.close()  # Bo leaves

    # The clock is the only grace: no countdown, no button to hand Bo's seat over.
    expect(seat_row(ann, 1)).to_contain_text("the clock decides")
    expect(ann.locator("#hand-1")).to_have_count(0)
    expect(ann.locator("#hand-0")).to_be_visible()  # her own seat she may

    clock.advance(3 * DAY + 1)  # one day a move plus the two days' bank, and a second
    expect(seat_row(ann, 1)).to_contain_text(ZOMBIE_RANDOM)
    expect(ann.locator("#notice")).to_contain_text("Player 2's time ran out")
    expect(seat_row(ann, 0).locator(".clock.running")).to_be_visible(timeout=30_000)
    after = info(ann, base, tid)
    assert after["seats"][1]["zombie"] and after["n_actions"] > n
    ann.screenshot(path=str(screenshots / "clock-zombie-laptop-en.png"))

    # Bo comes back and takes the seat at the next move; Ann lets a bot finish for her.
    again = person(browser, PHONE, errors)
    bo = again.new_page()
    bo.goto(links[1])
    expect(bo.locator("#reclaim")).to_be_visible()
    expect(seat_row(bo, 1)).to_contain_text("time ran out")
    expect(bo.locator("#notice")).to_contain_text("Your time ran out")
    bo.click("#reclaim")
    expect(bo.locator("#reclaim")).to_be_hidden()
    expect(seat_row(ann, 1)).not_to_contain_text("time ran out")
    assert not info(bo, base, tid)["seats"][1]["zombie"]
    ann.select_option("#hand-bot-0", "random")
    ann.click("#hand-0")
    rng, mine = random.Random(5), 0
    while not is_over(bo):
        click_action(bo, rng)
        mine += 1
    final = info(bo, base, tid)
    assert final["status"] == "finished" and mine > 0 and not final["seats"][1]["zombie"]
    expect(ann.locator("#end")).to_be_visible()
    laptop.close()
    again.close()
    assert not errors, f"script errors in the page: {errors}"
