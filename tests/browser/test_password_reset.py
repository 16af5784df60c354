"""A forgotten password in the browser: the request page, the mailed link, the new password
(``dragontable serve`` with e-mail to a local aiosmtpd server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from .test_play_over_days import (  # noqa: F401  (inbox, served: fixtures)
    PASSWORD,
    Inbox,
    Served,
    confirm_addresses,
    inbox,
    mailed_link,
    person,
    served,
    sign_up,
)

pytestmark = pytest.mark.browser

NEW_PASSWORD = "a quite different phrase"
ADDRESS = "cid@example.org"


@pytest.fixture
def two_browsers(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two browsers of the same person (a laptop and a phone); script errors fail."""
    errors: list[str] = []
    size = {"width": 1024, "height": 768}
    first, second = person(browser, size, errors), person(browser, size, errors)  # type: ignore[arg-type]
    yield first, second
    first.close()
    second.close()
    assert not errors, f"script errors in the page: {errors}"


def test_a_forgotten_password_is_reset_through_the_mailed_link(
    served: Served,  # noqa: F811
    two_browsers: tuple[BrowserContext, BrowserContext],  # after the server: closed before it
    inbox: tuple[int, Inbox],  # noqa: F811
) -> None:
    base, mail = served.base, inbox[1]
    laptop, phone = two_browsers
    signed_in = laptop.new_page()
    sign_up(signed_in, base, "cid", ADDRESS)
    confirm_addresses(served, mail, {ADDRESS: signed_in})

    # On the phone, signed out: "Forgot your password?" leads to the request page.
    page = phone.new_page()
    page.goto(f"{base}/")
    page.click("#account-open")
    page.click("#forgot-link")
    page.fill("#who", "cid")
    page.click("#forgot button[type=submit]")
    expect(page.locator("#result")).to_contain_text("a link is on its way")

    # The mailed link opens the new-password page; the token leaves the address bar.
    (message,) = mail.wait_for(1)
    assert message["To"] == ADDRESS and message["Message-ID"] and message["Date"]
    page.goto(mailed_link(served, message, "reset"))
    expect(page.locator("#save")).to_be_enabled()
    assert "#" not in page.url
    page.fill("#password", NEW_PASSWORD)
    page.fill("#again", NEW_PASSWORD + "!")
    page.click("#save")
    expect(page.locator("#result")).to_have_text("The two passwords differ.")
    page.fill("#again", NEW_PASSWORD)
    page.click("#save")
    expect(page.locator("#result")).to_contain_text("every session of the account has ended")

    # The laptop's session has ended; the new password signs in, the old one not.
    signed_in.goto(f"{base}/")
    signed_in.click("#account-open")
    signed_in.fill("#account-form [name=name]", "cid")
    signed_in.fill("#account-form [name=password]", PASSWORD)
    signed_in.click("#sign-in")
    expect(signed_in.locator("#account-error")).to_have_text("wrong user name or password")
    signed_in.fill("#account-form [name=password]", NEW_PASSWORD)
    signed_in.click("#sign-in")
    expect(signed_in.locator("#signed-in")).to_contain_text("cid")
