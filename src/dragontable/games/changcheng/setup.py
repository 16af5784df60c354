"""Chang Cheng: the game's options and setup (rules reference §3, §5.1, §6.1).

Options:

* ``boards_file``: the name of a board data file: ``default`` (the packaged data) or
  one of an operator data directory (``core.datafiles``); never a path.
* ``start_boards``: ``random`` or two board sides west to east, e.g. ``1A,2B``.
* ``neutral``: the two-player neutral-wall variant: ``auto`` (on with 2 players),
  ``on`` (2 players only) or ``off``.
* ``events``: ``none``, ``random-1``, ``random-2`` or one or two chosen event cards
  joined by ``+`` (``diplomacy+observation``).
* ``scouting``: ``auto`` (every scout opportunity is taken) or ``ask`` (a decision).
* ``start_player``: ``random`` or ``seat_1``.
"""

from __future__ import annotations

import re
from typing import Any

from ...core.errors import OptionError
from ...core.options import LiveChoices, OptionSpec
from ...core.rng import Rng
from . import data as D
from .boards import DEFAULT, load, names
from .logbook import log
from .state import CCData

_SIDES = re.compile(r"^([0-9A-Z]+),([0-9A-Z]+)$")


def _start_boards(value: Any) -> str:
    text = str(value).replace(" ", "").replace("+", ",").upper()
    if text == "RANDOM":
        return "random"
    m = _SIDES.match(text)
    if not m or m.group(1) == m.group(2):
        raise ValueError("give two different board sides west to east, like 1A,2B")
    return text


def _events(value: Any) -> str:
    text = str(value).strip().lower().replace(",", "+").replace(" ", "")
    if text in ("none", "random-1", "random-2"):
        return text
    names = [n.replace("-", "_") for n in text.split("+")]
    if not 1 <= len(names) <= D.MAX_EVENTS or len(set(names)) != len(names):
        raise ValueError(f"choose one or two different events of {', '.join(D.EVENTS)}")
    for name in names:
        if name not in D.EVENTS:
            raise ValueError(f"{name!r} is not an event; events: {', '.join(D.EVENTS)}")
    return "+".join(sorted(names, key=D.EVENTS.index))


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("boards_file", DEFAULT, LiveChoices(names),
               help="a board file name: 'default' or one the server provides", verify=load),
    OptionSpec("start_boards", "random", ("random",),
               help="'random' or two board sides west to east, like 1A,2B",
               check=_start_boards),
    OptionSpec("neutral", "auto", ("auto", "on", "off"),
               help="two-player neutral walls: auto (on with 2 players), on, off"),
    OptionSpec("events", "none", ("none", "random-1", "random-2"),
               help="none, random-1, random-2, or chosen events like diplomacy+observation",
               check=_events),
    OptionSpec("scouting", "auto", ("auto", "ask")),
    OptionSpec("start_player", "random", ("random", "seat_1")),
)  # fmt: skip


def _layout(st: CCData, option: str, rng: Rng) -> tuple[str, ...]:
    bd = st.bd
    if option == "random":
        boards = sorted(bd.boards)
        rng.shuffle(boards)
        return tuple(rng.choice(bd.boards[b]) for b in boards[: D.START_BOARDS])
    sides = tuple(option.split(","))
    for side in sides:
        if side not in bd.side_board:
            raise OptionError(
                f"option 'start_boards': no board side {side!r} in boards "
                f"{st.options['boards_file']!r}; "
                f"sides: {', '.join(sorted(bd.side_board))}"
            )
    if bd.side_board[sides[0]] == bd.side_board[sides[1]]:
        raise OptionError(f"option 'start_boards': {option} uses both sides of one board")
    return sides


def _events_in_play(option: str, rng: Rng) -> tuple[str, ...]:
    if option == "none":
        return ()
    if option.startswith("random-"):
        pool = list(D.EVENTS)
        rng.shuffle(pool)
        return tuple(sorted(pool[: int(option[-1])], key=D.EVENTS.index))
    return tuple(option.split("+"))


def _neutral(players: int, option: str) -> int:
    if option == "on" and players != 2:
        raise OptionError("option 'neutral': the neutral-wall variant is for 2 players only")
    on = option == "on" or (option == "auto" and players == 2)
    return D.NEUTRAL_POOL if on else 0


def setup(st: CCData, players: int, seed: int, options: dict[str, Any]) -> None:
    """Fill a fresh state (§3): boards, tokens, supplies, events, first turn."""
    st.players, st.seed, st.options = players, seed, options
    st.history, st.log, st._legal = [], [], None
    st.bd = load(options["boards_file"])
    st.rng = rng = Rng(seed)
    st.neutral = _neutral(players, options["neutral"])
    st.set_layout(_layout(st, options["start_boards"], rng))
    used = {st.bd.side_board[s] for s in st.layout}
    st.stock = tuple(b for b in st.bd.boards if b not in used)
    st.seg, st.reserved, st.face_up, st.known, st.cards = {}, {}, set(), {}, {}
    st.rep, st.threat = {}, {}
    st.rep_supply, st.threat_supply, st.threat_gone = st.bd.reputation, st.bd.threat, ()
    for side in st.layout:
        for r in st.bd.side_regions[side]:
            i = rng.below(len(st.threat_supply))
            st.threat[r] = st.threat_supply[i]
            st.threat_supply = st.threat_supply[:i] + st.threat_supply[i + 1 :]
        for p in st.bd.side_provinces[side]:
            i = rng.below(len(st.rep_supply))
            st.rep[p] = st.rep_supply[i]
            st.rep_supply = st.rep_supply[:i] + st.rep_supply[i + 1 :]
    st.scored, st.emperor, st.extensions = [], 0, 0
    st.events = _events_in_play(options["events"], rng)
    st.start = 0 if options["start_player"] == "seat_1" else rng.below(players)
    st.active, st.turn_no = st.start, 0
    st.hands = [D.CARDS] * players
    st.gone = [()] * players
    st.singles = [D.SINGLES] * players
    st.double = [True] * players
    st.tower = [True] * players
    st.score = [0] * players
    st.by = [{} for _ in range(players)]
    st.rule = st.res = st.ended = None
    st.tasks = [("begin", st.start)]
    log(
        st, "game.started", players=players, layout=list(st.layout), seat=st.start,
        neutral=st.neutral,
    )  # fmt: skip
    if st.events:
        log(st, "events.in_play", events=list(st.events))
