"""Build Chang Cheng positions in the rules reference's example notation (§9.0)."""

from __future__ import annotations

from typing import Any

from dragontable import games
from dragontable.core.state import State
from dragontable.games.changcheng import ChangChengState
from dragontable.games.changcheng import data as D
from dragontable.games.changcheng.flow import ENGINE
from dragontable.games.changcheng.state import CCData

SEAT = {"R": 0, "G": 1, "B": 2, "P": 3, "N": D.NEUTRAL}
SEAT3 = {"RED": 0, "GRN": 1, "BLU": 2, "PUR": 3}
EX1_REP = {"1A-P1": 2, "1A-P2": 3, "1A-P3": 1, "2B-P1": 2, "2B-P2": 4, "2B-P3": 0}
RED, GRN, BLU, PUR = 0, 1, 2, 3


def new(players: int, layout: tuple[str, ...] = ("1A", "2B"), **options: Any) -> ChangChengState:
    """A fresh game with a fixed two-board layout; seat 0 (RED) starts."""
    opts = {"start_boards": ",".join(layout[:2]), "start_player": "seat_1", **options}
    return games.create("changcheng", players=players, seed=7, options=opts)


def _take(supply: tuple[int, ...], value: int) -> tuple[int, ...]:
    """Take one token of ``value`` from a supply (or any token if none is left)."""
    i = supply.index(value) if value in supply else 0
    return supply[:i] + supply[i + 1 :]


def set_token(st: CCData, area: str, value: int) -> None:
    """Put a token of ``value`` on a province or region, swapping it with the supply."""
    if "-P" in area:
        old = st.rep[area]
        st.rep_supply = tuple(sorted(_take(st.rep_supply, value) + (old,)))
        st.rep[area] = value
    else:
        token = st.threat[area]
        assert token is not None, f"{area} holds no threat token"
        st.threat_supply = tuple(sorted(_take(st.threat_supply, value) + (token,)))
        st.threat[area] = value


def add_board(st: CCData, side: str, end: str = "east") -> None:
    """Lay an extension board directly (tokens taken from the supplies)."""
    board = st.bd.side_board[side]
    st.stock = tuple(b for b in st.stock if b != board)
    st.set_layout((side, *st.layout) if end == "west" else (*st.layout, side))
    for p in st.bd.side_provinces[side]:
        st.rep[p] = st.rep_supply[0]
        st.rep_supply = st.rep_supply[1:]
    for r in st.bd.side_regions[side]:
        st.threat[r] = st.threat_supply[0]
        st.threat_supply = st.threat_supply[1:]
    st.extensions += 1


def build(st: CCData, spec: str) -> None:
    """Put segments from ``"1A.01=R 1A.02=B^ 1A.03=G= 1A.04=R*"`` on the wall."""
    for item in spec.split():
        space, code = item.split("=", 1)
        owner = SEAT[code[0]]
        mark = code[1:]
        kind = {"": D.SINGLE, "*": D.SINGLE, "^": D.TOWER, "=": D.DOUBLE}[mark]
        st.seg[space] = (owner, kind, mark == "*")
        if owner == D.NEUTRAL:
            st.neutral -= 1
        elif kind == D.SINGLE:
            st.singles[owner] -= 1
        elif kind == D.TOWER:
            st.tower[owner] = False
        else:
            st.double[owner] = False


def put_card(st: CCData, spec: str) -> None:
    """Lay a face-down card: ``"GRN:TRAITOR@1A-P2"``."""
    who, rest = spec.split(":")
    card, province = rest.split("@")
    seat, card = SEAT3[who], D.CARD_ALIASES.get(card.lower(), card.lower())
    hand = list(st.hands[seat])
    hand.remove(card)
    st.hands[seat] = tuple(hand)
    st.cards[province] = st.cards.get(province, ()) + ((seat, card),)


def start_turn(st: CCData, seat: int, turn_no: int = 5) -> None:
    """Begin ``seat``'s turn in a normal (not the very first) turn of the game."""
    st.turn_no = turn_no - 1
    st.tasks = [("begin", seat)]
    st._legal = None
    ENGINE.advance(st)


def play(st: State, *actions: str) -> None:
    for a in actions:
        st.apply(a)


def final_scoring(st: CCData) -> None:
    """Run the end of the game on the current position."""
    st.ended = "wall_full"
    st.tasks = [("final",)]
    st._legal = None
    ENGINE.advance(st)


def gains(before: list[int], st: CCData) -> list[int]:
    return [b - a for a, b in zip(before, st.score, strict=True)]
