"""The in-place, incremental observations and masks (adapters.observation) equal the
plain encoding's at every step of random games, for every seat, game and player count."""

from __future__ import annotations

import numpy as np
import pytest

from .helpers import CONFIGS, option_sets, require

require("numpy")
from dragontable import games  # noqa: E402
from dragontable.adapters.observation import Incremental, Masks  # noqa: E402
from dragontable.core.encoding import Writer, encoding_for  # noqa: E402
from dragontable.core.rng import Rng  # noqa: E402


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_incremental_observations_equal_the_plain_encoding(name: str, players: int) -> None:
    game = games.get(name)
    for k, opts in enumerate(list(option_sets(name, players))[:3]):
        enc = encoding_for(game, players, opts)
        writers = [Incremental(enc.size) for _ in range(players)]
        masks = Masks(enc)
        state = game.create(players, seed=30 + k, options=opts)
        rng = Rng(k)
        while True:
            for seat in range(players):
                got = writers[seat].encode(enc, state.view(seat))
                want = np.asarray(enc.observation(state, seat), np.float32)
                assert got.tobytes() == want.tobytes(), (opts, len(state.history), seat)
            mask = masks.fill(state)
            assert mask.tobytes() == bytes(enc.mask(state))
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def test_a_plain_writer_writes_every_section_and_an_incremental_one_skips_unchanged() -> None:
    assert Writer().section(("anything",)) is True
    w = Incremental(2)
    w.pos = 0
    assert w.section((1,)) is True
    w.scalar("a", 1.0)
    w._close()
    w.pos, w._at = 0, -1
    assert w.section((1,)) is False and w.pos == 1
    w.pos, w._at = 0, -1
    assert w.section((2,)) is True
