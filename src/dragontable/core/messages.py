"""Log entries and prompts are message keys with parameters; this renders them as text.

Catalogs are JSON files ``<lang>.json`` mapping a key to a ``str.format`` template:
the core's in ``dragontable/core/messages/``, each game's in
``dragontable/games/<game>/messages/``. A missing key or language, or a template that
does not format, falls back to English, then to the key with its parameters, so nothing
ever fails to render.

Parameters are shown in the reader's language:

* ``seat`` and ``chooser`` (a seat) are the seat's name, or ``core.seat`` ("Seat N");
  ``ranking`` and ``order`` (lists of seats) are lists of names; ``scores`` (one number
  per seat) is shown as "name number" per seat.
* ``True``/``False`` are ``core.yes``/``core.no``.
* ``text``, ``word``, ``action`` and ``allowed`` are shown as they are: what a player
  typed, or the notation they may type (refusals of a move quote them).
* A message inside a message (a dict with a ``key``, e.g. a refusal's ``reason`` or
  ``prompt``) is rendered in the same language.
* A string is a game term: the catalog's ``<game>.term.<param>.<code>``, else
  ``<game>.term.<code>`` (``dragon.term.Fo`` = "an old farmer"); a string with no term of
  its own has each lowercase word translated that way (``brown-1``), the rest kept
  (``1A-P1``); in a game whose catalog has ``<game>.term.pair`` (``"{second}
  ({first})"``) a ``first:second`` code (``blue:builder``) reads through it. A list is its items' texts joined by ``core.separator``,
  a list inside a list joined by ``+``.
* A template may ask for a grammatical form of a term parameter as ``{name[form]}``
  (e.g. ``{tile[acc]}``), looked up as ``<term key>@<form>`` and falling back to the
  plain term; so only inflected languages carry ``@form`` keys.
* A template may give a number parameter its noun as ``{n[one|few|many]}`` (the
  language's plural forms, in that order; English ``{n[member|members]}``); it reads
  as the number and the form that the language's plural rule picks: "3 juany".

Lobby labels live in the same game catalogs: ``<game>.title``, ``<game>.option.<name>``,
``<game>.option.<name>.help``, ``<game>.option.<name>.<value>`` (falling back to the
value's term) and ``<game>.source.<source>`` for score sources (see :func:`option_text`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "pl", "uk", "zh")
SEAT_PARAMS = frozenset({"seat", "chooser"})
SEAT_LIST_PARAMS = frozenset({"ranking", "order"})
PER_SEAT_PARAMS = frozenset({"scores"})
LITERAL_PARAMS = frozenset({"text", "word", "action", "allowed"})
_WORD = re.compile(r"[a-z_]+")


@cache
def catalog(package: str, lang: str) -> dict[str, str]:
    """The message catalog of ``package`` (e.g. ``dragontable.games.dragon``) in ``lang``."""
    if lang not in LANGUAGES:
        return {}
    try:
        text = resources.files(package).joinpath("messages", f"{lang}.json").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {}
    data: dict[str, str] = json.loads(text)
    return data


def _package_for(key: str) -> str:
    game = key.split(".", 1)[0]
    return "dragontable.core" if game == "core" else f"dragontable.games.{game}"


def template(key: str, lang: str = "en") -> str | None:
    """The text of ``key`` in ``lang``, else in English, else None."""
    pkg = _package_for(key)
    for lng in (lang, "en"):
        found = catalog(pkg, lng).get(key)
        if found is not None:
            return found
    return None


def default_seat_name(seat: int, bot: str | None = None, lang: str = "en") -> str:
    """The name of an unnamed seat: "Player N", or "Bot N (level)" for a bot seat
    (``bot`` a spec like ``greedy`` or ``mcts:2s``), in ``lang``."""
    n = seat + 1
    if bot is None:
        return format_key("core.player", lang, n=n)
    kind, _, budget = bot.partition(":")
    level = template(f"core.bot.{kind}", lang) or kind
    return format_key("core.bot_seat", lang, n=n, level=f"{level} {budget}" if budget else level)


def format_key(key: str, lang: str, **params: Any) -> str:
    """``template(key, lang)`` formatted with ``params`` (English if that fails)."""
    for text in (template(key, lang), template(key, "en")):
        if text is not None:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                continue
    return key


def seat_name(seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A seat's name, or "Seat N" (1-based) in ``lang``."""
    if names and 0 <= seat < len(names):
        return names[seat]
    return (template("core.seat", lang) or "Seat {n}").format(n=seat + 1)


