"""The in-place, incremental observations and masks (adapters.observation) equal the
plain encoding's at every step of random games, for every seat, game and player count."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from .helpers import CONFIGS, option_sets, require

require("numpy")
from dragontable import games  # noqa: E402
from dragontable.adapters.observation import Incremental, Masks  # noqa: E402
from dragontable.core.encoding import Encoding, Writer, encoding_for  # noqa: E402
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


def test_an_incremental_writer_rewrites_only_the_sections_whose_inputs_changed() -> None:
    written: list[str] = []

    def observe(view: dict[str, Any], w: Writer) -> None:
        for key in ("a", "b"):
            if w.section(view[key]):
                written.append(key)
                w.vector(key, ("x", "y"), view[key])

    enc = Encoding("toy", 2, "toy/1", ("pass",), ("a.x", "a.y", "b.x", "b.y"), observe)
    writer = Incremental(enc.size)
    assert writer.encode(enc, {"a": [1, 2], "b": [3, 4]}).tolist() == [1, 2, 3, 4]
    assert writer.encode(enc, {"a": [1, 2], "b": [5, 6]}).tolist() == [1, 2, 5, 6]
    assert written == ["a", "b", "b"]
    assert enc.observe({"a": [1, 2], "b": [5, 6]}) == [1, 2, 5, 6]  # the plain writer
    assert written == ["a", "b", "b", "a", "b"]  # writes every section
    writer.forget()
    writer.encode(enc, {"a": [1, 2], "b": [5, 6]})
    assert written[-2:] == ["a", "b"]
