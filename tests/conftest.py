"""The three test tiers, and what all of them share.

    tests/unit/         no server, no corpus ingest; `make test-unit`, at most two minutes
    tests/integration/  one real Neo4j server for the whole run (tests/integration/conftest.py), small
                        fixtures: the full geography and a hand-written corpus; `make test-integration`
    tests/corpus/       the whole shared corpus, ingested once per run into a server of its own
                        (tests/corpus/conftest.py); `make test-corpus`

`make test` (plain `pytest`) runs all three, in that order. Every test of integration/ and corpus/ is
marked `neo4j` here, so `pytest -m "not neo4j"` is the unit tier too. The tier is where a test lives: a
unit test that starts a Neo4j server or asks for a server fixture fails, saying so, and so does a test
file outside the three folders. A file's tests that need a server and those that need none live in two
files of the same name, one per tier; the integration one imports what they share from the unit one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from georisk_graph import Settings
from georisk_graph.server import LocalServer

TESTS = Path(__file__).resolve().parent
SHARED = TESTS.parent.parent / "shared"
TIERS = ("unit", "integration", "corpus")
# The fixtures of tests/integration/conftest.py and tests/corpus/conftest.py that start or use a server.
SERVER_FIXTURES = {"server", "server_settings", "session_graph", "graph", "real_geography", "world",
                   "corpus_server"}


def tier(item: pytest.Item) -> str | None:
    """The tier a test is in: the folder of tests/ that holds its file (None for a file elsewhere)."""
    try:
        parts = item.path.relative_to(TESTS).parts
    except ValueError:
        return None
    return parts[0] if len(parts) > 1 and parts[0] in TIERS else None


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items):
    """Mark the tests that need a server, and run the tiers in order (unit, integration, corpus); in the
    integration tier the tests that need the full geography run last, so it is loaded once, after the
    tests that empty the graph."""
    for item in items:
        if tier(item) in ("integration", "corpus"):
            item.add_marker(pytest.mark.neo4j)

    def order(item: pytest.Item) -> tuple[int, bool]:
        where = tier(item)
        return (TIERS.index(where) if where else -1,
                bool({"real_geography", "world"} & set(getattr(item, "fixturenames", ()))))
    items.sort(key=order)


@contextmanager
def servers_refused(item: pytest.Item) -> Iterator[None]:
    """In a unit test (its fixtures included, whatever their scope) starting a Neo4j server fails."""
    if tier(item) != "unit":
        yield
        return

    def refuse(self, *args, **kwargs):
        raise AssertionError(f"{item.nodeid} is a unit test but starts a Neo4j server: "
                             "move it to tests/integration")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LocalServer, "start", refuse)
        yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    where = tier(item)
    if where is None:
        pytest.fail(f"{item.nodeid} is outside the test tiers: put its file in tests/unit, tests/integration "
                    "or tests/corpus (see tests/conftest.py)", pytrace=False)
    asked = sorted(SERVER_FIXTURES & set(getattr(item, "fixturenames", ())))
    if where == "unit" and asked:
        pytest.fail(f"{item.nodeid} is a unit test but uses the server fixture(s) {', '.join(asked)}: "
                    "move it to tests/integration", pytrace=False)
    with servers_refused(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    with servers_refused(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    with servers_refused(item):
        return (yield)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"the shared data folder {SHARED} is not present")
    return SHARED


@pytest.fixture(scope="session")
def embedder():
    """The embedder the product uses by default (the bundled model through ONNX Runtime, from the
    cache folder; tests/unit/test_embeddings.py holds it to the torch model's vectors)."""
    from georisk_graph.embeddings import embedder_from_settings

    return embedder_from_settings(Settings.from_env())
