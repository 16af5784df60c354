"""Fuzzing the table server: generated bodies, queries and socket messages, at least 1,000 each.

Whatever a client sends, HTTP answers below 500 and the socket answers with an ``error``
or a legitimate message and stays open; a refused input changes nothing (tables, their
actions, the live state). One server, one table set and one socket per seat serve every
example, so the module runs in well under a minute.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as hs
from starlette.testclient import WebSocketTestSession

from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from dragontable.server.inputs import MAX_MESSAGE_BYTES
from dragontable.server.schema import actions_t, tables_t

from .conftest import next_update, token_of, wait_for

EXAMPLES = 1000
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)
GENEROUS_CAP = 1_000_000  # the fuzzer opens valid tables too; the cap is tested elsewhere
BOTS_ASLEEP_S = 3600.0  # a bot's delay longer than the module runs
SERVER_ERROR = 500
CREATED = 201
# the socket's answers to one message: a refusal, a committed change, a hint
REPLIES = {"error", "update", "hint"}
# sent before each fuzz message: always refused, so its error marks the end of stale broadcasts
MARKER = {"undo_reply": "marker"}
LEGAL_PICKS = 1000
DEEPEST = 3000  # nesting the generators try (the limit is 32; Python's recursion ~1000)


# -- generated values ------------------------------------------------------------------
SCALARS = (
    hs.none()
    | hs.booleans()
    | hs.integers()
    | hs.integers(min_value=-(1 << 70), max_value=1 << 70)
    | hs.floats()
    | hs.text(max_size=30)
)
JSON = hs.recursive(
    SCALARS,
    lambda inner: (
        hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ["game", "players", "options", "seats", "names", "seed", "colour"]
OPTION_NAMES = ["edition", "great_wall", "open_hands", "start_player", "neutral", "bogus"]
SEATS = ["human", " human ", "robot", "bot:genius", "bot:mcts:1s:8", "bot:mcts:100000s", ""]
PLAUSIBLE = {
    "game": hs.sampled_from(["dragon", "ming", "changcheng", "chess", "DRAGON", ""]),
    "players": hs.integers(min_value=-1, max_value=7),
    "options": hs.dictionaries(hs.sampled_from(OPTION_NAMES), SCALARS, max_size=3),
    "seats": hs.lists(hs.sampled_from(SEATS), max_size=6),
    "names": hs.lists(hs.none() | hs.text(max_size=45), max_size=6),
    "seed": hs.integers(min_value=-3, max_value=1 << 64),
    "colour": SCALARS,
}


@hs.composite
def table_bodies(draw: hs.DrawFn) -> Any:
    """Bodies shaped like a table request (valid now and then), or any JSON value."""
    if draw(hs.integers(0, 3)) == 0:
        return draw(JSON)
    keys = draw(hs.lists(hs.sampled_from(FIELDS), unique=True, max_size=len(FIELDS)))
    return {k: draw(PLAUSIBLE[k] | JSON) for k in keys}


def as_json(value: Any) -> bytes:
    """``value`` as JSON text, NaN and Infinity included (the server must refuse them)."""
    return json.dumps(value, allow_nan=True).encode()


# -- one server for the module ---------------------------------------------------------
HUMANS = {"game": "dragon", "players": 2, "seed": 7, "seats": ["human", "human"]}


@pytest.fixture(scope="module")
def db_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{Path(tmp_path_factory.mktemp('fuzz')) / 'fuzz.sqlite3'}"


@pytest.fixture(scope="module")
def finished(db_url: str) -> dict[str, Any]:
    """A game two random bots played to the end (for history and replays)."""
    with TestClient(create_app(db_url)) as client:
        created = client.post("/api/tables", json={**HUMANS, "seats": ["bot:random"] * 2}).json()
        url = f"/api/tables/{created['id']}"
        wait_for(lambda: client.get(url).json()["status"] == "finished")
    return dict(created)


@pytest.fixture(scope="module")
def server(db_url: str, finished: dict[str, Any]) -> Iterator[TestClient]:
    """A server whose bots never wake during the module (tables the fuzzer opens stay as
    they are), without automatic forced moves, and with a cap the fuzzer never reaches."""
    app = create_app(
        db_url,
        bot_delay=BOTS_ASLEEP_S,
        auto_forced=False,
        config=ServerConfig(max_tables_per_client=GENEROUS_CAP),
    )
    with TestClient(app) as client:
        yield client


@pytest.fixture(scope="module")
def tables(server: TestClient, finished: dict[str, Any]) -> dict[str, Any]:
    """A running two-human table and the finished game."""
    return {"running": server.post("/api/tables", json=HUMANS).json(), "finished": finished}


def fingerprint(server: TestClient) -> tuple[int, int, int]:
    """How many tables, actions counted on them, and action rows the database holds."""
    store = server.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        count = sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(tables_t.c.n_actions), 0))
        n_tables, n_counted = conn.execute(count).one()
        n_rows = conn.execute(sa.select(sa.func.count()).select_from(actions_t)).scalar_one()
    return int(n_tables), int(n_counted), int(n_rows)


# -- HTTP ------------------------------------------------------------------------------
QUERY_CHARS = string.ascii_letters + string.digits + "%=&+;._-~ü中/"  # %00, %ff: bad escapes
GET_PATHS = [
    "/api/games",
    "/api/tables",
    "/api/tables/{running}",
    "/api/tables/{running}/record",
    "/api/tables/{finished}",
    "/api/tables/{finished}/record",
    "/api/tables/{finished}/history",
    "/api/tables/{finished}/replay",
    "/api/tables/{any}",
    "/api/tables/{any}/replay",
]
PARAM_VALUES = hs.sampled_from(["en", "pl", "zh", "xx", "", "open", "finished", "0", "-1", "9"])


@hs.composite
def queries(draw: hs.DrawFn) -> str:
    """A query string: known parameters with odd values, or raw characters (bad escapes too)."""
    if draw(hs.booleans()):
        return draw(hs.text(QUERY_CHARS, max_size=40))
    names = hs.sampled_from(["lang", "status", "step", "token", "x"])
    params = draw(hs.lists(hs.tuples(names, PARAM_VALUES | hs.text(max_size=12)), max_size=4))
    return "&".join(f"{quote(k)}={quote(v, safe='')}" for k, v in params)


def post_table(server: TestClient, body: bytes, query: str = "") -> None:
    """POST a body; a refusal is a 4xx that names the problem and adds nothing."""
    before = fingerprint(server)
    resp = server.post(
        f"/api/tables{query}", content=body, headers={"content-type": "application/json"}
    )
    event(f"status {resp.status_code}")
    assert resp.status_code < SERVER_ERROR, (body[:200], resp.text)
    after = fingerprint(server)
    if resp.status_code == CREATED:
        assert after == (before[0] + 1, *before[1:])
    else:
        assert resp.json()["error"], resp.text
        assert after == before


@FUZZ
@given(body=table_bodies(), query=hs.none() | queries())
def test_generated_table_requests_never_fail_the_server(
    server: TestClient, tables: dict[str, Any], body: Any, query: str | None
) -> None:
    post_table(server, as_json(body), "" if query is None else f"?{query}")


@hs.composite
def raw_bodies(draw: hs.DrawFn) -> bytes:
    """Arbitrary bytes, or a valid request with bytes inserted, dropped or repeated."""
    base = as_json({"game": "dragon", "players": 2, "seats": ["human", "human"], "seed": 1})
    kind = draw(hs.sampled_from(["bytes", "insert", "cut", "nest"]))
    if kind == "bytes":
        return draw(hs.binary(max_size=300))
    at = draw(hs.integers(0, len(base)))
    if kind == "insert":
        return base[:at] + draw(hs.binary(min_size=1, max_size=20)) + base[at:]
    if kind == "cut":
        return base[:at] + base[at + draw(hs.integers(1, 10)) :]
    depth = draw(hs.integers(1, DEEPEST))
    return base[:at] + b"[" * depth + base[at:]


@FUZZ
@given(body=raw_bodies())
def test_raw_bodies_never_fail_the_server(
    server: TestClient, tables: dict[str, Any], body: bytes
) -> None:
    post_table(server, body)


@FUZZ
@given(
    path=hs.sampled_from(GET_PATHS),
    table_id=hs.text(max_size=20),
    query=queries(),
)
def test_generated_queries_never_fail_the_server(
    server: TestClient, tables: dict[str, Any], path: str, table_id: str, query: str
) -> None:
    ids = {k: tables[k]["id"] for k in ("running", "finished")}
    url = path.format(**ids, any=quote(table_id, safe="") or "x") + "?" + query
    before = fingerprint(server)
    resp = server.get(url)
    event(f"status {resp.status_code}")
    assert resp.status_code < SERVER_ERROR, (url, resp.text)
    if resp.status_code >= 400:
        assert resp.json()["error"], resp.text
    assert fingerprint(server) == before


# -- the socket ------------------------------------------------------------------------
REQUESTS = {"action", "undo", "undo_reply", "hand_to_bot", "reclaim", "hint"}
VERBS = [*sorted(REQUESTS), "bot", "x"]


@pytest.fixture(scope="module")
def sockets(server: TestClient, tables: dict[str, Any]) -> Iterator[list[WebSocketTestSession]]:
    """Seat 0, seat 1 and a spectator of the running table, open for every example."""
    created = tables["running"]
    base = f"/ws/tables/{created['id']}"
    with (
        server.websocket_connect(f"{base}?token={token_of(created, 0)}") as seat0,
        server.websocket_connect(f"{base}?token={token_of(created, 1)}") as seat1,
        server.websocket_connect(base) as spectator,
    ):
        for ws in (seat0, seat1, spectator):
            next_update(ws)
        yield [seat0, seat1, spectator]


def live_state(server: TestClient, table_id: str) -> tuple[Any, ...]:
    """Everything a refused message must leave as it was: state, record, seats, offer."""
    table = server.app.state.manager.live[table_id]  # type: ignore[attr-defined]
    seats = tuple((s.handed_to, s.joined) for s in table.row.seats)
    offer = table.undo_offer
    pending = None if offer is None else (offer.seat, offer.keep, sorted(offer.waiting))
    state = json.dumps(table.state.to_json(), sort_keys=True)
    return state, tuple(table.state.history), seats, pending


def drain(ws: WebSocketTestSession) -> None:
    """Read stale broadcasts up to the answer to :data:`MARKER` (always an error)."""
    ws.send_json(MARKER)
    while ws.receive_json()["type"] != "error":
        pass


def reply_to(ws: WebSocketTestSession, frame: str | bytes) -> dict[str, Any]:
    """Send one frame and return the socket's answer to it (skipping broadcasts before)."""
    drain(ws)
    if isinstance(frame, bytes):
        ws.send_bytes(frame)
    else:
        ws.send_text(frame)
    msg: dict[str, Any]
    while (msg := ws.receive_json())["type"] not in REPLIES:
        pass
    return msg


