"""What an ingestion left in the graph, in a form two ingestions of the same documents can be compared
in: documents, chunk ids, texts and mentions exactly, the documents' dated incident versions and their
passages exactly, embeddings within a float tolerance."""

from __future__ import annotations

from typing import Any

import numpy as np
from .cypher import write_cypher


def stored(graph: Any, ids: list[str]) -> dict[str, dict[str, Any]]:
    """chunk id -> {document, hash, text, embedding, mentions (sorted)} for the documents ``ids``, and
    version passage id -> {document (the one it is a version of), hash (the version's), text, embedding,
    mentions (its version and dates)}."""
    rows = graph.run("ingested_documents", ids=ids)
    found = {r["chunk"]: {"document": r["document"], "hash": r["hash"], "text": r["text"],
                          "embedding": np.asarray(r["embedding"], dtype=np.float32),
                          "mentions": sorted((m["place"], m["surface"], m["start"], m["end"]) for m in r["mentions"])}
             for r in rows}
    for r in graph.run("ingested_versions", ids=ids):
        found[r["chunk"]] = {"document": r["linked"], "hash": r["hash"], "text": r["text"],
                             "embedding": np.asarray(r["embedding"], dtype=np.float32),
                             "mentions": [(r["version"], r["valid_from"], r["valid_to"])]}
    return found


def sample_versions(ids: list[str]) -> list[Any]:
    """The shared corpus's dated incident versions of the documents ``ids`` (what `georisk ingest
    shared --limit N` writes after them)."""
    from georisk_graph.loaders.sources import versions_from

    taken = set(ids)
    return [v for v in versions_from(["shared"]) if v.document_id in taken]


def assert_same_graph(expected: dict[str, dict[str, Any]], actual: dict[str, dict[str, Any]], *,
                      tolerance: float = 1e-4) -> None:
    assert expected, "nothing was stored to compare"
    assert sorted(actual) == sorted(expected), "the chunk ids differ"
    assert {c["document"] for c in actual.values()} == {c["document"] for c in expected.values()}
    for chunk, want in expected.items():
        got = actual[chunk]
        assert (got["document"], got["hash"], got["text"]) == (want["document"], want["hash"], want["text"]), chunk
        assert got["mentions"] == want["mentions"], chunk
        assert np.allclose(got["embedding"], want["embedding"], atol=tolerance), (
            chunk, float(np.abs(got["embedding"] - want["embedding"]).max()))


def forget_documents(graph: Any) -> None:
    """Delete every Document and Chunk, and every incident version with its passages, keeping the geography."""
    write_cypher(graph, "MATCH (d:Document) OPTIONAL MATCH (d)-[:HAS_CHUNK]->(c:Chunk) DETACH DELETE d, c")
    write_cypher(graph, "MATCH (v:IncidentVersion) OPTIONAL MATCH (v)-[:HAS_CHUNK]->(c:VersionChunk) DETACH DELETE v, c")
