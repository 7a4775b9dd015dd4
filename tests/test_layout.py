"""Dependencies point one way: the library never imports the loaders or the benchmarks (the CLI, the
outer layer, composes all three), and no module reaches for another module's private names."""

from __future__ import annotations

import ast
from pathlib import Path

import georisk_graph

PACKAGE = Path(georisk_graph.__file__).parent
REPOSITORY = PACKAGE.parent
OUTER = {"cli.py", "cli_analyst.py", "cli_common.py", "cli_eval.py"}


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, written absolute (``..loaders.x`` in georisk_graph/ingest/ is
    ``georisk_graph.loaders.x``)."""
    package = path.relative_to(REPOSITORY).parent.parts
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found += [module] + [f"{module}.{alias.name}" for alias in node.names]
    return found


def test_the_library_does_not_import_loaders_or_benchmarks():
    offenders = [
        f"{path.relative_to(REPOSITORY)} imports {module}"
        for path in PACKAGE.rglob("*.py") if path.name not in OUTER
        for module in imported_modules(path)
        if module.startswith(("georisk_graph.loaders", "georisk_graph.benchmarks", "loaders", "benchmarks"))
    ]
    assert offenders == []


def test_the_command_modules_do_not_import_each_other_in_a_circle():
    for name in ("cli_analyst.py", "cli_common.py", "cli_eval.py"):
        assert "georisk_graph.cli" not in imported_modules(PACKAGE / name), name


def test_no_module_uses_another_modules_private_names():
    offenders = []
    for folder in (PACKAGE, REPOSITORY / "loaders", REPOSITORY / "benchmarks"):
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("georisk_graph")):
                    offenders += [f"{path.name}: {alias.name}" for alias in node.names
                                  if alias.name.startswith("_") and not alias.name.startswith("__")]
                if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                        and isinstance(node.value, ast.Name) and node.value.id not in ("self", "cls")):
                    offenders.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert offenders == []
