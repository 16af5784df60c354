"""The page and the server in every language: locale files, labels, log lines."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import cast

import pytest
from fastapi.testclient import TestClient

from dragontable.bots import BOTS
from dragontable.core.messages import LANGUAGES, catalog, render
from dragontable.core.rng import Rng
from dragontable.games.changcheng import data as changcheng
from dragontable.games.dragon import data as dragon
from dragontable.games.ming import data as ming
from dragontable.server.app import BOT_LEVELS

from .conftest import new_table, next_error, next_update, ws_url

WEB = resources.files("dragontable").joinpath("web")
SERVER = resources.files("dragontable").joinpath("server")
PAGES = {
    "/": "index.html",
    "/table/abc": "table.html",
    "/replay/abc": "replay.html",
    "/profile/abc": "profile.html",
    "/mine": "mine.html",
    "/unsubscribe/abc": "unsubscribe.html",
    "/account/confirm": "confirm.html",
    "/account/reset": "reset.html",
    "/account/forgot": "forgot.html",
}
PLACEHOLDER = re.compile(r"\{(\w+)(?:\[([^\]]*)\])?\}")  # {name} or {n[one|few|many]}
PLURAL_FORMS = {"en": 2, "pl": 3, "uk": 3, "zh": 1}
FAMILIES = "lang|list|lobby|table|replay|review|chart|bot|status|error|board|account|profile|mine"
KEY = re.compile(rf'"((?:{FAMILIES})\.[\w.-]+)"')  # a key given to a helper or kept in a table
MING_MAP = ming.load_map()
# The game terms each board words (board.<game>.term.<code>, as the game's catalog words
# <game>.term.<code>): every code the views can hold where the board shows a term.
BOARD_TERMS = {
    "dragon": [
        *dragon.EVENTS,
        *dragon.GREAT_EVENTS,
        *dragon.ACTION_CARDS,
        dragon.WALL_CARD,
        *dragon.CARDS,
        *dragon.TILES,
    ],
    "ming": [*MING_MAP.cards, *MING_MAP.provinces, *(f"province.{p}" for p in MING_MAP.provinces)],
    "changcheng": [
        *changcheng.COLOURS,
        *changcheng.CARDS,
        *changcheng.KIND_NAMES.values(),
        *changcheng.EVENTS,
        "neutral",
    ],
}


def web_files(suffix: str) -> list[str]:
    """Every page or script the server hands out, so a new one is scanned too."""
    return sorted(f.name for f in WEB.iterdir() if f.name.endswith(suffix))


def locale(client: TestClient, lang: str) -> dict[str, str]:
    resp = client.get(f"/static/locales/{lang}.json")
    assert resp.status_code == 200, lang
    data: dict[str, str] = resp.json()
    return data


@pytest.mark.parametrize("path", PAGES)
def test_pages_load_the_switcher_and_every_locale_is_served(client: TestClient, path: str) -> None:
    page = client.get(path).text
    assert '<select id="lang">' in page
    script = re.search(r'src="(/static/\w+\.js)"', page)
    assert script and "/static/i18n.js" in client.get(script.group(1)).text
    assert client.get("/static/i18n.js").status_code == 200
    english = locale(client, "en")
    for lang in LANGUAGES:
        assert set(locale(client, lang)) == set(english), lang


def used_keys() -> set[str]:
    """Every UI key the pages and scripts name, literal or from a known family."""
    keys: set[str] = set()
    for page in web_files(".html"):
        html = WEB.joinpath(page).read_text("utf-8")
        keys |= set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', html))
    for script in web_files(".js"):
        text = WEB.joinpath(script).read_text("utf-8")
        keys |= {k for _, k in re.findall(r"\bt\(\s*([\"'`])([^\"'`$]+)\1", text)}
        keys |= set(KEY.findall(text))
    keys |= {f"status.{s}" for s in ("open", "running", "finished")}
    keys |= {f"bot.{b.partition(':')[0]}" for b in BOT_LEVELS if b.partition(":")[0] in BOTS}
    keys |= {f"bot.level.{b}" for b in BOT_LEVELS if b.partition(":")[0] in BOTS}  # in words
    for module in SERVER.iterdir():
        if module.name.endswith(".py"):
            keys |= {f"error.{c}" for c in re.findall(r'\berror\(\s*"(\w+)"', module.read_text())}
    return keys


def test_every_string_the_page_uses_is_in_every_locale(client: TestClient) -> None:
    keys = used_keys()
    assert {"lobby.open_table", "table.your_turn", "error.not_your_turn", "bot.greedy"} <= keys
    assert {"table.undo", "replay.position", "replay.first", "chart.title"} <= keys
    assert {
        "board.seat",
        "board.dragon.events",
        "board.ming.phases.3",
        "board.changcheng.verb.two-cards",
    } <= keys
    for lang in LANGUAGES:
        assert sorted(keys - set(locale(client, lang))) == [], lang


def test_every_locale_keeps_the_english_placeholders(client: TestClient) -> None:
    english = locale(client, "en")
    for lang in LANGUAGES:
        for key, text in locale(client, lang).items():
            assert {n for n, _ in PLACEHOLDER.findall(text)} == {
                n for n, _ in PLACEHOLDER.findall(english[key])
            }, (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_nouns_give_every_form_of_the_language(client: TestClient, lang: str) -> None:
    plurals = 0
    for key, text in locale(client, lang).items():
        for name, forms in PLACEHOLDER.findall(text):
            if forms:
                plurals += 1
                assert len(forms.split("|")) == PLURAL_FORMS[lang], (key, name)
    assert plurals or lang == "zh"


def test_no_script_keeps_its_own_english_strings() -> None:
    for script in web_files(".js"):
        text = WEB.joinpath(script).read_text("utf-8")
        assert not re.search(r"\b[A-Z]+_TEXT\s*=\s*\{", text), script


def constant_objects(text: str) -> dict[str, str]:
    """Each ``const NAME = { ... }`` of a script: its name and its body (nested braces too)."""
    found = {}
    for match in re.finditer(r"\bconst\s+(\w+)\s*=\s*\{", text):
        depth, end = 1, match.end()
        while depth and end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        found[match.group(1)] = text[match.end() : end - 1]
    return found


def english_values(body: str) -> list[str]:
    """The string values of an object literal that are words, not keys or colours."""
    values = re.findall(r'(?:^|[{,\s])["\w-]+\s*:\s*"([^"]*)"', body)
    return [
        v
        for v in values
        if re.search("[A-Za-z]", v) and not re.fullmatch(r"#\w+|[\w-]+(\.[\w-]+)+", v)
    ]


def test_english_objects_are_caught() -> None:
    """The check below finds a WORDS table as the boards had, and passes key and colour tables."""
    old = 'export const WORDS = { title: "Ming Dynasty", marks: { horse: "H" } };'
    assert english_values(constant_objects(old)["WORDS"]) == ["Ming Dynasty", "H"]
    keys = 'const MARKS = { horse: "board.ming.mark.horse", "two-cards": "board.x.y" };'
    assert english_values(constant_objects(keys)["MARKS"]) == []
    assert english_values('{ orange: "#FBE3C8", fill: "#fff" }') == []


def test_no_board_keeps_its_own_words() -> None:
    """Boards word everything with t(): no table of English words, no made-up keys."""
    boards = [name for name in web_files(".js") if name.startswith("board-")]
    assert {"board-common.js", "board-dragon.js", "board-ming.js"} <= set(boards)
    for board in boards:
        text = WEB.joinpath(board).read_text("utf-8")
        assert not re.search(r"\b(?:[A-Z]+_)?(?:WORDS|TEXT|LABELS|STRINGS)\s*=", text), board
        for name, body in constant_objects(text).items():
            assert english_values(body) == [], (board, name)
        # Every key is written out (so the scan sees it), except the game terms of term().
        built = re.findall(r"\bt\(\s*`([^`]*)`", text)
        assert all(k.startswith("board.${game}.term.") for k in built), (board, built)


def test_every_board_word_is_used(client: TestClient) -> None:
    """No locale keeps a board word that no board asks for (game terms are checked below)."""
    words = {k for k in locale(client, "en") if k.startswith("board.") and ".term." not in k}
    assert words and sorted(words - used_keys()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_boards_word_the_game_terms_as_the_log_does(client: TestClient, lang: str) -> None:
    """board.<game>.term.<code> is the catalog's <game>.term.<code> (English drops "a"/"an")."""
    words = locale(client, lang)
    for game, codes in BOARD_TERMS.items():
        terms = catalog(f"dragontable.games.{game}", lang)
        board = {k for k in words if k.startswith(f"board.{game}.term.")}
        assert board == {f"board.{game}.term.{code}" for code in codes}, game
        for code in codes:
            expected = terms[f"{game}.term.{code}"]
            if lang == "en":
                expected = re.sub(r"^an? ", "", expected)
            assert words[f"board.{game}.term.{code}"] == expected, (lang, game, code)


