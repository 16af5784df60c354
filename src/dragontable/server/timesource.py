"""The server's clock: what time it is for the table clocks, and how tests move it.

Everything that reads the time for a clock deadline asks a :class:`Clock`, never the
system: ``create_app(clock=...)`` injects one. :class:`SystemClock` is the default;
:class:`ManualClock` is moved by tests in the same process; :class:`FileClock`
(``dragontable serve --fake-clock FILE``, for tests that run the server as another
process) adds an offset read from a file and refuses every way it could be misused:
see ``docs/server.md``, *Clocks*.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import logging
import math
import os
import stat
import threading
from pathlib import Path
from typing import Protocol

log = logging.getLogger("dragontable.server")

MAX_OFFSET_S = 10 * 366 * 24 * 3600.0
"""The most a fake clock may run ahead of the system's (ten years)."""
MAX_FILE_BYTES = 64
UNSAFE_MODE = stat.S_IWGRP | stat.S_IWOTH
LOOPBACK_NAMES = ("localhost",)


class Clock(Protocol):
    """Tells the time for the table clocks."""

    def now(self) -> dt.datetime:
        """The current time, UTC-aware."""
        ...


class SystemClock:
    """The machine's time."""

    def now(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC)


class ManualClock:
    """A clock that moves only when told (tests in the server's own process)."""

    def __init__(self, start: dt.datetime | None = None) -> None:
        self._now = start or dt.datetime.now(dt.UTC)
        self._lock = threading.Lock()

    def now(self) -> dt.datetime:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds``."""
        with self._lock:
            self._now += dt.timedelta(seconds=seconds)


class FakeClockError(ValueError):
    """A ``--fake-clock`` the server refuses to use; the message says why."""


def check_fake_clock(path: Path, host: str) -> None:
    """Refuse a fake clock unless the server listens on loopback only and ``path`` is a
    regular file of this user that no one else may write (:class:`FakeClockError`)."""
    if not is_loopback(host):
        raise FakeClockError(
            f"--fake-clock is for tests: the server must listen on loopback, not {host!r}"
        )
    why = _unsafe(path)
    if why:
        raise FakeClockError(f"--fake-clock {path}: {why}")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address (127.0.0.0/8, ::1) or ``localhost``."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _unsafe(path: Path) -> str | None:
    """Why ``path`` may not hold a fake clock's offset, or None."""
    try:
        info = os.stat(path, follow_symlinks=False)
    except OSError as exc:
        return f"cannot read it ({exc.strerror})"
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_uid != os.getuid():
        return "owned by another user"
    if info.st_mode & UNSAFE_MODE:
        return "writable by other users (chmod go-w)"
    return None


class FileClock:
    """The system's time plus an offset in seconds, read from a file at every call.

    The offset only grows (a smaller value, or a file that is unreadable, unsafe or not
    a number in 0..``MAX_OFFSET_S``, keeps the last one), so the clock never runs back.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0.0
        self._lock = threading.Lock()

    def now(self) -> dt.datetime:
        with self._lock:
            read = self._read()
            if read is not None and read > self.offset:
                self.offset = read
            offset = self.offset
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=offset)

    def _read(self) -> float | None:
        if _unsafe(self.path):
            return None
        try:
            with open(self.path, "rb") as f:
                text = f.read(MAX_FILE_BYTES + 1)
            value = float(text.decode("ascii").strip())
        except (OSError, ValueError):
            return None
        if len(text) > MAX_FILE_BYTES or not math.isfinite(value):
            return None
        return value if 0 <= value <= MAX_OFFSET_S else None
