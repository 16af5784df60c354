"""The ASGI application: lobby JSON API, table WebSocket and the static page.

``create_app(db_url)`` builds one app over one database; ``dragontable serve`` runs it
with uvicorn, tests run it in-process with FastAPI's ``TestClient``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import logging
import os
import re
import time
from collections.abc import AsyncIterator, Mapping
from importlib import resources
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from .. import games
from ..bots import BOTS, default_bot
from ..core.messages import catalog, option_text, template
from .account_api import account_routes, csrf_middleware, socket_seat
from .accounts import Accounts, utc_now
from .accounts_db import AccountStore
from .config import ServerConfig
from .db import DEFAULT_DB, Store, normalize_url
from .guard import GuardedApp, guard, redact_logs
from .inputs import (
    MAX_BODY_BYTES,
    MAX_MESSAGE_BYTES,
    STATUS_BAD_REQUEST,
    BadInput,
    check_lang,
    is_table_id,
    parse_json,
    read_limited,
)
from .limits import SlidingWindow, retry_after
from .links_api import links_routes
from .live import Connection, LiveTable, error, public_info
from .lobby import LobbyError, parse_table_request
from .mail import MailSettings, Notifier
from .mail_links import MailedLinks
from .metrics import Metrics, metrics_routes
from .profile_api import profile_routes, with_ratings
from .replay import ReplayCache
from .reviews import Reviews, review_routes
from .rules_api import rules_routes
from .tables import ServerFull, TableManager
from .timesource import Clock

WEB = resources.files("dragontable").joinpath("web")
BOT_LEVELS = ["random", "greedy", "mcts:300", "mcts:1000", "mcts:2s"]
TABLE_STATUSES = ("open", "running", "finished")
UNKNOWN_CLIENT = "unknown"  # the address of a request whose peer the server was not told
STATUS_TOO_MANY = 429
# WebSocket close codes (4000-4999 are the application's)
CLOSE_BAD_LANG = 4400
CLOSE_BAD_TOKEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_SERVER_FULL = 4503
STATUS_SERVER_FULL = 503
log = logging.getLogger("dragontable.server")


def database_url(given: str | None = None) -> str:
    """The database to use: the given URL, else ``$DATABASE_URL``, else the SQLite file.

    PostgreSQL URLs get the psycopg driver; a bad URL raises ``DatabaseError``.
    """
    return normalize_url(given or os.environ.get("DATABASE_URL") or DEFAULT_DB)


_gc_tuned = False
GC_THRESHOLDS = (10_000, 10, 10)


def _tune_gc() -> None:
    """Keep the cyclic garbage collector from stalling every table; once per process.

    ``gc.freeze()`` exempts what start-up loaded (~90k objects that each full
    collection walked again: 200-600 ms stalls under the load script), and a young
    generation of 10,000 instead of 700 objects lets a message's short-lived objects
    die before a collection promotes them (four times fewer pauses over 5 ms).
    """
    global _gc_tuned
    if not _gc_tuned:
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        _gc_tuned = True


def game_info(name: str, lang: str = "en") -> dict[str, Any]:
    """A game's player counts, options and bot levels for the lobby form.

    ``label``, each option's ``label``, ``description`` and ``choice_labels`` and the
    score ``sources`` (source -> label) are in ``lang`` (see ``core.messages``).
    """
    game = games.get(name)
    sources = sorted(
        k.removeprefix(f"{name}.source.")
        for k in catalog(f"dragontable.games.{name}", "en")
        if k.startswith(f"{name}.source.")
    )
    return {
        "name": game.name,
        "title": game.title,
        "label": template(f"{name}.title", lang) or game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "chance": game.chance,
        "hidden_information": game.hidden_information,
        "board": game.board,
        "announce": list(game.announce),
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "choices": list(o.choices),
                "help": o.help,
                "allowed": o.allowed(),
                "label": option_text(name, o.name, None, lang),
                "description": template(f"{name}.option.{o.name}.help", lang) or o.help,
                "choice_labels": [option_text(name, o.name, c, lang) for c in o.choices],
            }
            for o in game.options
        ],
        "sources": {s: template(f"{name}.source.{s}", lang) or s for s in sources},
        "bots": [b for b in BOT_LEVELS if b.partition(":")[0] in BOTS],
        "default_bot": default_bot(game.name),
    }


def _fail(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _refused(request: Request, exc: Exception) -> JSONResponse:
    """The JSON ``{"error"}`` answer to a refused request: bad input, a lobby refusal, a
    parameter FastAPI could not read, or the router's own 404/405."""
    if isinstance(exc, HTTPException):
        return JSONResponse({"error": exc.detail}, exc.status_code, headers=exc.headers)
    if isinstance(exc, ServerFull):
        return _fail(STATUS_SERVER_FULL, str(exc))
    if isinstance(exc, RequestValidationError):
        return _fail(STATUS_BAD_REQUEST, f"bad request: {exc.errors()[0].get('msg', '')}")
    return _fail(exc.status if isinstance(exc, BadInput) else STATUS_BAD_REQUEST, str(exc))


