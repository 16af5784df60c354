"""What a person sees on any page of the site, measured in the page: sideways scrolling, tap
targets under 44×44 CSS px, English words left on a page in another language, and at a
decision whether the prompt and a target can be seen and tapped under the turn bar."""

from __future__ import annotations

from functools import cache
from typing import Any

from playwright.sync_api import Page

from dragontable import games
from dragontable.core.messages import catalog

from .helpers import locale

MIN_TAP = 44
BAR_SHARE = {"laptop": 0.15, "phone": 0.25}  # the turn bar's most height, of the window's

# Every interactive element one can see (anywhere on the page, not only in the window),
# with its size; a check box or radio counts by its label, which takes the tap too.
TARGETS = """() => {
  const out = [];
  const query = 'a[href], button, select, input:not([type=hidden]), textarea, summary,'
    + ' [tabindex]:not([tabindex="-1"]):not([role=region]):not(ol):not(ul), #board .legal';
  for (const node of document.querySelectorAll(query)) {
    if (!node.checkVisibility({ visibilityProperty: true })) continue;
    const box = ['checkbox', 'radio'].includes(node.type) && node.closest('label') || node;
    const r = box.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const what = node.id ? `#${node.id}` : `${node.tagName.toLowerCase()} `
      + `"${(node.getAttribute('aria-label') || node.textContent).trim().slice(0, 30)}"`;
    out.push({ what, width: r.width, height: r.height });
  }
  return out;
}"""

# The texts of the page one can see (text nodes, placeholders, the options of selects).
TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || parent.closest('script, style, option')) continue;
    if (parent.checkVisibility({ visibilityProperty: true })) out.push(text);
  }
  for (const s of document.querySelectorAll('select')) {
    if (s.checkVisibility()) for (const o of s.options) out.push(o.textContent.trim());
  }
  for (const n of document.querySelectorAll('[placeholder]')) {
    if (n.checkVisibility()) out.push(n.placeholder);
  }
  return out;
}"""

# At a decision: the prompt and the legal targets (pickers, board elements), whether each
# is inside the window and uncovered (the element at its centre is it or inside it).
DECISION = """() => {
  const seen = (node) => {
    const r = node.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inside = r.width > 0 && x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
    const hit = inside ? document.elementFromPoint(x, y) : null;
    return { inside, uncovered: Boolean(hit && (hit === node || node.contains(hit))),
      on: hit ? (hit.id || hit.tagName) : null };
  };
  const targets = [...document.querySelectorAll('#actions button.pick, #board .legal')];
  const prompt = document.getElementById('prompt');
  const bar = document.getElementById('turn').getBoundingClientRect();
  return {
    prompt: seen(prompt),
    targets: targets.length,
    tappable: targets.filter((n) => { const s = seen(n); return s.inside && s.uncovered; }).length,
    first: targets.length ? seen(targets[0]) : null,
    bar: bar.height,
    window: innerHeight,
  };
}"""


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (CSS px; 0 when it fits the window's width)."""
    over: int = page.evaluate("() => document.scrollingElement.scrollWidth - innerWidth")
    return over


def small_targets(page: Page) -> list[str]:
    """The visible interactive elements smaller than 44×44 CSS px."""
    found: list[dict[str, Any]] = page.evaluate(TARGETS)
    return [
        f"{t['what']} {t['width']:.0f}x{t['height']:.0f}"
        for t in found
        if t["width"] < MIN_TAP - 0.5 or t["height"] < MIN_TAP - 0.5
    ]


@cache
def english_only(lang: str) -> frozenset[str]:
    """Texts of the catalogs (the page's and the games') whose English differs in ``lang``."""
    pairs = [(locale("en"), locale(lang))]
    for package in ["dragontable.core", *(f"dragontable.games.{g}" for g in games.names())]:
        pairs.append((catalog(package, "en"), catalog(package, lang)))
    out: set[str] = set()
    for english, words in pairs:
        for key, text in english.items():
            if "{" not in text and words.get(key, text) != text and len(text.strip()) > 1:
                out.add(text.strip())
    return frozenset(out)


def english_left(page: Page, lang: str) -> list[str]:
    """Texts shown on a page in ``lang`` that are English words of a catalog."""
    if lang == "en":
        return []
    shown: list[str] = page.evaluate(TEXTS)
    english = english_only(lang)
    return sorted({text for text in shown if text in english})


def check_page(page: Page, lang: str, phone: bool, where: str) -> None:
    """No sideways scroll; on a phone no tap target under 44×44; no English left in ``lang``."""
    over = sideways(page)
    assert over <= 0, f"{where}: the page scrolls sideways by {over} px"
    if phone:
        small = small_targets(page)
        assert not small, f"{where}: tap targets under {MIN_TAP}×{MIN_TAP} px: {small[:6]}"
    left = english_left(page, lang)
    assert not left, f"{where}: English text on a {lang} page: {left[:6]}"


def notice(page: Page) -> str:
    """The notice the table page shows ("" for none)."""
    return str(page.evaluate("() => document.getElementById('notice')?.textContent || ''"))


def check_turn(page: Page, phone: bool, where: str, before: str) -> None:
    """At a decision: the prompt and a target in the window and uncovered, the turn bar no
    taller than its share of the window, and not the notice shown at the decision ``before``
    this one (a move came in between: that notice should have left with it)."""
    seen: dict[str, Any] = page.evaluate(DECISION)
    assert seen["prompt"]["inside"] and seen["prompt"]["uncovered"], f"{where}: prompt {seen}"
    assert seen["tappable"], f"{where}: no target to tap in the window: {seen}"
    share = BAR_SHARE["phone" if phone else "laptop"]
    assert seen["bar"] <= share * seen["window"] + 1, (
        f"{where}: the turn bar is {seen['bar']:.0f} px of {seen['window']} px"
    )
    now = notice(page)
    assert not now or now != before, f"{where}: a notice older than the last move: {now}"
