"""Passwords by NIST SP 800-63B: normalised, common ones refused, changed with the current
one, and a change ends every other session."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from dragontable.server import create_app
from dragontable.server.accounts import FREE_FAILURES, WRONG_CREDENTIALS, WRONG_PASSWORD
from dragontable.server.accounts_db import AccountStore
from dragontable.server.datafiles import DataFileError
from dragontable.server.db import Store
from dragontable.server.names import load_confusables
from dragontable.server.passwords import (
    ALL_SPACES,
    COMMON,
    CONTEXT,
    check_password,
    common_passwords,
    load_common_passwords,
)

from .accounts_helpers import HTTPS, PASSWORD, Player, sign_up

NEW_PASSWORD = "tea kettle on the moon"
NFC_PASSWORD = unicodedata.normalize("NFC", "Zażółć gęślą jaźń")
NFD_PASSWORD = unicodedata.normalize("NFD", NFC_PASSWORD)


@pytest.fixture
def https(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url), base_url=HTTPS) as c:
        yield c


def sign_in(client: TestClient, name: str, password: str) -> Player | None:
    resp = client.post("/api/account/signin", json={"name": name, "password": password})
    client.cookies.clear()
    if resp.status_code != 200:
        assert resp.json() == {"error": WRONG_CREDENTIALS}, resp.text
        return None
    return Player(name, resp.cookies["dt_session"], resp.json()["csrf"])


def signed_in_as(client: TestClient, player: Player) -> str | None:
    user = client.get("/api/me", headers=player.headers(csrf=False)).json()["user"]
    return None if user is None else str(user["name"])


def test_common_passwords_and_the_players_own_name_are_refused_saying_why(
    https: TestClient,
) -> None:
    for password, why in [
        ("password", COMMON),
        ("12345678", COMMON),
        ("PASSWORD", COMMON),
        ("Password123!", COMMON),
        ("pass word", COMMON),
        (" " * 8, ALL_SPACES),
        ("\u3000" * 9, ALL_SPACES),
        ("Ann12345", CONTEXT),
        ("annANNann", CONTEXT),
        ("DragonTable2024", CONTEXT),
        ("Ming Dynasty!!", CONTEXT),
        ("x" * 257, "a password has 8 to 256 characters"),
    ]:
        resp = https.post("/api/account/signup", json={"name": "Ann", "password": password})
        assert resp.status_code == 400 and resp.json() == {"error": why}, password
        assert "set-cookie" not in resp.headers
    assert sign_in(https, "Ann", "password") is None  # nothing was created
    sign_up(https, "Ann")


def test_long_unusual_passwords_of_any_script_are_taken_as_normalised() -> None:
    assert check_password("83920174") == "83920174"  # digits alone are not refused
    assert check_password("flamingo in a Rolls", name="Ann") == "flamingo in a Rolls"
    assert check_password("Олена вчора з'їла") == "Олена вчора з'їла"
    assert check_password(NFD_PASSWORD) == NFC_PASSWORD
    assert check_password("ｆｕｌｌ ｗｉｄｔｈ ｐｈｒａｓｅ") == "full width phrase"
    assert check_password("x" * 256) == "x" * 256
    assert "password" in common_passwords() and "12345678" in common_passwords()


def test_the_nfd_form_of_an_nfc_password_signs_in(https: TestClient) -> None:
    body = {"name": "Zosia", "password": NFC_PASSWORD}
    assert https.post("/api/account/signup", json=body).status_code == 201
    https.cookies.clear()
    assert sign_in(https, "Zosia", NFD_PASSWORD) is not None
    assert sign_in(https, "Zosia", NFC_PASSWORD) is not None


def test_a_hash_of_an_unnormalised_password_still_signs_in_and_is_made_anew(
    sqlite_url: str,
) -> None:
    store = Store(sqlite_url)
    store.migrate()
    accounts = AccountStore(store)
    hasher = PasswordHasher()
    user = accounts.create_user("Zosia", hasher.hash(NFD_PASSWORD), None, "pl", "u1")
    with TestClient(create_app(sqlite_url), base_url=HTTPS) as client:
        assert sign_in(client, "Zosia", NFD_PASSWORD) is not None  # as typed then
        found = accounts.credentials("Zosia")
        assert found is not None and hasher.verify(found[1], NFC_PASSWORD)
        assert sign_in(client, "Zosia", NFC_PASSWORD) is not None
    assert user.name == "Zosia"
    store.close()


def change(client: TestClient, player: Player, current: str, new: str) -> tuple[int, str]:
    body = {"current": current, "password": new}
    resp = client.post("/api/me/password", json=body, headers=player.headers())
    return resp.status_code, str(resp.json().get("error", ""))


def test_a_password_change_ends_every_other_session_and_keeps_this_one(
    https: TestClient,
) -> None:
    here = sign_up(https, "Ann")
    phone, laptop = sign_in(https, "Ann", PASSWORD), sign_in(https, "Ann", PASSWORD)
    assert phone and laptop and signed_in_as(https, phone) == "Ann"
    bob = sign_up(https, "Bob")
    body = {"current": PASSWORD, "password": NEW_PASSWORD}
    resp = https.post("/api/me/password", json=body, headers=here.headers())
    assert resp.status_code == 200, resp.text
    assert resp.json()["sessions_ended"] == 2 and resp.json()["user"]["name"] == "Ann"
    assert https.get("/api/me", headers=phone.headers(csrf=False)).json() == {"user": None}
    assert signed_in_as(https, laptop) is None
    assert signed_in_as(https, here) == "Ann" and signed_in_as(https, bob) == "Bob"
    assert sign_in(https, "Ann", PASSWORD) is None
    assert sign_in(https, "Ann", NEW_PASSWORD) is not None


def test_a_wrong_current_password_or_a_weak_new_one_changes_nothing(https: TestClient) -> None:
    here = sign_up(https, "Ann")
    other = sign_in(https, "Ann", PASSWORD)
    assert other is not None
    assert change(https, here, "not my password", NEW_PASSWORD) == (403, WRONG_PASSWORD)
    assert change(https, here, PASSWORD, "password1") == (400, COMMON)
    assert change(https, here, PASSWORD, "Ann-Ann-2024") == (400, CONTEXT)
    missing = https.post(
        "/api/me/password", json={"password": NEW_PASSWORD}, headers=here.headers()
    )
    assert missing.status_code == 400 and '"current"' in missing.json()["error"]
    no_csrf = https.post(
        "/api/me/password",
        json={"current": PASSWORD, "password": NEW_PASSWORD},
        headers=here.headers(csrf=False),
    )
    assert no_csrf.status_code == 403
    guest = https.post("/api/me/password", json={"current": PASSWORD, "password": NEW_PASSWORD})
    assert guest.status_code == 401
    assert signed_in_as(https, other) == "Ann"
    assert sign_in(https, "Ann", PASSWORD) is not None
    assert sign_in(https, "Ann", NEW_PASSWORD) is None


def test_wrong_current_passwords_count_as_sign_in_attempts(https: TestClient) -> None:
    """Wrong current passwords cost what wrong sign-ins cost: after the free failures the
    name's delay holds up the change and a sign-in alike."""
    here = sign_up(https, "Ann")
    for _ in range(FREE_FAILURES):
        assert change(https, here, "guess guess", NEW_PASSWORD)[0] == 403
    status, error = change(https, here, PASSWORD, NEW_PASSWORD)
    assert status == 429 and error.startswith("too many sign-in attempts")
    https.cookies.clear()  # a browser it never knew: delayed too
    resp = https.post("/api/account/signin", json={"name": "Ann", "password": PASSWORD})
    assert resp.status_code == 429 and "too many sign-in attempts" in resp.json()["error"]
    assert signed_in_as(https, here) == "Ann"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "data.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_broken_data_file_is_a_clear_error(tmp_path: Path) -> None:
    good = "# a list\n# entries: 2\nletmein99\npassword\n"
    assert load_common_passwords(write(tmp_path, good)) == {"letmein99", "password"}
    for text, problem in [
        ("letmein99\n", "has no '# entries: N' line"),
        ("# entries: 3\nletmein99\npassword\n", "says it has 3 entries but has 2"),
        ("# entries: many\nletmein99\n", "line 1: not '# entries: N'"),
        ("# entries: 1\nPassword\n", "line 2: expected a case-folded NFKC password"),
        (
            "# entries: 2\npassword\npassword\n",
            "line 3: expected a case-folded NFKC password, once",
        ),
        ("# entries: 1\n\n", "line 2"),
    ]:
        with pytest.raises(DataFileError, match=problem):
            load_common_passwords(write(tmp_path, text))
    with pytest.raises(DataFileError, match="cannot be read"):
        load_common_passwords(tmp_path / "missing.txt")
    (tmp_path / "latin1.txt").write_bytes(b"# entries: 1\ncaf\xe9\n")
    with pytest.raises(DataFileError, match="cannot be read"):
        load_common_passwords(tmp_path / "latin1.txt")
    assert load_confusables(write(tmp_path, "# entries: 1\n0430\t0061\n")) == {"а": "a"}
    for text in [
        "# entries: 1\n0430 0061\n",
        "# entries: 1\nzz30\t0061\n",
        "# entries: 1\n0430\t\n",
    ]:
        with pytest.raises(DataFileError, match="line 2: expected a hex code point"):
            load_confusables(write(tmp_path, text))
    assert load_confusables()["а"] == "a"  # the shipped file: Cyrillic а is Latin a
