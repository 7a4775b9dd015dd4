"""One document never sinks the others, and a run never ends silently, on the real server: a document
that fails preparation failing alone, and a server killed in the middle of a run (a dedicated server,
killed with SIGKILL and started again). Long texts through place recognition in segments:
tests/unit/test_ingest_isolation.py."""

from __future__ import annotations

import pytest

from georisk_graph.benchmarks.faults import kill_mid_ingest
from georisk_graph.ingest.pipeline import Ingestor
from georisk_graph.documents import SourceDocument
from georisk_graph.loaders.geography import load_tables
from georisk_graph.places import Gazetteer, PlaceResolver
from georisk_graph.server import LocalServer

from ..servers import local_settings
from .test_geography import SMALL_EDGES, SMALL_NODES, write_tables


# -- a document that fails alone ------------------------------------------------------------------------

class PoisonedEmbedder:
    """The real model, failing on any batch that holds a text it cannot take."""

    def __init__(self, inner) -> None:
        self.inner, self.dimension, self.name = inner, inner.dimension, inner.name

    def embed(self, texts):
        if any("POISON" in t for t in texts):
            raise ValueError("the model cannot take this text")
        return self.inner.embed(texts)


@pytest.fixture
def small_world(graph, tmp_path):
    nodes, edges = write_tables(tmp_path, SMALL_NODES, SMALL_EDGES)
    load_tables(graph, nodes, edges)
    return graph


def test_a_document_that_cannot_be_prepared_fails_alone(small_world, embedder):
    resolver = PlaceResolver.load(Gazetteer.from_graph(small_world))
    texts = [f"Update {n}: crews contained a grass fire near Albuquerque." for n in range(5)]
    texts[2] = "POISON text the model cannot take."
    documents = [SourceDocument(id=f"jsonl:u{n}", title=f"u{n}", text=t, source="jsonl")
                 for n, t in enumerate(texts)]
    report = Ingestor(small_world, PoisonedEmbedder(embedder), resolver, batch_size=5).ingest(documents)
    assert report.documents == 4 and report.complete
    [(doc_id, reason)] = report.failed
    assert doc_id == "jsonl:u2" and "ValueError: the model cannot take this text" in reason
    stored = small_world.execute_read_only("MATCH (d:Document)-[:HAS_CHUNK]->() RETURN d.id AS id ORDER BY id")
    assert [r["id"] for r in stored] == ["jsonl:u0", "jsonl:u1", "jsonl:u3", "jsonl:u4"]


# -- the server killed in the middle of a run -------------------------------------------------------------

DOCUMENTS = 300
BATCH = 20


def test_server_killed_mid_run_ends_it_naming_what_was_not_written_and_a_rerun_completes(tmp_path, embedder):
    """`georisk bench faults` runs the same scenario and prints these figures."""
    local = LocalServer(local_settings(tmp_path / "home"))
    local.start()
    try:
        # One call of the model per batch of short texts: the kill comes as the fourth batch is embedded.
        result = kill_mid_ingest(local, embedder, tmp_path / "scenario", documents=DOCUMENTS, batch=BATCH,
                                 kill_at_call=4)
        run, rerun = result["transcripts"]["run"], result["transcripts"]["rerun"]
        assert result["killed"]
        assert result["exit_status"] == 1, run["output"]
        seconds = result["run_seconds"]
        assert seconds < 120, f"the run took {seconds:.0f} s after the server died"
        written = 3 * BATCH  # the batches written before the kill
        missing = [f"jsonl:u{n:03d}" for n in range(written, DOCUMENTS)]
        stdout = run["stdout"]
        assert "INTERRUPTED" in stdout and f"not written:        {len(missing)}" in stdout
        assert result["not_written"] == missing and result["named_not_written"] == len(missing)
        assert f"documents ingested: {written}" in stdout
        assert result["written_before_kill"] == written
        assert f"{len(missing)} documents were not written" in run["output"]

        assert result["rerun"]["exit_status"] == 0, rerun["output"]
        assert f"documents ingested: {len(missing)}" in rerun["stdout"]
        assert f"skipped:            {written}" in rerun["stdout"]
        assert result["after"] == {
            "documents": DOCUMENTS, "chunks": DOCUMENTS, "chunk_ids": DOCUMENTS, "orphan_chunks": 0,
            "duplicate_chunk_ids": 0, "documents_with_other_chunk_counts": 0, "documents_missing": 0,
            "expected_chunks": DOCUMENTS}
    finally:
        local.stop()
