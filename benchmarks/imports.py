"""Print the kit's import graph figures and how many kit modules one import loads.

The figures: modules, imports between them (module level and inside functions), circles (groups of
modules that import each other), the layers of pyproject's import-linter `layers` contract and the
imports that run from a lower layer up to a higher one. Then, in a fresh interpreter each, the number
of kit modules loaded by `import shengji_kit.widgets.surface` (target: under 30) and a few others.
Run: `.venv/bin/python benchmarks/imports.py`.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "shengji_kit"
PROBES = [
    "shengji_kit.widgets.surface",
    "shengji_kit.widgets",
    "shengji_kit.words",
    "shengji_kit.engine",
    "shengji_kit.apps.play",
]


def module_name(path: Path) -> str:
    """The dotted name of a kit source file."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def kit_modules() -> dict[str, Path]:
    """Every module of the package (migrations' Alembic scripts included), by dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported_names(name: str, path: Path) -> Iterator[str]:
    """The kit modules a module's import statements name, relative ones resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            yield stem
            yield from (f"{stem}.{alias.name}" for alias in node.names)


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the kit modules it imports (a `from package import module` counts the module)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = {target for target in imported_names(name, path) if target in modules}
        targets.discard(name)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), ignoring package faces."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def faces(graph: dict[str, set[str]], modules: dict[str, Path]) -> dict[str, set[str]]:
    """The graph without arrows out of package `__init__` files (a face only hands names on)."""
    return {
        name: set() if modules[name].name == "__init__.py" else targets
        for name, targets in graph.items()
    }


def layer_list() -> list[list[str]]:
    """The `layers` contract's layers, top first (each layer may hold several independent names)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "layers":
            root = config["tool"]["importlinter"]["root_package"]
            return [
                [f"{root}.{part.strip()}" for part in layer.replace("|", ":").split(":")]
                for layer in contract["layers"]
            ]
    return []


def upward_imports(graph: dict[str, set[str]], layers: list[list[str]]) -> list[tuple[str, str]]:
    """Imports from a module of a lower layer to one of a higher layer."""

    def rank(name: str) -> int | None:
        for position, layer in enumerate(layers):
            if any(name == top or name.startswith(top + ".") for top in layer):
                return len(layers) - position
        return None

    upward = []
    for source, targets in graph.items():
        for target in targets:
            low, high = rank(source), rank(target)
            if low is not None and high is not None and high > low:
                upward.append((source, target))
    return sorted(upward)


def loaded_by(module: str) -> int | None:
    """How many kit modules a fresh interpreter holds after importing ``module`` (None: no such)."""
    code = (
        f"import importlib, sys; importlib.import_module({module!r}); "
        "print(sum(1 for name in sys.modules if name.split('.')[0] == 'shengji_kit'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    return int(done.stdout.strip()) if done.returncode == 0 else None


def main() -> None:
    """Print the figures, one a line."""
    modules = kit_modules()
    graph = import_graph(modules)
    layers = layer_list()
    print(f"modules: {len(modules)}")
    print(f"imports between kit modules: {sum(len(targets) for targets in graph.values())}")
    groups = circles(faces(graph, modules))
    print(f"circles (package faces left out): {len(groups)}")
    for group in groups:
        print(f"  circle of {len(group)}: {', '.join(group)}")
    print(f"layers in the layers contract: {len(layers)}")
    upward = upward_imports(graph, layers)
    print(f"imports that run upwards: {len(upward)}")
    for source, target in upward:
        print(f"  {source} -> {target}")
    for probe in PROBES:
        count = loaded_by(probe)
        shown = "no such module" if count is None else f"{count} kit modules"
        print(f"import {probe}: {shown}")


if __name__ == "__main__":
    main()
