"""The layout's rules, checked on the source: the model is pure, the layers import
downwards only, and no import circle joins the project's modules.

Imports are read with :mod:`ast`, including those inside functions (a lazy import
still ties two modules together); imports under ``if TYPE_CHECKING:`` are left out
(they exist for annotations only and never run).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spider"
#: The layers, lowest first: each may import only itself and those before it.
LAYERS = ("model", "data", "text", "solver", "app", "commands")
#: Imports that break the layering, each with its reason (none now).
ALLOWED: set[tuple[str, str]] = set()
#: The only module that may import ``tools`` (lazily: the benchmarks are not shipped).
TOOLS_USER = "spider.commands.bench"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _walk(node: ast.AST, lazy: bool = False,
          typing: bool = False) -> Iterator[tuple[ast.AST, bool]]:
    """Every node under ``node`` but those in TYPE_CHECKING blocks (with ``typing``,
    those too); ``lazy``: inside a function."""
    for child in ast.iter_child_nodes(node):
        if not typing and isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                yield from _walk(other, lazy)
            continue
        inner = lazy or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
        yield child, inner
        yield from _walk(child, inner, typing)


def imports(name: str, typing: bool = False) -> Iterator[tuple[str, bool]]:
    """The modules ``name`` imports (resolved to modules where a name is one), and
    whether each import is lazy; with ``typing``, its imports for type hints too."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node, lazy in _walk(tree, typing=typing):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, lazy
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[:len(parent) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield (full if full in MODULES else base), lazy


def project_imports(name: str, typing: bool = False) -> set[str]:
    return {target for target, _ in imports(name, typing)
            if target in MODULES and target != name}


def layer(name: str) -> int | None:
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_the_model_imports_neither_pygame_nor_the_catalogue() -> None:
    bad = [(name, target) for name in MODULES if name.startswith("spider.model")
           for target, _ in imports(name)
           if (target.split(".")[0] == "pygame" or target.startswith("spider.text"))
           and (name, target) not in ALLOWED]
    assert bad == []


@pytest.mark.slow
def test_each_layer_imports_only_the_layers_below_it() -> None:
    bad = []
    for name in MODULES:
        own = layer(name)
        for target in project_imports(name):
            theirs = layer(target)
            if (own is not None and theirs is not None and theirs > own
                    and (name, target) not in ALLOWED):
                bad.append(f"{name} -> {target}")
    assert bad == []


@pytest.mark.slow
def test_only_the_bench_command_imports_the_tools_and_only_lazily() -> None:
    bad = [f"{name} -> {target}" for name in MODULES for target, lazy in imports(name)
           if target.split(".")[0] == "tools" and not (name == TOOLS_USER and lazy)]
    assert bad == []


@pytest.mark.slow
def test_no_import_circle_joins_the_modules() -> None:
    graph = {name: project_imports(name) for name in MODULES}
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                circles.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
    assert [" -> ".join(circle) for circle in circles] == []


SCENE_MODULES = sorted(name for name in MODULES
                       if name.startswith(("spider.app.table.", "spider.app.dialogs."))
                       and name != "spider.app.table.driver")  # the tests' driver runs the App


@pytest.mark.parametrize("name", SCENE_MODULES)
def test_scenes_do_not_import_the_loop(name: str) -> None:
    """Scenes use the narrow Host (spider.app.host), not the App: not even in their
    type hints, which would let them call anything the App has."""
    assert "spider.app.loop" not in project_imports(name, typing=True)
