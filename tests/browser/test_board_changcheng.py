"""The Chang Cheng board on a phone and a desktop: played by clicking the board and the
untargeted choices only, targets big enough to tap, a rule on every kind of element, no
notation drawn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .board_checks import (
    DESKTOP,
    PHONE,
    check_no_notation,
    check_sizes,
    offered,
    open_table,
    step,
    survey,
)

pytestmark = pytest.mark.browser

DECISIONS = 40  # the first turns, a province scored and its cards resolved
TIPS = {  # the kinds of element that carry a rule in a sentence (data-tip)
    "space": "#board .space[data-tip]",
    "region": "#board .region[data-tip]",
    "province": "#board .province[data-tip]",
    "threat token": "#board .threat[data-tip]",
    "reputation token": "#board .reputation[data-tip]",
    "card": "#board .hand-card[data-tip]",
    "counter": "#board .counter[data-tip]",
}
COLOURS = """() => ({
  pieces: [...document.querySelectorAll('#board .piece')].map((p) => [p.dataset.colour,
    p.firstElementChild.getAttribute('fill')]),
})"""


def test_a_phone_plays_changcheng_by_the_board(
    browser: Browser, server: str, screenshots: Path
) -> None:
    context, table, errors = open_table(browser, server, "changcheng", PHONE, "en", 31)
    rng = random.Random("changcheng-phone")
    kinds: set[str] = set()
    for _ in range(DECISIONS):
        if not offered(table):
            break
        seen = survey(table)
        assert seen["narrow"] and abs(seen["scale"] - 1) < 0.01, seen["scale"]
        check_sizes(seen)
        check_no_notation(seen)
        for b in seen["buttons"]:  # every targeted choice has its element on the board
            if b["target"]:
                assert table.locator(f'#board [data-target="{b["target"]}"]').count() == 1, b
        kinds.add(step(table, rng).split(" ")[0])
    assert {"two-singles", "single"} & kinds, kinds
    for kind, selector in TIPS.items():
        assert table.locator(selector).count(), kind
    table.screenshot(path=str(screenshots / "changcheng-phone-en.png"), full_page=True)
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(("viewport", "lang"), [(DESKTOP, "zh"), (PHONE, "zh"), (DESKTOP, "en")])
def test_changcheng_board_screens(
    browser: Browser, server: str, screenshots: Path, viewport: dict[str, int], lang: str
) -> None:
    context, table, errors = open_table(browser, server, "changcheng", viewport, lang, 32)
    rng = random.Random("changcheng-screens")
    for _ in range(14):
        if not offered(table):
            break
        seen = survey(table)
        assert seen["narrow"] == (viewport["width"] < 700)
        check_sizes(seen)
        check_no_notation(seen)
        step(table, rng)
    offered(table)
    name = f"changcheng-{'phone' if viewport['width'] < 700 else 'desktop'}-{lang}.png"
    table.screenshot(path=str(screenshots / name), full_page=True)
    context.close()
    assert not errors, errors


def test_walls_are_drawn_in_the_colour_the_log_names(browser: Browser, server: str) -> None:
    """Chang Cheng's seats are red, green, blue, purple in the log: the board draws each wall in
    the palette's hue for that name (icons.js CHANGCHENG_COLOURS), whatever the seat number."""
    context, table, errors = open_table(browser, server, "changcheng", DESKTOP, "en", 33)
    rng = random.Random("colours")
    for _ in range(6):
        if not offered(table):
            break
        step(table, rng)
    offered(table)
    palette = table.evaluate(
        "async () => ({...(await import('/static/icons.js')).CHANGCHENG_COLOURS})"
    )
    assert palette["red"] == "#D55E00" and palette["green"] == "#009E73"
    pieces = table.evaluate(COLOURS)["pieces"]
    assert {colour for colour, _ in pieces} >= {"red", "green"}, pieces
    for colour, fill in pieces:
        assert fill == palette[colour], (colour, fill)
    log = table.locator("#log").inner_text()
    assert "red" in log and "green" in log and "blue" not in log
    context.close()
    assert not errors, errors
