"""`georisk bench retrieval --chunks N`: GeoRisk retrieval against plain vector search, on synthetic
chunks in a throwaway local server.

Synthetic chunks are attached (document scope and a mention) to a real place of the DAG: 5% to states,
25% to counties and 70% to cities, each level weighted by population. As in the shared corpus, one
document in ten is a rule (a statute, which applies to every place inside its jurisdiction) and the rest
are incident reports; four chunks each. Their vectors (``--vectors``):

- ``realistic`` (the default): made from real embeddings. The shared corpus is chunked and embedded once
  with the project's chunker and embedder (cached under the settings' cache folder, so a rerun does not
  embed again); each synthetic chunk is a convex mix of 2 or 3 real chunk vectors of its document's kind
  (a real document's chunk first, with most of the weight, then one or two other chunks of that kind) plus
  small Gaussian noise, renormalised: a corpus grown from the real one, with its clusters and its spread.
  The queries are the real questions of benchmarks/qa/questions.jsonl, embedded the same way.
- ``random``: unit vectors drawn uniformly, the worst case for an HNSW graph; the queries are perturbed
  copies of stored chunks' vectors (so relevant chunks exist). The figures before 2026-12-05 are of these.

Each query is asked about the place of a stored chunk or, for a third of them, a random place at another
level. The whole vector index is either in place while the chunks are written, as ingestion fills it
(``--index-fill written``, the default), or dropped first and built from the stored vectors after the writes
(``built``); each state's own index is built after the writes. Measured twice on the same store and the same
queries, on the index as the writes leave it and after a restart of the server (the store then stands as a
user's graph does after a checkpoint), warm, p50 and p95: (a) plain vector search top-k; (b) langchain-neo4j
``Neo4jVector`` similarity search; (c) GeoRisk retrieval (candidates + δ + relation + ranking, one query);
with recall against exact search and the index's health: the share of sampled chunks it returns among the
10 nearest to their own vector, and for each it misses whether the index still holds it (found by an exact
search inside the index: unreachable) or not (lost), beside the entries its files hold when the server stops.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from .ingest import throwaway_graph


WARM_PASSES = 3
# The epsilon of (a)'s epsilon recall (ann-benchmarks' "Epsilon 0.01 Recall").
EPSILON = 0.01


# -- realistic vectors ---------------------------------------------------------------------------------
VECTORS = ("realistic", "random")
INDEX_FILLS = ("written", "built")
# The synthetic document kinds, and the real documents each is made from: statutes from statutes, incident
# reports from every other kind of the shared corpus (InciWeb updates and summaries, CAL FIRE incidents).
STATUTE, REPORT = "statute", "incident_report"
# A mix: the anchor (a real document's chunk) keeps this share of the weight, at least and at most; one or
# two other chunks of the same kind share the rest. Then Gaussian noise of this deviation per dimension
# (about 0.2 in norm at 384 dimensions: a cosine of about 0.97 to the mix), and the row renormalised.
ANCHOR_WEIGHT = (0.5, 0.85)
NOISE = 0.01


@dataclass(frozen=True)
class BaseVectors:
    """The real embeddings synthetic chunks are made from: every chunk of the shared corpus (rows ordered by
    document), its document's kind and number, and the benchmark's question texts embedded."""

    vectors: np.ndarray  # (chunks, dimension) float32, unit rows
    kinds: np.ndarray  # (chunks,) STATUTE or REPORT
    documents: np.ndarray  # (chunks,) int, ascending: the real document of each chunk
    questions: np.ndarray  # (questions, dimension) float32, unit rows
    model: str = ""

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".part.npz")
        np.savez(part, vectors=self.vectors, kinds=self.kinds, documents=self.documents,
                 questions=self.questions, model=np.asarray(self.model))
        part.replace(path)

    @classmethod
    def read(cls, path: Path) -> "BaseVectors":
        with np.load(path) as data:
            return cls(vectors=data["vectors"], kinds=data["kinds"], documents=data["documents"],
                       questions=data["questions"], model=str(data["model"]))


@dataclass(frozen=True)
class Mixture:
    """Synthetic chunk vectors and what each was mixed from: rows of the base (-1 where a mix took two) and
    their weights, which sum to 1."""

    vectors: np.ndarray  # (n, dimension) float32, unit rows
    sources: np.ndarray  # (n, 3) int
    weights: np.ndarray  # (n, 3) float32


def mix_vectors(base: BaseVectors, doc_kinds: Sequence[str], per_doc: int, total: int,
                rng: np.random.Generator, *, noise: float = NOISE, block: int = 50_000) -> Mixture:
    """``total`` chunk vectors for synthetic documents of ``per_doc`` chunks whose kinds are ``doc_kinds``
    (one per document, in order). Each document takes a real document of its kind; its chunk i is a convex
    mix of that document's chunk i (cycling through them; weight in ``ANCHOR_WEIGHT``) and one or two
    other real chunks of the same kind, plus Gaussian noise of deviation ``noise`` per dimension,
    renormalised."""
    kinds = np.asarray(doc_kinds)
    if len(kinds) * per_doc < total:
        raise ValueError(f"{len(kinds)} documents of {per_doc} chunks cannot hold {total} chunks")
    base_kinds = np.where(base.kinds == STATUTE, STATUTE, REPORT)
    doc_ids, first, counts = np.unique(base.documents, return_index=True, return_counts=True)
    doc_kind = base_kinds[first]
    chunk_kind = np.repeat(kinds, per_doc)[:total]
    position = np.arange(total) % per_doc
    sources = np.full((total, 3), -1, dtype=np.int64)
    weights = np.zeros((total, 3), dtype=np.float32)
    for kind in (STATUTE, REPORT):
        rows = np.flatnonzero(chunk_kind == kind)
        if not len(rows):
            continue
        docs_of_kind = np.flatnonzero(doc_kind == kind)
        chunks_of_kind = np.flatnonzero(base_kinds == kind)
        if not len(docs_of_kind):
            raise ValueError(f"the base vectors hold no chunk of kind {kind}")
        # the real document behind each synthetic document of this kind, and each chunk's anchor in it
        synthetic_docs = np.unique(rows // per_doc)
        picked = dict(zip(synthetic_docs.tolist(), docs_of_kind[rng.integers(0, len(docs_of_kind), len(synthetic_docs))]))
        real = np.asarray([picked[d] for d in (rows // per_doc).tolist()])
        sources[rows, 0] = first[real] + position[rows] % counts[real]
        partners = chunks_of_kind[rng.integers(0, len(chunks_of_kind), (len(rows), 2))]
        sources[rows, 1] = partners[:, 0]
        three = rng.random(len(rows)) < 0.5
        sources[rows[three], 2] = partners[three, 1]
        anchor = rng.uniform(*ANCHOR_WEIGHT, len(rows)).astype(np.float32)
        split = rng.dirichlet([1.0, 1.0], len(rows)).astype(np.float32)
        weights[rows, 0] = anchor
        weights[rows, 1] = np.where(three, (1 - anchor) * split[:, 0], 1 - anchor)
        weights[rows, 2] = np.where(three, (1 - anchor) * split[:, 1], 0.0)
    dimension = base.vectors.shape[1]
    vectors = np.empty((total, dimension), dtype=np.float32)
    for start in range(0, total, block):
        part = slice(start, min(start + block, total))
        mixed = np.einsum("nk,nkd->nd", weights[part], base.vectors[np.maximum(sources[part], 0)])
        mixed += rng.standard_normal(mixed.shape).astype(np.float32) * noise
        vectors[part] = mixed / np.linalg.norm(mixed, axis=1, keepdims=True)
    return Mixture(vectors=vectors, sources=sources, weights=weights)


def _corpus_key(settings: Any, documents: list[Any], questions: list[str]) -> str:
    """What the base vectors depend on: the model and how chunks are embedded, the corpus, the questions."""
    digest = hashlib.sha256()
    digest.update(json.dumps([str(settings.embedding_model or "bundled"), settings.embedding_backend,
                              settings.chunk_vectors, settings.embedding_dimension]).encode())
    for doc in documents:
        digest.update(f"{doc.id}\0{doc.doc_type}\0".encode())
        digest.update(hashlib.sha256(doc.text.encode()).digest())
    for question in questions:
        digest.update(question.encode() + b"\0")
    return digest.hexdigest()[:16]


def _question_texts() -> list[str]:
    path = Path(__file__).resolve().parent / "qa" / "questions.jsonl"
    return [json.loads(line)["question"] for line in path.read_text().splitlines() if line.strip()]


def base_vectors(settings: Any, say: Callable[[str], None] | None = None) -> BaseVectors:
    """The shared corpus's chunk vectors and the questions' vectors, embedded by the configured model with the
    project's chunker (as ingestion does: chunks of at most 1,000 characters, each embedded by itself, or from
    its sentences with GEORISK_CHUNK_VECTORS=sentences), read from ``cache_dir/bench/`` when a run made them
    for the same model, corpus and questions."""
    from georisk_graph.loaders.corpus import shared_corpus

    documents = [d for d in shared_corpus() if d.text.strip()]
    questions = _question_texts()
    path = Path(settings.cache_dir) / "bench" / f"realistic-base-{_corpus_key(settings, documents, questions)}.npz"
    if path.is_file():
        return BaseVectors.read(path)
    from georisk_graph.embeddings import embedder_from_settings
    from georisk_graph.ingest.chunking import SemanticChunker

    embedder = embedder_from_settings(settings)
    chunker = SemanticChunker(embedder, max_chars=1000)
    started = time.perf_counter()
    vectors: list[np.ndarray] = []
    kinds: list[str] = []
    numbers: list[int] = []
    batch = 64
    for start in range(0, len(documents), batch):
        docs = documents[start:start + batch]
        texts = [d.text for d in docs]
        if settings.chunk_vectors == "sentences":
            chunked, embedded = chunker.chunk_with_vectors(texts)
        else:
            chunked = chunker.chunk(texts)
            embedded = embedder.embed([c.text for chunks in chunked for c in chunks])
        vectors.append(np.asarray(embedded, dtype=np.float32))
        for number, (doc, chunks) in enumerate(zip(docs, chunked), start=start):
            kinds += [STATUTE if doc.doc_type == STATUTE else REPORT] * len(chunks)
            numbers += [number] * len(chunks)
        if say and (start // batch) % 20 == 0:
            say(f"embedding the shared corpus for realistic vectors: {min(start + batch, len(documents)):,} of "
                f"{len(documents):,} documents, {time.perf_counter() - started:.0f} s")
    asked = np.asarray(embedder.embed(questions), dtype=np.float32)
    base = BaseVectors(vectors=np.concatenate(vectors), kinds=np.asarray(kinds), documents=np.asarray(numbers),
                       questions=asked, model=embedder.name)
    base.save(path)
    if say:
        say(f"embedded {len(base.vectors):,} chunks of {len(documents):,} documents and {len(questions)} questions "
            f"in {time.perf_counter() - started:.0f} s; cached in {path}")
    return base


def _percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def _store_bytes(home: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(home / "neo4j" / "data"):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return total


def _vector_index_files(home: Path) -> int:
    """How many files the vector index is stored in (Lucene writes one set per segment)."""
    return sum(len(files) for folder in (home / "neo4j" / "data" / "databases").glob("*/schema/index/vector*")
               for _root, _dirs, files in os.walk(folder))


def _vector_index_bytes(home: Path) -> int:
    """Bytes of the vector index files (every ``schema/index/vector-*`` folder)."""
    total = 0
    for folder in (home / "neo4j" / "data" / "databases").glob("*/schema/index/vector*"):
        for root, _dirs, files in os.walk(folder):
            total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return total


def _vector_index_sizes(home: Path, names: dict[int, str]) -> dict[str, int]:
    """Bytes of each vector index on disk, by name (``names``: index id -> name, from SHOW INDEXES)."""
    sizes: dict[str, int] = {}
    for folder in (home / "neo4j" / "data" / "databases").glob("*/schema/index/vector*/*"):
        name = names.get(int(folder.name)) if folder.name.isdigit() else None
        if name is None:
            continue
        sizes[name] = sizes.get(name, 0) + sum(os.path.getsize(os.path.join(root, f))
                                               for root, _dirs, files in os.walk(folder) for f in files)
    return sizes


def _geographic_recall(graph: Any, retriever: Any, vectors: np.ndarray, workload: list[tuple[list[float], str]],
                       levels: dict[str, str], *, k: int) -> dict[str, Any]:
    """How many of the passages exact search finds inside each question place's state, county and
    locality (the ``geo_pool`` nearest of each kind of document, numpy over the same vectors and the
    stored filter properties) the geographic searches of retrieve.cypher find too, alone as the
    benchmark times them; over the workload, and for the state searches alone."""
    from georisk_graph.geo import COUNTY, WIDE_LEVELS

    rows = graph.run("bench_chunk_filters")
    index = np.asarray([int(r["id"].split("-")[1]) for r in rows])
    column = {name: np.asarray([r[name] or "" for r in rows]) for name in ("state", "county", "locality", "doc_type")}
    places = {r["id"]: r for r in graph.run("bench_place_filters", ids=sorted({p for _, p in workload}))}
    found_total = exact_total = state_found = state_total = 0
    for vector, place in workload:
        asked = retriever.parameters_for(vector, [place], k=k, wide=levels.get(place) in WIDE_LEVELS)
        partitions = retriever.partitions_for([place])
        found = set(graph.run_partitioned("bench_geographic_searches", partitions, **asked)[0]["found"])
        scores = vectors[index] @ np.asarray(vector, dtype=np.float32)
        info = places[place]
        filters = [("state", s) for s in info["states"]] + [("county", c) for c in info["counties"]]
        if info["level"] not in WIDE_LEVELS and info["level"] != COUNTY:
            filters.append(("locality", place))
        exact: set[str] = set()
        for name, value in filters:
            for types in asked["question"]["doc_kinds"]:
                mask = (column[name] == value) & np.isin(column["doc_type"], types)
                candidates = np.flatnonzero(mask)
                top = candidates[np.argsort(-scores[candidates])[:asked["geo_pool"]]]
                ids = {rows[i]["id"] for i in top}
                exact |= ids
                if name == "state":
                    state_found += len(ids & found)
                    state_total += len(ids)
        found_total += len(exact & found)
        exact_total += len(exact)
    return {"recall": round(found_total / max(1, exact_total), 3),
            "state_recall": round(state_found / max(1, state_total), 3), "exact": exact_total,
            "geo_pool": graph.settings.geo_pool, "geo_search": graph.settings.geo_search}


def memory_for(chunks: int, settings: Any) -> tuple[str, str]:
    """Heap and page cache for a synthetic store of ``chunks``: the page cache holds the whole store
    (at most about 9 KB a chunk with its vector, HNSW graph and edges, plus the geography) when the machine
    has the memory, so the benchmark measures queries, not disk reads."""
    if chunks <= 20_000:
        return settings.heap, settings.pagecache
    heap_gb = 4 if chunks > 200_000 else 1
    total_gb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    store_gb = chunks * 9 / 2**20 + 0.5
    return f"{heap_gb}g", f"{max(1, min(math.ceil(store_gb), int(total_gb * 0.75) - heap_gb))}g"


def _synthesize(graph: Any, chunks: int, dimension: int, rng: np.random.Generator,
                progress: Callable[[int], None] | None, *, kind: str = "random", base: BaseVectors | None = None,
                seed: int = 7) -> np.ndarray:
    """Write ``chunks`` synthetic chunks in documents of four and return their vectors (row i is chunk
    ``syn-i``). Random vectors are drawn before the documents' places and kinds, as before realistic vectors
    were added, so the same seed writes the same corpus as then; realistic ones are mixed after, from their
    own generator, since each follows its document's kind."""
    places = graph.run("bench_places")
    by_level: dict[str, tuple[list[str], np.ndarray]] = {}
    for level in ("state", "county", "place"):
        rows = [p for p in places if p["level"] == level]
        weights = np.asarray([p["population"] for p in rows], dtype=np.float64)
        by_level[level] = ([p["id"] for p in rows], weights / weights.sum())
    per_doc = 4
    if kind == "random":
        vectors = rng.standard_normal((chunks, dimension)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    plan: list[tuple[str, str]] = []
    for _start in range(0, chunks, per_doc):
        level = rng.choice(["state", "county", "place"], p=[0.05, 0.25, 0.70])
        ids, weights = by_level[level]
        place = ids[int(rng.choice(len(ids), p=weights))]
        plan.append((place, STATUTE if rng.random() < 0.10 else REPORT))
    if kind == "realistic":
        if base is None:
            raise ValueError("realistic vectors need the base vectors")
        vectors = mix_vectors(base, [doc_type for _, doc_type in plan], per_doc, chunks,
                              np.random.default_rng(seed + 101)).vectors
    batch: list[dict[str, Any]] = []
    written = 0
    for number, (place, doc_type) in enumerate(plan):
        start = number * per_doc
        batch.append({"doc": f"syn-doc-{number}", "place": place, "doc_type": doc_type, "chunks": [
            {"id": f"syn-{k}", "index": k - start, "embedding": vectors[k].tolist()}
            for k in range(start, min(start + per_doc, chunks))]})
        if len(batch) * per_doc >= 2000:
            graph.run_in_transaction("bench_synthetic_chunks", "chunk_filters", rows=batch,
                                     document_ids=[r["doc"] for r in batch])
            written += sum(len(r["chunks"]) for r in batch)
            batch = []
            if progress:
                progress(written)
    if batch:
        graph.run_in_transaction("bench_synthetic_chunks", "chunk_filters", rows=batch,
                                 document_ids=[r["doc"] for r in batch])
        if progress:
            progress(chunks)
    graph.run("await_indexes", seconds=7200)
    return vectors


def _workload(graph: Any, vectors: np.ndarray, rng: np.random.Generator, *, queries: int, seed: int, kind: str,
              base: BaseVectors | None) -> list[tuple[list[float], str]]:
    """The queries, each a vector and a place: the place of a stored chunk or, for a third of them, a random
    place. Random vectors: that chunk's vector plus noise (cosine about 0.8 to it); realistic: a real question
    of benchmarks/qa/questions.jsonl, embedded."""
    stored = graph.run("bench_stored_chunks", limit=20000)
    places = [p["id"] for p in graph.run("bench_places")]
    picks = random.Random(seed).sample(stored, min(queries, len(stored)))
    asked: list[int] = []
    if kind == "realistic":
        assert base is not None
        pool = list(range(len(base.questions)))
        asked = (random.Random(seed + 2).sample(pool, len(picks)) if len(picks) <= len(pool)
                 else random.Random(seed + 2).choices(pool, k=len(picks)))
    workload = []
    for n, pick in enumerate(picks):
        if kind == "realistic":
            assert base is not None
            vector = base.questions[asked[n]]
        else:
            chunk = vectors[int(pick["chunk"].split("-")[1])]
            vector = chunk + rng.standard_normal(chunk.shape).astype(np.float32) * 0.03
            vector /= np.linalg.norm(vector)
        place = pick["place"] if n % 3 else random.Random(seed + n).choice(places)
        workload.append((vector.tolist(), place))
    return workload


def _retriever(graph: Any) -> Any:
    """GeoRisk's retriever on ``graph`` with the configured relevance model."""
    from georisk_graph import relevance
    from georisk_graph.retrieval import GraphRetriever

    return GraphRetriever(graph, relevance.load(graph.settings.relevance_model))


def _health(graph: Any, vectors: np.ndarray, sample: list[str]) -> dict[str, Any]:
    """The whole vector index's health on the sampled chunks (georisk_graph.vector_health.probe: found among
    the 10 nearest to their own vector; of those missed, held by the index or not), and for each missed
    chunk whether exact search over the stored vectors (numpy) finds it among its 10 nearest."""
    from georisk_graph import vector_health

    started = time.perf_counter()
    health = vector_health.probe(graph, ids=sample, k=vector_health.NEAREST)
    assert health is not None
    missed = [int(m.id.split("-")[1]) for m in health.missed]
    exact = 0
    for start in range(0, len(missed), 16):
        rows = missed[start:start + 16]
        scores = vectors @ vectors[rows].T
        top = np.argpartition(-scores, vector_health.NEAREST, axis=0)[:vector_health.NEAREST]
        exact += sum(row in top[:, n] for n, row in enumerate(rows))
    return {"chunks": health.chunks, "sampled": health.sampled, "found": health.found,
            "share": round(health.share, 3), "missed": len(health.missed), "lost": health.lost,
            "unreachable": health.unreachable, "untold": health.untold, "missed_found_by_exact_search": exact,
            "seconds": round(time.perf_counter() - started, 1)}


def _measure(graph: Any, vectors: np.ndarray, workload: list[tuple[list[float], str]], levels: dict[str, str],
             sample: list[str], *, k: int) -> dict[str, Any]:
    """On the store as it stands: (a), (b) and (c) warmed, then timed interleaved on the workload; (a)'s
    recall@k against exact search, the geographic candidates' recall, and the index's health."""
    from georisk_graph.evaluation.baselines import open_vector_search
    from georisk_graph.geo import WIDE_LEVELS

    retriever = _retriever(graph)
    langchain_search = open_vector_search(graph, embeddings=_FixedEmbeddings(graph.settings.embedding_dimension))
    store = langchain_search.store

    def vector(v: list[float], _place: str) -> Any:
        return graph.run("vector_top_k", vector_index=graph.settings.vector_index, k=k, embedding=v)

    def langchain(v: list[float], _place: str) -> Any:
        return store.similarity_search_by_vector(v, k=k)

    def geo(v: list[float], place: str) -> Any:
        return retriever.ranked(retriever.parameters_for(v, [place], k=k, wide=levels.get(place) in WIDE_LEVELS))

    systems = {"vector": vector, "langchain": langchain, "georisk": geo}
    timings: dict[str, list[float]] = {name: [] for name in systems}
    try:
        # warm-up: plans compiled, the pages the workload reads cached, the server's code compiled by its
        # JIT (each system's time a question falls for the first few passes)
        for _ in range(WARM_PASSES):
            for call in systems.values():
                _timed(call, workload)
        for v, place in workload:  # interleaved, so drift in machine load hits all three alike
            for name, call in systems.items():
                t0 = time.perf_counter()
                call(v, place)
                timings[name].append((time.perf_counter() - t0) * 1000)
    finally:
        langchain_search.close()
    hits = near = 0
    for v, place in workload:
        returned = [int(r["chunk_id"].split("-")[1]) for r in vector(v, place)]
        scores = vectors @ np.asarray(v, dtype=np.float32)
        top = np.argpartition(-scores, k)[:k]
        hits += len(set(returned) & set(top.tolist()))
        # ann-benchmarks' epsilon recall: a chunk returned counts when its cosine distance is within 1% of the
        # exact k-th's, so near-ties (mixes of the same real chunk) are not counted as misses
        near += int(((1 - scores[returned]) <= (1 + EPSILON) * (1 - scores[top].min())).sum())
    p50 = {n: statistics.median(t) for n, t in timings.items()}
    p95 = {n: _percentile(t, 95) for n, t in timings.items()}
    return {"timings": timings, "retriever": retriever,
            "p50_ms": {n: round(v, 2) for n, v in p50.items()}, "p95_ms": {n: round(v, 2) for n, v in p95.items()},
            "ratio_p50_georisk_vs_vector": round(p50["georisk"] / p50["vector"], 2),
            "ratio_p95_georisk_vs_vector": round(p95["georisk"] / p95["vector"], 2),
            "ratio_p50_langchain_vs_vector": round(p50["langchain"] / p50["vector"], 2),
            "recall_at_k_vector_vs_exact": round(hits / (k * len(workload)), 3),
            "epsilon_recall_at_k_vector": round(near / (k * len(workload)), 3),
            "geographic_recall": _geographic_recall(graph, retriever, vectors, workload, levels, k=k),
            "index_health": _health(graph, vectors, sample)}


_INDEX_ENTRIES_JAVA = r"""
import java.nio.file.*;
import java.util.*;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.hnsw.HnswGraphProvider;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.index.*;
import org.apache.lucene.store.*;
import org.apache.lucene.util.hnsw.HnswGraph;

/** For each Lucene folder given: its live documents, segments, stored vectors, HNSW graph nodes, and the
 *  graph nodes reachable on its bottom level from the graph's entry node (a breadth-first walk). */
public class IndexEntries {
    public static void main(String[] args) throws Exception {
        for (String dir : args) {
            try (Directory d = FSDirectory.open(Paths.get(dir)); DirectoryReader r = DirectoryReader.open(d)) {
                long vectors = 0, nodes = 0, reachable = 0;
                for (LeafReaderContext leaf : r.leaves()) {
                    for (FieldInfo field : leaf.reader().getFieldInfos()) {
                        if (field.getVectorDimension() <= 0) continue;
                        FloatVectorValues values = leaf.reader().getFloatVectorValues(field.name);
                        if (values != null) vectors += values.size();
                        KnnVectorsReader reader = ((CodecReader) leaf.reader()).getVectorReader();
                        if (reader instanceof PerFieldKnnVectorsFormat.FieldsReader fields) reader = fields.getFieldReader(field.name);
                        if (!(reader instanceof HnswGraphProvider provider)) continue;
                        HnswGraph graph = provider.getGraph(field.name);
                        int size = graph.size();
                        nodes += size;
                        if (size == 0) continue;
                        BitSet seen = new BitSet();
                        ArrayDeque<Integer> todo = new ArrayDeque<>();
                        seen.set(graph.entryNode());
                        todo.add(graph.entryNode());
                        while (!todo.isEmpty()) {
                            graph.seek(0, todo.poll());
                            for (int next = graph.nextNeighbor(); next != Integer.MAX_VALUE; next = graph.nextNeighbor())
                                if (!seen.get(next)) { seen.set(next); todo.add(next); }
                        }
                        reachable += seen.cardinality();
                    }
                }
                System.out.println("{\"folder\": \"" + dir + "\", \"documents\": " + r.numDocs() + ", \"segments\": "
                    + r.leaves().size() + ", \"vectors\": " + vectors + ", \"graph_nodes\": " + nodes
                    + ", \"graph_reachable\": " + reachable + "}");
            }
        }
    }
}
"""


def index_files_census(settings: Any, index_id: int) -> dict[str, Any]:
    """What the files of the vector index ``index_id`` hold as last committed (on a stopped server: what it
    loads when it starts): documents, segments, vectors, HNSW graph nodes and those reachable from the
    graph's entry node, read by Lucene from the server's own jars (Java's source launcher runs the reader)."""
    from georisk_graph.server import find_java

    folders = sorted(str(p.parent) for p in (settings.home / "neo4j" / "data" / "databases").glob(
        f"*/schema/index/vector*/{index_id}/*/segments_*"))
    if not folders:
        return {"error": f"no Lucene folder for index {index_id}"}
    java = find_java(settings)
    with tempfile.TemporaryDirectory(prefix="georisk-census-") as scratch:
        source = Path(scratch) / "IndexEntries.java"
        source.write_text(_INDEX_ENTRIES_JAVA)
        done = subprocess.run([java.executable, *java.flags, "-cp", f"{settings.neo4j_lib}/*", str(source), *folders],
                              capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["java failed"])[-1][:300]}
    parts = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return {key: sum(p[key] for p in parts) for key in ("documents", "segments", "vectors", "graph_nodes",
                                                         "graph_reachable")}


