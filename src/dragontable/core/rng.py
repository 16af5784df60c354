"""A small seeded random number generator whose whole state is one integer.

SplitMix64: fast to clone, trivially JSON-serialisable, and identical on every
platform and Python version, so that a game is reproducible from its seed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .state import State

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """SplitMix64 generator; ``state`` is a 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` (multiply-shift, bias < 2**-50)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # next64() written out: below() runs once a move in every random playout
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def weighted(self, seq: Sequence[T], weights: Sequence[float]) -> T:
        """Return one element of a non-empty sequence, with chance proportional to its
        (non-negative, not all zero) weight."""
        r = self.next64() * (sum(weights) / 2.0**64)
        for item, weight in zip(seq, weights, strict=True):
            r -= weight
            if r < 0:
                return item
        return seq[-1]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        # below(i + 1) written out, the state kept in a local (written back however the
        # loop ends): a shuffle deals every round's cards in a game
        state = self.state
        try:
            for i in range(len(seq) - 1, 0, -1):
                state = z = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                j = ((z ^ (z >> 31)) * (i + 1)) >> 64
                seq[i], seq[j] = seq[j], seq[i]
        finally:
            self.state = state

    def clone(self) -> Rng:
        """Return an independent copy continuing the same stream."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


def derive_seed(*parts: int | str) -> int:
    """Mix integers and strings into one 63-bit seed (stable across runs)."""
    r = Rng(0x5EED)
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        r.state ^= value & _MASK
        r.next64()
    return r.next64() >> 1


def public_seed(state: State, seat: int, index: int) -> int:
    """A search seed from what ``seat`` knows: its view, and the decision's ``index``.

    The bots at the table, the hints and the review seed their searches so, never from
    the game's seed: the same view gives the same seed whatever the others hold."""
    view = json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{seat}/{index}/{view}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1
