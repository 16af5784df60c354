"""The pages under their Content-Security-Policy: the fixture catches a violation; the
table page says which account this browser acts as; the unsubscribe page works.

Every browser test fails on a CSP violation (``conftest.no_csp_violations``), so the
tests of the lobby, tables of each game, replays, profiles and "My tables" check that
those pages keep working under the policy.
"""

from __future__ import annotations

import json
import secrets
import urllib.request
from typing import Any

import pytest
from fastapi import FastAPI
from playwright.sync_api import Page, expect

from .helpers import locale

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
LANGS = ("en", "pl", "uk", "zh")
BREAKS = {
    "style-src": "document.body.setAttribute('style', 'color: red')",
    "script-src": "document.body.append(Object.assign(document.createElement('script'),"
    " { textContent: 'window.inlined = 1' }))",
    "connect-src": "fetch('http://localhost:9/elsewhere').catch(() => {})",
}


def _post(url: str, body: dict[str, Any]) -> Any:
    headers = {"Content-Type": "application/json"}
    request = urllib.request.Request(url, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@pytest.mark.parametrize("directive", sorted(BREAKS))
def test_a_page_that_breaks_its_policy_is_caught(
    page: Page, server: str, no_csp_violations: list[str], directive: str
) -> None:
    page.goto(f"{server}/")
    with page.expect_console_message(lambda m: "CSP violation" in m.text):
        page.evaluate(BREAKS[directive])
    found = list(no_csp_violations)
    no_csp_violations.clear()  # caught on purpose: this test passes
    assert any(directive in v for v in found), found


def test_the_table_page_says_which_account_is_signed_in(page: Page, server: str) -> None:
    name = f"who{secrets.token_hex(3)}"
    _post(f"{server}/api/account/signup", {"name": name, "password": PASSWORD})
    table = {"game": "dragon", "players": 2, "seats": ["human", "bot"]}
    created = _post(f"{server}/api/tables", table)
    page.goto(f"{server}{created['invitations'][0]['url']}")
    who = page.locator("#account-who")
    expect(who).to_have_text(locale("en")["account.not_signed_in"])
    body = {"name": name, "password": PASSWORD}
    assert page.context.request.post(f"{server}/api/account/signin", data=body).ok
    page.reload()
    for lang in LANGS:
        page.select_option("#lang", lang)
        expect(who).to_have_text(f"{locale(lang)['account.signed_in_as']} {name}")
    expect(who.locator("a.account")).to_have_attribute("href", f"/profile/{name}?lang={LANGS[-1]}")


def test_the_unsubscribe_page_stops_the_mails(page: Page, server: str, server_app: FastAPI) -> None:
    name = f"mail{secrets.token_hex(3)}"
    body = {"name": name, "password": PASSWORD, "email": f"{name}@example.org"}
    _post(f"{server}/api/account/signup", body)
    store = server_app.state.accounts.store
    page.goto(f"{server}/unsubscribe/{store.user(name).unsubscribe}")
    page.click("#unsubscribe")
    expect(page.locator("#result")).to_have_text(locale("en")["unsubscribe.done"].format(name=name))
    assert store.user(name).email_opt_out
