"""The task stack that drives every game's flow.

A state holds ``tasks`` (top = last). An automatic task runs and may push others; a
decision task waits for the seat in its second field. A game declares its flow once, as a
table from task kind to :class:`Auto` ``(run)`` or :class:`Decision` ``(options, apply,
has_options)`` (``games/<name>/flow.py``), and builds its :class:`TaskEngine` from it.
``options(state, task) -> {notation: payload}`` lists a decision's legal actions and
``apply(state, task, payload)`` carries one out; where listing is costly,
``has_options(state, task) -> bool`` says whether there is any (exactly
``bool(options(state, task))``) and the list is built only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .state import _MISSING, State

Task = tuple[Any, ...]
Legal = dict[str, Any]


def push(st: Any, *tasks: Task) -> None:
    """Push tasks so that the first one given runs first."""
    st.tasks.extend(reversed(tasks))


@dataclass(frozen=True)
class Auto:
    """An automatic task: ``run(state, task)`` carries it out (and may push others)."""

    run: Callable[[Any, Task], None]


@dataclass(frozen=True)
class Decision:
    """A decision task: ``options(state, task) -> {notation: payload}`` lists its legal
    actions, ``apply(state, task, payload)`` carries one out; where listing is costly,
    ``has_options(state, task)`` says whether there is any."""

    options: Callable[[Any, Task], Legal]
    apply: Callable[[Any, Task, Any], None]
    has_options: Callable[[Any, Task], bool] | None = None


_Step = tuple[
    Callable[[Any, Task], None] | None,
    Callable[[Any, Task], bool] | None,
    Callable[[Any, Task], Legal],
]


def _automatic(st: Any, task: Task) -> Legal:
    """An automatic task's options in the step table: never asked (its ``run`` comes first)."""
    raise AssertionError(f"task {task[0]!r} is automatic: it has no options")


Flow = Mapping[str, Auto | Decision]
"""A game's flow of play: every task kind and the rule that handles it."""


class TaskEngine:
    """One game's task handlers and the loop that runs them."""

    def __init__(self, flow: Flow | None = None) -> None:
        self.auto: dict[str, Callable[[Any, Task], None]] = {}
        self.options: dict[str, Callable[[Any, Task], Legal]] = {}
        self.apply: dict[str, Callable[[Any, Task, Any], None]] = {}
        self.has_options: dict[str, Callable[[Any, Task], bool]] = {}
        self._steps: dict[str, _Step] = {}
        """Per kind ``(run, has_options, options)``, the first None for a decision: what
        ``advance`` needs found with one look-up (an automatic task's options raise)."""
        for kind, step in (flow or {}).items():
            if isinstance(step, Auto):
                self.auto[kind] = step.run
                self._steps[kind] = (step.run, None, _automatic)
                continue
            self.options[kind], self.apply[kind] = step.options, step.apply
            if step.has_options is not None:
                self.has_options[kind] = step.has_options
            self._steps[kind] = (None, step.has_options, step.options)

    def advance(self, st: Any, decided: Task | None = None, payload: Any = None) -> None:
        """Run automatic tasks until a decision with at least one legal option is on top.

        A decision nobody can take (no options) is dropped. ``decided``: a decision just
        taken off the stack, carried out with ``payload`` first (a move, in the one call
        that every decision of a playout makes).
        """
        if decided is not None:
            self.apply[decided[0]](st, decided, payload)
        tasks, steps = st.tasks, self._steps
        while tasks:
            task = tasks[-1]
            run, check, options = steps[task[0]]
            if run is not None:
                tasks.pop()
                run(st, task)
                continue
            if check is not None:
                if check(st, task):
                    st._legal = None  # listed on demand by legal_actions()
                    return
                tasks.pop()
                continue
            legal = options(st, task)  # a decision
            if legal:
                st._legal = legal
                return
            tasks.pop()
        st._legal = {}


class TaskState(State):
    """A state driven by a :class:`TaskEngine`: the contract's flow hooks, once for all games.

    A game sets ``engine`` and ``prompt_fields`` (per decision kind, the names of the
    task's fields after the seat that its prompt shows), and implements ``setup(players,
    seed, options)`` (fills a bare state) and ``_restore(data)`` (the inverse of
    ``_snapshot``).
    """

    __slots__ = ()
    engine: ClassVar[TaskEngine]
    prompt_fields: ClassVar[dict[str, tuple[str, ...]]] = {}
    tasks: list[Task]

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """A new game from validated arguments, run on to its first decision."""
        st = cls.__new__(cls)
        st.quiet = False
        st.setup(players, seed, options)
        cls.engine.advance(st)
        return st

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Self:
        """The state that ``to_json()`` described (envelope already checked)."""
        st = cls.__new__(cls)
        st.players, st.seed = int(data["players"]), int(data["seed"])
        st.options = cls.game.validate(st.players, st.seed, data["options"])[2]
        st.history = list(data["history"])
        st.log = [dict(e) for e in data["log"]]
        st.quiet = False
        st._legal = None
        st._restore(data["state"])
        return st

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> None:
        """Game hook: fill this bare state from validated players, seed and options."""
        raise NotImplementedError

    def _restore(self, data: dict[str, Any]) -> None:
        """Game hook: fill this bare state from ``_snapshot()`` data."""
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:
        tasks = self.tasks
        return tasks[-1][1] if tasks else None

    @property
    def is_over(self) -> bool:
        return not self.tasks  # the engine leaves a decision on top until the game ends

    @property
    def phase(self) -> str:
        """The kind of the decision on top, or ``over``."""
        return self.tasks[-1][0] if self.tasks else "over"

    def prompt(self) -> dict[str, Any]:
        """``{"key": "<game>.prompt.<kind>", "seat": s, <named task fields>}``."""
        name = self.game.name
        if not self.tasks:
            return {"key": f"{name}.prompt.over"}
        task = self.tasks[-1]
        kind = task[0]
        out: dict[str, Any] = {"key": f"{name}.prompt.{kind}", "seat": task[1]}
        for field, value in zip(self.prompt_fields.get(kind, ()), task[2:], strict=False):
            out[field] = value
        return out

    def _legal_map(self) -> dict[str, Any]:
        if not self.tasks:
            return {}
        task = self.tasks[-1]
        return self.engine.options[task[0]](self, task)

    def apply(self, action: str) -> None:
        """:meth:`State.apply` with :meth:`_do` written out: one call less at every decision
        of every playout (a random game of Dragon makes some 230), the engine's one more."""
        try:
            payload = self._legal[action]  # type: ignore[index]  # the common case: one listed
        except (KeyError, TypeError):  # not listed so, not listed yet (None), or unhashable
            payload = _MISSING
        if payload is _MISSING:  # outside the handler: a refusal chains no KeyError
            action, payload = self._resolve(action)
        self.history.append(action)
        self._legal = None
        self.engine.advance(self, self.tasks.pop(), payload)

    push = apply

    def _do(self, payload: Any) -> None:
        """Carry out the decision on top of the stack and run on to the next one."""
        self.engine.advance(self, self.tasks.pop(), payload)
