"""In the Year of the Dragon: the round flow and the players' decisions (reference §3-§4).

The game is a stack of tasks (``state.tasks``, top = last). An automatic task runs and
may push others; a decision task waits for its seat. ``opt_<kind>`` lists a decision's
legal actions as ``{notation: payload}``; ``apply_<kind>`` carries one out. Which function
handles which task is in one table, ``flow.py``. The person phase (cards and tiles) is in
``persons.py``, events and the expansions' effects in ``events.py`` and ``great_events.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from ...core.tasks import push
from . import data as D
from .state import DragonData, Player, Task

Legal = dict[str, Any]
PREF = tuple(f"p{i}" for i in range(1, 64))

# The notation of the frequent decisions' actions, written once instead of at every listing.
PICK = {(a, b): f"pick {a}+{b}" for i, a in enumerate(D.TYPE_ORDER) for b in D.TYPE_ORDER[i + 1 :]}
PICK_ALL = {key: pair for pair, key in PICK.items()}
YOUNG_TILES = tuple(t + D.YOUNG for t in D.TYPE_ORDER)
PLACE = tuple(f"place {p}" for p in PREF)
FLOOR = tuple(f"floor {p}" for p in PREF)
ACTION = {
    card: tuple(f"{card}@{g}" for g in range(1, 1 + max(map(len, D.GROUP_SIZES.values()))))
    for card in (*D.ACTION_CARDS, D.WALL_CARD)
}
ACTION_PAYLOAD = {
    fee: tuple(
        {card: (ACTION[card][g], (g, card, fee)) for card in ACTION}
        for g in range(max(map(len, D.GROUP_SIZES.values())))
    )
    for fee in (0, D.OCCUPIED_FEE)
}
"""``ACTION_PAYLOAD[fee][group][card]``: the action's notation and payload, made once."""
DECK_WITH_WALL = (*D.ACTION_CARDS, D.WALL_CARD)
DEAL = {
    key: tuple(slice(sum(sizes[:g]), sum(sizes[: g + 1])) for g in range(len(sizes)))
    for key, sizes in D.GROUP_SIZES.items()
}
"""``DEAL[(players, cards)]``: the part of the shuffled deck that each action group gets."""
RESIDENT = {
    verb: tuple({t: f"{verb} {p}:{t}" for t in D.TILES} for p in PREF)
    for verb in ("replace", "release")
}
"""``RESIDENT[verb][palace index][tile]``: ``replace p1:Fy``, ``release p2:Wo``."""


# -- person track and turn order (§3.7) --------------------------------------
def move(st: DragonData, seat: int, n: int) -> None:
    """Advance a marker ``n`` spaces; ending on an occupied space puts it on top."""
    if n <= 0:
        return
    p = st.seats[seat]
    p.pt = pt = p.pt + n
    top = 0
    for q in st.seats:
        if q.pt == pt and q is not p and q.pt_stack > top:
            top = q.pt_stack
    p.pt_stack = top + 1
    if not st.quiet:
        st.log.append({"key": "dragon.pt.moved", "seat": seat, "spaces": n, "pt": pt})


_ON_TRACK = attrgetter("pt", "pt_stack")


def turn_order(st: DragonData) -> list[int]:
    """Seats by their place on the person track, first first (ties: lower seat first)."""
    # a comprehension, not map(attrgetter): asked three times a round, a third faster
    return [p.seat for p in sorted(st.seats, key=_ON_TRACK, reverse=True)]


# -- palaces ------------------------------------------------------------------------
def add_resident(p: Player, idx: int, tile: str) -> None:
    floors, res = p.palaces[idx]
    p.palaces[idx] = (floors, res + (tile,))


def remove_resident(st: DragonData, p: Player, idx: int, tile: str, reason: str) -> None:
    floors, res = p.palaces[idx]
    i = res.index(tile)
    p.palaces[idx] = (floors, res[:i] + res[i + 1 :])
    st.box[tile] += 1
    if not st.quiet:
        st.log.append(
            {
                "key": "dragon.person.released",
                "seat": p.seat,
                "tile": tile,
                "palace": idx + 1,
                "reason": reason,
            }
        )


