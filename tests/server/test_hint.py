"""Hints: the search bot's best actions, for the seat to move and only for it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dragontable.server.hints import HINT_TOP

from .conftest import new_table, next_error, next_message, next_update, ws_url


def test_the_seat_to_move_gets_legal_actions_best_chance_to_win_first(
    client: TestClient,
) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 0)) as ws:
        update = next_update(ws)
        assert update["your_turn"]
        ws.send_json({"hint": True})
        hint = next_message(ws, "hint")
        assert hint["n_actions"] == update["n_actions"]
        actions = [h["action"] for h in hint["actions"]]
        assert 1 <= len(actions) <= HINT_TOP
        assert set(actions) <= set(update["legal_actions"])
        chances = [h["chance"] for h in hint["actions"]]
        assert chances == sorted(chances, reverse=True)  # the figures shown read best first
        assert all(0.0 <= h["value"] <= 1.0 for h in hint["actions"])
        assert all(0.0 <= h["chance"] <= 1.0 for h in hint["actions"])
        # asking changed nothing: the hinted action is still ours to play
        ws.send_json({"action": actions[0]})
        assert next_update(ws)["n_actions"] > update["n_actions"]


def test_no_hint_off_turn_for_spectators_or_for_a_malformed_request(client: TestClient) -> None:
    created = new_table(client)
    with client.websocket_connect(ws_url(created, 1)) as ws1:
        assert not next_update(ws1)["your_turn"]
        ws1.send_json({"hint": True})
        assert next_error(ws1)["code"] == "cannot_hint"
        ws1.send_json({"hint": "please"})
        assert next_error(ws1)["code"] == "bad_message"
    with client.websocket_connect(ws_url(created)) as spectator:
        next_update(spectator)
        spectator.send_json({"hint": True})
        assert next_error(spectator)["code"] == "cannot_hint"


def _deferring_choice(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, str, str]:
    """A Dragon decision with its search bot set to defer to greedy (as a heuristic's
    ``search_margin`` asks), greedy's move there and another move."""
    from dragontable import games
    from dragontable.bots import make_bot
    from dragontable.server import hints

    deferring = replace(games.bot_settings("dragon"), search_margin=0.015)
    monkeypatch.setitem(games._SETTINGS, "dragon", deferring)
    state = games.create("dragon", players=2, seed=4)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    seed = hints.hint_seed(state, seat)
    bot: Any = make_bot("mcts:1", "dragon", seed)
    greedy_move = bot.default.choose(state)
    other = next(a for a in state.legal_actions() if a != greedy_move)
    return state, greedy_move, other


@pytest.mark.parametrize("lead", [0.005, 0.05])
def test_a_hint_shows_the_move_a_deferring_bot_would_play(
    monkeypatch: pytest.MonkeyPatch, lead: float
) -> None:
    """The search's third choice is greedy's move: the hint keeps it among its three
    where the bot would defer to it (a small lead), and drops it otherwise."""
    from dragontable.bots.mcts import SearchResult
    from dragontable.server import hints

    state, greedy_move, other = _deferring_choice(monkeypatch)
    third = next(a for a in state.legal_actions() if a not in (greedy_move, other))
    stats = {other: (120, 0.60 + lead), third: (110, 0.59), greedy_move: (100, 0.60)}
    monkeypatch.setattr(hints, "search", lambda *a, **k: SearchResult(stats, 330))
    monkeypatch.setattr(hints, "HINT_TOP", 2)
    shown = {h["action"] for h in hints.suggest(state)}
    assert shown == ({greedy_move, other} if lead < 0.015 else {other, third})


