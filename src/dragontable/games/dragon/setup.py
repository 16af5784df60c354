"""In the Year of the Dragon: setup (reference §3) and the game's options (§8)."""

from __future__ import annotations

from typing import Any

from ...core.errors import OptionError
from ...core.options import OptionSpec, on_off
from ...core.rng import Rng
from . import data as D
from .state import DragonData, Player


def _great_event(value: Any) -> str:
    text = str(value)
    if text.startswith("chosen:"):
        text = text[len("chosen:") :]
    if text in D.GREAT_EVENTS:
        return text
    raise ValueError("not a Great Event mode or id")


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("edition", 2017, (2017, 2007), help="2017: large privilege 7 yuan; 2007: 6 yuan"),
    OptionSpec("great_wall", "off", ("off", "choose_tile", "random_tile")),
    OptionSpec("great_wall_final_timing", "after_event", ("after_event", "after_round_scoring")),
    OptionSpec(
        "great_event",
        "off",
        # Every accepted value is a choice, so that a bad value's error lists them all
        # (OptionSpec.allowed() shows the choices, not the help); chosen:<id> is checked.
        ("off", "random", "hidden_random", *D.GREAT_EVENTS),
        help="off, random, hidden_random, or one of: " + ", ".join(D.GREAT_EVENTS),
        check=_great_event,
    ),
    OptionSpec("great_event_timing", "before_decay", ("before_decay", "after_decay")),
    OptionSpec("open_hands", False, (False, True), help="on or off", check=on_off),
    OptionSpec("start_player", "random", ("random", "seat_1")),
)


_DRAWS = sorted(D.SHUFFLED_EVENTS * 2)
"""The event draw stack's contents, in order: two of each non-Peace event."""


def build_event_track(draws: list[str]) -> tuple[str, ...]:
    """Lay out the event track from the shuffled draw stack (§3.2, incl. step 3.4)."""
    if sorted(draws) != _DRAWS:
        raise OptionError("the event draw stack must hold two of each non-Peace event")
    stack = list(draws)
    track = [D.PEACE, D.PEACE]
    for pos in range(3, D.ROUNDS + 1):
        x = stack.pop(0)
        if x != track[-1]:
            track.append(x)
        elif pos < D.ROUNDS:
            track.append(stack.pop(0))
            stack.insert(0, x)
        else:
            track[9], track[10] = track[10], track[9]
            track.append(x)
    return tuple(track)


def setup(st: DragonData, players: int, seed: int, options: dict[str, Any]) -> None:
    """Fill a fresh state: supply, event track, Great Event, players, first tasks."""
    st.players, st.seed, st.options = players, seed, options
    st.history, st.log, st._legal = [], [], None
    st.rng = rng = Rng(seed)
    st.supply = D.supply_for(players)
    st.box = D.box_for(players)
    draws = list(D.SHUFFLED_EVENTS * 2)
    rng.shuffle(draws)
    st.event_track = build_event_track(draws)
    mode = options["great_event"]
    st.great_event = (
        None
        if mode == "off"
        else (rng.choice(D.GREAT_EVENTS) if mode in ("random", "hidden_random") else mode)
    )
    st.great_event_revealed = mode != "hidden_random"
    st.wall, st.sunrise_taken = [], []
    st.groups, st.dragons, st.order = [], [], []
    st.round = 1
    st.start_player = 0 if options["start_player"] == "seat_1" else rng.below(players)
    st.seats = []
    for seat in range(players):
        p = Player(seat)
        p.yuan = D.START_YUAN
        p.palaces = [(f, ()) for f in D.START_PALACES]
        p.hand = list(D.HAND)
        if options["great_wall"] != "off":
            p.wall_tiles = list(D.WALL_TILES)
        st.seats.append(p)
    seating = [(st.start_player + i) % players for i in range(players)]
    st.tasks = [("round",)] + [("init", s) for s in reversed(seating)]
    st.log.append(
        {
            "key": "dragon.game.started",
            "players": players,
            "seat": st.start_player,
            "event_track": list(st.event_track),
        }
    )
