"""Ming Dynasty: the legal actions described for the page (``core.choices``).

Target ids, as ``web/board-ming.js`` puts them on its elements (``data-target``):

=====================  ===========================================  ==========================
``district:<D>``       district D                                   ``prince``, ``neutral``,
                                                                    ``back``, ``move``, ``stop``
``province:<P>``       the space of province P                      ``space``
``display:<P>``        the display card beside P's space            ``take``
``dragon:<P>``         the dragon card beside P's space             ``dragon``
``hand:<card>``        a card in the hand of the seat to move       ``stay``
``player:<seat>``      a seat's panel (0-based, as in the view)     ``start``
=====================  ===========================================  ==========================

``stop`` targets the district where the mover's prince stands. Every step into D
(``move D CARD``) targets D and carries the paying ``card``; a district's first step is the
one a click on it plays (a dragon card pays last). ``pass``, ``deploy`` and ``return`` have
no target: the page offers them in a picker, so each also carries ``detail`` (what it gives
and costs, in a sentence: ``ming.choice.<name>.detail``) and ``icon`` (a name that
``web/icons.js`` registers). ``kind`` is the verb.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.choices import Choice, Labeller, choice, target_id
from ...core.state import State
from .data import CITY_POINTS, DRAGON

ICONS = {"pass": "ming-pass", "deploy": "ming-deploy", "cloister": "ming-cloister",
         "return": "ming-return"}  # fmt: skip
"""The icon of each untargeted choice (names registered in ``web/icons.js``)."""


def _display(view: dict[str, Any], province: str) -> str:
    return str(next(p["display"] for p in view["provinces"] if p["id"] == province))


def _deploy(action: str, arg: str, view: dict[str, Any], say: Labeller, seat: int) -> Choice:
    district = view["prompt"]["district"]
    province = next(d["province"] for d in view["districts"] if d["id"] == district)
    waiting = next(p["space"][seat] for p in view["provinces"] if p["id"] == province)
    n, cloister = int(arg[0]), arg.endswith("+c")
    name = "deploy_cloister" if cloister else "deploy" if n else "deploy_none"
    label = say(name, n=n, district=district)
    left = waiting - n - cloister
    detail = say(f"{name}.detail", n=n, district=district, province=province, left=left)
    icon = ICONS["cloister" if cloister else "deploy"]
    return choice(action, None, "deploy", label, detail=detail, icon=icon)


def _return(action: str, arg: str, view: dict[str, Any], say: Labeller, seat: int) -> Choice:
    """``return N``: N of the seat's members in the scored city go back to their districts;
    the others score now (``CITY_POINTS`` of the round) and leave the game."""
    province, n = view["prompt"]["province"], int(arg)
    in_city = sum(d["city"].count(seat) for d in view["districts"] if d["province"] == province)
    stay = max(in_city - n, 0)
    points = stay * CITY_POINTS.get(view["round"], 0)
    name = "return_none" if not n else "return_all" if not stay else "return"
    label = say("return_none" if not n else "return", n=n, province=province)
    detail = say(f"{name}.detail", n=n, stay=stay, points=points)
    return choice(action, None, "return", label, detail=detail, icon=ICONS["return"])


def _back(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    neutral = view["prompt"]["key"] == "ming.prompt.back_neutral"
    label = say("back_neutral" if neutral else "back", district=arg)
    return choice(action, target_id("district", arg), "back", label)


def _province(action: str, arg: str, view: dict[str, Any], say: Labeller) -> Choice:
    verb = action.split(" ")[0]
    if verb == "space":
        return choice(action, target_id("province", arg), "space", say("space", province=arg))
    if verb == "take":
        label = say("take", card=_display(view, arg), province=arg)
        return choice(action, target_id("display", arg), "take", label)
    return choice(action, target_id("dragon", arg), "dragon", say("dragon", province=arg))


def _prince(action: str, arg: str, view: dict[str, Any], say: Labeller, seat: int) -> Choice:
    verb, here = action.split(" ")[0], view["players"][seat]["prince"]
    if verb == "move":
        district, card = arg.split(" ")
        label = say("move", district=district, card=card)
        return choice(action, target_id("district", district), "move", label, card=card)
    if verb == "stay":
        label = say("stay", card=arg, district=here)
        return choice(action, target_id("hand", arg), "stay", label, card=arg)
    return choice(action, target_id("district", here), "stop", say("stop", district=here))


def describe(action: str, view: dict[str, Any], say: Labeller, seat: int) -> Choice:
    """One legal action of ``seat`` (whose ``view`` this is), described for the page."""
    verb, _, arg = action.partition(" ")
    if verb in ("prince", "neutral"):
        return choice(action, target_id("district", arg), verb, say(verb, district=arg))
    if verb in ("space", "take", "dragon"):
        return _province(action, arg, view, say)
    if verb in ("move", "stay", "stop"):
        return _prince(action, arg, view, say, seat)
    if verb == "deploy":
        return _deploy(action, arg, view, say, seat)
    if verb == "back":
        return _back(action, arg, view, say)
    if verb == "return":
        return _return(action, arg, view, say, seat)
    if verb == "start":
        other = int(arg) - 1
        return choice(action, target_id("player", other), "start", say("start", seat=other))
    return choice(action, None, verb, say(verb), detail=say(f"{verb}.detail"), icon=ICONS.get(verb))


def choices(state: State, seat: int, lang: str, names: Sequence[str] | None) -> list[Choice]:
    """The legal actions of ``seat`` (the seat to move) with targets and labels; each
    district's steps with a dragon card come after its other steps."""
    view, say = state.view(seat), Labeller("ming", lang, names)
    out = [describe(action, view, say, seat) for action in state.legal_actions()]
    return sorted(out, key=lambda c: c.get("card") == DRAGON and c["kind"] == "move")