def resident_options(p: Player, prefix: str, only: Callable[[int], bool] | None = None) -> Legal:
    """``{prefix pN:tile: (palace, tile)}`` for every distinct resident."""
    out: Legal = {}
    keys = RESIDENT[prefix]
    for i, (_floors, res) in enumerate(p.palaces):
        if only is not None and not only(i):
            continue
        for tile in res:
            key = keys[i][tile]
            if key not in out:
                out[key] = (i, tile)
    return out


# -- setup: initial persons (§3.6) -----------------------------------------------
def opt_init(st: DragonData, task: Task) -> Legal:
    supply = st.supply
    if all(supply[tile] > 0 for tile in YOUNG_TILES):
        # the usual case, every young type in the supply: every pair but the few taken
        out = dict(PICK_ALL)
        for pair in _pairs_taken(st):
            key = PICK.get(pair)
            if key is not None:
                out.pop(key, None)
        return out
    used = set(_pairs_taken(st))
    young = {t for t in D.TYPE_ORDER if supply[t + D.YOUNG] > 0}
    return {
        key: pair
        for pair, key in PICK.items()
        if pair[0] in young and pair[1] in young and pair not in used
    }


def _pairs_taken(st: DragonData) -> list[tuple[str, str]]:
    pairs = []
    for p in st.seats:
        if p.played and p.played[0][0] == "init":
            a, b = p.played[0][1].split("+")
            pairs.append((a, b))
    return pairs


def apply_init(st: DragonData, task: Task, pair: tuple[str, str]) -> None:
    seat = task[1]
    p = st.seats[seat]
    p.played.append(("init", "+".join(pair), ""))
    tiles = [c + D.YOUNG for c in pair]
    for tile in tiles:
        st.supply[tile] -= 1
    if not st.quiet:
        st.log.append({"key": "dragon.init.picked", "seat": seat, "tiles": tiles})
    push(
        st,
        ("place", seat, tiles[0], 0),
        ("place", seat, tiles[1], 0),
        ("move", seat, sum(D.VALUE[t] for t in tiles)),
    )


def auto_move(st: DragonData, task: Task) -> None:
    move(st, task[1], task[2])


# -- placing a new person (§4.3 step 4) ------------------------------------------------
def opt_place(st: DragonData, task: Task) -> Legal:
    out: Legal = {}
    for i, (f, res) in enumerate(st.seats[task[1]].palaces):
        if len(res) < f:
            out[PLACE[i]] = i
    return out


def apply_place(st: DragonData, task: Task, idx: int) -> None:
    _, seat, tile, moves = task
    palaces = st.seats[seat].palaces
    floors, res = palaces[idx]
    palaces[idx] = (floors, res + (tile,))  # add_resident() written out: every tile placed
    if not st.quiet:
        st.log.append(
            {"key": "dragon.person.placed", "seat": seat, "tile": tile, "palace": idx + 1}
        )
    if moves:
        move(st, seat, D.VALUE[tile])


def opt_full(st: DragonData, task: Task) -> Legal:
    out = resident_options(st.seats[task[1]], "replace")
    out["decline"] = None
    return out


def apply_full(st: DragonData, task: Task, choice: tuple[int, str] | None) -> None:
    _, seat, tile = task
    p = st.seats[seat]
    if choice is None:
        st.box[tile] += 1
        if not st.quiet:
            st.log.append({"key": "dragon.person.declined", "seat": seat, "tile": tile})
        return
    idx, old = choice
    remove_resident(st, p, idx, old, "replaced")
    add_resident(p, idx, tile)
    if not st.quiet:
        st.log.append(
            {"key": "dragon.person.placed", "seat": seat, "tile": tile, "palace": idx + 1}
        )
    move(st, seat, D.VALUE[tile])


def receive_tile(st: DragonData, seat: int, tile: str) -> None:
    """A tile has left the supply for ``seat``: place it, or replace/decline when full."""
    for floors, res in st.seats[seat].palaces:  # free_space() written out: every tile taken
        if len(res) < floors:
            st.tasks.append(("place", seat, tile, 1))
            return
    st.tasks.append(("full", seat, tile))


