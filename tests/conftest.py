"""Shared fixtures: one real Neo4j 5.26 server for the whole test run, started by the project's own
launcher in a throwaway home on free ports, so tests never touch a user's data."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from georisk_graph import Graph, Settings
from georisk_graph.server import LocalServer

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def local_settings(home: Path, **changes: object) -> Settings:
    """Settings for a local test server: own home and ports, the user's jar cache."""
    base = Settings.from_env({})  # ignore NEO4J_URI and friends: tests run their own server
    return base.with_(home=home, bolt_port=free_port(), http_port=free_port(), heap="768m",
                      pagecache="128m", **changes)


@pytest.fixture(scope="session")
def server_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return local_settings(tmp_path_factory.mktemp("neo4j-home"))


@pytest.fixture(scope="session")
def server(server_settings: Settings):
    local = LocalServer(server_settings)
    local.install()
    local.start()
    yield local
    local.stop()


@pytest.fixture(scope="session")
def session_graph(server: LocalServer):
    graph = Graph(server.settings).connect()
    graph.apply_schema()
    yield graph
    graph.close()


@pytest.fixture
def graph(session_graph: Graph) -> Graph:
    """The test server's graph, emptied of data (schema kept) before the test."""
    session_graph.execute("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS",
                          write=True)
    return session_graph


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"the shared data folder {SHARED} is not present")
    return SHARED


EXPECTED_PLACES = 39_825
EXPECTED_EDGES = 42_166


@pytest.fixture
def real_geography(session_graph, shared_dir):
    """The test graph holding the full shared geography (loaded once, reloaded only after a wipe)."""
    from georisk_graph.loaders.geography import load_tables

    counts = session_graph.counts()
    if counts["places"] < EXPECTED_PLACES or counts["edges"] < EXPECTED_EDGES:
        session_graph.execute("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS",
                              write=True)
        load_tables(session_graph, shared_dir / "data/geo/us_geo_nodes.csv.gz",
                    shared_dir / "data/geo/us_geo_edges.csv.gz")
    return session_graph
