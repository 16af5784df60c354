"""Game options: declared once per game, validated with errors that name the problem."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, default, and the values it accepts.

    ``choices`` lists the accepted values; ``check`` (if given) accepts other values,
    returning the normalised value or raising ``ValueError`` with a reason.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""
    check: Callable[[Any], Any] | None = field(default=None, compare=False)

    def allowed(self) -> str:
        """Describe the accepted values for an error message."""
        if self.choices:
            return ", ".join(repr(c) for c in self.choices)
        return self.help or "see the game's documentation"

    def normalise(self, value: Any) -> Any:
        if value in self.choices and type(value) is type(self.default):
            return value
        for choice in self.choices:
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
