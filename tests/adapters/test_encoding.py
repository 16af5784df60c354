"""The fixed encodings (core.encoding + games/<g>/encoding.py) for every game and player count."""

from __future__ import annotations

import math
import struct

import pytest

from dragontable import games
from dragontable.core.encoding import EncodingError, Writer, encoding_for
from dragontable.core.rng import Rng

from .helpers import CONFIGS, option_sets


def _bytes(values: list[float]) -> bytes:
    return struct.pack(f"{len(values)}f", *values)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_the_action_space_is_canonical_and_fixed(name: str, players: int) -> None:
    game = games.get(name)
    enc = encoding_for(game, players)
    assert len(set(enc.actions)) == len(enc.actions)
    assert all(game.parse_action(a) == a for a in enc.actions)
    assert [enc.index(enc.action(i)) for i in range(enc.num_actions)] == list(
        range(enc.num_actions)
    )
    assert encoding_for(game, players, {}) is enc
    assert enc.version.startswith(f"{name}/1.1/p{players}")
    with pytest.raises(EncodingError):
        enc.action(enc.num_actions)
    with pytest.raises(EncodingError):
        enc.index("no such action")


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_every_action_of_random_games_round_trips(name: str, players: int) -> None:
    """index -> notation -> index for every legal action met, under every option set; the
    mask marks exactly the legal actions; every observation keeps the layout."""
    game = games.get(name)
    for i, opts in enumerate(option_sets(name, players)):
        enc = encoding_for(game, players, opts)
        state = game.create(players, seed=100 + i, options=opts)
        rng = Rng(i)
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            assert [enc.action(enc.index(a)) for a in legal] == legal
            mask = enc.mask(state)
            assert sorted(j for j, m in enumerate(mask) if m) == sorted(map(enc.index, legal))
            if step % 23 == 0:
                seat = step % players
                view = state.view(seat)
                assert enc.layout(view) == list(enc.names)
                assert all(math.isfinite(x) for x in enc.observe(view))
            state.apply(legal[rng.below(len(legal))])
            step += 1
        assert len(enc.observation(state, 0)) == enc.size


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_the_observation_carries_no_hidden_fact(name: str, players: int) -> None:
    """A seat's observation is byte-identical in every re-drawing of what it cannot see;
    where hands are secret (Dragon, Chang Cheng) other seats' observations of those
    re-drawings differ, so the observation does carry each seat's own secrets."""
    game = games.get(name)
    enc = encoding_for(game, players)
    state = game.create(players, seed=7)
    rng = Rng(7)
    step = differs = 0
    while not state.is_over:
        if step % 11 == 0:
            seat = state.current_player
            assert seat is not None
            mine = _bytes(enc.observation(state, seat))
            for k in range(3):
                other = state.determinize(seat, k)
                assert _bytes(enc.observation(other, seat)) == mine
                differs += any(
                    enc.observation(other, s) != enc.observation(state, s)
                    for s in range(players)
                    if s != seat
                )
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    assert differs > 0 or name == "ming"  # Ming's hands come from the open display


def test_the_writer_names_each_number_and_refuses_unknown_values() -> None:
    w = Writer(record=True)
    w.scalar("round", 3)
    w.onehot("seat", range(3), 1)
    w.counts("hand", ("F", "S"), ["F", "F"])
    w.vector("goods", ("rice", "yuan"), [2, 5])
    assert w.values == [3.0, 0.0, 1.0, 0.0, 2.0, 0.0, 2.0, 5.0]
    assert w.names == ["round", "seat.0", "seat.1", "seat.2", "hand.F", "hand.S", "goods.rice",
                       "goods.yuan"]  # fmt: skip
    with pytest.raises(EncodingError):
        Writer().onehot("seat", range(3), 5)
    with pytest.raises(EncodingError):
        Writer().counts("hand", ("F",), ["J"])


def test_a_sparse_block_adds_its_entries_over_zeros() -> None:
    w = Writer(record=True)
    w.sparse("palace", ("a", "b", "c", "d"), [(1, 2.0), (3, 1.0), (1, 1.0)])
    assert w.values == [0.0, 3.0, 0.0, 1.0]
    assert w.names == ["palace.a", "palace.b", "palace.c", "palace.d"]
