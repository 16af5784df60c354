"""Checks shared by the Ming Dynasty and Chang Cheng board tests: playing by the board and the
untargeted choices only, target and text sizes, tooltips, no notation on the board."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from .conftest import NO_PACE
from .helpers import is_over, new_table

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1366, "height": 768}

# What the board offers now: elements bound to a choice (data-action), the mode chips, the
# untargeted choices' buttons, and every size that matters (CSS px).
SURVEY = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.width, r.height]; };
  return {
    narrow: svg.classList.contains('narrow'),
    scale,
    targets: [...document.querySelectorAll('#board [data-target].legal')].map((n) => ({
      target: n.dataset.target, action: n.dataset.action, size: box(n) })),
    legal: [...document.querySelectorAll('#board .legal')].map((n) => n.dataset.action),
    modes: document.querySelectorAll('#board .mode-chip:not(.on), #board .card-pick:not(.on)').length,
    buttons: [...document.querySelectorAll('#actions button')].map((b) => ({
      action: b.dataset.action, target: b.dataset.target || null })),
    fonts: [...svg.querySelectorAll('text, tspan')].filter((n) => n.getAttribute('font-size'))
      .map((n) => [Number(n.getAttribute('font-size')) * scale, n.textContent]),
    texts: [...svg.querySelectorAll('text')].map((n) => n.textContent.trim()),
  };
}"""


def offered(page: Page) -> bool:
    """Wait until the page offers a decision or shows the end; True if it offers one."""
    return not is_over(page)


def survey(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(SURVEY)
    return result


def check_sizes(seen: dict[str, Any]) -> None:
    """In SVG units: targets at least 44×44 and text at least 12 in the narrow layout (drawn at
    scale 1, so CSS px too), targets at least 30 and text 11 in the wide one (scaled to fit)."""
    least, font = (44, 12) if seen["narrow"] else (30, 11)
    scale = seen["scale"]
    for t in seen["targets"]:
        w, h = (x / scale for x in t["size"])
        assert w >= least - 0.5 and h >= least - 0.5, t
    small = [f for f in seen["fonts"] if f[0] / scale < font - 0.05]
    assert not small, small[:5]


def check_no_notation(seen: dict[str, Any]) -> None:
    """No text on the board reads as a legal action's notation."""
    actions = {t["action"] for t in seen["targets"]} | {b["action"] for b in seen["buttons"]}
    assert not actions & set(seen["texts"]), actions & set(seen["texts"])


def step(page: Page, rng: random.Random) -> str:
    """Play one decision as a player of the new page would: click an element of the board that
    is bound to a choice, else (a pick, a pass, a count) a button of an untargeted choice.
    Mode chips (Chang Cheng) are clicked now and then first. Returns the action sent."""
    seen = survey(page)
    if seen["modes"] and rng.random() < 0.3:
        chips = page.locator("#board .mode-chip:not(.on), #board .card-pick:not(.on)")
        chips.nth(rng.randrange(chips.count())).dispatch_event("click")
        seen = survey(page)
    legal = page.locator("#board .legal")
    untargeted = page.locator("#actions button:not([data-target])")
    if legal.count():
        node = legal.nth(rng.randrange(legal.count()))
    else:
        assert untargeted.count(), seen["buttons"]
        node = untargeted.nth(rng.randrange(untargeted.count()))
    handle = node.element_handle()
    action = handle.get_attribute("data-action")
    handle.dispatch_event("click")
    if action is None:  # several choices on this element: the page's menu lists them
        items = page.locator("#choice-menu button[data-action]")
        item = items.nth(rng.randrange(items.count()))
        action = item.get_attribute("data-action")
        item.click()
    page.wait_for_function("node => !node.isConnected", arg=handle)
    return str(action)


def open_table(
    browser: Browser, server: str, game: str, viewport: ViewportSize, lang: str, seed: int
) -> tuple[BrowserContext, Page, list[str]]:
    """A table of ``game`` (a human and a random bot) in ``lang`` at ``viewport``: the context
    (to close), the human's table page and the script errors the page meets."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(15_000)
    context.add_init_script(NO_PACE)
    context.add_init_script(
        f"try {{ localStorage.setItem('dragontable.lang', '{lang}'); }} catch {{}}"
    )
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    table = new_table(context.new_page(), server, game, ["human", "bot:random"], seed=seed)
    return context, table, errors


def play_on_a_phone(
    browser: Browser,
    server: str,
    screenshots: Path,
    game: str,
    decisions: int,
    tips: dict[str, str],
) -> set[str]:
    """Play ``decisions`` decisions of ``game`` at 390×844 by the board and the pickers only,
    checking sizes, notation and that every targeted choice has its element; then that every
    kind of element in ``tips`` carries a rule. Returns the verbs played."""
    context, table, errors = open_table(browser, server, game, PHONE, "en", 31)
    rng = random.Random(f"{game}-phone")
    kinds: set[str] = set()
    for _ in range(decisions):
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
    for kind, selector in tips.items():
        assert table.locator(selector).count(), kind
    table.screenshot(path=str(screenshots / f"{game}-phone-en.png"), full_page=True)
    context.close()
    assert not errors, errors
    return kinds


def board_screens(
    browser: Browser, server: str, screenshots: Path, game: str, viewport: ViewportSize, lang: str
) -> None:
    """A few decisions of ``game`` at ``viewport`` in ``lang``, the layout and sizes checked at
    each, then a screenshot (``<game>-phone|desktop-<lang>.png``)."""
    context, table, errors = open_table(browser, server, game, viewport, lang, 32)
    rng = random.Random(f"{game}-screens")
    for _ in range(14):
        if not offered(table):
            break
        seen = survey(table)
        assert seen["narrow"] == (viewport["width"] < 700)
        check_sizes(seen)
        check_no_notation(seen)
        step(table, rng)
    offered(table)
    name = f"{game}-{'phone' if viewport['width'] < 700 else 'desktop'}-{lang}.png"
    table.screenshot(path=str(screenshots / name), full_page=True)
    context.close()
    assert not errors, errors
