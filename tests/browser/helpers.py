"""Driving the page as a player would: the lobby form, invitation links, action buttons."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from dragontable.games import replay_steps

# What a player clicks to decide: a picker button or a board element bound to choices.
DECISIONS = "#actions button.pick, #board .legal"

# True once the page offers this seat a decision or shows the end of the game.
READY = (
    "() => !document.getElementById('end').hidden"
    f" || document.querySelector({DECISIONS!r}) !== null"
)


CSP_VIOLATIONS: list[str] = []
"""Content-Security-Policy violations the pages reported since the test began."""
CSP_REPORTER = """
document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`CSP violation: ${e.violatedDirective} refused ${e.blockedURI || 'inline'}`
    + ` at ${e.sourceFile || document.URL}:${e.lineNumber}`);
});
"""
CSP_WORDS = ("CSP violation", "Content Security Policy")


def watch_csp(context: BrowserContext, violations: list[str]) -> None:
    """Collect into ``violations`` each CSP violation of the context's pages: the page's
    ``securitypolicyviolation`` events and Chromium's console messages about the CSP."""
    context.add_init_script(CSP_REPORTER)

    def seen(message: ConsoleMessage) -> None:
        if any(word in message.text for word in CSP_WORDS):
            violations.append(f"{message.page.url if message.page else '?'}: {message.text}")

    context.on("console", seen)


def locale(lang: str) -> dict[str, str]:
    """The page's own words in ``lang``, from ``web/locales/<lang>.json``."""
    path = resources.files("dragontable").joinpath("web", "locales", f"{lang}.json")
    data: dict[str, str] = json.loads(path.read_text("utf-8"))
    return data


ZOMBIE_RANDOM = locale("en")["table.seat_zombie"].format(level=locale("en")["bot.level.random"])
"""What a seat's row says, in English, while the random bot plays it out of time."""


def game_info(page: Page, base_url: str, game: str) -> dict[str, Any]:
    """The lobby's description of ``game`` from ``GET /api/games``."""
    infos = page.request.get(f"{base_url}/api/games").json()
    return next(info for info in infos if info["name"] == game)


def new_table(
    page: Page, base_url: str, game: str, seats: list[str], seed: int | None = None
) -> Page:
    """Open a table through the lobby form and follow the first human seat's invitation.

    ``seats`` holds one lobby value per seat (``human``, ``bot:random``, …); the
    returned page is the table page opened by the invitation link.
    """
    page.goto(f"{base_url}/")
    page.locator(f'#game option[value="{game}"]').wait_for(state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f'[data-seat="{seat}"]', kind)
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create button[type=submit]")
    with page.context.expect_page() as opened:
        page.locator('[data-testid="invite"]').first.click()
    table = opened.value
    table.wait_for_load_state()
    return table


def table_id(page: Page) -> str:
    """The id of the table shown on a table page (``/table/<id>#token=…``)."""
    return urlsplit(page.url).path.rsplit("/", 1)[1]


def is_over(page: Page) -> bool:
    """Wait until the page offers a decision or shows the end; True for the end."""
    page.wait_for_function(READY)
    return page.locator("#end").is_visible()


# A point of `node` where a tap lands on it (not on something drawn over it), in viewport
# coordinates after scrolling it into view; null when no part of it can be tapped.
TAP_POINT = """node => {
  node.scrollIntoView({ block: 'center', inline: 'center' });
  const r = node.getBoundingClientRect();
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {
    for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === node || node.contains(hit))) return { x, y };
    }
  }
  return null;
}"""


def tap(page: Page, handle: Any) -> None:
    """Tap a board element or button as a person would: anywhere on it that is not covered
    by something else (a province under its city); fails when no part of it can be tapped."""
    point = handle.evaluate(TAP_POINT)
    assert point is not None, (
        f"nothing of {handle.evaluate('n => n.outerHTML.slice(0, 200)')} can be tapped"
    )
    page.mouse.click(point["x"], point["y"])


def click_action(page: Page, rng: random.Random) -> str:
    """Click one of the decisions at random (a picker, or a board element and then an item
    of its menu when it carries several choices) and wait for the server's update; return
    its action (the notation in ``data-action``; the page shows only labels)."""
    options = page.locator(DECISIONS)
    handle = options.nth(rng.randrange(options.count())).element_handle()
    action = handle.get_attribute("data-action")
    tap(page, handle)
    if action is None:  # several choices here: the page opened a menu of them
        items = page.locator("#choice-menu button[data-action]")
        items.first.wait_for()
        item = items.nth(rng.randrange(items.count()))
        action = item.get_attribute("data-action")
        item.click()
    # Every update redraws the board and the pickers, so the clicked element leaves.
    page.wait_for_function("node => !node.isConnected", arg=handle)
    return str(action)


