"""Game options: declared once per game, validated with errors that name the problem."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from .errors import OptionError


class LiveChoices(Sequence[Any]):
    """Choices asked of ``source`` each time they are read (e.g. the data files there now)."""

    __slots__ = ("source",)

    def __init__(self, source: Callable[[], Sequence[Any]]) -> None:
        self.source = source

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        return tuple(self.source())[index]

    def __len__(self) -> int:
        return len(self.source())

    def __iter__(self) -> Iterator[Any]:
        return iter(tuple(self.source()))

    def __contains__(self, value: object) -> bool:
        return value in self.source()

    def __repr__(self) -> str:
        return f"LiveChoices({tuple(self.source())!r})"


def on_off(value: Any) -> bool:
    """An on/off option's value: ``True``/``"on"``/``"true"``/``"yes"``/``1`` or the
    opposite; ValueError otherwise (an ``OptionSpec`` check)."""
    if value in (True, "on", "true", "yes", 1):
        return True
    if value in (False, "off", "false", "no", 0):
        return False
    raise ValueError("use on/off")


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, default, and the values it accepts.

    ``choices`` lists the accepted values (a :class:`LiveChoices` reads them when asked);
    ``check`` (if given) accepts other values, returning the normalised value or raising
    ``ValueError`` with a reason. ``verify`` (if given) is called with an accepted value
    and raises ``ValueError`` (e.g. ``DataError``) if it cannot be used after all.
    """

    name: str
    default: Any
    choices: Sequence[Any] = ()
    help: str = ""
    check: Callable[[Any], Any] | None = field(default=None, compare=False)
    verify: Callable[[Any], object] | None = field(default=None, compare=False)

    def allowed(self) -> str:
        """Describe the accepted values for an error message."""
        if choices := tuple(self.choices):
            return ", ".join(repr(c) for c in choices)
        return self.help or "see the game's documentation"

    def normalise(self, value: Any) -> Any:
        """The accepted value for ``value``, or ``OptionError`` naming the allowed ones."""
        found = self._accept(value)
        if self.verify is not None:
            try:
                self.verify(found)
            except ValueError as exc:
                raise OptionError(
                    f"option {self.name!r}: {found!r} cannot be used: {exc}"
                ) from None
        return found

    def _accept(self, value: Any) -> Any:
        choices = tuple(self.choices)
        if value in choices and type(value) is type(self.default):
            return value
        for choice in choices:
            if str(choice) == str(value):
                return choice
        if self.check is not None:
            try:
                return self.check(value)
            except (ValueError, TypeError) as exc:
                raise OptionError(
                    f"option {self.name!r}: {value!r} is not allowed ({exc}); "
                    f"allowed: {self.allowed()}"
                ) from None
        raise OptionError(
            f"option {self.name!r}: {value!r} is not allowed; allowed: {self.allowed()}"
        )


def validate_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Return a full option dict (defaults filled in) or raise ``OptionError``."""
    given = dict(given or {})
    known = {s.name: s for s in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r}; this game's options are: " + ", ".join(sorted(known))
        )
    return {s.name: s.normalise(given[s.name]) if s.name in given else s.default for s in specs}
