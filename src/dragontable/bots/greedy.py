"""Greedy bots: pick the action whose consequences score best under a game heuristic.

A seat often decides several times in a row (play a card, take a tile, place it).
For each legal action the bot completes that chain of its own decisions greedily,
one step at a time, and evaluates the position where the chain ends. All of this
happens on ``state.determinize(seat, seed)``, never on the true state, and keeps no log:
a chain that crosses chance (a shuffle, the next month's draw) sees a sampled future,
and the heuristic reads only what the seat may see (its own hand, public holdings).

Where a decision has many options that each open a further decision of the seat (Chang
Cheng's two-item actions), completing every chain is too slow; a heuristic module may
set a ``beam``: the options are then first judged one step deep, and only the best
``beam`` of each family (the first word of their notation: ``two-cards``, ``tower``…)
have their chains completed.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.rng import Rng
from ..core.state import State

Evaluate = Callable[[State, int], float]


class GreedyBot:
    """Chain-greedy over ``evaluate(state, seat)``; ties broken by a seeded RNG."""

    name = "greedy"

    def __init__(
        self, evaluate: Evaluate, seed: int = 0, chain: int = 4, beam: int | None = None
    ) -> None:
        self.evaluate = evaluate
        self.rng = Rng(seed)
        self.chain = chain
        self.beam = beam

    def _value(self, state: State, seat: int, action: str) -> float:
        child = state.clone()
        child.apply(action)
        for _ in range(self.chain):
            if child.current_player != seat:
                break
            legal = child.legal_actions()
            if len(legal) == 1:
                child.apply(legal[0])
                continue
            best = max(legal, key=lambda a: self._step(child, seat, a))
            child.apply(best)
        return self.evaluate(child, seat)

    def _step(self, state: State, seat: int, action: str) -> float:
        child = state.clone()
        child.apply(action)
        return self.evaluate(child, seat)

    def choose(self, state: State) -> str:
        return self.best(state, 1)[0]

    def best(self, state: State, k: int) -> list[str]:
        """The ``k`` legal actions that judge best (all of them where there are no more),
        best first, on one sampled world of the seat to move."""
        legal = state.legal_actions()
        seat = state.current_player
        if len(legal) <= k or seat is None:
            return legal
        world = state.determinize(seat, self.rng.next64(), keep_log=False)
        if self.beam is not None and len(legal) > self.beam:
            legal = self._shortlist(world, seat, legal, self.beam)
        scored = sorted((self._value(world, seat, a), self.rng.next64(), a) for a in legal)
        return [a for _, _, a in reversed(scored[-k:])]

    def choose_in(self, world: State) -> str:
        """Greedy's move in ``world`` as it stands, sampling no other: for a world already
        drawn from its seat's view (the rollouts of :mod:`.rollout`)."""
        legal = world.legal_actions()
        seat = world.current_player
        if len(legal) == 1 or seat is None:
            return legal[0]
        if self.beam is not None and len(legal) > self.beam:
            legal = self._shortlist(world, seat, legal, self.beam)
        return max(legal, key=lambda a: self._value(world, seat, a))

    def _shortlist(self, world: State, seat: int, legal: list[str], beam: int) -> list[str]:
        """The ``beam`` best options of each family, judged one step deep."""
        families: dict[str, list[tuple[float, int, str]]] = {}
        for i, a in enumerate(legal):
            family = families.setdefault(a.split(" ", 1)[0], [])
            family.append((self._step(world, seat, a), -i, a))
        keep = {a for family in families.values() for _, _, a in sorted(family)[-beam:]}
        return [a for a in legal if a in keep]
