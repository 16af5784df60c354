"""The page outlives its server: after a ``kill -9`` it says it is reconnecting and takes
no moves, and once a server is back it shows the table again and play goes on."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import dragontable

from .helpers import new_table, play
from .test_serve import free_port, wait_until_served

pytestmark = pytest.mark.browser
SRC = Path(dragontable.__file__).resolve().parents[1]
BACK_MS = 20_000
"""Longest wait for the page to come back (its back-off is at most 8 s)."""


def serve(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "dragontable.cli", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--bot-delay", "0"]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until_served(f"http://127.0.0.1:{port}/api/games")
    return proc


def test_the_page_shows_reconnecting_then_resumes_after_a_kill_9(
    page: Page, tmp_path: Path
) -> None:
    db, port = tmp_path / "tables.sqlite3", free_port()
    proc = serve(db, port)
    try:
        table = new_table(page, f"http://127.0.0.1:{port}", "dragon", ["human", "bot:random"], 5)
        page.close()  # the lobby polls its server: only the table page lives through the kill
        rng = random.Random("reconnect")
        play(table, rng, moves=2)
        expect(table.locator("#conn")).to_have_attribute("data-i18n", "table.connected")
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=15)
        expect(table.locator("#conn")).to_have_attribute("data-i18n", "table.reconnecting")
        expect(table.locator("body")).to_have_class("table-page offline")
        assert table.evaluate("document.getElementById('turn').inert")
        proc = serve(db, port)
        conn = table.locator("#conn")
        expect(conn).to_have_attribute("data-i18n", "table.connected", timeout=BACK_MS)
        expect(table.locator("body")).not_to_have_class("table-page offline")
        assert not table.evaluate("document.getElementById('turn').inert")
        assert len(play(table, rng, moves=2)) == 2
    finally:
        proc.kill()
        proc.wait(timeout=15)
