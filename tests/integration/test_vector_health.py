"""The vector index's health probe (georisk_graph/vector_health.py) on the real server: a graph whose index misses
its own passages is reported, by the probe and by `georisk schema apply` and `georisk neo4j start`; a healthy one
is not; `georisk schema rebuild-vector-index` restores it from the stored vectors."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from georisk_graph import Graph
from georisk_graph import vector_health
from georisk_graph.cli import main
from ..cypher import write_cypher

PASSAGES = 80
# The ways an index can miss its passages, made by hand: its entries are another label's (a subset of the
# passages, so the rest have none: lost), or another property's (a stale copy of every vector, so each passage
# has an entry its own vector does not reach: unreachable).
DAMAGES = {
    "lost": ("MATCH (c:Chunk) WHERE c.index < 20 SET c:ChunkSample",
             "FOR (c:ChunkSample) ON c.embedding"),
    "unreachable": ("MATCH (c:Chunk) SET c.embedding_before = reverse(c.embedding)",
                    "FOR (c:Chunk) ON c.embedding_before"),
}


@pytest.fixture
def passages(graph: Graph) -> Graph:
    """The test graph holding PASSAGES passages with their vectors (random unit vectors, seeded) and the filter
    properties the vector index holds, in two states and two kinds of document; the index is rebuilt after
    the test, whatever it did to it."""
    vectors = np.random.default_rng(11).standard_normal((PASSAGES, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    rows = [{"id": f"health-{i}", "index": i, "state": f"Q{i % 2}", "county": f"Q{100 + i % 4}" if i % 3 else None,
             "doc_type": "statute" if i % 5 == 0 else "incident_report", "embedding": vectors[i].tolist()}
            for i in range(PASSAGES)]
    write_cypher(graph, "UNWIND $rows AS row CREATE (c:Chunk {id: row.id, index: row.index, state: row.state, "
                        "county: row.county, doc_type: row.doc_type}) "
                        "WITH c, row CALL db.create.setNodeVectorProperty(c, 'embedding', row.embedding)", {"rows": rows})
    graph.run("await_indexes", seconds=300)
    yield graph
    vector_health.rebuild(graph)
    # `georisk schema apply` gave these states their own indexes: not left to the tests after
    for state in ("Q0", "Q1"):
        write_cypher(graph, f"DROP INDEX chunk_embedding_in_{state} IF EXISTS")


def damage(graph: Graph, how: str) -> None:
    """Replace the chunk vector index by one of the same name and settings whose entries miss the passages."""
    prepare, target = DAMAGES[how]
    s = graph.settings
    write_cypher(graph, prepare)
    graph.run("drop_vector_index", vector_index=s.vector_index)
    write_cypher(graph, f"CYPHER 25 CREATE VECTOR INDEX {s.vector_index} {target} "
                        "WITH [c.state, c.county, c.locality, c.doc_type] OPTIONS {indexConfig: {"
                        "`vector.dimensions`: 384, `vector.similarity_function`: 'cosine', "
                        "`vector.quantization.type`: 'NONE'}}")
    graph.run("await_indexes", seconds=300)


def test_a_healthy_index_finds_every_sampled_passage(passages: Graph):
    health = vector_health.probe(passages)
    assert health is not None
    assert (health.chunks, health.sampled, health.found, health.missed) == (PASSAGES, 50, 50, ())
    assert health.healthy and "50 of 50 sampled passages" in health.summary()
    # seeded: the same sample twice
    assert vector_health.sample_ids(passages, 50, 0) == vector_health.sample_ids(passages, 50, 0)


def test_a_graph_without_passages_is_not_probed(graph: Graph):
    assert vector_health.probe(graph) is None


@pytest.mark.parametrize("how", ["lost", "unreachable"])
def test_a_damaged_index_is_reported_lost_or_unreachable(passages: Graph, how: str):
    damage(passages, how)
    health = vector_health.probe(passages)
    assert health is not None and not health.healthy
    missed = len(health.missed)
    assert health.found + missed == 50 and missed >= 25
    if how == "lost":  # only the 20 labelled passages have an entry: the others' exact search does not return them
        assert (health.lost, health.unreachable, health.untold) == (missed, 0, 0)
        assert health.found <= 20
    else:  # every passage has an entry, reached by another vector than its own
        assert (health.lost, health.unreachable, health.untold) == (0, missed, 0)
    warning = health.warning()
    assert f"found {health.found} of 50 sampled passages" in warning
    assert "damaged or cannot reach its entries" in warning and "georisk schema rebuild-vector-index" in warning


def test_schema_apply_and_neo4j_start_report_a_damaged_index_and_the_rebuild_restores_it(passages: Graph, server):
    damage(passages, "lost")
    applied = CliRunner().invoke(main, ["schema", "apply"], env=server.env())
    assert applied.exit_code == 0, applied.output
    assert "warning: the vector index chunk_embedding is damaged or cannot reach its entries" in applied.output
    assert "georisk schema rebuild-vector-index" in applied.output
    # the local server this test runs on, named by its home and ports: already running, then checked
    local = {"NEO4J_URI": None, "NEO4J_USER": None, "NEO4J_PASSWORD": None, "GEORISK_HOME": str(server.settings.home),
             "GEORISK_BOLT_PORT": str(server.settings.bolt_port), "GEORISK_HTTP_PORT": str(server.settings.http_port)}
    started = CliRunner().invoke(main, ["neo4j", "start"], env=local)
    assert started.exit_code == 0, started.output
    assert "already running" in started.output and "is damaged or cannot reach its entries" in started.output

    rebuilt = CliRunner().invoke(main, ["schema", "rebuild-vector-index"], env=server.env())
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "before: vector index chunk_embedding:" in rebuilt.output
    assert "rebuilt the vector index chunk_embedding from the stored vectors" in rebuilt.output
    assert "after: vector index chunk_embedding: 50 of 50 sampled passages found" in rebuilt.output
    labels = passages.execute_read_only("SHOW VECTOR INDEXES YIELD name, labelsOrTypes, properties "
                                        "WHERE name = 'chunk_embedding' RETURN labelsOrTypes, properties")
    assert labels == [{"labelsOrTypes": ["Chunk"], "properties": ["embedding", "state", "county", "locality", "doc_type"]}]

    healthy = CliRunner().invoke(main, ["schema", "apply"], env=server.env())
    assert healthy.exit_code == 0, healthy.output
    assert "warning" not in healthy.output
    assert "vector index chunk_embedding: 50 of 50 sampled passages found among the 10 nearest" in healthy.output
