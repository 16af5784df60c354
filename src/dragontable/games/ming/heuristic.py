"""Ming Dynasty: how a seasoned player values a position.

Strategy in short: points come at the scorings of rounds 2, 4 and 6, so what counts
is who leads each district's open area when its province is scored. A leader sends
members into the city, and each brings a province tile; six different colours make a
full set, worth most early (28, 24, 20), so the colours one lacks are worth more than
the ones one has. Members kept in a city score now (4, then 3, then 0) and the
city majority adds a bonus; members returned keep counting in their district. A
cloister member scores 4 at every later scoring, so an early one is worth a lot.
Members waiting on a province space and cards in hand are the means to get there;
a prince near the provinces where one's members wait spends fewer cards. The game is
won on the difference, so the heuristic values the seat's estimate minus its rivals'.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...core.botsettings import BotSettings, RolloutSearch
from ...core.weights import load_weights
from . import data as D
from .data import MapData
from .scoring import district_to_city, final_sets
from .state import MingData
from .view import scored_province

GAME = "ming"
SPACE_USEFUL = 6  # members on one space beyond this many are worth the weight space_surplus


@dataclass(frozen=True)
class Weights:
    """What the heuristic's judgements are worth, in points (tuned by play)."""

    opponent: float  # weight of the best rival's estimate against the seat's own
    projected_0: float  # trust in a projected majority scored this round
    projected_1: float  # … one round ahead
    projected_2: float  # … two rounds ahead
    scoring_now: float  # trust during the scoring itself (open areas no longer change)
    cloister_keep: float  # chance a cloister member is not ousted before a scoring
    space: float  # a member waiting on a province space, before the last round
    space_surplus: float  # a waiting member beyond SPACE_USEFUL on one space
    near: float  # a waiting member in a province the prince reaches in one step
    card: float  # a card in hand, before the last round
    dragon_card: float  # a dragon card in hand, before the last round
    card_kinds: float  # each transport type in hand: more borders the prince can cross
    open_later: float  # an open-area member, per scoring after the next
    returned: float  # a member sent back from the city to its district, before the last round
    returned_last: float  # in the last round a return gains nothing and may lose the bonus
    set_shape: float  # how set potential grows with colours
    layer: float  # later sets' share of set potential

    def projected(self, ahead: int) -> float:
        """Trust in a projected majority ``ahead`` rounds from now."""
        return (self.projected_0, self.projected_1, self.projected_2)[ahead]


WEIGHTS = load_weights(GAME, Weights)
_DEPLOY_TASKS = frozenset(("round", "space", "draw", "card", "turns", "act", "moving", "deploy"))


@lru_cache(maxsize=1 << 16)
def tile_value(
    tiles: tuple[int, ...],
    set_points: int,
    chance: float,
    shape: float = WEIGHTS.set_shape,
    layer_share: float = WEIGHTS.layer,
) -> float:
    """Points ``tiles`` should bring: full sets now, the rest by ``chance`` of more tiles
    (set potential grows with colours by ``shape``; later sets count ``layer_share``)."""
    c = list(tiles)
    value = 0.0
    while all(c):
        value += set_points
        c = [x - 1 for x in c]
    k = final_sets(c)
    floor = k * D.FINAL_SET_POINTS + sum(c) - k * D.FINAL_SET_SIZE
    if chance <= 0:
        return value + floor
    potential = float(sum(c))
    for j in range(1, max(c) + 1):
        layer = sum(1 for x in c if x >= j) / len(c)
        potential += set_points * layer**shape * layer_share ** (j - 1)
    return value + floor + chance * max(0.0, potential - floor)


