"""Chang Cheng: per-seat views (rules reference §8).

A seat sees its own hand, the type of its own face-down cards and the threat tokens
it scouted; everyone sees that a card lies in a province (and whose it is), who
scouted which region, and everything public. A spectator (``None``) sees neither.
"""

from __future__ import annotations

from typing import Any

from ...core.state import HIDDEN as HIDDEN_CARD
from .data import KIND_NAMES, MAX_EXTENSIONS, OWNER_NAMES
from .state import CCData

HIDDEN = "hidden"
REMOVED = "removed"


def token_seen(st: CCData, region: str, viewer: int | None) -> int | str:
    """The threat token of ``region`` as ``viewer`` knows it."""
    value = st.threat[region]
    if value is None:
        return REMOVED
    if region in st.face_up or (viewer is not None and viewer in st.known.get(region, ())):
        return value
    return HIDDEN


def _spaces(st: CCData) -> list[dict[str, Any]]:
    out = []
    for s in st.geo.spaces:
        entry: dict[str, Any] = {"space": s}
        seg = st.seg.get(s)
        if seg is not None:
            entry.update(owner=OWNER_NAMES[seg[0]], piece=KIND_NAMES[seg[1]], destroyed=seg[2])
        elif s in st.reserved:
            entry["reserved_for"] = st.reserved[s]
        out.append(entry)
    return out


def _provinces(st: CCData, viewer: int | None) -> list[dict[str, Any]]:
    out = []
    for p in st.geo.provinces:
        cards = []
        for owner, card in st.cards.get(p, ()):
            entry: dict[str, Any] = {"seat": owner}
            if owner == viewer:
                entry["card"] = card
            cards.append(entry)
        out.append({
            "province": p, "spaces": list(st.bd.province_spaces[p]),
            "reputation": st.rep[p], "scored": p in st.scored, "cards": cards,
        })  # fmt: skip
    return out


def _regions(st: CCData, viewer: int | None) -> list[dict[str, Any]]:
    return [
        {
            "region": r, "spaces": list(st.bd.region_spaces[r]),
            "threat": token_seen(st, r, viewer), "scouted_by": list(st.known.get(r, ())),
        }
        for r in st.geo.regions
    ]  # fmt: skip


def _player(st: CCData, seat: int, viewer: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": seat, "colour": OWNER_NAMES[seat], "score": st.score[seat],
        "breakdown": dict(st.by[seat]), "singles": st.singles[seat],
        "double": st.double[seat], "tower": st.tower[seat],
        "hand_size": len(st.hands[seat]), "revealed": list(st.gone[seat]),
    }  # fmt: skip
    if seat == viewer:
        out["hand"] = list(st.hands[seat])
    return out


def _scoring(st: CCData) -> dict[str, Any] | None:
    if st.res is None:
        return None
    p, pending, delta, virtual = st.res
    return {
        "province": p, "pending": [{"seat": o, "card": c} for o, c in pending],
        "value_delta": delta, "virtual_walls": list(virtual),
    }  # fmt: skip


def view(st: CCData, viewer: int | None) -> dict[str, Any]:
    """Everything ``viewer`` may see; ``None`` is a spectator."""
    current = st.current_player
    out: dict[str, Any] = {
        "game": "changcheng",
        "viewer": viewer,
        "options": dict(st.options),
        "over": current is None,
        "current_player": current,
        "active": st.active,
        "turn": st.turn_no,
        "prompt": st.prompt() if current is not None else None,
        "layout": list(st.layout),
        "spaces": _spaces(st),
        "provinces": _provinces(st, viewer),
        "regions": _regions(st, viewer),
        "scoring": _scoring(st),
        "emperor_cards": st.emperor,
        "extensions": [st.extensions, MAX_EXTENSIONS[st.players]],
        "stock": list(st.stock),
        "supply": {"reputation": len(st.rep_supply), "threat": len(st.threat_supply)},
        "events": list(st.events),
        "neutral_pool": st.neutral,
        "players": [_player(st, s, viewer) for s in range(st.players)],
    }
    if viewer is not None and viewer == current:
        out["legal_actions"] = st.legal_actions()
    if current is None:
        out["ended"] = st.ended
        out["scores"] = st.scores()
        out["ranking"] = st.ranking()
        out["winners"] = st.winners()
    return out


CARD_VERBS = ("two-cards", "card-single", "card")
"""Moves that lay a card face down: ``<verb> <card> <province>``; the card is secret."""
HAND_DECISIONS = ("act", "card2")
"""Decisions whose number of options follows from the hand."""


def public_action(action: str) -> str:
    """``action`` as a seat other than its mover knows it: a face-down card's type is
    secret, its province is not (§8)."""
    words = action.split(" ")
    if words[0] in CARD_VERBS and len(words) == 3:
        return f"{words[0]} {HIDDEN_CARD} {words[2]}"
    return action


def options_public(st: CCData) -> bool:
    """Whether everyone can count the pending decision's options (not from a hand)."""
    return not st.tasks or st.tasks[-1][0] not in HAND_DECISIONS
