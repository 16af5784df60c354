"""Chang Cheng: the end of the game (§4.8), the Mongol attack (§4.9), the end-of-game
event cards (§6) and the final ranking (§4.10).
"""

from __future__ import annotations

from .data import (
    DIPLOMACY,
    DIPLOMACY_BONUS,
    DOMINANCE,
    DOMINANCE_PER_SPACE,
    IMPERIAL_PER_CARD,
    IMPERIAL_REWARD,
    NEUTRAL,
    OWNER_NAMES,
    TOWER,
)
from .logbook import log
from .state import CCData, Task
from .wall import double_starts, has_single_space, tower_spaces


def can_build(st: CCData, seat: int) -> bool:
    """``seat`` holds an own wall piece with a legal placement on the current wall."""
    return bool(
        (st.singles[seat] and has_single_space(st, seat))
        or (st.double[seat] and double_starts(st))
        or (st.tower[seat] and tower_spaces(st))
    )


def game_ends(st: CCData) -> str | None:
    """``"wall_full"`` (E1), ``"no_pieces"`` (E2, the fallback) or ``None``."""
    if len(st.seg) == len(st.geo.spaces):
        return "wall_full"
    if any(can_build(st, seat) for seat in range(st.players)):
        return None
    if st.neutral > 0 and any(st.hands):
        return None  # a card play may still be followed by a neutral wall (§4.8 E2)
    return "no_pieces"


def region_counts(st: CCData, region: str) -> dict[int, int]:
    out: dict[int, int] = {}
    seg = st.seg
    for s in st.bd.region_spaces[region]:
        x = seg.get(s)
        if x is not None and not x[2]:
            out[x[0]] = out.get(x[0], 0) + 1
    return out


def mongol_attack(st: CCData) -> None:
    """Every region's majority loses its threat, except a tower owner there (§4.9)."""
    seg = st.seg
    for r in st.geo.regions:
        value = st.threat[r]
        if value is None:
            continue
        counts = region_counts(st, r)
        top = max(counts.values(), default=0)
        if top == 0:
            continue
        towers = {seg[s][0] for s in st.bd.region_spaces[r] if s in seg and seg[s][1] == TOWER}
        majority = sorted(o for o, n in counts.items() if n == top and o != NEUTRAL)
        losers = [o for o in majority if o not in towers]
        for seat in losers:
            st.gain(seat, value, "mongols")
        for seat in majority:
            if seat in towers:
                log(st, "mongols.protected", seat=seat, region=r)
        if losers:
            log(st, "mongols.attack", region=r, value=value,
                losers=[OWNER_NAMES[o] for o in losers])  # fmt: skip
        else:
            log(st, "mongols.spared", region=r, value=value)


def present_in(st: CCData, seat: int) -> int:
    """Provinces on the table with an intact segment of ``seat`` (Diplomacy)."""
    seg = st.seg
    n = 0
    for p in st.geo.provinces:
        for s in st.bd.province_spaces[p]:
            x = seg.get(s)
            if x is not None and x[0] == seat and not x[2]:
                n += 1
                break
    return n


def longest_run(st: CCData, seat: int) -> int:
    """The longest row of consecutive spaces holding intact segments of ``seat``."""
    best = run = 0
    seg = st.seg
    for s in st.geo.spaces:
        x = seg.get(s)
        if x is not None and x[0] == seat and not x[2]:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def event_points(st: CCData, event: str, seat: int) -> int:
    if event == DIPLOMACY:
        return DIPLOMACY_BONUS if 2 * present_in(st, seat) > len(st.geo.provinces) else 0
    if event == DOMINANCE:
        return DOMINANCE_PER_SPACE * longest_run(st, seat)
    if event == IMPERIAL_REWARD:
        return IMPERIAL_PER_CARD * len(st.hands[seat])
    return 0


def auto_final(st: CCData, task: Task) -> None:
    for r in st.geo.regions:
        if st.threat[r] is not None and r not in st.face_up:
            st.face_up.add(r)
    tokens = [f"{r} {st.threat[r]}" for r in st.geo.regions if st.threat[r] is not None]
    log(st, "tokens.revealed", tokens=tokens)
    mongol_attack(st)
    for event in st.events:
        for seat in range(st.players):
            n = event_points(st, event, seat)
            if n:
                st.gain(seat, n, event)
                log(st, "event.scored", seat=seat, event=event, points=n)
    log(st, "game.ended", reason=st.ended, scores=list(st.score))


def ranking(st: CCData) -> list[int]:
    """Seats by score, highest first; equal scores keep seat order (they share a rank)."""
    return sorted(range(st.players), key=lambda s: -st.score[s])
