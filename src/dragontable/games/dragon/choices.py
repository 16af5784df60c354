"""In the Year of the Dragon: the legal actions described for the page (``core.choices``).

Target ids, as ``web/board-dragon.js`` puts them on its elements (``data-target``); the
hand, palaces, residents and wall tiles are those of the seat to move:

=========================  ==========================================  ====================
``group:<n>:<card>``       action card ``<card>`` in action group n    ``tax@2``
``supply:<tile>``          the person tiles ``<tile>`` left            ``take Fo``, ``sunrise F``
``hand:<card>``            a person card in the hand                   ``card F``, ``discard J``
``palace:<n>``             palace n (1-based); ``palace:new``          ``floor``, ``place``, ``quake``
``resident:<n>:<tile>``    a ``<tile>`` living in palace n             ``replace``, ``release``
``privilege:<size>``       the small or large privilege on display     ``privilege small``
``walltile:<tile>``        an unbuilt wall tile of the seat to move    ``wall vp``
=========================  ==========================================  ====================

``pick``, ``refill``, ``decline``, ``flood`` and ``edict`` have no target: the page shows
them as a picker. A ``pick`` also names the two supply tiles it takes (``tiles``): tapping
one and then the other plays it. ``kind`` is the verb, ``action`` for an action card.

Every choice carries ``detail``: what it gives and what it costs, in a sentence or two of
the reader's language (``dragon.choice.detail.*``, ``dragon.choice.gives.*``), worked out
from the seat's own view (its persons' symbols, its yuan). Where an icon fits, ``icon``
names one that ``web/icons.js`` registers (``ICONS`` below; a test holds them registered).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core.choices import Choice, Labeller, choice, target_id
from ...core.state import State
from . import data as D

_Describe = Callable[[str, str, dict[str, Any], "_Say"], Choice]
"""``describe(action, argument, view, say)``: one verb's choice."""

TYPE_ICONS = {
    "C": "dragon-hammer",
    "L": "dragon-fan",
    "P": "dragon-rocket",
    "T": "coin",
    "W": "dragon-helmet",
    "M": "dragon-buddha",
    "H": "dragon-mortar",
    "F": "dragon-ricebag",
    "S": "dragon-book",
}
"""Each person type's symbol, as ``web/icons.js`` names it."""
GAIN_ICONS = {
    "yuan": "coin",
    "rice": "dragon-rice",
    "fireworks": "dragon-fireworks",
    "floors": "dragon-floor",
    "pt": "dragon-track",
    "vp": "points",
    "nothing": "dragon-decline",
}
"""What a choice gives, as an icon."""
ICONS = {
    *TYPE_ICONS.values(),
    *GAIN_ICONS.values(),
    "person",
    "dragon-privilege",
    "dragon-wall",
    "dragon-card",
}
"""Every icon name a choice may carry (each registered in ``web/icons.js``)."""

# What each action card and each Edict type gives: (gain, the person type whose symbols add).
CARD_GAIN = {
    "tax": ("yuan", "T"),
    "build": ("floors", "C"),
    "harvest": ("rice", "F"),
    "fireworks": ("fireworks", "P"),
    "parade": ("pt", "W"),
    "research": ("vp", "S"),
}
EDICT_GAIN = {
    "C": "floors",
    "L": "vp",
    "P": "fireworks",
    "T": "yuan",
    "W": "pt",
    "M": "vp",
    "H": "nothing",
    "F": "rice",
    "S": "vp",
}
WALL_GAIN = {"rice": "rice", "fireworks": "fireworks", "floor": "floors", "yuan": "yuan",
             "pt": "pt", "vp": "vp"}  # fmt: skip


class _Say:
    """Labels and details in one language: ``say(name, ...)`` and ``say.sentences(...)``."""

    def __init__(self, lang: str, names: Sequence[str] | None) -> None:
        self.label = Labeller("dragon", lang, names)
        self.space = "" if lang == "zh" else " "

    def __call__(self, name: str, **params: Any) -> str:
        return self.label(name, **params)

    def sentences(self, *parts: tuple[str, dict[str, Any]]) -> str:
        """Several ``dragon.choice.<name>`` sentences, one after another."""
        return self.space.join(self.label(name, **params) for name, params in parts)


