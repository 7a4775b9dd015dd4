"""`georisk bench ingest`: end-to-end ingestion of the shared corpus into a throwaway local server,
split by stage, beside the raw fp32 encode rate of the same model measured in the same run."""

from __future__ import annotations

import math
import socket
import tempfile
import time
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import Any, Callable, Iterator


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def throwaway_graph(settings: Any, *, heap: str | None = None, geography: bool = True) -> Iterator[Any]:
    """A connected graph on a new local server in a temporary folder, with the full geography
    unless ``geography`` is False."""
    from georisk_graph import Graph
    from georisk_graph.loaders.geography import load_tables
    from georisk_graph.server import LocalServer

    with tempfile.TemporaryDirectory(prefix="georisk-bench-") as home:
        # The NEO4J_* connection settings name another server (after `eval "$(georisk neo4j env)"`, the
        # user's own one); the new server is reached with its own generated password.
        local = settings.with_(neo4j_uri=None, neo4j_user="neo4j", neo4j_password=None, neo4j_database="neo4j",
                               home=Path(home), bolt_port=free_port(), http_port=free_port(),
                               heap=heap or settings.heap)
        server = LocalServer(local)
        server.install()
        server.start()
        try:
            with Graph(local) as graph:
                graph.apply_schema()
                if geography:
                    load_tables(graph)
                yield graph
        finally:
            server.stop()


