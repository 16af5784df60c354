"""Chang Cheng: the state class on the core contract."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .determinize import determinize
from .explain import why_illegal
from .final import ranking
from .flow import ENGINE
from .setup import setup as _setup
from .state import CCData
from .view import options_public, public_action, view

# The task fields a prompt shows for each decision kind (never a secret).
_PROMPT_FIELDS: dict[str, tuple[str, ...]] = {
    "second": ("province",), "card2": ("province",), "cardwall": ("province",),
    "reservechoice": ("space",), "scoutchoice": ("region",), "warrior": ("province",),
    "traitor": ("province",), "flood": ("province",), "builder": ("province",),
    "mandarin": ("province",), "swapwith": ("space",),
}  # fmt: skip


class ChangChengState(CCData):
    """A game of Chang Cheng. Create with ``games.create("changcheng", ...)``."""

    __slots__ = ()
    engine = ENGINE

    setup = _setup
    prompt_fields = _PROMPT_FIELDS

    # -- core hooks ------------------------------------------------------------------
    def _why_illegal(self, action: str) -> dict[str, Any] | None:
        return why_illegal(self, action)

    def scores(self) -> list[dict[str, Any]]:
        return [
            {"total": self.score[s], "breakdown": dict(self.by[s])} for s in range(self.players)
        ]

    def ranking(self) -> list[int]:
        """Highest reputation first; there is no tie-breaker (§4.10)."""
        return ranking(self)

    def winners(self) -> list[int]:
        """Every seat with the highest score: a tie is a shared victory (§4.10)."""
        if not self.is_over:
            return []
        best = max(self.score)
        return [s for s in range(self.players) if self.score[s] == best]

    def _view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def _public_action(self, action: str, mover: int, viewer: int | None) -> str:
        return public_action(action)

    def _options_public(self) -> bool:
        return options_public(self)

    def _determinize(self, player: int, seed: int) -> ChangChengState:
        return determinize(self, player, seed)

    def reseed(self, seed: int) -> None:
        self.rng = Rng(seed)
