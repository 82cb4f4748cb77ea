"""The package's layers: each sub-package imports only the layers below it, and no import cycles.

Lowest first. A module may import its own layer and any layer below; never one above. The
order is the architecture: the rules know nothing of games, games nothing of saves, and only
``yacht.web`` knows there is a page.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "yacht"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("yacht.dataclass_code", "yacht.errors", "yacht.i18n"),
    ("yacht.rules",),
    ("yacht.game",),
    ("yacht.strategy",),
    ("yacht.session",),
    ("yacht.saves",),
    ("yacht.views",),
    ("yacht.web",),
    ("yacht.tools", "yacht.__main__"),
)
PUBLIC_FACADE = "yacht"
"""``yacht/__init__.py`` re-exports the rules and the game, and ``expected_score`` from the
strategy (imported when called): it sits at the strategy's level."""
FACADE_LEVEL = 3


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {
        module_name(path): path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts
    }


def level(module: str) -> int:
    if module == PUBLIC_FACADE:
        return FACADE_LEVEL
    for index, layer in enumerate(LAYERS):
        if any(module == top or module.startswith(top + ".") for top in layer):
            return index
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS in {__file__}")


def imports(path: Path, name: str) -> set[str]:
    """Every yacht module ``path`` imports, at any depth of the file (lazy imports too)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    known = modules()
    return {module for module in found if module in known and module != name}


def test_every_module_has_a_layer() -> None:
    for name in modules():
        level(name)


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_imports_a_layer_above_its_own(name: str) -> None:
    path = modules()[name]
    above = sorted(m for m in imports(path, name) if level(m) > level(name) and m != PUBLIC_FACADE)
    assert above == [], f"{name} (layer {level(name)}) imports higher layers: {above}"


def test_no_import_cycles() -> None:
    known = modules()
    graph = {name: imports(path, name) for name, path in known.items()}
    # A package's __init__ importing its own modules is how packages work, not a cycle.
    for name in graph:
        graph[name] = {m for m in graph[name] if not name.startswith(m + ".")}
    seen: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        seen[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if seen.get(target) == 1:
                cycle = [*stack[stack.index(target) :], target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in seen:
                visit(target)
        stack.pop()
        seen[node] = 2

    for node in sorted(graph):
        if node not in seen:
            visit(node)


def test_the_layer_check_sees_a_violation() -> None:
    # The check itself: a rules module importing the web layer is caught.
    assert level("yacht.web.app") > level("yacht.rules.scoring")
    assert level("yacht.saves.slots") > level("yacht.game.state")
