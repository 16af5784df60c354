"""The notice of a stored action (``fanout``): what a process holding the table needs to
play it without reading it back."""

from __future__ import annotations

import json
from dataclasses import dataclass

ACTION = "action:"


@dataclass(frozen=True)
class NoticedAction:
    """A stored action as its notice tells it (:func:`action_kind`): its index, whether
    the zombie bot played it, whether seat clocks changed with it (which the notice does
    not carry), whether it was forced, and where it went (``State.shared_target``)."""

    idx: int
    zombie: bool
    clocks: bool
    forced: bool
    target: str | None
    notation: str


def action_kind(action: NoticedAction) -> str:
    """The notice of a stored action: ``action:`` and its fields as a JSON list."""
    fields = [action.idx, action.zombie, action.clocks, action.forced, action.target]
    return ACTION + json.dumps([*fields, action.notation], separators=(",", ":"))


def parse_action_kind(kind: str) -> NoticedAction | None:
    """The action an :func:`action_kind` notice tells of, or None."""
    if not kind.startswith(ACTION):
        return None
    try:
        idx, zombie, clocks, forced, target, notation = json.loads(kind[len(ACTION) :])
    except (ValueError, TypeError):
        return None
    flags = (zombie, clocks, forced)
    if not isinstance(idx, int) or not all(isinstance(f, bool) for f in flags):
        return None
    if not isinstance(notation, str) or not (target is None or isinstance(target, str)):
        return None
    return NoticedAction(idx, zombie, clocks, forced, target, notation)
