"""In the Year of the Dragon: how a seasoned player values a position.

Strategy in short: points come every round from palaces, court ladies and privileges,
so early income compounds; every event is known from the start and must be prepared
for (yuan before a Tribute, rice before a Drought, healers before Contagion, helmets
before the Mongols, fireworks before a Festival), because each unprepared event costs
persons, persons are 2 VP each at the end, and a palace whose last person goes decays
and stops scoring. Turn order (the person track) decides who gets the free action
groups and the scarce tiles. A full court has no room for the next recruit, so one
builds before one must release.

The estimate is the seat's expected final VP minus ``rival`` times its rivals' mean.
Every event still ahead is costed from what the seat holds now (resources are used up
event by event, in track order); a shortfall that the seat can still mend before the
event is feared only in part (``prepare_*``). The weights are tuned by play
(``bench/fit/tune_greedy.py``) and shipped in ``weights/heuristic.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...core.botsettings import BotSettings
from ...core.state import State
from ...core.weights import load_weights
from . import data as D
from .state import DragonData, Player

GAME = "dragon"
WORK = (("T", "tax"), ("S", "research"), ("C", "build"), ("F", "harvest"), ("P", "fireworks"),
        ("W", "parade"))  # fmt: skip
"""Person types whose symbols pay when their action is taken, with the action."""
HEALER_TILES = tuple(t for t in D.TILES if t[0] == "H")
TIE_BREAK = 0.001
"""A person-track space at the end: the tie-break (§4.6), worth less than any VP."""

# tasks of a round that come before its event, and those of its action phase
_BEFORE_EVENT = frozenset(
    ("round", "actions", "action", "floor", "privilege", "walltile", "persons", "card")
    + ("take", "place", "full", "events")
)


@dataclass(frozen=True)
class Weights:
    """What the heuristic's judgements are worth, in VP (tuned by play)."""

    person_loss: float  # a person released by an event, beyond what the estimate counts for it
    palace_loss: float  # a palace emptied by an event's releases, per scoring left
    prepare_1: float  # share of a shortfall feared when one action can still mend it
    prepare_2: float  # … two actions
    prepare_later: float  # … three or more
    empty_palace: float  # an empty palace, per scoring left (it decays)
    room_now: float  # free space for this round's recruit
    room_later: float  # a free floor for a later recruit
    work_tax: float  # a person's symbol, per action left, by the action it pays in
    work_research: float
    work_build: float
    work_harvest: float
    work_fireworks: float
    work_parade: float
    yuan: float  # a yuan beyond its final third of a VP, early in the game
    rice: float  # a rice beyond what Droughts need, early in the game
    fireworks: float  # a fireworks tile before a later Festival
    festival_ahead: float  # trust in today's Festival rank when others act before it
    pt: float  # a person-track space
    order: float  # a rival behind in turn order, early in the game
    joker: float  # a joker still in hand
    rival: float  # weight of the rivals' mean estimate against the seat's own


WEIGHTS = load_weights(GAME, Weights)


def prior_token(action: str) -> str:
    """What the playout prior weighs of an action: its notation without the palace it
    names (``release p1:Fy`` -> ``release Fy``, ``place p2`` -> ``place``), so a choice
    weighs the same whichever palace it concerns."""
    words = []
    for word in action.split(" "):
        palace, colon, rest = word.partition(":")
        if colon and palace[:1] == "p" and palace[1:].isdigit():
            words.append(rest)
        elif not (word[:1] == "p" and word[1:].isdigit()):
            words.append(word)
    return " ".join(words)


class _Clock:
    """Where the round stands for everyone: what is still ahead of the seats."""

    __slots__ = (
        "round",
        "event_ahead",
        "scorings",
        "events",
        "persons_pending",
        "helmets",
        "healers",
    )

    def __init__(self, st: DragonData) -> None:
        kinds = {t[0] for t in st.tasks}
        self.round = st.round
        self.event_ahead = bool(kinds & _BEFORE_EVENT)
        self.scorings = D.ROUNDS - st.round + (1 if "scoring" in kinds else 0)
        first = st.round - 1 if self.event_ahead else st.round
        # (months from now, event) for every event still ahead
        self.events = [(m - st.round + 1, e) for m, e in enumerate(st.event_track[first:], first)]
        self.persons_pending = bool(kinds & {"round", "actions", "action", "persons"})
        self.helmets = [q.symbols("W") for q in st.seats]
        self.healers = sum(st.supply[t] for t in HEALER_TILES)


