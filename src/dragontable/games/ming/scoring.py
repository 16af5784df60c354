"""Ming Dynasty: scoring in rounds 2, 4 and 6 (ming.md §4.4, §5.3) and the round end (§4.5).

Each province is scored completely before the next, in the map's province order:
district majorities move members into the city (province tiles, full sets), the
participants commit their return cards in secret (one hidden decision each, in turn
order), the reveal, the public choice of sections, the 2-player neutral, city points
and the bonus, and the city is cleared. Then cloisters, and after round 6 the tiles.
"""

from __future__ import annotations

from ...core.tasks import Legal, push
from . import data as D
from .state import MingData, Task


# -- pure rules (tested directly against the reference's examples) -------------------------
def district_to_city(counts: list[int], order: list[int]) -> list[tuple[int, int]]:
    """Members each colour moves into a district's city section (§4.4.1 table).

    ``counts[c]`` are open-area members; ``order`` is the processing order of colours
    (clockwise from the start player). Returns ``(colour, n)``, leaders first.
    """
    present = [c for c in order if counts[c] > 0]
    if not present:
        return []
    top = max(counts[c] for c in present)
    firsts = [c for c in present if counts[c] == top]
    if len(firsts) > 1:
        return [(c, 1) for c in firsts] if len(firsts) <= 3 else []
    leader = firsts[0]
    out = [(leader, min(2, top))]
    others = [c for c in present if c != leader]
    if others:
        second = max(counts[c] for c in others)
        seconds = [c for c in others if counts[c] == second]
        if len(seconds) == 1:
            out.append((seconds[0], 1))
    return out


