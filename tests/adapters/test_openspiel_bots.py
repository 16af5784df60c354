"""OpenSpiel's ISMCTS and MCTS as bots (dragontable.bots.openspiel)."""

from __future__ import annotations

import pytest

from .helpers import require

require("pyspiel")

from dragontable import games  # noqa: E402
from dragontable.bots import make_bot, parse_spec  # noqa: E402
from dragontable.bots.budget import check_bot_budget  # noqa: E402
from dragontable.core.errors import OptionError  # noqa: E402
from dragontable.core.rng import Rng  # noqa: E402
from dragontable.core.state import State  # noqa: E402
from dragontable.tournament import tournament  # noqa: E402


def _position(name: str, seed: int = 2) -> State:
    state = games.create(name, players=2, seed=seed)
    rng = Rng(seed)
    for _ in range(25):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_specs_take_a_budget_but_one_process() -> None:
    assert parse_spec("openspiel-ismcts:1s").seconds == 1.0
    assert parse_spec("openspiel-mcts:300").iterations == 300
    with pytest.raises(OptionError, match="one process"):
        parse_spec("openspiel-ismcts:1s:4")
    with pytest.raises(OptionError, match="tournaments and benchmarks"):
        check_bot_budget("openspiel-ismcts:1s", "dragon", 2, 5.0)


@pytest.mark.parametrize("kind", ["openspiel-ismcts", "openspiel-mcts"])
@pytest.mark.parametrize("name", ["dragon", "ming", "changcheng"])
def test_a_search_bot_plays_legal_reproducible_moves_from_its_view_only(
    kind: str, name: str
) -> None:
    state = _position(name)
    seat = state.current_player
    assert seat is not None
    choice = make_bot(f"{kind}:30", name, seed=5).choose(state)
    assert choice in state.legal_actions()
    assert make_bot(f"{kind}:30", name, seed=5).choose(state.clone()) == choice
    # another world with the same view for the seat: the same search, the same move
    other = state.determinize(seat, 77)
    assert make_bot(f"{kind}:30", name, seed=5).choose(other) == choice


def test_a_tournament_seats_the_reference_search() -> None:
    result = tournament("changcheng", 2, ["openspiel-ismcts:10", "random"], 2, seed=1)
    assert [row["bot"] for row in result["bots"]] == ["openspiel-ismcts:10", "random"]
    assert result["games"] == 2