def _court(p: Player) -> dict[str, int]:
    """Symbols on ``p``'s persons by type, in one pass over its palaces."""
    out = dict.fromkeys(D.TYPE_ORDER, 0)
    for _, res in p.palaces:
        for tile in res:
            out[tile[0]] += D.SYMBOLS[tile]
    return out


def _own_pending(st: DragonData, seat: int, clock: _Clock) -> tuple[int, int]:
    """(1 if the seat's action of this round is still to come, the same for its recruit)."""
    act = 0
    person = 0
    for t in st.tasks:
        if t[0] in ("round", "actions") or (t[0] == "action" and t[1] == seat):
            act = 1
        if t[0] == "card" and t[1] == seat:
            person = 1
    if clock.persons_pending and st.seats[seat].hand and st.round < D.ROUNDS:
        person = 1
    return act, person


class _Losses:
    """What releases would cost a seat: its cheapest persons first (each worth what the
    estimate counts for it, plus ``person_loss``), and the palaces they would empty.

    ``recruit``: the seat's recruit of this round is still to come and has room, so it
    stands before this round's event with the others (into an empty palace if any).
    """

    __slots__ = ("prefix", "inhabited", "spare", "w")

    def __init__(
        self, p: Player, w: Weights, scorings: int, actions: int, recruit: bool = False
    ) -> None:
        work = _work_by_type(w)
        values = [D.VP_PER_PERSON + w.person_loss] if recruit else []
        for floors, res in p.palaces:
            for tile in res:
                kind, n = tile[0], D.SYMBOLS[tile]
                value = D.VP_PER_PERSON + w.person_loss + work.get(kind, 0.0) * n * actions
                if kind == "L":
                    value += n * scorings
                elif kind == "M":
                    value += n * floors
                values.append(value)
        values.sort()
        self.prefix = [0.0]
        for value in values:
            self.prefix.append(self.prefix[-1] + value)
        self.inhabited = sum(1 for _, res in p.palaces if res)
        if recruit and self.inhabited < len(p.palaces):  # it moves into an empty palace
            self.inhabited += 1
        self.spare = len(values) - self.inhabited
        self.w = w

    def cost(self, k: int, scorings: int, keep_palaces: int | None = None) -> float:
        """``k`` releases owed; at most ``keep_palaces`` of them can come without
        emptying a palace (default: the persons beyond one per palace)."""
        k = min(k, len(self.prefix) - 1)
        spare = self.spare if keep_palaces is None else keep_palaces
        emptied = min(self.inhabited, max(0, k - spare))
        return self.prefix[k] + self.w.palace_loss * scorings * emptied


def _prepare(w: Weights, chances: int) -> float:
    """Share of a shortfall feared when ``chances`` actions or recruits can still mend it."""
    if chances <= 0:
        return 1.0
    if chances == 1:
        return w.prepare_1
    if chances == 2:
        return w.prepare_2
    return w.prepare_later


def _festival_rank(st: DragonData, p: Player) -> int:
    """The Festival VP ``p`` would score with everyone's fireworks as they are."""
    if p.fireworks <= 0:
        return 0
    counts = sorted({q.fireworks for q in st.seats if q.fireworks > 0}, reverse=True)
    place = counts.index(p.fireworks)
    return D.FESTIVAL_VP[place] if place < len(D.FESTIVAL_VP) else 0


def _events(
    st: DragonData,
    p: Player,
    court: dict[str, int],
    clock: _Clock,
    pending: tuple[int, int],
    w: Weights,
) -> float:
    """The VP the events still ahead bring ``p`` (gains minus feared losses)."""
    act, person = pending
    room = any(f > len(res) for f, res in p.palaces)
    losses = _Losses(p, w, clock.scorings, D.ROUNDS - clock.round + act, bool(person) and room)
    inhabited = losses.inhabited
    crowded = sum(1 for _, res in p.palaces if len(res) > 1)
    helmets = court["W"]
    mortars = court["H"]
    others = [h for s, h in enumerate(clock.helmets) if s != p.seat]
    fewest = min(others, default=helmets)
    healers = clock.healers
    yuan, rice = p.yuan, p.rice
    value = 0.0
    festival_seen = False
    for ahead, event in clock.events:
        actions = act + ahead - 1
        scorings_after = clock.scorings - ahead + 1
        if event == D.TRIBUTE:
            short = max(0, D.TRIBUTE_YUAN - yuan)
            yuan = max(0, yuan - D.TRIBUTE_YUAN)
            value -= losses.cost(short, scorings_after) * _prepare(w, actions)
        elif event == D.DROUGHT:
            short = max(0, inhabited - rice)
            rice = max(0, rice - inhabited)
            lost = losses.cost(short, scorings_after, keep_palaces=crowded)
            value -= lost * _prepare(w, actions)
        elif event == D.CONTAGION:
            owed = max(0, D.CONTAGION_RELEASES - mortars)
            chances = min(healers, person + ahead - 1)
            value -= losses.cost(owed, scorings_after) * _prepare(w, chances)
        elif event == D.MONGOL:
            value += helmets
            if helmets <= fewest:
                value -= losses.cost(1, scorings_after) * _prepare(w, actions + person)
        elif event == D.FESTIVAL and not festival_seen:
            festival_seen = True
            trust = 1.0 if actions == 0 else w.festival_ahead
            value += trust * _festival_rank(st, p)
    value += w.rice * rice * clock.scorings / D.ROUNDS
    value += w.yuan * yuan * clock.scorings / D.ROUNDS  # yuan left after every Tribute ahead
    return value