def test_games_carry_labels_in_the_asked_language(client: TestClient) -> None:
    english = {g["name"]: g for g in client.get("/api/games").json()}
    polish = {g["name"]: g for g in client.get("/api/games?lang=pl").json()}
    assert english["dragon"]["label"] == "In the Year of the Dragon"
    assert polish["dragon"]["label"] == "W Roku Smoka"
    assert polish["dragon"]["title"] == english["dragon"]["title"]
    wall = next(o for o in polish["dragon"]["options"] if o["name"] == "great_wall")
    assert wall["label"] == "Wielki Mur Chiński (dodatek)"
    assert (
        len(wall["choice_labels"]) == len(wall["choices"]) and "wyłączony" in wall["choice_labels"]
    )
    assert polish["dragon"]["sources"]["court_ladies"] == "damy dworu"
    for name, game in polish.items():
        for option, original in zip(game["options"], english[name]["options"], strict=True):
            assert option["label"] != original["label"], option


def test_an_unknown_language_is_refused_by_name(client: TestClient) -> None:
    resp = client.get("/api/games?lang=de")
    assert resp.status_code == 400
    assert "'de'" in resp.json()["error"] and "pl" in resp.json()["error"]


def test_the_socket_in_polish_sends_polish_log_lines_and_prompts(client: TestClient) -> None:
    created = new_table(client, seed=9)
    rng = Rng(9)
    updates = []
    with (
        client.websocket_connect(ws_url(created, 0) + "&lang=pl") as ws0,
        client.websocket_connect(ws_url(created, 1) + "&lang=pl") as ws1,
    ):
        welcome = ws0.receive_json()
        assert welcome["type"] == "welcome" and welcome["lang"] == "pl"
        names = welcome["names"]
        assert names == ["Gracz 1", "Gracz 2"]  # default names, in Polish too
        last = [next_update(ws0), next_update(ws1)]
        updates.append(last[0])
        for _ in range(12):
            turn = last[0]["current_player"]
            [ws0, ws1][turn].send_json({"action": rng.choice(last[turn]["legal_actions"])})
            last = [next_update(ws0), next_update(ws1)]
            updates.append(last[0])
    lines = [line for u in updates for line in u["log"]]
    assert lines[0]["text"].startswith("Rozpoczyna się gra dla 2 graczy")
    assert len(lines) > 5
    for line in lines:
        assert line["text"] == render(line["entry"], "pl", names)
        assert line["text"] != render(line["entry"], "en", names)
    prompts = [u["prompt"] for u in updates if u["prompt"]]
    assert prompts
    for prompt in prompts:
        assert prompt["text"] == render(prompt, "pl", names) != render(prompt, "en", names)