def city_bonus(remaining: dict[int, list[int]], mode: str) -> dict[int, int]:
    """The city majority bonus per colour (§4.4.5); ``remaining[c]`` = members per section."""
    totals = {c: sum(s) for c, s in remaining.items() if sum(s) > 0}
    if not totals:
        return {}
    best = max(totals.values())
    tied = [c for c, t in totals.items() if t == best]
    if len(tied) > 1:
        if mode == "largest_section":
            sections = len(next(iter(remaining.values())))
            size = [sum(s[i] for s in remaining.values()) for i in range(sections)]
            largest = [i for i, n in enumerate(size) if n == max(size)]
            key = {c: max(remaining[c][i] for i in largest) for c in tied}
        else:
            key = {c: max(remaining[c]) for c in tied}
        top = max(key.values())
        tied = [c for c in tied if key[c] == top]
    return {c: D.CITY_BONUS // len(tied) for c in tied}


def final_sets(tiles: list[int]) -> int:
    """How many sets of 5 different colours a holding makes at most (§4.4.8)."""
    k = 0
    while sum(min(c, k + 1) for c in tiles) >= D.FINAL_SET_SIZE * (k + 1):
        k += 1
    return k


# -- tiles ---------------------------------------------------------------------------------
def gain_tile(st: MingData, seat: int, p: int, set_points: int) -> None:
    """Take a province tile; hand in full sets of all colours at once (§4.4.1, §6 item 7)."""
    province = st.map.provinces[p]
    if st.tile_supply[p] <= 0:
        if not st.quiet:
            st.log.append({"key": "ming.tile.none", "seat": seat, "province": province})
        return
    st.tile_supply[p] -= 1
    tiles = st.tiles[seat]
    tiles[p] += 1
    if not st.quiet:
        st.log.append({"key": "ming.tile.taken", "seat": seat, "province": province})
    while all(tiles):
        for q in range(len(tiles)):
            tiles[q] -= 1
            st.tile_supply[q] += 1
        st.gain_points(seat, set_points, "sets")
        if not st.quiet:
            st.log.append({"key": "ming.tile.set", "seat": seat, "points": set_points})


# -- the scoring phase ---------------------------------------------------------------------
def auto_scoring(st: MingData, task: Task) -> None:
    if not st.quiet:
        st.log.append({"key": "ming.scoring.started", "round": st.round})
    tail: list[Task] = [("cloisters",)]
    if st.round == D.ROUNDS:
        tail.append(("finaltiles",))
    push(st, *[("province", p) for p in range(len(st.map.provinces))], *tail)


def colour_order(st: MingData) -> list[int]:
    """Clockwise from the start player, then the neutral."""
    n = st.neutral
    return st.rotation() + ([] if n is None else [n])


def auto_province(st: MingData, task: Task) -> None:
    """District majorities: members into the city, a province tile for each (§4.4.1)."""
    p = task[1]
    points = D.SET_POINTS[st.round]
    order = colour_order(st)
    for d in st.map.districts_of[p]:
        for colour, n in district_to_city(st.open[d], order):
            st.open[d][colour] -= n
            st.city[d].extend([colour] * n)
            district = st.map.districts[d]
            if colour == st.neutral:
                if not st.quiet:
                    st.log.append({"key": "ming.city.neutral", "n": n, "district": district})
                continue
            if not st.quiet:
                st.log.append(
                    {"key": "ming.city.entered", "seat": colour, "n": n, "district": district}
                )
            for _ in range(n):
                gain_tile(st, colour, p, points)
    push(st, ("returns", p))


def in_city(st: MingData, p: int, colour: int) -> int:
    return sum(st.city[d].count(colour) for d in st.map.districts_of[p])


def auto_returns(st: MingData, task: Task) -> None:
    """Ask every participant for a secret return commitment, in turn order (§4.4.2)."""
    p = task[1]
    participants = [s for s in st.rotation() if in_city(st, p, s)]
    st.returns = [None] * st.players
    st.revealed = False
    tail: list[Task] = [("reveal", p)]
    if st.neutral is not None:
        tail.append(("neutralcheck", p))
    tail.append(("cityscore", p))
    push(st, *[("return", s, p) for s in participants], *tail)


def opt_return(st: MingData, task: Task) -> Legal:
    _, seat, p = task
    return {f"return {n}": n for n in st.map.return_sums(in_city(st, p, seat))}


def apply_return(st: MingData, task: Task, n: int) -> None:
    seat = task[1]
    st.returns[seat] = n
    if not st.quiet:
        st.log.append({"key": "ming.return.committed", "seat": seat})
    if not st.quiet:
        st.log.append({"key": "ming.return.chosen", "seat": seat, "n": n, "to": seat})


def auto_reveal(st: MingData, task: Task) -> None:
    """Reveal all commitments at once; returns are then executed in turn order (§4.4.3)."""
    p = task[1]
    st.revealed = True
    if not st.quiet:
        st.log.append({"key": "ming.return.revealed", "province": st.map.provinces[p]})
    backs: list[Task] = []
    for s in st.rotation():
        n = st.returns[s]
        if n is not None:
            if not st.quiet:
                st.log.append({"key": "ming.return.shown", "seat": s, "n": n})
            backs.extend([("back", s, p)] * n)
    push(st, *backs)


def opt_back(st: MingData, task: Task) -> Legal:
    """Which section a returning member leaves (``back D``); ``task[1]`` decides."""
    _, seat, p = task[:3]
    colour = task[3] if len(task) > 3 else seat
    names = st.map.districts
    return {f"back {names[d]}": d for d in st.map.districts_of[p] if colour in st.city[d]}


def apply_back(st: MingData, task: Task, d: int) -> None:
    colour = task[3] if len(task) > 3 else task[1]
    send_back(st, colour, d)


def send_back(st: MingData, colour: int, d: int) -> None:
    st.city[d].remove(colour)
    st.open[d][colour] += 1
    district = st.map.districts[d]
    if colour == st.neutral:
        if not st.quiet:
            st.log.append({"key": "ming.city.neutral_back", "district": district})
    else:
        if not st.quiet:
            st.log.append({"key": "ming.city.back", "seat": colour, "district": district})


def auto_neutralcheck(st: MingData, task: Task) -> None:
    """The 2-player neutral after the players' returns (§5.3)."""
    p = task[1]
    n = st.neutral
    assert n is not None
    have = in_city(st, p, n)
    if not have:
        return
    best = max(in_city(st, p, s) for s in range(st.players))
    if have > best:
        extra = have - (best + 1)
        if not st.quiet:
            st.log.append(
                {"key": "ming.neutral.majority", "province": st.map.provinces[p], "n": extra}
            )
        push(st, *[("back", st.start_player, p, n)] * extra)
        return
    for d in st.map.districts_of[p]:
        while n in st.city[d]:
            send_back(st, n, d)


def auto_cityscore(st: MingData, task: Task) -> None:
    """City points, the majority bonus, and clearing the city (§4.4.5-§4.4.6)."""
    p = task[1]
    sections = st.map.districts_of[p]
    per_member = D.CITY_POINTS[st.round]
    remaining = {c: [st.city[d].count(c) for d in sections] for c in range(st.colours)}
    for s in range(st.players):
        kept = sum(remaining[s])
        if kept:
            st.gain_points(s, kept * per_member, "city")
            if not st.quiet:
                st.log.append(
                    {"key": "ming.city.points", "seat": s, "n": kept, "points": kept * per_member}
                )
    for colour, share in city_bonus(remaining, st.options["city_tiebreak"]).items():
        if colour != st.neutral:
            st.gain_points(colour, share, "city_bonus")
            if not st.quiet:
                st.log.append({"key": "ming.city.bonus", "seat": colour, "points": share})
    for d in sections:
        for c in st.city[d]:
            st.box[c] += 1
        st.city[d] = []
    st.returns = [None] * st.players
    st.revealed = False


def auto_cloisters(st: MingData, task: Task) -> None:
    for s in range(st.players):
        n = st.cloisters_of(s)
        if n:
            st.gain_points(s, n * D.CLOISTER_POINTS, "cloisters")
            if not st.quiet:
                st.log.append(
                    {
                        "key": "ming.cloister.points",
                        "seat": s,
                        "n": n,
                        "points": n * D.CLOISTER_POINTS,
                    }
                )


def auto_finaltiles(st: MingData, task: Task) -> None:
    for s in range(st.players):
        tiles = st.tiles[s]
        k = final_sets(tiles)
        left = sum(tiles) - D.FINAL_SET_SIZE * k
        st.gain_points(s, k * D.FINAL_SET_POINTS, "final_sets")
        st.gain_points(s, left, "tiles")
        if not st.quiet:
            st.log.append(
                {
                    "key": "ming.tile.final",
                    "seat": s,
                    "sets": k,
                    "left": left,
                    "points": k * D.FINAL_SET_POINTS + left,
                }
            )


# -- round end (§4.5, §5.2) ------------------------------------------------------------------
CHOOSER_RANK = {4: 2, 5: 1}  # 4 players: who chooses the start player after rounds 4 and 5


def chooser(st: MingData, rank: int) -> int:
    """The seat at ``rank`` fewest points; ties: most cloisters, then clockwise (§4.5)."""
    ordered = sorted(st.score)
    group = [s for s in range(st.players) if st.score[s] == ordered[rank - 1]]
    most = max(st.cloisters_of(s) for s in group)
    group = [s for s in group if st.cloisters_of(s) == most]
    return next(s for s in st.rotation((st.start_player + 1) % st.players) if s in group)


def auto_endround(st: MingData, task: Task) -> None:
    if st.round == D.ROUNDS:
        if not st.quiet:
            st.log.append({"key": "ming.game.over", "scores": list(st.score)})
        return
    st.round += 1
    tasks: list[Task] = []
    rank = CHOOSER_RANK.get(st.round - 1) if st.players == 4 else None
    if rank is not None:
        tasks.append(("start", chooser(st, rank)))
    else:
        st.start_player = (st.start_player + 1) % st.players
        if not st.quiet:
            st.log.append({"key": "ming.start.passed", "seat": st.start_player})
    if st.neutral is not None and st.round in D.NEUTRAL_ROUNDS:
        tasks.append(("neutrals",))
    tasks.append(("round",))
    push(st, *tasks)


def opt_start(st: MingData, task: Task) -> Legal:
    return {f"start {s + 1}": s for s in range(st.players)}


def apply_start(st: MingData, task: Task, seat: int) -> None:
    st.start_player = seat
    if not st.quiet:
        st.log.append({"key": "ming.start.chosen", "seat": seat, "chooser": task[1]})
