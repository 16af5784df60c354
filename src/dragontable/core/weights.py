"""A heuristic's tuned weights, read from a versioned JSON file shipped with its game.

``games/<game>/weights/<name>.json`` (a ``core.datafiles`` kind, so the package's own file
is never shadowed by an operator's) holds::

    {"format": "dragontable-heuristic-weights", "version": 1, "game": "dragon",
     "produced_by": "the command that tuned them", "weights": {"person_loss": 4.2, ...}}

:func:`load_weights` checks it against the heuristic's weights class (a frozen dataclass
of floats): every field present, no other name, every value a finite number. A broken
file raises :class:`DataError` naming the file and the entry.
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any, TypeVar

from . import datafiles
from .errors import DataError

FORMAT = "dragontable-heuristic-weights"
VERSIONS = (1,)
KIND = "weights"
DEFAULT = "heuristic"

W = TypeVar("W")


def load_weights(game: str, cls: type[W], name: str = DEFAULT) -> W:
    """The weights of ``game``'s heuristic from its file ``name``, as a ``cls``."""

    def build(raw: Any, where: str) -> W:
        return parse_weights(raw, cls, game, where)

    return datafiles.load(game, KIND, name, build)


def produced_by(game: str, name: str = DEFAULT) -> str:
    """How the weights in ``game``'s file ``name`` were made (its ``produced_by``)."""
    text: str = datafiles.read_json(game, KIND, name)["produced_by"]
    return text


def parse_weights(raw: Any, cls: type[W], game: str, where: str) -> W:
    """Validate parsed JSON ``raw`` as ``game``'s weights; ``DataError`` names the fault."""

    def fail(message: str) -> DataError:
        return DataError(f"weights {where}: {message}")

    if not isinstance(raw, dict):
        raise fail("not a JSON object")
    if raw.get("format") != FORMAT:
        raise fail(f"'format' must be {FORMAT!r}, not {raw.get('format')!r}")
    if raw.get("version") not in VERSIONS:
        supported = ", ".join(map(str, VERSIONS))
        raise fail(f"'version' {raw.get('version')!r} is not supported (supported: {supported})")
    if raw.get("game") != game:
        raise fail(f"'game' is {raw.get('game')!r}, not {game!r}")
    if not isinstance(raw.get("produced_by"), str):
        raise fail("'produced_by' must say, as text, how the weights were made")
    values = raw.get("weights")
    if not isinstance(values, dict):
        raise fail("'weights' must be an object of name: number")
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    missing = [n for n in names if n not in values]
    unknown = sorted(set(values) - set(names))
    if missing:
        raise fail(f"missing weights: {', '.join(missing)}")
    if unknown:
        raise fail(f"unknown weights: {', '.join(unknown)} (known: {', '.join(names)})")
    for key in names:
        value = values[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise fail(f"weight {key!r} must be a number, not {value!r}")
        if not math.isfinite(value):
            raise fail(f"weight {key!r} must be finite, not {value!r}")
    return cls(**{key: float(values[key]) for key in names})


def weights_json(game: str, weights: Any, produced_by: str) -> dict[str, Any]:
    """The file content for ``weights`` (a dataclass instance), as :func:`load_weights` reads."""
    return {
        "format": FORMAT,
        "version": VERSIONS[-1],
        "game": game,
        "produced_by": produced_by,
        "weights": {k: round(v, 4) for k, v in dataclasses.asdict(weights).items()},
    }


def write_weights(path: Path, game: str, weights: Any, produced_by: str) -> None:
    """Write ``weights`` to ``path`` in the file format (one weight a line)."""
    text = json.dumps(weights_json(game, weights, produced_by), indent=1)
    path.write_text(text + "\n", encoding="utf-8")
