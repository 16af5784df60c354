"""The Ming Dynasty board on a phone and a desktop: played by clicking the board and the
untargeted choices only, targets big enough to tap, a rule on every kind of element, no
notation drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize

from .board_checks import DESKTOP, PHONE, board_screens, play_on_a_phone

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
    kinds = play_on_a_phone(browser, server, screenshots, "ming", DECISIONS, TIPS)
    assert {"prince", "space", "take"} <= kinds, kinds


@pytest.mark.parametrize(("viewport", "lang"), [(DESKTOP, "zh"), (PHONE, "zh"), (DESKTOP, "en")])
def test_ming_board_screens(
    browser: Browser, server: str, screenshots: Path, viewport: ViewportSize, lang: str
) -> None:
    board_screens(browser, server, screenshots, "ming", viewport, lang)
