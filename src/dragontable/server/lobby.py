"""Validating a request to open a table: game, players, options, seats, names, seed."""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

from .. import games
from ..bots import default_bot, make_bot, parse_spec
from ..bots.budget import check_bot_budget
from ..core.errors import OptionError
from ..core.game import Game
from ..core.messages import default_seat_name
from .clockrows import CLOCK_KINDS, ClockSettings
from .config import BOT_MAX_SECONDS

MAX_SEED = (1 << 63) - 1
MAX_NAME = 40  # characters of a seat name, after normalisation
MAX_OPTION_TEXT = 200  # characters of a string option value
MAX_SEAT_TEXT = 40  # characters of a seat entry (``bot:mcts:2s``)
SHOWN_CHARS = 40  # of a refused value, in an error message
FIELDS = frozenset({"game", "players", "options", "seats", "names", "seed", "clock"})
OPTION_TYPES = (str, int, float, bool)
# characters refused in names, by Unicode category, with the reason given
REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cs": "a lone surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
HOUR, DAY = 3600, 86400
# a clock's figures, in whole seconds: (field, least, most) for each kind of clock
CLOCK_FIELDS = {
    "live": (("base_s", 60, DAY), ("increment_s", 0, HOUR)),
    "turn": (("per_move_s", 60, 30 * DAY), ("bank_s", 0, 60 * DAY)),
}


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
    clock: ClockSettings | None = None


def check_bot_cost(
    spec: str, game: str, players: int, max_seconds: float = BOT_MAX_SECONDS
) -> None:
    """Refuse a bot spec expected to take more than ``max_seconds`` of CPU a move in this
    game and player count, by the measured cost of its iterations (OptionError says why)."""
    parse_spec(spec)
    check_bot_budget(spec, game, players, max_seconds)


def _seat_kind(
    game: str, value: Any, index: int, players: int, bot_seconds: float = BOT_MAX_SECONDS
) -> str:
    """Normalise one seat entry to ``human`` or ``bot:<spec>``."""
    if not isinstance(value, str) or len(value) > MAX_SEAT_TEXT:
        raise LobbyError(
            f"seat {index + 1}: expected 'human' or 'bot:<level>', not {_short(value)}"
        )
    text = value.strip()
    if text == "human":
        return text
    if text == "bot":
        return f"bot:{default_bot(game)}"
    if not text.startswith("bot:"):
        raise LobbyError(
            f"seat {index + 1}: expected 'human' or 'bot:<level>', not {_short(value)}"
        )
    try:
        make_bot(text[4:], game, 0)
        check_bot_cost(text[4:], game, players, bot_seconds)
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


def _short(value: Any) -> str:
    """``value`` as JSON (a lone surrogate escaped), cut to a length fit for an error message."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


def refused_char(char: str) -> str | None:
    """Why ``char`` may not appear in a name (control, surrogate, bidi override…), or None."""
    category = unicodedata.category(char)
    if category in REFUSED_CATEGORIES:
        return REFUSED_CATEGORIES[category]
    return "a text-direction control" if char in BIDI_CONTROLS else None


def clean_name(value: str, where: str) -> str:
    """A seat name as stored: NFC-normalised, trimmed, at most ``MAX_NAME`` characters.

    Left after trimming, control characters, lone surrogates, line separators and
    text-direction overrides are refused (:class:`LobbyError` names the first), never
    silently dropped.
    """
    name = unicodedata.normalize("NFC", value).strip()
    for char in name:
        if (why := refused_char(char)) is not None:
            raise LobbyError(f"{where} contains U+{ord(char):04X}, {why}; names are plain text")
    if len(name) > MAX_NAME:
        raise LobbyError(f"{where} is longer than {MAX_NAME} characters")
    return name


def _names(value: Any, kinds: list[str]) -> list[str]:
    """Seat names: given ones (cleaned, see :func:`clean_name`) or the stored defaults."""
    default = [stored_default_name(i, k) for i, k in enumerate(kinds)]
    if value is None:
        return default
    if not isinstance(value, list) or len(value) != len(kinds):
        raise LobbyError(f"names must be a list of {len(kinds)} strings or nulls, one per seat")
    out = []
    for i, name in enumerate(value):
        if name is not None and not isinstance(name, str):
            raise LobbyError(f"names[{i}] must be a string or null, not {_short(name)}")
        out.append(clean_name(name or "", f"names[{i}]") or default[i])
    return out


def _seed(value: Any) -> int | None:
    """The seed: a whole number 0..``MAX_SEED``, or None for a random one."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise LobbyError(
            f"seed must be a whole number from 0 to {MAX_SEED} or null, not {_short(value)}"
        )
    return value