@lru_cache(maxsize=64)
def _work_by_type(w: Weights) -> dict[str, float]:
    """What a symbol of each working person type is worth per action left."""
    weights = (w.work_tax, w.work_research, w.work_build, w.work_harvest, w.work_fireworks,
               w.work_parade)  # fmt: skip
    return {code: k for (code, _), k in zip(WORK, weights, strict=True)}


def _estimate(st: DragonData, seat: int, clock: _Clock, w: Weights) -> float:
    """Expected final VP of ``seat``, roughly, from what the seat can see."""
    p = st.seats[seat]
    court = _court(p)
    act, person = _own_pending(st, seat, clock)
    scorings = clock.scorings
    actions = D.ROUNDS - clock.round + act
    inhabited = sum(1 for _, res in p.palaces if res)
    empty = len(p.palaces) - inhabited
    if person and empty and not inhabited:  # a court rebuilt: its recruit moves in now
        inhabited, empty = 1, empty - 1
    value = float(p.vp)
    # income at every scoring phase left
    value += scorings * (inhabited + w.empty_palace * empty + court["L"])
    value += scorings * p.privilege_symbols()
    # final scoring
    value += D.VP_PER_PERSON * p.persons() + p.monk_points()
    goods = p.rice + p.fireworks
    value += (p.yuan + D.GOODS_PRICE * goods) / D.YUAN_PER_VP
    value += w.fireworks * p.fireworks * (1 if clock.scorings > 1 else 0)
    # the persons' work in the actions left
    value += actions * sum(k * court[code] for code, k in _work_by_type(w).items())
    value += _events(st, p, court, clock, (act, person), w)
    # room for the recruits still to come
    free = sum(f - len(res) for f, res in p.palaces)
    later = len(p.hand) - person if clock.round < D.ROUNDS else 0
    if person:
        value += w.room_now * min(free, 1)
        free -= 1
    value += w.room_later * max(0, min(free, later))
    # turn order and cards
    behind = sum(1 for q in st.seats if q is not p and (q.pt, q.pt_stack) < (p.pt, p.pt_stack))
    value += w.pt * p.pt + w.order * behind * actions / D.ROUNDS
    value += w.joker * p.hand.count(D.JOKER)
    return value


def evaluate_all_with(st: DragonData, w: Weights) -> list[float]:
    """Every seat's value under weights ``w``: its estimate minus its rivals' mean."""
    if not st.tasks:
        own = [p.vp + TIE_BREAK * p.pt for p in st.seats]
    else:
        clock = _Clock(st)
        own = [_estimate(st, s, clock, w) for s in range(st.players)]
    if st.players < 2 or w.rival == 0:
        return own
    total = sum(own)
    others = st.players - 1
    return [v - w.rival * (total - v) / others for v in own]


def evaluate_with(st: DragonData, seat: int, w: Weights) -> float:
    """The value of ``seat`` under weights ``w`` (see :func:`evaluate_all_with`)."""
    if w.rival == 0 and st.tasks:
        return _estimate(st, seat, _Clock(st), w)
    return evaluate_all_with(st, w)[seat]


def evaluate(state: State, seat: int) -> float:
    """The value of ``seat``: expected final VP minus the rivals' mean, weighted."""
    assert isinstance(state, DragonData)
    return evaluate_with(state, seat, WEIGHTS)


def evaluate_all(state: State) -> list[float]:
    """Every seat's value at once (for search leaves)."""
    assert isinstance(state, DragonData)
    return evaluate_all_with(state, WEIGHTS)


