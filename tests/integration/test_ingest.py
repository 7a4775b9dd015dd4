"""Ingestion on the real server: what is written, idempotence, resumability, and bad input."""

from __future__ import annotations

import json

import numpy as np
import pytest

from georisk_graph.benchmarks.faults import ALBUQUERQUE  # the report the fault benchmark ingests too
from georisk_graph import EmbeddingDimensionMismatch
from georisk_graph.ingest.pipeline import Ingestor
from georisk_graph.documents import SourceDocument
from georisk_graph.loaders.geography import load_tables
from georisk_graph.loaders.sources import documents_from
from georisk_graph.places import Gazetteer, PlaceResolver

from ..cypher import write_cypher
from .test_geography import SMALL_EDGES, SMALL_NODES, write_tables


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
    rows = small_world.execute_read_only(
        "MATCH (d:Document {id: 'abq'})-[:HAS_CHUNK]->(c:Chunk) "
        "RETURN count(c) AS chunks, min(size(c.embedding)) AS dims, collect(c.text) AS texts")
    assert rows[0]["chunks"] == report.chunks >= 1 and rows[0]["dims"] == 384
    assert "".join(rows[0]["texts"]).replace(" ", "") == ALBUQUERQUE.replace(" ", "")
    assert small_world.execute_read_only("MATCH (:Chunk)-[n:NEXT]->(:Chunk) RETURN count(n) AS n") == [
        {"n": report.chunks - 1}]
    mentions = small_world.execute_read_only(
        "MATCH (c:Chunk)-[m:MENTIONS]->(p:Place) RETURN c.text AS text, m.start AS s, m.end AS e, "
        "m.surface AS surface, p.id AS place")
    assert {m["place"] for m in mentions} >= {"Q34804", "Q156297", "Q1522"}
    assert all(m["text"][m["s"]:m["e"]] == m["surface"] for m in mentions)
    assert small_world.execute_read_only("MATCH (:Document {id: 'abq'})-[r:APPLIES_TO]->(p) RETURN p.id AS id") == [
        {"id": "Q1522"}]


def test_chunk_vectors_from_the_sentences_encode_each_text_once(small_world, resolver, embedder):
    from georisk_graph.ingest.chunking import SemanticChunker

    short = "Open burning is banned in Bernalillo County until further notice."
    documents = [doc("abq", ALBUQUERQUE), doc("short", short)]
    report = Ingestor(small_world, embedder, resolver, chunk_vectors="sentences").ingest(documents)
    assert (report.documents, report.failed) == (2, [])
    # the long report's sentences were encoded to place its boundaries, and its chunks took their
    # vectors from them; only the short document's one chunk was encoded itself
    assert report.sentences_embedded >= 3 and report.chunks_embedded == 1
    stored = {r["id"]: r["vector"] for r in small_world.execute_read_only(
        "MATCH (c:Chunk) WHERE c.document_id IN ['abq', 'short'] RETURN c.id AS id, c.embedding AS vector")}
    chunked, vectors = SemanticChunker(embedder, max_chars=1000).chunk_with_vectors([ALBUQUERQUE, short])
    ids = [f"{d.id}#{c.index}" for d, chunks in zip(documents, chunked) for c in chunks]
    np.testing.assert_allclose([stored[i] for i in ids], vectors, atol=1e-5)
    np.testing.assert_allclose(stored["short#0"], embedder.embed([short])[0], atol=1e-5)


