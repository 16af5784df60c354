"""Ming Dynasty: the action notation (the wire format of records and the server).

Districts, provinces and transports are the map's ids (default map: ``orange-1``,
``teal``, ``horse``); cards are transport types or ``dragon``. Seats are 1-based.

=======================  ==========================================================
``prince D``             setup: put your prince on district D (takes a tile)
``neutral D``            2 players: put a neutral member into district D
``space P``              phase 1: put a member on province P's space
``take P``               phase 2: take the display card beside province P's space
``dragon P``             phase 2: take a dragon card, boxing your member from space P
``move D CARD``          phase 3: cross one border into D paying CARD (repeatable)
``stop``                 phase 3: end the move where the prince stands
``stay CARD``            phase 3: keep the prince where he is, discarding CARD
``pass``                 phase 3: drop out of phase 3 for this round
``deploy N``             phase 3: N (0-3) members from the space into the district
``deploy N+c``           … and one more member into the district's cloister
``return N``             scoring: secret return cards adding up to N
``back D``               scoring: a returning member leaves the city section of D
``start N``              4 players, after rounds 4 and 5: seat N starts next round
=======================  ==========================================================

A move is a sequence of ``move`` decisions ended by ``stop``: the engine offers only
steps after which the move can still end on a district without another prince.
"""

from __future__ import annotations

import re

from ...core.errors import NotationError
from ...core.notation import action_words, unknown, word_count

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_DEPLOY = re.compile(r"^([0-3])(?:\s*\+\s*(?:c|cloister))?$")
_ONE_NAME = {
    "prince": "district",
    "neutral": "district",
    "space": "province",
    "take": "province",
    "dragon": "province",
    "stay": "card",
    "back": "district",
}
_ALIASES = {"place": "space", "display": "take", "go": "move", "end": "stop", "p": "pass"}

EXPECTED = {"key": "ming.refusal.expected"}
"""What an action looks like (a message listing the notation's forms)."""


def _name(word: str, what: str, text: str) -> str:
    w = word.lower()
    if _NAME.match(w):
        return w
    if what == "district":
        raise NotationError("ming.refusal.district_form", text=text, word=word)
    if what == "province":
        raise NotationError("ming.refusal.province_form", text=text, word=word)
    raise NotationError("ming.refusal.card_form", text=text, word=word)


def _number(word: str, low: int, high: int) -> int | None:
    """``word`` as a number from ``low`` to ``high``, or None."""
    return int(word) if word.isdigit() and low <= int(word) <= high else None


def parse_action(text: str) -> str:
    """Return the canonical form of ``text`` or raise :class:`NotationError`."""
    words = action_words(text, EXPECTED)
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    args = words[1:]
    if verb in ("stop", "pass"):
        if args:
            raise NotationError("ming.refusal.no_argument", text=text, word=verb)
        return verb
    if verb == "deploy":
        m = _DEPLOY.match(" ".join(args).lower())
        if not m:
            raise NotationError("ming.refusal.deploy_form", text=text)
        return f"deploy {m.group(1)}" + ("+c" if "+" in " ".join(args) else "")
    if len(args) != (2 if verb == "move" else 1):
        if verb in _ONE_NAME or verb in ("move", "return", "start"):
            raise word_count(text, EXPECTED)
        raise unknown(text, words[0], EXPECTED)
    if verb in _ONE_NAME:
        return f"{verb} {_name(args[0], _ONE_NAME[verb], text)}"
    if verb == "move":
        return f"move {_name(args[0], 'district', text)} {_name(args[1], 'card', text)}"
    if verb == "return":
        if (total := _number(args[0], 0, 99)) is None:
            raise NotationError("ming.refusal.return_form", text=text, word=args[0])
        return f"return {total}"
    if verb == "start":
        if (seat := _number(args[0], 1, 4)) is None:
            raise NotationError("ming.refusal.start_form", text=text, word=args[0])
        return f"start {seat}"
    raise unknown(text, words[0], EXPECTED)