def run_retrieval(settings: Any, chunks: int, *, queries: int = 60, k: int = 5, seed: int = 7,
                  quantization: str | None = None, vectors: str = "realistic", index_fill: str = "written",
                  health_sample: int = 200, progress: Callable[[str, int], None] | None = None,
                  say: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Build the synthetic corpus and time (a), (b) and (c) on the same queries, before and after a restart
    of the server; with ``quantization`` (BINARY, SCALAR, NONE) the vector index is made with it instead of
    the configured one. ``vectors``: realistic or random (:data:`VECTORS`); ``index_fill``: written (the whole
    index in place as the chunks are written) or built (from the stored vectors after them). Recall@k is
    (a)'s top k against the exact top k (numpy over the same vectors)."""
    if vectors not in VECTORS or index_fill not in INDEX_FILLS:
        raise ValueError(f"vectors is one of {VECTORS}, index_fill one of {INDEX_FILLS}")
    if quantization:
        settings = settings.with_(vector_quantization=quantization.upper())
    from georisk_graph import queries as named_queries
    from georisk_graph.server import LocalServer

    base = base_vectors(settings, say) if vectors == "realistic" else None
    rng = np.random.default_rng(seed)
    heap, pagecache = memory_for(chunks, settings)
    # building a vector index of a million stored vectors takes longer than the server's usual 15 minutes
    # a transaction (db.awaitIndexes waits in one)
    with throwaway_graph(settings.with_(pagecache=pagecache, transaction_timeout="4h"), heap=heap) as graph:
        s = graph.settings
        if index_fill == "built":
            graph.run("drop_vector_index", vector_index=s.vector_index)
        started = time.perf_counter()
        stored = _synthesize(graph, chunks, s.embedding_dimension, rng,
                             (lambda n: progress("chunks", n)) if progress else None,
                             kind=vectors, base=base, seed=seed)
        build_seconds = time.perf_counter() - started
        index_seconds = None
        if index_fill == "built":
            started = time.perf_counter()
            graph.driver.execute_query(named_queries.load("vector_index").statements[0],
                                       {"vector_index": s.vector_index, "dimensions": s.embedding_dimension,
                                        "quantization": s.vector_quantization}, database_=s.neo4j_database)
            graph.run("await_indexes", seconds=7200)
            index_seconds = round(time.perf_counter() - started, 1)
        # each state's own vector index, as `georisk schema apply` builds them for a stored graph
        started = time.perf_counter()
        partitions = graph.index_partitions()
        partition_seconds = time.perf_counter() - started

        workload = _workload(graph, stored, rng, queries=queries, seed=seed, kind=vectors, base=base)
        named = {p["id"]: {"name": p["name"], "level": p["level"]} for p in graph.run("bench_places")}
        levels = {row["id"]: row["level"] for row in graph.run("places_by_id", ids=sorted({p for _, p in workload}))}
        sample = [f"syn-{i}" for i in random.Random(seed + 1).sample(range(chunks), min(health_sample, chunks))]

        # A graph just written is not yet checkpointed (a live server checkpoints every 15 minutes, and when
        # it stops): everything is measured on the store as the writes leave it, then the server is restarted
        # and everything is measured again on the store as a user's graph stands after a checkpoint.
        files = {"after_build": _vector_index_files(s.home)}
        if say:
            say("measuring before the restart ...")
        before = _measure(graph, stored, workload, levels, sample, k=k)
        index_ids = {r["name"]: r["id"] for r in graph.run("vector_index_ids")}
        graph.close()
        # a long grace: a server killed before its stop's checkpoint ends would recover on start instead
        started = time.perf_counter()
        LocalServer(s).stop(grace=1800)
        stop_seconds = time.perf_counter() - started
        census = index_files_census(s, index_ids[s.vector_index])
        files["at_stop"] = _vector_index_files(s.home)
        started = time.perf_counter()
        LocalServer(s).start()
        graph.connect()
        graph.run("await_indexes", seconds=7200)
        start_seconds = time.perf_counter() - started
        files["after_restart"] = _vector_index_files(s.home)
        if say:
            say("measuring after the restart ...")
        after = _measure(graph, stored, workload, levels, sample, k=k)
        retriever = after["retriever"]
        slowest = max(range(len(workload)), key=lambda n: after["timings"]["georisk"][n])
        profile = {**_profile(graph, retriever, *workload[slowest], k=k), **named[workload[slowest][1]]}
        profile["ms"] = round(after["timings"]["georisk"][slowest], 2)
        breakdown = _breakdown(graph, retriever, workload, levels, k=k)
        index_names = {r["id"]: r["name"] for r in graph.run("vector_index_ids")}
        memory = graph.run("server_memory")[0]
        server = graph.server
        found = graph.run("vector_index_filters", vector_index=s.vector_index)
        quantization = found[0]["quantization"] if found else None
        graph.close()
        # Neo4j writes its store out when it stops (2026 has no db.checkpoint), so the sizes on disk
        # are measured on a stopped server.
        LocalServer(s).stop()
        store_size = _store_bytes(s.home)
        index_size = _vector_index_bytes(s.home)
        sizes = _vector_index_sizes(s.home, index_names)

    def phase(m: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in m.items() if key not in ("timings", "retriever")}

    return {
        "server": {"version": server.version, "edition": server.edition},
        "quantization": quantization, "vectors": vectors, "index_fill": index_fill,
        "base": ({"chunks": len(base.vectors), "questions": len(base.questions), "model": base.model}
                 if base is not None else None),
        "chunks": chunks, "queries": len(workload), "k": k, "build_seconds": round(build_seconds, 1),
        **phase(after), "before_restart": phase(before),
        "restart_seconds": {"stop": round(stop_seconds, 1), "start": round(start_seconds, 1)},
        "index_files_at_stop": census, "vector_index_files": files,
        "heap_used_mb": round(memory["heap_used"] / 2**20), "heap_max_mb": round(memory["heap_max"] / 2**20),
        "pagecache": s.pagecache, "store_mb": round(store_size / 2**20),
        "vector_index_mb": round(index_size / 2**20),
        "partitions": len(partitions), "partition_build_seconds": round(partition_seconds, 1),
        "index_build_seconds": index_seconds,
        "whole_index_mb": round(sizes.get(s.vector_index, 0) / 2**20),
        "partition_indexes_mb": round(sum(v for n, v in sizes.items() if n.startswith("chunk_embedding_in_")) / 2**20),
        "slowest_georisk_query": profile, "breakdown_ms": breakdown,
    }


def _timed(call: Callable[[list[float], str], Any], workload: list[tuple[list[float], str]]) -> list[float]:
    """Milliseconds of ``call`` on each question of the workload, from the client."""
    times = []
    for v, place in workload:
        started = time.perf_counter()
        call(v, place)
        times.append((time.perf_counter() - started) * 1000)
    return times


def _breakdown(graph: Any, retriever: Any, workload: list[tuple[list[float], str]], levels: dict[str, str], *,
               k: int) -> dict[str, Any]:
    """Where a GeoRisk retrieval's time goes, medians over the workload: the server's (planning found in
    the cache, the query, streaming the result: the driver's result_available_after plus
    result_consumed_after), the driver's and the wire's (the rest of the call), and Python's (rows to
    typed citations); with the rows, passages and bytes (the JSON of the records) it returns. On Neo4j
    2026, beside it on each question, the parts of the query alone: the unfiltered search of the pool,
    the geographic searches (in the state's own index, or filters of the whole one), and the plain
    top-k, each in the server and from the client."""
    import json

    from georisk_graph import queries
    from georisk_graph.graph import parameters_of
    from georisk_graph.geo import WIDE_LEVELS
    from georisk_graph.retrieval import citations_from_rows

    retrieve = queries.load(graph.query_name("retrieve"))
    # On Neo4j 2026 (SEARCH), the server's time of the query's two kinds of vector search, each run alone
    # on the same question: the unfiltered search of `pool` (what one pass over the whole index costs)
    # and the filtered searches of the question place's state, county and locality.
    searches = graph.query_name("retrieve") == "retrieve"
    unfiltered = queries.load("vector_top_k").statements[0]
    parts: dict[str, list[float]] = {"total": [], "server": [], "driver_and_wire": [], "python": [],
                                     "rows": [], "passages": [], "bytes": []}
    if searches:
        parts |= {"unfiltered_search": [], "unfiltered_search_client": [],
                  "geographic_searches": [], "geographic_searches_client": [],
                  "vector": [], "vector_client": []}

    def server_ms(query: str, params: dict[str, Any]) -> tuple[list[Any], float]:
        records, summary, _ = graph.driver.execute_query(query, params, database_=graph.settings.neo4j_database)
        return records, (summary.result_available_after or 0) + (summary.result_consumed_after or 0)

    def alone(name: str, query: str, params: dict[str, Any]) -> None:
        started = time.perf_counter()
        parts[name].append(server_ms(query, params)[1])
        parts[name + "_client"].append((time.perf_counter() - started) * 1000)

    for vector, place in workload:
        # the query's text names the own vector index of the place's state (Graph.run_partitioned)
        partitions = retriever.partitions_for([place])
        asked = {**retriever.parameters_for(vector, [place], k=k, wide=levels.get(place) in WIDE_LEVELS),
                 "partitions": partitions}
        statement = retrieve.for_partitions(partitions).statements[0]
        geographic = queries.load("bench_geographic_searches").for_partitions(partitions).statements[0]
        params = parameters_of(statement, asked)
        started = time.perf_counter()
        records, server = server_ms(statement, params)
        fetched = time.perf_counter()
        rows = [r.data() for r in records]
        for row in rows:
            citations_from_rows(row["passages"])
        done = time.perf_counter()
        if searches:
            # retrieve.cypher searches the wider pool for a question about the country
            pool = asked["wide_pool"] if levels.get(place) == "country" else asked["pool"]
            alone("unfiltered_search", unfiltered, {"embedding": vector, "k": pool})
            server_ms(geographic, parameters_of(geographic, asked))  # each state's text planned before it is timed
            alone("geographic_searches", geographic, parameters_of(geographic, asked))
            alone("vector", unfiltered, {"embedding": vector, "k": k})
        parts["total"].append((done - started) * 1000)
        parts["server"].append(server)
        parts["driver_and_wire"].append((fetched - started) * 1000 - server)
        parts["python"].append((done - fetched) * 1000)
        parts["rows"].append(len(rows))
        parts["passages"].append(sum(len(r["passages"]) for r in rows))
        parts["bytes"].append(len(json.dumps(rows, default=str).encode()))
    return {name: round(statistics.median(values), 2) for name, values in parts.items()}


def _profile(graph: Any, retriever: Any, vector: list[float], place: str, *, k: int) -> dict[str, Any]:
    """PROFILE of one GeoRisk retrieval: the question place, how many candidate passages had their
    cosine computed, and the operators with the most database hits."""
    from georisk_graph import queries
    from georisk_graph.geo import WIDE_LEVELS
    from georisk_graph.graph import parameters_of

    partitions = retriever.partitions_for([place])
    statement = queries.load(graph.query_name("retrieve")).for_partitions(partitions).statements[0]
    level = graph.run("places_by_id", ids=[place])[0]["level"]
    params = parameters_of(statement, {**retriever.parameters_for(vector, [place], k=k, wide=level in WIDE_LEVELS),
                                       "partitions": partitions})
    with graph.driver.session(database=graph.settings.neo4j_database) as session:
        plan = session.run("PROFILE " + statement, params).consume().profile
    operators: list[dict[str, Any]] = []

    def walk(op: dict[str, Any]) -> None:
        operators.append({"operator": op["operatorType"].split("@")[0], "db_hits": op.get("dbHits", 0),
                          "rows": op.get("rows", 0), "details": op.get("args", {}).get("Details", "")[:90]})
        for child in op.get("children", []):
            walk(child)

    walk(plan)
    scored = max((o["rows"] for o in operators if "vector.similarity.cosine" in o["details"]), default=0)
    return {"place": place, "candidates_scored": scored,
            "db_hits": sum(o["db_hits"] for o in operators),
            "top_operators": sorted(operators, key=lambda o: -o["db_hits"])[:4]}


class _FixedEmbeddings:
    """Neo4jVector wants an Embeddings object; the benchmark passes vectors directly, so this one
    only answers the store's probe for the dimension."""

    def __init__(self, dimension: int) -> None:
        self.dimension = dimension

    def embed_query(self, text: str) -> list[float]:
        return [0.0] * self.dimension

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        raise NotImplementedError("the retrieval benchmark searches by vector")


def _health_line(h: dict[str, Any]) -> str:
    line = (f"{h['found']} of {h['sampled']} sampled chunks ({h['share']:.3f}) among the 10 nearest to their own "
            f"vector; of the {h['missed']} missed: {h['unreachable']} held by the index (an exact search inside it "
            f"returns them: unreachable), {h['lost']} not held (lost)")
    if h["untold"]:
        line += f", {h['untold']} not told apart"
    return line + f"; exact search over the stored vectors (numpy) finds {h['missed_found_by_exact_search']} of them"


def format_retrieval(r: dict[str, Any]) -> str:
    fill = {"written": "in place while the chunks were written", "built": "built from the stored vectors after the writes"}
    base = r.get("base")
    made = (f"realistic vectors (mixes of {base['chunks']:,} real chunk vectors of the shared corpus, {base['model']}; "
            f"queries: {base['questions']} real questions embedded)" if base else
            "random unit vectors (queries: stored chunks' vectors plus noise)")
    lines = [f"Neo4j {r['server']['version']} {r['server']['edition']}, vector index quantization "
             f"{r['quantization'] or 'n/a'}",
             f"{r['chunks']:,} synthetic chunks of {made}, written in {r['build_seconds']} s; the whole vector index "
             f"{fill[r['index_fill']]}" + (f" ({r['index_build_seconds']} s)" if r.get("index_build_seconds") else ""),
             f"{r['queries']} queries, k = {r['k']}; the same queries before and after a restart of the server "
             f"(stop {r['restart_seconds']['stop']} s, start {r['restart_seconds']['start']} s)",
             f"{'':<34}{'before restart':>24}{'after restart':>24}",
             f"{'':<34}{'p50 ms':>12}{'p95 ms':>12}{'p50 ms':>12}{'p95 ms':>12}"]
    names = {"vector": "(a) vector index top-k", "langchain": "(b) langchain Neo4jVector",
             "georisk": "(c) GeoRisk retrieval"}
    b = r["before_restart"]
    for key, label in names.items():
        lines.append(f"{label:<34}{b['p50_ms'][key]:>12.2f}{b['p95_ms'][key]:>12.2f}"
                     f"{r['p50_ms'][key]:>12.2f}{r['p95_ms'][key]:>12.2f}")
    lines.append(f"{'(c) / (a)':<34}{b['ratio_p50_georisk_vs_vector']:>12.2f}{b['ratio_p95_georisk_vs_vector']:>12.2f}"
                 f"{r['ratio_p50_georisk_vs_vector']:>12.2f}{r['ratio_p95_georisk_vs_vector']:>12.2f}")
    lines.append(f"{'(a) recall@' + str(r['k']) + ' against exact search':<34}"
                 f"{b['recall_at_k_vector_vs_exact']:>24.3f}{r['recall_at_k_vector_vs_exact']:>24.3f}")
    if "epsilon_recall_at_k_vector" in r:
        lines.append(f"{'  within 1% of the k-th distance':<34}"
                     f"{b['epsilon_recall_at_k_vector']:>24.3f}{r['epsilon_recall_at_k_vector']:>24.3f}")
    gb, ga = b["geographic_recall"], r["geographic_recall"]
    lines.append(f"{'geographic candidates recall':<34}{gb['recall']:>24.3f}{ga['recall']:>24.3f}")
    lines.append(f"{'  the state searches alone':<34}{gb['state_recall']:>24.3f}{ga['state_recall']:>24.3f}")
    lines.append("targets: (c) p50 <= 1.5 x (a) p50 and p95 <= 2 x (a) p95 at 100,000 chunks; <= 2 x and <= 3 x at "
                 f"1,000,000; geographic recall 0.99 (against exact search of the same jurisdiction: "
                 f"{ga['exact']:,} exact candidates; geo_pool {ga['geo_pool']}, geo_search {ga['geo_search']})")
    hb, ha = b["index_health"], r["index_health"]
    lines.append(f"the whole vector index, before the restart: {_health_line(hb)}")
    lines.append(f"the whole vector index, after the restart: {_health_line(ha)}")
    census = r.get("index_files_at_stop") or {}
    if "documents" in census:
        lines.append(f"chunks with a stored vector: {ha['chunks']:,}; the whole index's files when the server stopped "
                     f"(Lucene, read with the server's jars): {census['documents']:,} entries, {census['vectors']:,} "
                     f"vectors, {census['segments']} segment(s), an HNSW graph of {census['graph_nodes']:,} nodes of "
                     f"which {census['graph_reachable']:,} are reachable from its entry node")
    elif census:
        lines.append(f"chunks with a stored vector: {ha['chunks']:,}; the index files were not read: {census['error']}")
    files = r["vector_index_files"]
    lines.append(f"vector index files: {files['after_build']} after the writes, {files['at_stop']} when the server "
                 f"stopped, {files['after_restart']} after the restart")
    lines.append(f"index builds: the states' {r['partitions']} own indexes {r['partition_build_seconds']} s; on disk: the "
                 f"whole index {r['whole_index_mb']:,} MB, the states' indexes {r['partition_indexes_mb']:,} MB")
    lines.append(f"Neo4j heap used {r['heap_used_mb']} of {r['heap_max_mb']} MB, page cache {r['pagecache']}, "
                 f"store {r['store_mb']} MB (vector indexes {r['vector_index_mb']} MB)")
    slow = r["slowest_georisk_query"]
    lines.append(f"slowest GeoRisk query after the restart ({slow['ms']} ms): {slow.get('name')} ({slow.get('level')}, "
                 f"{slow['place']}), {slow['candidates_scored']:,} candidate passages scored, {slow['db_hits']:,} db "
                 f"hits; most hits:")
    lines += [f"  {o['operator']:<22}{o['db_hits']:>10,} hits {o['rows']:>8,} rows  {o['details']}"
              for o in slow["top_operators"]]
    bd = r.get("breakdown_ms")
    if bd:
        lines.append(f"(c) where the time goes after the restart (medians): {bd['total']:.2f} ms a call = server "
                     f"{bd['server']:.2f} (query and streaming) + driver and wire {bd['driver_and_wire']:.2f} + Python "
                     f"{bd['python']:.2f}; {bd['rows']:.0f} row(s), {bd['passages']:.0f} passages, "
                     f"{bd['bytes'] / 1024:.1f} KB returned")
        if "unfiltered_search" in bd:
            lines.append(f"    each alone, in the server (from the client): the unfiltered search of the pool "
                         f"{bd['unfiltered_search']:.2f} ({bd['unfiltered_search_client']:.2f}) ms, the filtered "
                         f"searches of the place's state, county and locality {bd['geographic_searches']:.2f} "
                         f"({bd['geographic_searches_client']:.2f}) ms")
            lines.append(f"    plain top-{r['k']} timed beside them: {bd['vector']:.2f} ({bd['vector_client']:.2f}) ms")
    return "\n".join(lines)


def format_quantization(results: list[dict[str, Any]]) -> str:
    """One row per corpus size and quantization: recall@k of the plain search against exact search,
    p50 / p95 of (a) and (c), and the store and vector index sizes."""
    lines = [f"{'chunks':>10} {'quantization':<13}{'recall@k':>9}{'(a) p50':>9}{'(a) p95':>9}{'(c) p50':>9}"
             f"{'(c) p95':>9}{'(c)/(a)':>9}{'store MB':>10}{'index MB':>10}"]
    for r in results:
        lines.append(f"{r['chunks']:>10,} {str(r['quantization']):<13}{r['recall_at_k_vector_vs_exact']:>9.3f}"
                     f"{r['p50_ms']['vector']:>9.2f}{r['p95_ms']['vector']:>9.2f}{r['p50_ms']['georisk']:>9.2f}"
                     f"{r['p95_ms']['georisk']:>9.2f}{r['ratio_p50_georisk_vs_vector']:>9.2f}"
                     f"{r['store_mb']:>10,}{r['vector_index_mb']:>10,}")
    return "\n".join(lines)
