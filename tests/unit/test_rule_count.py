"""The hand-written rules may only shrink. In the question reader, the answer writers and the answer kinds
(question/, generation/, answer_kinds.py) three things are counted: the calls of ``re`` functions, the regular
expressions written out (each literal, wherever it is used: a row of a pattern table counts as much as a
pattern compiled alone), and the entries of the English word lists, which live in one module
(georisk_graph/lexicon.py) but for a few short ones inline. None may grow past its ceiling below. Lower a
ceiling when a fitted model replaces a rule; never raise it."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import georisk_graph

PACKAGE = Path(georisk_graph.__file__).parent
# December 2026; the aim for the regex calls is 45
REGEX_CALLS = 71
REGEX_LITERALS = 125
WORD_LIST_ENTRIES = 415
_WORD = re.compile(r"[A-Za-z'’ .-]+")


def regex_calls(path: Path) -> int:
    """Calls of ``re.<function>(...)`` in one file (compiling a pattern counts once, wherever it is used)."""
    return sum(1 for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
               and isinstance(node.func.value, ast.Name) and node.func.value.id in ("re", "regex"))


def regex_literals(path: Path) -> int:
    """Regular expressions written out in one file: each raw string literal (adjacent pieces of one literal
    count once), and each other string given to a ``re`` function as its pattern."""
    source = path.read_text()
    raw = 0
    previous_was_string = False
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            prefix = re.match(r"[A-Za-z]*", token.string).group(0).lower()  # type: ignore[union-attr]
            raw += int("r" in prefix and not previous_was_string)
            previous_was_string = True
        elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
            previous_was_string = False
    plain = sum(1 for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id in ("re", "regex") and node.args
                and isinstance(node.args[0], (ast.Constant, ast.JoinedStr))
                and not _is_raw(source, node.args[0]))
    return raw + plain


def _is_raw(source: str, node: ast.expr) -> bool:
    line = source.splitlines()[node.lineno - 1]
    return line[node.col_offset:node.col_offset + 3].lower().lstrip("fb").startswith("r")


def word_list_entries(path: Path) -> int:
    """Entries of the word lists in one file: a set, list or tuple of three words or more, or a string of three
    words or more split into them (``frozenset("in on at".split())``); ``__all__`` is no word list."""
    entries = 0
    tree = ast.parse(path.read_text())
    exported = {id(n) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in exported:
            continue
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "split"
                and not node.args and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)):
            words = node.func.value.value.split()
        elif isinstance(node, (ast.Set, ast.List, ast.Tuple)):
            words = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            if len(words) != len(node.elts) or not all(_WORD.fullmatch(w) for w in words):
                continue
        else:
            continue
        entries += len(words) if len(words) >= 3 else 0
    return entries


def rule_files() -> list[Path]:
    return [*sorted((PACKAGE / "question").rglob("*.py")), *sorted((PACKAGE / "generation").rglob("*.py")),
            PACKAGE / "answer_kinds.py"]


def test_the_counters_see_each_kind_of_rule_and_nothing_else(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import re\nA = re.compile(r'a\\b' r'c')\nB = A.search('b')\nC = re.sub('x', '', 'y')\n"
                      "D = len('re')\nTABLE = {'acres': r'\\d+ acres', 'date': r'\\d{4}'}\n"
                      "E = frozenset('in on at'.split())\nF = ('law', 'rule', 'statute')\nG = ('a', 'b')\n"
                      "H = ('feature_one', 'feature_two', 'feature_three')\n__all__ = ['One', 'Two', 'Three']\n")
    assert regex_calls(sample) == 2
    assert regex_literals(sample) == 4  # the compiled one, the two rows of the table, and 'x'
    assert word_list_entries(sample) == 6


def test_the_rules_of_the_reader_and_the_writers_do_not_grow():
    files = rule_files()
    calls = {path.relative_to(PACKAGE).as_posix(): regex_calls(path) for path in files}
    literals = {path.relative_to(PACKAGE).as_posix(): regex_literals(path) for path in files}
    entries = {path.relative_to(PACKAGE).as_posix(): word_list_entries(path) for path in [*files, PACKAGE / "lexicon.py"]}
    assert sum(calls.values()) <= REGEX_CALLS, sorted(calls.items(), key=lambda item: -item[1])
    assert sum(literals.values()) <= REGEX_LITERALS, sorted(literals.items(), key=lambda item: -item[1])
    assert sum(entries.values()) <= WORD_LIST_ENTRIES, sorted(entries.items(), key=lambda item: -item[1])


def test_the_word_lists_live_in_the_lexicon():
    """A word list of more than five entries in question/, generation/ or answer_kinds.py belongs in
    georisk_graph/lexicon.py, where the lists are read together and a repeated one is seen; the answer kinds
    keep the few cue words that define each kind beside its patterns."""
    outside = {path.relative_to(PACKAGE).as_posix(): word_list_entries(path)
               for path in rule_files() if path.name != "answer_kinds.py"}
    assert all(n <= 5 for n in outside.values()), outside
