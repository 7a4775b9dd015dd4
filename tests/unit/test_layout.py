"""Dependencies point one way: the library never imports the loaders or the benchmarks (the CLI, the
outer layer, composes all three), and no module reaches for another module's private names."""

from __future__ import annotations

import ast
import re
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


def test_one_stemmer_in_the_package():
    """Words are stemmed in one place, georisk_graph/analysis.py: no other module defines a stemmer or
    imports one, so a question, a passage and an answer sentence meet on the same terms."""
    defined = [f"{path.relative_to(REPOSITORY)}: {node.name}"
               for path in PACKAGE.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.FunctionDef) and re.search(r"(?:^|_)stem(?:s|_|$)|stemm", node.name.lower())]
    assert defined == ["georisk_graph/analysis.py: stem"]
    stemmers = ("snowballstemmer", "Stemmer", "nltk", "lemminflect")
    importing = [f"{path.relative_to(REPOSITORY)}" for path in PACKAGE.rglob("*.py")
                 if any(m.split(".")[0] in stemmers for m in imported_modules(path))]
    assert importing == ["georisk_graph/analysis.py"]


def test_the_facade_only_composes():
    """client.py composes the stages (reading, retrieval, decision, wording): it stays short, and answering
    one question is a short sequence of stage calls."""
    source = (PACKAGE / "client.py").read_text()
    assert len(source.splitlines()) <= 400
    answer = next(node for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.FunctionDef) and node.name == "_answer")
    assert answer.end_lineno - answer.lineno + 1 <= 40


def test_retrieval_the_decision_and_the_generators_do_not_read_the_question_text():
    """They take a Reading: none imports the question's readers of text (asked, kinds, form, wording)."""
    readers = ("georisk_graph.question.asked", "georisk_graph.question.kinds", "georisk_graph.question.form",
               "georisk_graph.question.wording")
    stages = [PACKAGE / "retrieval.py", PACKAGE / "decision.py", *(PACKAGE / "generation").glob("*.py")]
    offenders = [f"{path.name} imports {module}" for path in stages for module in imported_modules(path)
                 if module.startswith(readers)]
    assert offenders == []