# -- round flow (§4.0) ----------------------------------------------------------------
def auto_round(st: DragonData, task: Task) -> None:
    if st.round > D.ROUNDS:
        st.tasks.append(("final",))
        return
    r = st.round
    if not st.quiet:
        st.log.append({"key": "dragon.round.started", "round": r, "event": st.event_track[r - 1]})
    if r != D.ROUNDS and r != D.GREAT_EVENT_ROUND:  # most rounds: the usual steps
        st.tasks.extend(ROUND_STACK)
        return
    tail: list[Task] = [("events",), ("decay",)]
    after_decay = st.options["great_event_timing"] == "after_decay"
    if st.round == D.GREAT_EVENT_ROUND and st.great_event and after_decay:
        tail.append(("great",))
    tail.append(("scoring",))
    if (
        st.round == D.ROUNDS
        and st.options["great_wall"] != "off"
        and st.options["great_wall_final_timing"] == "after_round_scoring"
    ):
        tail.append(("wallcheck", D.ROUNDS))
    push(st, ("actions",), ("persons",), *tail, ("endround",))


ROUND_STACK: tuple[Task, ...] = (
    ("endround",),
    ("scoring",),
    ("decay",),
    ("events",),
    ("persons",),
    ("actions",),
)
"""A round's steps on the stack (top last), in a round with no Great Event and before the
last: actions, persons, events, decay, scoring."""


def auto_endround(st: DragonData, task: Task) -> None:
    st.round += 1
    st.tasks.append(("round",))


def auto_actions(st: DragonData, task: Task) -> None:
    """Shuffle and deal the action cards into groups, then each seat decides (§4.1)."""
    deck = list(DECK_WITH_WALL if st.options["great_wall"] != "off" else D.ACTION_CARDS)
    st.rng.shuffle(deck)
    dealt = [deck[part] for part in DEAL[(st.players, len(deck))]]
    st.groups = groups = list(map(tuple, dealt))
    st.dragons = [[] for _ in groups]
    st.order = order = turn_order(st)
    if not st.quiet:
        st.log.append({"key": "dragon.actions.dealt", "groups": dealt})
    st.tasks.extend([("action", s) for s in reversed(order)])  # the first in order on top


def opt_action(st: DragonData, task: Task) -> Legal:
    p = st.seats[task[1]]
    yuan = p.yuan
    # the wall card is dealt only with the Great Wall: without it there is none to leave out
    wall_shut = st.options["great_wall"] != "off" and not (
        len(st.wall) < D.WALL_LENGTH and p.wall_tiles
    )
    out: Legal = {}
    dragons = st.dragons
    for g, cards in enumerate(st.groups):
        fee = D.OCCUPIED_FEE if dragons[g] else 0
        if yuan < fee:
            continue
        # the rare cards a seat cannot take are left out before the loop, not card by card
        if yuan - fee < D.SMALL_PRIVILEGE_COST and "privilege" in cards:
            cards = tuple(c for c in cards if c != "privilege")
        if wall_shut and D.WALL_CARD in cards:
            cards = tuple(c for c in cards if c != D.WALL_CARD)
        made = ACTION_PAYLOAD[fee][g]
        for card in cards:
            key, payload = made[card]
            out[key] = payload
    out["refill"] = None
    return out


