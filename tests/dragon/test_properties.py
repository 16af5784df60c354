"""Properties of random legal play over all player counts and option combinations."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from dragontable import games
from dragontable.core.errors import IllegalAction, NotationError
from dragontable.core.rng import Rng
from dragontable.games import replay
from dragontable.games.dragon import GAME
from dragontable.games.dragon import data as D
from dragontable.games.dragon.game import DragonState
from dragontable.games.dragon.persons import candidates

from .conftest import BERT, conserved, play, position, run, seat

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)

GREAT_EVENT_MODES = ("off", "random", "hidden_random", *D.GREAT_EVENTS)

options_strategy = hs.fixed_dictionaries(
    {
        "edition": hs.sampled_from((2017, 2007)),
        "great_wall": hs.sampled_from(("off", "choose_tile", "random_tile")),
        "great_wall_final_timing": hs.sampled_from(("after_event", "after_round_scoring")),
        "great_event": hs.sampled_from(GREAT_EVENT_MODES),
        "great_event_timing": hs.sampled_from(("before_decay", "after_decay")),
        "open_hands": hs.booleans(),
        "start_player": hs.sampled_from(("random", "seat_1")),
    }
)
# (players, seed, options, play seed)
GameArgs = tuple[int, int, dict[str, Any], int]

games_strategy = hs.tuples(
    hs.integers(2, 5), hs.integers(0, 2**32), options_strategy, hs.integers(0, 2**32)
)


def new_game(players: int, seed: int, options: dict[str, Any]) -> DragonState:
    st = games.create("dragon", players=players, seed=seed, options=options)
    assert isinstance(st, DragonState)
    return st


def check_invariants(
    st: DragonState, before: dict[str, list[int]] | None, log_from: int
) -> dict[str, list[int]]:
    """Assert the invariants of a state at a decision point; return what to compare next."""
    assert conserved(st), "person tiles are not conserved"
    quake = any(t[0] == "quakefix" for t in st.tasks)
    for p in st.seats:
        for value in (p.yuan, p.rice, p.fireworks, p.vp, p.priv_small, p.priv_large, p.pt):
            assert value >= 0
        for floors, res in p.palaces:
            assert 1 <= floors <= D.MAX_FLOORS
            assert quake or len(res) <= floors, "a palace holds more persons than floors"
        assert sum(p.vp_by.values()) == p.vp
        plays = sum(1 for card, _, _ in p.played if card != "init")
        assert len(p.hand) + plays + len(p.discarded) == len(D.HAND)
    assert len(st.wall) <= D.WALL_LENGTH
    now = {"pt": [p.pt for p in st.seats], "vp": [p.vp for p in st.seats]}
    if before is not None:
        volcano = any(e["key"] == "dragon.great.volcano" for e in st.log[log_from:])
        for old, new in zip(before["pt"], now["pt"], strict=True):
            assert new >= old or (volcano and new == 0), "the person track moved back"
        for old, new in zip(before["vp"], now["vp"], strict=True):
            assert new >= old, "VP decreased"
    if not st.is_over:
        assert st.current_player == st.tasks[-1][1]
        legal = st.legal_actions()
        assert legal, "a decision without options"
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert GAME.parse_action(action) == action
    return now


def play_out(st: DragonState, rng: Rng, check: bool = True, max_steps: int = 3000) -> list[str]:
    """Random legal play to the end, checking the invariants after every step."""
    actions: list[str] = []
    before = check_invariants(st, None, len(st.log)) if check else None
    while not st.is_over:
        legal = st.legal_actions()
        action = legal[rng.below(len(legal))]
        log_from = len(st.log)
        st.apply(action)
        actions.append(action)
        if check:
            before = check_invariants(st, before, log_from)
        assert len(actions) < max_steps
    return actions


def check_final(st: DragonState) -> None:
    assert st.is_over and st.tasks == [] and st.legal_actions() == []
    assert st.round == D.ROUNDS + 1
    scores = st.scores()
    assert [s["total"] for s in scores] == [p.vp for p in st.seats]
    assert all(sum(s["breakdown"].values()) == s["total"] for s in scores)
    ranking = st.ranking()
    assert sorted(ranking) == list(range(st.players))
    totals = [scores[s]["total"] for s in ranking]
    assert totals == sorted(totals, reverse=True)
    assert st.winners() == ranking[:1]
    assert len([e for e in st.log if e["key"] == "dragon.final.scored"]) == st.players
    assert all(not p.hand for p in st.seats)


@SETTINGS
@given(games_strategy)
def test_random_play_ends_in_a_valid_final_state(game: GameArgs) -> None:
    players, seed, options, play_seed = game
    st = new_game(players, seed, options)
    play_out(st, Rng(play_seed))
    check_final(st)


@pytest.mark.parametrize("great_event", D.GREAT_EVENTS)
@pytest.mark.parametrize("timing", ["before_decay", "after_decay"])
def test_every_great_event_plays_through(great_event: str, timing: str) -> None:
    for players in (2, 5):
        options = {
            "great_event": great_event,
            "great_event_timing": timing,
            "great_wall": "choose_tile",
        }
        st = new_game(players, players * 7, options)
        play_out(st, Rng(players))
        check_final(st)
        assert any(e["key"] == "dragon.great.started" for e in st.log)


@SETTINGS
@given(games_strategy, hs.floats(0, 1))
def test_record_and_snapshot_reproduce_the_game(game: GameArgs, cut: float) -> None:
    players, seed, options, play_seed = game
    st = new_game(players, seed, options)
    actions = play_out(st, Rng(play_seed), check=False)
    final = st.to_json()
    again = replay(st.record())
    assert again.to_json() == final and again.scores() == st.scores()
    restored = games.from_json(json.loads(st.dumps()))
    assert restored.to_json() == final and restored.ranking() == st.ranking()
    # A mid-game snapshot continues identically with the same actions.
    k = int(cut * len(actions))
    mid = new_game(players, seed, options)
    play(mid, *actions[:k])
    resumed = cast(DragonState, games.from_json(json.loads(mid.dumps())))
    assert resumed.to_json() == mid.to_json()
    assert resumed.legal_actions() == mid.legal_actions()
    play(resumed, *actions[k:])
    assert resumed.to_json() == final


def foreign_actions(st: DragonState, pool: set[str], rng: Rng) -> list[str]:
    """Up to 6 actions seen legal earlier in the game but not legal now."""
    others = sorted(pool - set(st.legal_actions()))
    return [others[rng.below(len(others))] for _ in range(6)] if others else []


@SETTINGS
@given(games_strategy)
def test_illegal_actions_raise_and_leave_the_state_untouched(game: GameArgs) -> None:
    players, seed, options, play_seed = game
    st = new_game(players, seed, options)
    rng = Rng(play_seed)
    seen: set[str] = set()
    garbage: list[Any] = ["", "   ", "jump p1", "tax@", "card X", "take Cq", "pick F+F", "x y z"]
    while not st.is_over:
        legal = st.legal_actions()
        seen.update(legal)
        if rng.below(8) == 0:
            before = st.to_json()
            for bad in foreign_actions(st, seen, rng) + garbage:
                with pytest.raises((IllegalAction, NotationError)):
                    st.apply(bad)
                assert not st.is_legal(bad)
            for bad in (None, 5, ["refill"], b"refill"):
                with pytest.raises(NotationError):
                    st.apply(bad)  # type: ignore[arg-type]
            assert st.to_json() == before
        st.apply(legal[rng.below(len(legal))])
    before = st.to_json()
    with pytest.raises(IllegalAction, match="the game is over"):
        st.apply("refill")
    assert st.to_json() == before


@SETTINGS
@given(games_strategy, hs.floats(0, 1))
def test_clone_is_independent(game: GameArgs, cut: float) -> None:
    players, seed, options, play_seed = game
    st = new_game(players, seed, options)
    rng = Rng(play_seed)
    steps = int(cut * 250)
    while not st.is_over and steps:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
        steps -= 1
    snapshot = st.to_json()
    copy = st.clone()
    assert copy.to_json() == snapshot
    play_out(copy, Rng(play_seed + 1), check=False)
    assert st.to_json() == snapshot
    # and the other way round: playing on the original leaves a fresh clone alone
    copy = st.clone()
    play_out(st, Rng(play_seed + 2), check=False)
    assert copy.to_json() == snapshot


@SETTINGS
@given(games_strategy, hs.floats(0, 1), hs.integers(0, 2**32))
def test_determinize_keeps_the_view_and_plays_on(game: GameArgs, cut: float, det_seed: int) -> None:
    players, seed, options, play_seed = game
    st = new_game(players, seed, options)
    rng = Rng(play_seed)
    steps = int(cut * 300)
    while not st.is_over and steps:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
        steps -= 1
    before = st.to_json()
    for viewer in range(players):
        det = st.determinize(viewer, det_seed)
        assert det.view(viewer) == st.view(viewer)
        assert det.current_player == st.current_player
        for p in det.seats:  # the re-drawn hands are whole hands
            assert len(p.hand) == len(st.seats[p.seat].hand)
        if viewer == det_seed % players:
            play_out(det, Rng(det_seed), check=True)
            check_final(det)
    assert st.to_json() == before


def hide_from(st: DragonState, other: int) -> DragonState:
    """A copy where ``other``'s hidden cards are different (same counts)."""
    alt = st.clone()
    p = alt.seats[other]
    p.hand = ["J"] * len(p.hand) if p.hand != ["J"] * len(p.hand) else ["C"] * len(p.hand)
    p.played = [(c if c == "init" else "J" if c != "J" else "C", g, d) for c, g, d in p.played]
    alt._legal = None
    return alt


