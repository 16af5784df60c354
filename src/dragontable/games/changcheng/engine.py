"""Chang Cheng: the task stack that runs the game.

``state.tasks`` is a stack (top = last). A task is a tuple ``(kind, seat, ...)``.
An automatic task (``AUTO[kind]``) runs at once and may push others; a decision task
waits for its seat: ``OPTIONS[kind]`` lists its legal actions as ``{notation:
payload}`` and ``APPLY[kind]`` carries one out. :func:`advance` runs automatic tasks
until a decision with at least one option is on top (or the stack is empty: over).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import CCData, Task

Legal = dict[str, Any]
AUTO: dict[str, Callable[[CCData, Task], None]] = {}
OPTIONS: dict[str, Callable[[CCData, Task], Legal]] = {}
APPLY: dict[str, Callable[[CCData, Task, Any], None]] = {}


def push(st: CCData, *tasks: Task) -> None:
    """Push tasks so that the first one given runs first."""
    st.tasks.extend(reversed(tasks))


def advance(st: CCData) -> None:
    """Run automatic tasks until a decision with at least one legal option is on top."""
    tasks = st.tasks
    while tasks:
        task = tasks[-1]
        auto = AUTO.get(task[0])
        if auto is not None:
            tasks.pop()
            auto(st, task)
            continue
        legal = OPTIONS[task[0]](st, task)
        if legal:
            st._legal = legal
            return
        tasks.pop()  # a decision that nobody can take: skip it
    st._legal = {}


def do(st: CCData, payload: Any) -> None:
    """Carry out the decision on top of the stack and run on to the next one."""
    task = st.tasks.pop()
    APPLY[task[0]](st, task, payload)
    advance(st)


def log(st: CCData, key: str, **params: Any) -> None:
    """Append a log entry ``changcheng.<key>``; ``to=seat`` makes it private."""
    st.log.append({"key": f"changcheng.{key}", **params})
