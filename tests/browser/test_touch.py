"""A finger on a phone: the first tap on a board element shows what it does (its label and
rule) with Play and Cancel; Play plays it. The Settings option plays on the first tap. A
mouse click plays at once (the pointer can hover, so the rule is at hand already)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import READY, TAP_POINT, actions_in

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    yield context.new_page()
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def finger(page: Page, handle: Any) -> None:
    """Tap ``handle`` with a finger, where nothing covers it."""
    point = handle.evaluate(TAP_POINT)
    assert point is not None
    page.touchscreen.tap(point["x"], point["y"])


def single(page: Page) -> Any:
    """A board element of the decision that plays one action."""
    page.wait_for_function(READY)
    node = page.locator("#board .legal[data-action]").first
    node.wait_for()
    return node.element_handle()


def test_the_first_tap_asks_and_the_setting_plays_at_once(phone: Page, server: str) -> None:
    body = {"game": "ming", "players": 2, "seats": ["human", "bot:random"], "seed": 7}
    table = phone.request.post(f"{server}/api/tables", data=body).json()
    sent: list[str] = []
    phone.on("websocket", lambda ws: ws.on("framesent", lambda d: sent.extend(actions_in(d))))
    phone.goto(f"{server}{table['invitations'][0]['url']}")
    node = single(phone)
    finger(phone, node)
    confirm = phone.locator("#tap-confirm")
    expect(confirm).to_be_visible()
    expect(confirm.locator(".tap-label")).to_have_text(str(node.get_attribute("data-labels")))
    assert sent == []  # nothing played yet
    phone.locator("#tap-cancel").tap()
    expect(confirm).to_be_hidden()
    assert sent == []
    finger(phone, node)
    phone.locator("#tap-play").tap()
    phone.wait_for_function("node => !node.isConnected", arg=node)
    assert sent == [node.get_attribute("data-action")]

    phone.locator("#settings summary").tap()
    phone.locator("#first-tap").check()
    phone.locator("#settings summary").tap()
    node = single(phone)
    finger(phone, node)
    phone.wait_for_function("node => !node.isConnected", arg=node)
    assert sent[-1] == node.get_attribute("data-action") and len(sent) == 2
    expect(confirm).to_be_hidden()
