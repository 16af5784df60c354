"""Nim, a toy game written the way a fourth game would be: one package, one registry line.

Players in turn take 1-3 sticks from one heap; whoever takes the last stick wins.
Everything a game needs is declared here: its options, its state's fields (core.fields),
its flow table (core.tasks), its notation and its view.
"""

from __future__ import annotations

from typing import Annotated, Any, Self

from dragontable.core.fields import LIST, RNG, SHARED, TASKS, state_fields
from dragontable.core.game import Game
from dragontable.core.notation import action_words, unknown
from dragontable.core.options import OptionSpec
from dragontable.core.rng import Rng
from dragontable.core.tasks import Decision, Legal, Task, TaskEngine, TaskState

MAX_TAKE = 3


def opt_turn(st: NimState, task: Task) -> Legal:
    return {f"take {n}": n for n in range(1, min(MAX_TAKE, st.heap) + 1)}


def apply_turn(st: NimState, task: Task, n: int) -> None:
    seat = task[1]
    st.heap -= n
    st.log.append({"key": "nim.took", "seat": seat, "n": n})
    if st.heap == 0:
        st.winner = seat
    else:
        st.tasks.append(("turn", (seat + 1) % st.players))


ENGINE = TaskEngine({"turn": Decision(opt_turn, apply_turn)})


EXPECTED = {"key": "toy_nim.refusal.expected"}  # a toy has no catalogs: it reads as its key


def parse_action(text: str) -> str:
    words = action_words(text, EXPECTED)
    if len(words) == 2 and words[0].lower() == "take" and words[1] in ("1", "2", "3"):
        return f"take {words[1]}"
    raise unknown(text, words[0], EXPECTED)


@state_fields
class NimState(TaskState):
    heap: Annotated[int, SHARED]
    winner: Annotated[int | None, SHARED]
    taken: Annotated[list[int], LIST]
    tasks: Annotated[list[Task], TASKS]
    rng: Annotated[Rng, RNG]

    engine = ENGINE

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players, self.seed, self.options = players, seed, options
        self.history, self.log, self._legal = [], [], None
        self.heap, self.winner, self.taken = int(options["heap"]), None, [0] * players
        self.rng = Rng(seed)
        self.tasks = [("turn", self.rng.below(players))]

    def scores(self) -> list[dict[str, Any]]:
        return [
            {"total": int(s == self.winner), "breakdown": {"win": int(s == self.winner)}}
            for s in range(self.players)
        ]

    def ranking(self) -> list[int]:
        return sorted(range(self.players), key=lambda s: s != self.winner)

    def _view(self, player: int | None) -> dict[str, Any]:
        return {"game": "nim", "heap": self.heap, "to_move": self.current_player}

    def _determinize(self, player: int, seed: int) -> Self:
        copy = self._copy()
        copy.rng = Rng(seed)
        return copy

    def reseed(self, seed: int) -> None:
        self.rng = Rng(seed)


GAME = Game(
    name="nim",
    title="Nim",
    min_players=2,
    max_players=3,
    options=(OptionSpec("heap", 15, (10, 15, 21)),),
    state=NimState,
    parse_action=parse_action,
    chance=False,
    hidden_information=False,
)
