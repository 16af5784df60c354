"""Ming Dynasty: the round flow and the decisions of setup and phases 1-3 (ming.md §3-§4.3).

The game is a stack of tasks (``state.tasks``, top = last). An automatic task runs and
may push others; a decision task ``(kind, seat, ...)`` waits for its seat.
``opt_<kind>`` lists a decision's legal actions as ``{notation: payload}``;
``apply_<kind>`` carries one out (which handles which task: ``flow.py``). Scoring and the round
end are in ``scoring.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ...core.tasks import Legal, push
from . import data as D
from .scoring import gain_tile
from .state import NONE, MingData, Task


# -- cards ----------------------------------------------------------------------------
def pay(st: MingData, seat: int, card: str) -> None:
    """Play a card from the hand: dragons to the dragon stack, others to the discards."""
    st.hands[seat].remove(card)
    if card == D.DRAGON:
        st.dragons += 1
    else:
        st.discard.append(card)


def refill(st: MingData, p: int) -> None:
    """Turn the top supply card into display slot ``p``, reshuffling discards if needed."""
    if not st.deck and st.discard:
        st.deck, st.discard = st.discard, []
        st.rng.shuffle(st.deck)
        if not st.quiet:
            st.log.append({"key": "ming.deck.reshuffled", "cards": len(st.deck)})
    st.display[p] = st.deck.pop() if st.deck else None
    if not st.quiet:
        st.log.append(
            {"key": "ming.display.refilled", "province": st.map.provinces[p], "card": st.display[p]}
        )


# -- setup: princes and the 2-player neutral (§3 step 9, §5.1) --------------------------
def opt_prince(st: MingData, task: Task) -> Legal:
    taken = set(st.prince)
    return {f"prince {name}": d for d, name in enumerate(st.map.districts) if d not in taken}


def apply_prince(st: MingData, task: Task, d: int) -> None:
    seat = task[1]
    st.prince[seat] = d
    if not st.quiet:
        st.log.append({"key": "ming.prince.placed", "seat": seat, "district": st.map.districts[d]})
    gain_tile(st, seat, st.map.province_of[d], 0)


def auto_neutrals(st: MingData, task: Task) -> None:
    """Each player places the reconstructed number of neutral members, alternating."""
    rotation = st.rotation()
    push(st, *[("neutral", s) for _ in range(st.map.neutral_per_player) for s in rotation])


def opt_neutral(st: MingData, task: Task) -> Legal:
    n = st.neutral
    assert n is not None
    if st.supply[n] <= 0:
        return {}
    return {
        f"neutral {name}": d
        for d, name in enumerate(st.map.districts)
        if st.open[d][n] < D.NEUTRAL_CAP
    }


def apply_neutral(st: MingData, task: Task, d: int) -> None:
    n = st.neutral
    assert n is not None
    st.supply[n] -= 1
    st.open[d][n] += 1
    if not st.quiet:
        st.log.append(
            {"key": "ming.neutral.placed", "seat": task[1], "district": st.map.districts[d]}
        )


# -- round flow (§4.0) -------------------------------------------------------------------
def auto_round(st: MingData, task: Task) -> None:
    if not st.quiet:
        st.log.append({"key": "ming.round.started", "round": st.round, "seat": st.start_player})
    st.passed = [False] * st.players
    rotation = st.rotation()
    tail: list[Task] = [("draw", 0), ("turns", 0)]
    if st.round in D.SCORING_ROUNDS:
        tail.append(("scoring",))
    tail.append(("endround",))
    push(st, *[("space", s) for _ in range(D.PLACE_PER_ROUND) for s in rotation], *tail)


# -- phase 1: members onto province spaces (§4.1) --------------------------------------------
def opt_space(st: MingData, task: Task) -> Legal:
    if st.supply[task[1]] <= 0:
        return {}
    return _space_actions(st.map)


@cache
def _space_actions(m: D.MapData) -> Legal:
    """``space <province>`` for every province of ``m``: written once per map, the same
    dict for every listing (legal action maps are never changed once listed)."""
    return {f"space {name}": p for p, name in enumerate(m.provinces)}


def apply_space(st: MingData, task: Task, p: int) -> None:
    seat = task[1]
    st.supply[seat] -= 1
    st.spaces[p][seat] += 1
    if not st.quiet:
        st.log.append({"key": "ming.space.placed", "seat": seat, "province": st.map.provinces[p]})


# -- phase 2: movement and dragon cards (§4.2) ----------------------------------------------
def next_seat(st: MingData, pos: int, wants: Callable[[int], bool]) -> tuple[int, int] | None:
    """The first seat from rotation position ``pos`` that ``wants`` a turn, and its position."""
    rotation = st.rotation()
    n = st.players
    for i in range(n):
        at = (pos + i) % n
        if wants(rotation[at]):
            return rotation[at], at
    return None


def auto_draw(st: MingData, task: Task) -> None:
    found = next_seat(st, task[1], lambda s: len(st.hands[s]) < D.HAND_LIMIT)
    if found is not None:
        seat, at = found
        push(st, ("card", seat), ("draw", (at + 1) % st.players))


def opt_card(st: MingData, task: Task) -> Legal:
    seat = task[1]
    out: Legal = {}
    provinces = st.map.provinces
    for p, name in enumerate(provinces):
        if st.spaces[p][seat] and st.display[p] is not None:
            out[f"take {name}"] = ("take", p)
    if st.dragons > 0:
        for p, name in enumerate(provinces):
            if st.spaces[p][seat]:
                out[f"dragon {name}"] = ("dragon", p)
    return out


def apply_card(st: MingData, task: Task, choice: tuple[str, int]) -> None:
    seat = task[1]
    kind, p = choice
    province = st.map.provinces[p]
    if kind == "take":
        card = st.display[p]
        assert card is not None
        st.hands[seat].append(card)
        if not st.quiet:
            st.log.append(
                {"key": "ming.card.taken", "seat": seat, "card": card, "province": province}
            )
        refill(st, p)
        return
    st.dragons -= 1
    st.hands[seat].append(D.DRAGON)
    st.spaces[p][seat] -= 1
    st.box[seat] += 1
    if not st.quiet:
        st.log.append({"key": "ming.card.dragon", "seat": seat, "province": province})


# -- phase 3: moving princes and deploying (§4.3) --------------------------------------------
def auto_turns(st: MingData, task: Task) -> None:
    found = next_seat(st, task[1], lambda s: not st.passed[s])
    if found is not None:
        seat, at = found
        push(st, ("act", seat), ("turns", (at + 1) % st.players))
    else:
        if not st.quiet:
            st.log.append({"key": "ming.phase3.over"})


def _blocked(st: MingData, seat: int) -> frozenset[int]:
    return frozenset(d for s, d in enumerate(st.prince) if s != seat)


def can_finish(st: MingData, at: int, hand: list[str], blocked: frozenset[int]) -> bool:
    """Whether a prince at ``at`` can end a move (0+ more steps) outside ``blocked``."""
    if at not in blocked:
        return True
    if not hand:
        return False
    for n, transport in st.map.neighbours[at]:
        for card in (transport, D.DRAGON):
            if card in hand and (
                n not in blocked or can_finish(st, n, _without(hand, card), blocked)
            ):
                return True
    return False


def move_options(st: MingData, seat: int) -> Legal:
    """``move D CARD`` for each step after which the move can still end legally."""
    hand = st.hands[seat]
    blocked = _blocked(st, seat)
    names = st.map.districts
    out: Legal = {}
    for n, transport in st.map.neighbours[st.prince[seat]]:
        for card in (transport, D.DRAGON):
            if card in hand and (
                n not in blocked or can_finish(st, n, _without(hand, card), blocked)
            ):
                out[f"move {names[n]} {card}"] = ("move", n, card)
    return out


def _without(hand: list[str], card: str) -> list[str]:
    """``hand`` after paying one ``card``."""
    rest = hand.copy()
    rest.remove(card)
    return rest


def opt_act(st: MingData, task: Task) -> Legal:
    seat = task[1]
    out = move_options(st, seat)
    for card in st.map.cards:
        if card in st.hands[seat]:
            out[f"stay {card}"] = ("stay", card)
    out["pass"] = ("pass",)
    return out


def apply_act(st: MingData, task: Task, choice: tuple[Any, ...]) -> None:
    seat = task[1]
    if choice[0] == "pass":
        st.passed[seat] = True
        if not st.quiet:
            st.log.append({"key": "ming.passed", "seat": seat})
    elif choice[0] == "stay":
        pay(st, seat, choice[1])
        if not st.quiet:
            st.log.append(
                {
                    "key": "ming.prince.stayed",
                    "seat": seat,
                    "card": choice[1],
                    "district": st.map.districts[st.prince[seat]],
                }
            )
        push(st, ("deploy", seat))
    else:
        step(st, seat, choice[1], choice[2])


def step(st: MingData, seat: int, to: int, card: str) -> None:
    m = st.map
    pay(st, seat, card)
    if not st.quiet:
        st.log.append(
            {
                "key": "ming.prince.moved",
                "seat": seat,
                "card": card,
                "from": m.districts[st.prince[seat]],
                "district": m.districts[to],
            }
        )
    st.prince[seat] = to
    push(st, ("moving", seat))


def opt_moving(st: MingData, task: Task) -> Legal:
    seat = task[1]
    out = move_options(st, seat)
    if st.prince[seat] not in _blocked(st, seat):
        out["stop"] = ("stop",)
    return out


def apply_moving(st: MingData, task: Task, choice: tuple[Any, ...]) -> None:
    seat = task[1]
    if choice[0] == "stop":
        if not st.quiet:
            st.log.append(
                {
                    "key": "ming.prince.stopped",
                    "seat": seat,
                    "district": st.map.districts[st.prince[seat]],
                }
            )
        push(st, ("deploy", seat))
    else:
        step(st, seat, choice[1], choice[2])


def opt_deploy(st: MingData, task: Task) -> Legal:
    seat = task[1]
    d = st.prince[seat]
    if st.cloister[d] == seat:
        return {"deploy 0": (0, False)}
    most = min(D.MAX_DEPLOY, st.spaces[st.map.province_of[d]][seat])
    out: Legal = {f"deploy {n}": (n, False) for n in range(most + 1)}
    out.update({f"deploy {n}+c": (n, True) for n in range(most)})
    return out


def apply_deploy(st: MingData, task: Task, choice: tuple[int, bool]) -> None:
    seat = task[1]
    n, to_cloister = choice
    d = st.prince[seat]
    st.spaces[st.map.province_of[d]][seat] -= n + to_cloister
    st.open[d][seat] += n
    district = st.map.districts[d]
    key = "ming.deployed_cloister" if to_cloister else "ming.deployed"
    if not st.quiet:
        st.log.append(
            {"key": key, "seat": seat, "n": n, "cloister": to_cloister, "district": district}
        )
    if to_cloister:
        ousted = st.cloister[d]
        if ousted != NONE:
            st.open[d][ousted] += 1
            if not st.quiet:
                st.log.append({"key": "ming.cloister.ousted", "seat": ousted, "district": district})
        st.cloister[d] = seat
