"""Chang Cheng: the fixed encodings for learning agents (``core.encoding``).

Every board side of the board file (option ``boards_file``, part of the version) has its
place in both encodings, whether or not it is in play, since extensions add sides.

Actions: every notation of ``notation.py`` over the board file: each verb on each space,
card on each province, region, side end and pending card of a seat's colour.

Observation (one ``view(seat)``): the viewer, the seat to move and the pending decision,
the turn, options and events, each side's place in the layout, per space its piece,
owner and reservation, per province its reputation, scoring and cards (their types only
where the view shows them: the viewer's own), per Mongol region its threat token as far
as the view shows it and who scouted it, the pending scoring, the supplies, and per seat
its score, pieces and cards (its hand only in its own view).
"""

from __future__ import annotations

from typing import Any

from ...core.encoding import Writer
from . import data as D
from .boards import MAX_BOARDS, Boards, load
from .setup import OPTIONS
from .view import HIDDEN, REMOVED

VERSION = 1
PROMPTS = tuple(
    f"changcheng.prompt.{k}"
    for k in [
        "act",
        "second",
        "card2",
        "cardwall",
        "reservechoice",
        "scoutchoice",
        "neutral",
        "extend",
        "warrior",
        "traitor",
        "flood",
        "builder",
        "mandarin",
        "swapwith",
        "over",
    ]
)
SPACE_VERBS = ("two-singles", "double", "tower", "single", "reserve", "neutral", "destroy",
               "swap", "with")  # fmt: skip
CARD_VERBS = ("two-cards", "card-single", "card")
OWNERS = D.COLOURS + ("neutral",)
PIECES = tuple(D.KIND_NAMES.values())
ENCODED_OPTIONS = ("neutral", "scouting", "start_player")
_CHOICES = {spec.name: tuple(spec.choices) for spec in OPTIONS}


def data_tag(options: dict[str, Any]) -> str:
    """The board file's name and version."""
    return f"boards:{options['boards_file']}@{load(options['boards_file']).version}"


def _sides(bd: Boards) -> tuple[str, ...]:
    return tuple(bd.side_spaces)


def actions(players: int, options: dict[str, Any]) -> list[str]:
    """Every action the engine can offer with ``players`` players and the options' boards."""
    bd = load(options["boards_file"])
    spaces = [s for side in _sides(bd) for s in bd.side_spaces[side]]
    provinces = [p for side in _sides(bd) for p in bd.side_provinces[side]]
    regions = [r for side in _sides(bd) for r in bd.side_regions[side]]
    out = [f"{verb} {s}" for verb in SPACE_VERBS for s in spaces]
    out += [f"{verb} {c} {p}" for verb in CARD_VERBS for c in D.CARDS for p in provinces]
    out += [f"{verb} {r}" for verb in ("scout", "remove") for r in regions]
    out += ["no-scout", "no-neutral", "no-swap"]
    out += [f"extend {side} {end}" for side in _sides(bd) for end in (D.WEST, D.EAST)]
    out += [f"cancel {colour}:{c}" for colour in D.COLOURS[:players] for c in D.CARDS]
    out += [f"{verb} {x}" for verb in ("flood", "builder") for x in ("a", "b")]
    return out


_BOARDS: dict[str, Boards] = {}


def _boards(name: str) -> Boards:
    """The board file ``name`` as this process first encoded it (its version is in the
    encoding's; a file check on every view costs more than encoding what changed)."""
    found = _BOARDS.get(name)
    if found is None:
        found = _BOARDS[name] = load(name)
    return found


