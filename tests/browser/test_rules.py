"""The rules pages in the browser: from the lobby and back, the table's Rules link and the
rule bubbles' "more" links opening beside a board that stays playable, axe-clean pages,
and a screenshot of each game's rules (test-artifacts/screenshots/rules-<game>.png)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from .board_checks import DESKTOP, PHONE
from .helpers import new_table, offered_actions, play_action
from .test_table_play import axe_script, check_axe  # noqa: F401  (axe_script: a fixture)

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
# The page counts in <body data-shown> each time its sections and example boards are drawn.
SHOWN = "n => Number(document.body.dataset.shown || 0) >= n"
GAMES = ("dragon", "ming", "changcheng")


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def reader(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    viewport: ViewportSize = request.param
    context = browser.new_context(
        viewport=viewport, is_mobile=viewport is PHONE, has_touch=viewport is PHONE
    )
    context.set_default_timeout(15_000)
    context.add_init_script("try { localStorage.setItem('dragontable.pace', '0'); } catch (e) {}")
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    yield context.new_page()
    context.close()
    assert not errors, errors


def wait_ready(page: Page) -> None:
    page.wait_for_function(SHOWN, arg=1)


def test_lobby_to_rules_and_back(reader: Page, server: str, axe_script: str) -> None:  # noqa: F811
    reader.goto(f"{server}/?lang=en")
    link = reader.locator('#rules-list a[data-game="ming"]')
    link.click()
    wait_ready(reader)
    assert reader.url.startswith(f"{server}/rules/ming")
    assert reader.locator("#rules-title").text_content() == "Ming Dynasty"
    assert reader.locator("#toc-list li").count() >= 8
    figures = reader.locator(".rules-board")
    assert figures.count() == 4
    assert reader.locator('.rules-board[data-drawn="1"] svg').count() == 4
    no_sideways = reader.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert no_sideways, "the rules page scrolls sideways"
    check_axe(reader, axe_script, "Ming rules")
    reader.locator("#lobby-link").click()
    reader.locator("#game option").first.wait_for(state="attached")
    assert reader.url.rstrip("/").endswith(server.split("//")[1]) or reader.url.startswith(
        f"{server}/"
    )


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_screenshot_and_languages(
    browser: Browser,
    server: str,
    game: str,
    axe_script: str,  # noqa: F811
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/rules/{game}?lang=en")
    wait_ready(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"rules-{game}.png"), full_page=True)
    check_axe(page, axe_script, f"{game} rules")
    page.select_option("#lang", "zh")
    page.wait_for_function(SHOWN, arg=2)
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    assert page.locator("#h-goal").text_content() == "目标"
    context.close()


def test_table_rules_open_beside_a_playable_board(
    reader: Page,
    server: str,
    axe_script: str,  # noqa: F811
) -> None:
    table = new_table(reader, server, "dragon", ["human", "bot:random"], seed=3)
    rules = table.locator("#rules-link")
    rules.wait_for(state="visible")
    with table.context.expect_page() as opened:
        rules.click()
    beside = opened.value
    beside.wait_for_load_state()
    wait_ready(beside)
    assert "/rules/dragon" in beside.url
    assert table.url.startswith(f"{server}/table/"), "the table stays where it was"
    # the board is still there and playable
    actions = offered_actions(table)
    assert actions
    play_action(table, actions[0])
    table.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=0)
    # a rule bubble's "more" link opens its section in the same rules window
    event = table.locator('#board [data-rules="events"]').first
    event.evaluate("node => node.scrollIntoView({ block: 'center' })")  # bubble and link on screen
    event.click()
    more = table.locator("#tip-bubble a.tip-more")
    more.wait_for(state="visible")
    assert more.get_attribute("data-section") == "events"
    check_axe(table, axe_script, "table with a rule bubble")
    more.click()
    beside.wait_for_url("**/rules/dragon?lang=*#events")
    beside.wait_for_function(SHOWN, arg=1)
    assert beside.locator("#events h2").text_content() == "Events"
    assert table.locator("#board svg").count() == 1
