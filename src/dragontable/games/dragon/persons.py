"""In the Year of the Dragon's person phase (reference §4.3): in turn order each seat with
cards plays one (a secret: type card or joker) and takes a tile it allows; placing the
new person is in ``rules.py`` (``receive_tile``), as for every way a person arrives."""

from __future__ import annotations

from functools import lru_cache

from . import data as D
from .rules import Legal, receive_tile, turn_order
from .state import DragonData, Task

CARD = {c: f"card {c}" for c in D.CARDS}
TAKE = {t: f"take {t}" for t in D.TILES}
TAKES = {card: tuple((t, TAKE[t]) for t in tiles) for card, tiles in D.TILES_FOR_CARD.items()}
"""``TAKES[card]``: ``(tile, its take notation)`` for every tile the card can take."""


def auto_persons(st: DragonData, task: Task) -> None:
    seats = st.seats
    if st.round >= D.ROUNDS:
        return
    for p in seats:  # a loop, not any(): no generator made every round
        if p.hand:
            break
    else:
        return
    st.order = order = turn_order(st)
    st.tasks.extend([("card", s) for s in reversed(order) if seats[s].hand])  # first on top


def has_candidates(st: DragonData, card: str) -> bool:
    """Whether the supply has any tile that ``card`` can take (``bool(candidates(…))``)."""
    supply = st.supply
    for t in D.TILES_FOR_CARD[card]:  # noqa: SIM110  (no generator made at every card played)
        if supply[t] > 0:
            return True
    return False


def candidates(st: DragonData, card: str) -> list[str]:
    """The tiles in the supply that ``card`` can take."""
    supply = st.supply
    return [t for t in D.TILES_FOR_CARD[card] if supply[t] > 0]


def opt_card(st: DragonData, task: Task) -> Legal:
    return card_options(tuple(st.seats[task[1]].hand))


@lru_cache(maxsize=1 << 12)
def card_options(hand: tuple[str, ...]) -> Legal:
    """``card X`` for each card in ``hand``, in card order: listed once per hand, the same
    dict for every listing (legal action maps are never changed once listed)."""
    return {CARD[c]: c for c in D.CARDS if c in hand}


def apply_card(st: DragonData, task: Task, card: str) -> None:
    seat = task[1]
    p = st.seats[seat]
    p.hand.remove(card)
    if not st.quiet:
        st.log.append({"key": "dragon.card.played", "seat": seat, "card": card, "to": seat})
    if not has_candidates(st, card):
        dead = "".join(t for t in D.TYPE_ORDER if not has_candidates(st, t))
        p.played.append((card, "", dead))
        if not st.quiet:
            st.log.append({"key": "dragon.card.nothing", "seat": seat})
        return
    p.played.append((card, "?", ""))  # type filled in when the tile is taken
    st.tasks.append(("take", seat, card))


def opt_take(st: DragonData, task: Task) -> Legal:
    supply, out = st.supply, {}
    for t, key in TAKES[task[2]]:
        if supply[t] > 0:
            out[key] = t
    return out


def apply_take(st: DragonData, task: Task, tile: str) -> None:
    seat = task[1]
    p = st.seats[seat]
    card = p.played[-1][0]
    p.played[-1] = (card, tile[0], "")
    st.supply[tile] -= 1
    if not st.quiet:
        st.log.append({"key": "dragon.person.taken", "seat": seat, "tile": tile})
    receive_tile(st, seat, tile)
