"""State fields declared once (``core.fields``): slots, copies and JSON from one list."""

from __future__ import annotations

import json
from typing import Annotated, Any

from dragontable.core.fields import DICT, LIST, NESTED, RNG, SHARED, TASKS, TUPLE, state_fields
from dragontable.core.rng import Rng
from dragontable.core.tasks import TaskState


@state_fields
class Toy(TaskState):
    n: Annotated[int, SHARED]
    tasks: Annotated[list[tuple[Any, ...]], TASKS]
    marks: Annotated[list[int], LIST]
    counts: Annotated[dict[str, int], DICT]
    rows: Annotated[list[list[int]], NESTED]
    track: Annotated[tuple[tuple[str, int], ...], TUPLE]
    rng: Annotated[Rng, RNG]
    note: str  # not a declared field: no slot, not copied


def _toy() -> Toy:
    st = Toy.__new__(Toy)
    st.players, st.seed, st.options, st.history, st.log, st._legal = 2, 1, {}, ["a"], [], None
    st.quiet = False
    st.n, st.tasks, st.marks, st.counts = 3, [("act", 0, ("x", 1))], [1, 2], {"a": 1}
    st.rows, st.track, st.rng = [[1], [2, 3]], (("p", 1),), Rng(9)
    return st


TOY_SLOTS: tuple[str, ...] = Toy.__slots__
"""Set by ``state_fields`` (mypy only sees ``TaskState``'s empty ``__slots__``)."""


def test_the_declared_fields_become_slots_in_order() -> None:
    assert TOY_SLOTS == ("n", "tasks", "marks", "counts", "rows", "track", "rng")
    assert not hasattr(_toy(), "__dict__")


def test_a_copy_shares_nothing_that_changes_in_place() -> None:
    st = _toy()
    copy = st._copy()
    copy.marks.append(9)
    copy.counts["a"] = 5
    copy.rows[0].append(7)
    copy.tasks.pop()
    copy.rng.next64()
    copy.history.append("b")
    assert st.marks == [1, 2] and st.counts == {"a": 1} and st.rows == [[1], [2, 3]]
    assert st.tasks == [("act", 0, ("x", 1))] and st.history == ["a"]
    assert st.rng.state == Rng(9).state
    assert copy.track is st.track and copy.n == 3
    st.quiet = True
    assert st._copy().quiet  # a silenced state's copies keep no log either


def test_a_snapshot_is_json_and_restores_the_same_values() -> None:
    st = _toy()
    data = json.loads(json.dumps(st._snapshot()))
    back = Toy.__new__(Toy)
    back._restore(data)
    for name in TOY_SLOTS:
        if name != "rng":
            assert getattr(back, name) == getattr(st, name), name
    assert back.rng.state == st.rng.state
    assert back.tasks == [("act", 0, ("x", 1))] and back.track == (("p", 1),)
