"""The Dragon board as a player sees it: on a phone (narrow layout, one unit per CSS pixel) every
clickable element is at least 44×44 and no text is under 12; on a wide screen targets are at
least 30 units and text 11; every element that decides a move has its rule as a tip; no text
is notation. Positions come from the engine (both expansions on) and are drawn in a bare page;
the live table is played at 390×844 too."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from dragontable import games
from dragontable.core.rng import Rng

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import TAP_POINT, actions_in, click_action, is_over, new_table, tap

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bo", "Cyra", "Dima", "Eda"]  # none reads as notation ("Cy")
OPTIONS = {"great_wall": "choose_tile", "great_event": "random"}
HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet"
href="/static/style.css"></head><body><div id="board"></div></body></html>"""
TIPPED = [".event", ".action-card", ".supply .person-tile", ".privilege", ".wall-section",
          ".great-event", ".stat", ".palace", ".person-card"]  # fmt: skip

# Draws each position at `width` and reports, per position, what a player would run into.
DRAW = """async ([positions, lang, width]) => {
  const i18n = await import('/static/i18n.js');
  await i18n.setLang(lang, { remember: false });
  const { draw } = await import('/static/board-dragon.js');
  const host = document.getElementById('board');
  const out = [];
  for (const [view, choices, seat, names] of positions) {
    host.replaceChildren(draw(view, names, seat, { choices, act: () => {}, width }));
    const root = host.firstChild;
    const scale = root.getBoundingClientRect().width / root.viewBox.baseVal.width;
    const legal = [...host.querySelectorAll('[data-target].legal')].map((n) => {
      const r = n.getBoundingClientRect();
      return [n.dataset.target, r.width / scale, r.height / scale];
    });
    const texts = [...host.querySelectorAll('text')].filter((n) => n.textContent.trim());
    const tiny = texts.filter((n) => parseFloat(n.getAttribute('font-size')) < %MIN%)
      .map((n) => n.textContent);
    const words = texts.map((n) => n.textContent.trim());
    const targets = [...host.querySelectorAll('[data-target]')].map((n) => n.dataset.target);
    const untipped = %TIPPED%.flatMap((sel) => [...host.querySelectorAll(sel)])
      .filter((n) => !n.getAttribute('data-tip')).map((n) => n.getAttribute('class'));
    const tipped = Object.fromEntries(%TIPPED%.map((sel) => [sel, host.querySelectorAll(sel).length]));
    out.push({ legal, tiny, words, targets, untipped, tipped, viewBox: root.getAttribute('viewBox'),
      wide: root.viewBox.baseVal.width });
  }
  return out;
}"""


@cache
def positions(lang: str) -> list[list[Any]]:
    """Every third decision of a 3-player and a 4-player game, with its view and choices."""
    out = []
    for players in (3, 4):
        st = games.create("dragon", players=players, seed=players, options=OPTIONS)
        rng = Rng(players)
        k = 0
        while not st.is_over:
            seat = st.current_player
            if k % 3 == 0:
                choices = st.choices(seat, lang, NAMES)
                out.append([st.view(seat), choices, seat, NAMES[:players]])
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
            k += 1
    return out


def drawn(page: Page, server: str, lang: str, width: int, least_text: int) -> list[dict[str, Any]]:
    page.route(
        f"{server}/dragon-board", lambda route: route.fulfill(body=HTML, content_type="text/html")
    )
    page.goto(f"{server}/dragon-board")
    script = DRAW.replace("%MIN%", str(least_text)).replace("%TIPPED%", repr(TIPPED))
    result: list[dict[str, Any]] = page.evaluate(script, [positions(lang), lang, width])
    return result


