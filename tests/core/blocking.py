"""A guard for tests of code that must never block (reading a FIFO, a device)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

BLOCKED_AFTER = 5.0  # seconds: a call still running then is stopped and fails the test


@contextlib.contextmanager
def unless_blocked(seconds: float = BLOCKED_AFTER) -> Iterator[None]:
    """Stop the code inside with TimeoutError if it runs past ``seconds``."""

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"blocked for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
