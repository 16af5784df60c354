"""Chang Cheng: the task stack that runs the game.

``state.tasks`` is a stack (top = last). A task is a tuple ``(kind, seat, ...)``.
An automatic task (``AUTO[kind]``) runs at once and may push others; a decision task
waits for its seat: ``OPTIONS[kind]`` lists its legal actions as ``{notation:
payload}`` and ``APPLY[kind]`` carries one out. :func:`advance` runs automatic tasks
until a decision with at least one option is on top (or the stack is empty: over).
"""

from __future__ import annotations

from typing import Any

from ...core.tasks import TaskEngine
from ...core.tasks import push as push  # re-exported to the rules modules
from .state import CCData

Legal = dict[str, Any]
ENGINE = TaskEngine()
AUTO, OPTIONS, APPLY = ENGINE.auto, ENGINE.options, ENGINE.apply
advance, do = ENGINE.advance, ENGINE.do


def log(st: CCData, key: str, **params: Any) -> None:
    """Append a log entry ``changcheng.<key>``; ``to=seat`` makes it private."""
    st.log.append({"key": f"changcheng.{key}", **params})