def run_ingest(settings: Any, *, limit: int | None = None, repeat: int = 1,
               progress: Callable[[int, int], None] | None = None,
               copy_done: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Ingest the shared corpus ``repeat`` times under new ids into one server, timing every stage of
    every copy (the copies are the same work, so any growth from one to the next is the cost of the
    graph being bigger); then, in the same process, the raw model on exactly the sentences and chunks
    the pipeline encoded, in one call each, and one question at a time."""
    from dataclasses import replace

    from georisk_graph.ingest.pipeline import IngestReport, Ingestor
    from georisk_graph.loaders.corpus import shared_corpus

    base = list(islice(shared_corpus(), limit))
    stages = ("chunking", "embedding", "places", "writes")
    copies: list[dict[str, Any]] = []
    report = IngestReport()
    with throwaway_graph(settings) as graph:
        ingestor = Ingestor.load(graph)
        ingestor.vectors.keep_texts = True
        for copy in range(repeat):
            documents = [d if copy == 0 else replace(d, id=f"{d.id}~{copy}") for d in base]
            started = time.perf_counter()
            part = ingestor.ingest(documents, progress=progress)
            wall = time.perf_counter() - started
            copies.append({"copy": copy + 1, "documents": part.documents, "chunks": part.chunks,
                           "chunks_in_graph": graph.counts()["chunks"], "wall_seconds": wall,
                           "stage_seconds": {k: part.seconds[k] for k in stages}})
            if copy_done:
                copy_done(copies[-1])
            report.documents += part.documents
            report.chunks += part.chunks
            report.mentions += part.mentions
            report.sentences_embedded += part.sentences_embedded
            report.chunks_embedded += part.chunks_embedded
            report.failed += part.failed
            for k in stages:
                report.seconds[k] += part.seconds[k]
    wall = sum(c["wall_seconds"] for c in copies)

    # The raw model, same process, on what encoding every text would take: every sentence chunking
    # encoded and every chunk (each distinct text of a batch once), the sentences in one call and the
    # chunks in another, whether or not the pipeline encoded the chunks themselves. The yardstick is the
    # model in fp32 on ONNX Runtime whatever backend the pipeline ran, so a faster backend shows.
    embedder = ingestor.embedder
    if settings.embedding_backend != "onnx":
        from georisk_graph.embeddings import load_embedder

        embedder = load_embedder(settings.embedding_model, backend="onnx", cache_dir=settings.cache_dir)
    sentences, passages = ingestor.vectors.kept["sentence"], ingestor.vectors.kept["chunk"]
    t0 = time.perf_counter()
    embedder.embed(sentences)
    sentence_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    embedder.embed(passages)
    passage_seconds = time.perf_counter() - t0
    raw_seconds = sentence_seconds + passage_seconds
    query_ms = question_embedding_ms(ingestor.embedder)
    return {
        "docs": len(base) * repeat, "chunks": report.chunks, "seconds": round(wall, 2),
        "stages": {k: round(report.seconds[k], 2) for k in stages},
        "raw_encode_seconds": round(raw_seconds, 2),
        "overhead_vs_raw": round(wall / raw_seconds - 1, 4),
        "wall_vs_raw": round(wall / raw_seconds, 4), "chunk_vectors": settings.chunk_vectors,
        "chunks_per_s": round(report.chunks / wall, 2),
        "query_embedding_ms_p50": round(query_ms["p50"], 2),
        "backend": settings.embedding_backend,
        "model": embedder.name,
        "ingested": report.documents, "failed": len(report.failed), "mentions": report.mentions,
        "docs_per_s": round(len(base) * repeat / wall, 2),
        "sentences_encoded": report.sentences_embedded, "chunks_encoded": report.chunks_embedded,
        "raw_encode": {"sentences": len(sentences), "sentence_seconds": round(sentence_seconds, 2),
                       "passages": len(passages), "passage_seconds": round(passage_seconds, 2),
                       "sentences_per_s": round(len(sentences) / max(sentence_seconds, 1e-9), 1),
                       "passages_per_s": round(len(passages) / max(passage_seconds, 1e-9), 1)},
        "query_embedding_ms": query_ms,
        "graph_write_chunks_per_s": round(report.chunks / max(report.seconds["writes"], 1e-9), 1),
        "copies": copies,
    }


SWEEP_MB = (0.1, 0.5, 2.0, 8.0)


def synthetic_document(megabytes: float, *, seed: int = 7) -> str:
    """About ``megabytes`` of text like the corpus's fire reports: paragraphs naming real counties and
    towns of the gazetteer, with figures that differ, so no two sentences are the same text."""
    import random

    from georisk_graph.loaders.geography import gazetteer_from_tables

    rng = random.Random(seed)
    entries = list(gazetteer_from_tables().entries.values())
    counties = [e for e in entries if e.level == "county"]
    towns = [e for e in entries if e.level == "place" and (e.population or 0) > 5000]
    paragraphs: list[str] = []
    size = 0
    while size < megabytes * 1_000_000:
        county, town, other, ban = (rng.choice(counties), rng.choice(towns), rng.choice(towns), rng.choice(counties))
        paragraph = (
            f"The fire started near {town.name} in {county.name}, {county.state_usps} on day {rng.randint(1, 365)}. "
            f"Crews held it at {rng.randint(10, 90_000):,} acres with {rng.randint(5, 95)} percent containment. "
            f"Residents of {other.name} were told to prepare to leave. "
            f"A burn ban is in effect in {ban.name} until {rng.randint(2, 28)} days of rain have fallen.\n\n")
        paragraphs.append(paragraph)
        size += len(paragraph)
    return "".join(paragraphs)


def run_size_sweep(settings: Any, *, sizes: tuple[float, ...] = SWEEP_MB,
                   size_done: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """One synthetic document of each size ingested on its own into a throwaway server: seconds per
    MB of the whole and of each stage, and the largest size's seconds per MB against the smallest's
    (1.0 is linear; the target is at most 1.5)."""
    from georisk_graph.documents import SourceDocument
    from georisk_graph.exceptions import InputError
    from georisk_graph.ingest.pipeline import Ingestor

    stages = ("chunking", "embedding", "places", "writes")
    rows: list[dict[str, Any]] = []
    with throwaway_graph(settings) as graph:
        ingestor = Ingestor.load(graph)
        # the first document pays the models' and the server's warm-up: one that is not measured
        ingestor.ingest([SourceDocument(id="synthetic-warm-up", title="Warm-up", text=synthetic_document(0.02, seed=1),
                                        source="jsonl", doc_type="incident_report")])
        for megabytes in sorted(sizes):
            text = synthetic_document(megabytes)
            document = SourceDocument(id=f"synthetic-{megabytes:g}mb", title=f"Synthetic fire report, {megabytes:g} MB",
                                      text=text, source="jsonl", doc_type="incident_report")
            mb = len(text.encode()) / 1_000_000
            started = time.perf_counter()
            report = ingestor.ingest([document])
            wall = time.perf_counter() - started
            if report.failed:
                raise InputError(f"the {megabytes:g} MB synthetic document could not be ingested: {report.failed}")
            rows.append({"megabytes": round(mb, 3), "chunks": report.chunks, "mentions": report.mentions,
                         "seconds": round(wall, 2), "seconds_per_mb": round(wall / mb, 2),
                         "stage_seconds_per_mb": {k: round(report.seconds[k] / mb, 2) for k in stages}})
            if size_done:
                size_done(rows[-1])
    return {"sizes": rows, "largest_vs_smallest": round(rows[-1]["seconds_per_mb"] / rows[0]["seconds_per_mb"], 3)}


def format_size_sweep(r: dict[str, Any]) -> str:
    lines = ["one synthetic document of each size, alone (seconds per MB; the stages overlap):",
             f"{'MB':>7}{'chunks':>8}{'mentions':>10}{'wall s':>9}{'s/MB':>8}{'chunking':>10}{'embedding':>11}"
             f"{'places':>8}{'writes':>8}"]
    for row in r["sizes"]:
        st = row["stage_seconds_per_mb"]
        lines.append(f"{row['megabytes']:>7.2f}{row['chunks']:>8,}{row['mentions']:>10,}{row['seconds']:>9.1f}"
                     f"{row['seconds_per_mb']:>8.1f}{st['chunking']:>10.1f}{st['embedding']:>11.1f}{st['places']:>8.1f}"
                     f"{st['writes']:>8.1f}")
    first, last = r["sizes"][0], r["sizes"][-1]
    lines.append(f"seconds per MB at {last['megabytes']:g} MB: {r['largest_vs_smallest']:.2f}x that at "
                 f"{first['megabytes']:g} MB (1.0 is linear; target <= 1.5)")
    return "\n".join(lines)


def question_embedding_ms(embedder: Any, *, count: int = 200) -> dict[str, float]:
    """Milliseconds to embed one question, one call per question, over the benchmark's questions
    (after five warm-up calls): p50 and p95."""
    import json

    import numpy as np

    path = Path(__file__).resolve().parent / "qa" / "questions.jsonl"
    with path.open() as lines:
        questions = [json.loads(line)["question"] for line in islice(lines, count)]
    for question in questions[:5]:
        embedder.embed([question])
    times = []
    for question in questions:
        t0 = time.perf_counter()
        embedder.embed([question])
        times.append((time.perf_counter() - t0) * 1000)
    return {"p50": float(np.percentile(times, 50)), "p95": float(np.percentile(times, 95)), "questions": len(times)}


def format_ingest(r: dict[str, Any]) -> str:
    s = r["stages"]
    raw = r["raw_encode"]
    return "\n".join([
        f"documents {r['docs']:,} (ingested {r['ingested']:,}, failed {r['failed']}), chunks {r['chunks']:,}, "
        f"place mentions {r['mentions']:,}; embedding backend {r['backend']}",
        f"end to end: {r['seconds']:.1f} s = {r['docs_per_s']:.1f} docs/s, {r['chunks_per_s']:.1f} chunks/s",
        f"time in each stage (they overlap): chunking {s['chunking']:.1f} s, embedding {s['embedding']:.1f} s, "
        f"places {s['places']:.1f} s, graph writes {s['writes']:.1f} s",
        f"raw model in fp32, same run, same texts in one call each: {raw['sentences']:,} sentences in "
        f"{raw['sentence_seconds']:.1f} s + {raw['passages']:,} chunks in {raw['passage_seconds']:.1f} s = "
        f"{r['raw_encode_seconds']:.1f} s",
        f"pipeline wall time / raw encoding of every sentence and every chunk: {r['wall_vs_raw']:.2f} "
        f"(target <= 0.6); chunk vectors: {r['chunk_vectors']}, {r['sentences_encoded']:,} sentences and "
        f"{r['chunks_encoded']:,} chunks encoded",
        f"one question embedded: p50 {r['query_embedding_ms']['p50']:.1f} ms, p95 "
        f"{r['query_embedding_ms']['p95']:.1f} ms (target p50 <= 5 ms)",
        f"graph writes: {r['graph_write_chunks_per_s']:,.0f} chunks/s (target >= 2,000)",
    ] + ([] if len(r["copies"]) < 2 else [
        "each copy of the corpus, into the growing graph:",
        f"{'copy':>6}{'chunks after':>14}{'wall s':>10}{'chunking s':>12}{'embedding s':>13}{'places s':>10}"
        f"{'writes s':>10}{'write chunks/s':>16}",
    ] + [
        f"{c['copy']:>6}{c['chunks_in_graph']:>14,}{c['wall_seconds']:>10.1f}{c['stage_seconds']['chunking']:>12.1f}"
        f"{c['stage_seconds']['embedding']:>13.1f}{c['stage_seconds']['places']:>10.1f}{c['stage_seconds']['writes']:>10.1f}"
        f"{c['chunks'] / max(c['stage_seconds']['writes'], 1e-9):>16,.0f}"
        for c in r["copies"]
    ]))


def run_ray_scaling(settings: Any, *, workers: list[int], address: str | None = None, limit: int | None = 400,
                    batch_size: int = 16, progress: Callable[[int, int], None] | None = None,
                    step_done: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The same documents ingested by the local pipeline in this process (the baseline, all cores) and
    then on Ray with each count of ``workers`` (one CPU and one model thread each), each time under new
    ids into one throwaway server. Wall times leave out the workers' model load, which is paid once
    per worker, not per document; it is reported beside them."""
    from dataclasses import replace

    from georisk_graph.ingest.on_ray import connect, ingest_on_ray
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.loaders.corpus import shared_corpus

    base = list(islice(shared_corpus(), limit))
    cluster = connect(address)
    steps: list[dict[str, Any]] = []
    sizes: dict[str, dict[str, int]] = {}
    with _sized_graph(settings, sizes) as graph:
        ingestor = Ingestor.load(graph, batch_size=batch_size)
        started = time.perf_counter()
        local = ingestor.ingest(base, progress=progress)
        wall = time.perf_counter() - started
        steps.append({"run": "local", "workers": 0, "documents": local.documents, "chunks": local.chunks,
                      "mentions": local.mentions, "failed": len(local.failed), "wall_seconds": round(wall, 2),
                      "load_seconds": None})
        if step_done:
            step_done(steps[-1])
        for count in workers:
            documents = [replace(d, id=f"{d.id}~ray{count}") for d in base]
            began = time.perf_counter()
            loaded: list[float] = []
            report = ingest_on_ray(documents, graph.settings, workers=count, batch_size=batch_size,
                                   progress=progress, started=lambda where, loaded=loaded: loaded.append(time.perf_counter()))
            ended = time.perf_counter()
            steps.append({"run": "ray", "workers": count, "documents": report.documents, "chunks": report.chunks,
                          "mentions": report.mentions, "failed": len(report.failed),
                          "wall_seconds": round(ended - loaded[0], 2), "load_seconds": round(loaded[0] - began, 2)})
            if step_done:
                step_done(steps[-1])
        stored_chunks = graph.counts()["chunks"]
    grown = {k: v - sizes["before"][k] for k, v in sizes["after"].items()}
    for step in steps:
        step["docs_per_s"] = round(step["documents"] / max(step["wall_seconds"], 1e-9), 3)
        step["docs_per_s_per_worker"] = round(step["docs_per_s"] / max(step["workers"], 1), 3)
    baseline = steps[0]["docs_per_s"]
    one = next((s["docs_per_s"] for s in steps if s["workers"] == 1), None)
    for step in steps[1:]:
        step["vs_local"] = round(step["docs_per_s"] / baseline, 3)
        step["vs_one_worker"] = round(step["docs_per_s"] / one, 3) if one else None
    per_worker = min(s["docs_per_s_per_worker"] for s in steps[1:]) if len(steps) > 1 else baseline
    chunks_per_document = local.chunks / max(local.documents, 1)
    return {"documents": len(base), "batch_size": batch_size, "cluster_cpus": cluster.get("CPU"),
            "steps": steps, "per_worker_docs_per_s": per_worker,
            "workers_for_one_hour": {str(n): math.ceil(n / (per_worker * 3600))
                                     for n in (len(base), 5_620, 100_000, 1_000_000, 10_000_000)},
            "store": {"chunks": stored_chunks, **grown, "chunks_per_document": round(chunks_per_document, 3)},
            "estimate": estimate(10_000_000, per_worker_docs_per_s=per_worker, chunks_per_document=chunks_per_document,
                                 **{f"{k}_per_chunk": v / max(stored_chunks, 1) for k, v in grown.items()})}


@contextmanager
def _sized_graph(settings: Any, sizes: dict[str, dict[str, int]]) -> Iterator[Any]:
    """A throwaway server with the geography (:func:`throwaway_graph`), whose store is measured while
    it is stopped (Neo4j 2026 has no db.checkpoint; it writes its files out when it stops), before
    the caller's work (``sizes["before"]``) and after it (``sizes["after"]``)."""
    from georisk_graph import Graph
    from georisk_graph.server import LocalServer

    with throwaway_graph(settings) as loaded:
        local = loaded.settings
        database = local.home / "neo4j" / "data" / "databases" / local.neo4j_database
        server = LocalServer(local)
        loaded.close()
        server.stop()
        sizes["before"] = _store_sizes(database)
        server.start()
        with Graph(local) as graph:
            yield graph
        server.stop()
        sizes["after"] = _store_sizes(database)


def estimate(documents: int, *, per_worker_docs_per_s: float, chunks_per_document: float,
             store_bytes_per_chunk: float, vector_index_bytes_per_chunk: float,
             fulltext_index_bytes_per_chunk: float,
             worker_counts: tuple[int, ...] = (10, 100, 1000)) -> dict[str, Any]:
    """A paper estimate for ``documents`` from measured rates and sizes: hours with each count of
    workers (the graph's writes are a few percent of the work, so they are left out); the store; the
    page cache that holds its records and native indexes; and the Lucene vector and full-text indexes,
    which live outside the page cache in the OS's file cache, so memory beside it."""
    chunks = documents * chunks_per_document

    def gb(per_chunk: float) -> float:
        return round(chunks * per_chunk / 2**30, 1)

    lucene = vector_index_bytes_per_chunk + fulltext_index_bytes_per_chunk
    return {"documents": documents, "chunks": round(chunks),
            "hours": {str(w): round(documents / (per_worker_docs_per_s * w) / 3600, 1) for w in worker_counts},
            "workers_for_one_hour": math.ceil(documents / (per_worker_docs_per_s * 3600)),
            "store_gb": gb(store_bytes_per_chunk),
            "page_cache_gb": math.ceil(gb(store_bytes_per_chunk - lucene)),
            "vector_index_gb": gb(vector_index_bytes_per_chunk),
            "fulltext_index_gb": gb(fulltext_index_bytes_per_chunk)}


def _store_sizes(database: Path) -> dict[str, int]:
    """Bytes on disk of one database's store (records and every index, not the transaction logs), and
    of its vector and full-text indexes."""
    sizes = {"store_bytes": 0, "vector_index_bytes": 0, "fulltext_index_bytes": 0}
    for path in database.rglob("*"):
        if not path.is_file():
            continue
        size = path.stat().st_size
        sizes["store_bytes"] += size
        kind = path.relative_to(database).parts
        if len(kind) > 2 and kind[:2] == ("schema", "index"):
            if kind[2].startswith("vector"):
                sizes["vector_index_bytes"] += size
            elif kind[2].startswith("fulltext"):
                sizes["fulltext_index_bytes"] += size
    return sizes


def format_ray_scaling(r: dict[str, Any]) -> str:
    lines = [f"{r['documents']:,} documents of the shared corpus, batches of {r['batch_size']}, on a Ray cluster "
             f"of {r['cluster_cpus']:g} CPUs; wall time after the workers loaded their models",
             f"{'run':>10}{'workers':>9}{'documents':>11}{'chunks':>8}{'mentions':>10}{'wall s':>9}{'docs/s':>9}"
             f"{'per worker':>12}{'vs local':>10}{'vs 1 worker':>13}{'model load s':>14}"]
    for s in r["steps"]:
        lines.append(f"{s['run']:>10}{s['workers'] or '-':>9}{s['documents']:>11,}{s['chunks']:>8,}{s['mentions']:>10,}"
                     f"{s['wall_seconds']:>9.1f}{s['docs_per_s']:>9.2f}{s['docs_per_s_per_worker']:>12.2f}"
                     f"{s.get('vs_local', 1.0):>10.2f}{s.get('vs_one_worker') or 1.0:>13.2f}"
                     f"{s['load_seconds'] if s['load_seconds'] is not None else '-':>14}")
    lines.append(f"slowest per-worker rate: {r['per_worker_docs_per_s']:.2f} documents/s, so ingesting in one hour takes:")
    lines += [f"  {int(n):>12,} documents: {w:,} workers" for n, w in r["workers_for_one_hour"].items()]
    st, e = r["store"], r["estimate"]
    per = max(st["chunks"], 1)
    lines.append(f"the store grew by {st['store_bytes'] / 2**20:,.1f} MB for {st['chunks']:,} chunks "
                 f"({st['store_bytes'] / per:,.0f} bytes a chunk, transaction logs left out), of which the vector "
                 f"index {st['vector_index_bytes'] / per:,.0f} and the full-text indexes "
                 f"{st['fulltext_index_bytes'] / per:,.0f}; {st['chunks_per_document']:.2f} chunks a document")
    lines.append(f"estimate for {e['documents']:,} documents ({e['chunks']:,} chunks): "
                 + ", ".join(f"{w} workers {h} h" for w, h in e["hours"].items())
                 + f"; {e['workers_for_one_hour']:,} workers for one hour; store {e['store_gb']:,} GB; page cache "
                 f"{e['page_cache_gb']:,} GB for its records and native indexes; vector index {e['vector_index_gb']:,} GB "
                 f"and full-text indexes {e['fulltext_index_gb']:,} GB of memory beside it")
    return "\n".join(lines)
