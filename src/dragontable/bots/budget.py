"""Whether a bot spec fits a server's CPU seconds a move, per game and player count.

An mcts iteration costs very different CPU time by game, player count and position
(a random playout of five-player Dragon against a heuristic leaf in Ming Dynasty), so
an iteration budget is judged by the measured cost of one: ``iteration_cost.json`` in
this package, written by ``bench/fit/iteration_cost.py``, holds the mean and the 90th
percentile over sampled positions. A spec is allowed when its iterations times that
percentile fit the time a move. The bot's hard cap (``make_bot(..., max_seconds=...)``)
still holds a move to the time on a slower machine or an unusual position.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .. import games
from ..core.errors import DataError, OptionError
from ..core.game import Game
from . import REFERENCE_BOTS, parse_spec

DATA_VERSION = 1
DATA_FILE = "iteration_cost.json"
STATISTICS = ("mean", "p90")


@dataclass(frozen=True)
class IterationCost:
    """CPU seconds per mcts iteration: mean and 90th percentile over sampled positions."""

    mean: float
    p90: float


@dataclass(frozen=True)
class IterationCosts:
    """A loaded data file: how it was measured, and the cost per (game, players)."""

    measured_with: str
    machine: str
    cost: dict[tuple[str, int], IterationCost]


def load_costs(path: str | Path | None = None) -> IterationCosts:
    """The packaged data file, or the one at ``path``; ``DataError`` if it is broken."""
    if path is None:
        return _packaged()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"iteration cost file {path}: cannot read it: {exc}") from None
    return _parse(text, str(path))


@cache
def _packaged() -> IterationCosts:
    """The data file shipped in this package, read and checked once."""
    try:
        text = resources.files(__package__).joinpath(DATA_FILE).read_text("utf-8")
    except OSError as exc:
        raise DataError(f"iteration cost file {DATA_FILE}: cannot read it: {exc}") from None
    return _parse(text, DATA_FILE)


def _parse(text: str, where: str) -> IterationCosts:
    """Check and build the data: whole player counts, positive finite costs (a game or
    player count without an entry allows only time budgets)."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"iteration cost file {where}: not valid JSON: {exc}") from None
    top = _object(raw, where, "the file")
    if top.get("version") != DATA_VERSION:
        raise _fail(where, "version", f"expected {DATA_VERSION}, got {top.get('version')!r}")
    measured_with, machine = (_text(top.get(k), where, k) for k in ("measured_with", "machine"))
    table = _object(top.get("cost_s"), where, "cost_s")
    cost: dict[tuple[str, int], IterationCost] = {}
    for game, counts in table.items():
        for players, entry in _object(counts, where, f"cost_s.{game}").items():
            key = f"cost_s.{game}.{players}"
            if not players.isdigit():
                raise _fail(where, key, "a player count must be a whole number")
            cost[game, int(players)] = _cost(entry, where, key)
    return IterationCosts(measured_with, machine, cost)


def _cost(entry: Any, where: str, key: str) -> IterationCost:
    """One ``{"mean": s, "p90": s}`` entry, both positive finite seconds."""
    values = _object(entry, where, key)
    out = []
    for stat in STATISTICS:
        x = values.get(stat)
        if isinstance(x, bool) or not isinstance(x, int | float) or not 0 < x < math.inf:
            raise _fail(where, f"{key}.{stat}", f"expected positive finite seconds, got {x!r}")
        out.append(float(x))
    return IterationCost(*out)


def _object(value: Any, where: str, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, key, f"expected an object, got {type(value).__name__}")
    return value


def _text(value: Any, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, key, f"expected text, got {value!r}")
    return value


def _fail(where: str, key: str, problem: str) -> DataError:
    return DataError(f"iteration cost file {where}: {key}: {problem}")


def _check_players(game: str, players: int) -> Game:
    """The game ``game``; OptionError for an unknown game or a player count it has not."""
    g = games.get(game)
    if not g.min_players <= players <= g.max_players:
        raise OptionError(
            f"{g.title} is for {g.min_players}-{g.max_players} players, not {players}"
        )
    return g


def iteration_cost(game: str, players: int) -> IterationCost:
    """The measured cost of one iteration of ``game`` at ``players``; OptionError if none."""
    g = _check_players(game, players)
    found = load_costs().cost.get((g.name, players))
    if found is None:
        raise OptionError(
            f"no iteration cost is measured for {players}-player {g.title}: "
            "give the search a time budget instead (mcts:2s)"
        )
    return found


def max_iterations(game: str, players: int, max_seconds: float) -> int:
    """The largest iteration budget whose expected cost (at the p90) fits ``max_seconds``."""
    _check_seconds(max_seconds)
    return math.floor(max_seconds / iteration_cost(game, players).p90)


def limit_text(game: str, players: int, max_seconds: float) -> str:
    """The allowed budgets, for the lobby: 'at most 6,000 iterations a move for …'."""
    most = max_iterations(game, players, max_seconds)
    title = games.get(game).title
    return (
        f"at most {most:,} iterations or {max_seconds:g} s a move for {players}-player "
        f"{title} on this server"
    )


def check_bot_budget(spec: str, game: str, players: int, max_seconds: float) -> None:
    """Refuse (``OptionError``) a spec expected to take more than ``max_seconds`` a move:
    a time budget above it, iterations whose measured p90 cost exceeds it, or more than
    one process."""
    parsed = parse_spec(spec)
    if parsed.name in REFERENCE_BOTS:
        raise OptionError(f"bot {spec!r} is for tournaments and benchmarks, not the table server")
    _check_seconds(max_seconds)
    _check_players(game, players)
    if parsed.processes > 1:
        raise OptionError(f"bot {spec!r}: one process a bot on this server, not {parsed.processes}")
    if parsed.seconds is not None and parsed.seconds > max_seconds:
        raise OptionError(f"bot {spec!r}: {parsed.seconds:g} s a move; at most {max_seconds:g} s")
    if parsed.iterations is None:
        return
    most = max_iterations(game, players, max_seconds)
    limit = limit_text(game, players, max_seconds)
    if parsed.iterations > most:
        expected = parsed.iterations * iteration_cost(game, players).p90
        raise OptionError(f"bot {spec!r}: about {expected:.1f} s a move; {limit}")


def _check_seconds(max_seconds: float) -> None:
    if isinstance(max_seconds, bool) or not 0 < max_seconds < math.inf:
        raise OptionError(f"the time a move must be positive seconds, not {max_seconds!r}")
