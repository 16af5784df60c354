"""In the Year of the Dragon: the table drawn for the terminal, from one seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.state import State
from . import data as D

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold yellow")
TYPE_STYLES = {
    "C": "tan",
    "L": "orange1",
    "P": "medium_purple",
    "T": "yellow",
    "W": "red",
    "M": "dark_orange3",
    "H": "deep_sky_blue1",
    "F": "green",
    "S": "white",
}
EVENT_NAMES = {
    "peace": "Peace",
    "tribute": "Tribute",
    "drought": "Drought",
    "festival": "Festival",
    "mongol": "Mongols",
    "contagion": "Contagion",
}


def seat_name(seat: int, names: list[str] | None = None) -> str:
    return names[seat] if names and seat < len(names) else f"Seat {seat + 1}"


def _tile(tile: str) -> Text:
    return Text(tile, style=TYPE_STYLES.get(tile[0], ""))


def _palace(palace: dict[str, Any]) -> Text:
    out = Text("[")
    for i in range(palace["floors"]):
        if i:
            out.append(" ")
        if i < len(palace["residents"]):
            out.append_text(_tile(palace["residents"][i]))
        else:
            out.append("··", style="dim")
    out.append("]")
    return out


def _events(view: dict[str, Any]) -> Text:
    out = Text("Events: ")
    for i, event in enumerate(view["event_track"], start=1):
        style = (
            "reverse bold"
            if i == view["round"] and not view["over"]
            else ("dim" if i < view["round"] else "")
        )
        out.append(f"{i}:{EVENT_NAMES[event]}", style=style)
        if i == D.GREAT_EVENT_ROUND and view["great_event"]:
            out.append(f"(+{view['great_event']})", style="italic")
        out.append(" ")
    return out


def _groups(view: dict[str, Any], names: list[str] | None) -> Text:
    out = Text("Actions: ")
    for g, group in enumerate(view["groups"], start=1):
        out.append(f"{g}: {' '.join(group['cards'])}", style="bold")
        if group["dragons"]:
            out.append(
                " (" + ", ".join(seat_name(s, names) for s in group["dragons"]) + ")", style="dim"
            )
        out.append("   ")
    return out


def _players(view: dict[str, Any], names: list[str] | None) -> Table:
    table = Table(show_lines=False, expand=False, pad_edge=False)
    for col in ("", "PT", "VP", "yuan", "rice", "fw", "priv", "cards", "palaces"):
        table.add_column(col, no_wrap=col != "palaces")
    for seat in view["turn_order"]:
        p = view["players"][seat]
        name = Text(seat_name(seat, names), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        if seat == view["current_player"]:
            name.append(" ◀")
        palaces = Text(" ").join(_palace(pal) for pal in p["palaces"]) or Text("—", "dim")
        cards = " ".join(p["hand"]) if "hand" in p else f"{p['hand_size']} hidden"
        privs = p["privileges"]
        table.add_row(
            name,
            f"{p['pt']}",
            f"{p['vp']}",
            f"{p['yuan']}",
            f"{p['rice']}",
            f"{p['fireworks']}",
            f"{privs['small']}s {privs['large']}L",
            cards,
            palaces,
        )
    return table


def _supply(view: dict[str, Any]) -> Text:
    out = Text("Supply: ")
    for tile in D.TILES:
        n = view["supply"][tile]
        out.append_text(_tile(tile))
        out.append(f"{n} ", style="dim" if n == 0 else "")
    if view["wall"] or view["options"]["great_wall"] != "off":
        out.append(f"  Wall: {len(view['wall'])}/{D.WALL_LENGTH}")
    return out


def _legend() -> Text:
    out = Text("Persons: ", style="dim")
    for t in D.PERSON_TYPES:
        out.append(t.code, style=TYPE_STYLES[t.code])
        out.append(f" {t.name.replace('_', ' ')}  ", style="dim")
    out.append("(y young, o old; J joker card)", style="dim")
    return out


def render_text(state: State, seat: int | None, names: list[str] | None = None) -> Group:
    """The whole table as ``seat`` sees it."""
    view = state.view(seat)
    title = Text(f"In the Year of the Dragon — month {view['round']} of {D.ROUNDS}", style="bold")
    return Group(
        title, _events(view), _groups(view, names), _players(view, names), _supply(view), _legend()
    )
