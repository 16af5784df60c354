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
``no-swap``, ``flood a|b`` and ``builder a|b`` have no target. ``kind`` is the verb.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.choices import Choice, Labeller, choice, target_id
from ...core.state import State

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


def _option(action: str, verb: str, option: str, view: dict[str, Any], say: Labeller) -> Choice:
    """``flood a|b``, ``builder a|b``: the card resolving in the prompt's province."""
    label = say(f"{verb}_{option}", province=view["prompt"]["province"])
    return choice(action, None, verb, label)


def describe(action: str, view: dict[str, Any], say: Labeller) -> Choice:
    """One legal action of the seat whose ``view`` this is, described for the page."""
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
        return _option(action, verb, args[0], view, say)
    return choice(action, None, verb, say(_key(verb)))


def choices(state: State, seat: int, lang: str, names: Sequence[str] | None) -> list[Choice]:
    """The legal actions of ``seat`` (the seat to move) with targets and labels."""
    view, say = state.view(seat), Labeller("changcheng", lang, names)
    return [describe(action, view, say) for action in state.legal_actions()]
