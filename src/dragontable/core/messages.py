"""Log entries and prompts are message keys with parameters; this renders them as text.

Catalogs are JSON files ``<lang>.json`` mapping a key to a ``str.format`` template:
the core's in ``dragontable/core/messages/``, each game's in
``dragontable/games/<game>/messages/``. A missing key or language falls back to
English, then to the key with its parameters, so nothing ever fails to render.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "pl", "uk", "zh")


@cache
def catalog(package: str, lang: str) -> dict[str, str]:
    """The message catalog of ``package`` (e.g. ``dragontable.games.dragon``) in ``lang``."""
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
    pkg = _package_for(key)
    for lng in (lang, "en"):
        found = catalog(pkg, lng).get(key)
        if found is not None:
            return found
    return None


def render(entry: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> str:
    """Render a log entry or prompt ``{"key": ..., **params}`` as a sentence.

    A ``seat`` parameter is shown as that seat's name, or "Seat N" (1-based).
    """
    key = str(entry.get("key", ""))
    params = {k: v for k, v in entry.items() if k not in ("key", "to")}
    seat = params.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        params["seat"] = names[seat] if names and seat < len(names) else f"Seat {seat + 1}"
    tpl = template(key, lang)
    if tpl is not None:
        try:
            return tpl.format(**{k: _text(v) for k, v in params.items()})
        except (KeyError, IndexError, ValueError):
            pass
    args = ", ".join(f"{k}={_text(v)}" for k, v in params.items())
    return f"{key}({args})" if args else key


def _text(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return ", ".join(
            "+".join(map(str, v)) if isinstance(v, list | tuple) else str(v) for v in value
        )
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value