def test_second_run_ingests_nothing_and_a_change_replaces_chunks(small_world, resolver, embedder):
    ingestor = Ingestor(small_world, embedder, resolver)
    documents = [doc("abq", ALBUQUERQUE), doc("short", "Albuquerque lifted its burn ban on Friday.")]
    ingestor.ingest(documents)
    before = small_world.counts()
    again = ingestor.ingest(documents)
    assert again.documents == 0 and len(again.skipped) == 2 and small_world.counts() == before
    changed = ingestor.ingest([doc("short", "Albuquerque restored its burn ban on Monday.")])
    assert changed.documents == 1
    texts = small_world.execute_read_only("MATCH (:Document {id: 'short'})-[:HAS_CHUNK]->(c) RETURN c.text AS t")
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
    stored = {r["id"] for r in small_world.execute_read_only("MATCH (d:Document) RETURN d.id AS id")}
    ids = {name: f"file:{(folder / name).resolve().as_posix()}" for name in ("latin1.txt", "noplace.md", "big.txt")}
    assert stored == {*ids.values(), "jsonl:ok"}
    assert any("empty.txt" in k for k in reasons) and any("garbled.txt" in k for k in reasons)
    assert any(":2" in k for k in reasons), "the malformed JSON line is reported with its number"
    assert any("Q404" in v for v in reasons.values())
    big_chunks = small_world.execute_read_only("MATCH (:Document {id: $id})-[:HAS_CHUNK]->(c) "
                                     "RETURN count(c) AS n, max(size(c.text)) AS longest", {"id": ids["big.txt"]})[0]
    assert big_chunks["n"] > 100 and big_chunks["longest"] <= 1000
    assert small_world.execute_read_only("MATCH (:Document {id: $id})-[:HAS_CHUNK]->(c)-[:MENTIONS]->() "
                               "RETURN count(*) AS n", {"id": ids["noplace.md"]}) == [{"n": 0}]


class CrashingEmbedder:
    """Wraps the real model and stops the run on one call, as Ctrl-C in the middle of a run would."""

    def __init__(self, inner, fail_on_call: int):
        self.inner, self.fail_on_call, self.calls = inner, fail_on_call, 0
        self.dimension, self.name = inner.dimension, inner.name

    def embed(self, texts):
        self.calls += 1
        if self.calls == self.fail_on_call:
            raise KeyboardInterrupt("simulated stop")
        return self.inner.embed(texts)


def test_crash_in_the_middle_loses_nothing_and_duplicates_nothing(small_world, resolver, embedder):
    documents = [doc(f"d{n}", f"Albuquerque update {n}: the burn ban stays in place in Bernalillo County.")
                 for n in range(6)]
    crashing = CrashingEmbedder(embedder, fail_on_call=2)  # one-sentence documents: one call per batch
    with pytest.raises(KeyboardInterrupt, match="simulated stop"):
        Ingestor(small_world, crashing, resolver, batch_size=2).ingest(documents)
    assert small_world.counts()["documents"] == 2
    report = Ingestor(small_world, embedder, resolver, batch_size=2).ingest(documents)
    assert report.documents == 4 and len(report.skipped) == 2
    rows = small_world.execute_read_only("MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) "
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


# -- ids that cannot collide ------------------------------------------------------------------------

def test_the_same_file_name_in_two_folders_is_two_documents(small_world, resolver, embedder, tmp_path):
    texts = {"a": "Albuquerque lifted its burn ban on Friday.", "b": "Bernalillo County opened a cooling center."}
    for name, text in texts.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "notes.txt").write_text(text, encoding="utf-8")
    ingestor = Ingestor(small_world, embedder, resolver)
    for name in texts:
        report = ingestor.ingest(list(documents_from([str(tmp_path / name)])))
        assert (report.documents, report.failed) == (1, [])
    rows = small_world.execute_read_only("MATCH (d:Document)-[:HAS_CHUNK]->(c) RETURN d.id AS id, d.path AS path, "
                               "c.text AS text ORDER BY id")
    assert rows == [{"id": f"file:{(tmp_path / name / 'notes.txt').resolve().as_posix()}", "path": "notes.txt",
                     "text": text} for name, text in texts.items()]


