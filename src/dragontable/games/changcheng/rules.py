"""Chang Cheng: the turn (§4.1), its five actions (§4.3), partial actions and forfeits
(§4.7), tower reservations and scouting (§4.4), the neutral wall (§5) and the board
extension (§4.6).

A turn is the tasks ``act`` → ``neutral`` → ``extendq`` → ``endturn``. Each action is
a first decision (``act``) plus, for two-item actions, a second one (``second``,
``card2``, ``cardwall``). ``state.rule`` remembers where this turn's neutral wall may go.
"""

from __future__ import annotations

from typing import Any

from ...core.tasks import Legal, push
from .data import DOUBLE, MAX_EXTENSIONS, NEUTRAL, SINGLE, TOWER, WEST
from .final import game_ends
from .logbook import log
from .state import CCData, Task
from .wall import (
    double_starts,
    has_single_space,
    open_for_other,
    other_spaces,
    place,
    reservation_candidates,
    single_spaces,
    tower_adjacent,
    tower_spaces,
    unfinished,
    unfinished_provinces,
)


# -- the turn ------------------------------------------------------------------------
def first_turn(st: CCData) -> bool:
    """The starting player's very first turn: one single wall only (§3 step 12)."""
    return st.turn_no == 1


def auto_begin(st: CCData, task: Task) -> None:
    seat = task[1]
    st.turn_no += 1
    st.active, st.rule = seat, None
    log(st, "turn.started", seat=seat)
    if has_act(st, ("act", seat)):
        push(st, ("act", seat), ("neutral", seat), ("extendq", seat), ("endturn", seat))
    else:
        log(st, "turn.forfeited", seat=seat)
        push(st, ("extendq", seat), ("endturn", seat))


def auto_endturn(st: CCData, task: Task) -> None:
    reason = game_ends(st)
    if reason is not None:
        st.ended = reason
        push(st, ("final",))
    else:
        push(st, ("begin", (task[1] + 1) % st.players))


# -- the five actions and the partial ones (§4.3, §4.7) ----------------------------------
def opt_act(st: CCData, task: Task) -> Legal:
    seat = task[1]
    singles, hand = st.singles[seat], st.hands[seat]
    spaces = single_spaces(st, seat) if singles else []
    if first_turn(st):
        return {f"single {s}": ("first", s) for s in spaces}
    prov = st.bd.province_of
    out: Legal = {}
    if singles >= 2 and len({prov[s] for s in spaces}) >= 2:
        for s in spaces:
            out[f"two-singles {s}"] = ("two-singles", s)
    unfinished = unfinished_provinces(st) if hand else []
    if len(hand) >= 2 and len(unfinished) >= 2:
        for c in hand:
            for p in unfinished:
                out[f"two-cards {c} {p}"] = ("two-cards", c, p)
    if hand and spaces:
        with_space = dict.fromkeys(prov[s] for s in spaces)
        for c in hand:
            for p in with_space:
                out[f"card-single {c} {p}"] = ("card-single", c, p)
    if st.double[seat]:
        for s in double_starts(st):
            out[f"double {s}"] = ("double", s)
    if st.tower[seat]:
        for s in tower_spaces(st):
            out[f"tower {s}"] = ("tower", s)
    if out:
        return out
    for s in spaces:
        out[f"single {s}"] = ("one-single", s)
    for c in hand:
        for p in unfinished:
            out[f"card {c} {p}"] = ("one-card", c, p)
    return out


def has_act(st: CCData, task: Task) -> bool:
    """Whether ``opt_act`` lists anything, without listing it (§4.7: else a forfeit).

    Every two-item action needs what one of the partial ones needs, so the seat can act
    iff it can build a single, lay a card, or place its double wall or tower.
    """
    seat = task[1]
    if st.singles[seat] and has_single_space(st, seat):
        return True
    if first_turn(st):
        return False
    if st.hands[seat] and any(unfinished(st, p) for p in st.geo.provinces):
        return True
    if st.double[seat] and any(
        open_for_other(st, a) and open_for_other(st, b) for a, b in st.geo.pairs
    ):
        return True
    return bool(st.tower[seat]) and any(
        open_for_other(st, s) and not tower_adjacent(st, s) for s in st.geo.spaces
    )


def put_card(st: CCData, seat: int, card: str, province: str) -> None:
    """Lay ``card`` face down into ``province``; only its owner learns which it is."""
    hand = st.hands[seat]
    i = hand.index(card)
    st.hands[seat] = hand[:i] + hand[i + 1 :]
    st.cards[province] = st.cards.get(province, ()) + ((seat, card),)
    log(st, "card.placed", seat=seat, province=province)
    log(st, "card.placed_own", seat=seat, card=card, province=province, to=seat)


def apply_act(st: CCData, task: Task, payload: tuple[Any, ...]) -> None:
    seat, kind = task[1], payload[0]
    prov = st.bd.province_of
    if kind == "first":
        place(st, seat, seat, SINGLE, (payload[1],))
    elif kind in ("one-single", "two-singles"):
        p = prov[payload[1]]
        st.rule = ("only", (p,))
        if kind == "two-singles":
            push(st, ("second", seat, p))
        place(st, seat, seat, SINGLE, (payload[1],))
    elif kind in ("one-card", "two-cards", "card-single"):
        _, card, p = payload
        put_card(st, seat, card, p)
        st.rule = ("except" if kind == "card-single" else "only", (p,))
        if kind == "two-cards":
            push(st, ("card2", seat, p))
        elif kind == "card-single":
            push(st, ("cardwall", seat, p))
    elif kind == "double":
        spaces = (payload[1], st.geo.nxt[payload[1]])
        st.rule = ("except", tuple(dict.fromkeys(prov[s] for s in spaces)))
        place(st, seat, seat, DOUBLE, spaces)
    else:
        st.rule = ("except", (prov[payload[1]],))
        place(st, seat, seat, TOWER, (payload[1],))


