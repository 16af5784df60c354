"""Two players with accounts, each in a browser context of their own: sign up, open a table,
keep the seats in their accounts, play it to the end; ratings change, both profiles list
the replay, and the lobby and "My tables" show them."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import DECISIONS, click_action, table_id

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
GAME_TIMEOUT_S = 300.0


@contextmanager
def player_page(browser: Browser) -> Iterator[Page]:
    """A page in a browser context of its own (its own cookies); script errors fail."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    try:
        yield context.new_page()
    finally:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


def sign_up(page: Page, server: str, name: str) -> None:
    page.goto(f"{server}/")
    page.click("#account-open")
    page.fill("#account-form [name=name]", name)
    page.fill("#account-form [name=password]", PASSWORD)
    page.click("#sign-up")
    expect(page.locator("#signed-in")).to_contain_text(name)


def open_table(page: Page) -> dict[int, str]:
    """Open a 2-player Dragon table of two humans in the lobby; the seats' invitation URLs."""
    page.locator('#game option[value="dragon"]').wait_for(state="attached")
    page.select_option("#game", "dragon")
    page.select_option("#players", "2")
    for seat in (0, 1):
        page.select_option(f'[data-seat="{seat}"]', "human")
    page.fill("#seed", "5")
    page.click("#create button[type=submit]")
    invites = page.locator('[data-testid="invite"]')
    invites.first.wait_for()
    return {seat: str(invites.nth(seat).get_attribute("href")) for seat in (0, 1)}


def keep_seat(page: Page, url: str, name: str, seat: int) -> None:
    """Open a seat's invitation and keep the seat in the signed-in account."""
    page.goto(url)
    page.click("#attach")
    expect(page.locator(f'#players li[data-seat="{seat}"] a.account')).to_have_text(name)


def play_to_end(pages: list[Page], rng: random.Random) -> None:
    """Click decisions on whichever page offers one until both show the end."""
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while not all(p.locator("#end").is_visible() for p in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        for page in pages:
            if page.locator(DECISIONS).count():
                click_action(page, rng)
                break
        else:
            pages[0].wait_for_timeout(50)


def test_two_players_play_a_rated_game_and_find_it_on_their_profiles(
    browser: Browser, server: str, screenshots: Path
) -> None:
    names = [f"ann{secrets.token_hex(3)}", f"bob{secrets.token_hex(3)}"]
    with player_page(browser) as ann, player_page(browser) as bob:
        sign_up(ann, server, names[0])
        sign_up(bob, server, names[1])
        invites = open_table(ann)
        keep_seat(ann, invites[0], names[0], 0)
        keep_seat(bob, invites[1], names[1], 1)
        expect(ann.locator("#rated")).to_have_text(
            "Rated game: every human seat belongs to an account."
        )
        before = ann.locator('#players li[data-seat="0"] .rating').inner_text()
        tid = table_id(ann)
        play_to_end([ann, bob], random.Random("accounts"))
        for page in (ann, bob):
            expect(page.locator("#players .rating-up, #players .rating-down")).to_have_count(2)
        assert ann.locator('#players li[data-seat="0"] .rating').inner_text() != before
        ann.locator("#players-section").screenshot(path=str(screenshots / "account-players.png"))
        for page, name in ((ann, names[0]), (bob, names[1])):
            page.goto(f"{server}/profile/{name}")
            expect(page.locator("#name")).to_have_text(name)
            expect(page.locator('#ratings tr[data-game="dragon"] td').nth(1)).to_have_text("1")
            replay = page.locator(f'#recent tr[data-table="{tid}"] a.replay')
            expect(replay).to_have_attribute("href", f"/replay/{tid}?lang=en")
        ann.screenshot(path=str(screenshots / "account-profile.png"), full_page=True)
        bob.locator(f'#recent tr[data-table="{tid}"] a.replay').click()
        expect(bob.locator("#replay-position")).not_to_have_text("")
        ann.goto(f"{server}/mine")
        expect(ann.locator(f'#mine tr[data-table="{tid}"]')).to_contain_text("finished")
        ann.goto(f"{server}/?lang=en")
        expect(ann.locator("#tables .rating").first).to_be_visible()
        ann.screenshot(path=str(screenshots / "account-lobby.png"))


def test_a_wrong_password_is_answered_in_the_page(browser: Browser, server: str) -> None:
    with player_page(browser) as page:
        page.goto(f"{server}/")
        page.click("#account-open")
        page.fill("#account-form [name=name]", "nobody-here")
        page.fill("#account-form [name=password]", "wrong password")
        page.click("#sign-in")
        expect(page.locator("#account-error")).to_have_text("wrong user name or password")
        expect(page.locator("#signed-in")).to_have_count(0)


def sign_in(page: Page, server: str, name: str, password: str = PASSWORD) -> None:
    page.goto(f"{server}/")
    page.click("#account-open")
    page.fill("#account-form [name=name]", name)
    page.fill("#account-form [name=password]", password)
    page.click("#sign-in")
    expect(page.locator("#signed-in")).to_contain_text(name)


def test_the_password_changes_on_the_profile_and_other_sessions_end(
    browser: Browser, server: str
) -> None:
    name, new = f"ann{secrets.token_hex(3)}", "tea kettle on the moon"
    with player_page(browser) as here, player_page(browser) as elsewhere:
        sign_up(here, server, name)
        sign_in(elsewhere, server, name)
        here.goto(f"{server}/profile/{name}")
        form, done = here.locator("#password-form"), here.locator("#password-done")
        form.locator("[name=current]").fill(PASSWORD)
        form.locator("[name=password]").fill("password1")
        form.locator("[name=repeat]").fill("password2")
        form.locator("button[type=submit]").click()
        expect(done).to_have_text("The two new passwords differ; nothing was changed.")
        form.locator("[name=repeat]").fill("password1")
        form.locator("button[type=submit]").click()
        expect(done).to_contain_text("this password is on a list of common passwords")
        form.locator("[name=password]").fill(new)
        form.locator("[name=repeat]").fill(new)
        form.locator("button[type=submit]").click()
        expect(done).to_have_text("Password changed; signed out elsewhere: 1 session.")
        expect(form.locator("[name=current]")).to_have_value("")
        elsewhere.reload()
        expect(elsewhere.locator("#account-open")).to_be_visible()
        here.reload()
        expect(here.locator("#signed-in")).to_contain_text(name)
        sign_in(elsewhere, server, name, new)


def test_the_profile_keeps_how_a_seat_handed_over_by_another_is_rated(
    browser: Browser, server: str
) -> None:
    name = f"cy{secrets.token_hex(3)}"
    with player_page(browser) as page:
        sign_up(page, server, name)
        page.goto(f"{server}/profile/{name}")
        choice = page.locator("#pref-handover")
        expect(choice).to_have_value("unrated")
        expect(choice.locator("option:checked")).to_have_text("leaves my rating as it was")
        choice.select_option("loss")
        page.click("#settings button[type=submit]")
        expect(page.locator("#settings-done")).to_have_text("Saved.")
        assert page.request.get(f"{server}/api/me").json()["user"]["handover_rating"] == "loss"
        page.reload()
        expect(page.locator("#pref-handover")).to_have_value("loss")