SETTINGS = BotSettings(
    evaluate=evaluate,
    evaluate_all=evaluate_all,
    prior_token=prior_token,
    leaf_scale=10.0,  # search judges its leaves by this heuristic: a 10-point lead ~ 73%
    leaf_playout=12,
    leaf_to_end=frozenset((2, 3, 4)),
    review_scales={2: 8.5, 3: 10.0, 4: 10.0, 5: 10.0},
)
"""In the Year of the Dragon's bots.

``leaf_playout``: Random moves the search plays at a new leaf before this heuristic judges
it (about a month of two players' decisions): what the month's draws and event do has then
happened. mcts:0.1s against mcts-v1:0.1s, 2-player games of seeds 2 and 3 (80 games): 52.5%
with it, 42.5% judging the leaf at once (and 42.5% of 40 more, seed 1), 53.8% with playouts
to the end; it keeps two thirds of the iterations, a playout to the end a quarter. With it,
seed 10: 57.5% of 200 2-player games (50.6-64.1); one seat against three mcts-v1, seed 20:
30.0% of 40 (fair share 25%). bench/experiments/search_variant.py.

``leaf_to_end``: Player counts whose search leaves are playouts to the end instead (no
heuristic): led by the playout prior (``priors/playout.json``) at the player counts it marks
for the search (2 and 4), else random. In 2-player games the 12 moves' edge is gone by 0.3 s
a move: against mcts-v1 at 0.3 s playouts to the end won 59.7% of 154 games (VM and 16-core
machine), 12 moves 42.5% of 40 (50% of 80 with the tree not kept); at 1 s 47% of 112 against
41% of 148; at 0.1 s 53.8% of 80 against 57.5% of 200. In 4-player games, one seat against
three mcts-v1 at 0.3 s (the same 40 games, seeds 80 and 81, VM): playouts to the end won
40.0% (16 of 40), 12 moves 17.5% (7 of 40); fair share 25%. In 3-player games, one seat
against two mcts-v1 at 0.3 s (the same 26 games, seed 90): 46.2% (12 of 26) against 19.2% (5
of 26); fair share 33%. 5 players keep the 12 moves: one seat against four mcts-v1 at 0.3 s
(the same 16 games, seed 100) each leaf won 3 of 16 (fair share 20%), the 12 moves at 2.2
times the iterations. bench/experiments/search_variant.py has the table.

``review_scales``: The review's scale at every player count: its leaves are judged by this
heuristic after the 12 random moves, also where the search plays out to the end (2 to 4
players; a seat's win chance is ``exp(value / scale)`` over the seats' sum), at a scale
tried against who won (``bench/fit/calibrate_review.py``, greedy self-play with 15% random
moves, 300 iterations a decision, VM, 2026-11-29). 2 players (20 games, seed 6): playouts to
the end, Brier score 0.187 (log-loss 0.602; their 98% came true 87% of the time, and they
flagged 25% of greedy's moves), the heuristic at 7, 8.5, 10, 15 and 22 0.1725, 0.1725,
0.1727, 0.175 and 0.181 (at 8.5 log-loss 0.514, 97% came true 96%, 18% of greedy's moves
flagged, 42% of the random ones against the playouts' 38%). 5 players (8 games, seed 12):
the search's own logistic of the lead at 10 0.142, win chances at 6 0.122 and at 10 0.120;
on 14 more games (seed 51) 10 stayed the best, 0.1205 (log-loss 0.379, 5.9% of greedy's
moves and 28.1% of the random ones flagged), at 7 0.1226 and at 13 0.1219. At 3 and 4
players playouts predict about as well as the heuristic but flag a quarter of greedy's
moves, only 1.5 times as many random ones: a win/loss mean over some 100 visits is uncertain
by about 5 points, the inaccuracy's threshold. 3 players (24 games, seed 31): playouts Brier
0.136, log-loss 0.456, flagged 23.4% of greedy's moves and 36.0% of the random ones; the
heuristic at 10 0.141, 0.434, 11.7% and 33.7%; at 13 0.145, 0.447, 10.1% and 32.5% (10
games, seed 8: playouts 0.159, at 10 0.160). 4 players (16 games, seed 41): playouts 0.139,
0.417, 25.1% and 38.7%; at 10 0.141, 0.435, 9.5% and 30.3%; at 13 0.144, 0.445, 7.1% and
28.6% (10 games, seed 9: playouts 0.103, at 10 0.135). So 3 and 4 players judge by the
heuristic at 10 too (review version 3)."""