def is_slow_or_unrecoverable(message: Any, seat: int | None) -> bool:
    """A seat's hint (0.5 s of search) or hand-over to a bot (bots would then play on alone)."""
    if seat is None or not isinstance(message, dict):
        return False
    verbs = set(message) & REQUESTS
    if verbs == {"hint"}:
        return message["hint"] is True
    target = message.get("hand_to_bot")
    return verbs == {"hand_to_bot"} and type(target) is int and 0 <= target < 2


@hs.composite
def frames(draw: hs.DrawFn, server: TestClient, table_id: str) -> str | bytes:
    """A text or binary frame: mostly invalid, sometimes the mover's legal action."""
    kind = draw(hs.sampled_from(["request", "request", "json", "text", "bytes", "legal", "deep"]))
    if kind == "deep":
        depth = draw(hs.integers(min_value=1, max_value=DEEPEST))
        return "[" * depth + draw(hs.sampled_from(["", "1", '{"action": "x"}'])) + "]" * depth
        return draw(hs.text(max_size=60) | hs.just("x" * (MAX_MESSAGE_BYTES + 1)))
    if kind == "bytes":
        return draw(hs.binary(max_size=60))
    if kind == "json":
        return as_json(draw(JSON)).decode()
    if kind == "legal":
        legal = server.app.state.manager.live[table_id].state.legal_actions()  # type: ignore[attr-defined]
        pick = draw(
            hs.integers(min_value=0, max_value=LEGAL_PICKS)
        )  # same draws whatever the state
        return json.dumps({"action": legal[pick % len(legal)]}) if legal else "{}"
    keys = draw(hs.lists(hs.sampled_from(VERBS), min_size=1, max_size=3, unique=True))
    values = JSON | hs.sampled_from([True, False, 0, 1, 2, -1, "greedy", "mcts:99s", "pick C+L"])
    return as_json({k: draw(values) for k in keys}).decode()


