"""In the Year of the Dragon: sample what a seat has not seen (for search bots).

Hidden from a seat: the other hands, which card (type or joker) each other seat
played, an unrevealed Great Event, and the future shuffles. Each other seat's played
cards are re-drawn so that every recruit is explained by its type card or a joker
and every empty play by a used-up type (or a joker when all were used up).
"""

from __future__ import annotations

from typing import TypeVar

from ...core.rng import Rng
from . import data as D
from .persons import candidates
from .state import DragonData, Player

S = TypeVar("S", bound=DragonData)


def _assign(st: DragonData, p: Player, rng: Rng) -> list[str] | None:
    """Random cards for ``p``'s plays consistent with the public record, or None."""
    plays = [(got, dead) for card, got, dead in p.played if card != "init"]
    pool = list(D.HAND)
    for card in p.discarded:
        pool.remove(card)
    order = list(range(len(plays)))
    rng.shuffle(order)
    chosen: list[str] = [""] * len(plays)

    def allowed(i: int) -> list[str]:
        got, dead = plays[i]
        if got == "?":  # played this very decision: any card that yields a tile now
            return [c for c in D.CARDS if candidates(st, c)]
        if got:
            return [got, D.JOKER]
        return list(dead) + ([D.JOKER] if len(dead) == len(D.TYPE_ORDER) else [])

    def solve(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        options = [c for c in dict.fromkeys(allowed(i)) if c in pool]
        rng.shuffle(options)
        for card in options:
            pool.remove(card)
            chosen[i] = card
            if solve(k + 1):
                return True
            pool.append(card)
        return False

    if not solve(0):
        return None
    return chosen + pool  # plays first, then the remaining hand


def determinize(st: S, player: int, seed: int) -> S:
    """A full state that gives ``player`` the same view as ``st``, hidden parts re-drawn."""
    s = st._copy()
    rng = Rng(seed)
    s.rng = Rng(rng.next64())
    if not s.great_event_revealed and s.great_event is not None:
        s.great_event = rng.choice(D.GREAT_EVENTS)
    if s.options["open_hands"]:
        return s
    for p in s.seats:
        if p.seat == player:
            continue
        cards = _assign(s, p, rng)
        if cards is None:  # cannot happen for a state reached by legal play
            continue
        plays = [i for i, entry in enumerate(p.played) if entry[0] != "init"]
        for i, card in zip(plays, cards, strict=False):
            _, got, dead = p.played[i]
            p.played[i] = (card, got, dead)
        p.hand = sorted(cards[len(plays) :], key=D.CARDS.index)
        top = s.tasks[-1] if s.tasks else None
        if top is not None and top[0] == "take" and top[1] == p.seat:
            # The pending tile choice follows the re-drawn card, not the true one.
            s.tasks[-1] = ("take", p.seat, p.played[-1][0])
    s._legal = None  # the copied legal actions may show the true hidden cards
    return s
