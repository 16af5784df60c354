"""Chang Cheng: the action notation (the wire format of records and the server).

Spaces are ``<side>.<nn>`` (``2B.07``), provinces ``<side>-P<k>`` (``1A-P2``), Mongol
regions ``<side>-M<k>``; cards are ``warrior traitor flood builder master mandarin``;
a revealed card is ``<colour>:<card>`` (``green:builder``).

A turn (§4.3) is one of:

==============================  ===========================================================
``two-singles 1A.04``           two single walls: the first one (then ``single S``)
``two-cards traitor 1A-P2``     two cards: the first one (then ``card C P``)
``card-single mandarin 2B-P1``  a card, then (``single S``) a wall in the same province
``double 1A.04``                the double wall on 1A.04 and the next space east
``tower 1A.08``                 the tower
``single 1A.06``                one single wall only (first turn, or a partial action)
``card flood 3A-P3``            one card only (a partial action)
==============================  ===========================================================

Follow-up decisions:

==============================  ===========================================================
``single 2B.06``                the second wall of ``two-singles`` / the wall of ``card-single``
``card builder 2B-P3``          the second card of ``two-cards``
``reserve 1A.09``               the space a new tower keeps for its builder (two candidates)
``scout 1A-M3``, ``no-scout``   look at a threat token (option ``scouting=ask``)
``neutral 1A.07``, ``no-neutral``  the two-player neutral wall at the end of a turn
``extend 3A west``              add a board side at the west or east end
``cancel green:builder``        Warrior: cancel a pending card
``destroy 1A.05``, ``remove 1A-M3``  Traitor: option A / option B
``flood a``, ``flood b``        Flood: +2 / -2 to the province value
``builder a``, ``builder b``    Builder: +2 value / one extra wall for its owner
``swap 1A.11``, ``no-swap``     Mandarin: the single wall in this province to swap
``with 2B.01``                  Mandarin: the single wall anywhere it swaps with
==============================  ===========================================================
"""

from __future__ import annotations

import re

from ...core.errors import NotationError
from ...core.notation import action_words, unknown
from . import data as D

_SPACE = re.compile(r"^([0-9a-z]+)\.(\d{1,2})$")
_AREA = re.compile(r"^([0-9a-z]+)-([0-9a-z]+)$")
EXPECTED = {"key": "changcheng.refusal.expected"}
"""What an action looks like (a message listing the notation's forms)."""
_WORDS = ("no-scout", "no-neutral", "no-swap")
_SPACE_VERBS = ("two-singles", "double", "tower", "single", "reserve", "neutral", "destroy",
                "swap", "with")  # fmt: skip
_CARD_VERBS = ("two-cards", "card-single", "card")
_VERB_ALIASES = {"twosingles": "two-singles", "twocards": "two-cards",
                 "cardsingle": "card-single", "noscout": "no-scout",
                 "noneutral": "no-neutral", "noswap": "no-swap"}  # fmt: skip


def space(word: str, text: str) -> str:
    m = _SPACE.match(word.lower())
    if not m:
        raise NotationError("changcheng.refusal.space_form", text=text, word=word)
    return f"{m.group(1).upper()}.{int(m.group(2)):02d}"


def area(word: str, text: str, what: str) -> str:
    m = _AREA.match(word.lower())
    if not m:
        if what == "province":
            raise NotationError("changcheng.refusal.province_form", text=text, word=word)
        raise NotationError("changcheng.refusal.region_form", text=text, word=word)
    return f"{m.group(1).upper()}-{m.group(2).upper()}"


def card(word: str, text: str) -> str:
    w = word.lower()
    w = D.CARD_ALIASES.get(w, w)
    if w not in D.CARDS:
        raise NotationError(
            "changcheng.refusal.not_a_card", text=text, word=word, allowed=" ".join(D.CARDS)
        )
    return w


def _owned_card(word: str, text: str) -> str:
    colour, _, name = word.lower().partition(":")
    if colour not in D.OWNER_BY_NAME or not name:
        raise NotationError("changcheng.refusal.owned_card_form", text=text, word=word)
    return f"{colour}:{card(name, text)}"


def _args(words: list[str], n: int, text: str) -> None:
    if len(words) != n + 1:
        raise NotationError(
            "changcheng.refusal.arguments", text=text, word=words[0], n=n, expected=EXPECTED
        )


def parse_action(text: str) -> str:
    """Return the canonical form of ``text`` or raise :class:`NotationError`."""
    words = action_words(text, EXPECTED)
    verb = words[0].lower().replace("_", "-")
    verb = _VERB_ALIASES.get(verb.replace("-", ""), verb)
    if verb in _WORDS:
        _args(words, 0, text)
        return verb
    if verb in _SPACE_VERBS:
        _args(words, 1, text)
        return f"{verb} {space(words[1], text)}"
    if verb in _CARD_VERBS:
        _args(words, 2, text)
        return f"{verb} {card(words[1], text)} {area(words[2], text, 'province')}"
    if verb in ("scout", "remove"):
        _args(words, 1, text)
        return f"{verb} {area(words[1], text, 'region')}"
    if verb == "cancel":
        _args(words, 1, text)
        return f"cancel {_owned_card(words[1], text)}"
    if verb in ("flood", "builder"):
        _args(words, 1, text)
        option = words[1].lower()
        if option not in ("a", "b"):
            raise NotationError("changcheng.refusal.option_form", text=text, word=words[1])
        return f"{verb} {option}"
    if verb == "extend":
        _args(words, 2, text)
        side, end = words[1].upper(), words[2].lower()
        if not re.match(r"^[0-9A-Z]+$", side) or end not in (D.WEST, D.EAST):
            raise NotationError("changcheng.refusal.extend_form", text=text)
        return f"extend {side} {end}"
    raise unknown(text, words[0], EXPECTED)