@pytest.mark.parametrize(
    ("width", "least_target", "least_text", "lang"),
    [(390, 44, 12, "en"), (340, 44, 12, "uk"), (600, 44, 12, "pl"), (1000, 30, 11, "zh")],
)
def test_targets_are_large_text_readable_and_rules_at_hand(
    page: Page, server: str, width: int, least_target: int, least_text: int, lang: str
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    results = drawn(page, server, lang, width, least_text)
    tipped: dict[str, int] = {}
    for pos, got in zip(positions(lang), results, strict=True):
        view, choices = pos[0], pos[1]
        assert got["wide"] == (width if width < 700 else 1000), got["viewBox"]
        for target, w, h in got["legal"]:
            assert w >= least_target and h >= least_target, (view["prompt"], target, w, h)
        assert got["tiny"] == [], (view["prompt"], got["tiny"])
        assert got["untipped"] == [], (view["prompt"], got["untipped"])
        notation = {c["action"] for c in choices} | {c["action"].partition(" ")[2] for c in choices}
        assert not notation & set(got["words"]) - {""}, (
            view["prompt"],
            notation & set(got["words"]),
        )
        for c in choices:
            if c["target"] is not None:
                assert got["targets"].count(c["target"]) == 1, c
        bound = {t for t, _, _ in got["legal"]}
        assert bound == {c["target"] for c in choices if c["target"]}, view["prompt"]
        for sel, n in got["tipped"].items():
            tipped[sel] = tipped.get(sel, 0) + n
    assert all(tipped[sel] for sel in TIPPED), tipped


def test_recent_moves_are_marked(page: Page, server: str) -> None:
    page.route(
        f"{server}/dragon-board", lambda route: route.fulfill(body=HTML, content_type="text/html")
    )
    page.goto(f"{server}/dragon-board")
    view, choices, seat, names = positions("en")[10]
    recent = [c["target"] for c in choices if c["target"]][:2]
    marked = page.evaluate(
        """async ([view, choices, seat, names, recent]) => {
          const { draw } = await import('/static/board-dragon.js');
          const root = draw(view, names, seat, { choices, act: () => {}, width: 390, recent });
          return [...root.querySelectorAll('.recent')].map((n) => n.dataset.target);
        }""",
        [view, choices, seat, names, recent],
    )
    assert recent and sorted(marked) == sorted(recent)


def test_the_live_table_on_a_phone_has_large_targets(browser: Browser, server: str) -> None:
    # The phone's screen from the start: a table opened wide and then narrowed redraws itself
    # for the new width a moment later, under a test's tap.
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    try:
        check_phone_targets(
            new_table(context.new_page(), server, "dragon", ["human", "bot:greedy"], seed=5)
        )
    finally:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


def check_phone_targets(table: Page) -> None:
    """Over eight of the human's turns: the board is drawn narrow, each target 44x44 or more."""
    rng = random.Random("phone")
    checked = 0
    while checked < 8 and not is_over(table):
        svg = table.locator("#board svg")
        assert svg.get_attribute("class") and "narrow" in str(svg.get_attribute("class"))
        legal = table.locator("#board [data-target].legal")
        for i in range(legal.count()):
            box = legal.nth(i).bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, legal.nth(i).get_attribute(
                "data-target"
            )
        checked += 1
        click_action(table, rng)


def test_the_opening_persons_are_taken_by_tapping_two_tiles(page: Page, server: str) -> None:
    table = new_table(page, server, "dragon", ["human", "bot:greedy"], seed=1)
    sent: list[str] = []
    table.on("websocket", lambda ws: ws.on("framesent", lambda d: sent.extend(actions_in(d))))
    table.reload()  # the socket opened again, watched
    tiles = table.locator("#board .supply .legal[data-actions]")
    tiles.first.wait_for()
    picks = table.locator('#actions button.pick[data-kind="pick"]')
    assert picks.count() > 1  # the pickers stay: the keyboard's way, and a list to read
    first = tiles.first
    pairs = set(str(first.get_attribute("data-actions")).split("\n"))
    tap(table, first.element_handle())
    expect(table.locator("#choice-menu")).to_be_visible()  # its pairs, to pick one from
    partners = table.locator("#board .supply .partner")
    assert partners.count() == len(pairs)
    partner = next(
        p for p in partners.element_handles() if p.evaluate(TAP_POINT) is not None
    )  # one the menu does not cover
    both = pairs & set(str(partner.get_attribute("data-actions")).split("\n"))
    assert len(both) == 1
    tap(table, partner)
    table.wait_for_function("node => !node.isConnected", arg=partner)
    assert sent == [both.pop()]
    expect(table.locator("#choice-menu")).to_be_hidden()
