"""Whole games played as a person plays them, on two phones and a laptop screen, in English,
Chinese and Polish: only taps on the board, its menus and the pickers (no notation typed, no
notation button). The language is given once, to the lobby's address; the seat's link, the
end screen's replay link and the header's links carry it. At every decision the prompt and a
target are in the window and not covered (by the turn bar or anything), the turn bar stays
within its share of the height, no notice outlives a move, the page shows no notation, does
not scroll sideways, shows no English in another language and (on the phones) no tap target
under 44×44 CSS px; so do the lobby, the end screen, the replay, My tables and the profile.
axe-core finds no serious or critical accessibility violation."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import READY, actions_in, click_action, game_info, new_table, seat_decisions
from .page_checks import MIN_TAP, check_page, check_turn, notice

pytestmark = pytest.mark.browser

VIEWPORTS: dict[str, ViewportSize] = {
    "phone360": {"width": 360, "height": 740},
    "phone390": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
}
HTML_LANG = {"en": "en", "pl": "pl", "zh": "zh-Hans"}
PASSWORD = "correct horse battery"

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
  const small = decisions.map((n) => ({ r: n.getBoundingClientRect(), what: n.getAttribute('aria-label')
    || n.textContent.slice(0, 40) })).filter((d) => d.r.width < 44 || d.r.height < 44)
    .map((d) => `${d.what} ${Math.round(d.r.width)}x${Math.round(d.r.height)}`);
  return {
    notation: texts.filter((t) => actions.has(t)),
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
    """A page of the size the test names, touch on the phones, no language chosen yet;
    script errors fail the test."""
    viewport = VIEWPORTS[request.param]
    phone = viewport["width"] < 700
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
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
    if phone:
        assert not seen["small"], (
            f"{where}: tap targets under {MIN_TAP}×{MIN_TAP} px: {seen['small'][:5]}"
        )


def in_lang(page: Page, lang: str) -> None:
    """Wait until the page speaks ``lang``."""
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])


def sign_up(page: Page, name: str) -> None:
    """Sign up in the lobby's header (the account keeps the page's language)."""
    page.click("#account-open")
    page.fill("#account-form [name=name]", name)
    page.fill("#account-form [name=password]", PASSWORD)
    page.click("#sign-up")
    expect(page.locator("#signed-in")).to_contain_text(name)


# Each game at each size once, the languages rotated over them.
CASES = [
    pytest.param(size, game, lang, id=f"{game}-{size}-{lang}")
    for game, langs in (("dragon", "pl zh en"), ("ming", "zh en pl"), ("changcheng", "en pl zh"))
    for size, lang in zip(VIEWPORTS, langs.split())
]


@pytest.mark.parametrize(("person", "game", "lang"), CASES, indirect=["person"])
def test_a_whole_game_by_taps(
    person: Page,
    server: str,
    game: str,
    lang: str,
    axe_script: str,
    screenshots: Path,
    request: pytest.FixtureRequest,
) -> None:
    lobby = person
    phone = (lobby.viewport_size or {"width": 0})["width"] < 700
    name = request.node.callspec.id  # e.g. dragon-phone360-pl
    rng = random.Random(name)
    lobby.goto(f"{server}/?lang={lang}")  # said once: kept by the browser and the links
    lobby.locator(f'#game option[value="{game}"]').wait_for(state="attached")
    in_lang(lobby, lang)
    check_page(lobby, lang, phone, f"{name}, the lobby")
    account = f"Tap{rng.randrange(16**8):08x}"
    sign_up(lobby, account)
    players = game_info(lobby, server, game)["min_players"]
    page = new_table(lobby, server, game, ["human"] + ["bot:random"] * (players - 1), seed=7)
    check_page(lobby, lang, phone, f"{name}, the lobby's invitations")
    in_lang(page, lang)
    sent: list[str] = []  # the actions the page sends, as the server receives them
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.extend(actions_in(data))))
    page.click("#attach")  # keep the seat in the account: it shows under My tables
    expect(page.locator('#players li[data-seat="0"] a.account')).to_have_text(account)
    in_lang(page, lang)
    clicked: list[str] = []
    before = ""
    while True:
        page.wait_for_function(READY)
        if page.locator("#end").is_visible():
            break
        where = f"{name}, decision {len(clicked) + 1}"
        try:
            check_turn(page, phone, where, before)
            check_decision(page, phone, where)
            check_page(page, lang, phone, where)
        except AssertionError:
            page.screenshot(path=screenshots / f"{name}-failed.png")
            raise
        if len(clicked) in (0, 12):
            check_axe(page, axe_script, where)
        if len(clicked) in (0, 12):
            page.screenshot(path=screenshots / f"{name}-{len(clicked) + 1}.png")
        before = notice(page)
        clicked.append(click_action(page, rng))
    check_axe(page, axe_script, f"{name}, the end")
    check_page(page, lang, phone, f"{name}, the end")
    page.locator("#end").screenshot(path=screenshots / f"{name}-end.png")
    table = page.url.split("?")[0].split("#")[0].rsplit("/", 1)[1]
    record = page.request.get(f"{server}/api/tables/{table}/record").json()
    # One action sent a tap, and the record holds what the page sent. Not ``clicked`` itself:
    # a tap lands on what is drawn when it lands, and an update that redraws the board between
    # reading a target's action and tapping it (rare, on a loaded machine; once a Ming
    # Dynasty game's 'deploy 0+c' became 'deploy 1+c') plays the element drawn there then.
    # That each target sends the action it shows is test_targets.py's.
    assert len(sent) == len(clicked)
    assert seat_decisions(record, 0) == sent
    other_pages(page, lang, phone, f"{screenshots}/{name}", account, table)


def other_pages(page: Page, lang: str, phone: bool, name: str, account: str, table: str) -> None:
    """The replay, My tables and the profile, each reached by a link of the page before."""
    page.click("#replay-link")
    expect(page.locator("#replay-position")).not_to_have_text("")
    in_lang(page, lang)
    check_page(page, lang, phone, f"{name}, the replay")
    page.screenshot(path=f"{name}-replay.png", full_page=True)
    page.click("header a[href^='/?'], header a[href='/']")
    page.click("#mine-link")
    expect(page.locator(f'#mine tr[data-table="{table}"]')).to_be_visible()
    in_lang(page, lang)
    check_page(page, lang, phone, f"{name}, My tables")
    page.screenshot(path=f"{name}-mine.png", full_page=True)
    page.click("#signed-in a.account")
    expect(page.locator("#name")).to_have_text(account)
    expect(page.locator(f'#recent tr[data-table="{table}"]')).to_be_visible()
    in_lang(page, lang)
    check_page(page, lang, phone, f"{name}, the profile")
    page.screenshot(path=f"{name}-profile.png", full_page=True)
