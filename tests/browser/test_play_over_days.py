"""The whole story of a game played over days, in two browsers.

Two players sign up, open a turn-based Chang Cheng table and keep its seats in their
accounts; they play a few moves; one leaves and gets one "your turn" e-mail (the other,
always at the table, gets none); days pass on the server's clock (``--fake-clock``,
written by the test, never waited for); the zombie bot plays the absent seat; its player
comes back through "My tables", takes the seat back and plays on; the game ends, both
ratings change and both profiles list the replay.
"""

from __future__ import annotations

import email
import email.policy
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

import dragontable

from .conftest import NO_PACE, TIMEOUT_MS
from .helpers import (
    ZOMBIE_RANDOM,
    click_action,
    create_two_seat_table,
    is_over,
    table_id,
    turn_based_clock,
)
from .test_table_play import axe_script, check_axe  # noqa: F401  (axe_script: a fixture)

pytestmark = pytest.mark.browser

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
HOUR, DAY = 3600, 86400
PASSWORD = "correct horse battery"
SENDER = "tables@example.test"
START_S = 60.0
WAIT_S = 20.0
GAME_TIMEOUT_S = 300.0
SRC = Path(dragontable.__file__).resolve().parents[1]
# A day a move and a day's bank: what is left when a turn starts (the clock stands still
# between the server's answer and the page's reading of it, up to a minute's rounding).
TWO_DAYS = re.compile(r"^(2 d 0 h|1 d 23 h)$")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Inbox:
    """An aiosmtpd handler that keeps every message it receives."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        return "250 OK"

    def wait_for(self, count: int) -> list[EmailMessage]:
        """The messages once at least ``count`` have come (fails after ``WAIT_S``)."""
        end = time.monotonic() + WAIT_S
        while len(self.messages) < count:
            assert time.monotonic() < end, f"{len(self.messages)} e-mails came, not {count}"
            time.sleep(0.1)
        return list(self.messages)


class Served:
    """``dragontable serve`` in a process of its own: a fake clock, e-mail, a public URL."""

    def __init__(self, tmp: Path, smtp_port: int) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.public = f"http://localhost:{self.port}"  # the address the e-mails link to
        self.clock = tmp / "clock"
        self.offset = 0.0
        self.set_offset(0)
        command = [sys.executable, "-m", "dragontable.cli", "serve", "--port", str(self.port)]
        command += ["--db", f"sqlite:///{tmp / 'tables.sqlite3'}", "--bot-delay", "0"]
        command += ["--fake-clock", str(self.clock), "--public-url", self.public]
        command += ["--smtp", f"smtp://127.0.0.1:{smtp_port}?from={SENDER}"]
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        self.log = (tmp / "serve.log").open("w")
        self.proc = subprocess.Popen(command, env=env, stdout=self.log, stderr=self.log)
        try:
            self._wait_until_served()
        except BaseException:
            self.stop()
            raise

    def _wait_until_served(self) -> None:
        end = time.monotonic() + START_S
        while True:
            try:
                with urllib.request.urlopen(f"{self.base}/api/games", timeout=2):
                    return
            except OSError:
                assert self.proc.poll() is None, "the server stopped"
                assert time.monotonic() < end, "the server did not start"
                time.sleep(0.2)

    def set_offset(self, seconds: float) -> None:
        """Move the server's clock: the offset written at once, in a file only we may write."""
        self.offset = seconds
        fresh = self.clock.with_suffix(".new")
        fresh.write_text(f"{seconds}\n")
        fresh.chmod(0o600)
        fresh.replace(self.clock)

    def advance(self, seconds: float) -> None:
        self.set_offset(self.offset + seconds)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


@pytest.fixture
def inbox() -> Iterator[tuple[int, Inbox]]:
    """A local SMTP server on a free port; yields the port and what it received."""
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield controller.port, handler
    finally:
        controller.stop()


