"""Ingestion on the real server: what is written, idempotence, resumability, and bad input."""

from __future__ import annotations

import json

import numpy as np
import pytest

from georisk_graph.exceptions import EmbeddingDimensionMismatch, InputError
from georisk_graph.ingest.pipeline import Ingestor
from georisk_graph.loaders.documents import SourceDocument
from georisk_graph.loaders.geography import load_tables
from georisk_graph.loaders.sources import documents_from
from georisk_graph.places import Gazetteer, PlaceResolver

from .test_geography import SMALL_EDGES, SMALL_NODES, write_tables

ALBUQUERQUE = (
    "Crews from Bernalillo County responded to a grass fire on the west side of Albuquerque on Tuesday. "
    "The fire burned 40 acres near the river before it was contained. Evacuation orders for nearby homes "
    "were lifted in the evening. "
    "Separately, the state forestry division reminded residents that open burning requires a permit. "
    "Burn permits in New Mexico are issued by the local fire department during the fire season."
)


@pytest.fixture
def small_world(graph, tmp_path):
    nodes, edges = write_tables(tmp_path, SMALL_NODES, SMALL_EDGES)
    load_tables(graph, nodes, edges)
    return graph


@pytest.fixture
def resolver(small_world):
    return PlaceResolver.load(Gazetteer.from_graph(small_world))


def doc(doc_id: str, text: str, scope=("Q1522",)) -> SourceDocument:
    return SourceDocument(id=doc_id, title=doc_id, text=text, source="jsonl", scope=tuple(scope),
                          scope_basis="test")


def test_documents_chunks_embeddings_mentions_and_scope(small_world, resolver, embedder):
    report = Ingestor(small_world, embedder, resolver).ingest([doc("abq", ALBUQUERQUE)])
    assert (report.documents, report.failed) == (1, [])
    rows = small_world.execute(
        "MATCH (d:Document {id: 'abq'})-[:HAS_CHUNK]->(c:Chunk) "
        "RETURN count(c) AS chunks, min(size(c.embedding)) AS dims, collect(c.text) AS texts")
    assert rows[0]["chunks"] == report.chunks >= 1 and rows[0]["dims"] == 384
    assert "".join(rows[0]["texts"]).replace(" ", "") == ALBUQUERQUE.replace(" ", "")
    assert small_world.execute("MATCH (:Chunk)-[n:NEXT]->(:Chunk) RETURN count(n) AS n") == [
        {"n": report.chunks - 1}]
    mentions = small_world.execute(
        "MATCH (c:Chunk)-[m:MENTIONS]->(p:Place) RETURN c.text AS text, m.start AS s, m.end AS e, "
        "m.surface AS surface, p.id AS place")
    assert {m["place"] for m in mentions} >= {"Q34804", "Q156297", "Q1522"}
    assert all(m["text"][m["s"]:m["e"]] == m["surface"] for m in mentions)
    assert small_world.execute("MATCH (:Document {id: 'abq'})-[r:APPLIES_TO]->(p) RETURN p.id AS id") == [
        {"id": "Q1522"}]


def test_second_run_ingests_nothing_and_a_change_replaces_chunks(small_world, resolver, embedder):
    ingestor = Ingestor(small_world, embedder, resolver)
    documents = [doc("abq", ALBUQUERQUE), doc("short", "Albuquerque lifted its burn ban on Friday.")]
    ingestor.ingest(documents)
    before = small_world.counts()
    again = ingestor.ingest(documents)
    assert again.documents == 0 and len(again.skipped) == 2 and small_world.counts() == before
    changed = ingestor.ingest([doc("short", "Albuquerque restored its burn ban on Monday.")])
    assert changed.documents == 1
    texts = small_world.execute("MATCH (:Document {id: 'short'})-[:HAS_CHUNK]->(c) RETURN c.text AS t")
    assert texts == [{"t": "Albuquerque restored its burn ban on Monday."}]
    assert small_world.counts() == before


