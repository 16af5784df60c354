"""Game review: each decision of one seat judged by the search, from that seat's knowledge.

``review_record(record, seat)`` replays a record and, at every decision of ``seat`` that
had more than one legal action, searches the position with the ``mcts`` bot's ISMCTS
(:mod:`bots.mcts`): the search's estimated win chance of its best move (*before*), of
the move played (*after*), the *loss* between them and a *verdict* (:data:`THRESHOLDS`).

Only what the seat knew: the search starts from a world drawn from the seat's knowledge
(``state.determinize(seat, …)``, the game's seed blanked out: the seed decides every
hidden card), every iteration re-draws that world again, and every seed comes from the
seat, the decision's index and the seat's view (:func:`public_seed`), never from the
game's seed. ``determinize`` gives the same world for the same view and seed, so the
review of a seat is identical whatever the other seats' hidden facts were
(``tests/review`` checks both for every game).

Win chance: at the end of a game the search scores 1 for a win (shared on a tie) and 0
otherwise; a leaf before the end is judged by the game's heuristic (a logistic of the
lead over the best rival, :func:`bots.leaves.heuristic_leaf`, after the random moves the
game asks for first) where the game's search uses one, else by a random playout to the
end. (The ``mcts`` bot also rewards the rank; the review leaves that out so that its
figures are win chances.) Where the game sets a review scale for the player count
(its settings' ``review_scales``, fitted by ``bench/fit/calibrate_review.py`` so that the
win chances predict who wins), the heuristic judges, also where the search plays out to the end
(2- to 4-player Dragon), and a seat's chance is ``exp(value / scale)`` over the sum of every
seat's (:func:`bots.leaves.win_chances`; at two seats the same logistic of the lead),
so that a verdict's threshold, a loss of 5, 10 or 20 points of win chance, means what
it says: the search's ``leaf_scale`` is sharper (a 2-player Chang Cheng review at it
said 97% where the seat went on to win 79% of the time), and its lead over the best
rival gives a seat level with the leader of three 50%. The played move always
gets at least :data:`PLAYED_SHARE` of the budget's visits: the search goes on under it
until then, so its value is never a guess from a visit or two.

In Ming Dynasty the ``mcts`` bot and the hints search by rollouts over greedy's three
best options (:mod:`bots.rollout`); the review keeps the tree, which can judge any move
played, not only greedy's favourites. A review by six rounds of those rollouts (greedy's
options and the move played, in the same worlds) was tried on four 2-player games where
one seat played a random move a quarter of the time: it flagged 16 of 108 random moves
and 22 of 383 greedy ones, the tree 10 and 6, at a tenth of the time (docs/bots.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len

from .bots.leaves import Leaf, leaf_for, random_rollout, scaled_leaf, win_chances
from .bots.mcts import Node, iterate, sampled_worlds
from .core.errors import OptionError
from .core.messages import format_key, template
from .core.rng import Rng, public_seed
from .core.state import State
from .games import bot_settings, replay_steps

REVIEW_VERSION = 3
"""The version of a review's JSON (``version``); a new one for any change of its fields or
of how its figures are reckoned (a stored review of another version is made again).
2: win chances at the review's own scale (``review_scales``); 3: 3- and 4-player Dragon
judged at one too, no longer by playouts to the end, and 4-player Ming Dynasty at 20."""
DEFAULT_ITERATIONS = 300
"""Search iterations per decision: a 2-player review of a seat in seconds on one core."""
EXPLORATION = 0.7
"""The UCB exploration constant (the ``mcts`` bot's)."""
PLAYED_SHARE = 0.25
"""The played move's least visits, as a share of the iterations."""
PUBLIC_SEED = 0
"""The game seed written into the searched world in place of the true one."""
DIGITS = 3
"""Win chances and losses are rounded to this many decimals."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions judged so far, of all the seat's decisions."""


@dataclass(frozen=True)
class Thresholds:
    """The least loss in win chance (best move's minus the played move's) for each verdict.

    A move the search ranks first is ``best``; one losing less than ``inaccuracy`` is
    ``good``; else the worst verdict whose threshold the loss reaches.
    """

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.20

    def verdict(self, loss: float, best: bool) -> str:
        """The verdict on a move that lost ``loss``; ``best`` if the search ranks it first."""
        if best:
            return "best"
        for word in ("blunder", "mistake", "inaccuracy"):
            if loss >= getattr(self, word):
                return word
        return "good"


THRESHOLDS = Thresholds()
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""Every verdict, from the best to the worst."""


@dataclass
class Decision:
    """A decision of the reviewed seat: the action's index in the record (0-based), the
    state it was taken in and the action played (canonical notation)."""

    index: int
    state: State
    move: str


def check_seat(record: dict[str, Any], seat: int) -> None:
    """Raise ``OptionError`` unless ``seat`` (0-based) is a seat of the record's game."""
    players = record["players"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise OptionError(f"no seat {seat!r} in a {players}-player game")


def decisions(record: dict[str, Any], seat: int) -> list[Decision]:
    """The decisions of ``seat`` in ``record`` that had more than one legal action.

    Raises ``RecordError`` for a record that does not replay, ``OptionError`` for a bad seat.
    """
    check_seat(record, seat)
    found, state, played = [], None, len(record["actions"])
    for index, state in enumerate(replay_steps(record)):
        if index < played and state.current_player == seat and len(state.legal_actions()) > 1:
            found.append(Decision(index, state.clone(), ""))
    assert state is not None  # the generator mutates one state: now the last one
    for d in found:
        d.move = state.history[d.index]  # the canonical notation of the action played
    return found


def win_shares(state: State) -> list[float]:
    """Per seat of a finished game: 1 for the winner, shared on a tie; 0 for the others."""
    winners = state.winners()
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]


class WinChance:
    """A search leaf whose rewards are win chances (see the module's docstring): the
    game's heuristic leaf at the lead-to-win ``scale``, or without one the search's own
    leaf. It keeps the last rewards it gave, for the iterations under the played move."""

    def __init__(self, game: str, rng: Rng, scale: float | None = None) -> None:
        self.heuristic: Leaf | None = (
            leaf_for(game) if scale is None else scaled_leaf(game, scale, win_chances, to_end=False)
        )
        self.rng = rng
        self.last: list[float] = []

    def __call__(self, state: State, rng: Rng) -> list[float]:
        if self.heuristic is not None and not state.is_over:
            self.last = self.heuristic(state, rng)  # it may play on (leaf_playout) …
        if self.heuristic is None or state.is_over:  # … to the end: a win chance then
            random_rollout(state, rng)
            self.last = win_shares(state)
        return self.last


def search_root(world: State, seat: int, iterations: int, leaf: WinChance) -> Node:
    """The search's root for ``seat`` after ``iterations`` over determinizations of ``world``."""
    root = Node()
    reuse = bot_settings(world.game.name).world_reuse
    worlds = sampled_worlds(world, seat, leaf.rng, reuse)
    for _ in range(iterations):
        d, memo = next(worlds)  # several iterations share a world, as the bots' do
        iterate(d, root, leaf.rng, EXPLORATION, random_rollout, leaf, seat, memo)
    return root


def most_visited(root: Node, legal: list[str]) -> str:
    """The search's choice: the legal action visited most (then the higher value)."""
    nodes = {a: n for a, n in root.children.items() if a in legal and n.visits}
    return max(nodes, key=lambda a: (nodes[a].visits, nodes[a].value / nodes[a].visits, a))


def visit_played(
    root: Node, world: State, seat: int, move: str, visits: int, leaf: WinChance
) -> Node:
    """Search on under ``move`` until its node has ``visits`` visits; return that node."""
    played = root.children.setdefault(move, Node())
    reuse = bot_settings(world.game.name).world_reuse
    worlds = sampled_worlds(world, seat, leaf.rng, reuse, move)
    while played.visits < visits:
        d, memo = next(worlds)
        iterate(d, played, leaf.rng, EXPLORATION, random_rollout, leaf, seat, memo)
        played.visits += 1
        played.value += leaf.last[seat]
    return played


def judge(
    state: State, seat: int, index: int, move: str, iterations: int, scale: float | None = None
) -> dict[str, Any]:
    """The review of one decision: ``seat`` played ``move`` (action ``index``) in ``state``;
    the heuristic leaf at the lead-to-win ``scale``, else the game's ``BotSettings.review_scale``.

    Reads of ``state`` only ``view(seat)`` and ``determinize(seat, …)``.
    """
    world, root, leaf = _searched(state, seat, index, iterations, scale)
    best = most_visited(root, world.legal_actions())
    played = visit_played(root, world, seat, move, math.ceil(PLAYED_SHARE * iterations), leaf)
    top = root.children[best]
    before = round(top.value / top.visits, DIGITS)
    after = before if best == move else round(played.value / played.visits, DIGITS)
    loss = round(max(0.0, before - after), DIGITS)
    return {
        "index": index,
        "move": move,
        "best": best,
        "before": before,
        "after": after,
        "loss": loss,
        "verdict": THRESHOLDS.verdict(loss, best == move),
    }


def chance_after(
    state: State, move: str, iterations: int = DEFAULT_ITERATIONS, index: int | None = None
) -> float:
    """The win chance after ``move`` (a legal action) for the seat to move in ``state``:
    the ``after`` that :func:`judge` gives the decision (``index``: the actions played
    before it, by default ``state``'s history) if ``move`` is played, the same search
    under the same seed, so that a hint's figure is the one the review will show for the
    move. Reads of ``state`` only what that seat knows, as :func:`judge` does."""
    seat = state.current_player
    if seat is None:
        raise OptionError("no seat is to move: there is no decision to judge")
    at = len(state.history) if index is None else index
    world, root, leaf = _searched(state, seat, at, iterations, None)
    node = visit_played(root, world, seat, move, math.ceil(PLAYED_SHARE * iterations), leaf)
    return round(node.value / node.visits, DIGITS)


def _searched(
    state: State, seat: int, index: int, iterations: int, scale: float | None
) -> tuple[State, Node, WinChance]:
    """The review's search of ``seat``'s decision ``index`` in ``state``: the world drawn
    from the seat's knowledge, the searched root and the leaf (at ``scale``, else the
    game's ``BotSettings.review_scale``)."""
    rng = Rng(public_seed(state, seat, index))
    world = state.determinize(seat, rng.next64())
    world.seed = PUBLIC_SEED
    name = world.game.name
    if scale is None:
        scale = bot_settings(name).review_scale(world.players)
    leaf = WinChance(name, rng, scale)
    return world, search_root(world, seat, iterations, leaf), leaf


def summary(judged: Sequence[dict[str, Any]]) -> dict[str, int]:
    """How many decisions got each verdict."""
    return {v: sum(d["verdict"] == v for d in judged) for v in VERDICTS}


def result(
    record: dict[str, Any], seat: int, iterations: int, judged: list[dict[str, Any]]
) -> dict[str, Any]:
    """The review's JSON (version :data:`REVIEW_VERSION`) from its judged decisions."""
    return {
        "version": REVIEW_VERSION,
        "game": record["game"],
        "seat": seat,
        "iterations": iterations,
        "decisions": judged,
        "summary": summary(judged),
    }


def review_record(
    record: dict[str, Any],
    seat: int,
    iterations: int = DEFAULT_ITERATIONS,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The review of ``seat``'s decisions in ``record`` (0-based seat), without labels
    (:func:`describe` adds them); ``progress`` hears of each decision judged."""
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise OptionError(f"iterations must be a whole number of at least 1, not {iterations!r}")
    found = decisions(record, seat)
    judged = []
    for done, d in enumerate(found):
        if progress is not None:
            progress(done, len(found))
        judged.append(judge(d.state, seat, d.index, d.move, iterations))
    if progress is not None:
        progress(len(found), len(found))
    return result(record, seat, iterations, judged)


def describe(
    record: dict[str, Any],
    review: dict[str, Any],
    lang: str = "en",
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """``review`` with ``move_label`` and ``best_label`` on each decision: the actions in
    words, as the seat's choices worded them (``State.choices``) in ``lang``."""
    wanted = {d["index"]: d for d in review["decisions"]}
    out = []
    for index, state in enumerate(replay_steps(record)):
        d = wanted.get(index)
        if d is not None:
            choices = state.choices(review["seat"], lang, names)
            labels = {c["action"]: c["label"] for c in choices}
            labelled = {"move_label": labels.get(d["move"], d["move"])}
            labelled["best_label"] = labels.get(d["best"], d["best"])
            out.append({**d, **labelled})
        if len(out) == len(wanted):
            break
    return {**review, "decisions": out}


def text_lines(review: dict[str, Any], names: list[str], lang: str = "en") -> list[str]:
    """A labelled review as text in ``lang`` (seats from 1, as the command line numbers
    them): a heading, one line per decision, the verdicts counted."""
    seat = review["seat"]
    words = {v: format_key(f"core.review.verdict.{v}", lang) for v in VERDICTS}
    verdict_width = max(map(cell_len, [*words.values(), format_key("core.review.verdict", lang)]))
    heading = format_key(
        "core.review.heading",
        lang,
        n=seat + 1,
        name=names[seat],
        game=template(f"{review['game']}.title", lang) or review["game"],
        iterations=review["iterations"],
    )
    columns = [
        _pad(format_key("core.review.move", lang), 5, right=True),
        _pad(format_key("core.review.chance", lang), 11),
        _pad(format_key("core.review.verdict", lang), verdict_width),
        format_key("core.review.played", lang),
    ]
    lines = [heading, "  ".join(columns)]
    for d in review["decisions"]:
        chance = f"{d['before']:.0%} → {d['after']:.0%}"
        better = ""
        if d["verdict"] not in ("best", "good"):
            better = "  " + format_key("core.review.better", lang, move=d["best_label"])
        verdict = _pad(words[d["verdict"]], verdict_width)
        lines.append(f"{d['index'] + 1:>5}  {chance:<11}  {verdict}  {d['move_label']}{better}")
    counts = format_key("core.separator", lang).join(
        f"{n} × {words[v]}" for v, n in review["summary"].items()
    )
    lines.append(format_key("core.review.summary", lang, n=len(review["decisions"]), counts=counts))
    return lines


def _pad(text: str, width: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (on the left if ``right``)."""
    fill = " " * max(0, width - cell_len(text))
    return fill + text if right else text + fill
