"""In the Year of the Dragon: events, decay, scoring, Great Wall checks and Great Events.

Reference §4.4-§4.6 and §5. Obligations are computed for everybody first, then the
owing seats decide their releases one after another in turn order (§4.4.1).
"""

from __future__ import annotations

from ...core.tasks import push
from . import data as D
from .rules import (
    Legal,
    remove_resident,
    resident_options,
    turn_order,
)
from .state import DragonData, Task


# -- the event phase ------------------------------------------------------------------
def auto_events(st: DragonData, task: Task) -> None:
    r = st.round
    event = st.event_track[r - 1]
    options = st.options
    wall_on = options["great_wall"] != "off"
    if not wall_on and r != D.GREAT_EVENT_ROUND:  # most rounds: the event alone
        st.tasks.append(("event", event))
        return
    steps: list[Task] = [("event", event)]
    if wall_on and event == D.MONGOL:
        steps.append(("wallcheck", r))
    if r == D.ROUNDS and wall_on and options["great_wall_final_timing"] == "after_event":
        steps.append(("wallcheck", D.ROUNDS))
    if (
        r == D.GREAT_EVENT_ROUND
        and st.great_event
        and options["great_event_timing"] == "before_decay"
    ):
        steps.append(("great",))
    push(st, *steps)


def auto_event(st: DragonData, task: Task) -> None:
    """Resolve one event of the track (also used again by the Solar Eclipse)."""
    event = task[1]
    order = turn_order(st)
    if not st.quiet:
        st.log.append({"key": "dragon.event.resolved", "event": event})
    seats, log = st.seats, st.log
    if event == D.TRIBUTE:
        owed: list[Task] = []
        for s in order:
            p = seats[s]
            pay = D.TRIBUTE_YUAN if p.yuan > D.TRIBUTE_YUAN else p.yuan
            p.yuan -= pay
            if not st.quiet:
                log.append({"key": "dragon.tribute.paid", "seat": s, "yuan": pay})
            if pay < D.TRIBUTE_YUAN:
                owed.append(("owe", s, D.TRIBUTE_YUAN - pay, "tribute"))
        push(st, *owed)
    elif event == D.DROUGHT:
        owed = []
        for s in order:
            p = seats[s]
            inhabited = p.inhabited()
            fed = p.rice if p.rice < inhabited else inhabited
            p.rice -= fed
            if not st.quiet:
                st.log.append(
                    {"key": "dragon.drought.fed", "seat": s, "rice": fed, "unfed": inhabited - fed}
                )
            if inhabited > fed:
                owed.append(("drought", s, inhabited - fed, ()))
        push(st, *owed)
    elif event == D.FESTIVAL:
        festival(st, order)
    elif event == D.MONGOL:
        helmets = {s: st.seats[s].symbols("W") for s in order}
        for s in order:
            st.seats[s].gain_vp(helmets[s], "mongol")
            if not st.quiet:
                st.log.append({"key": "dragon.mongol.scored", "seat": s, "helmets": helmets[s]})
        fewest = min(helmets.values())
        push(st, *[("owe", s, 1, "mongol") for s in order if helmets[s] == fewest])
    elif event == D.CONTAGION:
        owed = []
        for s in order:
            k = D.CONTAGION_RELEASES - st.seats[s].symbols("H")
            if k > 0:
                owed.append(("owe", s, k, "contagion"))
        push(st, *owed)


def festival(st: DragonData, order: list[int]) -> None:
    """Dragon Festival (§4.4.5): every award is fixed from the counts before anyone
    returns fireworks, so a first-place scorer left with the second count scores once."""
    counts = sorted(
        {st.seats[s].fireworks for s in order if st.seats[s].fireworks > 0}, reverse=True
    )
    award = dict(zip(counts, D.FESTIVAL_VP, strict=False))
    for s in order:
        p = st.seats[s]
        vp = award.get(p.fireworks)
        if vp is None:
            continue
        p.gain_vp(vp, "festival")
        back = (p.fireworks + 1) // 2
        p.fireworks -= back
        if not st.quiet:
            st.log.append({"key": "dragon.festival.scored", "seat": s, "vp": vp, "returned": back})


