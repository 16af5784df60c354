"""Chang Cheng: say which rule forbids an action (for ``IllegalAction``).

Each reason is a message ``{"key": "changcheng.refusal.…", **params}``; None means the
pending decision is of another kind (the refusal then shows its prompt).
"""

from __future__ import annotations

from typing import Any

from .data import OWNER_NAMES
from .rules import first_turn
from .state import CCData
from .wall import reserver, tower_adjacent, unfinished

Reason = dict[str, Any] | None

_VERBS = {
    "act": ("two-singles", "two-cards", "card-single", "double", "tower", "single", "card"),
    "second": ("single",),
    "card2": ("card",),
    "cardwall": ("single",),
    "reservechoice": ("reserve",),
    "scoutchoice": ("scout", "no-scout"),
    "neutral": ("neutral", "no-neutral"),
    "extend": ("extend",),
    "warrior": ("cancel",),
    "traitor": ("destroy", "remove"),
    "flood": ("flood",),
    "builder": ("builder",),
    "mandarin": ("swap", "no-swap"),
    "swapwith": ("with",),
}
_PARTIAL = {
    "single": {"key": "changcheng.refusal.partial"},
    "card": {"key": "changcheng.refusal.partial"},
    "two-singles": {"key": "changcheng.refusal.second_space"},
}


def _space(st: CCData, seat: int, s: str, single: bool) -> Reason:
    """Why ``s`` cannot take the piece, or None."""
    if s not in st.geo.index:
        return {"key": "changcheng.refusal.not_on_wall", "word": s, "allowed": " ".join(st.layout)}
    if s in st.seg:
        return {"key": "changcheng.refusal.occupied", "space": s}
    r = reserver(st, s)
    if r is not None and not (single and r == seat):
        return {"key": "changcheng.refusal.kept", "space": s, "owner": OWNER_NAMES[r]}
    return None


def _cards(st: CCData, seat: int, verb: str, args: list[str]) -> Reason:
    """Why the card part of a card action cannot be played, or None."""
    if args[0] not in st.hands[seat]:
        return {"key": "changcheng.refusal.no_card", "card": args[0]}
    if len(st.hands[seat]) < 2 and verb == "two-cards":
        return {"key": "changcheng.refusal.two_cards"}
    if args[1] not in st.rep:
        return {"key": "changcheng.refusal.not_on_table", "word": args[1]}
    if not unfinished(st, args[1]):
        return {"key": "changcheng.refusal.complete", "province": args[1]}
    return None


def _pieces(st: CCData, seat: int, verb: str) -> Reason:
    """Why the seat has no piece left for ``verb``, or None."""
    need = 2 if verb == "two-singles" else 1
    if verb in ("two-singles", "single", "card-single") and st.singles[seat] < need:
        return {"key": "changcheng.refusal.singles_left", "n": st.singles[seat]}
    if verb == "double" and not st.double[seat]:
        return {"key": "changcheng.refusal.double_built"}
    if verb == "tower" and not st.tower[seat]:
        return {"key": "changcheng.refusal.tower_built"}
    return None


def _act(st: CCData, seat: int, verb: str, args: list[str]) -> Reason:
    if first_turn(st) and verb != "single":
        return {"key": "changcheng.refusal.first_turn"}
    reason = _pieces(st, seat, verb)
    if reason is None and verb in ("two-cards", "card", "card-single"):
        reason = _cards(st, seat, verb, args)
    if reason is None and verb in ("two-singles", "single", "double", "tower"):
        reason = _space(st, seat, args[0], single=verb in ("two-singles", "single"))
    if reason is not None:
        return reason
    if verb == "double":
        east = st.geo.nxt.get(args[0])
        if east is None:
            return {"key": "changcheng.refusal.no_east", "space": args[0]}
        return _space(st, seat, east, single=False)
    if verb == "tower" and tower_adjacent(st, args[0]):
        return {"key": "changcheng.refusal.tower_next"}
    if verb == "card-single":
        return {"key": "changcheng.refusal.card_single", "province": args[1]}
    return _PARTIAL.get(verb)


def _follow(st: CCData, seat: int, task: tuple[Any, ...], args: list[str]) -> Reason:
    """Why a follow-up wall (second, cardwall, neutral) cannot go on ``args[0]``, or None."""
    kind = task[0]
    reason = _space(st, seat, args[0], single=kind != "neutral")
    if reason is None and kind == "second" and st.bd.province_of[args[0]] == task[2]:
        return {"key": "changcheng.refusal.second_province", "province": task[2]}
    if reason is None and kind == "cardwall":
        return {"key": "changcheng.refusal.card_province", "province": task[2]}
    if reason is None and kind == "neutral":
        return {"key": "changcheng.refusal.neutral_province"}
    return reason


def _card2(st: CCData, seat: int, task: tuple[Any, ...], args: list[str]) -> Reason:
    if args[0] not in st.hands[seat]:
        return {"key": "changcheng.refusal.no_card", "card": args[0]}
    if args[1] == task[2]:
        return {"key": "changcheng.refusal.second_card"}
    if args[1] not in st.rep or not unfinished(st, args[1]):
        return {"key": "changcheng.refusal.not_unfinished", "word": args[1]}
    return None


def why_illegal(st: CCData, action: str) -> Reason:
    """The rule that forbids ``action`` (canonical) now, as a message; None: another
    decision is pending."""
    task = st.tasks[-1]
    kind, seat = task[0], task[1]
    verb, *args = action.split()
    if verb not in _VERBS[kind]:
        return None
    if kind == "act":
        return _act(st, seat, verb, args)
    if kind in ("second", "cardwall", "neutral") and args:
        return _follow(st, seat, task, args)
    if kind == "card2":
        return _card2(st, seat, task, args)
    return None
