"""The terminal rendering shows a seat's own knowledge and nothing else."""

from __future__ import annotations

from rich.console import Console

from dragontable.core.state import State
from dragontable.games.changcheng import GAME

from .helpers import BLU, GRN, RED, build, new, play, set_token, start_turn


def text(st: State, seat: int | None) -> str:
    console = Console(width=140, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    assert GAME.render_text is not None  # Game.render_text is optional; Chang Cheng has one
    console.print(GAME.render_text(st, seat, None))
    return console.export_text()


def test_render_shows_only_the_seats_own_secrets() -> None:
    st = new(3)
    set_token(st, "1A-M3", -4)
    build(st, "1A.01=R 1A.02=G=")
    start_turn(st, BLU)
    play(st, "two-cards traitor 1A-P2", "card builder 2B-P3")
    start_turn(st, RED)
    play(st, "two-singles 1A.10", "single 2B.05")
    own, other, spectator = text(st, BLU), text(st, GRN), text(st, None)
    assert "blue:traitor" in own and "blue:builder" in own
    assert (
        "blue:traitor" not in other
        and "blue:builder" not in spectator
        and "blue:?" in other
        and "blue:?" in spectator
    )
    assert "M3 -4" in text(st, RED) and "M3 -4" not in other and "M3 ?" in spectator
    assert "G=" in own and "R " in own
    assert "warrior, flood, master, mandarin" in own
    assert "4 cards" in other
