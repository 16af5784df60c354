"""The page's boards: every game has an SVG board module, served with what it imports."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from dragontable import games

IMPORT = re.compile(r'from "(/static/[^"]+)"')


def served_js(client: TestClient, path: str) -> str:
    resp = client.get(path)
    assert resp.status_code == 200, path
    assert "javascript" in resp.headers["content-type"], path
    text: str = resp.text
    return text


@pytest.mark.parametrize("game", games.names())
def test_each_game_has_a_board_module(client: TestClient, game: str) -> None:
    path = f"/static/board-{game}.js"
    source = served_js(client, path)
    assert re.search(r"export function draw\w+\(view, names, mySeat, \w+\)", source), path
    imports = re.search(r'import \{ ([\w, ]+) \} from "/static/i18n\.js"', source)
    assert imports and "t" in imports.group(1).split(", "), f"{path} words everything with t()"


def test_the_table_page_reaches_every_board_through_served_modules(client: TestClient) -> None:
    """The page imports boards.js, which loads each game's board module by the name
    /api/games gives; every module those import is served too."""
    seen: set[str] = set()
    todo = ["/static/table.js", "/static/replay.js"]
    for game in client.get("/api/games").json():
        assert game["board"] is not None, game["name"]
        module = f"/static/board-{game['board']}.js"
        assert re.search(
            r"export \{ draw\w* as draw \}|export function draw\b", served_js(client, module)
        )
        todo.append(module)
    while todo:
        path = todo.pop()
        seen.add(path)
        todo += [p for p in IMPORT.findall(served_js(client, path)) if p not in seen]
    assert {f"/static/board-{game}.js" for game in games.names()} <= seen
    assert {"/static/board-common.js", "/static/boards.js"} <= seen
    boards = served_js(client, "/static/boards.js")
    assert not any(f'"{game}"' in boards or f"{game}:" in boards for game in games.names())


def test_legal_board_elements_are_styled(client: TestClient) -> None:
    resp = client.get("/static/style.css")
    assert resp.status_code == 200
    assert re.search(r"#board \.legal\b[^{]*\{[^}]*cursor: pointer", resp.text)


def test_an_unknown_board_is_not_found(client: TestClient) -> None:
    assert client.get("/static/board-chess.js").status_code == 404


# The verbs of the games' notations: a string that starts with one and goes on with a value
# builds notation, which only the server does (the page gets choices with their actions).
NOTATION_VERBS = (
    "pick", "refill", "floor", "privilege", "wall", "card", "take", "place", "replace", "decline",
    "release", "quake", "flood", "discard", "sunrise", "edict", "prince", "neutral", "space",
    "dragon", "move", "stop", "stay", "pass", "deploy", "return", "back", "start", "two-singles",
    "two-cards", "card-single", "double", "tower", "single", "reserve", "scout", "no-scout",
    "no-neutral", "extend", "cancel", "destroy", "remove", "builder", "swap", "no-swap", "with",
)  # fmt: skip
BUILT = re.compile(
    rf"`(?:{'|'.join(NOTATION_VERBS)}) [^`]*\$\{{"  # `take ${tile}`
    rf"|[\"'](?:{'|'.join(NOTATION_VERBS)}) [\"']\s*\+"  # "take " + tile
    r"|@\$\{"  # `${card}@${group}`
)


@pytest.mark.parametrize(
    "path", ["/static/table.js", *(f"/static/board-{g}.js" for g in games.names())]
)
def test_the_page_builds_no_notation(client: TestClient, path: str) -> None:
    source = served_js(client, path)
    assert BUILT.findall(source) == [], path
    assert not re.search(r"\blegal_actions\b|ctx\.legal\b|\bargsOf\b", source), path


def test_the_notation_check_finds_built_notation() -> None:
    for built in ("`take ${tile}`", "`${card}@${i + 1}`", '"cancel " + colour', "`move ${d} ${c}`"):
        assert BUILT.search(built), built
    assert not BUILT.search("`M${x} ${y} L${x + 1}`") and not BUILT.search('t("board.x", { n })')
