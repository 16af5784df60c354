"""Ming Dynasty: per-seat views (ming.md §8.1).

Public: the board, province spaces, display, discards, dragon stack, tiles, scores,
princes and hand sizes. Private: the cards in other hands (unless ``open_hands``),
the order of the face-down supply, and return commitments until they are revealed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.state import HIDDEN
from .data import MapData
from .state import NONE, MingData

DECISION_PHASE = {
    "prince": "setup",
    "neutral": "neutral",
    "space": "1",
    "card": "2",
    "act": "3",
    "moving": "3",
    "deploy": "3",
    "return": "4",
    "back": "4",
    "start": "5",
}
SCORING_TASKS = ("return", "reveal", "back", "neutralcheck", "cityscore")


def phase(st: MingData) -> str:
    """The phase of the pending decision: setup, neutral, 1-5, or over."""
    return DECISION_PHASE[st.tasks[-1][0]] if st.tasks else "over"


def scored_province(st: MingData) -> int | None:
    """The province whose city is being scored now, if any."""
    for task in reversed(st.tasks):
        if task[0] in SCORING_TASKS:
            return int(task[2] if task[0] in ("return", "back") else task[1])
    return None


def _colour(st: MingData, c: int) -> int | str | None:
    if c == NONE:
        return None
    return "neutral" if c == st.neutral else c


def _player(st: MingData, seat: int, viewer: int | None) -> dict[str, Any]:
    m = st.map
    committed = st.returns[seat] is not None
    out: dict[str, Any] = {
        "seat": seat,
        "score": st.score[seat],
        "breakdown": dict(st.score_by[seat]),
        "supply": st.supply[seat],
        "box": st.box[seat],
        "tiles": {p: st.tiles[seat][i] for i, p in enumerate(m.provinces)},
        "hand_size": len(st.hands[seat]),
        "prince": m.districts[st.prince[seat]] if st.prince[seat] != NONE else None,
        "passed": st.passed[seat],
        "cloisters": st.cloisters_of(seat),
        "return_committed": committed,
    }
    if viewer == seat or st.options["open_hands"]:
        out["hand"] = sorted(st.hands[seat], key=m.cards.index)
    if committed and (st.revealed or viewer == seat):
        out["return"] = st.returns[seat]
    return out


def _districts(st: MingData, borders: tuple[tuple[tuple[str, str], ...], ...]) -> list[Any]:
    m = st.map
    colour = {NONE: None, **({st.neutral: "neutral"} if st.neutral is not None else {})}
    princes: dict[int, list[int]] = {}
    for s, at in enumerate(st.prince):
        princes.setdefault(at, []).append(s)
    return [
        {
            "id": d,
            "province": m.provinces[m.province_of[i]],
            "open": list(st.open[i]),
            "cloister": colour.get(st.cloister[i], st.cloister[i]),
            "city": [colour.get(c, c) for c in st.city[i]],
            "princes": princes.get(i, []),
            "borders": dict(borders[i]),
        }
        for i, d in enumerate(m.districts)
    ]


@cache
def _borders(m: MapData) -> tuple[tuple[tuple[str, str], ...], ...]:
    """Per district its (neighbour, transport) pairs by name (the map's, made once)."""
    return tuple(
        tuple((m.districts[n], t) for n, t in m.neighbours[i]) for i in range(len(m.districts))
    )


def view(st: MingData, viewer: int | None) -> dict[str, Any]:
    """Everything ``viewer`` may see; ``None`` is a spectator."""
    m = st.map
    borders = _borders(m)
    current = st.current_player
    scored = scored_province(st)
    out: dict[str, Any] = {
        "game": "ming",
        "viewer": viewer,
        "options": dict(st.options),
        "map": {"name": m.name, "version": m.version, "reconstructed": m.reconstructed},
        "round": st.round,
        "phase": phase(st),
        "start_player": st.start_player,
        "over": current is None,
        "current_player": current,
        "prompt": st.prompt(),
        "neutral": st.neutral,
        "provinces": [
            {
                "id": p,
                "space": list(st.spaces[i]),
                "display": st.display[i],
                "tiles_left": st.tile_supply[i],
            }
            for i, p in enumerate(m.provinces)
        ],
        "districts": _districts(st, borders),
        "deck_size": len(st.deck),
        "discard": list(st.discard),
        "dragons": st.dragons,
        "box": list(st.box),
        "neutral_supply": st.supply[st.neutral] if st.neutral is not None else None,
        "scoring": None if scored is None else m.provinces[scored],
        "returns_revealed": st.revealed,
        "players": [_player(st, s, viewer) for s in range(st.players)],
    }
    if viewer is not None and viewer == current:
        out["legal_actions"] = st.legal_actions()
    if current is None:
        out["scores"] = st.scores()
        out["ranking"] = st.ranking()
    return out


def public_action(action: str) -> str:
    """``action`` as a seat other than its mover knows it: return commitments are secret
    (§8; they show in the log once revealed)."""
    verb, _, _ = action.partition(" ")
    return f"{verb} {HIDDEN}" if verb == "return" else action
