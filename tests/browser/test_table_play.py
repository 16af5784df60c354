"""Whole games played as a person plays them, on a phone and on a laptop screen, in English
and Chinese: only taps on the board, its menus and the pickers (no notation typed, no
notation button). At every decision the page shows no notation, does not scroll sideways,
keeps the prompt and something to tap on screen, and (on the phone) every tap target is at
least 44×44 CSS px; axe-core finds no serious or critical accessibility violation."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import READY, actions_in, click_action, game_info, seat_decisions

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
MIN_TAP = 44

# What a person sees at a decision, measured in the page.
MEASURE = """() => {
  const decisions = [...document.querySelectorAll('#actions button.pick, #board .legal')];
  const actions = new Set();
  for (const n of decisions) {
    const many = n.getAttribute('data-actions');
    for (const a of many ? many.split('\\n') : [n.getAttribute('data-action')]) actions.add(a);
  }
  const texts = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const text = walk.currentNode.textContent.trim();
    if (text && walk.currentNode.parentElement.closest('script, style, title, details:not([open]) > form') === null) {
      texts.push(text);
    }
  }
  const inView = (r) => r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth
    && r.width > 0 && r.height > 0;
  const small = decisions.map((n) => ({ r: n.getBoundingClientRect(), what: n.getAttribute('aria-label')
    || n.textContent.slice(0, 40) })).filter((d) => d.r.width < 44 || d.r.height < 44)
    .map((d) => `${d.what} ${Math.round(d.r.width)}x${Math.round(d.r.height)}`);
  return {
    notation: texts.filter((t) => actions.has(t)),
    sideways: document.documentElement.scrollWidth - innerWidth,
    promptInView: inView(document.getElementById('prompt').getBoundingClientRect()),
    targetInView: decisions.some((n) => inView(n.getBoundingClientRect())),
    small,
    decisions: decisions.length,
  };
}"""

AXE_RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}"""


@pytest.fixture(scope="session")
def axe_script(pytestconfig: pytest.Config) -> str:
    """axe-core's script, as `make axe` installs it (npm package axe-core)."""
    path = pytestconfig.rootpath / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
    if not path.is_file():
        pytest.fail(f"axe-core is missing ({path.name}): run `make axe`", pytrace=False)
    return path.read_text("utf-8")


@pytest.fixture
def person(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page of the size and language the test names; script errors fail the test."""
    viewport, lang = request.param
    context = browser.new_context(
        viewport=viewport, is_mobile=viewport is PHONE, has_touch=viewport is PHONE
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    context.add_init_script(
        f"try {{ localStorage.setItem('dragontable.lang', '{lang}'); }} catch (e) {{}}"
    )
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    yield context.new_page()
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def check_axe(page: Page, axe: str, where: str) -> None:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(f"{axe}\n;0")  # not a <script> tag: the page's CSP would refuse it
    violations: list[dict[str, Any]] = page.evaluate(AXE_RUN)
    assert not violations, f"{where}: {json.dumps(violations, ensure_ascii=False, indent=1)}"


def check_decision(page: Page, phone: bool, where: str) -> None:
    seen: dict[str, Any] = page.evaluate(MEASURE)
    assert seen["decisions"], where
    assert not seen["notation"], f"{where}: notation shown as text: {seen['notation']}"
    assert seen["sideways"] <= 0, f"{where}: the page scrolls sideways by {seen['sideways']} px"
    assert seen["promptInView"], f"{where}: the prompt is off screen"
    assert seen["targetInView"], f"{where}: nothing to tap is on screen"
    if phone:
        assert not seen["small"], (
            f"{where}: tap targets under {MIN_TAP}×{MIN_TAP} px: {seen['small'][:5]}"
        )


CASES = [
    pytest.param((size, lang), game, id=f"{game}-{name}-{lang}")
    for game in ("dragon", "ming", "changcheng")
    for name, size in (("phone", PHONE), ("laptop", LAPTOP))
    for lang in ("en", "zh")
]


@pytest.mark.parametrize(("person", "game"), CASES, indirect=["person"])
def test_a_whole_game_by_taps(
    person: Page,
    server: str,
    game: str,
    axe_script: str,
    screenshots: Path,
    request: pytest.FixtureRequest,
) -> None:
    page = person
    phone = page.viewport_size == PHONE
    info = game_info(page, server, game)
    players = info["min_players"]
    body = {
        "game": game,
        "players": players,
        "seats": ["human"] + ["bot:random"] * (players - 1),
        "seed": 7,
    }
    table = page.request.post(f"{server}/api/tables", data=body).json()
    sent: list[str] = []  # the actions the page sends, as the server receives them
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.extend(actions_in(data))))
    page.goto(f"{server}{table['invitations'][0]['url']}")
    name = request.node.callspec.id  # e.g. dragon-phone-zh
    rng = random.Random(name)
    clicked: list[str] = []
    while True:
        page.wait_for_function(READY)
        if page.locator("#end").is_visible():
            break
        where = f"{name}, decision {len(clicked) + 1}"
        try:
            check_decision(page, phone, where)
        except AssertionError:
            page.screenshot(path=screenshots / f"{name}-failed.png")
            raise
        if len(clicked) in (0, 12):
            check_axe(page, axe_script, where)
        if len(clicked) == 12:
            page.screenshot(path=screenshots / f"{name}.png")
        clicked.append(click_action(page, rng))
    check_axe(page, axe_script, f"{name}, the end")
    page.screenshot(path=screenshots / f"{name}-end.png", full_page=True)
    record = page.request.get(f"{server}/api/tables/{table['id']}/record").json()
    # One action sent a tap, and the record holds what the page sent. Not ``clicked`` itself:
    # a tap lands on what is drawn when it lands, and an update that redraws the board between
    # reading a target's action and tapping it (rare, on a loaded machine; once a Ming
    # Dynasty game's 'deploy 0+c' became 'deploy 1+c') plays the element drawn there then.
    # That each target sends the action it shows is test_targets.py's.
    assert len(sent) == len(clicked)
    assert seat_decisions(record, 0) == sent