@SETTINGS
@given(games_strategy, hs.floats(0, 1))
def test_views_hide_other_hands_and_played_cards(game: GameArgs, cut: float) -> None:
    players, seed, options, play_seed = game
    st = new_game(players, seed, options)
    rng = Rng(play_seed)
    steps = int(cut * 300)
    while not st.is_over and steps:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
        steps -= 1
    open_hands = bool(st.options["open_hands"])
    for other in range(players):
        alt = hide_from(st, other)
        changed = alt.seats[other].hand != st.seats[other].hand
        for viewer in [None, *range(players)]:
            if viewer == other:
                continue
            seen = st.view(viewer)["players"][other]
            if open_hands:
                assert seen["hand"] == sorted(st.seats[other].hand, key=D.CARDS.index)
                assert (alt.view(viewer) != st.view(viewer)) or not changed
            else:
                assert "hand" not in seen and "played" not in seen
                assert alt.view(viewer) == st.view(viewer)
                for entry in st.log_for(viewer):
                    assert entry["key"] != "dragon.card.played" or entry["seat"] == viewer


def test_hidden_great_event_is_hidden_until_round_7() -> None:
    st = new_game(3, 11, {"great_event": "hidden_random"})
    rng = Rng(3)
    while st.round < D.GREAT_EVENT_ROUND or st.phase in ("action", "card", "take", "place"):
        view = st.view(0)
        assert view["great_event"] == "hidden"
        assert cast(str, st.great_event) not in str(st.log_for(0))  # drawn at setup
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    play_out(st, rng, check=False)
    assert st.view(0)["great_event"] == st.great_event
    revealed = [e for e in st.log if e["key"] == "dragon.great.revealed"]
    assert revealed == [{"key": "dragon.great.revealed", "event": st.great_event}]


