"""Ming Dynasty: the terminal rendering, drawn from ``view(seat)`` only (never secrets).

The board is drawn province by province in the map's order, filled down two columns
(one on a very narrow terminal); a province is a heading (the members on its space,
its display card) and two lines per district::

    orange  space A2 C1  card horse
     orange-1 ♔B ⌂· [AC·] A2 D1
        h orange-2 purple-1   b orange-3

``♔`` marks the princes, ``⌂`` the cloister, ``[…]`` the city section's houses, and
the rest is the open area (``A2`` = two of A's members); the second line lists the
neighbours by the movement card (transport) that a move there costs. A seat is marked
by its name's initial when the initials differ, else by its number (``1×2`` then
reads "two of seat 1's members"); ``N`` is the 2-player neutral. A table of the seats
follows: score, members in supply, cloisters, tiles per province (and the tiles left),
the hand as the viewer may see it. Every district and province name comes from the
view (so from the map file), never from this module.

The prompt is not drawn: the terminal prints it once, with the legal actions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from ...core.state import State
from .data import CITY_HOUSES, ROUNDS, SCORING_ROUNDS

SEAT_STYLES = ("bold yellow", "bold green", "bold blue", "bold red")
NEUTRAL_STYLE = "bold white"
PRINCE, CLOISTER, EMPTY, TURN = "♔", "⌂", "·", "▶"
PHASES = {
    "setup": "setup: princes",
    "neutral": "neutral members",
    "1": "1: province spaces",
    "2": "2: cards",
    "3": "3: princes move",
    "4": "4: city scoring",
    "5": "5: start player",
}


# -- seats ----------------------------------------------------------------------------
def seat_marks(players: int, names: list[str] | None, neutral: bool) -> list[str]:
    """One character per seat: the names' initials when they tell the seats apart
    (and cannot be taken for the neutral ``N``), else the seat numbers 1, 2, …"""
    digits = [str(s + 1) for s in range(players)]
    if not names or len(names) < players:
        return digits
    initials = [n.strip()[:1].upper() for n in names[:players]]
    if len(set(initials)) < players or not all(i.isalpha() for i in initials):
        return digits
    if neutral and "N" in initials:
        return digits
    return initials


class _Seats:
    """How the colours on the board are marked: seats, then the 2-player neutral."""

    def __init__(self, v: dict[str, Any], names: list[str] | None) -> None:
        self.neutral = v["neutral"]
        self.marks = seat_marks(len(v["players"]), names, self.neutral is not None)
        self.names = names
        self.times = "" if self.marks[0].isalpha() else "×"  # "A2" but "1×2"

    def mark(self, colour: Any) -> Text:
        if colour is None:
            return Text(EMPTY, style="dim")
        if colour == "neutral" or colour == self.neutral:
            return Text("N", style=NEUTRAL_STYLE)
        return Text(self.marks[colour], style=SEAT_STYLES[colour % len(SEAT_STYLES)])

    def counts(self, counts: list[int]) -> list[Text]:
        """``A2``, ``C1``: members per colour, zeros left out; ``·`` when there are none."""
        out = []
        for colour, n in enumerate(counts):
            if n:
                part = self.mark(colour)
                part.append(f"{self.times}{n}", style=part.style)
                out.append(part)
        return out or [Text(EMPTY, style="dim")]

    def label(self, seat: int) -> Text:
        """``A Ann (1)``: mark, name and (when the mark is not the number) the number."""
        out = self.mark(seat)
        name = self.names[seat] if self.names and seat < len(self.names) else f"Seat {seat + 1}"
        out.append(f" {name}")
        if self.marks[seat] != str(seat + 1):
            out.append(f" ({seat + 1})", style="dim")
        return out


def _join(parts: Iterable[Text], sep: str = "") -> Text:
    return Text(sep).join(list(parts))


def _prefixes(words: list[str], least: int) -> dict[str, str]:
    """The shortest prefixes (at least ``least`` characters) that tell ``words`` apart."""
    for n in range(least, max((len(w) for w in words), default=0) + 1):
        cut = [w[:n] for w in words]
        if len(set(cut)) == len(words):
            return dict(zip(words, cut, strict=True))
    return {w: w for w in words}


# -- the board ------------------------------------------------------------------------
@dataclass
class _Line:
    """One line of the board as pieces, packed into as many lines as a column needs."""

    pieces: list[Text]
    sep: str = " "
    indent: int = 0  # before the first line
    hang: int = 0  # before each further line
    style: str = ""

    @property
    def width(self) -> int:
        return self.indent + _join(self.pieces, self.sep).cell_len

    def pack(self, width: int) -> list[Text]:
        hang = self.hang if self.hang + 8 <= width else min(self.hang, 3)
        lines: list[Text] = []
        line = Text(" " * self.indent)
        empty = True
        for piece in self.pieces:
            if not empty and line.cell_len + len(self.sep) + piece.cell_len > width:
                lines.append(line)
                line, empty = Text(" " * hang), True
            if not empty:
                line.append(self.sep)
            line.append_text(piece)
            empty = False
        lines.append(line)
        for out in lines:
            out.stylize(self.style)
        return lines


def _transports(v: dict[str, Any]) -> list[str]:
    """The transport types in the order in which the map's borders first name them."""
    seen: dict[str, None] = {}
    for d in v["districts"]:
        for t in d["borders"].values():
            seen.setdefault(t, None)
    return list(seen)


