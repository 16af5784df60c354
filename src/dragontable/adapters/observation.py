"""Observations and masks for the research adapters, built in place and incrementally.

:class:`Incremental` is a :class:`~dragontable.core.encoding.Writer` that writes the
numbers of one ``view(seat)`` straight into a preallocated float32 buffer. A game's
``encoding.observe`` splits its blocks into sections with ``w.section(inputs)``, naming
the parts of the view the section reads; when a section's inputs equal those of the
last view this writer encoded, its numbers are already in the buffer and the game skips
it (sections follow one another; they are never nested). So only what changed is rewritten, and the observation stays a function of the view
alone (the plain :class:`Writer` writes every section; the tests compare the two).

:class:`Masks` fills a preallocated int8 mask from the legal actions through the
encoding's action -> index map, clearing only the indices it set last time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..core.encoding import Encoding, EncodingError, Writer, _positions
from ..core.state import State

Array = np.ndarray[Any, Any]


class Incremental(Writer):
    """Writes one seat's observations into ``buffer``, skipping unchanged sections.

    A section being written goes into a list of floats first (cheaper per number than
    a NumPy array) and is copied into the buffer in one go when it ends.
    """

    __slots__ = ("buffer", "pos", "_sections", "_at", "_open", "size", "_zeros", "_sparse",
                 "_lo", "_hi")  # fmt: skip

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.buffer: Array = np.zeros(size, np.float32)
        self.values = [0.0] * size
        self._zeros = [0.0] * size
        self.pos = 0
        self._sections: list[list[Any]] = []
        """Per section: [its inputs last time, start, end]."""
        self._at = -1
        self._open: list[Any] | None = None
        self._sparse: dict[int, list[int]] = {}
        """Per sparse block (by position): the positions it set last time."""
        self._lo = self._hi = 0
        """The span of the open section that its writes touched."""

    def forget(self) -> None:
        """Write every section again next time (a new game)."""
        self._sections.clear()
        self._sparse.clear()
        self.values[:] = self._zeros
        self.buffer[:] = 0.0

    def encode(self, encoding: Encoding, view: dict[str, Any]) -> Array:
        """The buffer, holding the observation of ``view`` (the same array every call)."""
        self.pos, self._at, self._open = 0, -1, None
        try:
            encoding.observe_into(view, self)
            self._close()
        except BaseException:
            self.forget()
            raise
        if self.pos != self.size:
            self.forget()
            raise EncodingError(
                f"{encoding.version}: observation has {self.pos} numbers, layout {self.size}"
            )
        return self.buffer

    def _close(self) -> None:
        known = self._open
        if known is not None:
            known[2] = self.pos
            lo, hi = self._lo, self._hi
            if hi > lo:
                self.buffer[lo:hi] = self.values[lo:hi]
            self._open = None

    def section(self, inputs: Any) -> bool:
        self._close()
        self._at += 1
        sections = self._sections
        if self._at < len(sections):
            known = sections[self._at]
            if known[1] != self.pos:
                raise EncodingError(f"section {self._at} moved: sections may not be nested")
            if known[0] == inputs:
                self.pos = known[2]
                return False
            known[0] = inputs
            self._open = known
        else:
            self._open = [inputs, self.pos, self.pos]
            sections.append(self._open)
        self._lo, self._hi = self.size, 0
        return True

    def _touch(self, lo: int, hi: int) -> None:
        if lo < self._lo:
            self._lo = lo
        if hi > self._hi:
            self._hi = hi

    def scalar(self, block: str, value: float) -> None:
        pos = self.pos
        self.values[pos] = float(value)
        self._touch(pos, pos + 1)
        self.pos = pos + 1

    def vector(self, block: str, labels: Sequence[Any], values: Sequence[float]) -> None:
        n = len(labels)
        if len(values) != n:
            raise EncodingError(f"{block}: {len(values)} values for {n} labels")
        pos = self.pos
        self.values[pos : pos + n] = map(float, values)
        self._touch(pos, pos + n)
        self.pos = pos + n

    def onehot(self, block: str, labels: Sequence[Any], value: Any) -> None:
        n, pos = len(labels), self.pos
        self.values[pos : pos + n] = self._zeros[:n]
        if value is not None:
            at = _positions(labels).get(value)
            if at is None:
                raise EncodingError(f"{block}: {value!r} is not one of {list(labels)}")
            self.values[pos + at] = 1.0
        self._touch(pos, pos + n)
        self.pos = pos + n

    def counts(self, block: str, labels: Sequence[Any], items: Iterable[Any]) -> None:
        n, pos, values = len(labels), self.pos, self.values
        values[pos : pos + n] = self._zeros[:n]
        if items:
            where = _positions(labels)
            for item in items:
                at = where.get(item)
                if at is None:
                    raise EncodingError(f"{block}: {item!r} is not one of {list(labels)}")
                values[pos + at] += 1.0
        self._touch(pos, pos + n)
        self.pos = pos + n

    def sparse(
        self, block: str, labels: Sequence[Any], entries: Iterable[tuple[int, float]]
    ) -> None:
        pos, values = self.pos, self.values
        touched = self._sparse.get(pos, [])
        for at in touched:
            values[pos + at] = 0.0
        now = []
        for at, value in entries:
            values[pos + at] += value
            now.append(at)
        self._sparse[pos] = now
        touched = touched + now
        if touched:
            self._touch(pos + min(touched), pos + max(touched) + 1)
        self.pos = pos + len(labels)


class Masks:
    """The legal-action mask of a state, in one preallocated int8 array."""

    __slots__ = ("buffer", "_indices", "_set")

    def __init__(self, encoding: Encoding) -> None:
        self.buffer: Array = np.zeros(encoding.num_actions, np.int8)
        self._indices = encoding.indices
        self._set: list[int] = []

    def fill(self, state: State | None) -> Array:
        """The buffer: 1 at each legal action of ``state`` (all 0 for None or a finished
        game); the same array every call."""
        self.buffer[self._set] = 0
        if state is None or state.is_over:
            self._set = []
        else:
            indices = self._indices
            try:
                self._set = [indices[a] for a in state.legal_actions()]
            except KeyError as missing:
                self._set = []
                raise EncodingError(f"no index for action {missing}") from None
            self.buffer[self._set] = 1
        return self.buffer

    def legal(self) -> list[int]:
        """The indices set by the last :meth:`fill`, in the engine's order."""
        return self._set
