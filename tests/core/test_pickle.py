"""Every game's state pickles (research clients send states between processes) and the
copy plays on exactly as the original: Ming Dynasty's map holds mapping proxies, which
pickle by value (games.ming.data.MapData.__reduce__)."""

from __future__ import annotations

import pickle

import pytest

from dragontable import games
from dragontable.core.rng import Rng


@pytest.mark.parametrize("name", ["dragon", "ming", "changcheng"])
def test_a_pickled_state_plays_on_as_the_original(name: str) -> None:
    state = games.create(name, players=3, seed=11)
    rng = Rng(11)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        copy.apply(action)
    assert copy == state
    assert copy.ranking() == state.ranking()
