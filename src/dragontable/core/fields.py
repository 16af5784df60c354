"""A game state's fields, declared once: slots, copying and JSON made from one list.

A game annotates each field of its state class with how the field is copied and stored,
and decorates the class with :func:`state_fields`::

    @state_fields
    class DragonData(TaskState):
        round: Annotated[int, SHARED]
        wall: Annotated[list[int], LIST]
        rng: Annotated[Rng, RNG]

The decorator gives the class ``__slots__`` for those fields and generates ``_copy()``,
``_snapshot()`` and ``_restore(data)`` from them. ``_copy`` is generated as plain code
(one assignment a field), so it is exactly as fast as a hand-written one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar, get_args, get_origin, get_type_hints

from .rng import Rng

C = TypeVar("C", bound=type)
BASE_COPY = (
    "s.players, s.seed, s.options = self.players, self.seed, self.options",
    "s.history = self.history.copy()",
    "s.log = self.log.copy()",
    "s.quiet = self.quiet",
    "s._legal = self._legal",
)
"""How the core's own fields are copied (``State.__slots__``)."""


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Field:
    """How one field is copied (``copy``: an expression of ``{v}``, the field's value),
    written to a snapshot (``dump``) and read back (``load``)."""

    copy: str = "{v}"
    dump: Callable[[Any], Any] = _same
    load: Callable[[Any], Any] = _same


def _tuples(data: Any) -> Any:
    """JSON lists back into tuples, at every depth."""
    return tuple(_tuples(x) for x in data) if isinstance(data, list) else data


def _lists(data: Any) -> Any:
    """Tuples into JSON lists, at every depth."""
    return [_lists(x) for x in data] if isinstance(data, tuple | list) else data


SHARED = Field()
"""Never changed in place (numbers, text, frozen data): copies share it."""
TUPLE = Field("{v}", _lists, _tuples)
"""Tuples (of tuples), never changed in place: copies share them."""
LIST = Field("{v}.copy()", list, list)
"""A list of unchanging items."""
DICT = Field("{v}.copy()", dict, dict)
"""A dict of unchanging values."""
NESTED = Field("[x.copy() for x in {v}]", _lists, lambda d: [list(x) for x in d])
"""A list of lists (or dicts) of unchanging items."""
TASKS = Field("{v}.copy()", _lists, lambda d: [_tuples(t) for t in d])
"""The task stack: a list of tuples."""
RNG = Field("{v}.clone()", lambda v: v.state, lambda d: Rng(int(d)))
"""The state's random number generator."""


def objects(dump: Callable[[Any], Any], load: Callable[[Any], Any]) -> Field:
    """A list of objects with ``copy()``, stored by ``dump`` and read back by ``load``."""
    return Field(
        "[x.copy() for x in {v}]",
        lambda v: [dump(x) for x in v],
        lambda d: [load(x) for x in d],
    )


def declared(cls: type) -> dict[str, Field]:
    """The fields ``cls`` declares itself (``Annotated[..., Field]``), in order."""
    hints = get_type_hints(cls, include_extras=True)
    out = {}
    for name in cls.__dict__.get("__annotations__", {}):
        hint = hints[name]
        if get_origin(hint) is Annotated:
            found = [a for a in get_args(hint)[1:] if isinstance(a, Field)]
            if found:
                out[name] = found[0]
    return out


def _function(lines: list[str], namespace: dict[str, Any]) -> Callable[..., Any]:
    """Compile one function from its lines (the first is its ``def``)."""
    source = "\n".join([lines[0], *("    " + line for line in lines[1:])])
    exec(compile(source, "<state_fields>", "exec"), namespace)
    found: Callable[..., Any] = namespace[lines[0].split()[1].split("(")[0]]
    return found


def _generated(fields: dict[str, Field]) -> dict[str, Callable[..., Any]]:
    """``_copy``, ``_snapshot`` and ``_restore`` for ``fields``."""
    names = {f"d_{n}": f.dump for n, f in fields.items()}
    names.update({f"l_{n}": f.load for n, f in fields.items()})
    copy = ["def _copy(self):", "s = type(self).__new__(type(self))", *BASE_COPY]
    copy += [f"s.{n} = {f.copy.format(v=f'self.{n}')}" for n, f in fields.items()]
    copy.append("return s")
    dump = ["def _snapshot(self):", "return {"]
    dump += [
        f"    {n!r}: self.{n}," if f.dump is _same else f"    {n!r}: d_{n}(self.{n}),"
        for n, f in fields.items()
    ]
    dump.append("}")
    load = ["def _restore(self, d):"]
    load += [
        f"self.{n} = d[{n!r}]" if f.load is _same else f"self.{n} = l_{n}(d[{n!r}])"
        for n, f in fields.items()
    ]
    return {
        "_copy": _function(copy, {}),
        "_snapshot": _function(dump, dict(names)),
        "_restore": _function(load, dict(names)),
    }


def state_fields(cls: C) -> C:
    """Make ``cls`` a slotted state class with copying and JSON generated from its
    ``Annotated[..., Field]`` fields (a new class, as ``dataclass(slots=True)`` makes)."""
    fields = declared(cls)
    body = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    body["__slots__"] = tuple(fields)
    for name, function in _generated(fields).items():
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        body[f"{name}_fields"] = function  # for a class that adds to the generated form
        body.setdefault(name, function)
    body["FIELDS"] = fields
    made: C = type(cls)(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made