def observe(view: dict[str, Any], w: Writer) -> None:
    """The numbers of one view (see the module's docstring)."""
    bd = _boards(view["options"]["boards_file"])
    seats = range(len(view["players"]))
    head = (view["viewer"], view["current_player"], view["prompt"], view["active"],
            view["turn"])  # fmt: skip
    if w.section(head):
        w.onehot("viewer", seats, view["viewer"])
        w.onehot("to_move", seats, view["current_player"])
        w.onehot("prompt", PROMPTS, (view["prompt"] or {"key": "changcheng.prompt.over"})["key"])
        w.onehot("active", seats, view["active"])
        w.scalar("turn", view["turn"])
    if w.section((view["options"], view["events"], view["layout"])):
        for name in ENCODED_OPTIONS:
            w.onehot(f"option.{name}", _CHOICES[name], view["options"][name])
        w.counts("events", D.EVENTS, view["events"])
        layout = view["layout"]
        for side in _sides(bd):
            at = layout.index(side) if side in layout else None
            w.onehot(f"side.{side}.at", range(MAX_BOARDS), at)
    _spaces(bd, view, w)
    _areas(bd, view, seats, w)
    if w.section((view["scoring"], seats)):
        _scoring(bd, view, seats, w)
    rest = (view["emperor_cards"], view["extensions"], view["stock"], view["supply"],
            view["neutral_pool"])  # fmt: skip
    if w.section(rest):
        w.scalar("emperor_cards", view["emperor_cards"])
        w.vector("extensions", ("made", "most"), view["extensions"])
        w.counts("stock", tuple(bd.boards), view["stock"])
        supply = view["supply"]
        w.vector("supply", ("reputation", "threat"), [supply["reputation"], supply["threat"]])
        w.scalar("neutral_pool", view["neutral_pool"])
    for p in view["players"]:
        if w.section(p):
            at = f"seat.{p['seat']}"
            for key in ("score", "singles", "double", "tower", "hand_size"):
                w.scalar(f"{at}.{key}", p[key])
            w.counts(f"{at}.revealed", D.CARDS, p["revealed"])
            w.scalar(f"{at}.hand_shown", "hand" in p)
            w.counts(f"{at}.hand", D.CARDS, p.get("hand", ()))


def _spaces(bd: Boards, view: dict[str, Any], w: Writer) -> None:
    seats = range(len(view["players"]))
    shown = {entry["space"]: entry for entry in view["spaces"]}
    for side in _sides(bd):
        spaces = bd.side_spaces[side]
        if not w.section((seats, [shown.get(s) for s in spaces])):
            continue
        for s in spaces:
            entry = shown.get(s, {})
            w.onehot(f"space.{s}.owner", OWNERS, entry.get("owner"))
            w.onehot(f"space.{s}.piece", PIECES, entry.get("piece"))
            w.scalar(f"space.{s}.destroyed", entry.get("destroyed", False))
            w.onehot(f"space.{s}.reserved_for", seats, entry.get("reserved_for"))


def _areas(bd: Boards, view: dict[str, Any], seats: range, w: Writer) -> None:
    provinces = {entry["province"]: entry for entry in view["provinces"]}
    regions = {entry["region"]: entry for entry in view["regions"]}
    for side in _sides(bd):
        held = bd.side_provinces[side], bd.side_regions[side]
        inputs = [provinces.get(p) for p in held[0]], [regions.get(r) for r in held[1]]
        if not w.section((seats, inputs)):
            continue
        for p in held[0]:
            entry = provinces.get(p, {"reputation": 0, "scored": False, "cards": []})
            w.scalar(f"province.{p}.reputation", entry["reputation"])
            w.scalar(f"province.{p}.scored", entry["scored"])
            w.counts(f"province.{p}.cards", seats, [c["seat"] for c in entry["cards"]])
            w.counts(
                f"province.{p}.own", D.CARDS, [c["card"] for c in entry["cards"] if "card" in c]
            )
        for r in held[1]:
            entry = regions.get(r, {"threat": HIDDEN, "scouted_by": []})
            threat = entry["threat"]
            known = threat not in (HIDDEN, REMOVED)
            w.onehot(f"region.{r}.token", ("known", HIDDEN, REMOVED), "known" if known else threat)
            w.scalar(f"region.{r}.threat", threat if known else 0)
            w.counts(f"region.{r}.scouted_by", seats, entry["scouted_by"])


def _scoring(bd: Boards, view: dict[str, Any], seats: range, w: Writer) -> None:
    res = view["scoring"] or {
        "province": None,
        "pending": [],
        "value_delta": 0,
        "virtual_walls": [0] * len(seats),
    }
    provinces = [p for side in _sides(bd) for p in bd.side_provinces[side]]
    w.onehot("scoring.province", provinces, res["province"])
    for s in seats:
        w.counts(
            f"scoring.pending.{s}", D.CARDS, [c["card"] for c in res["pending"] if c["seat"] == s]
        )
    w.scalar("scoring.value_delta", res["value_delta"])
    w.vector("scoring.virtual_walls", seats, res["virtual_walls"])
