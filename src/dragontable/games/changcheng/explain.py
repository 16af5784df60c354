"""Chang Cheng: say which rule forbids an action (for ``IllegalAction``)."""

from __future__ import annotations

from .data import OWNER_NAMES
from .rules import first_turn
from .state import CCData
from .wall import reserver, tower_adjacent, unfinished

_DECISION = {
    "act": ("choose an action (two-singles, two-cards, card-single, double, tower)",
            ("two-singles", "two-cards", "card-single", "double", "tower", "single", "card")),
    "second": ("build your second single wall in another province (single S)", ("single",)),
    "card2": ("place your second card in another unfinished province (card C P)", ("card",)),
    "cardwall": ("build the single wall in the province of your card (single S)", ("single",)),
    "reservechoice": ("choose the space your tower keeps (reserve S)", ("reserve",)),
    "scoutchoice": ("scout the region or not (scout R, no-scout)", ("scout", "no-scout")),
    "neutral": ("place a neutral wall or not (neutral S, no-neutral)", ("neutral", "no-neutral")),
    "extend": ("add a board (extend SIDE west|east)", ("extend",)),
    "warrior": ("cancel a pending card with your Warrior (cancel COLOUR:C)", ("cancel",)),
    "traitor": ("use your Traitor (destroy S or remove R)", ("destroy", "remove")),
    "flood": ("choose your Flood option (flood a|b)", ("flood",)),
    "builder": ("choose your Builder option (builder a|b)", ("builder",)),
    "mandarin": ("choose a single wall to swap (swap S) or no-swap", ("swap", "no-swap")),
    "swapwith": ("choose the single wall to swap with (with S)", ("with",)),
}  # fmt: skip


def _space(st: CCData, seat: int, s: str, single: bool) -> str | None:
    """Why ``s`` cannot take the piece, or None."""
    if s not in st.geo.index:
        return f"{s} is not on the wall ({', '.join(st.layout)})"
    if s in st.seg:
        return f"{s} is occupied"
    r = reserver(st, s)
    if r is not None and not (single and r == seat):
        return f"{s} is kept for a single wall of {OWNER_NAMES[r]} (next to its tower)"
    return None


def _act(st: CCData, seat: int, verb: str, args: list[str]) -> str | None:
    if first_turn(st) and verb != "single":
        return "on the starting player's first turn the only action is one single wall"
    if verb in ("two-singles", "single", "card-single") and st.singles[seat] < (
        2 if verb == "two-singles" else 1
    ):
        return f"you have {st.singles[seat]} single wall(s) left"
    if verb in ("two-cards", "card", "card-single"):
        if args[0] not in st.hands[seat]:
            return f"your {args[0]} card is not in your hand"
        if len(st.hands[seat]) < 2 and verb == "two-cards":
            return "two cards need two cards in hand"
        if args[1] not in st.rep:
            return f"{args[1]} is not on the table"
        if not unfinished(st, args[1]):
            return f"{args[1]} is complete: cards go only into unfinished provinces"
    if verb == "double" and not st.double[seat]:
        return "you have built your double wall already"
    if verb == "tower" and not st.tower[seat]:
        return "you have built your tower already"
    if verb in ("two-singles", "single", "double", "tower"):
        problem = _space(st, seat, args[0], single=verb in ("two-singles", "single"))
        if problem:
            return problem
    if verb == "double":
        east = st.geo.nxt.get(args[0])
        if east is None:
            return f"there is no space east of {args[0]} for the double wall's second half"
        return _space(st, seat, east, single=False)
    if verb == "tower" and tower_adjacent(st, args[0]):
        return "a tower may not stand next to another tower"
    if verb in ("single", "card"):
        return "a lone wall or card is a partial action, allowed only when no full one is"
    if verb == "two-singles":
        return "there is no open space in another province for the second wall"
    if verb == "card-single":
        return f"{args[1]} has no space open for your single wall"
    return None


def why_illegal(st: CCData, action: str) -> str:
    if not st.tasks:
        return "the game is over"
    task = st.tasks[-1]
    kind, seat = task[0], task[1]
    words = action.split()
    verb, args = words[0], words[1:]
    what, verbs = _DECISION[kind]
    if verb not in verbs:
        return f"the decision now is to {what}"
    reason = None
    if kind == "act":
        reason = _act(st, seat, verb, args)
    elif kind in ("second", "cardwall", "neutral") and args:
        reason = _space(st, seat, args[0], single=kind != "neutral")
        if reason is None and kind == "second" and st.bd.province_of[args[0]] == task[2]:
            reason = f"the second wall must go into another province than {task[2]}"
        if reason is None and kind == "cardwall":
            reason = f"the wall must go into {task[2]}, the province of your card"
        if reason is None and kind == "neutral":
            reason = "the neutral wall's province depends on your action this turn (§5.3)"
    elif kind == "card2":
        if args[0] not in st.hands[seat]:
            reason = f"your {args[0]} card is not in your hand"
        elif args[1] == task[2]:
            reason = "the second card must go into another province"
        elif args[1] not in st.rep or not unfinished(st, args[1]):
            reason = f"{args[1]} is not an unfinished province on the table"
    return reason or f"the decision now is to {what}"
