"""Chang Cheng: how a seasoned player values a position.

Strategy in short: reputation comes from province majorities, and every tied leader
takes a province's whole value (its spaces plus its reputation token), so walls go
where a majority can still be won or shared, big provinces with rich tokens first,
and a province is completed when its leader is you. Face-down cards swing a majority
at the last moment (Master Builder +2, Builder +1, a Mandarin swap or a Traitor's
destroyed wall), so a lead is safe only once the province is full. Every wall also
stands in a Mongol region, where the majority loses the hidden threat at the end
unless its own tower stands there: spread walls, scout the tokens, put the tower
where you must hold the majority. The double wall pays 2-4 points at once, most
across province and region borders. With two players the neutral walls block the
rival's majorities. Whoever moves next places the next wall, so a one-wall lead beside a
free space is the mover's to break or share. Only the lead over the others counts, so
the estimate is the seat's expected final score minus the mean of its rivals'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from ...core.botsettings import BotSettings
from ...core.weights import load_weights
from . import data as D
from .final import event_points
from .state import CCData
from .view import REMOVED, token_seen

GAME = "changcheng"
RULE_EDGE = {D.BUILDER: float(D.BUILDER_B_WALLS), D.MASTER: float(D.MASTER_WALLS)}
"""The cards whose swing the rules fix, in walls: the Builder's and Master Builder's."""
MOVER_WALLS = 1.0
"""The head start in every unfinished province, in walls, of the seat that decides next:
it places a single wall there (two, in two provinces) before anyone answers (§4.3.1)."""


@dataclass(frozen=True)
class Weights:
    """What the heuristic's judgements are worth (tuned by play)."""

    sharpness: float  # how fast a majority lead turns into certainty
    edge_warrior: float  # a card's expected swing in its owner's favour, in walls
    edge_traitor: float
    edge_flood: float
    edge_mandarin: float
    card_held: float  # a card kept in hand: the option to swing a later province
    double_held: float  # the unplaced double wall: its bonus still to come
    tower_held: float  # the unplaced tower: protection still to place
    rival: float  # weight of the rivals' mean estimate against the seat's own


WEIGHTS = load_weights(GAME, Weights)
SEARCH_WEIGHTS = load_weights(GAME, Weights, "search")
"""The weights of the search's leaves (``evaluate_all``): greedy's tuned ones made the
search weaker (``weights/search.json`` says by how much)."""


@lru_cache(maxsize=64)
def card_edges(w: Weights) -> dict[str, float]:
    """Each card's expected swing in its owner's favour, in walls."""
    return {
        D.WARRIOR: w.edge_warrior,
        D.TRAITOR: w.edge_traitor,
        D.FLOOD: w.edge_flood,
        D.MANDARIN: w.edge_mandarin,
        **RULE_EDGE,
    }


def _lead_chance(margin: float, free: int, spread: float, sharpness: float) -> float:
    """Chance to end at least level with the best rival, ``margin`` walls ahead now."""
    if free == 0 and spread == 0.0:
        return 1.0 if margin >= 0 else 0.0
    if margin + free + spread < 0:
        return 0.0
    z = sharpness * (margin + 0.5) / math.sqrt(free + spread + 0.25)
    return 1.0 / (1.0 + math.exp(-z))


Segments = tuple[tuple[int, str, bool] | None, ...]
Extra = tuple[tuple[int, float], ...]


@lru_cache(maxsize=1 << 16)
def _area(
    players: int, segments: Segments, extra: Extra, spread: float, sharpness: float
) -> tuple[tuple[float, ...], frozenset[int]]:
    """Per seat, the chance to end among the leaders of an area, and its tower owners.

    ``segments`` are the area's spaces (``None`` when free), ``extra`` adds
    ``(owner, walls)`` from cards; NEUTRAL competes but is not a seat.
    """
    counts: dict[int, float] = dict.fromkeys(range(players), 0.0)
    towers = set()
    free = 0
    for x in segments:
        if x is None:
            free += 1
        elif not x[2]:
            counts[x[0]] = counts.get(x[0], 0.0) + 1.0
            if x[1] == D.TOWER:
                towers.add(x[0])
    for owner, walls in extra:
        counts[owner] += walls
    values = sorted(counts.values())
    top, second = values[-1], values[-2]
    if top <= 0 and not free and not spread:
        return (0.0,) * players, frozenset(towers)  # nobody left standing: nobody leads
    chances = []
    for s in range(players):
        mine = counts[s]
        margin = mine - (second if mine == top else top)
        chances.append(_lead_chance(margin, free, spread, sharpness))
    return tuple(chances), frozenset(towers)


