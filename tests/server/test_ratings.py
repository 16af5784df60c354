"""Ratings: the OpenSkill update, who is rated, zombie losses, ratings in lists and profiles."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.db import SeatRow, TableRow
from dragontable.server.ratings import DEFAULT_MU, Skill, is_rated, rate_game, shown

from .accounts_helpers import HTTPS, attach, connect, play_to_end, rated_table, sign_up, update
from .conftest import new_table, wait_for, ws_url

EVEN = {0: Skill(), 1: Skill(), 2: Skill()}


@pytest.fixture
def https_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url), base_url=HTTPS) as c:
        yield c


def test_the_winner_gains_and_the_last_loses_with_less_uncertainty() -> None:
    after = rate_game([2, 0, 1], EVEN, {})
    assert after[2][0].mu > DEFAULT_MU > after[1][0].mu
    assert all(after[s][0].sigma < Skill().sigma for s in after)
    assert not any(zombie for _, zombie in after.values())


@pytest.mark.parametrize(("share", "lost"), [(0.34, True), (1 / 3, False), (0.0, False)])
def test_a_seat_a_zombie_played_for_over_a_third_of_its_moves_loses(
    share: float, lost: bool
) -> None:
    after = rate_game([0, 1, 2], EVEN, {0: share})
    skill, marked = after[0]
    assert marked is lost
    assert (skill.mu < after[2][0].mu) is lost  # a zombie loss falls below the last place


def test_two_zombie_losers_tie_for_last_place() -> None:
    after = rate_game([0, 1, 2], EVEN, {0: 0.5, 1: 0.9})
    assert after[0][0] == after[1][0] and after[2][0].mu > DEFAULT_MU


def _row(*seats: SeatRow) -> TableRow:
    return TableRow("t", "dragon", len(seats), 1, {}, "finished", list(seats))


def test_a_table_is_rated_when_every_human_seat_has_an_account() -> None:
    ann, bob = SeatRow(0, "human", "A", user_id=1), SeatRow(1, "human", "B", user_id=2)
    guest, bot = SeatRow(1, "human", "G"), SeatRow(1, "bot:greedy", "Bot")
    assert is_rated(_row(ann, bob)) and is_rated(_row(ann, bot))
    assert not is_rated(_row(ann, guest))
    assert not is_rated(_row(SeatRow(0, "bot:random", "R"), bot))  # no human
    assert not is_rated(_row(ann))  # nobody to play against


def test_the_shown_rating_is_mu_minus_three_sigma_with_the_uncertainty() -> None:
    assert shown(25.0, 25 / 3, 0) == {"ordinal": 0.0, "mu": 25.0, "sigma": 8.3, "games": 0}


def test_a_rated_game_changes_both_ratings_once_and_the_profiles_show_it(db_url: str) -> None:
    with TestClient(create_app(db_url), base_url=HTTPS) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
        created = rated_table(client, ann, bob)
        assert client.get(f"/api/tables/{created['id']}").json()["rated"] is True
        with connect(client, created, ann) as ws0, connect(client, created, bob) as ws1:
            final = play_to_end({0: ws0, 1: ws1})
            news = ws0.receive_json()
            while news["type"] != "ratings":
                news = ws0.receive_json()
        winner, loser = final["ranking"]
        changes = {c["seat"]: c for c in news["changes"]}
        assert changes[winner]["after"]["mu"] > changes[winner]["before"]["mu"]
        assert changes[loser]["after"]["mu"] < changes[loser]["before"]["mu"]
        info = client.get(f"/api/tables/{created['id']}").json()
        assert info["rating_changes"] == news["changes"] and info["marked"] is False
        assert info["seats"][winner]["rating"]["games"] == 1
        for name, seat in (("Ann", 0), ("Bob", 1)):
            profile = client.get(f"/api/users/{name.lower()}").json()
            assert profile["name"] == name and profile["games"] == {"dragon": 1}
            assert profile["ratings"]["dragon"]["mu"] == changes[seat]["after"]["mu"]
            recent = profile["recent"][0]
            assert recent["replay"] == f"/replay/{created['id']}"
            assert recent["place"] == final["ranking"].index(seat) + 1


def test_bots_are_rated_by_their_spec_and_guest_tables_are_not(https_client: TestClient) -> None:
    client = https_client
    ann = sign_up(client, "Ann")
    created = new_table(client, seats=["human", "bot:random"])
    attach(client, ann, created, 0)
    guest = new_table(client, seats=["human", "bot:random"])
    assert client.get(f"/api/tables/{guest['id']}").json()["rated"] is False
    for table, headers in ((created, ann.headers(csrf=False)), (guest, {})):
        path = ws_url(guest, 0) if table is guest else ws_url(created)
        with client.websocket_connect(path, headers=headers) as ws:
            last = update(ws)
            while not last["over"]:
                if last["your_turn"]:
                    ws.send_json({"action": last["legal_actions"][0]})
                last = update(ws)
    info = wait_for(lambda: client.get(f"/api/tables/{created['id']}").json().get("rating_changes"))
    assert [c["seat"] for c in info] == [0, 1]
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[created["id"]]["seats"][1]["rating"]["games"] == 1  # bot:random
    assert "rating_changes" not in listed[guest["id"]]
    assert listed[guest["id"]]["seats"][0]["rating"] is None  # a guest has none
    assert client.get("/api/users/nobody").status_code == 404
