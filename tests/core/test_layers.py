"""Layers point down and no module imports itself in a circle (parsed with ``ast``).

An edge A -> B means that running module A runs ``import B`` or ``from B import ...``;
for ``from P import name`` the edge goes to the module ``P.name`` when there is one, else
to ``P``. Imports inside functions and methods count: they are runtime dependencies that
only happen later, and moving an import into a function does not break a cycle. Imports
under ``if TYPE_CHECKING:`` do not count: they never run. Two kinds of dependency are not
edges: a package's ``__init__`` that Python runs before one of its modules (a package
naturally imports its own modules), and the game registry's ``importlib.import_module``
of a game by name (not an import statement).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
CORE = "dragontable.core"
ABOVE_CORE = (
    "dragontable.games",
    "dragontable.bots",
    "dragontable.server",
    "dragontable.web",
    "dragontable.adapters",
)
GAMES = "dragontable.games"
BELOW_BOTS = (CORE, GAMES)
"""What the bots, the server and the analysis modules build on: the rules and their data."""
ABOVE_GAMES = (
    "dragontable.bots",
    "dragontable.server",
    "dragontable.review",
    "dragontable.tournament",
    "dragontable.strength",
    "dragontable.simulate",
)
"""The hints are the server's (``dragontable.server.hints``)."""

Graph = dict[str, set[str]]


def module_paths(src: Path, root: str) -> dict[str, Path]:
    """Every module under ``src/root`` by dotted name (a package by its ``__init__``)."""
    out = {}
    for path in sorted((src / root).rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of ``tree`` at any depth, except under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _targets(
    node: ast.Import | ast.ImportFrom, name: str, package: bool, known: dict[str, Path]
) -> Iterator[str]:
    """The modules that ``node`` in module ``name`` imports (relative imports resolved)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        parts = name.split(".") if package else name.split(".")[:-1]
        parts = parts[: len(parts) - node.level + 1]
        base = ".".join([*parts, node.module] if node.module else parts)
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        yield sub if sub in known else base


def import_graph(src: Path, root: str) -> Graph:
    """Module -> the modules under ``root`` it imports at run time."""
    paths = module_paths(src, root)
    graph: Graph = {}
    for name, path in paths.items():
        package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {
            target
            for node in runtime_imports(tree)
            for target in _targets(node, name, package, paths)
            if target in paths and target != name
        }
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """One import cycle as ``[a, b, ..., a]``, or None (depth-first, in name order)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _game_of(name: str) -> str | None:
    """The game package ``name`` belongs to (``dragontable.games.<game>``), if any."""
    parts = name.split(".")
    return ".".join(parts[:3]) if _under(name, GAMES) and len(parts) > 2 else None


GRAPH = import_graph(SRC, "dragontable")


def test_the_graph_sees_the_imports() -> None:
    assert "dragontable.core.state" in GRAPH["dragontable.core.tasks"]
    assert "dragontable.games.dragon.flow" in GRAPH["dragontable.games.dragon.game"]
    assert "dragontable.games.dragon.rules" in GRAPH["dragontable.games.dragon.flow"]
    assert "dragontable.games.dragon.data" in GRAPH["dragontable.games.dragon.game"]
    assert "dragontable.games.dragon" not in GRAPH["dragontable.games.dragon.game"]


def test_no_import_cycles() -> None:
    cycle = find_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def test_core_imports_nothing_above_it() -> None:
    bad = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if _under(module, CORE)
        for target in targets
        if any(_under(target, layer) for layer in ABOVE_CORE)
    )
    assert not bad, "the core must not depend on the layers above it:\n" + "\n".join(bad)


def test_the_games_and_the_core_import_no_bot_server_or_analysis() -> None:
    """A game declares its heuristic and its search settings; the bots read them, never
    the other way round (a game's weights and a bot's seed come from the core)."""
    bad = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if any(_under(module, layer) for layer in BELOW_BOTS)
        for target in targets
        if any(_under(target, layer) for layer in ABOVE_GAMES)
    )
    assert not bad, "the games and the core must not depend on what uses them:\n" + "\n".join(bad)


def test_no_game_imports_another_game() -> None:
    bad = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if (game := _game_of(module))
        for target in targets
        if _game_of(target) not in (None, game)
    )
    assert not bad, "a game package must not import another game:\n" + "\n".join(bad)


def test_the_checks_find_a_cycle_and_skip_type_checking(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..c import x\n")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n"
        "else:\n    import json\nimport pkg.a as again\n"
    )
    graph = import_graph(tmp_path, "pkg")
    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg.sub.b"},
        "pkg.sub": set(),
        "pkg.sub.b": {"pkg.c"},
        "pkg.c": {"pkg.a"},
    }
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n"
    )
    assert find_cycle(import_graph(tmp_path, "pkg")) is None


def test_no_module_is_imported_only_for_what_importing_it_does() -> None:
    """A game is assembled from one flow table, not by imports that register handlers."""
    found = [
        f"{path.relative_to(SRC)}:{n}"
        for path in sorted(SRC.rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if "import" in line and "noqa: F401" in line
    ]
    assert not found, "imports kept only for their side effects:\n" + "\n".join(found)
