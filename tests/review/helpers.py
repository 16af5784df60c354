"""Records for the review tests: short bot games from a seed, and two Dragon records that
differ only in a card one seat kept secret."""

from __future__ import annotations

from typing import Any

from dragontable import games
from dragontable.bots import make_bot
from dragontable.core.errors import RecordError
from dragontable.games import replay_steps

ITERATIONS = 24
"""Search iterations per decision in these tests: enough to rank, quick to run."""


def bot_record(
    game: str, players: int = 2, seed: int = 5, actions: int | None = None
) -> dict[str, Any]:
    """The record of a game of greedy bots (the last seat random), cut after ``actions``."""
    state = games.create(game, players, seed=seed)
    bots = [make_bot("greedy", game, seed=s) for s in range(players - 1)]
    bots.append(make_bot("random", game, seed=players))
    while not state.is_over and (actions is None or len(state.history) < actions):
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state.record()


def views(record: dict[str, Any], seat: int) -> list[Any]:
    """What ``seat`` saw at every step of ``record``: its view and its log."""
    return [(s.view(seat), s.log_for(seat)) for s in replay_steps(record)]


def secret_swap(record: dict[str, Any], other: int) -> tuple[dict[str, Any], int]:
    """A Dragon record in which seat ``other`` played a joker where it played a type card,
    and that type card where it played the joker later, with the same outcome: every other
    seat saw the very same game. Returns it and the index of the first changed action."""
    actions = record["actions"]
    states = [s.clone() for s in replay_steps(record)]
    cards = [
        i
        for i in range(len(actions))
        if states[i].current_player == other and actions[i].startswith("card ")
    ]
    watcher = (other + 1) % record["players"]
    seen = views(record, watcher)
    for i in cards:
        for j in cards:
            if j > i and actions[j] == "card J" and actions[i] != "card J":
                swapped = list(actions)
                swapped[i], swapped[j] = "card J", actions[i]
                candidate = {**record, "actions": swapped}
                if _replays(candidate) and views(candidate, watcher) == seen:
                    return candidate, i
    raise AssertionError("no secret card of this game can be swapped unseen")


def _replays(record: dict[str, Any]) -> bool:
    try:
        games.replay(record)
    except RecordError:
        return False
    return True