# -- determinize regressions ----------------------------------------------------------------
def test_determinize_redraws_the_cards_of_a_pending_card_decision() -> None:
    st = position(3, round=4)
    seat(st, BERT, palaces=[(2, ())], hand=["F", "M", "J"])
    st.seats[BERT].played = [("init", "C+L", ""), ("S", "S", ""), ("T", "T", ""), ("W", "W", "")]
    run(st, ("card", BERT))
    assert st.legal_actions() == ["card M", "card F", "card J"]
    hands = set()
    for det_seed in range(30):
        det = st.determinize(0, det_seed)
        hand = det.seats[BERT].hand
        hands.add(tuple(hand))
        # The legal actions follow the re-drawn hand, never Bert's true one.
        assert det.legal_actions() == [f"card {c}" for c in D.CARDS if c in hand]
        det.apply(det.legal_actions()[-1])
    assert len(hands) > 1


def test_determinize_redraws_the_card_of_a_pending_tile_choice() -> None:
    st = position(3, round=4)
    seat(st, BERT, palaces=[(2, ())], hand=["F", "J", "J"])
    st.seats[BERT].played = [("init", "C+L", "")] + [(c, c, "") for c in "CLPTWMHS"]
    run(st, ("card", BERT))
    play(st, "card J")
    assert len(st.legal_actions()) == len(D.TILES) == 15
    cards = set()
    for det_seed in range(30):
        det = st.determinize(0, det_seed)
        card = det.seats[BERT].played[-1][0]
        cards.add(card)
        assert len(det.seats[BERT].hand) == 2
        assert det.legal_actions() == [f"take {t}" for t in candidates(det, card)]
        assert det.view(0) == st.view(0)
    assert len(cards) > 1
