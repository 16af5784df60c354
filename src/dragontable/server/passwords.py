"""Passwords as NIST SP 800-63B (5.1.1.2) asks: no composition rules, but a length, a
blocklist of common and breached passwords, and no words of the context.

A password is taken in its NFKC form (so the NFD and NFC spellings of "Zażółć" are one
password), has 8 to 256 characters in that form and is not all spaces. A new password
is refused when it, or its core without the digits and symbols around it, is on the
shipped list of common passwords, or when it is little more than the user's name, this
site's name or a game's name.
"""

from __future__ import annotations

import functools
import string
import unicodedata
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from .. import games
from .datafiles import bad_line, data_lines
from .inputs import BadInput

COMMON_PASSWORDS = "common_passwords.txt"
MIN_PASSWORD = 8
MAX_PASSWORD = 256
MIN_OWN_PART = 4
"""Characters a password must keep once the context words and digits are taken out."""
SITE_WORDS = ("dragontable", "dragon table")
AROUND = string.digits + string.punctuation + string.whitespace
LENGTH_RULE = f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
ALL_SPACES = "a password cannot be only spaces"
COMMON = (
    "this password is on a list of common passwords (or is one with digits or symbols "
    "added); choose another: a few unrelated words make a good one"
)
CONTEXT = (
    "this password is made of your user name, this site's name or a game's name; choose another"
)


def load_common_passwords(path: Path | Traversable | None = None) -> frozenset[str]:
    """The shipped list of common passwords (or the list at ``path``), checked."""
    out: set[str] = set()
    for number, line in data_lines(COMMON_PASSWORDS, path):
        if not line or line != normalise_password(line).casefold() or line in out:
            raise bad_line(COMMON_PASSWORDS, number, line, "a case-folded NFKC password, once")
        out.add(line)
    return frozenset(out)


@functools.cache
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, loaded once."""
    return load_common_passwords()


def normalise_password(password: str) -> str:
    """The form a password is hashed in: NFKC."""
    return unicodedata.normalize("NFKC", password)


def check_password(given: Any, *, name: str | None = None) -> str:
    """A new password in its NFKC form; 400 saying why if it is refused. ``name`` is the
    account's name (a password made of it is refused)."""
    if not isinstance(given, str) or len(given) > 4 * MAX_PASSWORD:
        raise BadInput(LENGTH_RULE)
    password = normalise_password(given)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise BadInput(LENGTH_RULE)
    if not password.strip():
        raise BadInput(ALL_SPACES)
    if is_common(password):
        raise BadInput(COMMON)
    if is_context(password, name):
        raise BadInput(CONTEXT)
    return password


def is_common(password: str) -> bool:
    """Whether a password, or its core without digits and symbols around it, is common."""
    key = password.casefold()
    joined = "".join(key.split())
    found = common_passwords()
    return any(form in found for form in (key, key.strip(AROUND), joined, joined.strip(AROUND)))


def is_context(password: str, name: str | None) -> bool:
    """Whether little but digits and symbols is left of a password once the user's name,
    the site's name and the games' names are taken out of it."""
    rest, found = _letters(password), False
    words = [_letters(w) for w in (*context_words(), *([name] if name else []))]
    for word in sorted(filter(None, words), key=len, reverse=True):
        found = found or word in rest
        rest = rest.replace(word, "")
    return found and len(rest) < MIN_OWN_PART


def _letters(text: str) -> str:
    """The case-folded letters of a text (no digits, spaces or symbols)."""
    return "".join(c for c in unicodedata.normalize("NFKC", text).casefold() if c.isalpha())


@functools.cache
def context_words() -> tuple[str, ...]:
    """This site's name and each game's name, title and the title's longer words."""
    words: list[str] = list(SITE_WORDS)
    for name in games.names():
        title = games.get(name).title
        words += [name, title, *(w for w in title.split() if len(w) >= MIN_OWN_PART)]
    return tuple(words)