@pytest.mark.parametrize("lang", ["pl", "zh"])
def test_a_refused_move_reads_in_the_readers_language(client: TestClient, lang: str) -> None:
    options = {"start_player": "seat_1"}
    created = new_table(client, seed=9, names=["Ann", "Bo"], options=options)
    with client.websocket_connect(ws_url(created, 0) + f"&lang={lang}") as ws:
        first = next_update(ws)
        assert first["current_player"] == 0
        ws.send_json({"action": "tax@1"})
        illegal = next_error(ws)
        ws.send_json({"action": "fly away"})
        notation = next_error(ws)
    assert illegal["detail"]["key"] == "core.refusal.illegal" and illegal["detail"]["seat"] == 0
    assert illegal["detail"]["reason"]["key"] == "core.refusal.decision"
    assert illegal["message"] == render(illegal["detail"], lang, ["Ann", "Bo"])
    assert illegal["message"].startswith("Ann") and "tax@1" in illegal["message"]
    assert "seat" not in illegal["message"].lower() and "decision" not in illegal["message"]
    assert notation["detail"]["key"] == "core.refusal.unknown_verb"
    assert notation["message"] == render(notation["detail"], lang) != render(notation["detail"])


def test_default_seat_names_read_in_the_readers_language(client: TestClient) -> None:
    created = new_table(client, seats=["human", "bot:greedy"], names=None)
    tid = created["id"]
    with client.websocket_connect(ws_url(created, 0) + "&lang=pl") as ws:
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome"
        assert welcome["names"] == ["Gracz 1", "Bot 2 (zachłanny)"]
    seats = client.get(f"/api/tables/{tid}?lang=zh").json()["seats"]
    assert [s["name"] for s in seats] == ["玩家1", "机器人2（贪心）"]
    listed = client.get("/api/tables?lang=uk").json()
    assert [s["name"] for s in next(t for t in listed if t["id"] == tid)["seats"]] == [
        "Гравець 1",
        "Бот 2 (жадібний)",
    ]
    english = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["name"] for s in english] == ["Player 1", "Bot 2 (greedy)"]


