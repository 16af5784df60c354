"""The state contract every game implements.

A state is always waiting on exactly one seat's decision, or is over. Actions are
strings in the game's canonical notation; ``legal_actions()`` lists them and
``apply()`` takes one. Games subclass :class:`State` and implement the hooks
marked "game hook".
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from .choices import Choice, plain
from .errors import IllegalAction, NotationError, OptionError, RecordError
from .game import Game

LogEntry = dict[str, Any]
"""A structured log entry: ``{"key": "dragon.tribute.paid", "seat": 2, "yuan": 4}``.

An entry with ``"to": seat`` is private to that seat (see :meth:`State.log_for`).
"""

_MISSING = object()

HIDDEN = "?"
"""What replaces the secret part of a move's notation for those who may not know it."""


class State:
    """Base class of every game state. See ``docs/architecture.md``."""

    game: ClassVar[Game]
    __slots__ = ("players", "seed", "options", "history", "log", "quiet", "_legal")

    players: int
    seed: int
    options: dict[str, Any]
    history: list[str]
    log: list[LogEntry]
    quiet: bool
    """No log kept (:meth:`silence`): rules skip writing entries nobody will read."""
    _legal: dict[str, Any] | None

    # -- game hooks ---------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is, or ``None`` when the game is over."""
        raise NotImplementedError

    def _legal_map(self) -> dict[str, Any]:
        """Game hook: canonical notation -> internal payload for every legal action."""
        raise NotImplementedError

    def _do(self, payload: Any) -> None:
        """Game hook: carry out a legal action and run the game on to the next decision."""
        raise NotImplementedError

    def _why_illegal(self, action: str) -> LogEntry | None:
        """Game hook: the rule that forbids ``action`` (canonical, parsed) as a message
        ``{"key": "<game>.refusal.…", **params}``; None when the pending decision is
        another kind (the refusal then shows its prompt)."""
        return {"key": "core.refusal.not_legal"}

    def prompt(self) -> dict[str, Any]:
        """Game hook: the pending decision as a message key with parameters."""
        raise NotImplementedError

    def scores(self) -> list[dict[str, Any]]:
        """Game hook: per seat ``{"total": int, "breakdown": {source: int}}``."""
        raise NotImplementedError

    def ranking(self) -> list[int]:
        """Game hook: seats from first place to last, ties broken by the rules."""
        raise NotImplementedError

    def _view(self, player: int | None) -> dict[str, Any]:
        """Game hook: a JSON-ready dict of exactly what ``player`` may see (None: spectator);
        ``player`` is a seat of the game or None."""
        raise NotImplementedError

    def _public_action(self, action: str, mover: int, viewer: int | None) -> str:
        """Game hook: ``action`` of ``mover`` as ``viewer`` (not the mover) may know it.

        A game with secret choices returns their notation with the secret part replaced by
        :data:`HIDDEN` (``card ?``); the default suits games whose every move is public.
        """
        return action

    def _options_public(self) -> bool:
        """Game hook: whether every seat can tell how many legal actions the pending
        decision has (a hand's contents, say, make it private)."""
        return True

    def _snapshot(self) -> dict[str, Any]:
        """Game hook: the full game-specific state as JSON-ready data."""
        raise NotImplementedError

    def _copy(self) -> Self:
        """Game hook: an independent copy (cheap; called by :meth:`clone`)."""
        raise NotImplementedError

    def _determinize(self, player: int, seed: int) -> Self:
        """Game hook: a full state consistent with everything ``player`` has seen.

        Re-draw every fact hidden from ``player`` (other hands, face-down cards, unrevealed
        choices, deck order) from ``seed`` and reseed the state's RNG.
        """
        raise NotImplementedError

    def reseed(self, seed: int) -> None:
        """Game hook: chance still to come is drawn again from ``seed``: the state's own
        generator restarts from it, and a face-down pile whose order no seat knows is
        shuffled again; nothing any seat has seen changes. A search gives each iteration
        its own future in a sampled world it shares with others."""
        raise NotImplementedError

    # -- the contract ---------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list[str]:
        """The legal actions in canonical notation (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_map()
        return list(legal)

    def choices(
        self, seat: int | None, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[Choice]:
        """The legal actions of ``seat`` described for a page, in ``lang`` (``core.choices``):
        each with its board target and label; empty unless ``seat`` is the seat to move."""
        if seat is None or seat != self.current_player:
            return []
        describe = self.game.describe_choices
        if describe is None:
            return plain(self.legal_actions())
        return describe(self, seat, lang, names)

    def shared_target(self, action: str) -> str | None:
        """Where on the board the legal ``action`` of the seat to move goes, when every seat's
        board has that element (``Game.shared_targets``); else None."""
        prefixes, seat = self.game.shared_targets, self.current_player
        if not prefixes or seat is None:
            return None
        found = next((c["target"] for c in self.choices(seat) if c["action"] == action), None)
        return found if isinstance(found, str) and found.startswith(prefixes) else None

    def is_legal(self, action: str) -> bool:
        try:
            self._resolve(action)
        except (IllegalAction, NotationError):
            return False
        return True

    def _resolve(self, action: str) -> tuple[str, Any]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_map()
        if not isinstance(action, str):
            raise NotationError("core.refusal.not_text")
        payload = legal.get(action, _MISSING)
        if payload is not _MISSING:
            return action, payload
        canonical = self.game.parse_action(action)
        payload = legal.get(canonical, _MISSING)
        if payload is _MISSING:
            seat = self.current_player
            if seat is None:
                raise IllegalAction("core.refusal.game_over", action=canonical)
            reason = self._why_illegal(canonical)
            if reason is None:
                reason = {"key": "core.refusal.decision", "prompt": self.prompt()}
            raise IllegalAction("core.refusal.illegal", action=canonical, seat=seat, reason=reason)
        return canonical, payload

    def apply(self, action: str) -> None:
        """Apply one action (notation). Raises ``IllegalAction``/``NotationError`` untouched."""
        legal = self._legal
        payload = _MISSING
        if legal is not None and isinstance(action, str):
            payload = legal.get(action, _MISSING)  # the common case: a listed action
        if payload is _MISSING:
            action, payload = self._resolve(action)
        self.history.append(action)
        self._legal = None
        self._do(payload)

    push = apply

    def view(self, player: int | None) -> dict[str, Any]:
        """Exactly what ``player`` may see, JSON-ready (None: a spectator); OptionError for
        a seat the game does not have."""
        if player is not None and (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.players
        ):
            raise OptionError(f"no seat {player!r} in a {self.players}-player game")
        return self._view(player)

    def public_action(self, action: str, mover: int, viewer: int | None) -> str:
        """How ``action``, made by seat ``mover``, shows to ``viewer`` (None: a spectator).

        The mover sees its own notation; others see a secret choice with its secret part
        replaced by :data:`HIDDEN`. Whatever a seat is told about others' moves comes from
        here, so it can never carry more than that seat may know.
        """
        if viewer == mover:
            return action
        return self._public_action(action, mover, viewer)

    def forced_action(self) -> str | None:
        """The only legal action, when there is one and everyone can know it is the only one.

        Drivers apply such a decision without asking; a one-option decision whose being
        forced follows from a secret (the last card type in a hand) is left to its seat,
        since applying it at once would tell the table that secret.
        """
        if self.is_over or not self._options_public():
            return None
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_map()
        return next(iter(legal)) if len(legal) == 1 else None

    def winners(self) -> list[int]:
        """The winning seat(s) once the game is over."""
        return self.ranking()[:1] if self.is_over else []

    def log_for(self, player: int | None, since: int = 0) -> list[LogEntry]:
        """Log entries from index ``since`` that ``player`` may see, without privacy marks."""
        out = []
        for entry in self.log[since:]:
            to = entry.get("to")
            if to is None:
                out.append(entry)
            elif to == player:
                out.append({k: v for k, v in entry.items() if k != "to"})
        return out

    def determinize(self, player: int, seed: int, *, keep_log: bool = True) -> Self:
        """A full state consistent with what ``player`` has seen, for search bots.

        Hidden facts are re-drawn from ``seed``; the copy's history is emptied and its log
        keeps only what ``player`` may read, so nothing secret survives in it; with
        ``keep_log=False`` (a search's sampled worlds, which never read it) the copy keeps
        no log (:meth:`silence`).
        """
        state = self._determinize(player, seed)
        state.history = []
        if keep_log:
            state.log = [e for e in state.log if e.get("to") in (None, player)]
        else:
            state.silence()
        return state

    def silence(self) -> None:
        """Keep no log from now on, and drop the one so far: for states whose log nobody
        reads (a search's sampled worlds, a simulation's random games). The rules then
        skip building its entries; everything else plays exactly as before."""
        self.log = []
        self.quiet = True

    def clone(self) -> Self:
        """An independent copy; applying actions to it never touches this state."""
        return self._copy()

    def record(self) -> dict[str, Any]:
        """The game record: game, players, seed, options and every action so far."""
        return {
            "format": "dragontable-record/1",
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.history),
        }

    def to_json(self) -> dict[str, Any]:
        """A full snapshot (including the RNG) that :func:`from_json` continues exactly."""
        return {
            "format": "dragontable-state/1",
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "history": list(self.history),
            "log": [dict(e) for e in self.log],
            "state": self._snapshot(),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    # Unhashable (mutable, compared by content); typeshed types object.__hash__ as a method.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.name} players={self.players} "
            f"seed={self.seed} actions={len(self.history)}>"
        )


def check_snapshot(data: Any, game: Game) -> dict[str, Any]:
    """Validate the envelope of a snapshot from :meth:`State.to_json`."""
    if not isinstance(data, dict) or data.get("format") != "dragontable-state/1":
        raise RecordError("not a dragontable state snapshot (format dragontable-state/1)")
    if data.get("game") != game.name:
        raise RecordError(f"snapshot is of game {data.get('game')!r}, not {game.name!r}")
    for key in ("players", "seed", "options", "history", "log", "state"):
        if key not in data:
            raise RecordError(f"snapshot lacks {key!r}")
    return data
