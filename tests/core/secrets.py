"""Twin games for leak tests: the same game, one seat's secret choice made two ways.

A *twin* is a position where a seat chooses between two actions that every other seat
sees alike (``public_action`` gives the same text), followed by the same public moves of
that seat, before any rule reveals the choice. Whatever reaches another seat or a
spectator must then be identical in both games, byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from dragontable import games
from dragontable.core.rng import Rng
from dragontable.core.state import State

if TYPE_CHECKING:
    from dragontable.games.changcheng import ChangChengState

MAX_FOLLOW = 3
"""At most this many public moves of the mover after its secret choice."""


@dataclass(frozen=True)
class Twins:
    """Two continuations of ``prefix`` that differ only in ``mover``'s secret choice."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    prefix: tuple[str, ...] = ()
    mover: int = 0
    a: tuple[str, ...] = ()
    b: tuple[str, ...] = ()

    def start(self) -> State:
        state = games.create(self.game, self.players, self.seed, self.options)
        for action in self.prefix:
            state.apply(action)
        return state

    def play(self, which: str) -> State:
        """The position after twin ``a`` or ``b``."""
        state = self.start()
        for action in self.a if which == "a" else self.b:
            state.apply(action)
        return state

    @property
    def others(self) -> list[int | None]:
        """Every seat but the mover's, and the spectator (``None``)."""
        return [s for s in range(self.players) if s != self.mover] + [None]


def _publicly_alike(state: State, x: str, y: str) -> bool:
    mover = state.current_player
    assert mover is not None
    return x != y and all(
        state.public_action(x, mover, v) == state.public_action(y, mover, v)
        for v in [*range(state.players), None]
        if v != mover
    )


def _follow(state: State, first: str, second: str) -> tuple[list[str], list[str]] | None:
    """Both choices, then the same moves of the mover until someone else is to move."""
    mover = state.current_player
    one, two = state.clone(), state.clone()
    one.apply(first)
    two.apply(second)
    a, b = [first], [second]
    for _ in range(MAX_FOLLOW):
        if one.current_player != mover and two.current_player != mover:
            return a, b
        if one.current_player != two.current_player:
            return None
        common = sorted(set(one.legal_actions()) & set(two.legal_actions()))
        if not common:
            return None
        one.apply(common[0])
        two.apply(common[0])
        a.append(common[0])
        b.append(common[0])
    return None


def find_twins(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    unrevealed: Any = None,
    max_steps: int = 2000,
) -> Iterator[Twins]:
    """Twins met along a random game (seeded): every secret choice with an alternative.

    ``unrevealed(before, after)`` may say whether the twin's moves left the secret
    unrevealed (a rule that shows it at once, like the last return commitment in Ming
    Dynasty, makes the two games differ rightly).
    """
    options = options or {}
    state = games.create(game, players, seed, options)
    rng = Rng(seed)
    prefix: list[str] = []
    for _ in range(max_steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        mover = state.current_player
        assert mover is not None
        for x in legal:
            twin = next((y for y in legal if _publicly_alike(state, x, y)), None)
            if twin is None:
                continue
            follow = _follow(state, x, twin)
            if follow is None:
                continue
            found = Twins(game, players, seed, options, tuple(prefix), mover, *map(tuple, follow))
            if unrevealed is None or (
                unrevealed(state, found.play("a")) and unrevealed(state, found.play("b"))
            ):
                yield found
            break
        action = legal[rng.below(len(legal))]
        state.apply(action)
        prefix.append(action)


def ming_unrevealed(before: State, after: State) -> bool:
    """Ming Dynasty: no return commitments were revealed in between."""
    return all(e["key"] != "ming.return.revealed" for e in after.log[len(before.log) :])


def changcheng_unrevealed(before: State, after: State) -> bool:
    """Chang Cheng: no province was scored (scoring turns its cards face up)."""
    cc_before, cc_after = cast("ChangChengState", before), cast("ChangChengState", after)
    return list(cc_after.scored) == list(cc_before.scored)


UNREVEALED = {"ming": ming_unrevealed, "changcheng": changcheng_unrevealed}
