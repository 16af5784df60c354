"""How the search judges a new leaf: a random playout to the end, or a game's heuristic
(a logistic of each seat's estimated lead, after a few random moves where the game asks
for them), or a fitted value function; :func:`leaf_for` picks a game's own."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

from ..core.rng import Rng
from ..core.state import State

Rollout = Callable[[State, Rng], None]
Leaf = Callable[[State, Rng], list[float]]
"""Judges a new leaf: every seat's reward; it may play on in the state (its own copy) with
the search's generator."""


def random_rollout(state: State, rng: Rng) -> None:
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def rewards(state: State) -> list[float]:
    """Per seat: 0.8 for a win (shared on a tie) plus 0.2 for the rank (1 first, 0 last)."""
    n = state.players
    winners = state.winners()
    out = [0.0] * n
    for place, seat in enumerate(state.ranking()):
        out[seat] = 0.2 * (n - 1 - place) / max(1, n - 1)
    for seat in winners:
        out[seat] += 0.8 / len(winners)
    return out


def lead_rewards(values: list[float], scale: float) -> list[float]:
    """Per seat, a logistic of its value's lead over the best rival's, at ``scale``."""
    out = []
    for s, v in enumerate(values):
        lead = v - max(w for t, w in enumerate(values) if t != s)
        out.append(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / scale)))))
    return out


def win_chances(values: list[float], scale: float) -> list[float]:
    """Per seat, a chance to win from every seat's value: ``exp(value / scale)`` over the
    sum of them (a softmax; they add up to 1). At two seats it is :func:`lead_rewards`."""
    top = max(values)
    weights = [math.exp(max(-60.0, (v - top) / scale)) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


Judge = Callable[[list[float], float], list[float]]
"""Every seat's reward from every seat's value and a lead-to-win scale."""


def heuristic_leaf(
    evaluate: Callable[[State, int], float],
    scale: float,
    evaluate_all: Callable[[State], list[float]] | None = None,
    plies: int = 0,
    to_end: Collection[int] = (),
    rollout: Rollout = random_rollout,
    judge: Judge = lead_rewards,
) -> Leaf:
    """Rewards from a heuristic: per seat, a logistic of its lead over the best rival (or
    what ``judge`` makes of the values), after ``plies`` random moves (fewer where the
    game ends first: then its result).

    ``evaluate_all(state)``, where a heuristic has it, gives every seat's value at once.
    At a table of a player count in ``to_end`` the leaf is a playout to the end by
    ``rollout`` (random moves, or a game's prior: :mod:`.prior`).
    """

    def leaf(state: State, rng: Rng) -> list[float]:
        if state.players in to_end:
            rollout(state, rng)
            return rewards(state)
        for _ in range(plies):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if state.is_over:
            return rewards(state)
        if evaluate_all is not None:
            values = evaluate_all(state)
        else:
            values = [evaluate(state, s) for s in range(state.players)]
        return judge(values, scale)

    return leaf


def value_leaf(predict: Callable[[State], list[float]], scales: dict[int, float]) -> Leaf:
    """Rewards from a value function (``bots/value.py``): per seat, a logistic of its
    predicted lead over the best rival at the fitted scale of the player count."""

    def leaf(state: State, rng: Rng) -> list[float]:
        if state.is_over:
            return rewards(state)
        return lead_rewards(predict(state), scales[state.players])

    return leaf


def leaf_for(game: str) -> Leaf | None:
    """The leaf evaluation of ``game``: its value function where it ships one marked for
    the search, else its heuristic where its settings give a ``leaf_scale`` (playouts to
    the end at the player counts of their ``leaf_to_end``, led by the game's prior where
    it ships one marked for the search, else random), else None (random playouts)."""
    from . import value

    model, predict = value.load(game), value.predictor(game)
    if model is not None and model.search and predict is not None:
        return value_leaf(predict, {n: fit.scale for n, fit in model.fits.items()})
    from .. import games

    scale = games.bot_settings(game).leaf_scale
    return None if scale is None else scaled_leaf(game, scale)


def scaled_leaf(game: str, scale: float, judge: Judge = lead_rewards, to_end: bool = True) -> Leaf:
    """``game``'s heuristic leaf as :func:`leaf_for` builds it (plies, playouts to the
    end, prior) at the lead-to-win ``scale``, its values judged by ``judge``: the review
    judges win chances at its own scale. Without ``to_end`` the heuristic judges at every
    player count, also where the search plays out to the end."""
    from .. import games
    from .heuristics import evaluator

    ends = None if to_end else frozenset[int]()
    found = games.bot_settings(game).evaluate_all
    return _game_leaf(game, evaluator(game), found, scale, judge, ends)


def _game_leaf(
    game: str,
    evaluate: Callable[[State, int], float],
    evaluate_all: Callable[[State], list[float]] | None,
    scale: float,
    judge: Judge = lead_rewards,
    to_end: Collection[int] | None = None,
) -> Leaf:
    """The heuristic leaf under ``game``'s settings (plies, playouts to the end at the
    counts of ``to_end`` or else the game's own, prior)."""
    from .. import games
    from . import prior

    settings = games.bot_settings(game)
    rollout = prior.search_playout(game) or random_rollout
    ends = settings.leaf_to_end if to_end is None else to_end
    plies = settings.leaf_playout
    return heuristic_leaf(evaluate, scale, evaluate_all, plies, ends, rollout, judge)


def leaf_judging(
    game: str, evaluate_all: Callable[[State], list[float]], scale: float | None = None
) -> Leaf:
    """``game``'s heuristic leaf as :func:`leaf_for` builds it (its scale unless
    ``scale`` is given, random plies, playouts to the end and prior), judging positions
    by ``evaluate_all`` instead of the game's heuristic: to try other weights."""
    from .. import games

    scale = games.bot_settings(game).leaf_scale if scale is None else scale
    if scale is None:
        raise ValueError(f"{game}'s search judges no leaf by its heuristic")
    return _game_leaf(game, lambda state, seat: evaluate_all(state)[seat], evaluate_all, scale)
