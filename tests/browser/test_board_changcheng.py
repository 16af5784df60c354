"""The Chang Cheng board on a phone and a desktop: played by clicking the board and the
untargeted choices only, targets big enough to tap, a rule on every kind of element, no
notation drawn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize

from .board_checks import (
    DESKTOP,
    PHONE,
    board_screens,
    offered,
    open_table,
    play_on_a_phone,
    step,
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
    kinds = play_on_a_phone(browser, server, screenshots, "changcheng", DECISIONS, TIPS)
    assert {"two-singles", "single"} & kinds, kinds


@pytest.mark.parametrize(("viewport", "lang"), [(DESKTOP, "zh"), (PHONE, "zh"), (DESKTOP, "en")])
def test_changcheng_board_screens(
    browser: Browser, server: str, screenshots: Path, viewport: ViewportSize, lang: str
) -> None:
    board_screens(browser, server, screenshots, "changcheng", viewport, lang)


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