def test_a_chosen_seat_name_is_never_translated(client: TestClient) -> None:
    created = new_table(client, names=["Wei", None])
    seats = client.get(f"/api/tables/{created['id']}?lang=zh").json()["seats"]
    assert [s["name"] for s in seats] == ["Wei", "玩家2"]
    created = client.post(
        "/api/tables?lang=uk",
        json={"game": "dragon", "players": 2, "seats": ["human", "human"]},
    ).json()
    assert [i["name"] for i in created["invitations"]] == ["Гравець 1", "Гравець 2"]


def _detail_keys() -> set[str]:
    """Every detail key the server can send with an error (read from its source)."""
    keys: set[str] = set()
    for module in sorted(cast(Path, SERVER).glob("*.py")):  # the package's directory
        text = module.read_text("utf-8")
        keys |= set(re.findall(r'"key": "(\w+)"', text))
        keys |= set(re.findall(r'CannotUndo\(\s*(?:f?"[^"]*",\s*)"(\w+)"', text))
        keys |= set(re.findall(r'ChatRefused\(\s*(?:f?"[^"]*"|\w+)\s*,\s*"(\w+)"', text))
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_detail_and_undo_reason_reads_in_every_language(lang: str) -> None:
    from dragontable.server.seats import UNDO_DROPPED

    words = json.loads(WEB.joinpath("locales", f"{lang}.json").read_text("utf-8"))
    keys = _detail_keys()
    assert {"game_over", "last_decision", "offer_waiting", "not_handed", "bot_seat"} <= keys
    assert {"chat_empty", "chat_too_long", "chat_char", "chat_rate", "mute_self"} <= keys
    missing = [k for k in keys if f"error.detail.{k}" not in words]
    missing += [w for w in UNDO_DROPPED if f"table.undo_reason.{w}" not in words]
    assert not missing, f"{lang}: no text for {missing}"
