"""Redraw the board pictures in docs/img: a bot game of each game, half-way through.

    .venv/bin/python scripts/board-screenshots.py [--out docs/img]

Starts the table server on a loopback port over a temporary SQLite file, lets greedy
bots play a 2- and a 4-player game of each game, opens the replay viewer half-way
through in Debian's Chromium and saves the board as ``board-<game>-<n>p.png``.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from playwright.sync_api import sync_playwright

from dragontable.server import create_app

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
SEEDS = {"dragon": 11, "ming": 12, "changcheng": 13}


def serve(db: Path) -> tuple[str, uvicorn.Server, threading.Thread]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(f"sqlite:///{db}"), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            sys.exit("the table server did not start")
        time.sleep(0.05)
    return f"http://127.0.0.1:{sock.getsockname()[1]}", server, thread


def bot_game(base: str, game: str, players: int) -> str:
    """Open an all-greedy table and wait for its end; return its id."""
    body = {
        "game": game,
        "players": players,
        "seed": SEEDS[game],
        "seats": ["bot:greedy"] * players,
    }
    table = httpx.post(f"{base}/api/tables", json=body).raise_for_status().json()["id"]
    while httpx.get(f"{base}/api/tables/{table}").json()["status"] != "finished":
        time.sleep(0.2)
    return str(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/img"))
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("needs Debian's chromium: run `make system-deps`")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base, server, thread = serve(Path(tmp) / "tables.sqlite3")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            for game in SEEDS:
                for players in (2, 4):
                    table = bot_game(base, game, players)
                    total = httpx.get(f"{base}/api/tables/{table}/replay?step=0").json()
                    step = total["total_steps"] // 2
                    page.goto(f"{base}/replay/{table}#step={step}")
                    page.wait_for_function(
                        "k => location.hash === '#step=' + k && "
                        "document.getElementById('replay-position').textContent !== ''",
                        arg=step,
                    )
                    path = args.out / f"board-{game}-{players}p.png"
                    page.locator("#board").screenshot(path=str(path))
                    print(path)
            browser.close()
        server.should_exit = True
        thread.join(10)


if __name__ == "__main__":
    main()
