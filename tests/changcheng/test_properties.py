"""Properties over random legal play: valid ends, conservation, hidden information,
replay and JSON round trips, illegal actions."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from dragontable import games
from dragontable.core.errors import IllegalAction, NotationError
from dragontable.core.messages import render, template
from dragontable.core.rng import Rng
from dragontable.games import replay
from dragontable.games.changcheng import ChangChengState
from dragontable.games.changcheng import data as D
from dragontable.games.changcheng.flow import ENGINE
from dragontable.games.changcheng.rules import has_act
from dragontable.games.changcheng.state import Card

from .helpers import new

EVENT_CHOICES = ("none", "random-1", "random-2", *D.EVENTS, "diplomacy+observation",
                 "dominance+imperial_reward")  # fmt: skip
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
GameArgs = tuple[int, int, dict[str, str]]
"""Players, seed and options of a game."""


@st_.composite
def games_(draw: st_.DrawFn) -> GameArgs:
    players = draw(st_.integers(2, 4))
    neutral = draw(st_.sampled_from(("auto", "on", "off") if players == 2 else ("auto", "off")))
    options = {
        "neutral": neutral,
        "events": draw(st_.sampled_from(EVENT_CHOICES)),
        "scouting": draw(st_.sampled_from(("auto", "ask"))),
    }
    return players, draw(st_.integers(0, 2**32)), options


def conserved(st: ChangChengState) -> None:
    """Every wall piece, card and token is somewhere, exactly once."""
    segs = Counter((o, k) for o, k, _ in st.seg.values())
    for seat in range(st.players):
        assert st.singles[seat] + segs[(seat, D.SINGLE)] == D.SINGLES
        assert segs[(seat, D.DOUBLE)] == (0 if st.double[seat] else 2)
        assert segs[(seat, D.TOWER)] == (0 if st.tower[seat] else 1)
        placed = [c for cards in st.cards.values() for o, c in cards if o == seat]
        pending = [c for o, c in (st.res[1] if st.res else ()) if o == seat]
        assert sorted(st.hands[seat] + st.gone[seat] + tuple(placed)) == sorted(D.CARDS)
        assert set(pending) <= set(st.gone[seat])
    neutral_pool = D.NEUTRAL_POOL if st.options["neutral"] == "on" or (
        st.options["neutral"] == "auto" and st.players == 2) else 0  # fmt: skip
    assert st.neutral + segs[(D.NEUTRAL, D.SINGLE)] == neutral_pool
    assert len(st.rep) + len(st.rep_supply) == len(st.bd.reputation)
    assert len(st.threat) + len(st.threat_supply) == len(st.bd.threat)
    assert sorted([v for v in st.threat.values() if v is not None] + list(st.threat_supply)
                  + [v for _, v in st.threat_gone]) == sorted(st.bd.threat)  # fmt: skip
    assert set(st.seg) <= set(st.geo.spaces)


def playout(
    players: int,
    seed: int,
    options: dict[str, str],
    every: Callable[[ChangChengState], None] | None = None,
) -> ChangChengState:
    st = games.create("changcheng", players=players, seed=seed, options=options)
    rng = Rng(seed)
    steps = 0
    while not st.is_over:
        legal = st.legal_actions()
        assert legal and st.current_player is not None
        if every is not None:
            every(st)
        st.apply(legal[rng.below(len(legal))])
        steps += 1
        assert steps < 2000
    return st


@SETTINGS
@given(games_())
def test_random_play_ends_validly_and_conserves_pieces(game: GameArgs) -> None:
    players, seed, options = game
    st = playout(*game, every=conserved)
    conserved(st)
    assert st.ended in ("wall_full", "no_pieces") and st.legal_actions() == []
    if st.ended == "wall_full":
        assert len(st.seg) == len(st.geo.spaces)
    if players == 2 and options["neutral"] == "off":  # 34 own pieces never fill 39 spaces
        assert st.ended == "no_pieces" and len(st.layout) == 3
    for entry in st.log:
        assert template(entry["key"]) is not None, entry["key"]
        render(entry)
    boards = 2 + D.MAX_EXTENSIONS[players]
    assert len(st.layout) <= boards
    for s in st.scores():
        assert s["total"] == sum(s["breakdown"].values())
    assert st.winners() == [s for s in range(players) if st.score[s] == max(st.score)]
    assert sorted(st.ranking()) == list(range(players))
    json.dumps(st.view(None))


def _hide_from(st: ChangChengState, seat: int | None) -> ChangChengState:
    """Change every hidden fact ``seat`` has not seen (returns the changed state)."""
    s = st.clone()
    for other in range(s.players):
        if other == seat:
            continue
        for p, cards in list(s.cards.items()):
            s.cards[p] = tuple((o, "warrior" if o == other else c) for o, c in cards)
        s.hands[other] = tuple("mandarin" for _ in s.hands[other])
    for r, v in s.threat.items():
        seen = r in s.face_up or (seat is not None and seat in s.known.get(r, ()))
        if v is not None and not seen:
            s.threat[r] = -9
    s.threat_supply = tuple(-7 for _ in s.threat_supply)
    s.rep_supply = tuple(9 for _ in s.rep_supply)
    s.threat_gone = tuple((r, v if seat in s.known.get(r, ()) else -8) for r, v in s.threat_gone)
    s.rng = Rng(12345)
    s._legal = None
    return s


def _views_hold(st: ChangChengState) -> None:
    for seat in [None, *range(st.players)]:
        expected = json.dumps(st.view(seat), sort_keys=True)
        assert json.dumps(_hide_from(st, seat).view(seat), sort_keys=True) == expected
        if seat is not None:
            det = st.determinize(seat, seed=len(st.history))
            assert json.dumps(det.view(seat), sort_keys=True) == expected
            conserved(det)


@SETTINGS
@given(games_(), st_.integers(0, 300))
def test_views_ignore_unseen_facts_and_determinize_agrees(game: GameArgs, stop: int) -> None:
    st = games.create("changcheng", players=game[0], seed=game[1], options=game[2])
    rng = Rng(game[1])
    for _ in range(stop):
        if st.is_over:
            break
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    _views_hold(st)
    if not st.is_over:
        seat = st.current_player
        assert seat is not None  # a game that is not over waits on a seat
        det = st.determinize(seat, 3)
        while not det.is_over:
            legal = det.legal_actions()
            det.apply(legal[rng.below(len(legal))])


@SETTINGS
@given(games_(), st_.integers(0, 200))
def test_replay_and_json_round_trip_are_exact(game: GameArgs, stop: int) -> None:
    st = games.create("changcheng", players=game[0], seed=game[1], options=game[2])
    rng = Rng(game[1] + 1)
    for _ in range(stop):
        if st.is_over:
            break
        st.apply(st.legal_actions()[rng.below(len(st.legal_actions()))])
    again = games.from_json(json.loads(st.dumps()))
    assert again.dumps() == st.dumps()
    assert replay(json.loads(json.dumps(st.record()))).dumps() == st.dumps()
    copy = st.clone()
    for _ in range(60):
        if st.is_over:
            break
        action = st.legal_actions()[rng.below(len(st.legal_actions()))]
        assert again.legal_actions() == st.legal_actions() == copy.legal_actions()
        for s in (st, again, copy):
            s.apply(action)
    assert again.dumps() == st.dumps() == copy.dumps()


@SETTINGS
@given(games_(), st_.integers(0, 200), st_.data())
def test_an_illegal_action_never_changes_the_state(
    game: GameArgs, stop: int, data: st_.DataObject
) -> None:
    st = games.create("changcheng", players=game[0], seed=game[1], options=game[2])
    rng = Rng(game[1] + 2)
    seen: list[str] = []
    for _ in range(stop):
        if st.is_over:
            break
        seen.extend(st.legal_actions())
        st.apply(st.legal_actions()[rng.below(len(st.legal_actions()))])
    before = st.dumps()
    junk = ["", "fly 1A.01", "single", "single 9Z.99", "card joker 1A-P1", "extend 1A up",
            "two-singles 1A.01 1A.02", "cancel pink:warrior", "flood c"]  # fmt: skip
    candidates = data.draw(st_.lists(st_.sampled_from(seen + junk), max_size=15)) if seen else junk
    legal = set(st.legal_actions())
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises((IllegalAction, NotationError)):
            st.apply(action)
        assert st.dumps() == before


def test_determinize_samples_hidden_cards_and_tokens() -> None:
    st = games.create("changcheng", players=3, seed=2, options={"start_player": "seat_1"})
    st.apply(st.legal_actions()[0])
    st.apply(next(a for a in st.legal_actions() if a.startswith("two-cards")))
    st.apply(st.legal_actions()[0])
    grn_cards = [c for cards in st.cards.values() for c in cards]
    dealt: set[tuple[Card, ...]] = set()
    tokens: set[tuple[tuple[str, int | None], ...]] = set()
    for seed in range(30):
        det = st.determinize(2, seed)
        dealt.add(tuple(c for cards in det.cards.values() for c in cards))
        tokens.add(tuple(sorted(det.threat.items())))
        assert all(e.get("to", 2) == 2 for e in det.log)
        assert det.view(2) == st.view(2)
    assert len(grn_cards) == 2 and len(dealt) > 1 and len(tokens) > 1
    mine = st.determinize(1, 0)
    assert [c for cards in mine.cards.values() for c in cards] == grn_cards


def quick_checks_agree(st: ChangChengState) -> None:
    """The engine's quick 'any option?' checks say exactly what listing the options says."""
    for kind, check in ENGINE.has_options.items():
        for seat in range(st.players):
            task = (kind, seat)
            assert check(st, task) == bool(ENGINE.options[kind](st, task)), (kind, seat)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(games_())
def test_quick_option_checks_agree_with_the_listed_options(game: GameArgs) -> None:
    playout(*game, every=quick_checks_agree)


@pytest.mark.parametrize(
    ("double", "tower", "can_act"),
    [(True, False, True), (False, True, True), (False, False, False)],
)
def test_quick_act_check_with_only_a_double_wall_or_a_tower_left(
    double: bool, tower: bool, can_act: bool
) -> None:
    st = new(2)
    st.turn_no = 2  # past the first turn's single wall
    st.singles[0], st.hands[0] = 0, ()
    st.double[0], st.tower[0] = double, tower
    quick_checks_agree(st)
    assert has_act(st, ("act", 0)) is can_act
