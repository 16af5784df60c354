"""The training example (examples/train_maskable_ppo.py) runs end to end on a tiny budget
and writes a learning curve and an evaluation with Wilson intervals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.adapters.helpers import require

ROOT = Path(__file__).resolve().parents[2]


def test_the_maskable_ppo_example_trains_and_evaluates(tmp_path: Path) -> None:
    for module in ("torch", "sb3_contrib", "matplotlib"):
        require(module)
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, str(ROOT / "examples" / "train_maskable_ppo.py"),
               "--game", "dragon", "--players", "2", "--timesteps", "512", "--n-steps", "256",
               "--eval-games", "3", "--out", str(out)]  # fmt: skip
    subprocess.run(command, check=True, env=env, timeout=600, capture_output=True)
    assert (out / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    curve = json.loads((out / "curve.json").read_text())
    assert curve["rewards"] and all(-1.0 <= r <= 1.0 for r in curve["rewards"])
    result = json.loads((out / "evaluation.json").read_text())
    assert result["timesteps"] >= 512 and result["observation"] == "compact"
    for table in (result["evaluation"], result["random_policy"]):
        assert set(table) == {"random", "greedy"}
        for row in table.values():
            low, high = row["wilson95"]
            assert row["games"] == 3 and 0 <= low <= row["win_rate"] <= high <= 1
