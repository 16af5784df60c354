"""The data files shipped in ``server/data`` (made by ``scripts/account-data.py``).

Each is text: ``#`` lines first (where it came from, its licence, ``# entries: N``), then
one entry a line. :func:`data_lines` reads one and checks that it holds as many entries
as its header says, so that a file cut short or edited by hand is a clear error.
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

ENTRIES = "# entries:"


class DataFileError(Exception):
    """A shipped data file is missing or malformed; the message names the file and line."""


def data_file(name: str) -> Traversable:
    """The shipped data file ``name``."""
    return resources.files("dragontable.server").joinpath("data", name)


def data_lines(name: str, path: Path | Traversable | None = None) -> list[tuple[int, str]]:
    """``(line number, text)`` of each entry of the data file ``name`` (or of ``path``)."""
    source = path if path is not None else data_file(name)
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(f"the data file {name} cannot be read: {exc}") from None
    declared: int | None = None
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(ENTRIES):
            declared = _count(name, number, line)
        elif not line.startswith("#"):
            rows.append((number, line))
    if declared is None:
        raise DataFileError(f"the data file {name} has no '{ENTRIES} N' line")
    if declared != len(rows):
        raise DataFileError(
            f"the data file {name} says it has {declared} entries but has {len(rows)} "
            "(cut short or edited? make it again with scripts/account-data.py)"
        )
    return rows


def _count(name: str, number: int, line: str) -> int:
    try:
        return int(line.removeprefix(ENTRIES))
    except ValueError:
        raise DataFileError(f"{name} line {number}: not '{ENTRIES} N': {line!r}") from None


def bad_line(name: str, number: int, line: str, expected: str) -> DataFileError:
    """The error for an entry that is not of the file's form."""
    return DataFileError(f"{name} line {number}: expected {expected}, found {line[:80]!r}")