def play_action(page: Page, action: str) -> None:
    """Play ``action`` as a player would: its picker, its board element, or the menu item."""
    page.wait_for_function(READY)
    direct = page.locator(
        f'#actions button[data-action="{action}"], #board .legal[data-action="{action}"]'
    )
    if direct.count():
        direct.first.click()
        return
    holder = page.locator("#board .legal[data-actions]")
    for k in range(holder.count()):
        node = holder.nth(k)
        if action in str(node.get_attribute("data-actions")).split("\n"):
            node.click()
            page.locator(f'#choice-menu button[data-action="{action}"]').click()
            return
    raise AssertionError(f"{action} is not offered on the page")


def play(page: Page, rng: random.Random, moves: int | None = None) -> list[str]:
    """Click actions until the game ends (or ``moves`` clicks); return the actions clicked."""
    clicked: list[str] = []
    while (moves is None or len(clicked) < moves) and not is_over(page):
        clicked.append(click_action(page, rng))
    return clicked


def final_totals(page: Page) -> list[int]:
    """The totals in the end screen's score table, best-placed first."""
    cells = page.locator("#scores tbody tr td.total").all_inner_texts()
    return [int(text) for text in cells]


def actions_in(frame: str | bytes) -> list[str]:
    """The action a WebSocket message from the page carries, if it carries one."""
    message = json.loads(frame)
    return [message["action"]] if isinstance(message, dict) and "action" in message else []


def seat_decisions(record: dict[str, Any], seat: int) -> list[str]:
    """The actions ``seat`` chose in a record: those the server did not apply by itself
    (a decision with one option is the seat's too when being forced is a secret)."""
    chosen = []
    for state, action in zip(replay_steps(record), record["actions"]):
        if state.current_player == seat and state.forced_action() is None:
            chosen.append(action)
    return chosen


OFFERED = """() => {
  const out = [];
  for (const b of document.querySelectorAll('#actions button.pick')) {
    out.push({ action: b.dataset.action, label: b.querySelector('.pick-label').textContent, on: 'picker' });
  }
  for (const n of document.querySelectorAll('#board .legal')) {
    const many = n.getAttribute('data-actions');
    const actions = many ? many.split('\\n') : [n.getAttribute('data-action')];
    const labels = n.getAttribute('data-labels').split('\\n');
    actions.forEach((action, k) => out.push({ action, label: labels[k], on: 'board',
      target: n.getAttribute('data-target') }));
  }
  return out;
}"""


def offered(page: Page) -> list[dict[str, Any]]:
    """Every decision the page offers now: ``{"action", "label", "on", "target"?}`` for each
    picker and each choice of a board element (waits for a decision or the end)."""
    page.wait_for_function(READY)
    found: list[dict[str, Any]] = page.evaluate(OFFERED)
    return found


def offered_actions(page: Page) -> list[str]:
    """The notation of every decision the page offers (kept in attributes, never shown)."""
    return sorted(o["action"] for o in offered(page))


def offered_labels(page: Page) -> list[str]:
    """What the page shows for each decision it offers."""
    return sorted(o["label"] for o in offered(page))


def after_update(page: Page, act: Any) -> None:
    """Run ``act()`` and wait for the server's next update (it redraws the board)."""
    board = page.locator("#board > *").first.element_handle()
    act()
    page.wait_for_function("node => !node.isConnected", arg=board)


def turn_based_clock(page: Page, bank_days: int, day_s: int = 86_400) -> None:
    """Fill the lobby's turn-based clock: a day a move, ``bank_days`` of bank, the random
    bot for a seat out of time (the clock kind is already ``turn``)."""
    page.fill("#clock-per-move", "1")
    page.select_option("#clock-unit", str(day_s))
    page.fill("#clock-bank", str(bank_days))
    page.select_option("#clock-zombie", "random")


def create_two_seat_table(page: Page) -> dict[int, str]:
    """Submit the lobby's form for two seats; each seat's invitation link."""
    page.click("#create button[type=submit]")
    links = page.locator('[data-testid="invite"]')
    expect(links).to_have_count(2)
    return {
        int(str(a.get_attribute("data-seat"))): str(a.get_attribute("href")) for a in links.all()
    }
