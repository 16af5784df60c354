"""Leaf judgements tried against the search's own (``bench/experiments/search_variant.py --playout``,
``--margin``, ``--mix``): a playout guided by move averages, rewards that count the
score, and a heuristic's judgement mixed with a playout's result.

None is a bot's setting: in 2-player Dragon against ``mcts-v1`` neither of the first two
won more than the shipped random playouts, at 0.3 s or at 1 s a move, and the mixed
leaf won 3 of 12 games against the shipped search at 1 s (the script's docstring has the
runs).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..core.rng import Rng
from ..core.state import State
from .leaves import Leaf, lead_rewards, random_rollout, rewards


class MastPlayout:
    """A leaf judged by a playout to the end whose moves follow move averages (MAST):
    per player, each action's mean reward over the playouts of this search that played
    it. Each move is drawn from a Gibbs distribution over those means at
    ``temperature`` (an action not yet played counts ``unseen``), or, with ``epsilon``,
    is the best-valued action except for that share of random moves.

    One object serves one search: its averages come from that seat's own sampled worlds,
    and are not to be carried into another seat's search.
    """

    __slots__ = ("epsilon", "tables", "temperature", "unseen")

    def __init__(
        self, temperature: float = 0.1, unseen: float = 1.0, epsilon: float | None = None
    ) -> None:
        self.temperature = temperature
        self.unseen = unseen
        self.epsilon = epsilon
        self.tables: list[dict[str, list[float]]] = []

    def __call__(self, state: State, rng: Rng) -> list[float]:
        tables = self.tables
        while len(tables) < state.players:
            tables.append({})
        played: list[tuple[int, str]] = []
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            player = state.current_player or 0
            action = self._pick(legal, tables[player], rng)
            played.append((player, action))
            state.apply(action)
        result = rewards(state)
        for player, action in played:
            table, reward = tables[player], result[player]
            stat = table.get(action)
            if stat is None:
                table[action] = [reward, 1.0]
            else:
                stat[0] += reward
                stat[1] += 1.0
        return result

    def _pick(self, legal: list[str], table: dict[str, list[float]], rng: Rng) -> str:
        unseen = self.unseen
        if self.epsilon is not None:
            if rng.next64() < self.epsilon * 2.0**64:
                return legal[rng.below(len(legal))]
            best, best_q = legal[0], -1.0
            for a in legal:
                stat = table.get(a)
                q = unseen if stat is None else stat[0] / stat[1]
                if q > best_q:
                    best, best_q = a, q
            return best
        inv, exp = 1.0 / self.temperature, math.exp
        weights = []
        for a in legal:
            stat = table.get(a)
            q = unseen if stat is None else stat[0] / stat[1]
            weights.append(exp((q - 1.0) * inv))
        return rng.weighted(legal, weights)


def margin_rewards(scale: float) -> Callable[[State], list[float]]:
    """Rewards of a finished game: per seat 0.8 for a win (shared on a tie) plus 0.2 times
    a logistic of its final score's lead over the best rival's at ``scale``, so a search
    whose playouts all win (or all lose) still tells a wide win from a narrow one."""

    def judge(state: State) -> list[float]:
        totals = [float(s["total"]) for s in state.scores()]
        winners = state.winners()
        out = [0.2 * r for r in lead_rewards(totals, scale)]
        for seat in winners:
            out[seat] += 0.8 / len(winners)
        return out

    return judge


def mixed_leaf(evaluate_all: Callable[[State], list[float]], scale: float, weight: float) -> Leaf:
    """A leaf judged twice: ``weight`` times the heuristic's judgement of the leaf (per
    seat, a logistic of its lead at ``scale``, as :func:`~.leaves.heuristic_leaf`) plus
    the rest times the result of a random playout from it to the end."""
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"a mixing weight is between 0 and 1, not {weight}")

    def leaf(state: State, rng: Rng) -> list[float]:
        if state.is_over:
            return rewards(state)
        judged = lead_rewards(evaluate_all(state), scale)
        random_rollout(state, rng)
        played = rewards(state)
        return [weight * j + (1.0 - weight) * p for j, p in zip(judged, played, strict=True)]

    return leaf
