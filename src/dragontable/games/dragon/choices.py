"""In the Year of the Dragon: the legal actions described for the page (``core.choices``).

Target ids, as ``web/board-dragon.js`` puts them on its elements (``data-target``); the
hand, palaces and residents are those of the seat to move:

=========================  ==========================================  ====================
``group:<n>:<card>``       action card ``<card>`` in action group n    ``tax@2``
``supply:<tile>``          the person tiles ``<tile>`` left            ``take Fo``, ``sunrise F``
``hand:<card>``            a person card in the hand                   ``card F``, ``discard J``
``palace:<n>``             palace n (1-based); ``palace:new``          ``floor``, ``place``, ``quake``
``resident:<n>:<tile>``    a ``<tile>`` living in palace n             ``replace``, ``release``
=========================  ==========================================  ====================

``pick``, ``refill``, ``privilege``, ``wall``, ``decline``, ``flood`` and ``edict`` have no
target. ``kind`` is the verb, ``action`` for an action card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core.choices import Choice, Labeller, choice, target_id
from ...core.state import State
from . import data as D

_Describe = Callable[[str, str, dict[str, Any], Labeller], Choice]
"""``describe(action, argument, view, say)``: one verb's choice."""


def _palace(word: str) -> int:
    """``p2`` -> 2."""
    return int(word[1:])


def _pick(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    first, second = (t + D.YOUNG for t in arg.split("+"))
    return choice(action, None, "pick", say("pick", first=first, second=second))


def _action_card(action: str, view: dict[str, Any], say: Labeller) -> Choice:
    card, _, group = action.partition("@")
    target = target_id("group", group, card)
    if view["groups"][int(group) - 1]["dragons"]:
        label = say("action_fee", card=card, group=int(group), fee=D.OCCUPIED_FEE)
    else:
        label = say("action", card=card, group=int(group))
    return choice(action, target, "action", label)


def _floor(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    if arg == "new":
        return choice(action, target_id("palace", "new"), "floor", say("floor_new"))
    n = _palace(arg)
    return choice(action, target_id("palace", n), "floor", say("floor", palace=n))


def _privilege(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    large = D.LARGE_PRIVILEGE_COST[view["options"]["edition"]]
    cost = D.SMALL_PRIVILEGE_COST if arg == "small" else large
    return choice(action, None, "privilege", say("privilege", size=arg, yuan=cost))


def _place(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    n, tile = _palace(arg), view["prompt"]["tile"]
    return choice(action, target_id("palace", n), "place", say("place", tile=tile, palace=n))


def _resident(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    verb = action.split(" ")[0]
    palace, _, tile = arg.partition(":")
    n, target = _palace(palace), target_id("resident", _palace(palace), tile)
    if verb == "replace":
        label = say("replace", resident=tile, palace=n, tile=view["prompt"]["tile"])
    else:
        label = say("release", tile=tile, palace=n)
    return choice(action, target, verb, label)


def _quake(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    n = _palace(arg)
    return choice(action, target_id("palace", n), "quake", say("quake", palace=n))


def _hand(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    verb = action.split(" ")[0]
    return choice(action, target_id("hand", arg), verb, say(verb, card=arg))


def _take(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    return choice(action, target_id("supply", arg), "take", say("take", tile=arg))


def _sunrise(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    tile = arg + D.YOUNG
    return choice(action, target_id("supply", tile), "sunrise", say("take", tile=tile))


def _untargeted(param: str) -> _Describe:
    """A verb with no board target whose argument is the label's parameter ``param``."""

    def describe(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
        verb = action.split(" ")[0]
        return choice(action, None, verb, say(verb, **{param: arg}))

    return describe


_VERBS: dict[str, _Describe] = {
    "pick": _pick,
    "floor": _floor,
    "privilege": _privilege,
    "wall": _untargeted("tile"),
    "card": _hand,
    "discard": _hand,
    "take": _take,
    "place": _place,
    "replace": _resident,
    "release": _resident,
    "quake": _quake,
    "flood": _untargeted("good"),
    "sunrise": _sunrise,
    "edict": _untargeted("type"),
}


def describe(action: str, view: dict[str, Any], say: Labeller) -> Choice:
    """One legal action of the seat whose ``view`` this is, described for the page."""
    verb, _, arg = action.partition(" ")
    if verb == "refill":
        return choice(action, None, "refill", say("refill"))
    if verb == "decline":
        return choice(action, None, "decline", say("decline", tile=view["prompt"]["tile"]))
    if "@" in verb:
        return _action_card(action, view, say)
    return _VERBS[verb](action, arg, view, say)


def choices(state: State, seat: int, lang: str, names: Sequence[str] | None) -> list[Choice]:
    """The legal actions of ``seat`` (the seat to move) with targets and labels."""
    view, say = state.view(seat), Labeller("dragon", lang, names)
    return [describe(action, view, say) for action in state.legal_actions()]
