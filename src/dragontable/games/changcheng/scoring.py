"""Chang Cheng: province completion and scoring (§4.5) with the action cards.

``complete`` reveals the province's cards and cancels equal priorities; ``resolve``
takes the pending cards one by one in priority order and asks each owner for the
card's choices (``warrior``, ``traitor``, ``flood``, ``builder``, ``mandarin`` then
``swapwith``); ``award`` computes strength and value and pays every tied winner.
"""

from __future__ import annotations

from collections import Counter

from ...core.tasks import Decision, Legal, push
from .data import (
    BUILDER,
    BUILDER_A_DELTA,
    BUILDER_B_WALLS,
    FLOOD,
    FLOOD_A_DELTA,
    MANDARIN,
    MASTER,
    MASTER_WALLS,
    MAX_EXTENSIONS,
    NEUTRAL,
    OWNER_NAMES,
    PRIORITY,
    SINGLE,
    TRAITOR,
    WARRIOR,
)
from .logbook import log
from .state import Card, CCData, Task
from .wall import unfinished


def card_name(card: Card) -> str:
    """``green:builder``: the notation of a revealed card."""
    return f"{OWNER_NAMES[card[0]]}:{card[1]}"


def auto_complete(st: CCData, task: Task) -> None:
    _, seat, p = task
    if p in st.scored or unfinished(st, p):
        return
    cards = st.cards.pop(p, ())
    log(st, "province.completed", seat=seat, province=p)
    if cards:
        log(st, "cards.revealed", province=p, cards=[card_name(c) for c in cards])
    for owner, card in cards:
        st.gone[owner] = (*st.gone[owner], card)
    count = Counter(PRIORITY[c] for _, c in cards)
    pending = []
    for c in cards:
        if count[PRIORITY[c[1]]] > 1:
            log(st, "card.cancelled", card=card_name(c), reason="same_priority")
        else:
            pending.append(c)
    pending.sort(key=lambda c: PRIORITY[c[1]])
    st.res = (p, tuple(pending), 0, (0,) * st.players)
    push(st, ("resolve", seat, p), ("award", seat, p))


def auto_resolve(st: CCData, task: Task) -> None:
    assert st.res is not None
    p, pending, delta, virtual = st.res
    if not pending:
        return
    card, rest = pending[0], pending[1:]
    st.res = (p, rest, delta, virtual)
    owner, kind = card
    log(st, "card.resolves", seat=owner, card=kind, province=p)
    push(st, ("resolve", task[1], p))
    if kind == MASTER:
        v = list(virtual)
        v[owner] += MASTER_WALLS
        st.res = (p, rest, delta, tuple(v))
        log(st, "card.walls", seat=owner, walls=MASTER_WALLS, province=p)
        return
    decision = (kind, owner, p)
    if CARD_DECISIONS[kind].options(st, decision):
        push(st, decision)
    else:
        log(st, "card.no_effect", seat=owner, card=kind, province=p)


# -- the card decisions ------------------------------------------------------------------
def opt_warrior(st: CCData, task: Task) -> Legal:
    """Cancel one other pending card: mandatory, even the owner's own (§4.5.3)."""
    assert st.res is not None
    return {f"cancel {card_name(c)}": c for c in st.res[1]}


def apply_warrior(st: CCData, task: Task, card: Card) -> None:
    assert st.res is not None
    p, pending, delta, virtual = st.res
    st.res = (p, tuple(c for c in pending if c != card), delta, virtual)
    log(st, "card.cancelled", card=card_name(card), reason="warrior", seat=task[1])


def destroy_targets(st: CCData, p: str) -> list[str]:
    seg = st.seg
    return [s for s in st.bd.province_spaces[p] if seg[s][1] == SINGLE and not seg[s][2]]


def opt_traitor(st: CCData, task: Task) -> Legal:
    """A: destroy a single wall here; B: remove a threat token next to here."""
    p = task[2]
    out: Legal = {f"destroy {s}": ("destroy", s) for s in destroy_targets(st, p)}
    for r in st.bd.province_regions[p]:
        if st.threat.get(r) is not None:
            out[f"remove {r}"] = ("remove", r)
    return out


def apply_traitor(st: CCData, task: Task, payload: tuple[str, str]) -> None:
    kind, target = payload
    if kind == "destroy":
        owner, piece, _ = st.seg[target]
        st.seg[target] = (owner, piece, True)
        log(st, "wall.destroyed", seat=task[1], space=target, owner=OWNER_NAMES[owner])
    else:
        value = st.threat[target]
        assert value is not None
        st.threat_gone = (*st.threat_gone, (target, value))
        st.threat[target] = None
        st.face_up.discard(target)
        log(st, "token.removed", seat=task[1], region=target)


