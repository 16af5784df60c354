"""Ming Dynasty: say which rule forbids an action (for ``IllegalAction``).

Each reason is a message ``{"key": "ming.refusal.…", **params}``; None means the
pending decision is of another kind (the refusal then shows its prompt).
"""

from __future__ import annotations

from typing import Any

from . import data as D
from .state import MingData

Reason = dict[str, Any] | None

_VERBS = {
    "prince": ("prince",),
    "neutral": ("neutral",),
    "space": ("space",),
    "card": ("take", "dragon"),
    "act": ("move", "stay", "pass"),
    "moving": ("move", "stop"),
    "deploy": ("deploy",),
    "return": ("return",),
    "back": ("back",),
    "start": ("start",),
}


def why_illegal(st: MingData, action: str) -> Reason:
    """The rule that forbids ``action`` (canonical) now, as a message; None: another
    decision is pending."""
    kind, seat = st.tasks[-1][0], st.tasks[-1][1]
    words = action.split()
    verb, arg = words[0], words[1] if len(words) > 1 else ""
    if verb not in _VERBS[kind]:
        return None
    m = st.map
    if verb in ("prince", "neutral", "back", "move") and arg not in m.district_index:
        return {"key": "ming.refusal.no_district", "word": arg}
    if verb in ("space", "take", "dragon") and arg not in m.province_index:
        return {"key": "ming.refusal.no_province", "word": arg}
    if verb in ("take", "dragon"):
        return _why_card(st, seat, verb, arg)
    if verb in ("move", "stay"):
        return _why_move(st, seat, verb, words)
    if verb == "deploy":
        return _why_deploy(st, seat)
    reasons: dict[str, dict[str, Any]] = {
        "prince": {"key": "ming.refusal.prince_there", "district": arg},
        "neutral": {"key": "ming.refusal.neutral_full", "district": arg, "n": D.NEUTRAL_CAP},
        "stop": {"key": "ming.refusal.stop"},
        "return": {"key": "ming.refusal.return"},
        "back": {"key": "ming.refusal.back", "district": arg},
        "start": {"key": "ming.refusal.start", "word": arg, "players": st.players},
    }
    return reasons.get(verb)


def _why_card(st: MingData, seat: int, verb: str, province: str) -> Reason:
    p = st.map.province_index[province]
    if not st.spaces[p][seat]:
        return {"key": "ming.refusal.no_member_space", "province": province}
    if verb == "dragon" and st.dragons <= 0:
        return {"key": "ming.refusal.no_dragons"}
    return {"key": "ming.refusal.display_empty", "province": province}


def _why_move(st: MingData, seat: int, verb: str, words: list[str]) -> Reason:
    card, m = words[-1], st.map
    if card not in m.cards:
        return {"key": "ming.refusal.not_a_card", "word": card, "allowed": " ".join(m.cards)}
    if card not in st.hands[seat]:
        return {"key": "ming.refusal.no_card", "card": card}
    if verb == "stay":
        return {"key": "ming.refusal.stay"}
    here, to = st.prince[seat], m.district_index[words[1]]
    transport = m.border(here, to)
    if transport is None:
        return {"key": "ming.refusal.no_border", "district": words[1], "here": m.districts[here]}
    if card not in (transport, D.DRAGON):
        return {"key": "ming.refusal.transport", "district": words[1], "card": transport}
    return {"key": "ming.refusal.dead_end"}


def _why_deploy(st: MingData, seat: int) -> Reason:
    d, m = st.prince[seat], st.map
    if st.cloister[d] == seat:
        return {"key": "ming.refusal.cloister", "district": m.districts[d]}
    have = st.spaces[m.province_of[d]][seat]
    return {"key": "ming.refusal.deploy_most", "n": min(D.MAX_DEPLOY, have), "have": have,
            "province": m.provinces[m.province_of[d]]}  # fmt: skip