def fuzz_socket(
    server: TestClient, table_id: str, ws: WebSocketTestSession, frame: Any
) -> dict[str, Any]:
    """Send ``frame``; an error must leave the table as it was, anything else be a reply.
    Returns the reply."""
    before = live_state(server, table_id)
    msg = reply_to(ws, frame)
    event(f"reply {msg['type']} {msg.get('code', '')}")
    if msg["type"] == "error":
        assert msg["code"] != "internal", (frame, msg)
        assert msg["message"]
        assert live_state(server, table_id) == before, (frame, msg)
    return msg


@FUZZ
@given(data=hs.data())
def test_seats_sending_anything_keep_their_socket_and_refusals_change_nothing(
    server: TestClient,
    tables: dict[str, Any],
    sockets: list[WebSocketTestSession],
    data: hs.DataObject,
) -> None:
    table_id = tables["running"]["id"]
    seat = data.draw(hs.sampled_from([0, 1]))
    frame = data.draw(
        frames(server, table_id).filter(lambda f: isinstance(f, bytes) or not _unwanted(f, seat))
    )
    fuzz_socket(server, table_id, sockets[seat], frame)


@FUZZ
@given(data=hs.data())
def test_a_spectator_sending_anything_is_refused_and_changes_nothing(
    server: TestClient,
    tables: dict[str, Any],
    sockets: list[WebSocketTestSession],
    data: hs.DataObject,
) -> None:
    table_id = tables["running"]["id"]
    frame = data.draw(frames(server, table_id))
    msg = fuzz_socket(server, table_id, sockets[2], frame)
    assert msg["type"] == "error", (frame, msg)


def _unwanted(frame: str, seat: int) -> bool:
    """Whether a text frame is a seat's hint or hand-over (see is_slow_or_unrecoverable)."""
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        return False
    return is_slow_or_unrecoverable(message, seat)