def _hidden_edge(st: CCData, owner: int, edges: dict[str, float]) -> float:
    """Expected swing of one of ``owner``'s face-down cards, from the cards not yet seen."""
    pool = [c for c in D.CARDS if c not in st.gone[owner]]
    return sum(edges[c] for c in pool) / len(pool) if pool else 0.0


class _Board:
    """What every seat's estimate reads alike, worked out once per position: the
    provinces still to score with their spaces' segments, each owner's hidden-card
    edge, the Mongol regions' majority chances and what each seat has not placed."""

    def __init__(self, st: CCData, w: Weights) -> None:
        seg, bd, done = st.seg, st.bd, set(st.scored)
        self.st, self.w, self.edges = st, w, card_edges(w)
        self.provinces = [
            (p, tuple(map(seg.get, bd.province_spaces[p])))
            for p in st.geo.provinces
            if p not in done
        ]
        self.regions = [
            (r, _area(st.players, tuple(map(seg.get, bd.region_spaces[r])), (), 0.0, w.sharpness))
            for r in st.geo.regions
        ]
        self.supplies = [_supplies(st, s, w) for s in range(st.players)]
        self._hidden: dict[int, float] = {}

    def hidden_edge(self, owner: int) -> float:
        edge = self._hidden.get(owner)
        if edge is None:
            edge = self._hidden[owner] = _hidden_edge(self.st, owner, self.edges)
        return edge


def _mover(st: CCData) -> int | None:
    """The seat that decides next while it has a single wall left to place, else None.

    In every position greedy judges this is a rival: the one whose turn comes, or one
    whose card decides the scoring that greedy's wall set off. Against greedy-v1 this did
    better than giving the head start to the seat whose turn it is (``st.active``):
    65.5% against 62.1% of 800 2-player games each."""
    seat = st.current_player
    return seat if seat is not None and st.singles[seat] else None


def _provinces(st: CCData, seat: int, est: list[float], board: _Board, mover: int | None) -> None:
    """Add each seat's expected share of the provinces still to be scored; ``mover`` is
    ``MOVER_WALLS`` ahead wherever a space is free."""
    bd, res, edges, w = st.bd, st.res, board.edges, board.w
    for p, segments in board.provinces:
        value = float(len(bd.province_spaces[p]) + st.rep[p])
        spread = 0.0
        extra: list[tuple[int, float]] = []
        if res is not None and res[0] == p:  # being scored: its cards are face up
            value += res[2]
            extra.extend((o, float(n)) for o, n in enumerate(res[3]) if n)
            extra.extend((o, edges[c]) for o, c in res[1])
        else:
            for owner, card in st.cards.get(p, ()):
                if owner == seat:
                    extra.append((owner, edges[card]))
                else:
                    extra.append((owner, board.hidden_edge(owner)))
                    spread += 1.0
            if mover is not None and None in segments:
                extra.append((mover, MOVER_WALLS))
        chances, _ = _area(st.players, segments, tuple(extra), spread, w.sharpness)
        for s, chance in enumerate(chances):
            est[s] += chance * value


class SearchBoard:
    """The search heuristic's terms for one seat at a time, as that seat sees them: its
    expected share of the provinces still to score and of the Mongols' threat, under
    ``SEARCH_WEIGHTS`` and without a head start (the value function's features)."""

    __slots__ = ("board", "st")

    def __init__(self, st: CCData) -> None:
        self.st, self.board = st, _Board(st, SEARCH_WEIGHTS)

    def province_share(self, seat: int) -> float:
        est = [0.0] * self.st.players
        _provinces(self.st, seat, est, self.board, None)
        return est[seat]

    def mongol_share(self, seat: int) -> float:
        est = [0.0] * self.st.players
        _regions(self.st, seat, est, self.board)
        return est[seat]


def _threat_mean(st: CCData, seat: int, seen: dict[str, int | str]) -> float:
    """The expected value of a threat token ``seat`` has not seen."""
    pool = list(st.bd.threat)
    for v in seen.values():
        if isinstance(v, int):
            pool.remove(v)
    for r, v in st.threat_gone:
        if seat in st.known.get(r, ()):
            pool.remove(v)
    return sum(pool) / len(pool) if pool else 0.0