def _palace(word: str) -> int:
    """``p2`` -> 2."""
    return int(word[1:])


def _me(view: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = view["players"][view["viewer"]]
    return player


def _symbols(view: dict[str, Any], type_code: str) -> int:
    """Symbols on the seat's own persons of one type."""
    return sum(
        D.SYMBOLS[t] for pal in _me(view)["palaces"] for t in pal["residents"] if t[0] == type_code
    )


def _monk_points(view: dict[str, Any]) -> int:
    return sum(
        D.SYMBOLS[t] * pal["floors"]
        for pal in _me(view)["palaces"]
        for t in pal["residents"]
        if t[0] == "M"
    )


def _gain(gain: str, n: int) -> tuple[str, dict[str, Any]]:
    return (f"detail.gain.{gain}", {"n": n})


def _gives(tile: str) -> tuple[str, dict[str, Any]]:
    """What a person tile's symbols do, as a sentence."""
    return (f"gives.{tile[0]}", {"n": D.SYMBOLS[tile]})


def _person(tile: str) -> list[tuple[str, dict[str, Any]]]:
    """A person tile taken: its person-track value and what its symbols do."""
    return [("detail.track", {"pt": D.VALUE[tile]}), _gives(tile)]


def _pick(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    first, second = (t + D.YOUNG for t in arg.split("+"))
    pt = D.VALUE[first] + D.VALUE[second]
    detail = say.sentences(("detail.pick", {"pt": pt}), _gives(first), _gives(second))
    label = say("pick", first=first, second=second)
    # Played by a picker, or by tapping the two person tiles in the supply (``tiles``).
    tiles = [target_id("supply", first), target_id("supply", second)]
    return choice(action, None, "pick", label, detail=detail, icon="person", tiles=tiles)


def _action_card(action: str, view: dict[str, Any], say: _Say) -> Choice:
    card, _, group = action.partition("@")
    target = target_id("group", group, card)
    parts: list[tuple[str, dict[str, Any]]] = []
    if card in CARD_GAIN:
        gain, type_code = CARD_GAIN[card]
        parts.append(_gain(gain, D.ACTION_BASE[card] + _symbols(view, type_code)))
    elif card == "privilege":
        large = D.LARGE_PRIVILEGE_COST[view["options"]["edition"]]
        parts.append(("detail.privilege_card", {"small": D.SMALL_PRIVILEGE_COST, "large": large}))
    else:
        parts.append(("detail.wall_card", {}))
    if view["groups"][int(group) - 1]["dragons"]:
        label = say("action_fee", card=card, group=int(group), fee=D.OCCUPIED_FEE)
        parts.append(("detail.fee", {"fee": D.OCCUPIED_FEE}))
    else:
        label = say("action", card=card, group=int(group))
    return choice(action, target, "action", label, detail=say.sentences(*parts))


def _floor(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    if arg == "new":
        return choice(action, target_id("palace", "new"), "floor", say("floor_new"))
    n = _palace(arg)
    return choice(action, target_id("palace", n), "floor", say("floor", palace=n))


def _privilege(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    large = D.LARGE_PRIVILEGE_COST[view["options"]["edition"]]
    cost = D.SMALL_PRIVILEGE_COST if arg == "small" else large
    symbols = 1 if arg == "small" else 2
    detail = say.sentences(("detail.privilege", {"n": symbols, "yuan": cost}))
    label = say("privilege", size=arg, yuan=cost)
    target = target_id("privilege", arg)
    return choice(action, target, "privilege", label, detail=detail, icon="dragon-privilege")


def _wall(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    gain = WALL_GAIN[arg]
    detail = say.sentences(_gain(gain, D.WALL_BONUS[arg]), ("detail.wall", {}))
    label = say("wall", tile=arg)
    target = target_id("walltile", arg)
    return choice(action, target, "wall", label, detail=detail, icon=GAIN_ICONS[gain])


def _place(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    n, tile = _palace(arg), view["prompt"]["tile"]
    return choice(action, target_id("palace", n), "place", say("place", tile=tile, palace=n))


def _resident(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    verb = action.split(" ")[0]
    palace, _, tile = arg.partition(":")
    n, target = _palace(palace), target_id("resident", _palace(palace), tile)
    if verb == "replace":
        label = say("replace", resident=tile, palace=n, tile=view["prompt"]["tile"])
    else:
        label = say("release", tile=tile, palace=n)
    return choice(action, target, verb, label)


def _quake(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    n = _palace(arg)
    return choice(action, target_id("palace", n), "quake", say("quake", palace=n))


def _hand(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    verb = action.split(" ")[0]
    return choice(action, target_id("hand", arg), verb, say(verb, card=arg))


def _take(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    detail = say.sentences(*_person(arg))
    return choice(action, target_id("supply", arg), "take", say("take", tile=arg), detail=detail)


def _sunrise(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    tile = arg + D.YOUNG
    detail = say.sentences(*_person(tile))
    label = say("take", tile=tile)
    return choice(action, target_id("supply", tile), "sunrise", label, detail=detail)


def _flood(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    left = view["prompt"]["n"] - 1
    detail = say.sentences(("detail.flood", {"have": _me(view)[arg], "left": left}))
    icon = GAIN_ICONS[arg]
    return choice(action, None, "flood", say("flood", good=arg), detail=detail, icon=icon)


def _edict(action: str, arg: str, view: dict[str, Any], say: _Say) -> Choice:
    gain = EDICT_GAIN[arg]
    n = _monk_points(view) if arg == "M" else _symbols(view, arg)
    detail = say.sentences(_gain(gain, n))
    label = say("edict", type=arg)
    return choice(action, None, "edict", label, detail=detail, icon=TYPE_ICONS[arg])


def _refill(action: str, view: dict[str, Any], say: _Say) -> Choice:
    yuan = _me(view)["yuan"]
    gain = max(0, D.REFILL_TO - yuan)
    if gain:
        detail = say.sentences(("detail.refill", {"yuan": yuan, "gain": gain}))
    else:
        detail = say.sentences(("detail.pass", {"yuan": yuan}))
    return choice(action, None, "refill", say("refill"), detail=detail, icon="coin")


def _decline(action: str, view: dict[str, Any], say: _Say) -> Choice:
    label = say("decline", tile=view["prompt"]["tile"])
    detail = say.sentences(("detail.decline", {}))
    return choice(action, None, "decline", label, detail=detail, icon="dragon-decline")


_VERBS: dict[str, _Describe] = {
    "pick": _pick,
    "floor": _floor,
    "privilege": _privilege,
    "wall": _wall,
    "card": _hand,
    "discard": _hand,
    "take": _take,
    "place": _place,
    "replace": _resident,
    "release": _resident,
    "quake": _quake,
    "flood": _flood,
    "sunrise": _sunrise,
    "edict": _edict,
}


def describe(action: str, view: dict[str, Any], say: _Say) -> Choice:
    """One legal action of the seat whose ``view`` this is, described for the page."""
    verb, _, arg = action.partition(" ")
    if verb == "refill":
        return _refill(action, view, say)
    if verb == "decline":
        return _decline(action, view, say)
    if "@" in verb:
        return _action_card(action, view, say)
    return _VERBS[verb](action, arg, view, say)


def choices(state: State, seat: int, lang: str, names: Sequence[str] | None) -> list[Choice]:
    """The legal actions of ``seat`` (the seat to move) with targets, labels and details."""
    view, say = state.view(seat), _Say(lang, names)
    return [describe(action, view, say) for action in state.legal_actions()]
