"""The Ming Dynasty board on a phone and a desktop: played by clicking the board and the
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

DECISIONS = 45  # setup, three phases of round 1 and into round 2
TIPS = {  # the kinds of element that carry a rule in a sentence (data-tip)
    "district": "#board .district[data-tip]",
    "city": "#board .city[data-tip]",
    "cloister": "#board .cloister[data-tip]",
    "border": "#board .border[data-tip]",
    "space": '#board [data-target^="province:"][data-tip]',
    "display card": '#board [data-target^="display:"][data-tip]',
    "dragon card": '#board [data-target^="dragon:"][data-tip]',
    "counter": "#board .counter[data-tip]",
}


def test_a_phone_plays_ming_by_the_board(browser: Browser, server: str, screenshots: Path) -> None:
    context, table, errors = open_table(browser, server, "ming", PHONE, "en", 31)
    rng = random.Random("ming-phone")
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
    assert {"prince", "space", "take"} <= kinds, kinds
    for kind, selector in TIPS.items():
        assert table.locator(selector).count(), kind
    table.screenshot(path=str(screenshots / "ming-phone-en.png"), full_page=True)
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(("viewport", "lang"), [(DESKTOP, "zh"), (PHONE, "zh"), (DESKTOP, "en")])
def test_ming_board_screens(
    browser: Browser, server: str, screenshots: Path, viewport: dict[str, int], lang: str
) -> None:
    context, table, errors = open_table(browser, server, "ming", viewport, lang, 32)
    rng = random.Random("ming-screens")
    for _ in range(14):
        if not offered(table):
            break
        seen = survey(table)
        assert seen["narrow"] == (viewport["width"] < 700)
        check_sizes(seen)
        check_no_notation(seen)
        step(table, rng)
    offered(table)
    name = f"ming-{'phone' if viewport['width'] < 700 else 'desktop'}-{lang}.png"
    table.screenshot(path=str(screenshots / name), full_page=True)
    context.close()
    assert not errors, errors
