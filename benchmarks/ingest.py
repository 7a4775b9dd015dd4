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
    every copy: the copies are the same work, so any growth from one to the next is the cost of the
    graph being bigger."""
    from dataclasses import replace

    from georisk_graph.embeddings import SentenceTransformerEmbedder
    from georisk_graph.ingest.chunking import sentence_spans
    from georisk_graph.ingest.pipeline import IngestReport, Ingestor
    from georisk_graph.loaders.corpus import shared_corpus

    base = list(islice(shared_corpus(), limit))
    stages = ("chunking", "embedding", "places", "writes")
    copies: list[dict[str, Any]] = []
    report = IngestReport()
    with throwaway_graph(settings) as graph:
        ingestor = Ingestor.load(graph)
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
            report.failed += part.failed
            for k in stages:
                report.seconds[k] += part.seconds[k]
    wall = sum(c["wall_seconds"] for c in copies)

    # The raw model on the same kind of text, in the same run: sentences (what the chunker encodes)
    # and chunk-sized passages (what is stored), from a sample of the documents.
    embedder: SentenceTransformerEmbedder = ingestor.embedder  # type: ignore[assignment]
    sample = [d.text for d in base[:: max(1, len(base) // 300)]][:300]
    sentences = [t[s:e] for t in sample for s, e in sentence_spans(t)][:3000]
    passages = [c.text for chunks in ingestor.chunker.chunk(sample) for c in chunks][:600]
    t0 = time.perf_counter()
    embedder.embed(sentences)
    sentence_rate = len(sentences) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    embedder.embed(passages)
    passage_rate = len(passages) / (time.perf_counter() - t0)
    raw_seconds = report.sentences_embedded / sentence_rate + report.chunks / passage_rate
    return {
        "documents": len(base) * repeat, "ingested": report.documents, "chunks": report.chunks,
        "mentions": report.mentions, "wall_seconds": wall,
        "stage_seconds": dict(report.seconds),
        "docs_per_second": len(base) * repeat / wall, "chunks_per_second": report.chunks / wall,
        "sentences_embedded": report.sentences_embedded,
        "raw_encode": {"sentences_per_second": sentence_rate, "passages_per_second": passage_rate,
                       "seconds_for_this_workload": raw_seconds},
        "overhead_beyond_raw_encoding": wall / raw_seconds - 1,
        "graph_write_chunks_per_second": report.chunks / max(report.seconds["writes"], 1e-9),
        "failed": len(report.failed),
        "copies": copies,
    }


def format_ingest(r: dict[str, Any]) -> str:
    s = r["stage_seconds"]
    raw = r["raw_encode"]
    return "\n".join([
        f"documents {r['documents']:,} (ingested {r['ingested']:,}, failed {r['failed']}), chunks {r['chunks']:,}, "
        f"place mentions {r['mentions']:,}",
        f"end to end: {r['wall_seconds']:.1f} s = {r['docs_per_second']:.1f} docs/s, "
        f"{r['chunks_per_second']:.1f} chunks/s",
        f"stages: chunking {s['chunking']:.1f} s, embedding {s['embedding']:.1f} s, places {s['places']:.1f} s, "
        f"graph writes {s['writes']:.1f} s",
        f"raw model, same run: {raw['sentences_per_second']:.0f} sentences/s, {raw['passages_per_second']:.0f} "
        f"chunk-sized passages/s -> {raw['seconds_for_this_workload']:.1f} s for this workload "
        f"({r['sentences_embedded']:,} sentences + {r['chunks']:,} chunks)",
        f"pipeline overhead beyond raw encoding: {r['overhead_beyond_raw_encoding'] * 100:.0f}% (target <= 25%)",
        f"graph writes: {r['graph_write_chunks_per_second']:,.0f} chunks/s (target >= 2,000)",
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
