"""The rules pages and their API: sections per language, example positions, refusals."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_rules_list_and_a_game_in_each_language(client: TestClient) -> None:
    games = client.get("/api/rules?lang=pl").json()
    assert [g["game"] for g in games] == ["dragon", "ming", "changcheng"]
    for lang in ("en", "pl", "uk", "zh"):
        book = client.get(f"/api/rules/ming?lang={lang}").json()
        assert book["lang"] == lang and book["sections"][0]["id"] == "goal"


def test_example_is_replayed_into_a_spectator_view(client: TestClient) -> None:
    data = client.get("/api/rules/dragon/examples/tax-fee").json()
    assert data["game"] == "dragon" and data["names"] == ["Anna", "Bert", "Clara"]
    assert data["view"]["viewer"] is None
    assert [p["yuan"] for p in data["view"]["players"]] == [6, 8, 8]


def test_unknown_game_example_or_language_is_a_clear_4xx(client: TestClient) -> None:
    assert client.get("/api/rules/chess").status_code == 404
    assert client.get("/api/rules/dragon/examples/nope").status_code == 404
    assert client.get("/api/rules/chess/examples/tax-fee").status_code == 404
    bad = client.get("/api/rules/dragon?lang=de")
    assert bad.status_code == 400 and "languages" in bad.json()["error"]


def test_rules_pages_are_served(client: TestClient) -> None:
    for path in ("/rules", "/rules/changcheng"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/rules.js" in page.text
