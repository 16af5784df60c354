"""Ming Dynasty: the task stack that runs the game, shared by ``rules.py`` and ``scoring.py``.

``state.tasks`` is a stack (top = last). An automatic task (``AUTO[kind]``) runs at once
and may push others; a decision task ``(kind, seat, ...)`` waits for its seat:
``OPTIONS[kind]`` lists its legal actions as ``{notation: payload}`` and ``APPLY[kind]``
carries one out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.tasks import TaskEngine
from ...core.tasks import push as push  # re-exported to the rules modules

Legal = dict[str, Any]
ENGINE = TaskEngine()
AUTO, OPTIONS, APPLY = ENGINE.auto, ENGINE.options, ENGINE.apply
advance, do = ENGINE.advance, ENGINE.do


def register(kind: str, options: Callable[..., Legal], apply: Callable[..., None]) -> None:
    """Register decision ``kind``: its options and its effect."""
    OPTIONS[kind] = options
    APPLY[kind] = apply
