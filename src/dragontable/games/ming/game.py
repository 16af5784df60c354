"""Ming Dynasty: the state class on the core contract."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .determinize import determinize
from .explain import why_illegal
from .flow import ENGINE
from .setup import setup as _setup
from .state import MingData
from .view import phase, public_action, view


class MingState(MingData):
    """A game of Ming Dynasty. Create with ``games.create("ming", ...)``."""

    __slots__ = ()
    engine = ENGINE

    setup = _setup

    # -- core hooks ------------------------------------------------------------------
    def _why_illegal(self, action: str) -> dict[str, Any] | None:
        return why_illegal(self, action)

    def prompt(self) -> dict[str, Any]:
        if not self.tasks:
            return {"key": "ming.prompt.over"}
        task = self.tasks[-1]
        kind, seat = task[0], task[1]
        m = self.map
        out: dict[str, Any] = {"key": f"ming.prompt.{kind}", "seat": seat, "round": self.round}
        if kind in ("moving", "deploy"):
            out["district"] = m.districts[self.prince[seat]]
        elif kind in ("return", "back"):
            out["province"] = m.provinces[task[2]]
            if len(task) > 3:
                out["key"] = "ming.prompt.back_neutral"
        return out

    def scores(self) -> list[dict[str, Any]]:
        return [
            {"total": self.score[s], "breakdown": dict(self.score_by[s])}
            for s in range(self.players)
        ]

    def _rank_key(self, seat: int) -> tuple[int, int]:
        tiebreak = self.cloisters_of(seat) if self.options["final_tiebreak"] == "cloisters" else 0
        return self.score[seat], tiebreak

    def ranking(self) -> list[int]:
        """Most points first; ties: more cloister members (§4.6, REC), then seat order."""
        return sorted(
            range(self.players), key=lambda s: (-self._rank_key(s)[0], -self._rank_key(s)[1], s)
        )

    def winners(self) -> list[int]:
        """Every seat tied with the first place after the tie-break shares the victory."""
        if not self.is_over:
            return []
        best = self._rank_key(self.ranking()[0])
        return [s for s in self.ranking() if self._rank_key(s) == best]

    def _view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def _public_action(self, action: str, mover: int, viewer: int | None) -> str:
        return public_action(action)

    def _determinize(self, player: int, seed: int) -> MingState:
        return determinize(self, player, seed)

    def reseed(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.rng.shuffle(self.deck)  # face down: no seat knows its order

    @property
    def phase(self) -> str:
        """The phase of the pending decision (setup, neutral, 1-5) or ``over``."""
        return phase(self)
