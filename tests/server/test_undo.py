"""Undo: a seat takes back its last decision until another seat has decided."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from dragontable.server import create_app
from dragontable.server.db import Store

from .conftest import (
    n_actions,
    new_table,
    next_message,
    next_update,
    wait_for,
    ws_url,
)


def _undone_rows(db_url: str, table_id: str) -> list[dict[str, Any]]:
    store = Store(db_url)
    try:
        return store.undone(table_id)
    finally:
        store.close()


def _error(ws: WebSocketTestSession) -> dict[str, Any]:
    return next_message(ws, "error")


def _act(ws: WebSocketTestSession, update: dict[str, Any], pick: int = 0) -> dict[str, Any]:
    """Send one of ``update``'s legal actions and return the next update."""
    ws.send_json({"action": update["legal_actions"][pick]})
    return next_message(ws, "update")


def test_offer_accepted_by_the_other_human_rolls_back(client: TestClient, sqlite_url: str) -> None:
    created = new_table(client)
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
        client.websocket_connect(ws_url(created)) as spectator,
    ):
        socks = [ws0, ws1]
        first = [next_update(ws0), next_update(ws1)]
        watch_first = next_update(spectator)
        turn = first[0]["current_player"]
        mover, other = socks[turn], socks[1 - turn]
        assert not first[turn]["can_undo"]
        played = first[turn]["legal_actions"][0]
        after = _act(mover, first[turn])
        assert after["can_undo"] and not next_message(other, "update")["can_undo"]
        assert not next_message(spectator, "update")["can_undo"]
        mover.send_json({"undo": True})
        offer = next_message(other, "undo_offer")
        assert offer == {"type": "undo_offer", "seat": turn, "waiting": [1 - turn]}
        assert n_actions(client, created["id"]) == 1  # nothing happens before the answer
        other.send_json({"undo_reply": True})
        assert next_message(mover, "undone") == {"type": "undone", "seat": turn, "actions": 1}
        back = next_message(mover, "update")
        assert back["reset"] and back["n_actions"] == 0 and back["view"] == first[turn]["view"]
        assert [line["text"] for line in back["log"]] == [
            line["text"] for line in first[turn]["log"]
        ]
        assert back["legal_actions"] == first[turn]["legal_actions"] and not back["can_undo"]
        watched = next_message(spectator, "update")
        while not watched["reset"]:  # skip the update that showed the offer
            watched = next_message(spectator, "update")
        assert watched["view"] == watch_first["view"] and watched["undo_offer"] is None
    assert n_actions(client, created["id"]) == 0
    rows = _undone_rows(sqlite_url, created["id"])  # the database `client` writes to
    assert [(r["idx"], r["seat"], r["notation"], r["undone_by"]) for r in rows] == [
        (0, turn, played, turn)
    ]


def test_declined_offer_changes_nothing(client: TestClient) -> None:
    created = new_table(client)
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
    ):
        first = [next_update(ws0), next_update(ws1)]
        turn = first[0]["current_player"]
        mover, other = [ws0, ws1][turn], [ws0, ws1][1 - turn]
        after = _act(mover, first[turn])
        mover.send_json({"undo": True})
        assert not next_message(mover, "update")["can_undo"]  # while the offer waits
        mover.send_json({"undo": True})
        waiting = _error(mover)
        assert "waiting for" in waiting["message"]
        assert waiting["detail"] == {"key": "offer_waiting", "seats": [1 - turn]}
        next_message(other, "undo_offer")
        other.send_json({"undo_reply": False})
        dropped = next_message(mover, "undo_dropped")
        assert dropped["seat"] == turn and "declined" in dropped["reason"]
        assert (dropped["why"], dropped["by"]) == ("declined", 1 - turn)  # for the page
        again = next_message(mover, "update")
        assert again["can_undo"] and again["n_actions"] == 1 and again["view"] == after["view"]
        other.send_json({"undo_reply": True})
        assert _error(other)["code"] == "no_undo_offer"
    assert n_actions(client, created["id"]) == 1


def test_offer_is_dropped_when_a_seat_acts(client: TestClient) -> None:
    created = new_table(client)
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
    ):
        first = [next_update(ws0), next_update(ws1)]
        turn = first[0]["current_player"]
        mover, other = [ws0, ws1][turn], [ws0, ws1][1 - turn]
        after = _act(mover, first[turn])
        assert after["current_player"] == turn  # this seat decides again (seed 7)
        mover.send_json({"undo": True})
        next_message(other, "undo_offer")
        mover.send_json({"action": after["legal_actions"][0]})
        dropped = next_message(other, "undo_dropped")
        assert "acted" in dropped["reason"] and (dropped["why"], dropped["by"]) == ("acted", turn)
        other.send_json({"undo_reply": True})
        assert _error(other)["code"] == "no_undo_offer"
        assert n_actions(client, created["id"]) == 2


