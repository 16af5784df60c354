"""Playouts guided by a prior fitted to the greedy bot's choices.

A game may ship ``games/<game>/priors/playout.json``: per player count, a weight for each
token of an action (``prior_token`` in the game's bot settings maps an action's
notation to its token, e.g. Dragon's ``release p1:Fy`` to ``release Fy``), fitted by
``bench/fit/fit_prior.py`` as a conditional logit to what greedy chose among the legal
actions in its self-play. A playout move is drawn with chance proportional to
``exp(weight / temperature)``: at a temperature above 1 the prior only leans the random
playout towards what greedy would do. A player count without weights plays at random.
The search's playouts to the end use it only at the player counts the file's
``"search"`` lists, each set once it beat random playouts in play there (Dragon's: 2
and 4 players, see ``bench/experiments/search_variant.py``'s docstring); at the others they stay random.
``bench/experiments/search_variant.py --playout prior`` plays a count's weights against random
playouts whether or not the search uses them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from .. import games
from ..core import datafiles
from ..core.errors import DataError
from ..core.rng import Rng
from ..core.state import State

FORMAT = "dragontable-playout-prior"
VERSION = 2
KIND = "priors"
NAME = "playout"
MAX_TOKENS = 10_000
MAX_RATIO = 100.0
"""The largest weight over temperature: ``exp`` of it stays a finite number to draw by."""

Token = Callable[[str], str]


@dataclass(frozen=True)
class Prior:
    """A loaded prior: the temperature its playouts draw at and, per player count, the
    weight of each token (a token not listed weighs 0)."""

    game: str
    temperature: float
    weights: dict[int, dict[str, float]]
    produced_by: str
    search: frozenset[int]
    """The player counts whose search playouts use it (each set once it beat random
    playouts in play there)."""

    def searched(self) -> Prior:
        """This prior with the weights of the searched player counts only."""
        return replace(self, weights={n: self.weights[n] for n in self.search})


def load(game: str) -> Prior | None:
    """The prior ``game`` ships, or None; ``DataError`` names what is wrong with a broken one."""
    if NAME not in datafiles.names(game, KIND):
        return None
    return datafiles.load(game, KIND, NAME, lambda raw, where: parse(raw, game, where))


def parse(raw: Any, game: str, where: str) -> Prior:
    """Check parsed JSON ``raw`` as ``game``'s prior (``where`` labels the file)."""

    def fail(message: str) -> DataError:
        return DataError(f"prior {where}: {message}")

    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise fail(f"expected an object with 'format' {FORMAT!r}")
    if raw.get("version") != VERSION:
        raise fail(f"'version' {raw.get('version')!r} is not supported (supported: {VERSION})")
    if raw.get("game") != game:
        raise fail(f"'game' is {raw.get('game')!r}, not {game!r}")
    produced_by = raw.get("produced_by")
    if not isinstance(produced_by, str):
        raise fail("'produced_by' must say how the file was made")
    temperature = _number(raw.get("temperature"), fail)
    if temperature <= 0:
        raise fail("'temperature' must be positive")
    counts = raw.get("weights")
    if not isinstance(counts, dict) or not counts:
        raise fail("'weights' must map player counts to token weights")
    weights: dict[int, dict[str, float]] = {}
    for key, table in counts.items():
        if not isinstance(key, str) or not key.isdigit() or not 1 <= int(key) <= 10:
            raise fail(f"{key!r} is not a player count")
        if not isinstance(table, dict) or not 0 < len(table) <= MAX_TOKENS:
            raise fail(f"player count {key}: expected 1 to {MAX_TOKENS} token weights")
        weights[int(key)] = {str(t): _number(w, fail) for t, w in table.items()}
        if max(abs(w) for w in weights[int(key)].values()) > MAX_RATIO * temperature:
            raise fail(f"player count {key}: a weight beyond {MAX_RATIO:g} x the temperature")
    search = raw.get("search")
    if not isinstance(search, list) or not all(type(n) is int and n in weights for n in search):
        raise fail("'search' must list player counts with weights (where the search uses them)")
    return Prior(game, temperature, weights, produced_by, frozenset(search))


def _number(x: Any, fail: Callable[[str], DataError]) -> float:
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise fail(f"{x!r} is not a finite number")
    return float(x)


class PriorPlayout:
    """Plays a state to its end, each move drawn by the prior's weights for the state's
    player count (uniformly at random where it has none). Weights are computed once per
    action's notation and kept, so one object serves every search of a process."""

    __slots__ = ("_chances", "prior", "token")

    def __init__(self, prior: Prior, token: Token) -> None:
        self.prior = prior
        self.token = token
        self._chances: dict[int, dict[str, float]] = {}

    def __call__(self, state: State, rng: Rng) -> None:
        table = self.prior.weights.get(state.players)
        if table is None:  # leaves.random_rollout written out: leaves imports this module
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            return
        chances = self._chances.setdefault(state.players, {})
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            weights = [chances.get(a) or self._chance(chances, table, a) for a in legal]
            state.apply(rng.weighted(legal, weights))

    def _chance(self, chances: dict[str, float], table: dict[str, float], action: str) -> float:
        """``exp(weight / temperature)`` of ``action``'s token, kept for next time."""
        found = chances[action] = math.exp(
            table.get(self.token(action), 0.0) / self.prior.temperature
        )
        return found


@cache
def playout_for(game: str) -> PriorPlayout | None:
    """The prior playout of ``game``, where it ships a prior and a ``prior_token`` (one
    a process: its searches share the weights worked out per action)."""
    prior, token = load(game), games.bot_settings(game).prior_token
    if prior is None or token is None:
        return None
    return PriorPlayout(prior, token)


@cache
def search_playout(game: str) -> PriorPlayout | None:
    """The search's playout of ``game``: led by its prior at the player counts marked for
    the search, at random at the others; None where no count is marked."""
    found = playout_for(game)
    if found is None or not found.prior.search:
        return None
    return PriorPlayout(found.prior.searched(), found.token)
