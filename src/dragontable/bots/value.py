"""Value functions fitted to self-play outcomes, as a leaf for the search.

A game that has one declares its features module (``Game.value``): ``NAMES``,
``features(state, seat)`` built from what ``seat`` sees (``view(seat)``), and
``share_left(state)``. Its package ships ``value.json``: per player count, linear
weights that predict a seat's final score from its features and the same features
scaled by the share of the game still to come, fitted by ``bench/fit/train_value.py``. The
search turns predicted scores into rewards as the heuristic leaf does: per seat, a
logistic of its lead over the best rival at the fitted ``scale``.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import ModuleType
from typing import Any

from .. import games
from ..core.errors import DataError, OptionError
from ..core.state import State

VERSION = 1
DATA_FILE = "value.json"


@dataclass(frozen=True)
class Fit:
    """One player count's weights: ``weights`` has two per feature (as is, and times the
    share of the game still to come, ``share_left``); ``scale`` turns a predicted lead
    into a win chance."""

    weights: tuple[float, ...]
    bias: float
    scale: float

    def predict(self, row: Sequence[float], left: float) -> float:
        """The predicted final score of a seat with features ``row``."""
        n = len(row)
        w = self.weights
        total = self.bias
        for i, x in enumerate(row):
            if x:
                total += x * (w[i] + left * w[n + i])
        return total


@dataclass(frozen=True)
class ValueModel:
    """A loaded ``value.json``: the features it was fitted on, and a fit per player count."""

    game: str
    names: tuple[str, ...]
    fits: dict[int, Fit]
    search: bool
    """Whether the search uses it as its leaf (it beat the game's other leaf in play)."""


def features_module(game: str) -> ModuleType | None:
    """The features module ``game`` declares (``Game.value``), or None."""
    try:
        name = games.get(game).value
    except OptionError:
        return None
    return None if name is None else importlib.import_module(name)


@cache
def load(game: str) -> ValueModel | None:
    """The value model shipped with ``game``, or None; ``DataError`` if it is broken."""
    module = features_module(game)
    if module is None:
        return None
    package = module.__name__.rpartition(".")[0]
    try:
        text = resources.files(package).joinpath(DATA_FILE).read_text("utf-8")
    except OSError:
        return None
    return parse(text, game, tuple(module.NAMES), f"{package}/{DATA_FILE}")


def parse(text: str, game: str, names: tuple[str, ...], where: str) -> ValueModel:
    """Check and build a value model from ``value.json`` text."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"value file {where}: not valid JSON: {exc}") from None
    if not isinstance(raw, dict) or raw.get("version") != VERSION:
        raise DataError(f"value file {where}: expected an object with version {VERSION}")
    if raw.get("game") != game or tuple(raw.get("features", ())) != names:
        raise DataError(f"value file {where}: fitted for another game or other features")
    fits = raw.get("fits")
    if not isinstance(fits, dict) or not fits:
        raise DataError(f"value file {where}: 'fits' must map player counts to weights")
    by_count = {_players(k, where): _fit(v, 2 * len(names), where) for k, v in fits.items()}
    spec = games.get(game)
    if set(by_count) != set(range(spec.min_players, spec.max_players + 1)):
        raise DataError(f"value file {where}: needs a fit for every player count of {game}")
    return ValueModel(game, names, by_count, raw.get("search") is True)


def _players(key: str, where: str) -> int:
    if not key.isdigit() or not 1 <= int(key) <= 10:
        raise DataError(f"value file {where}: {key!r} is not a player count")
    return int(key)


def _fit(raw: Any, width: int, where: str) -> Fit:
    if not isinstance(raw, dict):
        raise DataError(f"value file {where}: each fit must be an object")
    weights, bias, scale = raw.get("weights"), raw.get("bias"), raw.get("scale")
    if not isinstance(weights, list) or len(weights) != width:
        raise DataError(f"value file {where}: each fit needs {width} weights")
    fit = Fit(
        tuple(_number(w, where) for w in weights), _number(bias, where), _number(scale, where)
    )
    if fit.scale <= 0:
        raise DataError(f"value file {where}: a fit's scale must be positive")
    return fit


def _number(x: Any, where: str) -> float:
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise DataError(f"value file {where}: {x!r} is not a finite number")
    return float(x)


def predictor(game: str) -> Callable[[State], list[float]] | None:
    """Every seat's predicted final score, where ``game`` ships a model for the player
    count of the state asked about (else None)."""
    model, module = load(game), features_module(game)
    if model is None or module is None:
        return None
    features, left = module.features, module.share_left
    fits = model.fits

    def predict(state: State) -> list[float]:
        fit = fits[state.players]
        share = left(state)
        return [fit.predict(features(state, s), share) for s in range(state.players)]

    return predict


def scale(game: str, players: int) -> float | None:
    """The fitted lead-to-win scale for ``players``, or None without a fit."""
    model = load(game)
    fit = None if model is None else model.fits.get(players)
    return None if fit is None else fit.scale
