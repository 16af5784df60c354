"""Chang Cheng: sample what a seat has not seen (for search bots, §8.2).

Hidden from a seat: which cards the other seats hold in hand and which lie face down
(each seat's hand plus face-down cards is exactly its six cards minus the revealed
ones, so they are re-dealt among those places), every threat token it has not seen
(on the wall, in the supply, or removed unrevealed by a Traitor: re-dealt among those
places) and the future draws (the RNG is reseeded). Pools are sorted before they are
shuffled, so the copy depends only on the seat's view and the seed. The reputation supply holds
exactly the values not yet face up, and draws from it are random, so it stays. Log
entries private to other seats are dropped: they would contradict the re-deal.
"""

from __future__ import annotations

from typing import TypeVar

from ...core.rng import Rng
from .state import CCData
from .view import HIDDEN, token_seen

S = TypeVar("S", bound=CCData)


def _redeal_cards(s: CCData, seat: int, rng: Rng) -> None:
    """Re-deal ``seat``'s unseen cards between its hand and its face-down cards."""
    slots = [(p, i) for p, cards in s.cards.items() for i, c in enumerate(cards) if c[0] == seat]
    pool = sorted(list(s.hands[seat]) + [s.cards[p][i][1] for p, i in slots])
    rng.shuffle(pool)
    for p, i in slots:
        cards = s.cards[p]
        s.cards[p] = cards[:i] + ((seat, pool.pop()),) + cards[i + 1 :]
    s.hands[seat] = tuple(pool)


def _redeal_threats(s: CCData, player: int, rng: Rng) -> None:
    unseen = {
        r: v for r, v in s.threat.items() if v is not None and token_seen(s, r, player) == HIDDEN
    }
    gone = [(r, v) for r, v in s.threat_gone if player not in s.known.get(r, ())]
    pool = sorted([*unseen.values(), *s.threat_supply, *(v for _, v in gone)])
    rng.shuffle(pool)
    for r in unseen:
        s.threat[r] = pool.pop()
    kept = [(r, v) for r, v in s.threat_gone if player in s.known.get(r, ())]
    s.threat_gone = tuple(kept) + tuple((r, pool.pop()) for r, _ in gone)
    s.threat_supply = tuple(sorted(pool))


def determinize(st: S, player: int, seed: int) -> S:
    """A full state that gives ``player`` the same view as ``st``, hidden parts re-drawn."""
    s = st._copy()
    s._legal = None
    s.log = [e for e in s.log if e.get("to", player) == player]
    rng = Rng(seed)
    s.rng = Rng(rng.next64())
    for seat in range(s.players):
        if seat != player:
            _redeal_cards(s, seat, rng)
    _redeal_threats(s, player, rng)
    return s
