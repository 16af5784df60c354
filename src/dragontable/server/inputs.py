"""Reading what clients send: size, nesting, number and language limits that name the problem.

Everything here refuses by raising :class:`BadInput` (a ``ValueError``) whose message a
client can read and whose ``status`` is the HTTP answer. Nothing here recurses over the
input: Python's C decoder gives up at the recursion limit (caught), and the depth limit
is then checked by a loop over the brackets, so deep input is refused at once.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import AsyncIterable
from typing import Any

from ..core.messages import LANGUAGES

MAX_BODY_BYTES = 64 * 1024  # an HTTP request body
MAX_MESSAGE_BYTES = 4096  # one WebSocket message
MAX_DEPTH = 32  # arrays and objects inside each other
MIN_INT = -(1 << 63)  # integers must fit a 64-bit database column
MAX_INT = (1 << 63) - 1
MAX_INT_DIGITS = len(str(MAX_INT))  # longer digit strings are refused before int()
MAX_DECLARED_DIGITS = 18  # a Content-Length longer than this is too large anyway
SHOWN_CHARS = 20  # of a refused value, in an error message
STATUS_BAD_REQUEST = 400
STATUS_TOO_LARGE = 413

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_BRACKETS_AND_STRINGS = re.compile(r'\\.|["\[\]{}]', re.DOTALL)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# a number that may be out of range: many digits, or a float's exponent of 100 or more
_BIG_NUMBER = re.compile(rf"[0-9]{{{MAX_INT_DIGITS}}}|[eE]\+?[0-9]{{3}}")
_OPENERS = frozenset("[{")


class BadInput(ValueError):
    """Input refused; the message names the problem, ``status`` is the HTTP answer."""

    def __init__(self, message: str, status: int = STATUS_BAD_REQUEST) -> None:
        super().__init__(message)
        self.status = status


def too_large(max_bytes: int) -> BadInput:
    """The refusal of an input over ``max_bytes`` (HTTP 413)."""
    return BadInput(f"the input is larger than {max_bytes} bytes", STATUS_TOO_LARGE)


async def read_limited(
    chunks: AsyncIterable[bytes], declared: str | None, *, max_bytes: int
) -> bytes:
    """Read a body of at most ``max_bytes``: its ``Content-Length`` and the bytes read both count.

    Reading stops at the first chunk over the limit, so a huge body is never held whole.
    """
    if declared is not None:
        if not declared.isascii() or not declared.isdigit():
            raise BadInput(f"Content-Length must be a whole number, not {_short(declared)!r}")
        if len(declared) > MAX_DECLARED_DIGITS or int(declared) > max_bytes:
            raise too_large(max_bytes)
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > max_bytes:
            raise too_large(max_bytes)
        parts.append(chunk)
    return b"".join(parts)


def nesting_depth(text: str, stop_above: int | None = None) -> int:
    """How deep arrays and objects nest in JSON ``text``, counting brackets outside strings.

    A loop, not a recursion; it returns as soon as the depth passes ``stop_above``.
    """
    depth = deepest = 0
    in_string = False
    for token in _BRACKETS_AND_STRINGS.findall(text):
        if token == '"':
            in_string = not in_string
        elif in_string or token.startswith("\\"):  # inside a string, or an escape pair
            continue
        elif token in _OPENERS:
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and deepest > stop_above:
                    break
        else:
            depth -= 1
    return deepest


def _parse_int(text: str) -> int:
    """A JSON integer within the 64-bit range, refused before Python parses a huge one."""
    if len(text.lstrip("-")) > MAX_INT_DIGITS or not MIN_INT <= (value := int(text)) <= MAX_INT:
        raise BadInput(f"integers must lie between {MIN_INT} and {MAX_INT}")
    return value


def _parse_float(text: str) -> float:
    """A finite JSON number (``1e999`` would become infinity)."""
    value = float(text)
    if not math.isfinite(value):
        raise BadInput(f"numbers must be finite; {_short(text)} is too large")
    return value


def _short(text: str) -> str:
    """``text`` cut to a length fit for an error message."""
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON (Python's decoder accepts them by default)."""
    raise BadInput(f"{name} is not a JSON value")


def _check_strings(value: Any, text: str) -> None:
    """Refuse a lone surrogate escape such as ``"\\ud800"``: it is not Unicode text."""
    if _SURROGATE_ESCAPE.search(text) is None:
        return
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadInput("strings must be Unicode text: a lone surrogate (\\ud800-\\udfff)") from None


def parse_json(raw: bytes | str, *, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """Decode JSON from a client; :class:`BadInput` names the limit or the syntax broken.

    Refused: more than ``max_bytes`` of UTF-8 (413), bytes that are not UTF-8, nesting
    deeper than ``max_depth``, integers beyond 64 bits, NaN/Infinity, lone surrogates.
    """
    if len(raw) > max_bytes:
        raise too_large(max_bytes)
    try:
        data = raw.encode("utf-8") if isinstance(raw, str) else raw
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
    except UnicodeError:
        raise BadInput("the input is not Unicode text in UTF-8") from None
    if len(data) > max_bytes:
        raise too_large(max_bytes)
    # the number hooks cost a Python call per number: only where a number could be too big
    hooks: dict[str, Any] = {}
    if _BIG_NUMBER.search(text) is not None:
        hooks = {"parse_int": _parse_int, "parse_float": _parse_float}
    too_deep = BadInput(f"JSON nested deeper than {max_depth} levels")
    try:  # the C decoder stops at the interpreter's recursion limit (~1000 levels)
        value = json.loads(text, parse_constant=_refuse_constant, **hooks)
    except BadInput:
        raise
    except RecursionError:
        raise too_deep from None
    except ValueError as exc:
        raise BadInput(f"not valid JSON: {exc}") from None
    openers = text.count("[") + text.count("{")
    if openers > max_depth and nesting_depth(text, max_depth) > max_depth:
        raise too_deep
    _check_strings(value, text)
    return value


def check_lang(lang: str) -> str:
    """``lang`` if it is one of the catalogs' languages, else :class:`BadInput` listing them."""
    if lang not in LANGUAGES:
        raise BadInput(f"unknown language {_short(lang)!r}; languages: {', '.join(LANGUAGES)}")
    return lang


def is_table_id(text: str) -> bool:
    """Whether ``text`` could be a table id (anything else is an unknown table)."""
    return TABLE_ID.fullmatch(text) is not None