def test_undo_is_refused_when_it_is_not_your_last_decision(client: TestClient) -> None:
    created = new_table(client)
    with (
        client.websocket_connect(ws_url(created, 0)) as ws0,
        client.websocket_connect(ws_url(created, 1)) as ws1,
        client.websocket_connect(ws_url(created)) as spectator,
    ):
        socks = [ws0, ws1]
        last = [next_update(ws0), next_update(ws1)]
        turn = last[0]["current_player"]
        socks[turn].send_json({"undo": True})
        assert "no decision" in _error(socks[turn])["message"]
        while last[0]["current_player"] == turn:  # play until the other seat has decided
            socks[last[0]["current_player"]].send_json({"action": last[turn]["legal_actions"][0]})
            last = [next_update(ws0), next_update(ws1)]
        other = 1 - turn
        socks[other].send_json({"action": last[other]["legal_actions"][0]})
        last = [next_update(ws0), next_update(ws1)]
        before = n_actions(client, created["id"])
        assert last[other]["can_undo"] and not last[turn]["can_undo"]
        socks[turn].send_json({"undo": True})
        refused = _error(socks[turn])
        assert refused["code"] == "cannot_undo"
        assert f"Player {other + 1}" in refused["message"]
        assert refused["detail"] == {"key": "last_decision", "seat": other}
        spectator.send_json({"undo": True})
        assert "spectators" in _error(spectator)["message"]
        socks[turn].send_json({"undo": True, "action": "refill"})
        assert _error(socks[turn])["code"] == "bad_message"
        socks[turn].send_json({"undo": "yes"})
        assert _error(socks[turn])["code"] == "bad_message"
        assert n_actions(client, created["id"]) == before


def test_undo_takes_back_the_forced_actions_after_the_decision(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:  # one-option decisions are automatic
        created = new_table(client)
        with (
            client.websocket_connect(ws_url(created, 0)) as ws0,
            client.websocket_connect(ws_url(created, 1)) as ws1,
        ):
            socks = [ws0, ws1]
            last = [next_update(ws0), next_update(ws1)]
            for _ in range(40):
                turn = last[0]["current_player"]
                before = last[0]["n_actions"]
                socks[turn].send_json({"action": last[turn]["legal_actions"][0]})
                last = [next_update(ws0), next_update(ws1)]
                if len(last[0]["actions"]) > 1 and last[0]["current_player"] != turn:
                    break
            else:
                raise AssertionError("no decision followed by forced actions in 40 moves")
            burst = len(last[0]["actions"])
            socks[turn].send_json({"undo": True})
            next_message(socks[1 - turn], "undo_offer")
            socks[1 - turn].send_json({"undo_reply": True})
            assert next_message(ws0, "undone")["actions"] == burst
            back = next_message(ws0, "update")
            assert back["n_actions"] == before and back["current_player"] == turn
        assert len(_undone_rows(db_url, created["id"])) == burst


def _human_until_bot(ws: WebSocketTestSession, first: dict[str, Any]) -> dict[str, Any]:
    """Play seat 0's first action, then return its update (seat 0 decides again, seed 7)."""
    assert first["current_player"] == 0
    after = _act(ws, first)
    assert after["current_player"] == 0 and after["can_undo"]
    return after


def test_with_only_bots_beside_you_the_undo_is_immediate(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, seats=["human", "bot:random"])
        with client.websocket_connect(ws_url(created, 0)) as ws:
            first = next_update(ws)
            _human_until_bot(ws, first)
            ws.send_json({"undo": True})
            assert next_message(ws, "undone")["actions"] == 1
            back = next_message(ws, "update")
            assert back["n_actions"] == 0 and back["view"] == first["view"]


def test_a_bot_that_moved_after_you_makes_undo_impossible(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, seats=["human", "bot:random"])
        with client.websocket_connect(ws_url(created, 0)) as ws:
            update = next_update(ws)
            while update["current_player"] == 0:
                update = _act(ws, update)
            while update["current_player"] != 0:  # the bot plays
                update = next_message(ws, "update")
            assert not update["can_undo"]
            ws.send_json({"undo": True})
            refused = _error(ws)
            assert refused["code"] == "cannot_undo" and "Bot 2" in refused["message"]


def test_undo_and_a_waiting_bot_take_turns_on_the_table_lock(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=1.5)) as client:
        created = new_table(client, seats=["human", "bot:random"])
        with client.websocket_connect(ws_url(created, 0)) as ws:
            update = next_update(ws)
            while update["current_player"] == 0:
                update = _act(ws, update)
            n = update["n_actions"]
            assert update["can_undo"]  # the bot has not moved yet
            ws.send_json({"undo": True})
            back = next_message(ws, "update")
            assert back["n_actions"] < n and back["current_player"] == 0
            live = client.app.state.manager.live[created["id"]]  # type: ignore[attr-defined]
            wait_for(lambda: live.bot_task.done())
            assert n_actions(client, created["id"]) == back["n_actions"]


def test_an_undo_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, seats=["human", "bot:random"])
        with client.websocket_connect(ws_url(created, 0)) as ws:
            after = _human_until_bot(ws, next_update(ws))
            undone = after["legal_actions"][0]
            after = _act(ws, after)
            ws.send_json({"undo": True})
            back = next_message(ws, "update")
    assert back["n_actions"] == 1
    stored = Store(db_url).load(created["id"])
    assert stored is not None and len(stored.actions) == 1
    assert [r["notation"] for r in _undone_rows(db_url, created["id"])] == [undone]
    with TestClient(create_app(db_url)) as client:
        with client.websocket_connect(ws_url(created, 0)) as ws:
            again = next_update(ws)
            assert again["n_actions"] == 1 and again["view"] == back["view"]
            assert again["can_undo"]
            other = again["legal_actions"][1]
            assert other != undone
            assert _act(ws, again, pick=1)["actions"][0]["action"] == other
        record = Store(db_url).load(created["id"])
        assert record is not None and record.actions[1] == other
