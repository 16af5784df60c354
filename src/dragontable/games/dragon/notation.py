"""In the Year of the Dragon: the action notation (the wire format of records and the server).

=====================  ==================================================
``pick F+S``           initial choice: two young types (sorted canonically)
``tax@2``, ``refill``  action card from group 2, or refill to 3 yuan
``floor p1``           build a floor on palace 1 (``floor new``: new palace)
``privilege small``    privilege size (``large``)
``wall pt``            wall tile: rice, fireworks, floor, yuan, pt, vp
``card F``, ``card J``  play a person card (J = joker)
``take Fo``            take a tile: type letter + ``y`` young / ``o`` old
``place p2``           put the new person into palace 2
``replace p1:Fy``      palaces full: release a young farmer of palace 1 for it
``decline``            palaces full: let the new person go
``release p2:Wo``      a forced release (events, Great Wall, Earthquake)
``quake p1``           Earthquake: palace 1 loses a floor
``flood rice``         Flood: return one rice (fireworks, yuan)
``discard F``          Tornado: discard a person card
``sunrise M``          Sunrise: take a young monk
``edict F``            Edict: the farmers' benefit
=====================  ==================================================

Type letters: C craftsman, L court lady, P pyrotechnist, T tax collector, W warrior,
M monk, H healer, F farmer, S scholar.
"""

from __future__ import annotations

import re

from ...core.errors import NotationError
from ...core.notation import action_words
from . import data as D

_TYPES = "".join(D.TYPE_ORDER)
_WORDS = {
    "refill": "refill",
    "decline": "decline",
}
_ACTION = re.compile(r"^([a-z]+)@(\d+)$")
_PALACE = re.compile(r"^p([1-9]\d*)$")
_RESIDENT = re.compile(r"^p([1-9]\d*):([a-z])([yo])$")

EXPECTED = (
    "expected one of: pick A+B, <card>@<group> (e.g. tax@2), refill, floor pN|new, "
    "privilege small|large, wall <tile>, card X, take Xy|Xo, place pN, replace pN:Xy, "
    "decline, release pN:Xy, quake pN, flood rice|fireworks|yuan, discard X, sunrise X, "
    "edict X"
)


def _type(word: str, text: str, joker: bool = False) -> str:
    code = word.upper()
    if code in D.TYPES or (joker and code == D.JOKER):
        return code
    name = D.TYPE_BY_NAME.get(word.lower().replace(" ", "_"))
    if name:
        return name
    allowed = _TYPES + (" or J (joker)" if joker else "")
    raise NotationError(f"{text!r}: {word!r} is not a person type letter ({allowed})")


def _tile(word: str, text: str) -> str:
    if len(word) != 2 or word[1].lower() not in "yo":
        raise NotationError(f"{text!r}: expected a tile like Fy or Fo, got {word!r}")
    tile = _type(word[0], text) + word[1].lower()
    if tile not in D.VALUE:
        raise NotationError(f"{text!r}: there is no {tile} tile (this type is young only)")
    return tile


def _palace(word: str, text: str, new: bool = False) -> str:
    w = word.lower()
    if new and w == "new":
        return w
    if not _PALACE.match(w):
        raise NotationError(
            f"{text!r}: expected a palace like p1{' or new' if new else ''}, got {word!r}"
        )
    return w


def _resident(word: str, text: str) -> str:
    w = word.lower()
    m = _RESIDENT.match(w)
    if not m:
        raise NotationError(f"{text!r}: expected palace:tile like p1:Fy, got {word!r}")
    return f"p{m.group(1)}:{_tile(m.group(2) + m.group(3), text)}"


def _choice(word: str, allowed: tuple[str, ...], what: str, text: str) -> str:
    w = word.lower()
    if w not in allowed:
        raise NotationError(f"{text!r}: {what} must be one of {', '.join(allowed)}, got {word!r}")
    return w


def parse_action(text: str) -> str:
    """Return the canonical form of ``text`` or raise :class:`NotationError`."""
    words = action_words(text, EXPECTED)
    verb = words[0].lower()
    if len(words) == 1:
        if verb in _WORDS:
            return _WORDS[verb]
        m = _ACTION.match(verb)
        if m:
            card = m.group(1)
            if card not in D.ACTION_CARDS and card != D.WALL_CARD:
                cards = ", ".join(D.ACTION_CARDS + (D.WALL_CARD,))
                raise NotationError(f"{text!r}: unknown action card {card!r}; cards: {cards}")
            return f"{card}@{int(m.group(2))}"
        raise NotationError(f"{text!r} is not an action; {EXPECTED}")
    if len(words) != 2:
        raise NotationError(f"{text!r}: too many words; {EXPECTED}")
    arg = words[1]
    if verb == "pick":
        parts = arg.split("+")
        if len(parts) != 2:
            raise NotationError(f"{text!r}: expected two types like pick F+S")
        a, b = (_type(x, text) for x in parts)
        if a == b:
            raise NotationError(f"{text!r}: the two initial persons must be of different types")
        a, b = sorted((a, b), key=D.TYPE_ORDER.index)
        return f"pick {a}+{b}"
    if verb in ("place", "quake"):
        return f"{verb} {_palace(arg, text)}"
    if verb == "floor":
        return f"floor {_palace(arg, text, new=True)}"
    if verb in ("replace", "release"):
        return f"{verb} {_resident(arg, text)}"
    if verb == "privilege":
        return f"privilege {_choice(arg, ('small', 'large'), 'the privilege', text)}"
    if verb == "wall":
        return f"wall {_choice(arg, D.WALL_TILES, 'the wall tile', text)}"
    if verb == "flood":
        return f"flood {_choice(arg, ('rice', 'fireworks', 'yuan'), 'the good', text)}"
    if verb in ("card", "discard"):
        return f"{verb} {_type(arg, text, joker=True)}"
    if verb in ("sunrise", "edict"):
        return f"{verb} {_type(arg, text)}"
    if verb == "take":
        return f"take {_tile(arg, text)}"
    raise NotationError(f"{text!r}: unknown verb {words[0]!r}; {EXPECTED}")


def format_action(action: str) -> str:
    """Canonical text of an action (actions are already canonical strings)."""
    return parse_action(action)
