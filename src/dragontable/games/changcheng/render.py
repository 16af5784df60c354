"""Chang Cheng: the terminal rendering of what one seat may see (built from its view).

Each board side is drawn as three lines: the Mongol regions (threat ``?`` hidden,
``x`` removed), the wall spaces (``R`` single, ``R=`` double half, ``R^`` tower,
``R*`` destroyed, ``N`` neutral, ``.`` free, ``r!`` kept for red) and the provinces
(``+n`` reputation, ``*`` scored, ``cN`` face-down cards). Tables follow for the
provinces' cards and the players.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.state import State
from .data import COLOURS

STYLE = {"red": "bold red", "green": "bold green", "blue": "bold blue",
         "purple": "bold magenta", "neutral": "bold white"}  # fmt: skip
MARK = {"single": "", "double": "=", "tower": "^"}
W = 5  # characters per wall space


def _segment(space: dict[str, Any]) -> Text:
    if "owner" not in space:
        if "reserved_for" in space:
            colour = COLOURS[space["reserved_for"]]
            return Text(f"{colour[0]}!".ljust(W), style=STYLE[colour])
        return Text(".".ljust(W), style="dim")
    code = "N" if space["owner"] == "neutral" else space["owner"][0].upper()
    code += "*" if space["destroyed"] else MARK[space["piece"]]
    return Text(code.ljust(W), style="dim" if space["destroyed"] else STYLE[space["owner"]])


def _labels(areas: list[tuple[dict[str, Any], str]], index: dict[str, int], width: int) -> Text:
    line = [" "] * width
    for area, label in areas:
        at = index[area["spaces"][0]] * W
        room = len(area["spaces"]) * W - 1
        line[at : at + room] = list(label[:room].ljust(room))
    return Text("".join(line))


def _threat(r: dict[str, Any]) -> str:
    t = r["threat"]
    return "?" if t == "hidden" else "x" if t == "removed" else str(t)


def _side(view: dict[str, Any], side: str) -> Text:
    spaces = [s for s in view["spaces"] if s["space"].startswith(side + ".")]
    index = {s["space"]: i for i, s in enumerate(spaces)}
    width = len(spaces) * W
    regions = [
        (r, f"{r['region'].split('-')[1]} {_threat(r)}")
        for r in view["regions"] if r["region"].startswith(side + "-")
    ]  # fmt: skip
    provinces = [
        (p, f"{p['province'].split('-')[1]} +{p['reputation']}"
            + ("*" if p["scored"] else "") + (f" c{len(p['cards'])}" if p["cards"] else ""))
        for p in view["provinces"] if p["province"].startswith(side + "-")
    ]  # fmt: skip
    numbers = "".join(s["space"].split(".")[1].ljust(W) for s in spaces)
    wall = Text.assemble(*(_segment(s) for s in spaces))
    lines = [
        Text(f"{side}  Mongols", style="bold"), _labels(regions, index, width),
        Text(numbers, style="dim"), wall, _labels(provinces, index, width), Text(""),
    ]  # fmt: skip
    return Text("\n").join(lines)


def _province_table(view: dict[str, Any]) -> Table:
    table = Table(title="Provinces with cards", show_edge=False)
    for col in ("province", "reputation", "cards"):
        table.add_column(col)
    for p in view["provinces"]:
        if p["cards"]:
            cards = ", ".join(
                f"{COLOURS[c['seat']]}:{c.get('card', '?')}" for c in p["cards"]
            )  # fmt: skip
            table.add_row(p["province"], str(p["reputation"]), cards)
    return table


def _player_table(view: dict[str, Any], names: list[str] | None) -> Table:
    table = Table(title="Players", show_edge=False)
    for col in ("seat", "score", "singles", "double", "tower", "hand", "revealed"):
        table.add_column(col)
    for p in view["players"]:
        hand = (", ".join(p["hand"]) or "none") if "hand" in p else f"{p['hand_size']} cards"
        table.add_row(
            Text(_name(p, names), style=STYLE[p["colour"]]),
            str(p["score"]), str(p["singles"]), "yes" if p["double"] else "-",
            "yes" if p["tower"] else "-", hand, ", ".join(p["revealed"]),
        )  # fmt: skip
    return table


def _name(p: dict[str, Any], names: list[str] | None) -> str:
    if names and p["seat"] < len(names):
        return f"{names[p['seat']]} ({p['colour']})"
    return f"{p['seat'] + 1} {p['colour']}"


def render_text(state: State, seat: int | None, names: list[str] | None = None) -> Group:
    """Draw the wall, the provinces and the players as ``seat`` sees them."""
    view = state.view(seat)
    ext = view["extensions"]
    head = (
        f"Chang Cheng — turn {view['turn']}  emperor cards {view['emperor_cards']}  "
        f"extensions {ext[0]}/{ext[1]}  stock {', '.join(view['stock']) or '-'}  "
        f"events {', '.join(view['events']) or '-'}"
        + (f"  neutral pool {view['neutral_pool']}" if view["neutral_pool"] else "")
    )
    parts: list[Any] = [Text(head, style="bold")]
    parts += [_side(view, side) for side in view["layout"]]
    if any(p["cards"] for p in view["provinces"]):
        parts.append(_province_table(view))
    parts.append(_player_table(view, names))
    if view["over"]:
        winners = ", ".join(COLOURS[w] for w in view["winners"])
        parts.append(Text(f"Game over ({view['ended']}). Winner(s): {winners}", style="bold"))
    return Group(*parts)