def _district_lines(
    v: dict[str, Any], seats: _Seats, short: dict[str, str]
) -> dict[str, list[_Line]]:
    """Each district's contents and moves, the fields aligned across the whole board."""
    fields = []
    for d in v["districts"]:
        princes = (
            Text(PRINCE) + _join(seats.mark(s) for s in d["princes"]) if d["princes"] else Text()
        )
        cloister = Text(CLOISTER, style="dim") + seats.mark(d["cloister"])
        houses = [seats.mark(c) for c in d["city"]]
        houses += [Text(EMPTY, style="dim")] * (CITY_HOUSES - len(houses))
        city = Text("[") + _join(houses) + Text("]")
        fields.append([Text(d["id"], style="bold"), princes, cloister, city])
    widths = [max(f[i].cell_len for f in fields) for i in range(4)]
    out = {}
    for d, row in zip(v["districts"], fields, strict=True):
        head = _join([_padded(f, w) for f, w in zip(row, widths, strict=True) if w], " ")
        by: dict[str, list[str]] = {}
        for other, t in d["borders"].items():
            by.setdefault(t, []).append(other)
        moves = [Text(f"{short[t]} {' '.join(by[t])}") for t in short if t in by]
        out[d["id"]] = [
            _Line([head, *seats.counts(d["open"])], indent=1, hang=head.cell_len + 2),
            _Line(moves, sep="   ", indent=4, hang=6, style="dim"),
        ]
    return out


def _padded(text: Text, width: int) -> Text:
    out = text.copy()
    out.pad_right(max(0, width - out.cell_len))
    return out


def _provinces(v: dict[str, Any], seats: _Seats, short: dict[str, str]) -> list[list[_Line]]:
    lines = _district_lines(v, seats, short)
    blocks = []
    for p in v["provinces"]:
        scoring = v["scoring"] == p["id"]
        name = Text(p["id"], style="bold reverse" if scoring else "bold underline")
        space = Text("space ") + _join(seats.counts(p["space"]), " ")
        head = [name, space, Text(f"card {p['display'] or '-'}")]
        if scoring:
            head.append(Text("scoring now", style="bold"))
        block = [_Line(head, sep="  ", hang=2)]
        for d in v["districts"]:
            if d["province"] == p["id"]:
                block += lines[d["id"]]
        blocks.append(block)
    return blocks


