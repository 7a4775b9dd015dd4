"""The SDK through a routing address (``neo4j://``), as on a Neo4j cluster or Aura: the local server
answers the routing protocol, so the driver routes reads as reads and writes to the leader, and a read
after an ingestion's write carries that write's bookmark."""

from __future__ import annotations

import neo4j
import pytest

from georisk_graph import Graph, GeoRisk, queries
from georisk_graph import QueryError


@pytest.fixture
def routed(server, graph):
    """A second Graph on the test server, through its routing address."""
    settings = server.settings.with_(neo4j_uri=f"neo4j://127.0.0.1:{server.settings.bolt_port}",
                                     neo4j_user="neo4j",
                                     neo4j_password=server.settings.password_file.read_text().strip())
    with Graph(settings) as routed:
        yield routed


def test_the_routing_address_gives_a_routing_driver_and_a_routing_table(routed, server):
    assert isinstance(routed.driver, neo4j.Neo4jDriver)  # bolt:// gives a BoltDriver: no routing
    roles = {r["role"]: r["addresses"] for r in routed.run("routing_table", database="neo4j")}
    address = f"127.0.0.1:{server.settings.bolt_port}"
    assert roles == {"ROUTE": [address], "READ": [address], "WRITE": [address]}


@pytest.fixture
def probes(tmp_path, monkeypatch):
    """A cypher/ folder holding the same write declared once as a read and once as a write."""
    folder = tmp_path / "cypher"
    folder.mkdir()
    for access in ("read", "write"):
        (folder / f"probe_as_{access}.cypher").write_text(
            f"// probe_as_{access}: creates a probe node, declared {access}.\n// access: {access}\n"
            "CREATE (:RoutingProbe)\n")
    monkeypatch.setattr(queries, "cypher_dir", lambda: folder)
    queries.load.cache_clear()
    yield folder
    queries.load.cache_clear()


def test_named_reads_go_as_reads_and_writes_as_writes(routed, probes):
    # A read is sent in a read transaction: the server refuses a write in it. That is the same
    # transaction a cluster sends to a secondary, where the write could not go through at all.
    with pytest.raises(QueryError, match="(?i)read|access mode"):
        routed.run("probe_as_read")
    routed.run("probe_as_write")
    assert routed.execute_read_only("MATCH (p:RoutingProbe) RETURN count(p) AS n")[0]["n"] == 1
    with pytest.raises(QueryError):
        routed.execute_read_only("CREATE (:RoutingProbe)")


def test_an_ingestion_write_hands_its_bookmark_to_the_reads_after_it(routed):
    bookmarks = routed.driver.execute_query_bookmark_manager
    before = set(bookmarks.get_bookmarks())
    routed.run_in_transaction("ingest_documents", documents=[
        {"id": "jsonl:routing-1", "hash": "h1", "props": {"title": "routed"}, "scope": []}],
        chunks=[], links=[], mentions=[], sentences=[])
    after = set(bookmarks.get_bookmarks())
    assert after and after != before  # the write's session updated the bookmarks reads are sent with
    assert routed.run("document_hashes", ids=["jsonl:routing-1"])[0]["hash"] == "h1"


def test_the_sdk_answers_through_the_routing_address(world, server):
    settings = server.settings.with_(neo4j_uri=f"neo4j://127.0.0.1:{server.settings.bolt_port}",
                                     neo4j_password=server.settings.password_file.read_text().strip())
    question = "Is there an outdoor burn ban in Spokane County?"
    with GeoRisk.connect(server.settings) as direct, GeoRisk.connect(settings) as routed:
        assert isinstance(routed.graph.driver, neo4j.Neo4jDriver)
        expected, answer = direct.ask(question), routed.ask(question)
    assert answer.decision == expected.decision == "answer"
    assert [c.document_id for c in answer.citations] == [c.document_id for c in expected.citations]