def apply_action(st: DragonData, task: Task, choice: tuple[int, str, int] | None) -> None:
    seat = task[1]
    p = st.seats[seat]
    if choice is None:
        gain = max(0, D.REFILL_TO - p.yuan)
        p.yuan += gain
        if not st.quiet:
            st.log.append({"key": "dragon.action.refill", "seat": seat, "yuan": gain})
        return
    g, card, fee = choice
    p.yuan -= fee
    st.dragons[g].append(seat)
    if not st.quiet:
        st.log.append(
            {"key": "dragon.action.taken", "seat": seat, "card": card, "group": g + 1, "fee": fee}
        )
    if card == "tax":
        gain = D.ACTION_BASE["tax"] + p.symbols("T")
        p.yuan += gain
        if not st.quiet:
            st.log.append({"key": "dragon.gain.yuan", "seat": seat, "n": gain})
    elif card == "build":
        st.tasks.append(("floor", seat, D.ACTION_BASE["build"] + p.symbols("C")))
    elif card == "harvest":
        gain = D.ACTION_BASE["harvest"] + p.symbols("F")
        p.rice += gain
        if not st.quiet:
            st.log.append({"key": "dragon.gain.rice", "seat": seat, "n": gain})
    elif card == "fireworks":
        gain = D.ACTION_BASE["fireworks"] + p.symbols("P")
        p.fireworks += gain
        if not st.quiet:
            st.log.append({"key": "dragon.gain.fireworks", "seat": seat, "n": gain})
    elif card == "parade":
        move(st, seat, D.ACTION_BASE["parade"] + p.symbols("W"))
    elif card == "research":
        gain = D.ACTION_BASE["research"] + p.symbols("S")
        p.gain_vp(gain, "research")
        if not st.quiet:
            st.log.append({"key": "dragon.gain.vp", "seat": seat, "n": gain, "source": "research"})
    elif card == "privilege":
        st.tasks.append(("privilege", seat))
    elif card == D.WALL_CARD:
        if st.options["great_wall"] == "random_tile":
            build_wall_tile(st, seat, st.rng.choice(sorted(p.wall_tiles)))
        else:
            st.tasks.append(("walltile", seat))


def opt_floor(st: DragonData, task: Task) -> Legal:
    p = st.seats[task[1]]
    out: Legal = {}
    for i, (f, _) in enumerate(p.palaces):  # a loop, not a dict comprehension's call
        if f < D.MAX_FLOORS:
            out[FLOOR[i]] = i
    out["floor new"] = -1
    return out


def apply_floor(st: DragonData, task: Task, idx: int) -> None:
    _, seat, n = task
    p = st.seats[seat]
    if idx < 0:
        p.palaces.append((1, ()))
        idx = len(p.palaces) - 1
    else:
        f, res = p.palaces[idx]
        p.palaces[idx] = (f + 1, res)
    if not st.quiet:
        st.log.append(
            {
                "key": "dragon.floor.built",
                "seat": seat,
                "palace": idx + 1,
                "floors": p.palaces[idx][0],
            }
        )
    if n > 1:
        st.tasks.append(("floor", seat, n - 1))


def opt_privilege(st: DragonData, task: Task) -> Legal:
    p = st.seats[task[1]]
    large = D.LARGE_PRIVILEGE_COST[st.options["edition"]]
    out: Legal = {"privilege small": ("small", D.SMALL_PRIVILEGE_COST)}
    if p.yuan >= large:
        out["privilege large"] = ("large", large)
    return out


def apply_privilege(st: DragonData, task: Task, choice: tuple[str, int]) -> None:
    size, cost = choice
    p = st.seats[task[1]]
    p.yuan -= cost
    if size == "small":
        p.priv_small += 1
    else:
        p.priv_large += 1
    if not st.quiet:
        st.log.append(
            {"key": "dragon.privilege.bought", "seat": p.seat, "size": size, "yuan": cost}
        )


def opt_walltile(st: DragonData, task: Task) -> Legal:
    p = st.seats[task[1]]
    return {f"wall {t}": t for t in D.WALL_TILES if t in p.wall_tiles}


def apply_walltile(st: DragonData, task: Task, tile: str) -> None:
    build_wall_tile(st, task[1], tile)


def build_wall_tile(st: DragonData, seat: int, tile: str) -> None:
    """Build the Wall (§5.1.3): gain the bonus, then the tile joins the wall."""
    p = st.seats[seat]
    p.wall_tiles.remove(tile)
    st.wall.append(seat)
    if not st.quiet:
        st.log.append(
            {"key": "dragon.wall.built", "seat": seat, "tile": tile, "position": len(st.wall)}
        )
    bonus = D.WALL_BONUS[tile]
    if tile == "rice":
        p.rice += bonus
    elif tile == "fireworks":
        p.fireworks += bonus
    elif tile == "yuan":
        p.yuan += bonus
    elif tile == "vp":
        p.gain_vp(bonus, "wall_tile")
    elif tile == "pt":
        move(st, seat, bonus)
    elif tile == "floor":
        st.tasks.append(("floor", seat, bonus))
