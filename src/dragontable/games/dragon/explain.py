"""In the Year of the Dragon: say which rule forbids an action (for ``IllegalAction``).

Each reason is a message ``{"key": "dragon.refusal.…", **params}``; None means the
pending decision is of another kind (the refusal then shows its prompt).
"""

from __future__ import annotations

from typing import Any

from . import data as D
from .state import DragonData

Reason = dict[str, Any] | None

_VERBS = {
    "init": ("pick",),
    "place": ("place",),
    "full": ("replace", "decline"),
    "action": ("@", "refill"),
    "floor": ("floor",),
    "privilege": ("privilege",),
    "walltile": ("wall",),
    "card": ("card",),
    "take": ("take",),
    "release": ("release",),
    "drought": ("release",),
    "quake": ("quake",),
    "quakefix": ("release",),
    "flood": ("flood",),
    "tornado": ("discard",),
    "sunrise": ("sunrise",),
    "edict": ("edict",),
}


def _action(st: DragonData, seat: int, verb: str) -> Reason:
    """Why the action card ``verb`` (card@group) cannot be taken, or None."""
    card, g = verb.split("@")
    gi, yuan = int(g) - 1, st.seats[seat].yuan
    if not 0 <= gi < len(st.groups):
        return {"key": "dragon.refusal.no_group", "n": len(st.groups)}
    if card not in st.groups[gi]:
        return {"key": "dragon.refusal.not_in_group", "group": gi + 1, "card": card,
                "cards": list(st.groups[gi])}  # fmt: skip
    fee = D.OCCUPIED_FEE if st.dragons[gi] else 0
    if yuan < fee:
        return {"key": "dragon.refusal.fee", "group": gi + 1, "fee": fee, "yuan": yuan}
    if card == "privilege":
        return {"key": "dragon.refusal.privilege_fee", "cost": D.SMALL_PRIVILEGE_COST,
                "fee": fee, "yuan": yuan}  # fmt: skip
    if card == D.WALL_CARD and len(st.wall) >= D.WALL_LENGTH:
        return {"key": "dragon.refusal.wall_complete"}
    if card == D.WALL_CARD:
        return {"key": "dragon.refusal.no_wall_tiles"}
    return None


def _palace(st: DragonData, seat: int, kind: str, arg: str) -> Reason:
    """Why palace reference ``arg`` (pN or pN:Xy) does not fit decision ``kind``, or None."""
    ref, _, tile = arg.partition(":")
    n = int(ref[1:])
    palaces = st.seats[seat].palaces
    if n > len(palaces):
        return {"key": "dragon.refusal.no_palace", "palace": n, "n": len(palaces)}
    floors, res = palaces[n - 1]
    if kind == "place":
        return {"key": "dragon.refusal.palace_full", "palace": n, "floors": floors}
    if kind == "floor":
        return {"key": "dragon.refusal.max_floors", "palace": n, "n": D.MAX_FLOORS}
    if tile and tile not in res:
        return {"key": "dragon.refusal.no_resident", "palace": n, "tile": tile}
    if kind == "drought":
        return {"key": "dragon.refusal.drought_repeat"}
    if kind == "quakefix":
        return {"key": "dragon.refusal.quakefix"}
    return None


def _other(st: DragonData, seat: int, kind: str, arg: str) -> Reason:
    """Why ``arg`` does not fit a decision without palaces, or None."""
    yuan = st.seats[seat].yuan
    if kind == "privilege" and arg == "large":
        cost = D.LARGE_PRIVILEGE_COST[st.options["edition"]]
        return {"key": "dragon.refusal.large_privilege", "cost": cost, "yuan": yuan}
    reasons = {
        "card": {"key": "dragon.refusal.no_card", "card": arg},
        "tornado": {"key": "dragon.refusal.no_card", "card": arg},
        "take": {"key": "dragon.refusal.take", "tile": arg},
        "init": {"key": "dragon.refusal.init"},
        "sunrise": {"key": "dragon.refusal.sunrise", "type": arg},
        "edict": {"key": "dragon.refusal.edict", "type": arg},
        "flood": {"key": "dragon.refusal.flood", "good": arg},
        "walltile": {"key": "dragon.refusal.wall_tile_built", "tile": arg},
    }
    return reasons.get(kind)


def why_illegal(st: DragonData, action: str) -> Reason:
    """The rule that forbids ``action`` (canonical) now, as a message; None: another
    decision is pending."""
    kind, seat = st.tasks[-1][0], st.tasks[-1][1]
    verb, _, arg = action.partition(" ")
    if not any(v in verb for v in _VERBS[kind]):
        return None
    if kind == "action" and "@" in verb:
        return _action(st, seat, verb)
    if arg.startswith("p") and arg[1:2].isdigit():
        return _palace(st, seat, kind, arg)
    return _other(st, seat, kind, arg)
