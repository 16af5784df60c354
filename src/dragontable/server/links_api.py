"""HTTP routes of mailed links: asking for a confirmation mail again, following a
confirmation link, asking for and using a password-reset link, and their pages
(``/account/confirm``, ``/account/reset``, ``/account/forgot``). See :mod:`mail_links`.
"""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse

from .account_api import read_object, signed_in
from .accounts import STATUS_CONFLICT, STATUS_TOO_MANY, Accounts, check_email, check_password
from .inputs import BadInput
from .mail_links import STATUS_UNAVAILABLE, MailedLinks

WEB = resources.files("dragontable").joinpath("web")
MAX_TOKEN = 100
MAX_WHO = 254
STATUS_ACCEPTED = 202
RESET_ANSWER = (
    "if an account of that name or confirmed address exists, a link to choose a new "
    "password is on its way to its confirmed address"
)
REFUSED_CONFIRMATION = {
    "later": STATUS_TOO_MANY,
    "suppressed": STATUS_CONFLICT,
    "no_mail": STATUS_UNAVAILABLE,
}
"""The answer to asking for a confirmation mail that was not sent, by the reason."""
PAGES = {
    "/account/confirm": "confirm.html",
    "/account/reset": "reset.html",
    "/account/forgot": "forgot.html",
}


def _token(body: dict[str, Any]) -> str:
    token = body.get("token")
    if not isinstance(token, str) or not token:
        raise BadInput('send {"token": "..."}: the token is the part of the link after "#"')
    return token[:MAX_TOKEN]


def _who(body: dict[str, Any]) -> str:
    """A reset request's account: its name, or a (confirmed) address, normalised."""
    name, email = body.get("name"), body.get("email")
    if isinstance(name, str) and name.strip() and email is None:
        who = name.strip()[:MAX_WHO]
        return (check_email(who) or who) if "@" in who else who
    if isinstance(email, str) and name is None and (address := check_email(email)):
        return address
    raise BadInput('send {"name": "<user name or e-mail address>"} or {"email": "..."}')


def links_routes(app: FastAPI) -> None:
    @app.post("/api/me/confirm-email", status_code=STATUS_ACCEPTED, response_model=None)
    async def send_again(request: Request) -> JSONResponse:
        session = signed_in(request)
        links: MailedLinks = request.app.state.links
        user = session.user
        if user.email is None:
            raise BadInput("the account has no e-mail address; give one in the profile first")
        if user.email_verified:
            raise BadInput(f"{user.email} is confirmed already", STATUS_CONFLICT)
        done = await links.confirm_address(user)
        if done.status == "sent":
            return JSONResponse({"confirmation": done.info()}, STATUS_ACCEPTED)
        headers = {"Retry-After": str(done.retry_after)} if done.retry_after else None
        return JSONResponse(
            {"error": done.message(), "confirmation": done.info()},
            REFUSED_CONFIRMATION[done.status],
            headers=headers,
        )

    @app.post("/api/account/confirm")
    async def confirm(request: Request) -> dict[str, Any]:
        token = _token(await read_object(request))
        links: MailedLinks = request.app.state.links
        user = await links.confirm(token)
        return {"confirmed": True, "name": user.name, "email": user.email}

    @app.post("/api/account/reset-request", status_code=STATUS_ACCEPTED)
    async def reset_request(request: Request) -> dict[str, Any]:
        who = _who(await read_object(request))
        links: MailedLinks = request.app.state.links
        links.request_reset(who, request.client.host if request.client else "unknown")
        return {"requested": True, "message": RESET_ANSWER}

    @app.post("/api/account/reset")
    async def reset(request: Request) -> dict[str, Any]:
        body = await read_object(request)
        token = _token(body)
        links: MailedLinks = request.app.state.links
        name = await links.check_reset(token)
        password = check_password(body.get("password"), name=name)
        accounts: Accounts = request.app.state.accounts
        digest = await asyncio.to_thread(accounts.hasher.hash, password)
        user = await links.reset(token, digest)
        return {"reset": True, "name": user.name}

    for path, page in PAGES.items():
        _page(app, path, page)


def _page(app: FastAPI, path: str, page: str) -> None:
    async def serve() -> FileResponse:
        return FileResponse(str(WEB.joinpath(page)))

    app.get(path, include_in_schema=False)(serve)
