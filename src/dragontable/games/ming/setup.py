"""Ming Dynasty: the options (ming.md §4.4.5, §4.6, §8.1) and setup (§3)."""

from __future__ import annotations

from typing import Any

from ...core.options import LiveChoices, OptionSpec, on_off
from ...core.rng import Rng
from . import data as D
from .state import NONE, MingData

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "map",
        D.DEFAULT_MAP,
        LiveChoices(D.map_names),
        help="a map name: 'default' (the reconstructed board) or one the server provides",
        verify=D.load_map,
    ),
    OptionSpec("start_player", "random", ("random", "seat_1")),
    OptionSpec("open_hands", False, (False, True), help="on or off", check=on_off),
    OptionSpec("city_tiebreak", "largest_section", ("largest_section", "own_best_section")),
    OptionSpec("final_tiebreak", "cloisters", ("cloisters", "shared")),
)


def setup(st: MingData, players: int, seed: int, options: dict[str, Any]) -> None:
    """Fill a fresh state (§3): deck and display, dragon cards, supplies, first tasks."""
    st.players, st.seed, st.options = players, seed, options
    st.history, st.log, st._legal = [], [], None
    st.map = m = D.load_map(options["map"])
    st.rng = rng = Rng(seed)
    deck = [t for t, n in m.movement_deck for _ in range(n)]
    rng.shuffle(deck)
    st.display = [deck.pop() for _ in m.provinces]
    st.deck, st.discard = deck, []
    st.dragons = m.dragon_cards - players
    st.hands = [[D.DRAGON] for _ in range(players)]
    colours = st.colours
    st.supply = [D.MEMBERS] * players + [D.NEUTRAL_MEMBERS] * (colours - players)
    st.box = [0] * colours
    st.tiles = [[0] * len(m.provinces) for _ in range(players)]
    st.tile_supply = [m.tiles_per_colour] * len(m.provinces)
    st.score = [0] * players
    st.score_by = [{} for _ in range(players)]
    st.prince = [NONE] * players
    st.spaces = [[0] * players for _ in m.provinces]
    st.open = [[0] * colours for _ in m.districts]
    st.cloister = [NONE] * len(m.districts)
    st.city = [[] for _ in m.districts]
    st.passed = [False] * players
    st.returns = [None] * players
    st.revealed = False
    st.round = 1
    st.start_player = 0 if options["start_player"] == "seat_1" else rng.below(players)
    st.tasks = [("round",)]
    if st.neutral is not None:
        st.tasks.append(("neutrals",))
    st.tasks.extend(("prince", s) for s in reversed(st.rotation()))
    st.log.append(
        {
            "key": "ming.game.started",
            "players": players,
            "seat": st.start_player,
            "map": m.name,
            "display": list(st.display),
        }
    )
