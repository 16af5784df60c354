"""Game review on the page: the end screen's Review button and the replay viewer's, with
progress while the server searches, then each decision's verdict as the API gives it."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from dragontable.review import VERDICTS

from .test_replay import wait_step
from .test_table_play import check_axe

AXE = Path(".venv") / "axe" / "node_modules" / "axe-core" / "axe.min.js"
PHONE: ViewportSize = {"width": 390, "height": 844}

pytestmark = pytest.mark.browser

# Remembers every status the review box showed (a progress bar while the server searched).
WATCH = """() => {
  window.reviewSeen = [];
  const box = document.getElementById('review-status');
  new MutationObserver(() => {
    if (box.querySelector('#review-progress')) window.reviewSeen.push('progress');
  }).observe(box, { childList: true, subtree: true });
}"""


def api_review(page: Page, server: str, table: str, seat: int, lang: str) -> dict[str, Any]:
    url = f"{server}/api/tables/{table}/review?seat={seat}&lang={lang}"
    answer: dict[str, Any] = page.request.get(url).json()
    assert answer["status"] == "done", answer
    return dict(answer["review"])


def _percent(share: float) -> int:
    """A win chance as the page rounds it: halves away from zero (Python's round() would
    round 62.5 to the even 62)."""
    return math.floor(100 * share + 0.5)


def check_shown(page: Page, review: dict[str, Any]) -> None:
    """The page lists every reviewed decision as the API gives it, in order."""
    items = page.locator("#review-list li")
    expect(items).to_have_count(len(review["decisions"]))
    for k, d in enumerate(review["decisions"]):
        item = items.nth(k)
        assert item.get_attribute("data-index") == str(d["index"])
        assert item.get_attribute("data-verdict") == d["verdict"] in VERDICTS
        text = item.inner_text()
        assert d["move_label"] in text
        assert f"{_percent(d['before'])}%" in text and f"{_percent(d['after'])}%" in text
        assert (d["best_label"] in text) == (d["verdict"] not in ("best", "good")) or (
            d["best_label"] == d["move_label"]
        )
        assert item.locator("svg.verdict-icon").count() == 1


@pytest.fixture(scope="module")
def axe(pytestconfig: pytest.Config) -> str:
    """axe-core's script, as `make axe` installs it (npm package axe-core)."""
    path = pytestconfig.rootpath / AXE
    if not path.is_file():
        pytest.fail(f"axe-core is missing ({path.name}): run `make axe`", pytrace=False)
    return path.read_text("utf-8")


def test_the_end_screen_reviews_my_seat(
    page: Page, server: str, screenshots: Path, finished_dragon: dict[str, Any], axe: str
) -> None:
    page.goto(finished_dragon["url"])
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#review-start")).to_be_visible()
    assert page.locator("#review-seat").input_value() == "0"  # my seat first
    page.evaluate(WATCH)
    page.click("#review-start")
    expect(page.locator("#review-list li").first).to_be_visible(timeout=120_000)
    assert "progress" in page.evaluate("window.reviewSeen")
    expect(page.locator("#review-start")).to_be_hidden()
    review = api_review(page, server, finished_dragon["id"], 0, "en")
    check_shown(page, review)
    for verdict, n in review["summary"].items():
        counted = page.locator(f'.review-summary [data-verdict="{verdict}"]')
        if n:
            assert re.search(rf"\b{n}$", counted.inner_text())
        else:
            expect(counted).to_have_count(0)
    page.locator("#review").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "review-end-screen.png", full_page=True)
    check_axe(page, axe, "the end screen's review")
    page.set_viewport_size(PHONE)
    wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0, f"the page scrolls sideways by {wide} px on a phone"
    page.set_viewport_size({"width": 1280, "height": 900})
    # In another language: the page's words and the server's labels in it.
    page.select_option("#lang", "pl")
    expect(page.locator("#review h2")).to_have_text("Analiza partii")
    polish = api_review(page, server, finished_dragon["id"], 0, "pl")
    expect(page.locator("#review-list li").first).to_contain_text(
        polish["decisions"][0]["move_label"]
    )
    check_shown(page, polish)


def test_the_replay_viewer_reviews_a_seat_and_jumps_to_its_moves(
    page: Page, server: str, finished_dragon: dict[str, Any], axe: str
) -> None:
    table = finished_dragon["id"]
    page.goto(f"{server}/replay/{table}")
    wait_step(page, 0)
    page.select_option("#review-seat", "1")
    page.click("#review-start")
    expect(page.locator("#review-list li").first).to_be_visible(timeout=120_000)
    review = api_review(page, server, table, 1, "en")
    check_shown(page, review)
    third = review["decisions"][2]
    page.locator("#review-list li").nth(2).locator("button").click()
    wait_step(page, third["index"] + 1)
    assert page.get_attribute("#replay-action", "data-action") == third["move"]
    expect(page.locator("#review-list li[aria-current]")).to_have_attribute(
        "data-index", str(third["index"])
    )
    check_axe(page, axe, "the replay viewer's review")
    # A reviewed seat shows at once when it is picked again, with nothing to start.
    page.reload()
    wait_step(page, third["index"] + 1)
    page.select_option("#review-seat", "1")
    expect(page.locator("#review-list li")).to_have_count(len(review["decisions"]))
    expect(page.locator("#review-start")).to_be_hidden()