def opt_ab(st: CCData, task: Task) -> Legal:
    return {f"{task[0]} a": "a", f"{task[0]} b": "b"}


def apply_flood(st: CCData, task: Task, option: str) -> None:
    d = FLOOD_A_DELTA if option == "a" else st.bd.flood_b_delta
    _add_value(st, d)
    log(st, "card.value", seat=task[1], card=FLOOD, option=option, delta=d)


def apply_builder(st: CCData, task: Task, option: str) -> None:
    if option == "a":
        _add_value(st, BUILDER_A_DELTA)
        log(st, "card.value", seat=task[1], card=BUILDER, option=option, delta=BUILDER_A_DELTA)
        return
    assert st.res is not None
    p, pending, delta, virtual = st.res
    v = list(virtual)
    v[task[1]] += BUILDER_B_WALLS
    st.res = (p, pending, delta, tuple(v))
    log(st, "card.walls", seat=task[1], walls=BUILDER_B_WALLS, province=p)


def _add_value(st: CCData, d: int) -> None:
    assert st.res is not None
    p, pending, delta, virtual = st.res
    st.res = (p, pending, delta + d, virtual)


def swap_partners(st: CCData, space: str) -> list[str]:
    """Intact singles anywhere on the wall of another owner than ``space``'s."""
    seg = st.seg
    owner = seg[space][0]
    out = []
    for s in st.geo.spaces:
        x = seg.get(s)
        if x is not None and x[1] == SINGLE and not x[2] and x[0] != owner:
            out.append(s)
    return out


def opt_mandarin(st: CCData, task: Task) -> Legal:
    """Optionally swap an intact single here with one of another owner anywhere."""
    out: Legal = {f"swap {s}": s for s in destroy_targets(st, task[2]) if swap_partners(st, s)}
    if out:
        out["no-swap"] = None
    return out


def apply_mandarin(st: CCData, task: Task, space: str | None) -> None:
    if space is None:
        log(st, "mandarin.declined", seat=task[1])
    else:
        push(st, ("swapwith", task[1], space))


def opt_swapwith(st: CCData, task: Task) -> Legal:
    return {f"with {s}": s for s in swap_partners(st, task[2])}


def apply_swapwith(st: CCData, task: Task, other: str) -> None:
    first = task[2]
    a, b = st.seg[first], st.seg[other]
    st.seg[first], st.seg[other] = (b[0], a[1], a[2]), (a[0], b[1], b[2])
    log(st, "mandarin.swapped", seat=task[1], spaces=[first, other],
        owners=[OWNER_NAMES[b[0]], OWNER_NAMES[a[0]]])  # fmt: skip


# -- majority and value (§4.5.4, §4.5.5) ---------------------------------------------------
def strengths(st: CCData, p: str, virtual: tuple[int, ...]) -> dict[int, int]:
    """Each owner's strength in ``p``: intact segments plus virtual walls."""
    out: dict[int, int] = {}
    seg = st.seg
    for s in st.bd.province_spaces[p]:
        owner, _, destroyed = seg[s]
        if not destroyed:
            out[owner] = out.get(owner, 0) + 1
    for seat, n in enumerate(virtual):
        if n:
            out[seat] = out.get(seat, 0) + n
    return out


def province_value(st: CCData, p: str, delta: int) -> int:
    intact = sum(1 for s in st.bd.province_spaces[p] if not st.seg[s][2])
    return max(0, intact + st.rep[p] + delta)


def auto_award(st: CCData, task: Task) -> None:
    assert st.res is not None
    p, _, delta, virtual = st.res
    strength = strengths(st, p, virtual)
    value = province_value(st, p, delta)
    top = max(strength.values(), default=0)
    winners = [o for o, n in strength.items() if n == top and o != NEUTRAL] if top else []
    winners.sort()
    for seat in winners:
        st.gain(seat, value, "provinces")
    st.res = None
    st.scored.append(p)
    if st.extensions < MAX_EXTENSIONS[st.players]:
        st.emperor += 1
    log(
        st, "province.scored" if winners else "province.unclaimed", province=p, value=value,
        winners=[OWNER_NAMES[w] for w in winners],
        strength=[f"{OWNER_NAMES[o]} {n}" for o, n in sorted(strength.items())],
    )  # fmt: skip


CARD_DECISIONS: dict[str, Decision] = {
    WARRIOR: Decision(opt_warrior, apply_warrior),
    TRAITOR: Decision(opt_traitor, apply_traitor),
    FLOOD: Decision(opt_ab, apply_flood),
    BUILDER: Decision(opt_ab, apply_builder),
    MANDARIN: Decision(opt_mandarin, apply_mandarin),
    "swapwith": Decision(opt_swapwith, apply_swapwith),
}
"""The decisions a revealed card asks for, by card (and the Mandarin's second step)."""
