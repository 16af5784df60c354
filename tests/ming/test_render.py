"""The Ming Dynasty terminal board: it fits a screen, names the map's districts, shows
only the seat's view, and the terminal prints each prompt once."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from dragontable import games
from dragontable.bots import RandomBot
from dragontable.core import datafiles
from dragontable.core.messages import render
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng
from dragontable.core.state import State
from dragontable.games.ming import GAME, MingState
from dragontable.games.ming.render import seat_marks
from dragontable.terminal import TerminalGame

from .helpers import A, B, at, blank

WIDTH = 100


def text_of(
    state: State, seat: int | None, names: list[str] | None = None, width: int = WIDTH
) -> str:
    console = Console(file=io.StringIO(), record=True, width=width, no_color=True)
    assert GAME.render_text is not None  # Game.render_text is optional; Ming has one
    console.print(GAME.render_text(state, seat, names))
    return console.export_text()


def played(players: int, until: Callable[[MingState], bool], seed: int = 3) -> MingState:
    """A game played with random legal actions until ``until(state)``."""
    st = games.create("ming", players=players, seed=seed)
    random_playout(st, Rng(seed), until=until)
    return st


def mid_game(players: int) -> MingState:
    return played(players, lambda s: s.round == 3 and s.phase == "3")


def crowded(players: int) -> MingState:
    """Every district as full as the rules could make it, every seat holding 5 cards."""
    st = blank(players=players)
    for i in range(18):
        st.open[i] = [10 + (i + c) % 3 for c in range(st.colours)]
        st.cloister[i] = i % st.colours
        st.city[i] = [(i + k) % st.colours for k in range(3)]
    st.spaces = [[5] * players for _ in range(6)]
    st.prince = [5] * players
    st.hands = [["palanquin"] * 5 for _ in range(players)]
    st.tiles = [[12] * 6 for _ in range(players)]
    st.score = [123] * players
    st.passed = [True] * players
    st.returns, st.revealed = [3] * players, True
    return at(st, ("act", A))


@pytest.mark.parametrize(("players", "most"), [(2, 36), (3, 38), (4, 40)])
@pytest.mark.parametrize("position", [mid_game, crowded])
def test_the_board_fits_a_screen_and_names_every_district(
    players: int, most: int, position: Callable[[int], MingState]
) -> None:
    st = position(players)
    names = [f"Bot {s + 1} (random)" for s in range(players)]
    text = text_of(st, 0, names)
    lines = text.splitlines()
    assert len(lines) <= most, text
    assert max(len(line) for line in lines) <= WIDTH
    for name in st.map.districts + st.map.provinces:
        assert name in text
    assert "phase 3" in text and f"round {st.round} of 6" in text


def test_districts_sit_in_two_columns_at_100_and_one_when_narrow() -> None:
    st = mid_game(4)
    wide = text_of(st, 0)
    first, fourth = st.map.districts[0], st.map.districts[9]
    assert any(first in line and fourth in line for line in wide.splitlines())
    narrow = text_of(st, 0, width=60)
    assert not any(first in line and fourth in line for line in narrow.splitlines())
    assert max(len(line) for line in narrow.splitlines()) <= 60
    for name in st.map.districts:
        assert name in narrow
    # at 80 columns the two columns stay and the long lines go on over further ones
    eighty = text_of(st, 0, width=80)
    assert any(first in line and fourth in line for line in eighty.splitlines())
    assert max(len(line) for line in eighty.splitlines()) <= 80


def test_each_district_shows_its_pieces_and_moves() -> None:
    st = blank(players=3)
    st.open[0] = [2, 0, 1]
    st.cloister[0] = B
    st.city[0] = [A, A]
    st.prince = [0, 5, 0]
    st = at(st, ("act", A))
    text = text_of(st, 0, ["Ann", "Bo", "Cy"])
    first = st.map.districts[0]
    line = next(line for line in text.splitlines() if f" {first} " in line)
    assert "♔AC" in line and "⌂B" in line and "[AA·]" in line and "A2 C1" in line
    moves = text.splitlines()[text.splitlines().index(line) + 1]
    for neighbour in dict(st.map.neighbours[0]):
        assert st.map.districts[neighbour] in moves
    assert "A Ann (1)" in text and "▶ A Ann" in text


def test_the_map_comes_from_the_map_file(tmp_path: Path) -> None:
    raw = json.loads(
        resources.files("dragontable.games.ming").joinpath("maps", "default.json").read_text()
    )
    new = {d: f"Dist{i:02d}" for i, d in enumerate(raw["districts"])}
    for i, prov in enumerate(raw["provinces"]):
        prov["id"] = f"Prov{i}"
        prov["districts"] = [new[d] for d in prov["districts"]]
    raw["districts"] = {
        new[d]: {**e, "borders": {new[n]: t for n, t in e["borders"].items()}}
        for d, e in raw["districts"].items()
    }
    (tmp_path / "ming" / "maps").mkdir(parents=True)
    (tmp_path / "ming" / "maps" / "renamed.json").write_text(json.dumps(raw))
    datafiles.configure_data_dirs([tmp_path])
    try:
        st = games.create("ming", players=2, seed=1, options={"map": "renamed"})
    finally:
        datafiles.configure_data_dirs([])
    text = text_of(st, 0)
    for name in list(new.values()) + [f"Prov{i}" for i in range(6)]:
        assert name in text
    assert not any(old in text for old in new)


def test_only_the_view_is_drawn() -> None:
    st = played(4, lambda s: s.phase == "4" and any(r is not None for r in s.returns[1:]))
    seat = 0
    text = text_of(st, seat)

    class ViewOnly:  # the renderer may ask for the view and nothing else
        def view(self, who: int | None) -> dict[str, Any]:
            return st.view(who)

    console = Console(file=io.StringIO(), record=True, width=WIDTH, no_color=True)
    assert GAME.render_text is not None
    console.print(GAME.render_text(ViewOnly(), seat, None))  # type: ignore[arg-type]
    assert console.export_text() == text
    # change every secret the seat may not see: the result does not change
    secret = st.clone()
    for other in range(1, 4):
        secret.hands[other] = ["boat" if c != "boat" else "horse" for c in secret.hands[other]]
        returned = secret.returns[other]
        if returned is not None:
            secret.returns[other] = 3 - returned
    secret.deck.reverse()
    assert text_of(secret, seat) == text
    assert "returns ?" in text
    for other in range(1, 4):
        n = len(st.hands[other])
        assert f"{n} card{'s' * (n != 1)}" in text


def test_own_hand_and_open_hands_are_listed() -> None:
    st = mid_game(3)
    own = ", ".join(sorted(st.hands[1], key=st.map.cards.index))
    if own:
        assert own in text_of(st, 1)
    spectator = text_of(st, None)
    assert "▶" in spectator
    open_game = games.create("ming", players=3, seed=2, options={"open_hands": True})
    text = text_of(open_game, None)
    for seat in range(3):
        assert ", ".join(open_game.view(None)["players"][seat]["hand"]) in text


def test_game_over_names_the_ranking() -> None:
    st = played(2, lambda s: s.is_over, seed=5)
    text = text_of(st, None, ["Ann", "Bo"])
    assert "game over" in text and "Game over. Ranking: " in text
    assert "to play" not in text and "▶" not in text


def test_seat_marks_are_initials_when_they_differ() -> None:
    assert seat_marks(3, ["ann", "Bo", "Cy"], neutral=False) == ["A", "B", "C"]
    assert seat_marks(2, ["Player 1", "Player 2"], neutral=True) == ["1", "2"]
    assert seat_marks(2, ["Ann", "Ned"], neutral=True) == ["1", "2"]  # N is the neutral
    assert seat_marks(2, ["Ann", "Ned"], neutral=False) == ["A", "N"]
    assert seat_marks(3, None, neutral=False) == ["1", "2", "3"]
    text = text_of(mid_game(2), 0, ["Player 1", "Player 2"])
    assert "1×" in text or "2×" in text  # numbered seats: 1×2 is two of seat 1's members


def test_the_terminal_prints_the_prompt_once_per_turn(tmp_path: Path) -> None:
    state = games.create("ming", players=3, seed=4)
    names = ["Ann", "Bot 2", "Bot 3"]
    console = Console(file=io.StringIO(), record=True, width=WIDTH, no_color=True)
    seen: list[str] = []

    def read(_prompt: str) -> str:
        seen.append(console.export_text(clear=True))
        seen.append(render(game.state.prompt(), names=names))
        return "1" if len(seen) < 4 else "quit"

    game = TerminalGame(
        state, {0}, {1: RandomBot(1), 2: RandomBot(2)}, names, tmp_path / "r.json", console, read
    )
    game.run()
    assert len(seen) == 4  # two turns of seat 0
    for shown, prompt in zip(seen[::2], seen[1::2], strict=True):
        assert shown.count(prompt) == 1, shown
