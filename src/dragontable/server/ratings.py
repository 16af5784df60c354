"""OpenSkill ratings per player and game: who is rated, the update, how they are shown.

A player is an account (``user:<id>``) or a bot by its spec (``bot:greedy``,
``bot:mcts:2s``). A table is rated when it has at least one human seat, every human
seat is attached to an account, and at least two different players sit at it. When a
rated game ends, :func:`rate_game` turns the final ranking into new ratings (the
Plackett-Luce model); a seat that a zombie bot played for more than a third of its
moves is counted as a loss (last place, tied) and marked.

A seat another seat handed to a bot (``seats.handed_by``, only at tables without a
clock) is counted as its player chose in their account (``users.handover_rating``):
``unrated`` (the default: their rating stays as it was) or ``loss`` (last place, marked,
as a zombie loss). Either way the other seats are rated among themselves only, as if
that seat had not played: beating a bot that an opponent put on an absent player's
seat says nothing of their skill, and no one's rating may hang on another's setting.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .accounts_db import RatingChange
from .db import SeatRow, TableRow

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma
ZOMBIE_LOSS_SHARE = 1 / 3
"""A seat played by a zombie for more than this share of its moves has lost."""
HANDOVER_RATINGS = ("unrated", "loss")
"""How a player's seat handed to a bot by another seat may count for their rating."""
DEFAULT_HANDOVER_RATING = "unrated"
CONSERVATIVE_SIGMAS = 3
"""The shown rating is mu minus this many sigmas (OpenSkill's ordinal)."""


@dataclass(frozen=True)
class Skill:
    """A rating: the mean skill ``mu`` and its uncertainty ``sigma``."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA


def player_of(seat: SeatRow) -> str | None:
    """The rated player of a seat: ``user:<id>``, ``bot:<spec>``, or None for a guest."""
    if seat.kind.startswith("bot:"):
        return seat.kind
    return None if seat.user_id is None else f"user:{seat.user_id}"


def is_rated(row: TableRow) -> bool:
    """Whether the table's game changes ratings (see the module's docstring)."""
    humans = [s for s in row.seats if s.kind == "human"]
    players = {player_of(s) for s in row.seats}
    return bool(humans) and None not in players and len(players) >= 2


def rate_game(
    ranking: list[int],
    before: Mapping[int, Skill],
    zombie_share: Mapping[int, float],
    handed: Mapping[int, str] | None = None,
) -> dict[int, tuple[Skill, bool]]:
    """New skills of the rated seats of a finished game, with whether each was counted
    as a loss (and marked so).

    ``ranking`` lists the seats from first place to last; ``before`` holds each seat's
    skill before the game; ``zombie_share`` the share of a seat's moves that a zombie
    made (seats not in it: none). A seat whose share is over :data:`ZOMBIE_LOSS_SHARE`
    is ranked last, tied with any other such seat. ``handed`` maps the seats another
    seat handed to a bot (and not zombie losses) to their player's choice: the others
    are rated without them; a ``loss`` seat is rated as last; an ``unrated`` one is not
    in the result.
    """
    zombie = {s for s in ranking if zombie_share.get(s, 0.0) > ZOMBIE_LOSS_SHARE}
    handed = {s: c for s, c in (handed or {}).items() if s in ranking and s not in zombie}
    others = [s for s in ranking if s not in handed]
    out = _rated(others, before, zombie) if len(others) >= 2 else {}
    losers = {s for s, choice in handed.items() if choice == "loss"}
    if losers:
        everyone = _rated(ranking, before, zombie | losers)
        out.update({s: everyone[s] for s in losers})
    return out


def _rated(
    ranking: list[int], before: Mapping[int, Skill], losers: set[int]
) -> dict[int, tuple[Skill, bool]]:
    """The Plackett-Luce update of ``ranking`` with the ``losers`` tied last."""
    order = [s for s in ranking if s not in losers]
    ranks = [float(order.index(s)) if s not in losers else float(len(order)) for s in ranking]
    teams = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma)] for s in ranking]
    rated = MODEL.rate(teams, ranks=ranks)
    return {
        s: (Skill(float(team[0].mu), float(team[0].sigma)), s in losers)
        for s, team in zip(ranking, rated, strict=True)
    }


def changes_for(
    row: TableRow,
    ranking: list[int],
    stored: Mapping[tuple[str, str], Mapping[str, Any]],
    zombie_share: Mapping[int, float],
    handed: Mapping[int, str] | None = None,
) -> list[RatingChange]:
    """The rating changes of a finished rated table, from the players' stored ratings
    (``handed``: see :func:`rate_game`)."""
    players = {s.seat: player_of(s) or "" for s in row.seats}
    before = {}
    for seat, player in players.items():
        found = stored.get((player, row.game))
        before[seat] = Skill(found["mu"], found["sigma"]) if found else Skill()
    after = rate_game(ranking, before, zombie_share, handed)
    return [
        RatingChange(
            seat,
            players[seat],
            before[seat].mu,
            before[seat].sigma,
            after[seat][0].mu,
            after[seat][0].sigma,
            after[seat][1],
        )
        for seat in sorted(after)
    ]


def shown(mu: float, sigma: float, games: int = 0) -> dict[str, Any]:
    """A rating as the pages show it: ``ordinal`` = mu - 3 sigma, with ``mu`` and ``sigma``
    (the uncertainty), rounded to tenths."""
    return {
        "ordinal": round(mu - CONSERVATIVE_SIGMAS * sigma, 1),
        "mu": round(mu, 1),
        "sigma": round(sigma, 1),
        "games": games,
    }


def shown_or_default(found: Mapping[str, Any] | None) -> dict[str, Any]:
    """A stored rating as shown, or the starting rating of a player with no rated game."""
    if found is None:
        return shown(DEFAULT_MU, DEFAULT_SIGMA, 0)
    return shown(found["mu"], found["sigma"], found["games"])


def change_info(change: RatingChange, row: TableRow) -> dict[str, Any]:
    """One seat's change as sent to pages: the rating before and after, the mark, and
    the seat that handed this one to a bot (None: none did)."""
    return {
        "seat": change.seat,
        "before": shown(change.mu_before, change.sigma_before),
        "after": shown(change.mu, change.sigma),
        "zombie_loss": change.zombie_loss,
        "handed_by": row.seats[change.seat].handed_by,
    }


def is_marked(row: TableRow, changes: list[RatingChange]) -> bool:
    """Whether a rated game is marked: a seat lost to zombie play, or another seat
    handed a seat to a bot."""
    return any(c.zombie_loss for c in changes) or any(s.handed_by is not None for s in row.seats)