@pytest.fixture
def served(tmp_path: Path, inbox: tuple[int, Inbox]) -> Iterator[Served]:
    server = Served(tmp_path, inbox[0])
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def people(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two people's browsers, a laptop and a phone; any script error in them fails."""
    errors: list[str] = []
    laptop, phone = person(browser, LAPTOP, errors), person(browser, PHONE, errors)
    yield laptop, phone
    laptop.close()
    phone.close()
    assert not errors, f"script errors in the page: {errors}"


def person(browser: Browser, viewport: ViewportSize, errors: list[str]) -> BrowserContext:
    phone = viewport is PHONE
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    context.add_init_script("try { localStorage.setItem('dragontable.lang', 'en'); } catch (e) {}")
    context.on("weberror", lambda e: errors.append(str(e.error)))
    return context


def sign_up(page: Page, base: str, name: str, address: str) -> None:
    page.goto(f"{base}/")
    page.click("#account-open")
    page.fill("#account-form [name=name]", name)
    page.fill("#account-form [name=password]", PASSWORD)
    page.fill("#account-form [name=email]", address)
    page.click("#sign-up")
    expect(page.locator("#signed-in")).to_contain_text(name)


def mailed_link(served: Served, message: EmailMessage, page: str) -> str:
    """The ``/account/<page>#<token>`` link of a mail, at the address the tests reach."""
    found = re.search(rf"{re.escape(served.public)}(/account/{page}#[\w-]+)", message.get_content())
    assert found, message.get_content()
    return served.base + found.group(1)


def confirm_addresses(served: Served, mail: Inbox, pages: dict[str, Page]) -> None:
    """Each person follows the confirmation link mailed to their address and goes back to
    the lobby; the inbox is emptied (no other mail goes to an unconfirmed address)."""
    got = mail.wait_for(len(pages))
    for message in got:
        page = pages[str(message["To"])]
        page.goto(mailed_link(served, message, "confirm"))
        page.click("#confirm")
        expect(page.locator("#result")).to_contain_text("is confirmed")
        page.goto(f"{served.base}/")  # back to the lobby
    mail.messages.clear()


def open_table(page: Page) -> dict[int, str]:
    """Open a 2-player Chang Cheng table of two people, a day a move and a day's bank, the
    random bot for a seat out of time; each seat's invitation link."""
    page.locator('#game option[value="changcheng"]').wait_for(state="attached")
    page.select_option("#game", "changcheng")
    page.select_option("#players", "2")
    for seat in (0, 1):
        page.select_option(f'[data-seat="{seat}"]', "human")
    page.fill("#seed", "16")
    page.select_option("#clock-kind", "turn")
    turn_based_clock(page, bank_days=1, day_s=DAY)
    return create_two_seat_table(page)


def keep_seat(page: Page, url: str, name: str, seat: int) -> None:
    """Open a seat's invitation and keep the seat in the signed-in account (the button)."""
    page.goto(url)
    page.click("#attach")
    expect(page.locator(f'#players li[data-seat="{seat}"] a.account')).to_have_text(name)


def info(page: Page, base: str, tid: str) -> dict[str, Any]:
    got: dict[str, Any] = page.request.get(f"{base}/api/tables/{tid}").json()
    return got


def play_until(
    pages: dict[int, Page],
    base: str,
    tid: str,
    rng: random.Random,
    to_move: int,
    movers: set[int],
    moves: int = 1,
) -> None:
    """Click decisions in the page of whoever is to move until at least ``moves`` were
    clicked, every seat in ``movers`` clicked one, and it is ``to_move``'s turn."""
    clicked: list[int] = []
    while True:
        now = info(pages[to_move], base, tid)
        assert now["status"] != "finished", "the game ended too soon for the story"
        seat = now["current_player"]
        if len(clicked) >= moves and movers <= set(clicked) and seat == to_move:
            return
        assert not is_over(pages[seat])  # waits until its page offers the decision
        click_action(pages[seat], rng)
        clicked.append(seat)


# Counts, in a table page, the actions of seat 1 it hears of (``window.seatOneActions``).
COUNT_SEAT_ONE = """() => {
  window.seatOneActions = 0;
  document.addEventListener('tablemessage', (e) => {
    if (e.detail.type === 'update') {
      window.seatOneActions += e.detail.actions.filter((a) => a.seat === 1).length;
    }
  });
}"""


def play_to_end(pages: list[Page], rng: random.Random) -> None:
    """Click decisions on whichever page offers one until both show the end."""
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while not all(p.locator("#end").is_visible() for p in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        for page in pages:
            if page.locator("#actions button.pick, #board .legal").count():
                click_action(page, rng)
                break
        else:
            pages[0].wait_for_timeout(50)


def seat_row(page: Page, seat: int) -> Any:
    return page.locator(f'#seats li[data-seat="{seat}"]')


def test_a_game_over_days_from_sign_up_to_ratings_and_replays(
    served: Served,
    people: tuple[BrowserContext, BrowserContext],  # after the server: closed before it
    inbox: tuple[int, Inbox],
    axe_script: str,  # noqa: F811
    screenshots: Path,
) -> None:
    base, mail = served.base, inbox[1]
    rng = random.Random("over days")
    names = ["ann", "bob"]
    addresses = [f"{n}@example.org" for n in names]
    laptop, phone = people

    # Both sign up with an address; Ann opens the table, Bob joins through his link;
    # each keeps the seat in their account.
    ann, bob = laptop.new_page(), phone.new_page()
    sign_up(ann, base, names[0], addresses[0])
    sign_up(bob, base, names[1], addresses[1])
    confirm_addresses(served, mail, {addresses[0]: ann, addresses[1]: bob})
    links = open_table(ann)
    keep_seat(ann, links[0], names[0], 0)
    keep_seat(bob, links[1], names[1], 1)  # the link Ann sent him
    tid = table_id(ann)
    expect(ann.locator("#rated")).to_have_text(
        "Rated game: every human seat belongs to an account."
    )
    before = [ann.locator(f'#players li[data-seat="{s}"] .rating').inner_text() for s in (0, 1)]

    # A few moves each, with both at the table: nobody is mailed.
    pages = {0: ann, 1: bob}
    play_until(pages, base, tid, rng, to_move=0, movers={0, 1}, moves=6)
    bob.close()  # Bob leaves
    end = time.monotonic() + WAIT_S
    while info(ann, base, tid)["seats"][1]["connected"]:
        assert time.monotonic() < end, "Bob's page did not leave the table"
        time.sleep(0.1)

    # Ann thinks it over for ten hours, then moves: it is Bob's turn, and Bob is mailed.
    served.advance(10 * HOUR)
    play_until(pages, base, tid, rng, to_move=1, movers={0})
    got = mail.wait_for(1)
    assert [m["To"] for m in got] == [addresses[1]]
    assert tid in str(got[0]["Subject"])
    assert f"{served.public}/table/{tid}" in got[0].get_content()

    # Bob looks at "My tables" on his phone (not the table): his turn, two days left.
    look = phone.new_page()
    look.goto(f"{base}/mine")
    row = look.locator(f'#mine tr[data-table="{tid}"]')
    expect(row).to_contain_text("Your turn!")
    expect(row.locator(".time-left")).to_have_text(TWO_DAYS)
    check_axe(look, axe_script, "My tables, phone")
    look.screenshot(path=str(screenshots / "over-days-mine-phone.png"), full_page=True)
    look.close()

    # Two days and a second pass: the zombie plays Bob's seat, and Ann's page says so.
    n = info(ann, base, tid)["n_actions"]
    served.advance(2 * DAY + 1)
    expect(seat_row(ann, 1)).to_contain_text(ZOMBIE_RANDOM)
    expect(ann.locator("#notice")).to_contain_text("time ran out")
    expect(seat_row(ann, 0).locator(".clock.running")).to_be_visible(timeout=30_000)
    now = info(ann, base, tid)
    assert now["seats"][1]["zombie"] and now["n_actions"] > n and now["current_player"] == 0
    # Ann plays on until the zombie has answered (no e-mail for a seat a bot plays).
    ann.evaluate(COUNT_SEAT_ONE)
    while not ann.evaluate("window.seatOneActions"):
        assert not is_over(ann)  # Ann's decision, or the zombie's answer and hers
        if not ann.evaluate("window.seatOneActions"):
            click_action(ann, rng)
    assert info(ann, base, tid)["seats"][1]["zombie"]
    ann.screenshot(path=str(screenshots / "over-days-zombie-laptop.png"))

    # Bob comes back through "My tables", takes the seat back and plays his next move.
    bob = phone.new_page()
    bob.goto(f"{base}/")
    bob.click("#mine-link")
    row = bob.locator(f'#mine tr[data-table="{tid}"]')
    expect(row.locator(".time-left")).to_have_text(
        "time ran out: a bot plays your seat until you take it back"
    )
    opens = row.locator("a.table-id")
    expect(opens).to_be_in_viewport()  # no sideways scrolling on the phone to find it
    opens.click()
    expect(bob).to_have_url(re.compile(rf"/table/{tid}\?lang=en$"))  # the page's language
    expect(bob.locator("#reclaim")).to_be_visible()
    expect(bob.locator("#notice")).to_contain_text("Your time ran out")
    bob.click("#reclaim")
    expect(bob.locator("#reclaim")).to_be_hidden()
    expect(seat_row(ann, 1)).not_to_contain_text("time ran out")
    assert not info(bob, base, tid)["seats"][1]["zombie"]
    pages = {0: ann, 1: bob}
    play_until(pages, base, tid, rng, to_move=0, movers={0, 1})  # Ann, then Bob himself

    # The game is played to its end by its two players; both ratings change.
    play_to_end([ann, bob], rng)
    final = info(ann, base, tid)
    assert final["status"] == "finished"
    assert not any(s["handed_over"] for s in final["seats"])
    for page in (ann, bob):
        expect(page.locator("#players .rating-up, #players .rating-down")).to_have_count(2)
        expect(page.locator("#players .error")).to_have_count(0)  # no zombie loss
        for seat in (0, 1):
            rating = page.locator(f'#players li[data-seat="{seat}"] .rating')
            expect(rating).not_to_have_text(before[seat])
    after = [ann.locator(f'#players li[data-seat="{s}"] .rating').inner_text() for s in (0, 1)]
    ann.screenshot(path=str(screenshots / "over-days-end-laptop.png"), full_page=True)

    # Both profiles: one rated game of Chang Cheng, its new rating, and the replay.
    for seat, page, ctx in ((0, ann, "laptop"), (1, bob, "phone")):
        page.goto(f"{base}/profile/{names[seat]}")
        expect(page.locator("#name")).to_have_text(names[seat])
        cells = page.locator('#ratings tr[data-game="changcheng"] td')
        ordinal, sigma = after[seat].split(" ±")
        expect(cells).to_have_text(["Chang Cheng", "1", ordinal, f"± {sigma}", "1"])
        replay = page.locator(f'#recent tr[data-table="{tid}"] a.replay')
        expect(replay).to_have_attribute("href", f"/replay/{tid}?lang=en")
        check_axe(page, axe_script, f"profile, {ctx}")
        page.screenshot(path=str(screenshots / f"over-days-profile-{ctx}.png"), full_page=True)
        replay.click()
        expect(page.locator("#replay-position")).not_to_have_text("")
    ann.goto(f"{base}/mine")
    expect(ann.locator(f'#mine tr[data-table="{tid}"]')).to_contain_text("finished")
    check_axe(ann, axe_script, "My tables, laptop")

    # Two e-mails in all, both Bob's while he was away: his turn, then that his time ran
    # out and the table's bot took his seat; none for Ann, who was always there.
    got = mail.wait_for(2)
    assert [m["To"] for m in got] == [addresses[1], addresses[1]]
    assert "time ran out" in str(got[1]["Subject"]) and tid in str(got[1]["Subject"])
