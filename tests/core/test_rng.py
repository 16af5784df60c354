"""The seeded generator's weighted draw: reproducible, never a zero-weight item, and in
proportion to the weights."""

from __future__ import annotations

from collections import Counter

from dragontable.core.rng import Rng


def test_a_weighted_draw_follows_its_weights_and_its_seed() -> None:
    items, weights = ["a", "b", "c"], [1.0, 0.0, 3.0]
    draws = [Rng(5).weighted(items, weights) for _ in range(3)]
    assert draws[0] == draws[1] == draws[2]  # the same seed, the same draw
    rng = Rng(1)
    counts = Counter(rng.weighted(items, weights) for _ in range(4000))
    assert counts["b"] == 0
    assert 0.70 < counts["c"] / 4000 < 0.80  # three quarters, within chance