def test_an_id_stored_from_another_file_is_refused_then_replaced_on_request(small_world, resolver, embedder,
                                                                             tmp_path):
    first, second = tmp_path / "county.jsonl", tmp_path / "city.jsonl"
    first.write_text(json.dumps({"id": "burn-ban", "text": "Bernalillo County bans open burning."}) + "\n")
    second.write_text(json.dumps({"id": "burn-ban", "text": "Albuquerque lifts its burn ban."}) + "\n")
    ingestor = Ingestor(small_world, embedder, resolver)
    assert ingestor.ingest(list(documents_from([str(first)]))).documents == 1

    refused = ingestor.ingest(list(documents_from([str(second)])))
    assert refused.documents == 0 and refused.replaced == []
    [(doc_id, reason)] = refused.failed
    assert doc_id == "jsonl:burn-ban" and str(first.resolve()) in reason and str(second.resolve()) in reason
    stored = "MATCH (:Document {id: 'jsonl:burn-ban'})-[:HAS_CHUNK]->(c) RETURN c.text AS text"
    assert small_world.execute_read_only(stored) == [{"text": "Bernalillo County bans open burning."}]

    replaced = ingestor.ingest(list(documents_from([str(second)])), replace_other_origin=True)
    assert replaced.documents == 1 and replaced.replaced == [("jsonl:burn-ban", first.resolve().as_posix())]
    assert small_world.execute_read_only(stored) == [{"text": "Albuquerque lifts its burn ban."}]
    assert "replaced:" in replaced.describe() and str(first.resolve()) in replaced.describe()


def test_a_change_of_metadata_url_or_date_alone_is_written(small_world, resolver, embedder):
    ingestor = Ingestor(small_world, embedder, resolver)
    base = dict(id="jsonl:notice", title="Notice", text="Albuquerque lifted its burn ban on Friday.",
                source="jsonl", scope=("Q1522",), scope_basis="test")
    assert ingestor.ingest([SourceDocument(**base, metadata={"agency": "city"})]).documents == 1
    changed = SourceDocument(**base, metadata={"agency": "county"}, url="https://example.org/notice",
                             published="2024-07-31")
    report = ingestor.ingest([changed])
    assert (report.documents, report.skipped) == (1, [])
    assert small_world.execute_read_only("MATCH (d:Document {id: 'jsonl:notice'}) RETURN d.agency AS agency, d.url AS url, "
                               "d.published AS published") == [
        {"agency": "county", "url": "https://example.org/notice", "published": "2024-07-31"}]
    assert len(ingestor.ingest([changed]).skipped) == 1


# -- migration of stored ids ------------------------------------------------------------------------

