"""In the Year of the Dragon: per-seat views. Hands and played cards are private (§1.4)."""

from __future__ import annotations

from typing import Any

from ...core.state import HIDDEN
from . import data as D
from .state import DragonData, Player


def _player(st: DragonData, p: Player, viewer: int | None) -> dict[str, Any]:
    own = viewer == p.seat or st.options["open_hands"]
    out: dict[str, Any] = {
        "seat": p.seat,
        "yuan": p.yuan,
        "rice": p.rice,
        "fireworks": p.fireworks,
        "vp": p.vp,
        "vp_breakdown": dict(p.vp_by),
        "privileges": {"small": p.priv_small, "large": p.priv_large},
        "pt": p.pt,
        "pt_stack": p.pt_stack,
        "palaces": [{"floors": f, "residents": list(res)} for f, res in p.palaces],
        "hand_size": len(p.hand),
        "recruited": [got for card, got, _ in p.played if card != "init"],
        "discarded": list(p.discarded),
        "wall_tiles": list(p.wall_tiles),
        "dragon_group": next((g + 1 for g, d in enumerate(st.dragons) if p.seat in d), None),
    }
    if own:
        out["hand"] = sorted(p.hand, key=D.CARDS.index)
        out["played"] = [card for card, _, _ in p.played if card != "init"]
    return out


def view(st: DragonData, viewer: int | None) -> dict[str, Any]:
    """Everything ``viewer`` may see; ``None`` is a spectator."""
    from .rules import turn_order

    current = st.current_player
    ge_visible = st.great_event is not None and st.great_event_revealed
    out: dict[str, Any] = {
        "game": "dragon",
        "viewer": viewer,
        "options": dict(st.options),
        "round": min(st.round, D.ROUNDS),
        "over": current is None,
        "current_player": current,
        "prompt": st.prompt() if current is not None else None,
        "event_track": list(st.event_track),
        "great_event": st.great_event if ge_visible else ("hidden" if st.great_event else None),
        "groups": [
            {"cards": list(g), "dragons": list(d)}
            for g, d in zip(st.groups, st.dragons, strict=True)
        ],
        "wall": list(st.wall),
        "supply": dict(st.supply),
        "sunrise_taken": list(st.sunrise_taken),
        "turn_order": turn_order(st),
        "players": [_player(st, p, viewer) for p in st.seats],
    }
    if viewer is not None and viewer == current:
        out["legal_actions"] = st.legal_actions()
    if current is None:
        out["scores"] = st.scores()
        out["ranking"] = st.ranking()
    return out


SECRET_VERBS = ("card",)
"""Moves whose argument is a secret (which person card was played, §1.4)."""
SECRET_DECISIONS = ("card", "take", "tornado")
"""Decisions whose number of options follows from a hand or a played card."""


def public_action(st: DragonData, action: str, viewer: int | None) -> str:
    """``action`` as ``viewer`` (not its mover) knows it: played cards stay secret."""
    verb, _, _ = action.partition(" ")
    if verb in SECRET_VERBS and not st.options["open_hands"]:
        return f"{verb} {HIDDEN}"
    return action


def options_public(st: DragonData) -> bool:
    """Whether everyone can count the pending decision's options (not from a hand)."""
    return bool(st.options["open_hands"]) or not st.tasks or st.tasks[-1][0] not in SECRET_DECISIONS
