"""Profiles, the "My tables" list, ratings added to table lists, unsubscribing, and the
pages that show them (``/profile/<name>``, ``/mine``, ``/unsubscribe/<token>``)."""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse

from .account_api import signed_in
from .accounts import Accounts
from .accounts_db import RECENT_TABLES, AccountStore
from .db import TableRow
from .inputs import BadInput, check_lang
from .live import LiveTable, public_info
from .ratings import change_info, is_marked, is_rated, player_of, shown_or_default

WEB = resources.files("dragontable").joinpath("web")
MAX_TOKEN = 100


async def with_ratings(
    accounts: AccountStore, rows: list[TableRow], infos: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Add to each table's public info whether it is rated, each seat's rating in its game
    and, for a rated finished table, the seats' rating changes."""
    keys = {(p, r.game) for r in rows for s in r.seats if (p := player_of(s)) is not None}
    stored, changes = await asyncio.gather(
        asyncio.to_thread(accounts.ratings, keys),
        asyncio.to_thread(
            accounts.changes_of, [i["id"] for i in infos if i["status"] == "finished"]
        ),
    )
    for row, info in zip(rows, infos, strict=True):
        info["rated"] = is_rated(row)
        for seat, shown_seat in zip(row.seats, info["seats"], strict=True):
            player = player_of(seat)
            shown_seat["account"] = seat.account
            shown_seat["rating"] = (
                None if player is None else shown_or_default(stored.get((player, row.game)))
            )
        for seat, shown_seat in zip(row.seats, info["seats"], strict=True):
            shown_seat["handed_by"] = seat.handed_by
        if row.id in changes or info["status"] == "finished" and info["rated"]:
            found = changes.get(row.id, [])
            info["rating_changes"] = [change_info(c, row) for c in found]
            info["marked"] = is_marked(row, found)
    return infos


async def infos_of(
    request: Request, rows: list[TableRow], lang: str
) -> list[tuple[TableRow, dict[str, Any]]]:
    """Public info (live where the table is in memory) of stored rows, with ratings; a
    clock's ``now`` is the server's (an injected one too), for tables out of memory too."""
    manager = request.app.state.manager
    live: dict[str, LiveTable] = manager.live
    current = [live[r.id].row if r.id in live else r for r in rows]
    now = manager.clock.now()
    infos = [public_info(r, live.get(r.id), lang, now) for r in current]
    await with_ratings(request.app.state.accounts.store, current, infos)
    return list(zip(current, infos, strict=True))


def _mine(info: dict[str, Any], seat: int) -> dict[str, Any]:
    """A table of "My tables": my seat, whether it waits for me, my seat's deadline."""
    seats = info["seats"]
    your_turn = info["status"] != "finished" and info["current_player"] == seat
    deadline = seats[seat].get("deadline") or (info.get("deadline") if your_turn else None)
    return {**info, "my_seat": seat, "your_turn": your_turn, "deadline": deadline}


def profile_routes(app: FastAPI) -> None:
    @app.get("/api/me/tables")
    async def my_tables(request: Request, lang: str = "en") -> list[dict[str, Any]]:
        session, lang = signed_in(request), check_lang(lang)
        store: AccountStore = request.app.state.accounts.store
        held = await asyncio.to_thread(store.tables_of, session.user.id)
        rows = await asyncio.to_thread(store.rows, [tid for tid, _ in held])
        seat_of = dict(held)
        found = await infos_of(request, [rows[t] for t, _ in held if t in rows], lang)
        mine = [_mine(info, seat_of[row.id]) for row, info in found]
        return sorted(mine, key=lambda m: (not m["your_turn"], m["deadline"] or "~"))

    @app.get("/api/users/{name}")
    async def profile(request: Request, name: str, lang: str = "en") -> dict[str, Any]:
        lang = check_lang(lang)
        accounts: Accounts = request.app.state.accounts
        user = await asyncio.to_thread(accounts.store.user, name[:64])
        if user is None:
            raise BadInput(f"no player {name[:64]!r}", 404)
        store = accounts.store
        held = await asyncio.to_thread(store.tables_of, user.id, RECENT_TABLES)
        rows, played, ratings = await asyncio.gather(
            asyncio.to_thread(store.rows, [t for t, _ in held]),
            asyncio.to_thread(store.games_played, user.id),
            asyncio.to_thread(store.ratings_of, f"user:{user.id}"),
        )
        seat_of = dict(held)
        found = await infos_of(request, [rows[t] for t, _ in held if t in rows], lang)
        recent = [_recent(info, seat_of[row.id]) for row, info in found]
        return {
            **user.public(),
            "lang": user.lang,
            "games": played,
            "ratings": {g: shown_or_default(r) for g, r in ratings.items()},
            "recent": recent,
        }

    @app.post("/api/unsubscribe/{token}")
    async def unsubscribe(request: Request, token: str) -> dict[str, Any]:
        accounts: Accounts = request.app.state.accounts
        now = request.app.state.links.clock()
        user = await asyncio.to_thread(accounts.store.unsubscribe, token[:MAX_TOKEN], now)
        if user is None:
            raise BadInput("this unsubscribe link is not valid", 404)
        return {"unsubscribed": True, "name": user.name}

    for path, page in (
        ("/profile/{name}", "profile.html"),
        ("/mine", "mine.html"),
        ("/unsubscribe/{token}", "unsubscribe.html"),
    ):
        _page(app, path, page)


def _page(app: FastAPI, path: str, page: str) -> None:
    async def serve() -> FileResponse:
        return FileResponse(str(WEB.joinpath(page)))

    app.get(path, include_in_schema=False)(serve)


def _recent(info: dict[str, Any], seat: int) -> dict[str, Any]:
    """A table of a profile: my seat and, once over, my place and the replay's address."""
    out = {**info, "my_seat": seat}
    if info["status"] == "finished":
        out["replay"] = f"/replay/{info['id']}"
        ranking = info.get("ranking") or []
        out["place"] = ranking.index(seat) + 1 if seat in ranking else None
    return out