# -- forced releases (§4.4.1) -------------------------------------------------------
def auto_owe(st: DragonData, task: Task) -> None:
    """``seat`` owes ``k`` releases: with ``k`` or fewer persons all go, else it chooses."""
    _, seat, k, reason = task
    p = st.seats[seat]
    if p.persons() > k:
        st.tasks.append(("release", seat, k, reason))
        return
    for i, (_, res) in enumerate(p.palaces):
        for tile in res:
            remove_resident(st, p, i, tile, reason)


def opt_release(st: DragonData, task: Task) -> Legal:
    return resident_options(st.seats[task[1]], "release")


def apply_release(st: DragonData, task: Task, choice: tuple[int, str]) -> None:
    _, seat, k, reason = task
    remove_resident(st, st.seats[seat], choice[0], choice[1], reason)
    if k > 1:
        st.tasks.append(("release", seat, k - 1, reason))


def opt_drought(st: DragonData, task: Task) -> Legal:
    _, seat, k, chosen = task
    p = st.seats[seat]
    return resident_options(p, "release", lambda i: i not in chosen and bool(p.palaces[i][1]))


def apply_drought(st: DragonData, task: Task, choice: tuple[int, str]) -> None:
    _, seat, k, chosen = task
    remove_resident(st, st.seats[seat], choice[0], choice[1], "drought")
    if k > 1:
        st.tasks.append(("drought", seat, k - 1, chosen + (choice[0],)))


# -- Great Wall check (§5.1.4) --------------------------------------------------------
def auto_wallcheck(st: DragonData, task: Task) -> None:
    r = task[1]
    order = turn_order(st)
    built = {s: st.wall.count(s) for s in order}
    reaches = len(st.wall) >= r
    if not st.quiet:
        st.log.append(
            {"key": "dragon.wall.checked", "round": r, "length": len(st.wall), "reaches": reaches}
        )
    if reaches:
        for s in order:
            st.seats[s].gain_vp(built[s], "wall")
            if not st.quiet:
                st.log.append({"key": "dragon.wall.scored", "seat": s, "vp": built[s]})
        return
    fewest = min(built.values())
    push(st, *[("owe", s, 1, "wall") for s in order if built[s] == fewest])


# -- decay, scoring, final scoring (§4.4.8, §4.5, §4.6) --------------------------------
def auto_decay(st: DragonData, task: Task) -> None:
    for p in st.seats:
        for _, res in p.palaces:
            if not res:
                break
        else:
            continue  # every palace inhabited (most seats, most rounds): nothing decays
        kept = []
        for i, (floors, res) in enumerate(p.palaces):
            if res:
                kept.append((floors, res))
                continue
            if not st.quiet:
                st.log.append(
                    {
                        "key": "dragon.palace.decayed",
                        "seat": p.seat,
                        "palace": i + 1,
                        "floors": floors - 1,
                    }
                )
            if floors > 1:
                kept.append((floors - 1, res))
        p.palaces = kept


def auto_scoring(st: DragonData, task: Task) -> None:
    log = st.log
    for p in st.seats:
        palaces, ladies, privs = len(p.palaces), p.symbols("L"), p.privilege_symbols()
        p.gain_vp(palaces, "palaces")
        if ladies:  # the calls left out when they would add nothing (most rounds)
            p.gain_vp(ladies, "court_ladies")
        if privs:
            p.gain_vp(privs, "privileges")
        if not st.quiet:
            log.append(
                {
                    "key": "dragon.round.scored",
                    "seat": p.seat,
                    "palaces": palaces,
                    "court_ladies": ladies,
                    "privileges": privs,
                }
            )


def auto_final(st: DragonData, task: Task) -> None:
    for p in st.seats:
        persons, monks = D.VP_PER_PERSON * p.persons(), p.monk_points()
        money = (p.yuan + D.GOODS_PRICE * (p.rice + p.fireworks)) // D.YUAN_PER_VP
        p.gain_vp(persons, "persons")
        p.gain_vp(monks, "monks")
        p.gain_vp(money, "money")
        if not st.quiet:
            st.log.append(
                {
                    "key": "dragon.final.scored",
                    "seat": p.seat,
                    "persons": persons,
                    "monks": monks,
                    "money": money,
                }
            )
    st.round = D.ROUNDS + 1
    if not st.quiet:
        st.log.append({"key": "dragon.game.over", "ranking": st.ranking()})
