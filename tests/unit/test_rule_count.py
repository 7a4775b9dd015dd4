"""The hand-written rules may only shrink: the regular-expression calls in the question reader and the
answer writers are counted, and the count may not grow past the ceiling below. Lower the ceiling when a
fitted model replaces a rule; never raise it."""

from __future__ import annotations

import ast
from pathlib import Path

import georisk_graph

PACKAGE = Path(georisk_graph.__file__).parent
CEILING = 91  # question/ + generation/ + answer_kinds.py, December 2026; the aim is 45


def regex_calls(path: Path) -> int:
    """Calls of ``re.<function>(...)`` in one file (compiling a pattern counts once, wherever it is used)."""
    return sum(1 for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
               and isinstance(node.func.value, ast.Name) and node.func.value.id in ("re", "regex"))


def rule_files() -> list[Path]:
    return [*sorted((PACKAGE / "question").rglob("*.py")), *sorted((PACKAGE / "generation").rglob("*.py")),
            PACKAGE / "answer_kinds.py"]


def test_the_counter_sees_a_regex_call_and_nothing_else(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import re\nA = re.compile('a')\nB = A.search('b')\nC = re.sub('x', '', 'y')\nD = len('re')\n")
    assert regex_calls(sample) == 2


def test_the_regex_calls_in_the_reader_and_the_writers_do_not_grow():
    counts = {path.relative_to(PACKAGE).as_posix(): regex_calls(path) for path in rule_files()}
    assert sum(counts.values()) <= CEILING, sorted(counts.items(), key=lambda item: -item[1])
