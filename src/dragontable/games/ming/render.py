"""Ming Dynasty: the terminal rendering, drawn from ``view(seat)`` only (never secrets)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.messages import render as render_message
from ...core.state import State

SEAT_STYLES = ("yellow", "green", "blue", "red")
NEUTRAL_STYLE = "white"


def _who(v: dict[str, Any], colour: Any) -> Text:
    if colour is None:
        return Text("-", style="dim")
    if colour == "neutral" or colour == v["neutral"]:
        return Text("N", style=NEUTRAL_STYLE)
    return Text(str(colour + 1), style=f"bold {SEAT_STYLES[colour]}")


def _counts(v: dict[str, Any], counts: list[int]) -> Text:
    out = Text()
    for colour, n in enumerate(counts):
        if n:
            out.append_text(_who(v, colour))
            out.append(f"×{n} ")
    return out if out.plain else Text("-", style="dim")


def _provinces(v: dict[str, Any]) -> Table:
    t = Table(title="Provinces", title_justify="left")
    for col in ("province", "space", "display", "tiles left"):
        t.add_column(col)
    for p in v["provinces"]:
        t.add_row(p["id"], _counts(v, p["space"]), p["display"] or "-", str(p["tiles_left"]))
    return t


def _districts(v: dict[str, Any]) -> Table:
    t = Table(title="Districts", title_justify="left")
    for col in ("district", "prince", "open", "cloister", "city", "borders"):
        t.add_column(col)
    for d in v["districts"]:
        princes = Text(" ").join([_who(v, s) for s in d["princes"]]) if d["princes"] else Text("")
        city = Text("").join([_who(v, c) for c in d["city"]]) if d["city"] else Text("")
        borders = ", ".join(f"{n}:{t[:3]}" for n, t in d["borders"].items())
        t.add_row(
            d["id"],
            princes,
            _counts(v, d["open"]),
            _who(v, d["cloister"]),
            city,
            Text(borders, style="dim"),
        )
    return t


def _players(v: dict[str, Any], names: list[str] | None) -> Table:
    t = Table(title="Players", title_justify="left")
    for col in ("seat", "score", "supply", "hand", "tiles", "cloisters", "prince", "note"):
        t.add_column(col)
    for p in v["players"]:
        size = p["hand_size"]
        hand = ", ".join(p["hand"]) if "hand" in p else f"{size} card{'s' * (size != 1)}"
        tiles = " ".join(f"{k[:3]}:{n}" for k, n in p["tiles"].items() if n) or "-"
        notes = []
        if p["seat"] == v["start_player"]:
            notes.append("start")
        if p["passed"]:
            notes.append("passed")
        if "return" in p:
            notes.append(f"returns {p['return']}")
        elif p["return_committed"]:
            notes.append("returns chosen")
        label = _who(v, p["seat"])
        if names and p["seat"] < len(names):
            label.append(f" {names[p['seat']]}")
        t.add_row(
            label,
            str(p["score"]),
            str(p["supply"]),
            hand,
            tiles,
            str(p["cloisters"]),
            p["prince"] or "-",
            ", ".join(notes),
        )
    return t


def _discard_counts(discard: list[str]) -> str:
    counts = Counter(discard)
    return f" ({', '.join(f'{c} {n}' for c, n in sorted(counts.items()))})" if counts else ""


def render_text(state: State, seat: int | None, names: list[str] | None = None) -> Group:
    """The map and every player's public holdings, plus ``seat``'s own hand.

    Seats are shown by number (1-4, as in ``start N``), N is the 2-player neutral.
    """
    v = state.view(seat)
    head = Text(f"Ming Dynasty - round {v['round']}, phase {v['phase']}", style="bold")
    cards = Text(
        f"Supply {v['deck_size']} cards, dragon stack {v['dragons']}, "
        f"discards {len(v['discard'])}{_discard_counts(v['discard'])}"
    )
    parts: list[Any] = [head, _provinces(v), _districts(v), _players(v, names), cards]
    if v["neutral"] is not None:
        parts.append(Text(f"Neutral (N) supply: {v['neutral_supply']}"))
    if v["scoring"]:
        parts.append(Text(f"Scoring the city of {v['scoring']}", style="bold"))
    if v["over"]:
        parts.append(
            Text("Game over. Ranking: " + ", ".join(str(s + 1) for s in v["ranking"]), style="bold")
        )
    else:
        parts.append(Text(render_message(v["prompt"], names=names), style="bold"))
    return Group(*parts)
