"""Loading a script of ``bench/`` (``bench/fit/``, ``bench/experiments/``) as a module,
for the tests of that script."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(path: str) -> ModuleType:
    """``bench/<path>.py`` (``fit/tune_greedy``), loaded once and registered by its file's
    name (its dataclasses look it up)."""
    name = Path(path).name
    found = sys.modules.get(name)
    if found is not None:
        return found
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{path}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