class _Time:
    """Where the game stands: which scorings are still to come, for what."""

    def __init__(self, st: MingData, w: Weights) -> None:
        self.w = w
        kinds = {t[0] for t in st.tasks}
        self.round: int = st.round
        self.pending = "scoring" in kinds  # this round's scoring has not started
        self.in_scoring = not self.pending and ("cloisters" in kinds or "province" in kinds)
        self.provinces = {t[1] for t in st.tasks if t[0] == "province"}
        self.later = [s for s in D.SCORING_ROUNDS if s > self.round]
        now = 1 if self.pending or "cloisters" in kinds else 0
        self.cloister_scorings = len(self.later) + now
        per = len(st.map.provinces)  # province scorings in one scoring round
        left = len(self.later) * per + (per if self.pending else len(self.provinces))
        # tiles still to come beyond the projected ones, as a share of two scorings
        self.chance = min(1.0, max(0.0, (left - per) / (2 * per)))
        self.deploys = self.round < D.ROUNDS or bool(kinds & _DEPLOY_TASKS)
        later_first = self.later[0] if self.later else None
        first = self.round if self.pending or self.in_scoring else later_first
        self.set_points = D.SET_POINTS[first] if first is not None else 0
        self.key = (w, self.round, self.pending, self.in_scoring, frozenset(self.provinces))
        """What :func:`_projection` reads of the time: equal keys, equal projections."""

    def next_scoring(self, p: int) -> int | None:
        """The round in which province ``p``'s districts are next scored, if any."""
        if self.pending or p in self.provinces:
            return self.round
        return self.later[0] if self.later else None

    def trust(self, when: int) -> float:
        if when == self.round and self.in_scoring:
            return self.w.scoring_now
        return self.w.projected(when - self.round)

    def scorings_after(self, when: int) -> int:
        return sum(1 for s in D.SCORING_ROUNDS if s > when)


def _bonus(kept: list[int], neutral: int | None) -> list[float]:
    """City majority bonus per colour from members kept (the neutral takes none)."""
    best = max(kept)
    if best <= 0:
        return [0.0] * len(kept)
    top = [c for c, n in enumerate(kept) if n == best]
    if neutral is not None and top == [neutral]:
        return [0.0] * len(kept)
    top = [c for c in top if c != neutral]
    return [D.CITY_BONUS / len(top) if c in top else 0.0 for c in range(len(kept))]


@lru_cache(maxsize=1 << 16)
def _province(
    open_areas: tuple[tuple[int, ...], ...],
    neutral: int | None,
    when: int,
    trust: float,
    later: float,
) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Projected points per colour from one province's open areas, and its city entries."""
    ncol = len(open_areas[0])
    order = list(range(ncol))
    kept = [0] * ncol
    for counts in open_areas:
        if any(counts):
            for c, n in district_to_city(list(counts), order):
                kept[c] += n
    waiting = [sum(col) for col in zip(*open_areas, strict=True)]
    bonus = _bonus(kept, neutral)
    per = D.CITY_POINTS[when]
    points = tuple(
        later * (waiting[c] - kept[c]) + trust * (bonus[c] + per * kept[c]) for c in order
    )
    return points, tuple(kept)


Projection = tuple[list[float], dict[int, list[list[int]]]]
_PROJECTIONS: dict[tuple[object, ...], Projection] = {}
_PROJECTIONS_KEPT = 1 << 10  # a 5,000-iteration search met 89 different ones


def _projection(st: MingData, t: _Time) -> Projection:
    """Points from projected city entries per colour, and projected tiles by scoring round.

    Kept by open areas and time (a search meets the same ones again and again); the
    result is shared, so callers only read it.
    """
    key = (st.map, st.neutral, st.players, t.key, tuple(map(tuple, st.open)))
    found = _PROJECTIONS.get(key)
    if found is None:
        if len(_PROJECTIONS) >= _PROJECTIONS_KEPT:
            _PROJECTIONS.clear()
        found = _PROJECTIONS[key] = _project(st, t)
    return found


def _project(st: MingData, t: _Time) -> Projection:
    players, provinces = st.players, len(st.map.provinces)
    points = [0.0] * st.colours
    tiles: dict[int, list[list[int]]] = {}
    for p, districts in enumerate(st.map.districts_of):
        when = t.next_scoring(p)
        if when is None:
            continue
        areas = tuple(tuple(st.open[d]) for d in districts)
        later = t.w.open_later * t.scorings_after(when)
        gained_points, kept = _province(areas, st.neutral, when, t.trust(when), later)
        points = [a + b for a, b in zip(points, gained_points, strict=True)]
        if any(kept[:players]):
            gained = tiles.get(when)
            if gained is None:
                gained = tiles[when] = [[0] * provinces for _ in range(players)]
            for c in range(players):
                gained[c][p] += kept[c]
    return points, tiles


def _city_now(st: MingData, viewer: int, p: int, w: Weights) -> list[float]:
    """Points each colour should still get from the city being scored now."""
    colours = st.colours
    backs = [0] * colours
    for task in st.tasks:
        if task[0] == "back" and task[2] == p:
            backs[task[3] if len(task) > 3 else task[1]] += 1
    committed = st.returns[viewer]
    if not st.revealed and committed is not None:
        backs[viewer] = committed
    kept = [
        sum(st.city[d].count(c) for d in st.map.districts_of[p]) - backs[c] for c in range(colours)
    ]
    if st.neutral is not None and ("neutralcheck", p) in st.tasks:
        n = st.neutral
        rivals = max(kept[: st.players])
        kept[n] = min(kept[n], rivals + 1) if kept[n] > rivals else 0
    per = D.CITY_POINTS[st.round]
    returned = w.returned if st.round < D.ROUNDS else w.returned_last
    bonus = _bonus(kept, st.neutral)
    return [per * kept[c] + bonus[c] + returned * backs[c] for c in range(colours)]