def query_lang(lang: str = "en") -> str:
    """A request's ``?lang=``: one of the languages, else a 400 that lists them."""
    return check_lang(lang)


Lang = Annotated[str, Depends(query_lang)]


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.0,
    auto_forced: bool = True,
    config: ServerConfig | None = None,
    clock: Clock | None = None,
    mail: MailSettings | None = None,
) -> FastAPI:
    """The server over the database at ``db_url`` (migrated at start-up), with the
    limits of ``config`` (:class:`ServerConfig`); table clocks read ``clock`` (default:
    the system's; tests pass a ``timesource.ManualClock`` or ``FileClock``); "your turn"
    e-mails go out when ``mail`` says how (:mod:`mail`).

    One client address may open at most ``config.max_tables_per_client`` tables in any
    ``config.table_window_s`` seconds (then 429 with ``Retry-After``).
    """
    config = config or ServerConfig()
    limiter = SlidingWindow(config.max_tables_per_client, config.table_window_s)
    store = Store(database_url(db_url))
    accounts = Accounts(AccountStore(store))
    if mail is not None and clock is not None and mail.clock is utc_now:
        mail = dataclasses.replace(mail, clock=clock.now)  # one time for clocks and mail
    notifier = Notifier(accounts.store, mail) if mail else None
    links = MailedLinks(
        accounts.store, notifier.outbox if notifier else None, mail.clock if mail else utc_now
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        redact_logs()
        await asyncio.to_thread(store.migrate)
        _tune_gc()
        manager = TableManager(
            store, bot_delay=bot_delay, auto_forced=auto_forced, config=config, clock=clock
        )
        manager.accounts, manager.notifier = accounts.store, notifier
        app.state.manager = manager
        app.state.reviews = Reviews(store, manager.pool, config.review_iterations)
        await manager.start()
        try:
            yield
        finally:
            await app.state.reviews.stop()
            await manager.stop()
            if notifier is not None:
                await notifier.drain()
            store.close()

    docs = config.api_docs
    app = GuardedApp(
        title="dragontable",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.store = store
    app.state.table_limiter = limiter
    app.state.accounts, app.state.notifier, app.state.links = accounts, notifier, links
    app.state.metrics = Metrics()
    for refusal in (BadInput, LobbyError, HTTPException, RequestValidationError, ServerFull):
        app.add_exception_handler(refusal, _refused)
    csrf_middleware(app)
    guard(app)  # outside the sessions: a forged request is refused before any lookup
    account_routes(app)
    profile_routes(app)
    links_routes(app)
    _api_routes(app, store)
    _ws_route(app)
    _page_routes(app)
    _replay_routes(app)
    review_routes(app)
    rules_routes(app)
    metrics_routes(app)
    return app


def _api_routes(app: FastAPI, store: Store) -> None:
    @app.get("/api/games")
    async def list_games(lang: Lang) -> list[dict[str, Any]]:
        return [game_info(n, lang) for n in games.names()]

    @app.post("/api/tables", status_code=201, response_model=None)
    async def create_table(request: Request, lang: Lang) -> JSONResponse | dict[str, Any]:
        client = request.client.host if request.client else UNKNOWN_CLIENT
        limiter: SlidingWindow = request.app.state.table_limiter
        if wait := limiter.acquire(client):
            return _too_many(limiter, wait)
        try:
            manager: TableManager = request.app.state.manager
            body = await _read_json(request)
            spec = parse_table_request(body, manager.config.bot_max_seconds)
            table, tokens = await manager.create(spec)
        except ServerFull as exc:
            limiter.release(client)
            return _fail(STATUS_SERVER_FULL, str(exc))
        except BaseException:
            limiter.release(client)
            raise
        names = table.names_in(lang)
        invitations = [
            {
                "seat": seat,
                "name": names[seat],
                "token": token,
                "url": f"/table/{table.id}#token={token}",
            }
            for seat, token in sorted(tokens.items())
        ]
        return {
            "id": table.id,
            "url": f"/table/{table.id}",
            "table": public_info(table.row, table, lang),
            "invitations": invitations,
        }

    @app.get("/api/tables")
    async def list_tables(
        request: Request, lang: Lang, status: str | None = None
    ) -> list[dict[str, Any]]:
        if status is not None and status not in TABLE_STATUSES:
            raise BadInput(f"status must be one of {', '.join(TABLE_STATUSES)}")
        manager: TableManager = request.app.state.manager
        rows = await asyncio.to_thread(store.list_tables, status)
        live = manager.live
        rows = [live[r.id].row if r.id in live else r for r in rows]
        now = manager.clock.now()
        infos = [public_info(r, live.get(r.id), lang, now) for r in rows]
        return await with_ratings(request.app.state.accounts.store, rows, infos)

    @app.get("/api/tables/{table_id}", response_model=None)
    async def get_table(
        request: Request, table_id: str, lang: Lang
    ) -> JSONResponse | dict[str, Any]:
        table = await _find(request.app.state.manager, table_id)
        if table is None:
            return _fail(404, f"no table {table_id!r}")
        info = public_info(table.row, table, lang)
        return (await with_ratings(request.app.state.accounts.store, [table.row], [info]))[0]

    @app.get("/api/tables/{table_id}/record", response_model=None)
    async def get_record(request: Request, table_id: str) -> JSONResponse | dict[str, Any]:
        table = await _find(request.app.state.manager, table_id)
        if table is None:
            return _fail(404, f"no table {table_id!r}")
        if not table.state.is_over:
            return _fail(409, "the record (with its seed) is published when the game is over")
        return table.state.record()


async def _find(manager: TableManager, table_id: str) -> LiveTable | None:
    """The table ``table_id``, or None if there is none (or the id could not be one)."""
    return await manager.get(table_id) if is_table_id(table_id) else None


async def _read_json(request: Request) -> Any:
    """The request's JSON body (an empty one is ``null``), within the input limits."""
    declared = request.headers.get("content-length")
    raw = await read_limited(request.stream(), declared, max_bytes=MAX_BODY_BYTES)
    return parse_json(raw or b"null", max_bytes=MAX_BODY_BYTES)


def _too_many(limiter: SlidingWindow, wait: float) -> JSONResponse:
    """429: this address has opened its tables for now; ``Retry-After`` says when to retry."""
    seconds = retry_after(wait)
    message = (
        f"one address may open at most {limiter.limit} tables in {limiter.window_s:g} s; "
        f"try again in {seconds} s"
    )
    return JSONResponse(
        {"error": message}, status_code=STATUS_TOO_MANY, headers={"Retry-After": seconds}
    )


def _ws_route(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(
        websocket: WebSocket, table_id: str, token: str | None = None, lang: str = "en"
    ) -> None:
        await websocket.accept()
        try:
            check_lang(lang)
        except BadInput as exc:
            await websocket.send_json(error("bad_lang", str(exc)))
            await websocket.close(code=CLOSE_BAD_LANG)
            return
        manager: TableManager = websocket.app.state.manager
        try:
            table = await _find(manager, table_id)
        except ServerFull as exc:
            await websocket.send_json(error("server_full", str(exc)))
            await websocket.close(code=CLOSE_SERVER_FULL)
            return
        if table is None:
            await websocket.send_json(error("not_found", f"no table {table_id!r}"))
            await websocket.close(code=CLOSE_NOT_FOUND)
            return
        conn, refusal = await socket_seat(websocket, table, token)
        if conn is None:
            await websocket.send_json(refusal)
            await websocket.close(code=CLOSE_BAD_TOKEN)
            return
        writer = asyncio.create_task(_write(websocket, conn))
        await manager.join(table, conn)
        try:
            await _read(websocket, manager, table, conn)
        finally:
            manager.leave(table, conn)
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send a connection's queued messages in order; ``None`` ends it."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while (message := await conn.queue.get()) is not None:
            await websocket.send_json(message)


def _message(frame: Mapping[str, Any]) -> Any:
    """The JSON message of a WebSocket frame; :class:`BadInput` says why there is none."""
    text = frame.get("text")
    if text is None:
        raise BadInput(f"send JSON text frames of at most {MAX_MESSAGE_BYTES} bytes, not binary")
    return parse_json(text, max_bytes=MAX_MESSAGE_BYTES)


async def _read(
    websocket: WebSocket, manager: TableManager, table: LiveTable, conn: Connection
) -> None:
    """Receive messages until the client goes; answer each failure with an error."""
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        try:
            message = _message(frame)
        except BadInput as exc:
            conn.push(error("bad_message", f"{exc}; messages are JSON text"))
            continue
        started = time.perf_counter()
        try:
            reply = await manager.act(table, conn, message)
        except Exception:  # a bug must not cost the player the connection
            log.exception("table %s: a message failed", table.id)
            reply = error("internal", "the server failed on this message; nothing was changed")
        websocket.app.state.metrics.observe(message, time.perf_counter() - started, reply)
        if reply is not None:
            conn.push(reply)


def _page_routes(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(str(WEB.joinpath("favicon.svg")), media_type="image/svg+xml")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(str(WEB.joinpath("index.html")))

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(WEB.joinpath("table.html")))


# -- score history and replays of finished games -------------------------------------
NOT_OVER = "the replay and score history are published when the game is over"


def _replay_routes(app: FastAPI) -> None:
    replays = ReplayCache()

    async def finished(request: Request, table_id: str) -> LiveTable | JSONResponse:
        table = await _find(request.app.state.manager, table_id)
        if table is None:
            return _fail(404, f"no table {table_id!r}")
        if not table.state.is_over:
            return _fail(409, NOT_OVER)
        return table

    @app.get("/api/tables/{table_id}/history", response_model=None)
    async def get_history(
        request: Request, table_id: str, lang: Lang
    ) -> JSONResponse | dict[str, Any]:
        table = await finished(request, table_id)
        if isinstance(table, JSONResponse):
            return table
        replay = await replays.get(table.id, table.state.record())
        return replay.history(table.names_in(lang))

    @app.get("/api/tables/{table_id}/replay", response_model=None)
    async def get_replay(
        request: Request, table_id: str, lang: Lang, step: str = "0"
    ) -> JSONResponse | dict[str, Any]:
        table = await finished(request, table_id)
        if isinstance(table, JSONResponse):
            return table
        replay = await replays.get(table.id, table.state.record())
        last = replay.total_steps
        if not re.fullmatch(r"[0-9]{1,9}", step) or int(step) > last:
            return _fail(400, f"step must be a whole number from 0 to {last}, not {step!r}")
        return await asyncio.to_thread(replay.step, int(step), lang, table.names_in(lang))

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(str(WEB.joinpath("replay.html")))