def test_bad_input_is_reported_and_the_rest_ingested(small_world, resolver, embedder, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "empty.txt").write_text("   \n")
    (folder / "garbled.txt").write_bytes(b"\x00\x01\x02binary\x00\x00junk" * 50)
    (folder / "latin1.txt").write_bytes("Caf\xe9 owners near Albuquerque cleared brush.".encode("cp1252"))
    (folder / "noplace.md").write_text("# Ready, set, go\nKeep a go-bag packed with water and medicine.")
    big = " ".join(f"Sentence {n} about fire weather and red flag warnings in the region." for n in range(4000))
    (folder / "big.txt").write_text(big)
    lines = tmp_path / "docs.jsonl"
    lines.write_text(json.dumps({"id": "ok", "text": ALBUQUERQUE, "scope": ["Q34804"]}) + "\n"
                     + "{not json\n"
                     + json.dumps({"id": "ghost", "text": "x", "scope": ["Q404"]}) + "\n")
    problems: list = []
    documents = list(documents_from([str(folder), str(lines)], problems=problems))
    report = Ingestor(small_world, embedder, resolver).ingest(documents, problems=problems)
    reasons = dict(report.failed)
    stored = {r["id"] for r in small_world.execute("MATCH (d:Document) RETURN d.id AS id")}
    assert stored == {"file:latin1.txt", "file:noplace.md", "file:big.txt", "ok"}
    assert any("empty.txt" in k for k in reasons) and any("garbled.txt" in k for k in reasons)
    assert any(":2" in k for k in reasons), "the malformed JSON line is reported with its number"
    assert any("Q404" in v for v in reasons.values())
    big_chunks = small_world.execute("MATCH (:Document {id: 'file:big.txt'})-[:HAS_CHUNK]->(c) "
                                     "RETURN count(c) AS n, max(size(c.text)) AS longest")[0]
    assert big_chunks["n"] > 100 and big_chunks["longest"] <= 1000
    assert small_world.execute("MATCH (:Document {id: 'file:noplace.md'})-[:HAS_CHUNK]->(c)-[:MENTIONS]->() "
                               "RETURN count(*) AS n") == [{"n": 0}]


class CrashingEmbedder:
    """Wraps the real model and fails on one call, as a crash in the middle of a run would."""

    def __init__(self, inner, fail_on_call: int):
        self.inner, self.fail_on_call, self.calls = inner, fail_on_call, 0
        self.dimension, self.name = inner.dimension, inner.name

    def embed(self, texts):
        self.calls += 1
        if self.calls == self.fail_on_call:
            raise RuntimeError("simulated crash")
        return self.inner.embed(texts)


def test_crash_in_the_middle_loses_nothing_and_duplicates_nothing(small_world, resolver, embedder):
    documents = [doc(f"d{n}", f"Albuquerque update {n}: the burn ban stays in place in Bernalillo County.")
                 for n in range(6)]
    crashing = CrashingEmbedder(embedder, fail_on_call=2)  # one-sentence documents: one call per batch
    with pytest.raises(RuntimeError, match="simulated crash"):
        Ingestor(small_world, crashing, resolver, batch_size=2).ingest(documents)
    assert small_world.counts()["documents"] == 2
    report = Ingestor(small_world, embedder, resolver, batch_size=2).ingest(documents)
    assert report.documents == 4 and len(report.skipped) == 2
    rows = small_world.execute("MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) "
                               "RETURN count(DISTINCT d) AS docs, count(c) AS chunks, count(DISTINCT c.id) AS ids")
    assert rows == [{"docs": 6, "chunks": 6, "ids": 6}]


def test_embedding_dimension_must_match_the_index(small_world, resolver, embedder):
    class Wide:
        dimension, name = 768, "a-768-d-model"

        def embed(self, texts):
            return np.zeros((len(texts), 768), dtype=np.float32)

    with pytest.raises(EmbeddingDimensionMismatch, match="768-d vectors but the vector index chunk_embedding holds 384-d"):
        Ingestor(small_world, Wide(), resolver).ingest([doc("x", ALBUQUERQUE)])
    assert small_world.counts()["documents"] == 0


def test_missing_source_is_a_clear_error(tmp_path):
    with pytest.raises(InputError, match="no such file or folder"):
        list(documents_from([str(tmp_path / "nowhere")]))
