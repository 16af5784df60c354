"""Names that cannot pass for another: confusable skeletons (Unicode UTS #39), reserved
names, scripts not mixed, NFKC forms; accounts whose names collided before keep working."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Iterator
from importlib import resources

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.names import name_skeleton

from .accounts_helpers import HTTPS, PASSWORD, sign_up


@pytest.fixture
def https(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url), base_url=HTTPS) as c:
        yield c


def refusal(client: TestClient, name: str) -> tuple[int, str]:
    resp = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert "set-cookie" not in resp.headers, name
    return resp.status_code, str(resp.json()["error"])


def test_names_that_look_like_alice_are_refused_beside_her(https: TestClient) -> None:
    sign_up(https, "Alice")
    assert refusal(https, "ＡＬＩＣＥ") == (409, "the name 'ALICE' is taken")  # NFKC
    assert refusal(https, "𝐀𝐥𝐢𝐜𝐞") == (409, "the name 'Alice' is taken")
    for name in ["AIice", "A1ice", "aIıce", "A\u01c0ice"]:
        status, error = refusal(https, name)
        assert status == 409 and error.endswith("like the player 'Alice'; choose another"), name
    status, error = refusal(https, "Аlice")  # Cyrillic А with Latin letters
    assert status == 400 and "may not mix letters of the scripts CYRILLIC, LATIN" in error
    sign_up(https, "Peace")
    status, error = refusal(https, "Реасе")  # all Cyrillic, and looks the same
    assert status == 409 and "like the player 'Peace'" in error
    assert sign_up(https, "Alicja").name == "Alicja"


def test_reserved_names_and_the_bots_names_are_refused_in_any_disguise(
    https: TestClient,
) -> None:
    for name in ["admin", "Admin", "ａｄｍｉｎ", "𝐚𝐝𝐦𝐢𝐧", "ADMIN-2", "Administrator", "rnod"]:
        assert refusal(https, name) == (
            409,
            f"the name {unicodedata.normalize('NFKC', name)!r} is reserved; choose another",
        )
    for name in ["greedy", "Random", "mcts", "mcts-v1", "rollout", "guest_7", "root", "support"]:
        assert refusal(https, name)[0] == 409, name
    for name in ["Modest", "randomness", "Rooted", "Staffan"]:
        assert sign_up(https, name).name == name


def test_names_in_polish_ukrainian_and_chinese_are_taken_and_kept_nfkc(
    https: TestClient,
) -> None:
    for name in ["Łukasz", "Zażółć", "Олена", "Оксана", "王小明", "李娜娜", "Ann王", "राम", "王伟"]:
        player = sign_up(https, name)
        me = https.get("/api/me", headers=player.headers(csrf=False)).json()
        assert me["user"]["name"] == name
    zoe = sign_up(https, unicodedata.normalize("NFD", "Zoë"))
    assert zoe.name == unicodedata.normalize("NFD", "Zoë")
    body = {"name": unicodedata.normalize("NFC", "zoë"), "password": PASSWORD}
    resp = https.post("/api/account/signin", json=body)
    assert resp.status_code == 200 and resp.json()["user"]["name"] == "Zoë"
    assert len(resp.json()["user"]["name"]) == 3  # stored composed
    https.cookies.clear()
    for name in ["ㅤㅤㅤ", "Ann\u200d", "a b c", "Ann!", "Al", "王", "A王"]:
        status, error = refusal(https, name)
        assert status == 400 and error.startswith("a user name is 3 to 32 letters"), name


OLD_NAMES = ["Alice", "AIice", "ＡＬＩＣＥ"]
"""Names allowed side by side before revision 0009 (a capital I; full-width letters)."""


def _at_revision_0008(url: str) -> None:
    cfg = Config()
    location = resources.files("dragontable.server").joinpath("migrations")
    cfg.set_main_option("script_location", str(location))
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0008")
        hasher, now = PasswordHasher(), dt.datetime.now(dt.UTC)
        for i, name in enumerate(OLD_NAMES):
            conn.execute(
                sa.text(
                    "INSERT INTO users (name, name_key, password_hash, lang, email_opt_out,"
                    " unsubscribe, created_at) VALUES (:n, :k, :h, 'en', false, :u, :c)"
                ),
                {
                    "n": name,
                    "k": name.casefold(),
                    "h": hasher.hash(PASSWORD),
                    "u": f"u{i}",
                    "c": now,
                },
            )
    engine.dispose()


def test_accounts_whose_names_collided_before_keep_working(db_url: str) -> None:
    _at_revision_0008(db_url)
    with TestClient(create_app(db_url), base_url=HTTPS) as client:  # migrates to head
        for name in ["Alice", "ＡＬＩＣＥ"]:
            resp = client.post("/api/account/signin", json={"name": name, "password": PASSWORD})
            assert resp.status_code == 200 and resp.json()["user"]["name"] == name
            client.cookies.clear()
        assert refusal(client, "alice") == (409, "the name 'alice' is taken")
        assert refusal(client, "ALIce")[0] == 409
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        skeletons = (
            conn.execute(sa.text("SELECT name_skeleton FROM users ORDER BY id")).scalars().all()
        )
    engine.dispose()
    assert skeletons == ["alice", "alice", "allce"] == [name_skeleton(n) for n in OLD_NAMES]
