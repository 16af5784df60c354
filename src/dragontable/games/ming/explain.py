"""Ming Dynasty: say which rule forbids an action (for ``IllegalAction``)."""

from __future__ import annotations

from . import data as D
from .state import MingData

_DECISION = {
    "prince": "place your prince on a free district (prince D)",
    "neutral": "place a neutral member (neutral D)",
    "space": "put a member on a province space (space P)",
    "card": "take a display card (take P) or a dragon card (dragon P)",
    "act": "move (move D CARD), stay (stay CARD) or pass",
    "moving": "go on moving (move D CARD) or end the move (stop)",
    "deploy": "deploy members (deploy N or deploy N+c)",
    "return": "choose your secret return cards (return N)",
    "back": "choose the section a member leaves (back D)",
    "start": "choose the next start player (start N)",
}
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


def why_illegal(st: MingData, action: str) -> str:
    """A sentence naming the rule that forbids ``action`` (canonical) now."""
    task = st.tasks[-1]
    kind, seat = task[0], task[1]
    words = action.split()
    verb = words[0]
    if verb not in _VERBS[kind]:
        return f"the decision now is to {_DECISION[kind]}"
    m = st.map
    arg = words[1] if len(words) > 1 else ""
    if verb in ("prince", "neutral", "back", "move") and arg not in m.district_index:
        return f"there is no district {arg!r} on this map"
    if verb in ("space", "take", "dragon") and arg not in m.province_index:
        return f"there is no province {arg!r} on this map"
    if verb == "prince":
        return f"another prince already stands in {arg}"
    if verb == "neutral":
        return f"{arg} already holds {D.NEUTRAL_CAP} neutral members"
    if verb in ("take", "dragon"):
        return _why_card(st, seat, verb, arg)
    if verb in ("move", "stay"):
        return _why_move(st, seat, verb, words)
    if verb == "stop":
        return "a move may not end in a district with another prince"
    if verb == "deploy":
        return _why_deploy(st, seat, action)
    if verb == "return":
        return "the return cards must add up to at most your members in this city"
    if verb == "back":
        return f"you have no member in the city section of {arg}"
    if verb == "start":
        return f"there is no seat {arg} in a {st.players}-player game"
    return f"the decision now is to {_DECISION[kind]}"


def _why_card(st: MingData, seat: int, verb: str, province: str) -> str:
    p = st.map.province_index[province]
    if not st.spaces[p][seat]:
        return f"you have no member on the {province} space"
    if verb == "dragon" and st.dragons <= 0:
        return "the dragon stack is empty"
    return f"the {province} display slot is empty"


def _why_move(st: MingData, seat: int, verb: str, words: list[str]) -> str:
    card = words[-1]
    if card not in st.map.cards:
        return f"{card!r} is not a card of this map ({', '.join(st.map.cards)})"
    if card not in st.hands[seat]:
        return f"you hold no {card} card"
    if verb == "stay":
        return "stay is not possible now"
    m = st.map
    here, to = st.prince[seat], m.district_index[words[1]]
    transport = m.border(here, to)
    if transport is None:
        return f"{words[1]} does not border {m.districts[here]}"
    if card not in (transport, D.DRAGON):
        return f"the border to {words[1]} needs a {transport} card or a dragon card"
    return "after this step the move could not end outside a district with another prince"


def _why_deploy(st: MingData, seat: int, action: str) -> str:
    d = st.prince[seat]
    m = st.map
    if st.cloister[d] == seat:
        return f"you hold the cloister of {m.districts[d]}: no further deployment there"
    have = st.spaces[m.province_of[d]][seat]
    return (
        f"you can deploy at most {min(D.MAX_DEPLOY, have)} members "
        f"(you have {have} on the {m.provinces[m.province_of[d]]} space)"
    )
