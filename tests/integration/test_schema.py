"""The schema in cypher/schema.cypher, applied on the real server."""

from __future__ import annotations

import neo4j
import pytest

from georisk_graph import Graph
from georisk_graph import EmbeddingDimensionMismatch, QueryError
from ..cypher import write_cypher


def _schema(graph: Graph) -> tuple[set[str], dict[str, str]]:
    constraints = {r["name"] for r in graph.execute_read_only("SHOW CONSTRAINTS YIELD name RETURN name")}
    indexes = {r["name"]: r["type"] for r in graph.execute_read_only("SHOW INDEXES YIELD name, type RETURN name, type")}
    return constraints, indexes


def test_schema_apply_twice_is_idempotent(graph: Graph):
    graph.apply_schema()
    first = _schema(graph)
    graph.apply_schema()
    assert _schema(graph) == first
    constraints, indexes = first
    assert {"place_id", "document_id", "chunk_id"} <= constraints
    assert indexes["chunk_embedding"] == "VECTOR"
    assert indexes["place_names"] == "FULLTEXT" and indexes["document_title"] == "FULLTEXT"
    assert indexes["passage_words"] == indexes["passage_scope_words"] == "FULLTEXT"
    assert "chunk_text" not in indexes and "chunk_scope_text" not in indexes  # the unstemmed ones are gone


def test_the_passages_words_are_matched_by_their_english_stems(graph: Graph):
    analysers = {r["name"]: r["analyzer"] for r in graph.execute_read_only(
        "SHOW FULLTEXT INDEXES YIELD name, options RETURN name, options.indexConfig['fulltext.analyzer'] AS analyzer")}
    assert analysers["passage_words"] == analysers["passage_scope_words"] == "english"


def test_vector_index_is_384_cosine(graph: Graph):
    rows = graph.run("vector_index_dimension", vector_index="chunk_embedding")
    assert rows == [{"dimensions": 384, "similarity": "COSINE"}]


def test_uniqueness_is_enforced(graph: Graph):
    write_cypher(graph, "CREATE (:Place {id: $id})", {"id": "Q1"})
    with pytest.raises(neo4j.exceptions.ConstraintError, match="already exists"):
        write_cypher(graph, "CREATE (:Place {id: $id})", {"id": "Q1"})


def test_dimension_mismatch_names_both_numbers_and_the_index(server, session_graph):
    settings = server.settings.with_(embedding_dimension=768)
    with pytest.raises(EmbeddingDimensionMismatch) as caught:
        Graph(settings).connect()
    message = str(caught.value)
    assert "768" in message and "384" in message and "chunk_embedding" in message
    assert (caught.value.model_dimension, caught.value.index_dimension) == (768, 384)


def test_read_only_runner_refuses_writes(graph: Graph):
    with pytest.raises(QueryError, match="read-only"):
        graph.execute_read_only("CREATE (:Place {id: 'x'})")
    assert graph.execute_read_only("MATCH (p:Place {id: 'x'}) RETURN count(p) AS n") == [{"n": 0}]