def _options(value: Any) -> dict[str, Any] | None:
    """The options object: option names to strings, numbers or booleans (the game checks them)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise LobbyError("field 'options' must be a JSON object")
    for name, given in value.items():
        if given is None or not isinstance(given, OPTION_TYPES):
            raise LobbyError(f"option {_short(name)} must be a string, a number or true/false")
        if isinstance(given, str) and len(given) > MAX_OPTION_TEXT:
            raise LobbyError(f"option {_short(name)} is longer than {MAX_OPTION_TEXT} characters")
    return value


def _players(value: Any, game: Game) -> int:
    """The player count's type: a whole number (the game checks its range)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise LobbyError(
            f"field 'players' must be a whole number from {game.min_players} to "
            f"{game.max_players}, not {_short(value)}"
        )
    return value


def _game(value: Any) -> Game:
    """The game named by ``value`` (a string: one of ``games.names()``)."""
    if not isinstance(value, str):
        raise LobbyError("field 'game' is required: one of " + ", ".join(games.names()))
    try:
        return games.get(value)
    except OptionError as exc:
        if len(value) <= SHOWN_CHARS:
            raise LobbyError(str(exc)) from None
        raise LobbyError(
            f"unknown game {_short(value)}; games: {', '.join(games.names())}"
        ) from None


def _seats(value: Any, game: str, players: int, bot_seconds: float) -> list[str]:
    """Each seat's kind (``human`` or ``bot:<level>``); default one human and default bots."""
    if value is None:
        value = ["human"] + ["bot"] * (players - 1)
    if not isinstance(value, list) or len(value) != players:
        raise LobbyError(f"seats must be a list of {players} entries, one per player")
    return [_seat_kind(game, s, i, players, bot_seconds) for i, s in enumerate(value)]


def parse_table_request(body: Any, bot_seconds: float = BOT_MAX_SECONDS) -> TableSpec:
    """Check a ``POST /api/tables`` body; raise :class:`LobbyError` naming the problem.

    Bots must fit ``bot_seconds`` of CPU a move (:func:`check_bot_cost`).
    """
    if not isinstance(body, dict):
        raise LobbyError("the request body must be a JSON object")
    unknown = sorted(set(body) - FIELDS)
    if unknown:
        raise LobbyError(f"unknown field {_short(unknown[0])}; fields: {', '.join(sorted(FIELDS))}")
    game = _game(body.get("game"))
    seed = _seed(body.get("seed"))
    given = _players(body.get("players"), game)
    try:
        players, _, options = game.validate(given, seed, _options(body.get("options")))
    except OptionError as exc:
        raise LobbyError(str(exc)) from None
    kinds = _seats(body.get("seats"), game.name, players, bot_seconds)
    clock = parse_clock(body.get("clock"), game.name, players, bot_seconds)
    names = _names(body.get("names"), kinds)
    return TableSpec(game.name, players, seed, options, kinds, names, clock)


def parse_clock(
    value: Any, game: str, players: int, bot_seconds: float = BOT_MAX_SECONDS
) -> ClockSettings | None:
    """A table's clock: null, ``{"kind": "live", "base_s", "increment_s"}`` or ``{"kind":
    "turn", "per_move_s", "bank_s"}`` in whole seconds within ``CLOCK_FIELDS``, with an
    optional ``zombie_bot`` level (default: the game's default bot)."""
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("kind") not in CLOCK_KINDS:
        raise LobbyError('clock must be null or an object with "kind": "live" or "turn"')
    kind = value["kind"]
    allowed = {"kind", "zombie_bot", *(name for name, _, _ in CLOCK_FIELDS[kind])}
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise LobbyError(
            f"unknown clock field {_short(unknown[0])} for a {kind} clock; "
            f"fields: {', '.join(sorted(allowed))}"
        )
    figures = {name: _seconds(value.get(name), name, lo, hi) for name, lo, hi in CLOCK_FIELDS[kind]}
    level = value.get("zombie_bot", default_bot(game))
    bot = _seat_kind(
        game, f"bot:{level}" if isinstance(level, str) else level, 0, players, bot_seconds
    )
    return ClockSettings(kind, zombie_bot=bot[4:], **figures)


def _seconds(value: Any, name: str, least: int, most: int) -> int:
    """A clock figure: whole seconds from ``least`` to ``most``."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise LobbyError(
            f"clock {name} must be a whole number of seconds from {least} to {most}, "
            f"not {_short(value)}"
        )
    return value
