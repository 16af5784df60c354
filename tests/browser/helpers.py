"""Driving the page as a player would: the lobby form, invitation links, action buttons."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page

from dragontable.games import replay_steps

# True once the page offers this seat a decision or shows the end of the game.
READY = (
    "() => !document.getElementById('end').hidden"
    " || document.querySelector('#actions button') !== null"
)


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


def click_action(page: Page, rng: random.Random) -> str:
    """Click one of the legal-action buttons at random and wait for the server's update;
    return its action (the notation in ``data-action``; the button shows its label)."""
    buttons = page.locator("#actions button")
    handle = buttons.nth(rng.randrange(buttons.count())).element_handle()
    action = str(handle.get_attribute("data-action"))
    handle.click()
    # Every update redraws #actions, so the clicked button leaves the document.
    page.wait_for_function("button => !button.isConnected", arg=handle)
    return action


def play(page: Page, rng: random.Random, moves: int | None = None) -> list[str]:
    """Click actions until the game ends (or ``moves`` clicks); return the actions clicked."""
    clicked: list[str] = []
    while (moves is None or len(clicked) < moves) and not is_over(page):
        clicked.append(click_action(page, rng))
    return clicked


def final_totals(page: Page) -> list[int]:
    """The totals in the end screen's score table, best-placed first."""
    cells = page.locator("#scores tbody tr td:last-child").all_inner_texts()
    return [int(text) for text in cells]


def seat_decisions(record: dict[str, Any], seat: int) -> list[str]:
    """The actions ``seat`` chose in a record: those the server did not apply by itself
    (a decision with one option is the seat's too when being forced is a secret)."""
    chosen = []
    for state, action in zip(replay_steps(record), record["actions"]):
        if state.current_player == seat and state.forced_action() is None:
            chosen.append(action)
    return chosen
