"""In-game hints: the search bot's best actions for the seat to move.

The search determinizes from that seat at every iteration (see :mod:`bots.mcts`) and is
seeded from that seat's view (:func:`hint_seed`), so a hint is built from what the seat
may see and nothing else; it goes to that seat only.
Where a game's ``mcts`` bot searches by rollouts over greedy (Ming Dynasty,
:mod:`bots.rollout`), so do its hints: the options are the ones that search plays
out, its rounds of sampled worlds are the visits, and the mean reward is the value.
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..bots.leaves import leaf_for
from ..bots.mcts import MctsBot, SearchResult, search
from ..bots.rollout import RolloutBot
from ..core.rng import derive_seed, public_seed
from ..core.state import State
from ..games import bot_settings
from ..review import DEFAULT_ITERATIONS, chance_after

HINT_SECONDS = 0.5  # CPU seconds of search per hint
HINT_TOP = 3  # actions shown
CHANCE_ITERATIONS = DEFAULT_ITERATIONS  # the review's search of the hinted actions' chances


def suggest(
    state: State, iterations: int | None = None, chance_iterations: int | None = None
) -> list[dict[str, Any]]:
    """The ``HINT_TOP`` best actions the search found for ``state.current_player`` (the
    mcts bot's own move among them), each with the search's visits and mean reward
    (``value``) and the seat's ``chance`` to win after it: the figure a game review of
    the decision gives the move if it is played (:func:`review.chance_after`: calibrated
    win chances, where the search's reward is not one), highest chance first, so that
    the list reads best first by the figures it shows (in the search's order they could
    read 44%, 53%, 39%).

    The search runs ``HINT_SECONDS`` of CPU time, or exactly ``iterations`` (reproducible);
    the chances take ``chance_iterations`` (a table's: its review's), else as many as the
    search, else :data:`CHANCE_ITERATIONS`.
    """
    seat = state.current_player
    if seat is None:
        return []
    seed = hint_seed(state, seat)
    budget: dict[str, Any] = (
        {"iterations": iterations} if iterations is not None else {"seconds": HINT_SECONDS}
    )
    name = state.game.name
    settings = bot_settings(name)
    if settings.rollout is not None:  # the bot's own search, at the hint's budget
        spec = f"mcts:{HINT_SECONDS}s" if iterations is None else f"mcts:{iterations}"
        bot = make_bot(spec, name, seed)
        assert isinstance(bot, RolloutBot)
        ranked = bot.ranked(state)[:HINT_TOP]
    else:
        result = search(state, seed=seed, leaf=leaf_for(name), reuse=settings.world_reuse, **budget)
        ranked = result.top(HINT_TOP)
        first = _bots_choice(state, result, ranked, seed)
        if first is not None:  # the search bot would defer to its default: show that too
            ranked = [first] + [r for r in ranked if r[0] != first[0]][: HINT_TOP - 1]
    judging = chance_iterations or iterations or CHANCE_ITERATIONS
    judged = [chance_after(state, r[0], judging) for r in ranked]
    found: list[dict[str, Any]] = [
        {"action": action, "visits": visits, "value": round(value, 3), "chance": chance}
        for (action, visits, value), chance in zip(ranked, judged, strict=True)
    ]
    return sorted(found, key=lambda h: -h["chance"])  # stable: a tie keeps the search's order


def hint_seed(state: State, seat: int) -> int:
    """The hint's search seed, from what ``seat`` knows (its view and the number of
    actions played, as the review's), never from the game's seed, which decides every
    hidden card: a hint is the same whatever the others' hidden facts and the seed."""
    return derive_seed(public_seed(state, seat, len(state.history)), 0x4817)


def _bots_choice(
    state: State,
    result: SearchResult,
    ranked: list[tuple[str, int, float]],
    seed: int,
) -> tuple[str, int, float] | None:
    """The mcts bot's own move (``MctsBot.decide``) where it is not the search's first."""
    bot = make_bot("mcts:1", state.game.name, seed)
    if not ranked or not isinstance(bot, MctsBot):
        return None
    move = bot.decide(state, result)
    if move == ranked[0][0] or move not in result.stats:
        return None
    return move, *result.stats[move]


def hint_job(
    snapshot: dict[str, Any], iterations: int | None, chance_iterations: int | None = None
) -> list[dict[str, Any]]:
    """:func:`suggest` for a state snapshot (``State.to_json``): a worker process's job."""
    from .. import games

    return suggest(games.from_json(snapshot), iterations, chance_iterations)


def hint_spec(iterations: int | None, chance_iterations: int) -> str:
    """A bot worker's job spec for a hint: ``<search iterations>/<chance iterations>``,
    the first empty for the CPU-time budget."""
    return f"{'' if iterations is None else iterations}/{chance_iterations}"


def read_hint_spec(spec: str) -> tuple[int | None, int | None]:
    """The search's and the chances' iterations of :func:`hint_spec` (None: the default);
    a spec of old, the search's iterations alone, reads as such."""
    search_part, _, chance_part = spec.partition("/")
    return (
        int(search_part) if search_part.isdigit() else None,
        int(chance_part) if chance_part.isdigit() else None,
    )