def test_hints_are_ordered_by_the_chance_shown_whatever_the_searchs_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The figure on each hint is the game review's win chance; the list reads best
    first by it, whatever order the search found the moves in."""
    from dragontable import games
    from dragontable.bots.mcts import SearchResult
    from dragontable.review import chance_after
    from dragontable.server import hints

    state = games.create("changcheng", players=2, seed=5)
    judged = {a: chance_after(state, a, 60) for a in state.legal_actions()[:6]}
    rising = sorted(judged, key=lambda a: judged[a])[:3]  # the search's order: worst first
    assert len({judged[a] for a in rising}) == 3  # no tie: the order is the figures'
    stats = {a: (300 - 10 * i, 0.5) for i, a in enumerate(rising)}
    monkeypatch.setattr(hints, "search", lambda *a, **k: SearchResult(stats, 900))
    shown = hints.suggest(state, 60)
    assert [h["action"] for h in shown] == rising[::-1]
    assert [h["chance"] for h in shown] == [judged[a] for a in rising[::-1]]


def test_a_hints_chance_is_the_one_the_review_gives_the_move_once_played() -> None:
    from dragontable import games
    from dragontable.review import judge
    from dragontable.server.hints import suggest

    for game in ("dragon", "changcheng", "ming"):
        state = games.create(game, players=2, seed=6)
        while len(state.legal_actions()) < 3:
            state.apply(state.legal_actions()[0])
        seat, index = state.current_player, len(state.history)
        assert seat is not None
        for hint in suggest(state, 60):
            review = judge(state, seat, index, hint["action"], 60)
            assert review["after"] == hint["chance"]


def test_a_ming_hint_is_its_rollout_search_and_shows_the_bots_move() -> None:
    """Ming Dynasty's mcts bot searches by rollouts over greedy: its hint shows the
    options that search plays out, the bot's move at the same budget among them."""
    from dragontable import games
    from dragontable.bots import make_bot
    from dragontable.review import chance_after
    from dragontable.server.hints import hint_seed, suggest

    found = games.bot_settings("ming").rollout
    assert found is not None
    for seed in (4, 5, 6):
        state = games.create("ming", players=2, seed=seed)
        while len(state.legal_actions()) < 3:
            state.apply(state.legal_actions()[0])
        seat = state.current_player
        assert seat is not None
        budget = 2 * found.candidates * found.iterations  # two rounds of rollouts
        hint = suggest(state, budget)
        assert hint == suggest(state, budget)  # an iteration budget reproduces
        assert len(hint) == min(HINT_TOP, found.candidates)
        assert all(h["visits"] == 2 and 0.0 <= h["value"] <= 1.0 for h in hint)
        # the chance to win shown is the game review's for each hinted action, best first
        assert [h["chance"] for h in hint] == [
            chance_after(state, h["action"], budget) for h in hint
        ]
        assert [h["chance"] for h in hint] == sorted((h["chance"] for h in hint), reverse=True)
        bot_seed = hint_seed(state, seat)
        bot = make_bot(f"mcts:{budget}", "ming", bot_seed)
        assert bot.choose(state.clone()) in {h["action"] for h in hint}


def _worlds_apart(game: str) -> tuple[Any, Any, int]:
    """A 2-player position 12 moves in, the same position with every fact hidden from the
    seat to move drawn anew, the same number of actions played and another game seed, and
    that seat."""
    from dragontable import games

    state = games.create(game, players=2, seed=8)
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, 12345)
    other.seed, other.history = state.seed + 1, list(state.history)
    assert other.view(seat) == state.view(seat) and other.to_json() != state.to_json()
    return state, other, seat


def test_a_hint_is_the_same_whatever_the_hidden_facts_and_the_game_seed() -> None:
    """Only what the seat knows decides a hint: the same hint where every fact hidden from
    the seat is drawn anew and the game has another seed."""
    from dragontable.server.hints import suggest

    for game in ("dragon", "changcheng"):
        state, other, seat = _worlds_apart(game)
        assert suggest(other, 60) == suggest(state, 60)


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:60"])
def test_a_bot_seats_move_is_the_same_whatever_the_hidden_facts_and_the_game_seed(
    spec: str,
) -> None:
    """A bot at the table plays from what its seat knows, as a hint does."""
    from dragontable.server.botplay import choose_bot_action

    for game in ("dragon", "changcheng"):
        state, other, seat = _worlds_apart(game)
        assert choose_bot_action(spec, other, seat) == choose_bot_action(spec, state, seat)


def test_hint_specs_for_bot_workers_carry_both_budgets() -> None:
    from dragontable.server.hints import hint_spec, read_hint_spec

    assert read_hint_spec(hint_spec(40, 24)) == (40, 24)
    assert read_hint_spec(hint_spec(None, 300)) == (None, 300)
    assert read_hint_spec("40") == (40, None)  # a job queued by a server of before
    assert read_hint_spec("") == (None, None)


@pytest.mark.parametrize("workers", ["local", "external"])
def test_a_tables_hint_judges_its_moves_at_the_tables_review_iterations(
    sqlite_url: str, workers: str
) -> None:
    """The figure on a hint is the one the table's review will give the move: at the
    server's ``review_iterations``, in the server's pool or a bot worker's job alike."""
    import threading

    from dragontable import games
    from dragontable.review import chance_after
    from dragontable.server import create_app
    from dragontable.server.botworker import BotWorker
    from dragontable.server.config import ServerConfig

    config = ServerConfig(hint_iterations=40, review_iterations=24, bot_workers=workers)
    with TestClient(create_app(sqlite_url, config=config)) as client:
        worker = BotWorker(sqlite_url, 5.0, 1.0) if workers == "external" else None
        runner = threading.Thread(target=worker.run) if worker else None
        if runner:
            runner.start()
        try:
            created = new_table(client, game="changcheng", seed=4)
            with client.websocket_connect(ws_url(created, 0)) as ws:
                update = next_update(ws)
                ws.send_json({"hint": True})
                hint = next_message(ws, "hint")
        finally:
            if worker and runner:
                worker.stopping.set()
                runner.join()
    state = games.create("changcheng", 2, 4, {})
    assert len(state.history) == update["n_actions"] == 0
    for h in hint["actions"]:
        assert h["chance"] == chance_after(state, h["action"], 24)
