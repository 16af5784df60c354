"""What a stranger's page cannot make this server do, and what every answer carries.

* :class:`ForgeryGuard` refuses every state-changing request (any method but GET, HEAD,
  OPTIONS, on every route: routes added later are covered by themselves) that a page of
  another site or origin made, and every body not declared as JSON: a cross-site form
  can send only ``text/plain``, urlencoded or multipart bodies. Requests that carry
  neither ``Sec-Fetch-Site`` nor ``Origin`` (curl, scripts, bots) pass: no browser
  leaves both out of a cross-origin POST. The one exception is RFC 8058's one-click
  unsubscribe, which mail providers post from anywhere; its own token authorises it.
* :class:`GuardedApp` adds :data:`SECURITY_HEADERS` (a strict Content-Security-Policy
  and the framing, sniffing and referrer headers) to every HTTP answer, errors and
  static files included.
* :class:`RedactSecrets` masks seat tokens (``token=…``) and unsubscribe tokens (in
  ``/unsubscribe/…`` paths) in the log lines of uvicorn and of the server.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import urlsplit

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
OWN_SITE_FETCHES = frozenset({"same-origin", "none"})
"""``Sec-Fetch-Site`` values of this site's own pages (``none``: typed by the user)."""
ONE_CLICK_UNSUBSCRIBE = re.compile(r"/api/unsubscribe/[^/]+")
JSON_TYPE = "application/json"
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
STATUS_FORBIDDEN = 403
STATUS_UNSUPPORTED_TYPE = 415
SHOWN_CHARS = 100
NOTHING_CHANGED = "; nothing was changed"

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The pages' policy: scripts and styles only from this server's files (no inline
script, no ``eval``, no style attributes: the page sets styles through the CSSOM),
images from it or ``data:`` URLs (the favicon), fetches and WebSockets to it only."""
API_DOCS_PATHS = ("/docs", "/redoc")
API_DOCS_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com",
        "font-src 'self' https://fonts.gstatic.com",
        "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""FastAPI's API pages (``--api-docs`` only) load Swagger UI and ReDoc from their CDN
with an inline script."""
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def _shown(value: str) -> str:
    return value[:SHOWN_CHARS] + ("…" if len(value) > SHOWN_CHARS else "")


def _origin_key(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin, the default port filled in; None if malformed."""
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return scheme.lower(), parts.hostname.lower(), port or DEFAULT_PORTS.get(scheme.lower(), 0)


def own_origin(scope: Scope, headers: Headers) -> str:
    """This server's origin as the request reached it: its scheme and ``Host``."""
    host = headers.get("host")
    if host is None and scope.get("server"):
        name, port = scope["server"]
        host = f"{name}:{port}"
    return f"{scope.get('scheme', 'http')}://{host or ''}"


def is_own_origin(origin: str, scope: Scope, headers: Headers) -> bool:
    """Whether an ``Origin`` header names this server (``null`` and junk do not)."""
    given = urlsplit(origin)
    mine = urlsplit(own_origin(scope, headers))
    theirs = _origin_key(given.scheme, given.netloc) if given.scheme else None
    return theirs is not None and theirs == _origin_key(mine.scheme, mine.netloc)


def _declares_json(headers: Headers) -> bool:
    """A body declared as JSON, or no body at all (nor any declared type)."""
    declared = headers.get("content-type")
    if declared is None:
        no_body = headers.get("content-length", "0").strip() == "0"
        return no_body and "transfer-encoding" not in headers
    return declared.split(";", 1)[0].strip().lower() == JSON_TYPE


def refusal(scope: Scope) -> tuple[int, str] | None:
    """Why a request must be refused as forged or not JSON: (status, message), or None."""
    method = scope["method"]
    if method in SAFE_METHODS:
        return None
    if method == "POST" and ONE_CLICK_UNSUBSCRIBE.fullmatch(scope["path"]):
        return None  # RFC 8058: mail providers post it from anywhere, with a form body
    headers = Headers(scope=scope)
    site = headers.get("sec-fetch-site")
    if site is not None and site.strip().lower() not in OWN_SITE_FETCHES:
        return STATUS_FORBIDDEN, (
            f"this request was sent by a page of another site (Sec-Fetch-Site: "
            f"{_shown(site)}); only this site's own pages may change anything{NOTHING_CHANGED}"
        )
    origin = headers.get("origin")
    if origin is not None and not is_own_origin(origin, scope, headers):
        return STATUS_FORBIDDEN, (
            f"this request was sent by a page of {_shown(origin)}, not of this server "
            f"({_shown(own_origin(scope, headers))}); only this site's own pages may "
            f"change anything{NOTHING_CHANGED}"
        )
    if not _declares_json(headers):
        declared = headers.get("content-type", "no Content-Type")
        return STATUS_UNSUPPORTED_TYPE, (
            f"send the body as JSON with Content-Type: {JSON_TYPE}, not "
            f"{_shown(declared)}{NOTHING_CHANGED}"
        )
    return None


class ForgeryGuard:
    """ASGI middleware: answer a forged or non-JSON state-changing request with its
    refusal (``{"error"}``) before any route, session or body is looked at."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        refused = refusal(scope) if scope["type"] == "http" else None
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, message = refused
        await JSONResponse({"error": message}, status_code=status)(scope, receive, send)


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope["path"] in API_DOCS_PATHS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
                if docs:
                    headers["Content-Security-Policy"] = API_DOCS_POLICY
            await send(message)

        await self.app(scope, receive, send_with_headers)


class GuardedApp(FastAPI):
    """The FastAPI app with :class:`SecurityHeaders` outside every other middleware, so
    that the headers are on the server error middleware's 500 too."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def guard(app: FastAPI) -> None:
    """Refuse forged requests to every route of ``app`` (the outermost user middleware)."""
    app.add_middleware(ForgeryGuard)


class RedactSecrets(logging.Filter):
    """Mask seat tokens (``token=…``: uvicorn logs WebSocket paths with their query) and
    unsubscribe tokens (``/unsubscribe/…`` and ``/api/unsubscribe/…`` paths)."""

    PATTERNS = (
        (re.compile(r"token=[^&\s\"']+"), "token=…"),
        (re.compile(r"(/unsubscribe/)[^/?#\s\"']+"), r"\1…"),
    )

    @classmethod
    def masked(cls, text: str) -> str:
        for pattern, replacement in cls.PATTERNS:
            text = pattern.sub(replacement, text)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.masked(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: self.masked(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        record.msg = self.masked(str(record.msg))
        return True


REDACTED_LOGGERS = ("uvicorn.error", "uvicorn.access", "dragontable.server", "dragontable.bots")


def redact_logs() -> None:
    """Put :class:`RedactSecrets` on uvicorn's loggers and the server's (once each)."""
    for name in REDACTED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
