"""The rules pages: ``/rules`` and ``/rules/<game>``, the rules as data for the page
(``GET /api/rules/<game>?lang=xx``) and each example position replayed on the server
(``GET /api/rules/<game>/examples/<id>``: the spectator view the board code draws)."""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, JSONResponse

from .. import rulebook
from ..core.errors import DataError
from .inputs import check_lang

WEB = resources.files("dragontable").joinpath("web")


def _not_found(message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=404)


def rules_routes(app: FastAPI) -> None:
    @app.get("/api/rules")
    async def list_rules(lang: str = "en") -> list[dict[str, Any]]:
        check_lang(lang)
        return [{"game": g, "title": rulebook.load(g, lang).title} for g in rulebook.RULEBOOK_GAMES]

    @app.get("/api/rules/{game}", response_model=None)
    async def get_rules(game: str, lang: str = "en") -> JSONResponse | dict[str, Any]:
        check_lang(lang)
        if game not in rulebook.RULEBOOK_GAMES:
            return _not_found(f"no rules for {game!r}; games: {', '.join(rulebook.RULEBOOK_GAMES)}")
        return rulebook.load(game, lang).to_json()

    @app.get("/api/rules/{game}/examples/{example_id}", response_model=None)
    async def get_example(game: str, example_id: str) -> JSONResponse | dict[str, Any]:
        if game not in rulebook.RULEBOOK_GAMES:
            return _not_found(f"no rules for {game!r}")
        try:
            rulebook.example(game, example_id)
        except DataError as exc:
            return _not_found(str(exc))
        return await asyncio.to_thread(rulebook.example_view, game, example_id)

    @app.get("/rules", include_in_schema=False)
    async def rules_index() -> FileResponse:
        return FileResponse(str(WEB.joinpath("rules.html")))

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> FileResponse:
        return FileResponse(str(WEB.joinpath("rules.html")))
