"""In the Year of the Dragon: the state class on the core contract."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data as D
from .determinize import determinize
from .explain import why_illegal
from .flow import ENGINE
from .setup import setup as _setup
from .state import DragonData
from .view import options_public, public_action, view

# The task fields a prompt shows, by decision kind. Never a secret: the card behind a
# pending "take" is not listed, so a spectator cannot learn it from the prompt.
_TASK_FIELDS = {
    "place": ("tile",),
    "full": ("tile",),
    "floor": ("n",),
    "release": ("n", "reason"),
    "drought": ("n",),
    "quake": ("n",),
    "flood": ("n",),
    "tornado": ("n",),
}


class DragonState(DragonData):
    """A game of In the Year of the Dragon. Create with ``games.create("dragon", ...)``."""

    __slots__ = ()
    engine = ENGINE

    setup = _setup
    prompt_fields = _TASK_FIELDS

    # -- core hooks ------------------------------------------------------------------
    def _why_illegal(self, action: str) -> dict[str, Any] | None:
        return why_illegal(self, action)

    def scores(self) -> list[dict[str, Any]]:
        return [{"total": p.vp, "breakdown": dict(p.vp_by)} for p in self.seats]

    def ranking(self) -> list[int]:
        """Most VP first; ties by person track, then stack height (§4.6, D4)."""
        return sorted(
            range(self.players),
            key=lambda s: (self.seats[s].vp, self.seats[s].pt, self.seats[s].pt_stack),
            reverse=True,
        )

    def _view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def _public_action(self, action: str, mover: int, viewer: int | None) -> str:
        return public_action(self, action, viewer)

    def _options_public(self) -> bool:
        return options_public(self)

    def _determinize(self, player: int, seed: int) -> DragonState:
        return determinize(self, player, seed)

    def reseed(self, seed: int) -> None:
        self.rng = Rng(seed)


__all__ = ["D", "DragonState"]