def _stock(st: MingData, seat: int, w: Weights, waiting: tuple[float, ...]) -> float:
    """Members waiting on spaces and the prince's reach (``waiting``: :func:`_waiting_value`).

    In the last round they are worth only what they can still do in its phase 3,
    so there the stock itself counts for nothing and only the prince's reach does.
    """
    value = 0.0
    at = st.prince[seat]
    if at >= 0:
        value += w.near * sum(min(D.MAX_DEPLOY, st.spaces[p][seat]) for p in _reach(st.map, at))
    if st.round == D.ROUNDS:
        return value
    for row in st.spaces:
        n = row[seat]
        value += waiting[n] if n < len(waiting) else _waiting(w, n)
    return value


def _hand(st: MingData, seat: int, own: bool, w: Weights) -> float:
    """The cards in hand before the last round: their kinds count only in one's own."""
    hand = st.hands[seat]
    if not own:
        return w.card * len(hand)
    dragons = hand.count(D.DRAGON)
    kinds = len(set(hand)) - (1 if dragons else 0)
    return w.dragon_card * dragons + w.card * (len(hand) - dragons) + w.card_kinds * kinds


@lru_cache(maxsize=1 << 10)
def _reach(m: MapData, at: int) -> frozenset[int]:
    """The provinces of district ``at`` and of its neighbours: where the prince goes next."""
    return frozenset({m.province_of[at]} | {m.province_of[d] for d, _ in m.neighbours[at]})


def _waiting(w: Weights, n: int) -> float:
    """What ``n`` members waiting on one province space are worth."""
    return w.space * min(n, SPACE_USEFUL) + w.space_surplus * max(0, n - SPACE_USEFUL)


@lru_cache(maxsize=16)
def _waiting_value(w: Weights) -> tuple[float, ...]:
    """:func:`_waiting` for 0 to 3 × ``SPACE_USEFUL`` members, looked up instead."""
    return tuple(_waiting(w, n) for n in range(3 * SPACE_USEFUL + 1))


def estimates(st: MingData, viewer: int, w: Weights = WEIGHTS) -> list[float]:
    """Each seat's expected final score, from what ``viewer`` may see."""
    return _Estimator(st, w).estimates(viewer)


class _Estimator:
    """The parts of :func:`estimates` that do not depend on the viewer, computed once."""

    def __init__(self, st: MingData, w: Weights) -> None:
        self.st, self.w = st, w
        t = self.time = _Time(st, w)
        self.points, projected = _projection(st, t)
        self.current = scored_province(st)
        self.terms: list[list[float]] = []  # per seat, the terms after the city now
        for s in range(st.players):
            keep = w.cloister_keep
            terms = [D.CLOISTER_POINTS * t.cloister_scorings * keep * st.cloisters_of(s)]
            held = tuple(st.tiles[s])
            shape = (w.set_shape, w.layer)
            terms.append(tile_value(held, t.set_points, t.chance, *shape))
            for when in sorted(projected):
                gained = tuple(a + b for a, b in zip(held, projected[when][s], strict=True))
                points_then = D.SET_POINTS[when]
                gain = tile_value(gained, points_then, t.chance, *shape) - tile_value(
                    held, points_then, t.chance, *shape
                )
                terms.append(t.trust(when) * gain)
                held = gained
            self.terms.append(terms)
        self.means: dict[tuple[int, bool], float] = {}  # (seat, seat is the viewer): _mean
        self.stock: dict[int, float] = {}
        self.waiting = _waiting_value(w)

    def estimates(self, viewer: int) -> list[float]:
        st, current = self.st, self.current
        w = self.w
        now = _city_now(st, viewer, current, w) if current is not None else [0.0] * st.colours
        out = []
        for s in range(st.players):
            value = st.score[s] + self.points[s] + now[s]
            for term in self.terms[s]:
                value += term
            if self.time.deploys:
                value += self._mean(s, s == viewer)
            out.append(value)
        return out

    def _mean(self, seat: int, own: bool) -> float:
        """The seat's means to score later: its stock, and before the last round its hand
        (valued as its own hand or a rival's)."""
        means = self.means.get((seat, own))
        if means is None:
            st = self.st
            stock = self.stock.get(seat)
            if stock is None:
                stock = self.stock[seat] = _stock(st, seat, self.w, self.waiting)
            means = stock if st.round == D.ROUNDS else stock + _hand(st, seat, own, self.w)
            self.means[seat, own] = means
        return means


