"""Fair hand-overs: at a table with a clock only the clock hands another's seat to a bot;
at an unclocked rated table a hand-over by another seat is recorded, marks the game and
counts for the absent player as they chose; they hear of it by mail either way."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.config import ServerConfig
from dragontable.server.mail import MailSettings
from dragontable.server.ratings import DEFAULT_MU, Skill, rate_game
from dragontable.server.tables import TableManager
from dragontable.server.timesource import ManualClock

from .accounts_helpers import HTTPS, Player, connect, play_turn, rated_table, sign_up, update
from .conftest import new_table, next_message, next_update, ws_url
from .mail_helpers import PUBLIC, Inbox, confirm_by_mail, settle

DAY = 86400
TURN = {"kind": "turn", "per_move_s": DAY, "bank_s": 2 * DAY, "zombie_bot": "random"}
LIVE = {"kind": "live", "base_s": 600, "increment_s": 10, "zombie_bot": "random"}
NO_WAIT = ServerConfig(grace_s=0, clock_tick_s=3600)
"""No grace period (an absent seat may be handed over at once where there is no clock),
and deadlines checked only when a request needs it."""
EVEN = {0: Skill(), 1: Skill(), 2: Skill()}


def seat_info(client: TestClient, table_id: str, seat: int) -> dict[str, Any]:
    info: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return dict(info["seats"][seat])


@pytest.mark.parametrize(
    ("clock", "left", "shown"), [(TURN, 3 * DAY, "3 d 0 h"), (LIVE, 600, "10:00")]
)
def test_at_a_clocked_table_only_the_clock_hands_another_seat_to_a_bot(
    sqlite_url: str, clock: dict[str, Any], left: int, shown: str
) -> None:
    time = ManualClock()
    with TestClient(create_app(sqlite_url, config=NO_WAIT, clock=time)) as client:
        created = new_table(client, clock=clock)
        tid, away = created["id"], created["table"]["current_player"]
        here = 1 - away
        with client.websocket_connect(ws_url(created, here)) as ws:
            first = next_update(ws)
            assert first["seats"][away]["handover_in"] is None  # no countdown to show
            ws.send_json({"hand_to_bot": away, "bot": "random"})
            refused = next_message(ws, "error")
            assert refused["code"] == "cannot_hand_over"
            assert refused["detail"] == {"key": "clock", "seat": away, "seconds": left}
            assert f"({shown} left)" in refused["message"] and "clock decides" in refused["message"]
            time.advance(left - 1)
            ws.send_json({"hand_to_bot": away, "bot": "random"})
            assert next_message(ws, "error")["detail"]["seconds"] == 1
            assert not seat_info(client, tid, away)["handed_over"]
            time.advance(1)  # the deadline: now the clock's zombie takes the seat
            ws.send_json({"hand_to_bot": away, "bot": "greedy"})
            change = next_message(ws, "seat_change")
            assert change == {
                "type": "seat_change",
                "seat": away,
                "bot": "random",
                "by": None,
                "zombie": True,
            }
            taken = seat_info(client, tid, away)
            assert taken["zombie"] and taken["bot"] == "random" and taken["handed_by"] is None
            ws.send_json({"hand_to_bot": here, "bot": "random"})  # one's own seat: at once
            assert next_message(ws, "seat_change") == {
                "type": "seat_change",
                "seat": here,
                "bot": "random",
                "by": here,
            }


def test_the_table_page_is_told_no_countdown_at_a_clocked_table(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, config=ServerConfig(grace_s=60))) as client:
        timed, plain = new_table(client, clock=TURN), new_table(client)
        for created, counting in ((timed, False), (plain, True)):
            with client.websocket_connect(ws_url(created, 0)) as ws:
                handover_in = next_update(ws)["seats"][1]["handover_in"]
            assert (handover_in is not None) is counting


def finish_alone(client: TestClient, created: dict[str, Any], player: Player) -> list[Any]:
    """``player`` (seat 0) hands seat 1 to the random bot and plays to the end; the
    ``ratings`` message."""
    with connect(client, created, player) as ws:
        last = update(ws)
        ws.send_json({"hand_to_bot": 1, "bot": "random"})
        assert next_message(ws, "seat_change")["by"] == 0
        while not last["over"]:
            last = play_turn(ws, update(ws))
        news = next_message(ws, "ratings")
    return [news]


@pytest.mark.parametrize("choice", [None, "unrated", "loss"])
def test_an_unclocked_rated_hand_over_is_marked_and_counts_as_the_absent_player_chose(
    sqlite_url: str, choice: str | None
) -> None:
    with TestClient(create_app(sqlite_url, config=NO_WAIT), base_url=HTTPS) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
        if choice is not None:
            resp = client.post("/api/me", json={"handover_rating": choice}, headers=bob.headers())
            assert resp.status_code == 200 and resp.json()["user"]["handover_rating"] == choice
        assert client.get("/api/me", headers=bob.headers()).json()["user"]["handover_rating"] == (
            choice or "unrated"
        )
        created = rated_table(client, ann, bob)
        [news] = finish_alone(client, created, ann)
        info = client.get(f"/api/tables/{created['id']}").json()
        bob_rating = client.get("/api/users/Bob").json()["ratings"]
        ann_rating = client.get("/api/users/Ann").json()["ratings"]
    assert news["marked"] is True and info["marked"] is True
    assert info["seats"][1]["handed_by"] == 0 and info["rating_changes"] == news["changes"]
    assert ann_rating == {}  # beating the bot put on Bob's seat earns Ann nothing
    if choice == "loss":
        [bob_change] = news["changes"]
        assert (
            bob_change["seat"] == 1 and bob_change["zombie_loss"] and bob_change["handed_by"] == 0
        )
        assert bob_change["after"]["mu"] < DEFAULT_MU and bob_rating["dragon"]["games"] == 1
    else:
        assert news["changes"] == [] and bob_rating == {}  # Bob's rating as it was


def test_refused_settings_change_nothing(https_client: TestClient) -> None:
    bob = sign_up(https_client, "Bob")
    for bad in ("win", None, 1):
        resp = https_client.post("/api/me", json={"handover_rating": bad}, headers=bob.headers())
        assert resp.status_code == 400 and "handover_rating is one of unrated, loss" in resp.text
    me = https_client.get("/api/me", headers=bob.headers()).json()["user"]
    assert me["handover_rating"] == "unrated"


@pytest.fixture
def https_client(sqlite_url: str) -> Any:
    with TestClient(create_app(sqlite_url), base_url=HTTPS) as c:
        yield c


def test_the_others_are_rated_among_themselves_without_the_handed_seat() -> None:
    without = rate_game([2, 1], EVEN, {})
    for choice in ("unrated", "loss"):
        after = rate_game([2, 0, 1], EVEN, {}, {0: choice})
        assert after[2] == without[2] and after[1] == without[1]
        assert (0 in after) is (choice == "loss")
    lost, marked = rate_game([2, 0, 1], EVEN, {}, {0: "loss"})[0]
    assert marked and lost == rate_game([2, 0, 1], EVEN, {0: 1.0})[0][0]  # as a zombie loss
    zombie = rate_game([2, 0, 1], EVEN, {0: 0.9}, {0: "unrated"})  # its clock's verdict first
    assert zombie == rate_game([2, 0, 1], EVEN, {0: 0.9})


def test_the_absent_player_is_mailed_when_another_hands_their_seat_over(
    sqlite_url: str,
    inbox: tuple[str, Inbox],
) -> None:
    url, received = inbox
    mail = MailSettings(url, PUBLIC)
    with TestClient(create_app(sqlite_url, config=NO_WAIT, mail=mail), base_url=HTTPS) as client:
        ann, bob = (
            sign_up(client, "Ann", "ann@example.org"),
            sign_up(client, "Bob", "bob@example.org"),
        )
        confirm_by_mail(client, received, "bob@example.org")  # only confirmed addresses
        before = len(received.messages)
        created = rated_table(client, ann, bob)
        with connect(client, created, ann) as ws:
            update(ws)
            ws.send_json({"hand_to_bot": 1, "bot": "random"})
            next_message(ws, "seat_change")
            settle(client)
        [message] = received.messages[before:]
        assert message["To"] == "bob@example.org"
        assert (
            message["Subject"]
            == f"A bot plays your seat: In the Year of the Dragon at table {created['id']}"
        )
        body = message.get_content()
        assert "Ann handed your seat" in body and "(random)" in body
        assert f"{PUBLIC}/table/{created['id']}" in body and f"{PUBLIC}/unsubscribe/" in body
        assert message["List-Unsubscribe"].strip().startswith(f"<{PUBLIC}/api/unsubscribe/")


def test_the_absent_player_is_mailed_when_the_clocks_zombie_takes_their_seat(
    sqlite_url: str,
    inbox: tuple[str, Inbox],
) -> None:
    url, received = inbox
    time = ManualClock()
    mail = MailSettings(url, PUBLIC)
    app = create_app(sqlite_url, config=NO_WAIT, mail=mail, clock=time)
    with TestClient(app, base_url=HTTPS) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")
        before = len(received.messages)
        resp = client.post("/api/me", json={"lang": "pl"}, headers=bob.headers())
        assert resp.status_code == 200
        created = rated_table(client, ann, bob, clock=TURN)
        with connect(client, created, ann) as ws:
            play_turn(ws, update(ws))  # now Bob's clock runs; his turn mail goes out
        settle(client)
        time.advance(3 * DAY)
        assert client.portal is not None
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        assert client.portal.call(manager.check_clocks) == 1  # the zombie takes Bob's seat
        settle(client)
    subjects = [m["Subject"] for m in received.messages[before:]]
    assert subjects == [
        f"Twój ruch: W Roku Smoka, stół {created['id']}",
        f"Skończył ci się czas: W Roku Smoka, stół {created['id']}",
    ]
    body = received.messages[before + 1].get_content()
    assert "bot stołu (losowy)" in body and f"{PUBLIC}/table/{created['id']}" in body


def test_no_hand_over_mail_for_a_player_who_wants_no_mail(
    sqlite_url: str,
    inbox: tuple[str, Inbox],
) -> None:
    url, received = inbox
    mail = MailSettings(url, PUBLIC)
    with TestClient(create_app(sqlite_url, config=NO_WAIT, mail=mail), base_url=HTTPS) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob", "bob@example.org")
        confirm_by_mail(client, received, "bob@example.org")  # confirmed, then no mail wanted
        before = len(received.messages)
        client.post("/api/me", json={"email_opt_out": True}, headers=bob.headers())
        created = rated_table(client, ann, bob)
        with connect(client, created, ann) as ws:
            update(ws)
            ws.send_json({"hand_to_bot": 1, "bot": "random"})
            next_message(ws, "seat_change")
        settle(client)
    assert received.messages[before:] == []
