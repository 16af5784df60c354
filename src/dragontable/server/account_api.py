"""HTTP routes of accounts: sign-up/in/out, the player's settings, attaching a seat, the
CSRF check on every state-changing request, and which seat a WebSocket opens.

Profiles, "My tables", ratings in lists and unsubscribing are in :mod:`profile_api`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.responses import JSONResponse

from .accounts import (
    CSRF_HEADER,
    SESSION_COOKIE,
    SESSION_DAYS,
    STATUS_FORBIDDEN,
    STATUS_UNAUTHORIZED,
    Accounts,
    Session,
    check_account_lang,
    check_email,
    check_name,
    check_password,
    check_transport,
    cookie_secure,
)
from .accounts_db import CannotAttach, User
from .devices import DEVICE_COOKIE, DEVICE_DAYS
from .inputs import MAX_BODY_BYTES, BadInput, is_table_id, parse_json, read_limited
from .live import Connection, LiveTable, error
from .mail_db import email_key
from .ratings import DEFAULT_HANDOVER_RATING, HANDOVER_RATINGS

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
TOKEN_AUTHORIZED = ("/api/unsubscribe/", "/api/account/confirm", "/api/account/reset")
"""Paths whose own secret token authorises them (or that act on no session: a reset
request): no session, so no CSRF token, needed."""
UNKNOWN_CLIENT = "unknown"
NO_CSRF = (
    f"this request was made with a session cookie but without its CSRF token "
    f"(the {CSRF_HEADER} header); reload the page and try again; nothing was changed"
)
SIGN_IN_FIRST = "sign in first"
SETTINGS = ("email", "lang", "email_opt_out", "handover_rating")


def me_info(user: User, csrf: str) -> dict[str, Any]:
    """The signed-in player's own account, with the session's CSRF token."""
    return {
        "user": {
            **user.public(),
            "email": user.email,
            "email_verified": user.email_verified,
            "lang": user.lang,
            "email_opt_out": user.email_opt_out,
            "handover_rating": user.handover_rating or DEFAULT_HANDOVER_RATING,
        },
        "csrf": csrf,
    }


def session_of(request: Request) -> Session | None:
    """The request's session, as the middleware found it."""
    found: Session | None = getattr(request.state, "session", None)
    return found


def signed_in(request: Request) -> Session:
    """The request's session, or a 401 that says to sign in."""
    session = session_of(request)
    if session is None:
        raise BadInput(SIGN_IN_FIRST, STATUS_UNAUTHORIZED)
    return session


async def read_object(request: Request) -> dict[str, Any]:
    """The request's JSON body, which must be an object."""
    declared = request.headers.get("content-length")
    raw = await read_limited(request.stream(), declared, max_bytes=MAX_BODY_BYTES)
    body = parse_json(raw or b"{}", max_bytes=MAX_BODY_BYTES)
    if not isinstance(body, dict):
        raise BadInput("send a JSON object")
    return body


def _set_cookie(request: Request, response: Response, name: str, value: str, days: int) -> None:
    response.set_cookie(
        name,
        value,
        max_age=days * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=cookie_secure(request.url.scheme, request.url.hostname),
    )


def _signed_in_reply(
    request: Request,
    session: Session,
    token: str,
    status: int,
    confirmation: dict[str, Any] | None = None,
) -> JSONResponse:
    """The account, with the session cookie and (renewed) the browser's device cookie."""
    info = me_info(session.user, session.csrf)
    if confirmation is not None:
        info["confirmation"] = confirmation
    response = JSONResponse(info, status_code=status)
    _set_cookie(request, response, SESSION_COOKIE, token, SESSION_DAYS)
    if session.device_cookie:
        _set_cookie(request, response, DEVICE_COOKIE, session.device_cookie, DEVICE_DAYS)
    return response


