"""Fixtures: the real table server on a loopback port and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import random
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from dragontable.server import create_app
from dragontable.server.config import ServerConfig

from .helpers import CSP_VIOLATIONS, new_table, play, table_id, watch_csp

# Headless Chromium without a sandbox, GPU or any connection of its own.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000
REVIEW_ITERATIONS = 16  # search iterations per reviewed decision: the page, not the search
# Tests see every move at once: the page's pace (how long others' moves stay on screen) is 0.
NO_PACE = "try { localStorage.setItem('dragontable.pace', '0'); } catch (e) {}"


def chromium_path() -> str:
    """Debian's Chromium: ``$CHROMIUM``, else ``chromium`` on the PATH; fails if neither."""
    given = os.environ.get("CHROMIUM")
    if given:
        if not (os.path.isfile(given) and os.access(given, os.X_OK)):
            pytest.fail(f"CHROMIUM={given} is not an executable file", pytrace=False)
        return given
    found = shutil.which("chromium")
    if found is None:
        pytest.fail(
            "the browser tests need Chromium: run `make system-deps` "
            "(or `sudo apt-get install chromium`), or set CHROMIUM to its path",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="session")
def server_app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    """The table server's app (no bot delay) over a temporary SQLite file."""
    db = tmp_path_factory.mktemp("browser") / "tables.sqlite3"
    # One client (this test run) opens many tables: no per-client cap here; short reviews.
    config = ServerConfig(max_tables_per_client=10_000, review_iterations=REVIEW_ITERATIONS)
    return create_app(f"sqlite:///{db}", bot_delay=0.0, config=config)


@pytest.fixture(scope="session")
def server(server_app: FastAPI) -> Iterator[str]:
    """The table server on a loopback port; yields its base URL."""
    app = server_app
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    uv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not uv.started:
        if not thread.is_alive():
            pytest.fail("the table server did not start", pytrace=False)
        thread.join(0.05)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the session; every context it opens reports the page's
    Content-Security-Policy violations (see :func:`no_csp_violations`)."""
    path = chromium_path()
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        opened = chromium.new_context

        def new_context(**kwargs: Any) -> BrowserContext:
            context = opened(**kwargs)
            watch_csp(context, CSP_VIOLATIONS)
            return context

        setattr(chromium, "new_context", new_context)  # noqa: B010 (an instance's method)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def no_csp_violations() -> Iterator[list[str]]:
    """Fail any test whose pages broke their Content-Security-Policy (a blocked inline
    script or style, eval, a connection elsewhere): the page would not work as served."""
    CSP_VIOLATIONS.clear()
    yield CSP_VIOLATIONS
    found = list(CSP_VIOLATIONS)
    CSP_VIOLATIONS.clear()
    assert not found, f"the page broke its Content-Security-Policy: {found}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context and page; any uncaught script error fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    yield context.new_page()
    context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture(scope="session")
def screenshots(pytestconfig: pytest.Config) -> Path:
    """``test-artifacts/screenshots/`` under the repository root (created, git-ignored)."""
    path = pytestconfig.rootpath / "test-artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def finished_dragon(browser: Browser, server: str) -> dict[str, Any]:
    """A 2-player dragon game clicked to its end against the greedy bot, shared by tests.

    Returns ``{"id", "url"}``: the table's id and seat 0's invitation URL (with its token).
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(NO_PACE)
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    table = new_table(context.new_page(), server, "dragon", ["human", "bot:greedy"], seed=23)
    play(table, random.Random("finished"))
    finished = {"id": table_id(table), "url": table.url}
    context.close()
    assert not errors, f"script errors in the page: {errors}"
    return finished
