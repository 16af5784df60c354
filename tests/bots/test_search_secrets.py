"""Inside the search tree a rival's secret choice is one node: the seat cannot know it."""

from __future__ import annotations

from dragontable import games
from dragontable.bots.leaves import leaf_for
from dragontable.bots.mcts import Node, iterate
from dragontable.core.rng import Rng
from dragontable.core.state import State


def _before_both_return_commitments() -> State:
    """Two-player Ming, seat 0 to commit its return in secret, seat 1 to commit next."""
    rng, state = Rng(1), games.create("ming", players=2, seed=1)
    for _ in range(141):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert state.current_player == 0
    assert all(a.startswith("return") for a in state.legal_actions())
    return state


def test_a_rivals_return_commitment_shares_one_tree_node() -> None:
    state = _before_both_return_commitments()
    root, rng, leaf = Node(), Rng(3), leaf_for("ming")
    for _ in range(300):
        world = state.determinize(0, rng.next64(), keep_log=False)
        iterate(world, root, rng, 0.7, lambda s, r: None, leaf, 0)
    assert set(root.children) == set(state.legal_actions())  # the seat's own: by action
    for own in root.children.values():
        rival = own.children
        assert set(rival) == {"return ?"}, rival  # the rival's: by what the seat sees
        assert rival["return ?"].visits > 10


def test_a_rivals_public_choices_keep_their_own_nodes() -> None:
    state = games.create("ming", players=2, seed=4)
    root, rng = Node(), Rng(5)
    for _ in range(200):
        iterate(
            state.determinize(0, rng.next64(), keep_log=False),
            root,
            rng,
            0.7,
            lambda s, r: None,
            leaf_for("ming"),
            0,
        )
    grand = {k for child in root.children.values() for k in child.children}
    assert len(grand) > 1 and "?" not in " ".join(grand)
