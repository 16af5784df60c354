"""Input limits: what a hostile client sends is refused by name, quickly, and changes nothing."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dragontable.core.messages import LANGUAGES
from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from dragontable.server.inputs import (
    MAX_BODY_BYTES,
    MAX_DEPTH,
    MAX_INT,
    MAX_MESSAGE_BYTES,
    BadInput,
    nesting_depth,
    parse_json,
    read_limited,
)
from dragontable.server.limits import MAX_TABLES_PER_CLIENT, SlidingWindow, retry_after
from dragontable.server.lobby import MAX_NAME, LobbyError, clean_name
from dragontable.server.tables import TableManager

from .aiorun import run
from .conftest import n_actions, new_table, next_error, next_update, ws_url

BASE = '{"game": "dragon", "players": 2, "seats": ["human", "human"], '
FAST_S = 0.5  # a refusal of the worst body must take less than this


# -- parse_json ------------------------------------------------------------------------
def test_parse_json_reads_ordinary_json() -> None:
    value = parse_json(b'{"a": [1, -2, 3.5, true, null, "\\u00e9\\ud83d\\ude00"]}', max_bytes=100)
    assert value == {"a": [1, -2, 3.5, True, None, "é😀"]}
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, max_bytes=100) == eval(
        "[" * MAX_DEPTH + "]" * MAX_DEPTH
    )


@pytest.mark.parametrize(
    ("raw", "named"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "larger than"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"deeper than {MAX_DEPTH}"),
        ('{"a":' * 1500 + "1" + "}" * 1500, f"deeper than {MAX_DEPTH}"),
        ("9" * 5000, "integers must lie between"),
        (str(MAX_INT + 1), "integers must lie between"),
        (str(-MAX_INT - 2), "integers must lie between"),
        ("1e999", "finite"),
        ("NaN", "NaN is not a JSON value"),
        ("[-Infinity]", "Infinity is not a JSON value"),
        ('"\\ud800"', "lone surrogate"),
        ('{"x": ["a\\udfff"]}', "lone surrogate"),
        (b"\xff\xfe", "UTF-8"),
        ("\ud800", "UTF-8"),
        ("{nope", "not valid JSON"),
        ("", "not valid JSON"),
    ],
)
def test_parse_json_refuses_by_name(raw: bytes | str, named: str) -> None:
    start = time.perf_counter()
    with pytest.raises(BadInput, match=named):
        parse_json(raw, max_bytes=MAX_BODY_BYTES)
    assert time.perf_counter() - start < FAST_S


def test_parse_json_counts_bytes_not_characters() -> None:
    with pytest.raises(BadInput, match="larger than 8 bytes") as refused:
        parse_json('"人人人"', max_bytes=8)
    assert refused.value.status == 413
    assert parse_json('"人人"', max_bytes=8) == "人人"


def test_nesting_depth_ignores_brackets_in_strings_and_escapes() -> None:
    assert nesting_depth('[{"a": "[[[{{{", "b": "\\"[[["}, [[]]]') == 3
    assert nesting_depth("[" * 100_000, stop_above=MAX_DEPTH) == MAX_DEPTH + 1
    assert nesting_depth("1") == 0


async def _chunks(*parts: bytes) -> AsyncIterator[bytes]:
    for part in parts:
        yield part


@pytest.mark.parametrize(
    ("declared", "parts", "status"),
    [
        ("20", [b"x" * 20], 413),  # honest Content-Length over the limit
        ("5", [b"x" * 6, b"x" * 6], 413),  # lying Content-Length: the bytes read count
        (None, [b"x" * 6] * 3, 413),  # chunked without a length
        ("9" * 5000, [], 413),
        ("ten", [], 400),
        ("-1", [], 400),
    ],
)
def test_read_limited_refuses_what_is_too_large(
    declared: str | None, parts: list[bytes], status: int
) -> None:
    with pytest.raises(BadInput) as refused:
        run(read_limited(_chunks(*parts), declared, max_bytes=10))
    assert refused.value.status == status


def test_read_limited_joins_a_body_within_the_limit() -> None:
    got = run(read_limited(_chunks(b"ab", b"cd"), "4", max_bytes=4))
    assert got == b"abcd"


# -- names -----------------------------------------------------------------------------
def test_names_are_normalised_trimmed_and_limited() -> None:
    assert clean_name("  Zo\u0065\u0301 \n", "n") == "Zo\u00e9"  # NFC, trimmed
    assert clean_name("王" * MAX_NAME, "n") == "王" * MAX_NAME
    with pytest.raises(LobbyError, match=f"longer than {MAX_NAME}"):
        clean_name("e\u0301" * MAX_NAME + "x", "n")  # 41 characters once composed


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("a\x07b", "U+0007, a control character"),
        ("a\tb", "U+0009, a control character"),
        ("a\ud800", "U+D800, a lone surrogate"),
        ("a\u2028b", "U+2028, a line separator"),
        ("evil\u202egnp.exe", "U+202E, a text-direction control"),
    ],
)
def test_names_with_control_characters_are_refused(name: str, why: str) -> None:
    with pytest.raises(LobbyError, match=re.escape(why)):
        clean_name(name, "names[0]")


# -- the sliding window ------------------------------------------------------------------
class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_sliding_window_refuses_over_the_limit_until_the_oldest_event_leaves() -> None:
    clock = FakeClock()
    window = SlidingWindow(3, 60.0, clock=clock)
    for step in range(3):
        clock.now += step
        assert window.acquire("a") == 0.0
    assert window.acquire("a") == pytest.approx(60.0 - 3.0)
    assert window.acquire("b") == 0.0  # other clients are not held back
    clock.now += 57.0
    assert window.acquire("a") == 0.0  # the first event left the window
    assert window.acquire("a") > 0


def test_sliding_window_release_gives_the_slot_back() -> None:
    window = SlidingWindow(1, 60.0, clock=FakeClock())
    assert window.acquire("a") == 0.0
    window.release("a")
    assert window.acquire("a") == 0.0
    assert window.acquire("a") > 0


def test_sliding_window_forgets_idle_and_old_addresses() -> None:
    clock = FakeClock()
    window = SlidingWindow(2, 10.0, max_keys=100, clock=clock)
    for i in range(50):
        window.acquire(f"10.0.0.{i}")
    clock.now += 11.0
    window.acquire("late")
    assert len(window) == 1  # every idle address was dropped
    for i in range(1000):
        window.acquire(f"10.1.{i}")
    assert len(window) == 100  # never more than max_keys


@pytest.mark.parametrize(("limit", "window_s"), [(0, 1.0), (True, 1.0), (1, 0.0), (1, -1.0)])
def test_sliding_window_refuses_nonsense_settings(limit: int, window_s: float) -> None:
    with pytest.raises(ValueError):
        SlidingWindow(limit, window_s)


def test_retry_after_is_whole_seconds_at_least_one() -> None:
    assert [retry_after(s) for s in (0.01, 1.0, 1.2, 599.5)] == ["1", "1", "2", "600"]


# -- POST /api/tables: the regression bodies of the audit ----------------------------------
AUDIT_BODIES = {
    "nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, 413, "larger than"),
    "options nested 5,000 deep": (
        (BASE + '"options": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}").encode(),
        400,
        "deeper than",
    ),
    "5,000-digit integer": ((BASE + '"seed": ' + "9" * 5000 + "}").encode(), 400, "integers"),
    "seed empty string": ((BASE + '"seed": ""}').encode(), 400, "seed"),
    "seed false": ((BASE + '"seed": false}').encode(), 400, "seed"),
    "seed 0.0": ((BASE + '"seed": 0.0}').encode(), 400, "seed"),
    "seed []": ((BASE + '"seed": []}').encode(), 400, "seed"),
    "seed {}": ((BASE + '"seed": {}}').encode(), 400, "seed"),
    "seed too large": ((BASE + f'"seed": {MAX_INT + 1}' + "}").encode(), 400, "integers"),
    "lone surrogate in a name": (
        (BASE + '"names": ["\\ud800", null]}').encode(),
        400,
        "lone surrogate",
    ),
    "control character in a name": (
        (BASE + '"names": ["a\\u0000b", null]}').encode(),
        400,
        "control character",
    ),
    "name too long": ((BASE + f'"names": ["{"x" * 41}", null]' + "}").encode(), 400, "longer"),
    "players true": (b'{"game": "dragon", "players": true}', 400, "players"),
    "players 2.0": (b'{"game": "dragon", "players": 2.0}', 400, "players"),
    "option value a list": ((BASE + '"options": {"edition": [2017]}}').encode(), 400, "edition"),
    "option value null": ((BASE + '"options": {"edition": null}}').encode(), 400, "edition"),
    "seats not strings": (b'{"game": "dragon", "players": 2, "seats": [1, 2]}', 400, "seat 1"),
    "names not strings": ((BASE + '"names": [1, null]}').encode(), 400, "names[0]"),
    "game a list": (b'{"game": ["dragon"]}', 400, "game"),
    "game 50k long": (('{"game": "' + "x" * 50_000 + '"}').encode(), 400, "unknown game"),
    "NaN seed": ((BASE + '"seed": NaN}').encode(), 400, "NaN"),
    "not UTF-8": (b'{"game": "\xff"}', 400, "UTF-8"),
    "body over 64 KiB": (b" " * (MAX_BODY_BYTES + 1), 413, "larger than"),
}


@pytest.mark.parametrize("case", AUDIT_BODIES)
def test_audit_bodies_get_a_4xx_naming_the_problem(client: TestClient, case: str) -> None:
    body, status, named = AUDIT_BODIES[case]
    start = time.perf_counter()
    resp = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert time.perf_counter() - start < FAST_S
    assert resp.status_code == status, resp.text
    assert named in resp.json()["error"]
    assert client.get("/api/tables").json() == []


def test_a_clean_name_is_stored_normalised(client: TestClient) -> None:
    created = new_table(client, names=["  Ame\u0301lie  ", None])
    assert created["invitations"][0]["name"] == "Am\u00e9lie"


# -- languages -------------------------------------------------------------------------
LANG_ENDPOINTS = ["/api/games", "/api/tables", "/api/tables/{id}", "/api/tables/{id}/history"]


@pytest.mark.parametrize("path", [*LANG_ENDPOINTS, "/api/tables/{id}/replay?step=0", "POST"])
def test_every_endpoint_refuses_an_unknown_language_by_name(client: TestClient, path: str) -> None:
    created = new_table(client)
    if path == "POST":
        body = {"game": "dragon", "players": 2, "seats": ["human", "human"]}
        resp = client.post("/api/tables?lang=xx", json=body)
    else:
        joiner = "&" if "?" in path else "?"
        resp = client.get(path.format(id=created["id"]) + f"{joiner}lang=xx")
    assert resp.status_code == 400
    assert "'xx'" in resp.json()["error"] and all(
        lang in resp.json()["error"] for lang in LANGUAGES
    )
    assert len(client.get("/api/tables").json()) == 1  # the refused POST opened nothing


def test_the_socket_refuses_an_unknown_language_and_closes(client: TestClient) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 0) + "&lang=xx") as ws:
        msg = ws.receive_json()
        assert msg["code"] == "bad_lang" and "'xx'" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4400
    info = client.get(f"/api/tables/{created['id']}").json()
    assert not info["seats"][0]["joined"]  # the refused connection did not join the seat


def test_unknown_status_and_impossible_ids_are_refused(client: TestClient) -> None:
    resp = client.get("/api/tables?status=closed")
    assert resp.status_code == 400 and "open, running, finished" in resp.json()["error"]
    for table_id in ("%00", "a" * 500, "..%2F..", "%F0%9F%98%80"):
        assert client.get(f"/api/tables/{table_id}").status_code == 404, table_id


# -- the socket ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("frame", "named"),
    [
        ("[" * 1500 + "]" * 1500, "deeper than"),
        ('{"action": ' * 40 + "1" + "}" * 40, "deeper than"),
        (b'{"action": "pick C+L"}', "binary"),
        ("x" * (MAX_MESSAGE_BYTES + 1), "larger than"),
        ("{nope", "not valid JSON"),
        ('{"action": "\\ud800"}', "lone surrogate"),
        ('{"hand_to_bot": ' + "9" * 2000 + "}", "integers"),
        ('{"action": NaN}', "NaN"),
    ],
)
def test_bad_frames_get_an_error_and_the_socket_stays_open(
    client: TestClient, frame: str | bytes, named: str
) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 0)) as ws:
        first = next_update(ws)
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        refused = next_error(ws)
        assert refused["code"] == "bad_message" and named in refused["message"]
        ws.send_json({"undo": True})  # the same socket still answers
        assert next_error(ws)["code"] == "cannot_undo"
        assert first["n_actions"] == n_actions(client, created["id"]) == 0


# -- the cap on tables per client ------------------------------------------------------
@pytest.fixture
def capped(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, config=ServerConfig(max_tables_per_client=3))) as c:
        yield c


def test_one_address_may_open_only_so_many_tables(capped: TestClient) -> None:
    for _ in range(3):
        new_table(capped)
    resp = capped.post("/api/tables", json={"game": "dragon", "players": 2})
    assert resp.status_code == 429
    assert "at most 3 tables" in resp.json()["error"]
    assert 1 <= int(resp.headers["retry-after"]) <= 600
    assert len(capped.get("/api/tables").json()) == 3


def test_refused_requests_do_not_use_up_the_cap(capped: TestClient) -> None:
    for _ in range(10):
        bad = capped.post("/api/tables", json={"game": "chess"})
        assert bad.status_code == 400
    for _ in range(3):
        new_table(capped)


def test_the_default_cap_is_thirty_tables(client: TestClient) -> None:
    assert MAX_TABLES_PER_CLIENT == 30
    body: dict[str, Any] = {"game": "dragon", "players": 2, "seats": ["human", "human"]}
    codes = [client.post("/api/tables", json=body).status_code for _ in range(31)]
    assert codes == [201] * 30 + [429]


@pytest.mark.parametrize(
    ("argv", "cap"),
    [([], MAX_TABLES_PER_CLIENT), (["--max-tables-per-client", "500"], 500)],
)
def test_serve_passes_the_cap_through(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], cap: int
) -> None:
    import uvicorn

    from dragontable import cli
    from dragontable.server import serving

    made: dict[str, Any] = {}
    monkeypatch.setattr(serving, "create_app", lambda url, **kw: made.update(kw) or "app")
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: made.update(ran=app))
    args = cli.build_parser().parse_args(["serve", "--db", "sqlite:///x.sqlite3", *argv])
    assert args.func(args) == 0 and made["ran"] == "app"
    assert made["config"].max_tables_per_client == cap


@pytest.mark.parametrize("given", ["0", "-3", "many", "²"])
def test_serve_refuses_a_cap_that_is_not_a_positive_number(given: str) -> None:
    from dragontable import cli

    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["serve", "--max-tables-per-client", given])


def test_a_failing_message_is_answered_and_the_socket_stays_open(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = new_table(client)
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    real_act = manager.act

    async def act(table: Any, conn: Any, message: Any) -> dict[str, Any] | None:
        if message == {"boom": True}:
            raise KeyError("boom")
        return await real_act(table, conn, message)

    monkeypatch.setattr(manager, "act", act)
    with client.websocket_connect(ws_url(created, 0)) as ws:
        next_update(ws)
        ws.send_json({"boom": True})
        assert next_error(ws)["code"] == "internal"
        ws.send_json({"undo": True})
        assert next_error(ws)["code"] == "cannot_undo"


def test_the_routers_own_refusals_are_json_errors_too(client: TestClient) -> None:
    missing = client.get("/api/tables/a%2Fb/replay")
    assert missing.status_code == 404 and missing.json() == {"error": "Not Found"}
    wrong = client.delete("/api/games")
    assert wrong.status_code == 405 and wrong.json()["error"] and "GET" in wrong.headers["allow"]