class _Board:
    """The provinces in two columns, filled downwards (one column below 71 characters).

    A column is as wide as its longest line when the terminal allows; on a narrower
    one the lines that do not fit go on over further, indented lines.
    """

    NARROWEST = 34  # the narrowest column worth drawing side by side

    def __init__(self, blocks: list[list[_Line]]) -> None:
        self.blocks = blocks
        self.natural = max((line.width for b in blocks for line in b), default=1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        columns = 2 if width >= 2 * self.NARROWEST + 3 else 1
        cell = max(1, min(self.natural, (width - 3 * (columns - 1)) // columns))
        rows = -(-len(self.blocks) // columns)
        table = Table(
            box=box.MINIMAL,
            show_header=False,
            show_edge=False,
            show_lines=True,  # a rule between rows of provinces
            pad_edge=False,
            padding=(0, 1),
            border_style="dim",
        )
        for _ in range(columns):
            table.add_column(width=cell, overflow="fold")
        for r in range(rows):
            cells = [self.blocks[i] for i in range(r, len(self.blocks), rows)]
            table.add_row(*(_join((t for ln in b for t in ln.pack(cell)), "\n") for b in cells))
        yield table


# -- the seats ------------------------------------------------------------------------
def _note(v: dict[str, Any], p: dict[str, Any]) -> str:
    notes = []
    if p["seat"] == v["start_player"]:
        notes.append("start")
    if p["passed"]:
        notes.append("passed")
    if "return" in p:
        notes.append(f"returns {p['return']}")
    elif p["return_committed"]:
        notes.append("returns ?")
    return ", ".join(notes)


def _players(v: dict[str, Any], seats: _Seats) -> Table:
    provinces = [p["id"] for p in v["provinces"]]
    short = _prefixes(provinces, 3)
    t = Table(
        box=None,
        pad_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        show_footer=True,
        header_style="bold",
    )
    t.add_column("seat", footer=Text("tiles left", style="dim"), no_wrap=True)
    t.add_column("pts", justify="right")
    t.add_column("supply", justify="right")
    t.add_column(CLOISTER, justify="right")
    for p in v["provinces"]:
        t.add_column(
            short[p["id"]], justify="right", footer=Text(str(p["tiles_left"]), style="dim")
        )
    t.add_column("hand")
    t.add_column("", no_wrap=True)
    for p in v["players"]:
        seat = p["seat"]
        label = Text(f"{TURN} " if seat == v["current_player"] else "  ") + seats.label(seat)
        size = p["hand_size"]
        hand = ", ".join(p["hand"]) if "hand" in p else f"{size} card{'s' * (size != 1)}"
        tiles = [str(p["tiles"][pid]) if p["tiles"][pid] else EMPTY for pid in provinces]
        t.add_row(
            label, str(p["score"]), str(p["supply"]), str(p["cloisters"]), *tiles,
            Text(hand or "-", style="" if "hand" in p else "dim"), _note(v, p),
        )  # fmt: skip
    return t


# -- the whole table ------------------------------------------------------------------
def _head(v: dict[str, Any], seats: _Seats) -> Text:
    rounds = "/".join(str(r) for r in SCORING_ROUNDS)
    head = Text(f"Ming Dynasty - round {v['round']} of {ROUNDS} (scoring {rounds})", style="bold")
    if v["over"]:
        head.append(" - game over", style="bold")
    else:
        head.append(f", phase {PHASES.get(v['phase'], v['phase'])}")
    if v["current_player"] is not None:
        head.append(" - to play: ")
        head.append_text(seats.label(v["current_player"]))
    return head


def _cards(v: dict[str, Any], seats: _Seats) -> Text:
    discards = ", ".join(f"{n} {c}" for c, n in sorted(Counter(v["discard"]).items()))
    out = Text(
        f"Cards: supply {v['deck_size']}, dragon stack {v['dragons']}, "
        f"discards {len(v['discard'])}" + (f" ({discards})" if discards else "")
    )
    if v["neutral"] is not None:
        out.append("   neutral ")
        out.append_text(seats.mark(v["neutral"]))
        out.append(f" supply {v['neutral_supply']}")
    return out


def _legend(seats: _Seats, short: dict[str, str]) -> Text:
    m = seats.marks[0]
    whose = f"seat {m}" if seats.times else m
    moves = "  ".join(f"{a} {t}" for t, a in short.items())
    return Text(
        f"{PRINCE} prince  {CLOISTER} cloister  [city]  {m}{seats.times}2 = 2 of {whose} "
        f"in the open area  {moves}",
        style="dim",
    )


def render_text(state: State, seat: int | None, names: list[str] | None = None) -> Group:
    """The board, the cards and the seats as ``seat`` may see them (``None``: spectator)."""
    v = state.view(seat)
    seats = _Seats(v, names)
    short = _prefixes(_transports(v), 1)
    parts: list[Any] = [
        _head(v, seats),
        _cards(v, seats),
        _Board(_provinces(v, seats, short)),
        _legend(seats, short),
        _players(v, seats),
    ]
    if v["over"]:
        ranking = Text("Game over. Ranking: ", style="bold")
        ranking.append_text(_join((seats.label(s) for s in v["ranking"]), ", "))
        parts.append(ranking)
    return Group(*parts)