def opt_second(st: CCData, task: Task) -> Legal:
    """The second single wall of ``two-singles``: another province than the first."""
    _, seat, first = task
    prov = st.bd.province_of
    return {f"single {s}": s for s in single_spaces(st, seat) if prov[s] != first}


def apply_second(st: CCData, task: Task, space: str) -> None:
    seat = task[1]
    st.rule = ("only", (task[2], st.bd.province_of[space]))
    place(st, seat, seat, SINGLE, (space,))


def opt_card2(st: CCData, task: Task) -> Legal:
    """The second card of ``two-cards``: another card, another unfinished province."""
    _, seat, first = task
    provinces = [p for p in unfinished_provinces(st) if p != first]
    return {f"card {c} {p}": (c, p) for c in st.hands[seat] for p in provinces}


def apply_card2(st: CCData, task: Task, payload: tuple[str, str]) -> None:
    seat = task[1]
    put_card(st, seat, *payload)
    st.rule = ("only", (task[2], payload[1]))


def opt_cardwall(st: CCData, task: Task) -> Legal:
    """The single wall of ``card-single``: in the province that took the card."""
    _, seat, p = task
    prov = st.bd.province_of
    return {f"single {s}": s for s in single_spaces(st, seat) if prov[s] == p}


def apply_cardwall(st: CCData, task: Task, space: str) -> None:
    place(st, task[1], task[1], SINGLE, (space,))


# -- placement hooks: reservation and scouting (§4.4.2, §4.4.3) -------------------------
def auto_reserve(st: CCData, task: Task) -> None:
    _, seat, tower = task
    candidates = reservation_candidates(st, tower)
    if len(candidates) == 1:
        reserve(st, seat, candidates[0])
    elif candidates:
        push(st, ("reservechoice", seat, tower))


def reserve(st: CCData, seat: int, space: str) -> None:
    st.reserved[space] = seat
    log(st, "tower.reserved", seat=seat, space=space)


def opt_reservechoice(st: CCData, task: Task) -> Legal:
    return {f"reserve {s}": s for s in reservation_candidates(st, task[2])}


def apply_reservechoice(st: CCData, task: Task, space: str) -> None:
    reserve(st, task[1], space)


def auto_scout(st: CCData, task: Task) -> None:
    _, seat, region = task
    if st.threat.get(region) is None or region in st.face_up or seat in st.known.get(region, ()):
        return
    if st.options["scouting"] == "ask":
        push(st, ("scoutchoice", seat, region))
    else:
        scout(st, seat, region)


def scout(st: CCData, seat: int, region: str) -> None:
    st.known[region] = tuple(sorted(st.known.get(region, ()) + (seat,)))
    log(st, "token.scouted", seat=seat, region=region)
    log(st, "token.seen", region=region, value=st.threat[region], to=seat)


def opt_scoutchoice(st: CCData, task: Task) -> Legal:
    return {f"scout {task[2]}": task[2], "no-scout": None}


def apply_scoutchoice(st: CCData, task: Task, region: str | None) -> None:
    if region is not None:
        scout(st, task[1], region)


# -- the neutral wall (§5) -------------------------------------------------------------
def opt_neutral(st: CCData, task: Task) -> Legal:
    if st.neutral <= 0 or st.rule is None:
        return {}
    mode, provinces = st.rule
    prov = st.bd.province_of
    out: Legal = {
        f"neutral {s}": s for s in other_spaces(st) if (prov[s] in provinces) == (mode == "only")
    }
    if out:
        out["no-neutral"] = None
    return out


def has_neutral(st: CCData, task: Task) -> bool:
    """Whether ``opt_neutral`` lists anything, without listing it."""
    if st.neutral <= 0 or st.rule is None:
        return False
    mode, provinces = st.rule
    prov = st.bd.province_of
    only = mode == "only"
    return any((prov[s] in provinces) == only and open_for_other(st, s) for s in st.geo.spaces)


def apply_neutral(st: CCData, task: Task, space: str | None) -> None:
    if space is not None:
        place(st, task[1], NEUTRAL, SINGLE, (space,))


# -- board extension (§4.6) -------------------------------------------------------------
def auto_extendq(st: CCData, task: Task) -> None:
    if st.emperor >= 3 and st.extensions < MAX_EXTENSIONS[st.players]:
        push(st, ("extend", task[1]))


def opt_extend(st: CCData, task: Task) -> Legal:
    out: Legal = {}
    for board in st.stock:
        for side in st.bd.boards[board]:
            for end in ("west", "east"):
                out[f"extend {side} {end}"] = (side, end)
    return out


def draw(st: CCData, supply: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Draw one token at random from a face-down supply."""
    i = st.rng.below(len(supply))
    return supply[i], supply[:i] + supply[i + 1 :]


def apply_extend(st: CCData, task: Task, payload: tuple[str, str]) -> None:
    side, end = payload
    board = st.bd.side_board[side]
    st.stock = tuple(b for b in st.stock if b != board)
    st.set_layout((side, *st.layout) if end == WEST else (*st.layout, side))
    for p in st.bd.side_provinces[side]:
        st.rep[p], st.rep_supply = draw(st, st.rep_supply)
    for r in st.bd.side_regions[side]:
        st.threat[r], st.threat_supply = draw(st, st.threat_supply)
    st.extensions += 1
    st.emperor = st.emperor - 3 if st.extensions < MAX_EXTENSIONS[st.players] else 0
    log(
        st, "board.added", seat=task[1], side=side, end=end,
        reputation=[st.rep[p] for p in st.bd.side_provinces[side]],
    )  # fmt: skip
