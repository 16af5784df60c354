"""Chang Cheng: the legal actions described for the page (``core.choices``).

Target ids, as ``web/board-changcheng.js`` puts them on its elements (``data-target``):

=============================  ===================================  ==========================
``space:<S>``                  wall space S (``space:1A.04``)       ``two-singles``, ``double``,
                                                                    ``tower``, ``single``,
                                                                    ``reserve``, ``neutral``,
                                                                    ``destroy``, ``swap``,
                                                                    ``with``
``province:<P>``               province P (``province:1A-P2``)      ``two-cards``,
                                                                    ``card-single``, ``card``
``region:<R>``                 Mongol region R (``region:1A-M3``)   ``scout``, ``remove``
``extend:<side>:<end>``        the chip adding a side at an end     ``extend``
``pending:<colour>:<card>``    a revealed card waiting to resolve   ``cancel``
=============================  ===================================  ==========================

Several verbs may target one space or province: such choices carry ``mode`` (the verb; the
board's mode chips pick one) and, on provinces, ``card`` (the card laid; the hand picks
one). ``extend`` choices carry ``side`` and ``end``. ``no-scout``, ``no-neutral``,
``no-swap``, ``flood a|b`` and ``builder a|b`` have no target: the page offers them in a
picker, so each also carries ``detail`` (what it gives and costs, in a sentence:
``changcheng.choice.<name>.detail``) and ``icon`` (a name that ``web/icons.js`` registers).
``kind`` is the verb.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.choices import Choice, Labeller, choice, target_id
from ...core.state import State
from .data import BUILDER_A_DELTA, BUILDER_B_WALLS, FLOOD_A_DELTA
from .state import CCData

ICONS = {"no-scout": "changcheng-no-scout", "no-neutral": "changcheng-no-neutral",
         "no-swap": "changcheng-no-swap", "flood_a": "changcheng-flood-up",
         "flood_b": "changcheng-flood-down", "builder_a": "changcheng-builder",
         "builder_b": "changcheng-single"}  # fmt: skip
"""The icon of each untargeted choice (names registered in ``web/icons.js``)."""

SPACE_VERBS = ("two-singles", "double", "tower", "single", "reserve", "neutral", "destroy",
               "swap", "with")  # fmt: skip
"""Verbs whose target is a wall space."""
PROVINCE_VERBS = ("two-cards", "card-single", "card")
"""Verbs that lay a card in a province: ``<verb> <card> <province>``."""


def _key(verb: str) -> str:
    """The label's name for a verb: ``two-singles`` -> ``two_singles``."""
    return verb.replace("-", "_")


def _on_space(action: str, verb: str, space: str, say: Labeller) -> Choice:
    target = target_id("space", space)
    return choice(action, target, verb, say(_key(verb), space=space), mode=verb)


def _on_province(action: str, verb: str, args: list[str], say: Labeller) -> Choice:
    card, province = args
    label = say(_key(verb), card=card, province=province)
    return choice(action, target_id("province", province), verb, label, mode=verb, card=card)


def _cancel(action: str, pending: str, view: dict[str, Any], say: Labeller) -> Choice:
    colour, _, card = pending.partition(":")
    target = target_id("pending", colour, card)
    seat = next((p["seat"] for p in view["players"] if p["colour"] == colour), None)
    if seat is None:
        return choice(action, target, "cancel", say("cancel_owner", owner=colour, card=card))
    return choice(action, target, "cancel", say("cancel", seat=seat, card=card))


def _standing(view: dict[str, Any], province: str, colour: str) -> tuple[int, int]:
    """The value ``province`` has now in its scoring, and ``colour``'s strength there."""
    spaces = next(p for p in view["provinces"] if p["province"] == province)
    here = [s for s in view["spaces"] if s["space"] in spaces["spaces"] and s.get("owner")]
    standing = [s for s in here if not s.get("destroyed")]
    scoring = view["scoring"] or {"value_delta": 0, "virtual_walls": []}
    seat = next((p["seat"] for p in view["players"] if p["colour"] == colour), None)
    virtual = scoring["virtual_walls"]
    extra = virtual[seat] if seat is not None and seat < len(virtual) else 0
    value = max(len(standing) + spaces["reputation"] + scoring["value_delta"], 0)
    return value, sum(1 for s in standing if s["owner"] == colour) + extra


def _option(
    action: str, verb: str, option: str, view: dict[str, Any], say: Labeller, flood_b: int
) -> Choice:
    """``flood a|b``, ``builder a|b``: the card resolving in the prompt's province; the
    detail says what the province is worth (or the mover's strength) after each option."""
    province, name = view["prompt"]["province"], f"{verb}_{option}"
    me = view["players"][view["viewer"]]["colour"]
    now, strength = _standing(view, province, me)
    delta = {"flood_a": FLOOD_A_DELTA, "flood_b": flood_b, "builder_a": BUILDER_A_DELTA}
    after = max(now + delta.get(name, 0), 0)
    detail = say(f"{name}.detail", province=province, now=now, value=after,
                 strength=strength + BUILDER_B_WALLS)  # fmt: skip
    label = say(name, province=province)
    return choice(action, None, verb, label, detail=detail, icon=ICONS[name])


def _decline(action: str, verb: str, view: dict[str, Any], say: Labeller) -> Choice:
    """``no-scout``, ``no-neutral``, ``no-swap``: leaving an offer unused."""
    detail = say(f"{_key(verb)}.detail", n=view["neutral_pool"])
    return choice(action, None, verb, say(_key(verb)), detail=detail, icon=ICONS[verb])


def describe(action: str, view: dict[str, Any], say: Labeller, flood_b: int = -2) -> Choice:
    """One legal action of the seat whose ``view`` this is, described for the page
    (``flood_b``: the boards' value change of Flood option b, public data)."""
    verb, *args = action.split(" ")
    if verb in SPACE_VERBS:
        return _on_space(action, verb, args[0], say)
    if verb in PROVINCE_VERBS:
        return _on_province(action, verb, args, say)
    if verb in ("scout", "remove"):
        return choice(action, target_id("region", args[0]), verb, say(verb, region=args[0]))
    if verb == "extend":
        side, end = args
        label = say("extend", side=side, end=end)
        return choice(action, target_id("extend", side, end), verb, label, side=side, end=end)
    if verb == "cancel":
        return _cancel(action, args[0], view, say)
    if verb in ("flood", "builder"):
        return _option(action, verb, args[0], view, say, flood_b)
    return _decline(action, verb, view, say)


def choices(state: State, seat: int, lang: str, names: Sequence[str] | None) -> list[Choice]:
    """The legal actions of ``seat`` (the seat to move) with targets and labels."""
    view, say = state.view(seat), Labeller("changcheng", lang, names)
    flood_b = state.bd.flood_b_delta if isinstance(state, CCData) else -2
    return [describe(action, view, say, flood_b) for action in state.legal_actions()]
