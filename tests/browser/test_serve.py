"""`dragontable serve` (what `make run` starts): the printed address opens the lobby."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from dragontable import games

pytestmark = pytest.mark.browser


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_served(url: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.2)


def test_serve_prints_database_and_address_that_opens_the_lobby(page: Page, tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    command = [str(Path(sys.executable).with_name("dragontable")), "serve"]
    command += ["--port", str(free_port()), "--db", f"sqlite:///{db}"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        printed = proc.stdout.readline() + proc.stdout.readline()
        assert str(db.resolve()) in printed
        address = re.search(r"http://\S+", printed)
        assert address, printed
        wait_until_served(address[0])
        assert db.is_file()
        page.goto(address[0])
        expect(page.locator("#game option")).to_have_count(len(games.names()))
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=15)
