"""Legal actions described for a page: the notation, the board element it belongs to, a label.

A game describes each legal action of the seat to move as a :data:`Choice`::

    {"action": "take Fy", "target": "supply:Fy", "kind": "take", "label": "Take a young farmer"}

* ``action``: the canonical notation, what the page sends back;
* ``target``: the id of the board element the action belongs to (the page's boards put it
  on that element as ``data-target``), or None for an action with no place on the board;
  each game lists its ids in its ``choices`` module;
* ``kind``: a code that groups the choices of one kind (the page's buttons);
* ``label``: what the action does, in the reader's language (a message of the game's
  catalogs, ``<game>.choice.<…>``);
* fields of the game's own that let a page group choices without reading notation
  (Chang Cheng's ``mode`` and ``card``, Ming's ``card``).

A game gives its describer as ``Game.describe_choices``; :meth:`State.choices` falls back
to :func:`plain` for a game without one. A describer reads only what the seat may know:
the legal actions, ``view(seat)`` and the prompt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .messages import render

if TYPE_CHECKING:
    from .state import State

Choice = dict[str, Any]
"""One described legal action (see the module doc); JSON-ready."""

Describer = Callable[["State", int, str, Sequence[str] | None], list[Choice]]
"""``describe(state, seat, lang, names)``: the choices of ``seat``, the seat to move."""


def plain(actions: Iterable[str]) -> list[Choice]:
    """Choices for a game without a describer: no target, the notation as the label."""
    return [{"action": a, "target": None, "kind": a.split(" ")[0], "label": a} for a in actions]


def choice(action: str, target: str | None, kind: str, label: str, **fields: Any) -> Choice:
    """One described action, with the game's own ``fields``."""
    return {"action": action, "target": target, "kind": kind, "label": label, **fields}


def target_id(*parts: object) -> str:
    """A target id from its parts: ``target_id("resident", 1, "Fy")`` = ``resident:1:Fy``."""
    return ":".join(str(p) for p in parts)


class Labeller:
    """Words ``<game>.choice.<name>`` labels in one language, with the seats' names."""

    def __init__(self, game: str, lang: str, names: Sequence[str] | None) -> None:
        self.game, self.lang, self.names = game, lang, names

    def __call__(self, name: str, **params: Any) -> str:
        """The label ``<game>.choice.<name>`` with ``params`` (terms, seats, numbers)."""
        entry = {"key": f"{self.game}.choice.{name}", **params}
        return render(entry, self.lang, self.names)
