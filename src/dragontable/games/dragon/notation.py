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
from ...core.notation import action_words, unknown, word_count
from . import data as D

_TYPES = "".join(D.TYPE_ORDER)
_WORDS = {
    "refill": "refill",
    "decline": "decline",
}
_ACTION = re.compile(r"^([a-z]+)@(\d+)$")
_PALACE = re.compile(r"^p([1-9]\d*)$")
_RESIDENT = re.compile(r"^p([1-9]\d*):([a-z])([yo])$")

EXPECTED = {"key": "dragon.refusal.expected"}
"""What an action looks like (a message listing the notation's forms)."""


def _type(word: str, text: str, joker: bool = False) -> str:
    code = word.upper()
    if code in D.TYPES or (joker and code == D.JOKER):
        return code
    name = D.TYPE_BY_NAME.get(word.lower().replace(" ", "_"))
    if name:
        return name
    allowed = _TYPES + (f" {D.JOKER}" if joker else "")
    raise NotationError("dragon.refusal.not_type", text=text, word=word, allowed=allowed)


def _tile(word: str, text: str) -> str:
    if len(word) != 2 or word[1].lower() not in "yo":
        raise NotationError("dragon.refusal.tile_form", text=text, word=word)
    tile = _type(word[0], text) + word[1].lower()
    if tile not in D.VALUE:
        raise NotationError("dragon.refusal.young_only", text=text, word=tile)
    return tile


def _palace(word: str, text: str, new: bool = False) -> str:
    w = word.lower()
    if new and w == "new":
        return w
    if not _PALACE.match(w):
        if new:
            raise NotationError("dragon.refusal.palace_or_new_form", text=text, word=word)
        raise NotationError("dragon.refusal.palace_form", text=text, word=word)
    return w


def _resident(word: str, text: str) -> str:
    w = word.lower()
    m = _RESIDENT.match(w)
    if not m:
        raise NotationError("dragon.refusal.resident_form", text=text, word=word)
    return f"p{m.group(1)}:{_tile(m.group(2) + m.group(3), text)}"


def _choice(word: str, allowed: tuple[str, ...], text: str) -> str:
    w = word.lower()
    if w not in allowed:
        raise NotationError(
            "dragon.refusal.choice", text=text, word=word, allowed=" ".join(allowed)
        )
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
                cards = " ".join(D.ACTION_CARDS + (D.WALL_CARD,))
                raise NotationError(
                    "dragon.refusal.unknown_card", text=text, word=card, allowed=cards
                )
            return f"{card}@{int(m.group(2))}"
        raise unknown(text, words[0], EXPECTED)
    if len(words) != 2:
        raise word_count(text, EXPECTED)
    arg = words[1]
    if verb == "pick":
        parts = arg.split("+")
        if len(parts) != 2:
            raise NotationError("dragon.refusal.pick_form", text=text)
        a, b = (_type(x, text) for x in parts)
        if a == b:
            raise NotationError("dragon.refusal.pick_same", text=text)
        a, b = sorted((a, b), key=D.TYPE_ORDER.index)
        return f"pick {a}+{b}"
    if verb in ("place", "quake"):
        return f"{verb} {_palace(arg, text)}"
    if verb == "floor":
        return f"floor {_palace(arg, text, new=True)}"
    if verb in ("replace", "release"):
        return f"{verb} {_resident(arg, text)}"
    if verb == "privilege":
        return f"privilege {_choice(arg, ('small', 'large'), text)}"
    if verb == "wall":
        return f"wall {_choice(arg, D.WALL_TILES, text)}"
    if verb == "flood":
        return f"flood {_choice(arg, ('rice', 'fireworks', 'yuan'), text)}"
    if verb in ("card", "discard"):
        return f"{verb} {_type(arg, text, joker=True)}"
    if verb in ("sunrise", "edict"):
        return f"{verb} {_type(arg, text)}"
    if verb == "take":
        return f"take {_tile(arg, text)}"
    raise unknown(text, words[0], EXPECTED)


def format_action(action: str) -> str:
    """Canonical text of an action (actions are already canonical strings)."""
    return parse_action(action)
