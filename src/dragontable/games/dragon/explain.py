"""In the Year of the Dragon: say which rule forbids an action (for ``IllegalAction``)."""

from __future__ import annotations

from . import data as D
from .state import DragonData

_DECISION = {
    "init": "choose two young persons (pick A+B)",
    "place": "choose a palace for the new person (place pN)",
    "full": "replace a resident (replace pN:Xy) or decline",
    "action": "choose an action (card@group) or refill",
    "floor": "build a floor (floor pN or floor new)",
    "privilege": "choose the privilege (privilege small|large)",
    "walltile": "choose a wall tile (wall <tile>)",
    "card": "play a person card (card X)",
    "take": "choose the tile (take Xy|Xo)",
    "release": "release a person (release pN:Xy)",
    "drought": "release a person from an unfed palace (release pN:Xy)",
    "quake": "remove a palace floor (quake pN)",
    "quakefix": "release a person from a palace with too few floors (release pN:Xy)",
    "flood": "return a good (flood rice|fireworks|yuan)",
    "tornado": "discard a person card (discard X)",
    "sunrise": "take a young person (sunrise X)",
    "edict": "choose a person type (edict X)",
}
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


def _palace(st: DragonData, seat: int, ref: str) -> str | None:
    n = int(ref[1:].split(":")[0])
    palaces = st.seats[seat].palaces
    if n > len(palaces):
        return f"palace {ref.split(':')[0]} does not exist (you have {len(palaces)})"
    return None


def why_illegal(st: DragonData, action: str) -> str:
    task = st.tasks[-1]
    kind, seat = task[0], task[1]
    p = st.seats[seat]
    verb = action.split()[0]
    if not any(v in verb for v in _VERBS[kind]):
        return f"the decision now is to {_DECISION[kind]}"
    arg = action.split()[1] if " " in action else ""
    if kind == "action":
        card, g = verb.split("@")
        gi = int(g) - 1
        if not 0 <= gi < len(st.groups):
            return f"there are only {len(st.groups)} action groups"
        if card not in st.groups[gi]:
            return f"group {g} holds {', '.join(st.groups[gi])}, not {card}"
        fee = D.OCCUPIED_FEE if st.dragons[gi] else 0
        if p.yuan < fee:
            return f"group {g} is occupied: the fee is {fee} yuan and you have {p.yuan}"
        if card == "privilege":
            return (
                f"a privilege needs {D.SMALL_PRIVILEGE_COST} yuan after the fee of {fee}; "
                f"you have {p.yuan}"
            )
        if card == D.WALL_CARD:
            return (
                "the wall is complete"
                if len(st.wall) >= D.WALL_LENGTH
                else "you have built all your wall tiles"
            )
    if arg.startswith("p") and arg[1:2].isdigit():
        problem = _palace(st, seat, arg)
        if problem:
            return problem
        idx = int(arg[1:].split(":")[0]) - 1
        floors, res = p.palaces[idx]
        if kind == "place":
            return f"palace {arg} is full ({len(res)} of {floors} floors used)"
        if kind == "floor":
            return f"palace {arg} already has {D.MAX_FLOORS} floors"
        if ":" in arg and arg.split(":")[1] not in res:
            return f"palace {arg.split(':')[0]} has no {arg.split(':')[1]}"
        if kind == "drought":
            return "each release must come from a different inhabited palace"
        if kind == "quakefix":
            return "releases must come from palaces with more persons than floors"
    if kind == "privilege" and arg == "large":
        cost = D.LARGE_PRIVILEGE_COST[st.options["edition"]]
        return f"a large privilege costs {cost} yuan and you have {p.yuan}"
    if kind in ("card", "tornado"):
        return f"you have no {arg} card in hand"
    if kind == "take":
        return f"{arg} is not available for the card you played (or its supply is empty)"
    if kind == "init":
        return "both types must have a young tile left and the pair must not be taken already"
    if kind == "sunrise":
        return f"{arg} was taken in this Sunrise already or has no young tile left"
    if kind == "edict":
        return f"you have no {arg} in your palaces"
    if kind == "flood":
        return f"you have no {arg} to return"
    if kind == "walltile":
        return f"your {arg} wall tile is built already"
    return f"the decision now is to {_DECISION[kind]}"
