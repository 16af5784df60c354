"""How often one client may do something: a sliding window per client address, and
progressive delays after failures (:class:`Backoff`, sign-in).

The table server caps how many tables one address opens (``POST /api/tables``): at
most ``MAX_TABLES_PER_CLIENT`` in any ``TABLE_WINDOW_S`` seconds. Memory stays bounded:
an address whose events have all left the window is forgotten, and at most
``MAX_CLIENTS`` addresses are remembered (the least recently active go first).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable

MAX_TABLES_PER_CLIENT = 30
TABLE_WINDOW_S = 600.0
MAX_CLIENTS = 10_000


class SlidingWindow:
    """At most ``limit`` events per key in any ``window_s`` seconds."""

    def __init__(
        self,
        limit: int,
        window_s: float,
        *,
        max_keys: int = MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"the limit must be a whole number of at least 1, not {limit!r}")
        if not window_s > 0 or not math.isfinite(window_s):
            raise ValueError(f"the window must be a positive number of seconds, not {window_s!r}")
        if max_keys < 1:
            raise ValueError(f"at least one key must be remembered, not {max_keys!r}")
        self.limit = limit
        self.window_s = window_s
        self.max_keys = max_keys
        self.clock = clock
        self._events: OrderedDict[str, deque[float]] = OrderedDict()

    def __len__(self) -> int:
        """How many keys are remembered."""
        return len(self._events)

    def acquire(self, key: str) -> float:
        """Count an event for ``key`` and return 0, or return the seconds until one is allowed.

        A refused event is not counted.
        """
        now = self.clock()
        stamps = self._stamps(key, now)
        wait = self._wait(stamps, now)
        if wait > 0:
            return wait
        stamps.append(now)
        return 0.0

    def _wait(self, stamps: deque[float], now: float) -> float:
        """Seconds until one more event is allowed, given the events in the window."""
        return stamps[0] + self.window_s - now if len(stamps) >= self.limit else 0.0

    def _stamps(self, key: str, now: float) -> deque[float]:
        """The events of ``key`` still in the window (a new key is remembered)."""
        self._forget_idle(now)
        stamps = self._events.get(key)
        if stamps is None:
            stamps = self._events[key] = deque()
            while len(self._events) > self.max_keys:
                self._events.popitem(last=False)
        self._events.move_to_end(key)
        while stamps and stamps[0] <= now - self.window_s:
            stamps.popleft()
        return stamps

    def release(self, key: str) -> None:
        """Take back the last event counted for ``key`` (the request it allowed failed)."""
        stamps = self._events.get(key)
        if stamps:
            stamps.pop()

    def _forget_idle(self, now: float) -> None:
        """Drop the least recently active keys while all their events are out of the window."""
        while self._events:
            key, stamps = next(iter(self._events.items()))
            if stamps and stamps[-1] > now - self.window_s:
                return
            del self._events[key]


class Backoff(SlidingWindow):
    """Progressive delays: the first ``free`` failures of a key in any ``window_s``
    seconds cost nothing; after them each attempt must wait ``first_s``, then twice as
    long after each further failure, at most ``cap_s``, counted from the last failure.

    :meth:`acquire` counts an attempt as a failure before it is checked (so that
    attempts made at the same moment cannot all pass); :meth:`release` takes it back
    when it succeeded. Nothing waits here: a refused attempt is told how long to wait.
    """

    def __init__(
        self,
        free: int,
        window_s: float,
        *,
        first_s: float = 1.0,
        cap_s: float = 60.0,
        max_keys: int = MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(free, window_s, max_keys=max_keys, clock=clock)
        if not 0 < first_s <= cap_s or not math.isfinite(cap_s):
            raise ValueError(f"delays need 0 < first_s <= cap_s, not {first_s!r}, {cap_s!r}")
        self.first_s = first_s
        self.cap_s = cap_s

    def delay(self, failures: int) -> float:
        """The wait after ``failures`` failures in the window (0 while they are free)."""
        if failures < self.limit:
            return 0.0
        return float(min(self.cap_s, self.first_s * 2 ** min(failures - self.limit, 62)))

    def _wait(self, stamps: deque[float], now: float) -> float:
        return stamps[-1] + self.delay(len(stamps)) - now if stamps else 0.0


def retry_after(seconds: float) -> str:
    """A ``Retry-After`` header value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))


# -- table chat (server/chat.py) -------------------------------------------------------
MAX_CHAT_CHARS = 500
"""Characters of one chat message, after trimming."""
CHAT_MESSAGES = 5
CHAT_WINDOW_S = 10.0
"""A seat may send at most ``CHAT_MESSAGES`` chat messages in any ``CHAT_WINDOW_S``
seconds, over all its connections together."""