def evaluate(st: MingData, seat: int) -> float:
    """The seat's estimated final score minus a share of its best rival's.

    A deployment the seat is about to make counts at its best option, and a move
    under way that may stop here counts as stopping here, so that a move is valued
    by the district where it can end.
    """
    return _evaluate(st, seat, None, WEIGHTS)


def evaluate_with(st: MingData, seat: int, w: Weights) -> float:
    """:func:`evaluate` under weights ``w``."""
    return _evaluate(st, seat, None, w)


def evaluate_all(st: MingData) -> list[float]:
    """``evaluate(st, s)`` for every seat, sharing the work (search leaves use it)."""
    shared = _Estimator(st, WEIGHTS) if st.tasks else None
    return [_evaluate(st, s, shared, WEIGHTS) for s in range(st.players)]


def _evaluate(st: MingData, seat: int, shared: _Estimator | None, w: Weights) -> float:
    top = st.tasks[-1][:2] if st.tasks else None
    if top == ("deploy", seat):
        return max(_after(st, seat, a, w) for a in st.legal_actions())
    if top == ("moving", seat) and "stop" in st.legal_actions():
        return _after(st, seat, "stop", w)
    if not st.tasks:
        est = [float(x) for x in st.score]
    else:
        est = (shared or _Estimator(st, w)).estimates(seat)
    rival = max((est[s] for s in range(st.players) if s != seat), default=0.0)
    return est[seat] - w.opponent * rival


def _after(st: MingData, seat: int, action: str, w: Weights) -> float:
    child = st.clone()
    child.apply(action)
    return _evaluate(child, seat, None, w)


SETTINGS = BotSettings(
    evaluate=evaluate,
    evaluate_all=evaluate_all,
    leaf_scale=10.0,  # search judges its leaves by this heuristic: a 10-point lead ~ 73%
    review_scales={2: 20.0, 3: 15.0, 4: 20.0},
    rollout=RolloutSearch(
        candidates=3,  # greedy's best options played out in every round
        horizon=16,  # decisions greedy plays for every seat before the heuristic judges
        iterations=250,
    ),
)
"""Ming Dynasty's bots.

``review_scales``: The review's scale per player count: a seat's win chance is ``exp(value /
scale)`` over the seats' sum, the scale of those tried with the lowest Brier score against
who won (``bench/fit/calibrate_review.py``, greedy self-play with 15% random moves, 300
iterations a decision, VM, 2026-11-29; 2 players: 30 games, seed 3, scales 10-30; 3: 10
games, seed 7, 10-26; 4: 16 games, seeds 11 and 61, 10-25). At ``leaf_scale`` a 2-player
review's 96% came true 84% of the time and its 4% 14% (log-loss 0.616, Brier 0.196); at 20
its 95% came true 90% and its 6% 10% (0.561, 0.189). 4 players: on the first 6 games (seed
11) 15 scored 0.1596 and 20 0.1604, on 10 more (seed 61) 15 0.1631 (its 85% came true 48% of
the time), 10 0.1719 and 20 0.1612; over the 6,990 decisions 20 0.1609 (log-loss 0.491), 15
0.1618 (0.494), so 4 players use 20 since review version 3. 3 players: on 12 more games
(seed 71) 15 stayed the best, 0.1631 (log-loss 0.489), 10 0.1661, 20 0.1658.

``rollout``: The mcts bot and the hints search by rollouts over greedy
(``bots/rollout.py``), not by the tree: the tree with this heuristic's leaf played no better
than greedy (53 of 100 and 52.5 of 100 games for greedy against mcts:300 and mcts:1000),
while rollouts won 16 of 16 games against mcts-v1 at 0.3 s a move, and at 1 s, as this
game's mcts, 161.5 of the 200 games of strength.md's ming-mcts1s-mctsv1-2p (docs/bots.md).

``rollout.iterations``: Tree iterations a rollout is priced at, about what it costs (on the
development VM a rollout took as long as 250 to 340 of the tree's iterations): ``mcts:1000``
plays 4 rollouts, ``mcts:2s`` 2 s of them. ``bench/fit/iteration_cost.py`` measures the cost
of an iteration so bought, which the server's budget check reads."""