def _regions(st: CCData, seat: int, est: list[float], board: _Board) -> None:
    """Add each seat's expected Mongol losses (the regions' majorities, minus towers)."""
    seen = {r: token_seen(st, r, seat) for r in st.geo.regions}
    unseen = _threat_mean(st, seat, seen)
    for r, (chances, towers) in board.regions:
        token = seen[r]
        if token == REMOVED:
            continue
        threat = float(token) if isinstance(token, int) else unseen
        for s, chance in enumerate(chances):
            if s not in towers:
                est[s] += chance * threat


def _supplies(st: CCData, s: int, w: Weights) -> tuple[float, float, float]:
    """The worth of what seat ``s`` has not placed yet and of the event cards, as the
    three terms its estimate adds in turn. Events count as if the game ended now: all
    they read is public."""
    return (
        len(st.hands[s]) * w.card_held,
        w.double_held * st.double[s] + w.tower_held * st.tower[s],
        sum(event_points(st, e, s) for e in st.events),
    )


def _evaluate(st: CCData, seat: int, board: _Board | None, w: Weights, mover: int | None) -> float:
    est = [float(x) for x in st.score]
    if board is not None:
        _provinces(st, seat, est, board, mover)
        _regions(st, seat, est, board)
        for s, terms in enumerate(board.supplies):
            for term in terms:
                est[s] += term
    others = [est[s] for s in range(st.players) if s != seat]
    return est[seat] - w.rival * sum(others) / len(others)


def evaluate_with(st: CCData, seat: int, w: Weights) -> float:
    """``seat``'s expected final score minus ``rival`` times its rivals' mean, from what
    the seat can see, under weights ``w``; the seat that decides next is a wall ahead in
    every unfinished province (``MOVER_WALLS``)."""
    return _evaluate(st, seat, _Board(st, w) if st.tasks else None, w, _mover(st))


def evaluate(st: CCData, seat: int) -> float:
    """``seat``'s expected final score minus its rivals' mean, from what the seat can see."""
    return evaluate_with(st, seat, WEIGHTS)


def evaluate_all_with(st: CCData, w: Weights) -> list[float]:
    """Every seat's estimate at once under weights ``w``, without the head start of the
    seat to move."""
    board = _Board(st, w) if st.tasks else None
    return [_evaluate(st, s, board, w, None) for s in range(st.players)]


def evaluate_all(st: CCData) -> list[float]:
    """Every seat's estimate at once, for search leaves: under ``SEARCH_WEIGHTS`` and
    without the head start of the seat to move. Leaves lie at every seat's turn, and a
    head start for whoever moves there makes them unequal (mcts:200 against mcts-v1:200,
    24 2-player games of seed 11: 10.4% with it, 27.1% without)."""
    return evaluate_all_with(st, SEARCH_WEIGHTS)


SETTINGS = BotSettings(
    evaluate=evaluate,
    evaluate_all=evaluate_all,
    beam=8,  # greedy completes the chains of the eight best options per action family
    leaf_scale=4.0,  # search judges its leaves by this heuristic: a lead of 4 ~ 73%
    review_scales={2: 13.0, 3: 8.0, 4: 7.0},
    keep_tree=False,
)
"""Chang Cheng's bots.

``leaf_scale`` is sharper than the heuristic's calibrated scale. In 2-player greedy
self-play a lead predicts the winner best at 10.5 (``bench/fit/train_value.py``: log-loss
0.564, against 0.691 at 4), but the calibrated scale did not search better: mcts:0.3s
against mcts-v1:0.3s, 2-player, the same 60 games (VM, seed 70,
``bench/experiments/search_variant.py --scale``): 2.0 won 51.7%, 4.0 55.0%, 9.5 45.0% (each
about +-12 points by chance).

``review_scales``: the review's scale per player count: a seat's win chance is ``exp(value /
scale)`` over the seats' sum, the scale of those tried with the lowest Brier score against
who won (``bench/fit/calibrate_review.py``, greedy self-play with 15% random moves, 300
iterations a decision, VM, 2026-11-29; 2 players: 60 games, seed 1, scales 4-18; 3: 30
games, seed 2, 4-11; 4: 20 games, seed 4, 5-9). At ``leaf_scale`` a 2-player review's 97%
came true 79% of the time and its 3% 13% (log-loss 0.720, Brier 0.222); at 13 96% and 4%
came true 98% and 1% (0.552, 0.186).

``keep_tree=False``: mcts searches every decision afresh: a kept tree lost more often.
mcts:200 against mcts-v1:200, 2-player games, seeds 11-13 (dragontable tournament --games
24/40/40): 29.3% of 104 games keeping its tree, 43.8% searching afresh; keeping only within
the seat's own turn, 28.7% of the 40 games of seed 13."""
