"""Account names that cannot pass for another: NFKC forms, confusable skeletons, reserved
names and names mixing scripts.

A name is stored in its NFKC form. Two names are the same name when their skeletons meet:
the skeleton of Unicode UTS #39 (each character replaced by its prototype in Unicode's
confusables data, between NFD normalisations) of the NFKC name as written, case-folded
and taken again, or that of the NFKC case-folded name (:func:`name_skeletons`), so that
"Аlice" (Cyrillic А), "AIice" (capital I), "A1ice" and "𝐀𝐥𝐢𝐜𝐞" are all "Alice" and
"ADMIN" is "admin". Letters of
every script are allowed; one name may mix scripts only as UTS #39's "highly
restrictive" level allows (Latin with Han and kana, with Han and Bopomofo, or with Han
and Hangul), so "Аlice" is refused even where no "Alice" exists.
"""

from __future__ import annotations

import functools
import unicodedata
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from ..bots import BOTS, REFERENCE_BOTS
from .datafiles import bad_line, data_lines
from .inputs import BadInput

CONFUSABLES = "confusables.txt"
MIN_NAME = 3
MIN_WIDE_NAME = 2
"""A name written in Chinese, Japanese or Korean characters alone may have two (王伟)."""
MAX_NAME = 32
NAME_RULE = (
    f"{MIN_NAME} to {MAX_NAME} letters (of any script; {MIN_WIDE_NAME} in Chinese, "
    "Japanese or Korean), digits, '.', '-' or '_'"
)
WIDE_SCRIPTS = frozenset({"HAN", "KANA", "HANGUL", "BOPOMOFO"})
MAX_SKELETON = 128
"""The width of ``users.name_skeleton``."""
STATUS_CONFLICT = 409
PUNCTUATION = frozenset("._-")
MAX_MARKS = 3
"""Combining marks in a row after a letter (accents, Devanagari vowel signs)."""
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5") | frozenset(
    chr(c) for c in [*range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)
"""Letters and marks that show nothing (Hangul fillers, joiners, variation selectors)."""
RESERVED = (
    "admin",
    "administrator",
    "moderator",
    "mod",
    "system",
    "root",
    "support",
    "staff",
    "dragontable",
    "guest",
    "bot",
)
"""Names nobody may take (with the bots' names), nor begin with before a '.', '-' or '_'."""
HIGHLY_RESTRICTIVE = (
    frozenset({"LATIN", "HAN", "KANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
"""The sets of scripts one name may mix (UTS #39, 5.2)."""
SCRIPT_OF_NAME = {
    "CJK": "HAN",
    "IDEOGRAPHIC": "HAN",
    "HIRAGANA": "KANA",
    "KATAKANA": "KANA",
    "KATAKANA-HIRAGANA": "KANA",
}


def load_confusables(path: Path | Traversable | None = None) -> dict[str, str]:
    """Each confusable character's prototype, from the shipped data file (or ``path``)."""
    expected = "a hex code point, a tab and the hex code points of its prototype"
    out: dict[str, str] = {}
    for number, line in data_lines(CONFUSABLES, path):
        source, tab, target = line.partition("\t")
        try:
            char = chr(int(source, 16))
            prototype = "".join(chr(int(c, 16)) for c in target.split(" "))
        except (ValueError, OverflowError):
            raise bad_line(CONFUSABLES, number, line, expected) from None
        if not tab or len(source) > 6 or char in out:
            raise bad_line(CONFUSABLES, number, line, f"{expected}, once")
        out[char] = prototype
    return out


@functools.cache
def prototypes() -> dict[str, str]:
    """The shipped confusables data, loaded once."""
    return load_confusables()


def skeleton(text: str) -> str:
    """``skeleton(X)`` of UTS #39: NFD, each character's prototype, NFD again."""
    table = prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def fold(text: str) -> str:
    """NFKC case folding (close to Unicode's NFKC_Casefold)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def name_skeleton(name: str) -> str:
    """The form a name is stored for comparing (``users.name_skeleton``): the skeleton of
    the NFKC name as written, case-folded, and the skeleton of that. The first skeleton
    sees the letters as written (a capital "I" looks like "l", which "i" does not), the
    second the folded ones (the prototype of "0" is the capital "O")."""
    return skeleton(fold(skeleton(unicodedata.normalize("NFKC", name))))


def name_skeletons(name: str) -> frozenset[str]:
    """The skeletons a new name is compared by: :func:`name_skeleton` and the skeleton
    of the NFKC case-folded name (UTS #39's for case-insensitive names: "ADMIN" is
    "admin", though its capital "I" looks like "l")."""
    return frozenset({name_skeleton(name), skeleton(fold(name))})


def check_name(given: Any) -> str:
    """A new account's name in NFKC form; 400 if it is not a name, 409 if it is reserved."""
    if not isinstance(given, str) or len(given) > 4 * MAX_NAME:
        raise BadInput(f"a user name is {NAME_RULE}")
    name = unicodedata.normalize("NFKC", given)
    scripts = scripts_of(name)
    shortest = MIN_WIDE_NAME if scripts and scripts <= WIDE_SCRIPTS else MIN_NAME
    if not shortest <= len(name) <= MAX_NAME or len(name.casefold()) > MAX_NAME:
        raise BadInput(f"a user name is {NAME_RULE}")
    if not _characters_allowed(name):
        raise BadInput(f"a user name is {NAME_RULE}; no spaces, symbols or invisible marks")
    if len(scripts) > 1 and not any(scripts <= allowed for allowed in HIGHLY_RESTRICTIVE):
        raise BadInput(
            f"a user name may not mix letters of the scripts {', '.join(sorted(scripts))} "
            "(look-alike letters could pass for another name); use one script"
        )
    keys = name_skeletons(name)
    if max(map(len, keys)) > MAX_SKELETON:
        raise BadInput(f"a user name is {NAME_RULE}")
    if any(map(is_reserved, keys)):
        raise BadInput(f"the name {name!r} is reserved; choose another", STATUS_CONFLICT)
    return name


def _characters_allowed(name: str) -> bool:
    """Letters, digits, '.', '-', '_' and up to three combining marks after each letter."""
    marks, after_letter = 0, False
    for char in name:
        kind = unicodedata.category(char)
        if char in INVISIBLE:
            return False
        if kind[0] == "M":
            marks += 1
            if not after_letter or marks > MAX_MARKS:
                return False
            continue
        if kind[0] != "L" and kind != "Nd" and char not in PUNCTUATION:
            return False
        marks, after_letter = 0, kind[0] == "L"
    return True


def scripts_of(name: str) -> frozenset[str]:
    """The scripts of a name's letters, read from their Unicode names ("LATIN SMALL
    LETTER A", "CYRILLIC CAPITAL LETTER A", "CJK UNIFIED IDEOGRAPH-4E00")."""
    found = set()
    for char in name:
        if unicodedata.category(char) in ("Lu", "Ll", "Lt", "Lo"):
            word = unicodedata.name(char, "").split(" ", 1)[0]
            found.add(SCRIPT_OF_NAME.get(word, word))
    return frozenset(found)


@functools.cache
def reserved_skeletons() -> tuple[str, ...]:
    """The skeletons of the reserved names and of every bot the server knows."""
    words = (*RESERVED, *BOTS, *REFERENCE_BOTS)
    return tuple({key for word in words for key in name_skeletons(word)})


def is_reserved(key: str) -> bool:
    """Whether a name's skeleton is a reserved name's, or one followed by '.', '-' or '_'."""
    for word in reserved_skeletons():
        if key == word or any(key.startswith(name_skeleton(word + p)) for p in PUNCTUATION):
            return True
    return False
