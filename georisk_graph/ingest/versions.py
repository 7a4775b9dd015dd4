"""Dated incident versions into the graph: each version of an incident's page, valid from the day it
was first seen until the next version, as evidence a dated question is answered from.

A version's text is cut into its paragraphs (at most ``max_chars`` each, longer ones at sentence
ends), each paragraph is embedded (one that recurs from one version to the next, as most do, is
encoded once: within a run, and across runs by the hash of the model's name and its text stored on
each passage, so a new version pays only for the paragraphs that changed) and written with its version by
``cypher/ingest_versions.cypher``, one transaction per batch. Versions stored unchanged (same content
hash) are skipped, so a re-run after a crash finishes the rest and writes nothing twice. A version
whose incident document is not stored is written all the same and linked once the document exists
(the next run).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..embeddings import Embedder
from ..exceptions import ConnectionFailed, QueryError
from ..graph import Graph, batches
from ..documents import IncidentVersion
from ..analysis import sentence_spans

BATCH_VERSIONS = 200


@dataclass
class VersionReport:
    """What a version run did."""

    versions: int = 0
    chunks: int = 0
    skipped: int = 0
    encoded: int = 0  # distinct passages the model encoded
    reused: int = 0  # distinct passages whose vector a stored passage of the same text already had
    failed: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"versions": self.versions, "chunks": self.chunks, "skipped": self.skipped,
                "encoded": self.encoded, "reused": self.reused, "failed": [{"version": v, "reason": r} for v, r in self.failed],
                "seconds": round(self.seconds, 1)}

    def describe(self) -> str:
        lines = [f"incident versions:  {self.versions:,} written ({self.chunks:,} passages, "
                 f"{self.encoded:,} encoded, {self.reused:,} taken from stored passages), {self.skipped:,} skipped (stored unchanged), "
                 f"{len(self.failed):,} failed"]
        lines += [f"  {v}: {r}" for v, r in self.failed[:50]]
        return "\n".join(lines)


def passages(text: str, max_chars: int = 1000) -> list[str]:
    """``text`` cut into its paragraphs (a paragraph longer than ``max_chars`` at its sentence ends, a
    longer sentence at ``max_chars``). Consecutive versions of a page share most paragraphs, so a
    paragraph is the unit that is encoded once for all the versions holding it."""
    out: list[str] = []
    for paragraph in (p.strip() for p in text.split("\n")):
        if not paragraph:
            continue
        if len(paragraph) <= max_chars:
            out.append(paragraph)
            continue
        piece = ""
        for start, end in sentence_spans(paragraph):
            sentence = paragraph[start:end].strip()
            for cut in (sentence[i:i + max_chars] for i in range(0, len(sentence), max_chars)):
                if piece and len(piece) + 1 + len(cut) > max_chars:
                    out.append(piece)
                    piece = ""
                piece = f"{piece} {cut}".strip()
        if piece:
            out.append(piece)
    return out


class VersionIngestor:
    """Writes incident versions. Construction does no I/O."""

    def __init__(self, graph: Graph, embedder: Embedder, *, batch_size: int = BATCH_VERSIONS,
                 max_chars: int = 1000) -> None:
        self.graph = graph
        self.embedder = embedder
        self.batch_size = batch_size
        self.max_chars = max_chars
        self._vectors: dict[str, Any] = {}  # passage text -> its vector (a numpy row), for the run

    def ingest(self, versions: Iterable[IncidentVersion], *, force: bool = False,
               progress: Callable[[int], None] | None = None) -> VersionReport:
        """Write ``versions``, skipping those stored unchanged (unless ``force``); ``progress(n)`` after
        each batch of n versions."""
        report = VersionReport()
        started = time.perf_counter()
        self.graph.run("version_schema")
        try:
            for batch in batches(versions, self.batch_size):
                stored = {r["id"]: r["hash"] for r in self.graph.run("version_hashes", ids=[v.id for v in batch])}
                fresh = [v for v in batch if force or stored.get(v.id) != v.content_hash]
                report.skipped += len(batch) - len(fresh)
                if fresh:
                    self._write_isolated(fresh, report)
                if progress:
                    progress(len(batch))
        finally:
            self._vectors = {}
            report.seconds = time.perf_counter() - started
        return report

    def _write_isolated(self, versions: list[IncidentVersion], report: VersionReport) -> None:
        """Write a batch; when it fails as a whole (a text the model cannot take, a row the server
        refuses), write its versions one by one, so the one that fails fails alone, with its reason.
        A server that stops answering ends the run (the next run writes what is left)."""
        try:
            self._write(versions, report)
        except ConnectionFailed:
            raise
        except (QueryError, ValueError, RuntimeError) as error:
            if len(versions) == 1:
                report.failed.append((versions[0].id, f"could not be written ({type(error).__name__}: {error})"))
                return
            for version in versions:
                self._write_isolated([version], report)

    def _hash(self, text: str) -> str:
        """A passage's key for its vector: its text under this model (another model encodes it anew)."""
        return hashlib.blake2b(f"{self.embedder.name}\n{text}".encode(), digest_size=16).hexdigest()

    def _write(self, versions: list[IncidentVersion], report: VersionReport) -> None:
        cut = {v.id: passages(v.text, self.max_chars) for v in versions}
        new = [t for t in dict.fromkeys(t for texts in cut.values() for t in texts) if t not in self._vectors]
        if new:
            hashes = {t: self._hash(t) for t in new}
            stored = {r["hash"]: r["embedding"] for r in self.graph.run("version_passage_vectors",
                                                                          hashes=list(hashes.values()))}
            for text, key in hashes.items():
                if key in stored:
                    self._vectors[text] = stored[key]
            report.reused += len(new) - len(missing := [t for t in new if hashes[t] not in stored])
            if missing:
                vectors = self.embedder.embed(missing)
                self._vectors.update(zip(missing, vectors))
                report.encoded += len(missing)
        rows = []
        chunks = []
        for v in versions:
            if not cut[v.id]:
                report.failed.append((v.id, "no text to cut into passages"))
                continue
            dates: dict[str, Any] = {"published": v.published, "valid_from": v.valid_from, "valid_to": v.valid_to}
            props = {k: val for k, val in {
                "title": v.title, "source": v.source, "doc_type": "incident_report", "url": v.url,
                "incident_id": v.incident_id, "version": v.version, "acres": v.acres,
                "percent_contained": v.percent_contained, "record_id": v.record_id,
                "loaded_from": v.loaded_from or None, **dates}.items() if val is not None}
            rows.append({"id": v.id, "document": v.document_id, "hash": v.content_hash, "props": props})
            for n, text in enumerate(cut[v.id]):
                chunks.append({"id": f"{v.id}#{n}", "version": v.id, "embedding": [float(x) for x in self._vectors[text]],
                               "props": {"text": text, "text_hash": self._hash(text), "index": n, "version_id": v.id,
                                         "document_id": v.document_id} | dates})
        if rows:
            self.graph.run_in_transaction("ingest_versions", versions=rows, chunks=chunks)
            report.versions += len(rows)
            report.chunks += len(chunks)


__all__ = ["VersionIngestor", "VersionReport", "passages"]
