"""Validating a request to open a table: game, players, options, seats, names, seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import games
from ..bots import default_bot, make_bot, parse_spec
from ..core.errors import OptionError
from ..core.messages import default_seat_name

MAX_SEED = (1 << 63) - 1
MAX_NAME = 40


class LobbyError(ValueError):
    """A request the lobby refuses; the message names the problem."""


@dataclass(frozen=True)
class TableSpec:
    """A validated table request: every field checked against the game."""

    game: str
    players: int
    seed: int | None
    options: dict[str, Any]
    seats: list[str]
    names: list[str]


# what one bot move may cost on a shared server (bots run one at a time in its executor)
MAX_BOT_SECONDS = 10.0
MAX_BOT_ITERATIONS = 20_000


def check_bot_cost(spec: str) -> None:
    """Refuse a bot spec that would hold the server too long (OptionError says why)."""
    parsed = parse_spec(spec)
    if parsed.processes > 1:
        raise OptionError(f"bot {spec!r}: this server searches in one process; drop the ':N'")
    if parsed.seconds is not None and parsed.seconds > MAX_BOT_SECONDS:
        raise OptionError(f"bot {spec!r}: at most {MAX_BOT_SECONDS:g} s a move on this server")
    if parsed.iterations is not None and parsed.iterations > MAX_BOT_ITERATIONS:
        raise OptionError(
            f"bot {spec!r}: at most {MAX_BOT_ITERATIONS} iterations a move on this server"
        )


def _seat_kind(game: str, value: Any, index: int) -> str:
    """Normalise one seat entry to ``human`` or ``bot:<spec>``."""
    if not isinstance(value, str):
        raise LobbyError(f"seat {index + 1}: expected 'human' or 'bot:<level>', not {value!r}")
    text = value.strip()
    if text == "human":
        return text
    if text == "bot":
        return f"bot:{default_bot(game)}"
    if not text.startswith("bot:"):
        raise LobbyError(f"seat {index + 1}: expected 'human' or 'bot:<level>', not {value!r}")
    try:
        make_bot(text[4:], game, 0)
        check_bot_cost(text[4:])
    except OptionError as exc:
        raise LobbyError(f"seat {index + 1}: {exc}") from None
    return text


def stored_default_name(seat: int, kind: str) -> str:
    """The name stored for an unnamed seat: ``Player N`` or ``Bot N (level)``.

    Pages show it in the reader's language instead (:func:`shown_name`).
    """
    return f"Player {seat + 1}" if kind == "human" else f"Bot {seat + 1} ({kind[4:]})"


def shown_name(seat: int, kind: str, name: str, lang: str) -> str:
    """A seat's name for a reader of ``lang``: a default name is translated."""
    if name != stored_default_name(seat, kind):
        return name
    return default_seat_name(seat, None if kind == "human" else kind[4:], lang)


def _names(value: Any, kinds: list[str]) -> list[str]:
    """Seat names: given ones (trimmed) or ``Player N`` / ``Bot N (level)``."""
    default = [stored_default_name(i, k) for i, k in enumerate(kinds)]
    if value is None:
        return default
    if not isinstance(value, list) or len(value) != len(kinds):
        raise LobbyError(f"names must be a list of {len(kinds)} strings, one per seat")
    out = []
    for i, name in enumerate(value):
        if name is not None and not isinstance(name, str):
            raise LobbyError(f"names[{i}] must be a string, not {name!r}")
        name = (name or "").strip()
        if len(name) > MAX_NAME:
            raise LobbyError(f"names[{i}] is longer than {MAX_NAME} characters")
        out.append(name or default[i])
    return out


def parse_table_request(body: Any) -> TableSpec:
    """Check a ``POST /api/tables`` body; raise :class:`LobbyError` naming the problem."""
    if not isinstance(body, dict):
        raise LobbyError("the request body must be a JSON object")
    unknown = sorted(set(body) - {"game", "players", "options", "seats", "names", "seed"})
    if unknown:
        raise LobbyError(f"unknown field {unknown[0]!r}")
    name = body.get("game")
    if not isinstance(name, str):
        raise LobbyError("field 'game' is required: one of " + ", ".join(games.names()))
    try:
        game = games.get(name)
        opts = body.get("options")
        if opts is not None and not isinstance(opts, dict):
            raise LobbyError("field 'options' must be a JSON object")
        seed = body.get("seed")
        if isinstance(seed, int) and seed > MAX_SEED:
            raise LobbyError(f"seed must be at most {MAX_SEED}")
        given_players: Any = body.get("players")  # validate() checks its type
        players, _, options = game.validate(given_players, seed or 0, opts)
    except OptionError as exc:
        raise LobbyError(str(exc)) from None
    seats = body.get("seats")
    if seats is None:
        seats = ["human"] + ["bot"] * (players - 1)
    if not isinstance(seats, list) or len(seats) != players:
        raise LobbyError(f"seats must be a list of {players} entries, one per player")
    kinds = [_seat_kind(game.name, s, i) for i, s in enumerate(seats)]
    return TableSpec(game.name, players, seed, options, kinds, _names(body.get("names"), kinds))
