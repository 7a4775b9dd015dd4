"""`georisk bench ingest`: end-to-end ingestion of the shared corpus into a throwaway local server,
split by stage, beside the raw encode rate of the same model measured in the same run."""

from __future__ import annotations

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

    # The raw model, same process, same texts: every sentence and every chunk the pipeline gave the
    # model (each distinct text of a batch once), the sentences in one call and the chunks in another.
    embedder = ingestor.embedder
    sentences, passages = ingestor.vectors.kept["sentence"], ingestor.vectors.kept["passage"]
    t0 = time.perf_counter()
    embedder.embed(sentences)
    sentence_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    embedder.embed(passages)
    passage_seconds = time.perf_counter() - t0
    raw_seconds = sentence_seconds + passage_seconds
    query_ms = question_embedding_ms(embedder)
    return {
        "docs": len(base) * repeat, "chunks": report.chunks, "seconds": round(wall, 2),
        "stages": {k: round(report.seconds[k], 2) for k in stages},
        "raw_encode_seconds": round(raw_seconds, 2),
        "overhead_vs_raw": round(wall / raw_seconds - 1, 4),
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
        f"raw model, same run, same texts in one call each: {raw['sentences']:,} sentences in "
        f"{raw['sentence_seconds']:.1f} s + {raw['passages']:,} chunks in {raw['passage_seconds']:.1f} s = "
        f"{r['raw_encode_seconds']:.1f} s",
        f"pipeline overhead beyond raw encoding: {r['overhead_vs_raw'] * 100:.0f}% (target <= 25%)",
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
