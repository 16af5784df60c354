"""``GET /metrics`` (server/metrics.py): Prometheus text that prometheus_client parses,
with the actions, their timing, live tables, connections and the bot queue."""

from __future__ import annotations

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from .conftest import new_table, next_error, next_update, wait_for, ws_url


def scrape(client: TestClient) -> dict[str, float]:
    """Every sample of ``/metrics`` by name and labels, e.g. ``x{result=ok}``."""
    resp = client.get("/metrics")
    assert resp.status_code == 200
    assert resp.headers["content-type"].startswith("text/plain; version=0.0.4")
    out = {}
    for family in text_string_to_metric_families(resp.text):
        for s in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(s.labels.items()))
            out[f"{s.name}{{{labels}}}" if labels else s.name] = s.value
    return out


def test_metrics_count_actions_tables_and_connections(client: TestClient) -> None:
    before = scrape(client)
    assert before["dragontable_actions_total{result=ok}"] == 0
    assert before["dragontable_bot_queue_depth"] == 0
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 0)) as ws:
        update = next_update(ws)
        assert update["your_turn"]
        ws.send_json({"action": update["legal_actions"][0]})
        next_update(ws)
        ws.send_json({"action": "no such move"})
        next_error(ws)
        ws.send_json({"chat": "hello"})  # not an action: not counted
        got = scrape(client)
    assert got["dragontable_actions_total{result=ok}"] == 1
    assert got["dragontable_actions_total{result=refused}"] == 1
    assert got["dragontable_action_seconds_count"] == 2
    assert got["dragontable_action_seconds_bucket{le=+Inf}"] == 2
    assert got["dragontable_action_seconds_sum"] > 0
    assert got["dragontable_live_tables"] == 1
    assert got["dragontable_connections"] == 1
    wait_for(lambda: scrape(client)["dragontable_connections"] == 0)
