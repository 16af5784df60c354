"""The language switcher: page strings, game titles and the log follow it, and it is kept."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from dragontable import games
from dragontable.core.messages import render, template
from dragontable.games import replay

from .helpers import locale

pytestmark = pytest.mark.browser

SWITCHED = ["pl", "uk", "zh"]

# [key, text shown] for every element the page marks for translation, except the table's
# #prompt: marked for its placeholder text, then drawn from each update (checked apart).
MARKED = """() => [
  ...[...document.querySelectorAll('[data-i18n]:not(#prompt)')]
    .map(n => [n.dataset.i18n, n.textContent]),
  ...[...document.querySelectorAll('[data-i18n-placeholder]')]
    .map(n => [n.dataset.i18nPlaceholder, n.placeholder]),
  ...[...document.querySelectorAll('[data-i18n-title]')].map(n => [n.dataset.i18nTitle, n.title]),
]"""

# The log shows `lines`' count and first line (the rest is compared afterwards).
LOG_ARRIVED = """lines => {
  const shown = document.querySelectorAll('#log li');
  return shown.length === lines.length && shown[0].textContent === lines[0];
}"""


def switch(page: Page, lang: str) -> None:
    """Choose ``lang`` in the header's switcher and wait until ``<html lang>`` follows."""
    page.select_option("#lang", lang)
    wait_lang(page, lang)


def wait_lang(page: Page, lang: str) -> None:
    page.wait_for_function("code => document.documentElement.lang.startsWith(code)", arg=lang)
    expect(page.locator("#lang")).to_have_value(lang)


def check_marked(page: Page, lang: str) -> None:
    """Every marked element shows the locale's text, and some of it is not English."""
    words, english = locale(lang), locale("en")
    marked = page.evaluate(MARKED)
    assert len(marked) > 5
    assert [[key, words[key]] for key, _ in marked] == marked
    assert sum(words[key] != english[key] for key, _ in marked) >= len(marked) // 2


def titles(lang: str) -> list[str]:
    return [template(f"{name}.title", lang) or games.get(name).title for name in games.names()]


def test_lobby_follows_the_language_switch_and_keeps_it(page: Page, server: str) -> None:
    page.goto(f"{server}/")
    page.locator("#game option").first.wait_for(state="attached")
    for lang in SWITCHED:
        switch(page, lang)
        check_marked(page, lang)
        expect(page.locator("#game option")).to_have_text(titles(lang))
        human = page.locator('[data-seat="0"] option[value="human"]')
        expect(human).to_have_text(locale(lang)["lobby.human"])

    page.goto(f"{server}/")
    wait_lang(page, SWITCHED[-1])
    check_marked(page, SWITCHED[-1])
    expect(page.locator("#game option")).to_have_text(titles(SWITCHED[-1]))


def test_table_page_log_and_strings_follow_the_language_switch(
    page: Page, server: str, screenshots: Path, finished_dragon: dict[str, Any]
) -> None:
    api = f"{server}/api/tables/{finished_dragon['id']}"
    entries = replay(page.request.get(f"{api}/record").json()).log_for(0)

    def names_in(lang: str) -> list[str]:  # default seat names read in the language too
        return [seat["name"] for seat in page.request.get(f"{api}?lang={lang}").json()["seats"]]

    def log_in(lang: str) -> list[str]:
        return [render(entry, lang, names_in(lang)) for entry in entries]

    def check_table(lang: str) -> None:
        expected = log_in(lang)
        assert expected != log_in("en")
        page.wait_for_function(LOG_ARRIVED, arg=expected)
        assert page.locator("#log li").all_inner_texts() == expected
        check_marked(page, lang)
        words = locale(lang)
        expect(page.locator("#prompt")).to_have_text(words["table.over"])
        you = names_in(lang)[0]
        expect(page.locator("#who")).to_have_text(words["table.you_are"].format(name=you))
        expect(page.locator("#title")).to_have_text(template("dragon.title", lang) or "")

    page.goto(finished_dragon["url"])
    expect(page.locator("#log li")).to_have_count(len(entries))
    for lang in SWITCHED:
        switch(page, lang)
        check_table(lang)
        page.screenshot(path=screenshots / f"table-{lang}.png", full_page=True)

    page.reload()  # the address bar says the language chosen last
    wait_lang(page, SWITCHED[-1])
    check_table(SWITCHED[-1])
    kept = urlsplit(finished_dragon["url"])  # the seat's link without the language it carried
    page.goto(f"{kept.scheme}://{kept.netloc}{kept.path}#{kept.fragment}")
    wait_lang(page, SWITCHED[-1])  # the browser keeps it
    check_table(SWITCHED[-1])


def test_the_language_follows_the_player_to_the_account_and_every_link(
    browser: Browser, page: Page, server: str
) -> None:
    name = f"Lang{random.Random().randrange(16**6):06x}"
    page.goto(f"{server}/")
    page.click("#account-open")
    page.fill("#account-form [name=name]", name)
    page.fill("#account-form [name=password]", "correct horse battery")
    page.click("#sign-up")
    expect(page.locator("#signed-in")).to_contain_text(name)
    switch(page, "pl")  # chosen once, in the lobby: the account keeps it
    page.wait_for_function("async () => (await (await fetch('/api/me')).json()).user.lang === 'pl'")
    for link in ("#mine-link", "#signed-in a.account"):  # the links the site makes carry it
        assert "lang=pl" in str(page.locator(link).get_attribute("href"))
    # Another browser, signed in to the same account and never told a language, takes it.
    other = browser.new_context()
    try:
        fresh = other.new_page()
        body = {"name": name, "password": "correct horse battery"}
        assert fresh.request.post(f"{server}/api/account/signin", data=body).ok
        fresh.goto(f"{server}/")
        wait_lang(fresh, "pl")
        fresh.goto(f"{server}/mine")  # and keeps it, on every page
        wait_lang(fresh, "pl")
    finally:
        other.close()
