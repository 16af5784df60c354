"""Replays of finished games: the viewer's steps and the score chart, cached per table.

Only finished games are replayed here (records hold every seat's secrets); each step
shows the public view, so the viewer shows what a spectator saw at that moment.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..core.messages import LANGUAGES, render
from ..core.state import State
from ..games import replay_steps

CHECKPOINT = 32
"""A copy of the state is kept every this many steps; a step replays at most this many."""
CACHE_SIZE = 16
"""How many tables' replays stay in memory."""


@dataclass
class Replay:
    """One finished game's record with what the viewer needs at every step.

    Step ``k`` is the state after the first ``k`` actions (step 0: before any).
    """

    record: dict[str, Any]
    seats: list[int]
    log_ends: list[int]
    totals: list[list[int]]
    checkpoints: list[State]

    @classmethod
    def build(cls, record: dict[str, Any]) -> Replay:
        """Replay ``record`` once, noting movers, log lengths, totals and checkpoints."""
        seats: list[int] = []
        log_ends: list[int] = []
        totals: list[list[int]] = []
        checkpoints: list[State] = []
        for k, state in enumerate(replay_steps(record)):
            if k % CHECKPOINT == 0:
                checkpoints.append(state.clone())
            if state.current_player is not None:
                seats.append(state.current_player)
            log_ends.append(len(state.log))
            totals.append([s["total"] for s in state.scores()])
        return cls(record, seats[: len(record["actions"])], log_ends, totals, checkpoints)

    @property
    def total_steps(self) -> int:
        return len(self.record["actions"])

    def state_at(self, step: int) -> State:
        """A fresh state after ``step`` actions (from the nearest checkpoint)."""
        state = self.checkpoints[step // CHECKPOINT].clone()
        for action in self.record["actions"][len(state.history) : step]:
            state.apply(action)
        return state

    def step(self, step: int, lang: str, names: list[str]) -> dict[str, Any]:
        """The viewer's data for one step: public view, the move in words, that step's
        log lines, scores."""
        lang = lang if lang in LANGUAGES else "en"
        state, move = self.state_at(step), None
        if step:
            before = self.state_at(step - 1)
            move = self.described(before, step, lang, names)
            state = before
            state.apply(self.record["actions"][step - 1])
        start = self.log_ends[step - 1] if step else 0
        entries = [e for e in state.log[start : self.log_ends[step]] if e.get("to") is None]
        return {
            "step": step,
            "total_steps": self.total_steps,
            "game": self.record["game"],
            "names": names,
            "action": self.record["actions"][step - 1] if step else None,
            "seat": self.seats[step - 1] if step else None,
            "move": move,
            "view": state.view(None),
            "log": [{"text": render(e, lang, names), "entry": e} for e in entries],
            "scores": state.scores(),
        }

    def described(self, before: State, step: int, lang: str, names: list[str]) -> str:
        """Action ``step`` in words: its label among the choices its seat had (``before``
        is the state it was made in); the notation if the game has no label for it."""
        action, seat = self.record["actions"][step - 1], self.seats[step - 1]
        labels = {c["action"]: c["label"] for c in before.choices(seat, lang, names)}
        return str(labels.get(action, action))

    def history(self, names: list[str]) -> dict[str, Any]:
        """Per seat the total after each step where some total changed (and first, last)."""
        last = self.total_steps
        steps = [
            k for k, row in enumerate(self.totals) if k in (0, last) or row != self.totals[k - 1]
        ]
        return {
            "total_steps": last,
            "steps": steps,
            "seats": [
                {"seat": s, "name": names[s], "totals": [self.totals[k][s] for k in steps]}
                for s in range(len(names))
            ],
        }


class ReplayCache:
    """The replays of the most recently viewed finished tables (at most ``size``)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self._building = asyncio.Lock()

    async def get(self, table_id: str, record: dict[str, Any]) -> Replay:
        """The table's replay, built in a worker thread on first use."""
        async with self._building:
            replay = self.replays.get(table_id)
            if replay is None:
                replay = await asyncio.to_thread(Replay.build, record)
                self.replays[table_id] = replay
            self.replays.move_to_end(table_id)
            while len(self.replays) > self.size:
                self.replays.popitem(last=False)
        return replay
