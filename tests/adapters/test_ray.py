"""Games as Ray tasks give the local run's results (dragontable.distributed, --ray)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import require

require("ray")
import ray  # noqa: E402

from dragontable.cli import main  # noqa: E402
from dragontable.distributed import ray_map  # noqa: E402
from dragontable.tournament import tournament  # noqa: E402

TIMINGS = ("seconds", "games_per_second")


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _summary(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    return {k: v for k, v in out.items() if k not in TIMINGS}


def test_simulate_on_ray_prints_the_local_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "dragon", "--players", "4", "--games", "1000", "--seed", "1", "--json"]
    local = _summary(capsys, argv)
    assert local["games"] == 1000 and sum(local["wins_by_seat"]) >= 1000
    assert _summary(capsys, [*argv, "--ray"]) == local


def test_a_tournament_on_ray_gives_the_local_result() -> None:
    args = ("changcheng", 2, ["greedy", "random"], 4)
    assert tournament(*args, seed=3, ray=True) == tournament(*args, seed=3)


def test_ray_map_keeps_the_order_and_reports_progress() -> None:
    done: list[int] = []
    args = [(i, 2) for i in range(10)]  # a builtin: the workers cannot import this module
    out = ray_map(pow, args, batch=3, in_flight=2, tick=done.append)
    assert out == [i * i for i in range(10)]
    assert sorted(done) == [1, 3, 3, 3]
    with pytest.raises(ValueError):
        ray_map(pow, args, batch=0)