def test_migrate_renames_old_ids_in_place_and_a_second_run_changes_nothing(small_world, resolver, embedder,
                                                                           server, tmp_path):
    from click.testing import CliRunner

    from georisk_graph.cli import main

    root = tmp_path / "folder"
    (root / "notes").mkdir(parents=True)
    (root / "notes" / "abq.txt").write_text(ALBUQUERQUE, encoding="utf-8")
    old = [
        SourceDocument(id="stat-NM-1", title="NM 1", text="Burn permits in New Mexico are issued by the local "
                       "fire department. A permit holder must watch the fire.", source="statute",
                       doc_type="statute", scope=("Q1522",), scope_basis="statute of NM"),
        SourceDocument(id="file:notes/abq.txt", title="abq", text=ALBUQUERQUE, source="file",
                       metadata={"path": "notes/abq.txt"}),
        SourceDocument(id="file:gone.txt", title="gone", text="Bernalillo County lifted its ban.", source="file"),
        SourceDocument(id="ban", title="ban", text="Albuquerque lifted its burn ban on Friday.", source="jsonl"),
        SourceDocument(id="calfire:9", title="Fire", text="A fire burned near Albuquerque.", source="calfire"),
    ]
    Ingestor(small_world, embedder, resolver).ingest(old)
    shape = ("MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) OPTIONAL MATCH (c)-[m:MENTIONS]->() "
             "RETURN d.id AS doc, c.id AS chunk, c.document_id AS document_id, c.index AS index, "
             "c.embedding[0] AS x, count(m) AS mentions ORDER BY doc, index")
    before = small_world.execute_read_only(shape)
    counts = small_world.counts()
    next_links = small_world.execute_read_only("MATCH (:Chunk)-[n:NEXT]->(:Chunk) RETURN count(n) AS n")

    first = CliRunner().invoke(main, ["migrate", "--files-root", str(root)], env=server.env())
    assert first.exit_code == 0, first.output
    abq = f"file:{(root / 'notes' / 'abq.txt').resolve().as_posix()}"
    renames = {"stat-NM-1": "statute:stat-NM-1", "file:notes/abq.txt": abq, "ban": "jsonl:ban"}
    for old_id, new_id in renames.items():
        assert f"renamed {old_id} -> {new_id}" in first.output
    assert "left file:gone.txt" in first.output and "calfire:9" not in first.output

    after = small_world.execute_read_only(shape)
    assert [row["doc"] for row in after] == sorted(renames.get(row["doc"], row["doc"]) for row in before)
    by_old = {(renames.get(row["doc"], row["doc"]), row["index"]): row for row in before}
    for row in after:
        was = by_old[(row["doc"], row["index"])]
        assert row["chunk"] == f"{row['doc']}#{row['index']}" and row["document_id"] == row["doc"]
        assert (row["x"], row["mentions"]) == (was["x"], was["mentions"]), "vectors and mentions are kept"
    assert small_world.counts() == counts
    assert small_world.execute_read_only("MATCH (:Chunk)-[n:NEXT]->(:Chunk) RETURN count(n) AS n") == next_links

    second = CliRunner().invoke(main, ["migrate", "--files-root", str(root)], env=server.env())
    assert second.exit_code == 0 and "nothing renamed" in second.output, second.output
    assert not [line for line in second.output.splitlines() if line.startswith("renamed ")]
    assert "left file:gone.txt" in second.output
    assert small_world.execute_read_only(shape) == after

    # The folder ingested again under the new scheme finds its migrated document: no second copy.
    Ingestor(small_world, embedder, resolver).ingest(list(documents_from([str(root)])))
    assert small_world.counts()["documents"] == counts["documents"]


def test_each_sentence_is_stored_with_the_kind_of_statement_it_makes_and_old_ones_are_read_again(
        small_world, resolver, embedder):
    from georisk_graph.ingest.pipeline import store_statement_kinds
    from georisk_graph.statements import STATEMENT_KINDS, StatementReader

    text = ("Open burning is prohibited in Bernalillo County until further notice. "
            "Violators may be fined up to $500. Crews contained a brush fire near Albuquerque on Tuesday.")
    ingestor = Ingestor(small_world, embedder, resolver)
    ingestor.ingest([doc("kinds", text)])
    read = "MATCH (:Document {id: 'kinds'})-[:HAS_CHUNK]->(:Chunk)-[:HAS_SENTENCE]->(s:Sentence) " \
           "RETURN s.id AS id, s.kind AS kind, s.kind_share AS share, s.kind_model AS model ORDER BY s.id"
    stored = small_world.execute_read_only(read)
    assert len(stored) == 3 and all(s["kind"] in STATEMENT_KINDS and 0 < s["share"] <= 1 for s in stored)
    assert {s["model"] for s in stored} == {ingestor.statements.version}
    assert stored[0]["kind"] == "rule" and stored[2]["kind"] == "event"
    # a sentence stored before sentences kept their kind, and one another model read, are read again; then nothing
    write_cypher(small_world, "MATCH (s:Sentence {id: $a}) REMOVE s.kind, s.kind_share, s.kind_model "
                              "WITH 1 AS one MATCH (s:Sentence {id: $b}) SET s.kind_model = 'other', s.kind = 'heading'",
                 {"a": stored[0]["id"], "b": stored[1]["id"]})
    reader = StatementReader.load()
    assert store_statement_kinds(small_world, reader) == 2
    assert small_world.execute_read_only(read) == stored
    assert store_statement_kinds(small_world, reader) == 0