def term(game: str, param: str, code: str, lang: str = "en", form: str | None = None) -> str:
    """The text of game term ``code`` given as parameter ``param`` (see the module doc)."""
    found = _term_key(game, param, code, lang, form)
    if found is not None:
        return found
    first, colon, second = code.partition(":")
    pair = template(f"{game}.term.pair", lang) if colon else None
    if pair is not None:
        parts = (term(game, param, first, lang, form), term(game, param, second, lang, form))
        return pair.format(first=parts[0], second=parts[1])
    return _WORD.sub(lambda m: _term_key(game, param, m.group(), lang, form) or m.group(), code)


def _term_key(game: str, param: str, code: str, lang: str, form: str | None) -> str | None:
    for key in (f"{game}.term.{param}.{code}", f"{game}.term.{code}"):
        found = (form and template(f"{key}@{form}", lang)) or template(key, lang)
        if found is not None:
            return found
    return None


def option_text(game: str, option: str, value: Any = None, lang: str = "en") -> str:
    """The label of a game option (``value`` None) or of one of its values, in ``lang``."""
    if value is None:
        return template(f"{game}.option.{option}", lang) or option.replace("_", " ")
    code = str(value).lower() if isinstance(value, bool) else str(value)
    found = template(f"{game}.option.{option}.{code}", lang)
    return found if found is not None else term(game, option, code, lang)


def plural_form(n: int, lang: str) -> int:
    """Which of a language's plural forms (one, few, many) goes with ``n``."""
    n = abs(n)
    if lang in ("pl", "uk"):
        if n == 1 or (lang == "uk" and n % 10 == 1 and n % 100 != 11):
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 else 1


class _Number:
    """A number parameter; ``{n[one|few|many]}`` in a template adds its noun."""

    def __init__(self, value: int, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __getitem__(self, forms: str) -> str:
        words = str(forms).split("|")
        return f"{self.value} {words[min(plural_form(self.value, self.lang), len(words) - 1)]}"

    def __str__(self) -> str:
        return str(self.value)


class _Text:
    """A parameter's text; ``{name[form]}`` in a template asks for a grammatical form."""

    def __init__(self, text: Callable[[str | None], str]) -> None:
        self._text = text

    def __format__(self, spec: str) -> str:
        return format(self._text(None), spec)

    def __getitem__(self, form: str) -> str:
        return self._text(str(form))

    def __str__(self) -> str:
        return self._text(None)


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(game: str, name: str, value: Any, lang: str, names: Sequence[str] | None) -> Any:
    """What a template gets for parameter ``name`` (see the module doc)."""
    sep = template("core.separator", lang) or ", "
    if name in LITERAL_PARAMS:
        return value
    if isinstance(value, dict) and "key" in value:
        return render(value, lang, names)
    if name in SEAT_PARAMS and _is_seat(value):
        return seat_name(value, lang, names)
    if isinstance(value, list | tuple) and all(_is_seat(v) for v in value):
        if name in SEAT_LIST_PARAMS:
            return sep.join(seat_name(v, lang, names) for v in value)
        if name in PER_SEAT_PARAMS:
            return sep.join(f"{seat_name(s, lang, names)} {v}" for s, v in enumerate(value))
    if isinstance(value, bool):
        return template("core.yes" if value else "core.no", lang) or str(value)
    if isinstance(value, str | list | tuple):
        return _Text(lambda form: _words(game, name, value, lang, form, sep))
    if _is_seat(value):
        return _Number(value, lang)
    return value


def _words(game: str, name: str, value: Any, lang: str, form: str | None, sep: str) -> str:
    if isinstance(value, str):
        return term(game, name, value, lang, form)
    if isinstance(value, list | tuple):
        parts = [
            "+".join(_words(game, name, v, lang, form, sep) for v in item)
            if isinstance(item, list | tuple)
            else _words(game, name, item, lang, form, sep)
            for item in value
        ]
        return sep.join(parts)
    if isinstance(value, bool):
        return template("core.yes" if value else "core.no", lang) or str(value)
    return str(value)


def render(entry: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Render a log entry or prompt ``{"key": ..., **params}`` as a sentence in ``lang``."""
    key = str(entry.get("key", ""))
    game = key.split(".", 1)[0]
    params = {k: v for k, v in entry.items() if k not in ("key", "to")}
    shown = {k: _shown(game, k, v, lang, names) for k, v in params.items()}
    for lng in dict.fromkeys((lang, "en")):
        tpl = catalog(_package_for(key), lng).get(key)
        if tpl is None:
            continue
        try:
            return tpl.format_map(shown)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            continue
    args = ", ".join(f"{k}={v}" for k, v in shown.items())
    return f"{key}({args})" if args else key
