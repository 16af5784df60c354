"""Fixed encodings for learning agents: an action index space and a per-seat observation.

A game declares its encoding module by name (``Game.encoding``, e.g.
``games/dragon/encoding.py``), imported when first asked for. The module has:

* ``VERSION``: an integer, raised whenever its action list or observation layout changes;
* ``actions(players, options) -> list[str]``: every action the engine can ever offer for
  that player count and those options, in canonical notation, derived from the game's
  data (never from observed games), each once;
* ``observe(view, w)``: writes the numbers of one ``state.view(seat)`` into the
  :class:`Writer` ``w``, block by block, the same blocks in the same order for every view
  of the game (loops over the game's data, never over what a view happens to hold),
  grouped in sections: ``if w.section(inputs):`` before each group, ``inputs`` being
  every part of the view the group reads (a writer may skip a group whose inputs have
  not changed since the view it wrote last);
* ``data_tag(options) -> str`` (optional): what identifies the data files the options
  name (a map's digest), part of the version.

:func:`encoding_for` builds the :class:`Encoding` of a game, player count and options
(cached). Its ``version`` names game, framework, module version, player count and data,
and goes into every artefact that uses the encoding. The observation is made from
``view(seat)`` alone, so it can carry nothing the seat may not know.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import DragontableError, OptionError

if TYPE_CHECKING:
    from .game import Game
    from .state import State

FORMAT = 1
"""The version of this framework (the Writer's block kinds), part of every version."""


class EncodingError(DragontableError, ValueError):
    """An action or a view that the encoding cannot represent (a bug in an encoding)."""


class Writer:
    """The numbers of one observation, written block by block.

    Each block has a name and labels; an element's name is ``<block>.<label>``. With
    ``record=True`` the writer also keeps the names (the layout).
    """

    __slots__ = ("values", "names")

    def __init__(self, record: bool = False) -> None:
        self.values: list[float] = []
        self.names: list[str] | None = [] if record else None

    def _name(self, block: str, labels: Iterable[Any]) -> None:
        if self.names is not None:
            self.names.extend(f"{block}.{label}" for label in labels)

    def section(self, inputs: Any) -> bool:
        """Start a section of blocks that read only ``inputs`` (parts of the view); True if
        its blocks are to be written. This writer writes every section; an incremental
        one (``adapters.observation``) skips those whose inputs equal last time's."""
        return True

    def scalar(self, block: str, value: float) -> None:
        """One number (a bool counts as 0/1)."""
        self.values.append(float(value))
        if self.names is not None:
            self.names.append(block)

    def vector(self, block: str, labels: Sequence[Any], values: Sequence[float]) -> None:
        """One number per label, given in the labels' order."""
        if len(values) != len(labels):
            raise EncodingError(f"{block}: {len(values)} values for {len(labels)} labels")
        self.values.extend(map(float, values))
        self._name(block, labels)

    def onehot(self, block: str, labels: Sequence[Any], value: Any) -> None:
        """1 at ``value``'s label, 0 elsewhere; all 0 for None."""
        out = [0.0] * len(labels)
        if value is not None:
            at = _positions(labels).get(value)
            if at is None:
                raise EncodingError(f"{block}: {value!r} is not one of {list(labels)}")
            out[at] = 1.0
        self.values.extend(out)
        self._name(block, labels)

    def sparse(
        self, block: str, labels: Sequence[Any], entries: Iterable[tuple[int, float]]
    ) -> None:
        """One number per label, 0 but where ``entries`` add ``value`` at ``position`` (a
        long vector that is mostly zeros)."""
        out = [0.0] * len(labels)
        for at, value in entries:
            out[at] += value
        self.values.extend(out)
        self._name(block, labels)

    def counts(self, block: str, labels: Sequence[Any], items: Iterable[Any]) -> None:
        """How many of ``items`` equal each label (a multi-hot vector for a set)."""
        out = [0.0] * len(labels)
        if items:
            where = _positions(labels)
            for item in items:
                if item not in where:
                    raise EncodingError(f"{block}: {item!r} is not one of {list(labels)}")
                out[where[item]] += 1.0
        self.values.extend(out)
        self._name(block, labels)


_POSITIONS: dict[Any, dict[Any, int]] = {}


def _positions(labels: Sequence[Any]) -> dict[Any, int]:
    """Label -> its position (cached per label sequence)."""
    key = labels if isinstance(labels, tuple | range) else tuple(labels)
    found = _POSITIONS.get(key)
    if found is None:
        found = _POSITIONS[key] = {label: i for i, label in enumerate(labels)}
    return found


@dataclass(frozen=True, eq=False)
class Encoding:
    """The action index space and observation layout of one game, player count and data."""

    game: str
    players: int
    version: str
    actions: tuple[str, ...]
    """Index -> canonical notation."""
    names: tuple[str, ...]
    """The observation's layout: element ``i`` is named ``names[i]``."""
    observe_into: Callable[[dict[str, Any], Writer], None] = field(repr=False)
    indices: Mapping[str, int] = field(repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        if not self.indices:
            object.__setattr__(self, "indices", {a: i for i, a in enumerate(self.actions)})
        if len(self.indices) != len(self.actions):
            raise EncodingError(f"{self.version}: an action is listed twice")

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def size(self) -> int:
        """The observation's length."""
        return len(self.names)

    def index(self, action: str) -> int:
        """The index of canonical ``action``; EncodingError if the space lacks it."""
        try:
            return self.indices[action]
        except KeyError:
            raise EncodingError(f"{self.version}: no index for action {action!r}") from None

    def action(self, index: int) -> str:
        """The canonical notation at ``index``; EncodingError outside the space."""
        if not 0 <= index < len(self.actions):
            raise EncodingError(f"{self.version}: no action at index {index}")
        return self.actions[index]

    def mask(self, state: State, seat: int | None = None) -> bytearray:
        """1 for each legal action of ``seat`` (default: the seat to move), else 0."""
        out = bytearray(len(self.actions))
        if seat is None or seat == state.current_player:
            for action in state.legal_actions():
                out[self.index(action)] = 1
        return out

    def observe(self, view: dict[str, Any]) -> list[float]:
        """The observation of one ``state.view(seat)``."""
        w = Writer()
        self.observe_into(view, w)
        if len(w.values) != len(self.names):
            raise EncodingError(
                f"{self.version}: observation has {len(w.values)} numbers, layout {len(self.names)}"
            )
        return w.values

    def observation(self, state: State, seat: int) -> list[float]:
        """What ``seat`` observes now: made from ``state.view(seat)`` only."""
        return self.observe(state.view(seat))

    def layout(self, view: dict[str, Any]) -> list[str]:
        """The element names one view yields (equal to ``names`` for every view)."""
        w = Writer(record=True)
        self.observe_into(view, w)
        assert w.names is not None
        return w.names


_CACHE: dict[tuple[str, int, str], Encoding] = {}


def encoding_for(game: Game, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
    """The encoding of ``game`` for ``players`` and ``options`` (OptionError if the game
    declares none or the arguments are bad)."""
    if game.encoding is None:
        raise OptionError(f"{game.title} declares no encoding")
    players, _, opts = game.validate(players, 0, options)
    module = importlib.import_module(game.encoding)
    tag_of = getattr(module, "data_tag", None)
    tag = str(tag_of(opts)) if tag_of is not None else ""
    key = (game.name, players, tag)
    found = _CACHE.get(key)
    if found is None:
        version = f"{game.name}/{FORMAT}.{module.VERSION}/p{players}" + (f"/{tag}" if tag else "")
        sample = game.create(players, seed=0, options=opts)
        probe = Writer(record=True)
        module.observe(sample.view(0), probe)
        assert probe.names is not None
        found = _CACHE[key] = Encoding(
            game.name, players, version, tuple(module.actions(players, opts)),
            tuple(probe.names), module.observe,
        )  # fmt: skip
    return found
