"""Games as Ray tasks: ``dragontable simulate … --ray [ADDRESS]`` and ``tournament … --ray``.

:func:`ray_map` runs ``fn(*args)`` for every argument tuple as Ray tasks, ``batch``
tuples to a task and at most ``in_flight`` tasks at once, and returns the results in the
order of the arguments, so a summary built from them is the summary of a local run:
every game's seeds come from the master seed and the game's index, never from where or
when it ran. ``address`` names a running cluster (``ray start --head`` prints it); None
connects to the cluster this machine belongs to, else starts a local one. Every node
needs dragontable installed (the tasks import it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

DEFAULT_IN_FLIGHT_PER_CPU = 2


def _run_batch(fn: Callable[..., Any], batch: list[tuple[Any, ...]]) -> list[Any]:
    """One task: ``fn`` over a batch of argument tuples."""
    return [fn(*args) for args in batch]


def connect(address: str | None) -> None:
    """Join the cluster at ``address`` (None: this machine's, else a new local one)."""
    import ray

    if ray.is_initialized():
        return
    ray.init(address=address or None, include_dashboard=False, log_to_driver=False)


def ray_map(
    fn: Callable[..., Any],
    args: Sequence[tuple[Any, ...]],
    address: str | None = None,
    batch: int = 1,
    in_flight: int | None = None,
    tick: Callable[[int], None] | None = None,
) -> list[Any]:
    """``[fn(*a) for a in args]`` computed by Ray tasks of ``batch`` calls each, at most
    ``in_flight`` tasks at once (default: twice the cluster's CPUs); ``tick(n)`` is told
    each time ``n`` more calls are done."""
    import ray

    connect(address)
    if batch < 1:
        raise ValueError(f"batch must be at least 1, not {batch}")
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    most = in_flight or max(1, int(cpus)) * DEFAULT_IN_FLIGHT_PER_CPU
    task = ray.remote(_run_batch)
    batches = [list(args[i : i + batch]) for i in range(0, len(args), batch)]
    done: dict[int, list[Any]] = {}
    pending: dict[Any, int] = {}
    nxt = 0
    while nxt < len(batches) or pending:
        while nxt < len(batches) and len(pending) < most:
            pending[task.remote(fn, batches[nxt])] = nxt
            nxt += 1
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            index = pending.pop(ref)
            done[index] = ray.get(ref)
            if tick is not None:
                tick(len(done[index]))
    return [result for i in range(len(batches)) for result in done[i]]