def csrf_middleware(app: FastAPI) -> None:
    """Find each API request's session; refuse a state-changing one without its CSRF token."""

    @app.middleware("http")
    async def sessions(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        request.state.session = None
        path = request.url.path
        if path.startswith("/api/") and SESSION_COOKIE in request.cookies:
            accounts: Accounts = request.app.state.accounts
            session = await accounts.session(request.cookies[SESSION_COOKIE])
            request.state.session = session
            unsafe = request.method not in SAFE_METHODS and not path.startswith(TOKEN_AUTHORIZED)
            if session and unsafe and not session.csrf_ok(request.headers.get(CSRF_HEADER)):
                return JSONResponse({"error": NO_CSRF}, status_code=STATUS_FORBIDDEN)
        return await call_next(request)


def account_routes(app: FastAPI) -> None:
    @app.post("/api/account/signup", status_code=201, response_model=None)
    async def sign_up(request: Request) -> JSONResponse:
        check_transport(request.url.scheme, request.url.hostname)
        body = await read_object(request)
        name = check_name(body.get("name"))
        password = check_password(body.get("password"), name=name)
        email = check_email(body.get("email"))
        lang = check_account_lang(body.get("lang", "en"))
        accounts: Accounts = request.app.state.accounts
        device = request.cookies.get(DEVICE_COOKIE)
        session, token = await accounts.sign_up(
            name, password, email, lang, _client(request), device
        )
        confirmation = await _confirm_address(request, session.user, email is not None)
        return _signed_in_reply(request, session, token, 201, confirmation)

    @app.post("/api/account/signin", response_model=None)
    async def sign_in(request: Request) -> JSONResponse:
        check_transport(request.url.scheme, request.url.hostname)
        body = await read_object(request)
        name, password = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise BadInput('send {"name": "...", "password": "..."}')
        accounts: Accounts = request.app.state.accounts
        device = request.cookies.get(DEVICE_COOKIE)
        session, token = await accounts.sign_in(name[:64], password[:512], _client(request), device)
        return _signed_in_reply(request, session, token, 200)

    @app.post("/api/account/signout", response_model=None)
    async def sign_out(request: Request) -> JSONResponse:
        accounts: Accounts = request.app.state.accounts
        await accounts.sign_out(signed_in(request))
        response = JSONResponse({"signed_out": True})
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        session = session_of(request)
        return {"user": None} if session is None else me_info(session.user, session.csrf)

    @app.post("/api/me")
    async def update_me(request: Request) -> dict[str, Any]:
        session = signed_in(request)
        body = await read_object(request)
        user = session.user
        values = _settings(body)
        if "email" in values and _same_address(values["email"], user.email):
            del values["email"]  # the same address stays confirmed (or not)
        wants = "email" in values or (user.email_opt_out and values.get("email_opt_out") is False)
        accounts: Accounts = request.app.state.accounts
        await asyncio.to_thread(accounts.store.update_user, user.id, **values)
        for key, value in values.items():
            setattr(user, key, value)
        if "email" in values:
            user.email_verified_at = None
        info = me_info(user, session.csrf)
        ask = wants and user.email is not None and not user.email_verified
        confirmation = await _confirm_address(request, user, ask)
        return info if confirmation is None else {**info, "confirmation": confirmation}

    @app.post("/api/me/password")
    async def change_password(request: Request) -> dict[str, Any]:
        session = signed_in(request)
        body = await read_object(request)
        current, new = body.get("current"), body.get("password")
        if not isinstance(current, str) or not current:
            raise BadInput('send {"current": "<your password now>", "password": "<the new one>"}')
        password = check_password(new, name=session.user.name)
        accounts: Accounts = request.app.state.accounts
        ended = await accounts.change_password(session, current[:512], password, _client(request))
        return {**me_info(session.user, session.csrf), "sessions_ended": ended}

    @app.post("/api/tables/{table_id}/attach")
    async def attach(request: Request, table_id: str) -> dict[str, Any]:
        session = signed_in(request)
        body = await read_object(request)
        token = body.get("token")
        if not isinstance(token, str) or not token:
            raise BadInput('send {"token": "<the seat\'s invitation token>"}')
        table = await _table(request, table_id)
        seat = table.seat_for(token[:100])
        if seat is None:
            raise BadInput("this link's seat token is not valid", STATUS_FORBIDDEN)
        await _attach(request, table, seat, session.user)
        return {"table": table.id, "seat": seat, "account": session.user.name}


def _settings(body: dict[str, Any]) -> dict[str, Any]:
    """The account settings a body changes: ``email``, ``lang``, ``email_opt_out``,
    ``handover_rating``."""
    unknown = set(body) - set(SETTINGS)
    if unknown:
        raise BadInput(f"unknown settings {sorted(unknown)}; settings: {', '.join(SETTINGS)}")
    values: dict[str, Any] = {}
    if "email" in body:
        values["email"] = check_email(body["email"])
    if "lang" in body:
        values["lang"] = check_account_lang(body["lang"])
    if "email_opt_out" in body:
        if not isinstance(body["email_opt_out"], bool):
            raise BadInput("email_opt_out is true or false")
        values["email_opt_out"] = body["email_opt_out"]
    if "handover_rating" in body:
        if body["handover_rating"] not in HANDOVER_RATINGS:
            raise BadInput(f"handover_rating is one of {', '.join(HANDOVER_RATINGS)}")
        values["handover_rating"] = body["handover_rating"]
    return values


async def _confirm_address(request: Request, user: User, ask: bool) -> dict[str, Any] | None:
    """Mail ``user``'s new (or newly wanted) address a confirmation link, when ``ask``;
    what became of it (:class:`mail_links.Confirmation`), or None when not asked."""
    if not ask:
        return None
    confirmation = await request.app.state.links.confirm_address(user)
    info: dict[str, Any] = confirmation.info()
    return info


def _same_address(new: str | None, old: str | None) -> bool:
    """Whether two stored addresses are one (compared without case)."""
    return new == old or (new is not None and old is not None and email_key(new) == email_key(old))


def _client(request: Request) -> str:
    return request.client.host if request.client else UNKNOWN_CLIENT


async def _table(request: Request, table_id: str) -> LiveTable:
    table = await request.app.state.manager.get(table_id) if is_table_id(table_id) else None
    if table is None:
        raise BadInput(f"no table {table_id!r}", 404)
    assert isinstance(table, LiveTable)
    return table


async def _attach(request: Request, table: LiveTable, seat: int, user: User) -> None:
    """Attach ``seat`` to ``user`` in the database and in memory; tell the table."""
    row = table.row.seats[seat]
    if row.kind != "human":
        raise BadInput("a bot seat cannot be attached to an account")
    accounts: Accounts = request.app.state.accounts
    async with table.lock:
        try:
            await asyncio.to_thread(accounts.store.attach, table.id, seat, user.id)
        except CannotAttach as exc:
            raise BadInput(str(exc), STATUS_FORBIDDEN) from None
        row.user_id, row.account = user.id, user.name
        for conn in list(table.conns):  # whoever else holds the link now only watches
            if conn.seat == seat and conn.user_id != user.id:
                conn.seat = None
                conn.push(seat_taken(user.name))
                conn.push(table.update_for(conn, []))
        table.mark_presence()
    table.announce({"type": "seat_account", "seat": seat, "account": user.name})
    table.announce({"type": "presence", "connected": table.connected(), "seats": table.seat_info()})


def seat_taken(account: str | None) -> dict[str, Any]:
    """The error for a seat token used without the session of the seat's account."""
    return error(
        "seat_attached",
        f"this seat belongs to the account {account}; sign in as that player to take it",
        {"key": "seat_attached", "account": account},
    )


async def socket_seat(
    websocket: WebSocket, table: LiveTable, token: str | None
) -> tuple[Connection | None, dict[str, Any] | None]:
    """The connection a WebSocket opens (its seat and account), or the error refusing it.

    A token opens its seat unless the seat is attached to an account other than the
    socket's session; without a token, a session opens its account's seat (if any).
    A session counts only from a page of this server (``Origin`` is its own host).
    """
    session = await _socket_session(websocket)
    user_id = session.user.id if session else None
    lang = websocket.query_params.get("lang", "en")
    if token:
        seat = table.seat_for(token)
        if seat is None:
            return None, error("bad_token", "this link's seat token is not valid")
        owner = table.row.seats[seat]
        if owner.user_id is not None and owner.user_id != user_id:
            return None, seat_taken(owner.account)
        return Connection(seat, lang, user_id=user_id), None
    held = [s.seat for s in table.row.seats if user_id is not None and s.user_id == user_id]
    return Connection(held[0] if held else None, lang, user_id=user_id), None


async def _socket_session(websocket: WebSocket) -> Session | None:
    token = websocket.cookies.get(SESSION_COOKIE)
    origin = websocket.headers.get("origin")
    if not token:
        return None
    if origin is not None and origin.split("://", 1)[-1] != websocket.headers.get("host"):
        return None
    accounts: Accounts = websocket.app.state.accounts
    return await accounts.session(token)
