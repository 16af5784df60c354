"""The replay viewer, reached from the end screen: every control shows the API's step."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


# The viewer has drawn step k: it sets the slider and the position, then writes #step=k.
DRAWN = """k => document.getElementById('replay-step').value === String(k)
  && document.getElementById('replay-position').textContent !== ''
  && location.hash === '#step=' + k"""


def wait_step(page: Page, step: int) -> None:
    """Wait until the viewer has drawn ``step``."""
    page.wait_for_function(DRAWN, arg=step)


def enabled(page: Page, selector: str, on: bool) -> None:
    """Assert that the button ``selector`` is enabled (``on``) or disabled."""
    button = expect(page.locator(selector))
    button.to_be_enabled() if on else button.to_be_disabled()


def check_step(page: Page, data: dict[str, Any]) -> str:
    """Assert the viewer shows the API's step ``data``; return the board's markup."""
    step, total = data["step"], data["total_steps"]
    slider = page.locator("#replay-step")
    assert slider.input_value() == str(step)
    assert slider.get_attribute("max") == str(total)
    numbers = [int(n) for n in re.findall(r"\d+", page.inner_text("#replay-position"))]
    assert sorted(numbers) == sorted([step, total])
    if step == 0:
        expect(page.locator("#replay-action")).to_have_count(0)
    else:
        assert page.inner_text("#replay-action") == data["move"] != data["action"]
        assert page.get_attribute("#replay-action", "data-action") == data["action"]
        assert data["names"][data["seat"]] in page.inner_text("#replay-move")
    lines = page.locator("#log li").all_inner_texts()
    if data["log"]:
        assert lines == [line["text"] for line in data["log"]]
    else:
        assert len(lines) == 1 and page.locator("#log li.muted").count() == 1
    totals = page.locator("#scores tbody tr td:last-child").all_inner_texts()
    assert totals == [str(s["total"]) for s in data["scores"]]
    for selector in ("#replay-first", "#replay-prev"):
        enabled(page, selector, step > 0)
    for selector in ("#replay-next", "#replay-last"):
        enabled(page, selector, step < total)
    return page.inner_html("#board")


def test_replay_viewer_steps_through_the_finished_game(
    page: Page, server: str, screenshots: Path, finished_dragon: dict[str, Any]
) -> None:
    table = finished_dragon["id"]
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/replay?" in r.url else None)
    page.goto(finished_dragon["url"])
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#score-chart")).to_be_visible()
    page.click("#replay-link")
    page.wait_for_url(re.compile(rf"/replay/{table}"))
    wait_step(page, 0)
    # The API in the language the viewer asked for.
    lang = parse_qs(urlsplit(asked[0]).query).get("lang", ["en"])[0]

    def api(step: int) -> dict[str, Any]:
        url = f"{server}/api/tables/{table}/replay?step={step}&lang={lang}"
        data: dict[str, Any] = page.request.get(url).json()
        return data

    def shows(step: int) -> str:
        wait_step(page, step)
        return check_step(page, api(step))

    board0 = shows(0)
    total = api(0)["total_steps"]
    assert total > 20

    # Buttons.
    page.click("#replay-next")
    board1 = shows(1)
    page.click("#replay-next")
    shows(2)
    page.click("#replay-prev")
    assert shows(1) == board1
    page.click("#replay-last")
    board_last = shows(total)
    assert board_last != board0
    public = page.request.get(f"{server}/api/tables/{table}").json()
    totals = page.locator("#scores tbody tr td:last-child").all_inner_texts()
    assert totals == [str(s["total"]) for s in public["scores"]]
    page.click("#replay-first")
    assert shows(0) == board0

    # The slider: clicked half-way it jumps there; its own arrow keys move it by one.
    slider = page.locator("#replay-step")
    box = slider.bounding_box()
    assert box is not None
    slider.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    middle = int(slider.input_value())
    assert 0 < middle < total
    shows(middle)
    page.keyboard.press("ArrowRight")
    shows(middle + 1)

    # The page's arrow keys, Home and End, with the focus away from the slider.
    page.click("#replay-move")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    shows(middle - 1)
    page.keyboard.press("ArrowRight")
    shows(middle)
    page.keyboard.press("End")
    assert shows(total) == board_last
    page.keyboard.press("Home")
    assert shows(0) == board0

    # A step in the URL opens there.
    page.goto(f"{server}/replay/{table}#step={middle}")
    page.reload()
    shows(middle)
    page.locator("#board").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "replay-dragon.png", full_page=True)
