"""Documents into the graph: semantic chunks, embeddings, resolved places, one transaction per batch.

A batch of documents is chunked (its sentences embedded in one call), its chunks embedded in one
call, its places resolved in one call, and written by ``cypher/ingest_documents.cypher`` in a single
transaction. Documents whose stored content hash equals theirs are skipped, so a re-run after a crash
or a restart finishes the rest and writes nothing twice.

The stages overlap on two threads besides the caller's: a batch's places are recognised (spaCy, one
core) while its sentences and chunks are encoded (the embedding backend, which releases the GIL),
and the previous batch's write runs beside that recognition. A write still finishes before the next
batch is encoded: the local server shares the machine's cores with the encoder, and a failure then
never leaves more than one batch in doubt. Identical sentences of a batch are encoded once, and a
chunk that is a single sentence takes that sentence's vector.

Nothing is lost without a word: a document whose preparation fails fails alone (the batch is prepared
again one document at a time) and is listed in ``IngestReport.failed``; when the server stops
answering, the run ends and ``IngestReport.not_written`` names every document it did not write.
A stored document of the same id but loaded from somewhere else (another JSON Lines file) is not
overwritten: it is refused as a failure naming both origins, unless ``replace_other_origin`` is set,
in which case it is replaced and listed in ``IngestReport.replaced``.
"""

from __future__ import annotations

import bisect
import time
from collections import defaultdict
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np
from neo4j.exceptions import DriverError

from ..embeddings import Embedder, check_dimension
from ..exceptions import ConfigurationError, ConnectionFailed, QueryError
from ..graph import Graph, batches
from ..analysis import sentence_spans, term_set
from ..documents import DocumentProblem, SourceDocument
from ..places import PlaceResolver
from ..statements import StatementReader, Stated
from .chunking import Chunk, SemanticChunker

# As much as the largest text file the loaders read (20 MB); every step is linear in a document, so a
# long one costs what its size says (`georisk bench ingest --sizes`).
MAX_DOCUMENT_CHARS = 20_000_000
STAGES = ("chunking", "embedding", "sentences", "places", "writes")
# How a chunk gets its vector (GEORISK_CHUNK_VECTORS; see Settings.chunk_vectors).
CHUNK_VECTORS = ("sentences", "encode")
# Errors that mean the server is gone rather than that one document is wrong: writing on would only
# wait out the driver's retry window once per batch.
_SERVER_LOST = (ConnectionFailed, DriverError)


@dataclass
class IngestReport:
    """What an ingestion run did, with the reason for everything it did not ingest."""

    documents: int = 0
    chunks: int = 0
    mentions: int = 0
    unresolved_mentions: int = 0
    places: set[str] = field(default_factory=set)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    replaced: list[tuple[str, str]] = field(default_factory=list)  # (id, the origin it replaced)
    not_written: list[str] = field(default_factory=list)
    interrupted: str | None = None  # why the run ended early; not_written names what it left
    # Seconds spent in each stage. The stages overlap (see the module's docstring), so their sum can
    # exceed the run's wall time.
    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    sentences_embedded: int = 0  # sentences the model encoded for chunking (each distinct text once a batch)
    chunks_embedded: int = 0  # chunks the model encoded (not those that reused a sentence's vector)

    @property
    def complete(self) -> bool:
        """True when the run went through every document (some may still have failed on their own)."""
        return self.interrupted is None and not self.not_written

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents, "chunks": self.chunks, "mentions": self.mentions,
            "places_mentioned": len(self.places), "unresolved_mentions": self.unresolved_mentions,
            "skipped": len(self.skipped), "failed": [{"document": d, "reason": r} for d, r in self.failed],
            "replaced": [{"document": d, "replaced_origin": o} for d, o in self.replaced],
            "interrupted": self.interrupted, "not_written": list(self.not_written),
            "seconds": {stage: round(self.seconds[stage], 2) for stage in STAGES},
        }

    def describe(self) -> str:
        lines = [
            f"documents ingested: {self.documents:,}",
            f"chunks:             {self.chunks:,}",
            f"place mentions:     {self.mentions:,} resolved to {len(self.places):,} distinct places; "
            f"{self.unresolved_mentions:,} unresolved",
            f"skipped:            {len(self.skipped):,} (already stored unchanged)",
            f"failed:             {len(self.failed):,}",
        ]
        lines += [f"  {doc}: {reason}" for doc, reason in self.failed[:50]]
        if len(self.failed) > 50:
            lines.append(f"  ... and {len(self.failed) - 50} more")
        if self.replaced:
            lines.append(f"replaced:           {len(self.replaced):,} stored from another origin")
            lines += [f"  {doc} (was from {origin})" for doc, origin in self.replaced]
        if self.interrupted is not None:
            lines.append(f"INTERRUPTED: {self.interrupted}")
            lines.append(f"not written:        {len(self.not_written):,} (run the same command again once "
                         "the cause is fixed: what was written is skipped)")
            lines += [f"  {doc}" for doc in self.not_written]
        total = self.total_seconds
        if total:
            split = ", ".join(f"{stage} {self.seconds[stage]:.1f} s" for stage in STAGES)
            lines.append(f"time: {total:.1f} s ({split})")
        return "\n".join(lines)


# Documents prepared together. The model encodes each batch's sentences and chunks in one call, sorted
# by length, so bigger batches pad less: 256 instead of 32 cut the embedding stage by a third on
# the shared corpus.
BATCH_DOCUMENTS = 256


class Ingestor:
    """Writes documents into a GeoRisk graph. Construction does no I/O; see :meth:`load`."""

    def __init__(self, graph: Graph, embedder: Embedder, resolver: PlaceResolver, *,
                 chunker: SemanticChunker | None = None, batch_size: int = BATCH_DOCUMENTS,
                 write_chunks: int = 1000, chunk_vectors: str | None = None,
                 statements: StatementReader | None = None) -> None:
        self.graph = graph
        # what each stored sentence states (a definition, a rule, an event, ...); the shipped model when None,
        # read at the first batch
        self._statements = statements
        # Documents are prepared in batches of ``batch_size`` and written in transactions of about
        # ``write_chunks`` chunks: a transaction's fixed cost is paid once per thousand chunks.
        self.write_chunks = write_chunks
        self._pending: list[dict[str, Any]] = []
        # The ids a run has taken up and not yet written, skipped or failed, in order: what an
        # interrupted run names as not written.
        self._open: dict[str, None] = {}
        self.embedder = embedder
        self.resolver = resolver
        # 1,000 characters is about 230 word pieces: whole chunks fit the bundled MiniLM's 256-token
        # window, so no chunk's tail is cut off from its vector.
        self.vectors = BatchVectors(embedder)
        self.chunker = chunker or SemanticChunker(self.vectors, max_chars=1000)
        self.chunk_vectors = chunk_vectors or graph.settings.chunk_vectors
        if self.chunk_vectors not in CHUNK_VECTORS:
            raise ConfigurationError(f"GEORISK_CHUNK_VECTORS is {self.chunk_vectors!r}; use one of "
                                     f"{', '.join(CHUNK_VECTORS)}")
        self.batch_size = batch_size
        # The stages' threads, while ingest() runs: place recognition, and graph writes.
        self._places: ThreadPoolExecutor | None = None
        self._writes: ThreadPoolExecutor | None = None
        self._writing: tuple[list[dict[str, Any]], Future] | None = None

    @property
    def statements(self) -> StatementReader:
        """The statement-kind model the sentences are read with (the shipped one unless one was given)."""
        if self._statements is None:
            self._statements = StatementReader.load(self.graph.settings.statement_kind_model)
        return self._statements

    @classmethod
    def load(cls, graph: Graph, *, threads: int | None = None, **options: Any) -> "Ingestor":
        """An ingestor with the configured embedding model (checked against the vector index; on
        ``threads`` threads, default all the cores available), a place resolver whose gazetteer is
        read from the graph, and the configured statement-kind model."""
        from ..embeddings import embedder_from_settings
        from ..places import Gazetteer

        embedder = embedder_from_settings(graph.settings, threads=threads)
        graph.check_embedding_dimension(embedder.dimension, embedder.name)
        # a document's places as the model reads them around the names the gazetteer knows (focused)
        resolver = PlaceResolver.load(Gazetteer.from_graph(graph), graph.settings.spacy_model, mode="focused")
        # the statement-kind model read now, so a file that cannot be read stops the run before any document
        options.setdefault("statements", StatementReader.load(graph.settings.statement_kind_model))
        return cls(graph, embedder, resolver, **options)

    def ingest(self, documents: Iterable[SourceDocument], *, force: bool = False,
               replace_other_origin: bool = False, problems: Sequence[DocumentProblem] = (),
               progress: Callable[[int, int], None] | None = None) -> IngestReport:
        """Ingest ``documents``; ``problems`` (from the loaders) are carried into the report as failures.

        A document that cannot be prepared fails alone, with its reason in ``report.failed``. When
        the server stops answering, the run stops at once and returns with ``report.interrupted``
        set and every document it did not write in ``report.not_written`` (a re-run writes them).
        A stored document of the same id from another origin is refused (``report.failed`` names
        both) unless ``replace_other_origin``, which replaces it and lists it in ``report.replaced``.
        ``progress(documents, chunks)`` is called after every batch with that batch's counts.
        """
        check_dimension(self.embedder, self.graph.settings.embedding_dimension,
                        self.graph.settings.vector_index)
        report = IngestReport()
        remaining = iter(documents)
        self._open = {}
        self._writing = None
        with ThreadPoolExecutor(1, thread_name_prefix="georisk-places") as self._places, \
                ThreadPoolExecutor(1, thread_name_prefix="georisk-writes") as self._writes:
            try:
                self._ingest_all(remaining, force, replace_other_origin, progress, report)
                self._flush(report)
                self._settle_write(report)
                # a state whose passages arrived for the first time gets its own vector index (until
                # then its passages are found with a filter of the whole index)
                self.graph.index_partitions()
            except _SERVER_LOST as lost:
                self._pending = []
                self._writing = None
                report.interrupted = f"the graph stopped answering, so the run ended early: {lost}"
                not_reached, unreadable = _ids_of(remaining)
                report.not_written = list(self._open) + not_reached
                if unreadable:
                    report.interrupted += f" Reading the documents after these failed too: {unreadable}"
            except BaseException:
                try:  # what was completed before the failure is kept; a re-run does the rest
                    self._flush(report)
                    self._settle_write(report)
                except Exception:  # noqa: BLE001 - the first failure is the one to report
                    pass
                raise
            finally:
                self.vectors.clear()
        self._places = self._writes = None
        report.failed += [(p.source, p.reason) for p in problems]
        return report

    def _ingest_all(self, documents: Iterator[SourceDocument], force: bool, replace_other_origin: bool,
                    progress: Callable[[int, int], None] | None, report: IngestReport) -> None:
        seen: set[str] = set()
        for batch in batches(documents, self.batch_size):
            fresh = []
            for doc in first_of_each_id(batch, seen, report):
                reason = _unusable(doc)
                if reason:
                    report.failed.append((doc.id, reason))
                else:
                    fresh.append(doc)
                    self._open[doc.id] = None
            if fresh:
                fresh = self._not_stored(fresh, force, replace_other_origin, report)
            prepared = self._ingest_batch(fresh, report) if fresh else 0
            if progress:
                progress(len(batch), prepared)

    def _not_stored(self, docs: list[SourceDocument], force: bool, replace_other_origin: bool,
                    report: IngestReport) -> list[SourceDocument]:
        """The documents to write: not those stored unchanged (unless ``force``), nor those whose id
        is stored from another origin (unless ``replace_other_origin``)."""
        stored = {r["id"]: r for r in self.graph.run("document_hashes", ids=[d.id for d in docs])}
        fresh = []
        for doc in docs:
            row = stored.get(doc.id)
            origin = row and row["loaded_from"]
            if origin and doc.loaded_from and origin != doc.loaded_from:
                if not replace_other_origin:
                    self._done(doc.id)
                    report.failed.append((doc.id, (
                        f"refused: this id is already stored from {origin}, and this document comes from "
                        f"{doc.loaded_from}; give one of them another id, or re-run with "
                        "--replace-other-origin to replace the stored one")))
                    continue
                report.replaced.append((doc.id, origin))
            elif row and not force and row["hash"] == doc.content_hash:
                self._done(doc.id)
                report.skipped.append((doc.id, "unchanged"))
                continue
            fresh.append(doc)
        return fresh

    def _done(self, doc_id: str) -> None:
        self._open.pop(doc_id, None)

    # -- one batch ---------------------------------------------------------------------------------
    def _ingest_batch(self, docs: list[SourceDocument], report: IngestReport) -> int:
        """Prepare a batch and queue its rows for writing; write once enough chunks wait. Returns the
        batch's chunk count."""
        places = self._resolve_beside(docs)
        # The previous batch's write ran beside this batch's recognition; it ends before the encoding.
        try:
            self._settle_write(report)
        except BaseException:
            wait([places])
            raise
        rows = self._prepare_isolated(docs, report, places)
        self._pending += rows
        if sum(len(r["chunks"]) for r in self._pending) >= self.write_chunks:
            self._flush(report)
        return sum(len(r["chunks"]) for r in rows)

    def _prepare_isolated(self, docs: list[SourceDocument], report: IngestReport,
                          places: Future | None = None) -> list[dict[str, Any]]:
        """Rows of the documents that could be prepared. When the batch fails as a whole, its documents
        are prepared again one by one, so the one that fails (a text the model or the recognizer
        cannot take) fails alone, with its reason, and the others go on."""
        try:
            return self._prepare(docs, report, places)
        except Exception as error:  # noqa: BLE001 - any error inside the models is one document's problem
            if len(docs) == 1:
                self._done(docs[0].id)
                report.failed.append((docs[0].id, f"could not be prepared ({type(error).__name__}: {error})"))
                return []
        return [row for doc in docs for row in self._prepare_isolated([doc], report)]

    def _resolve_beside(self, docs: list[SourceDocument]) -> Future:
        """Start recognising and resolving the places of ``docs`` on the places thread; the future gives
        ``(resolutions, seconds)``."""
        def resolve() -> tuple[list[Any], float]:
            started = time.perf_counter()
            found = self.resolver.resolve([d.text for d in docs], hints=[list(d.scope) for d in docs])
            return found, time.perf_counter() - started

        if self._places is None:  # called outside ingest(): no thread to run beside
            done: Future = Future()
            try:
                done.set_result(resolve())
            except Exception as error:  # noqa: BLE001 - raised again by result(), as from a thread
                done.set_exception(error)
            return done
        return self._places.submit(resolve)

    def _prepare(self, docs: list[SourceDocument], report: IngestReport,
                 places: Future | None = None) -> list[dict[str, Any]]:
        """Chunk, embed and resolve a batch (no database work, so every error here is the documents');
        ``places`` is the batch's recognition already started on the places thread."""
        if places is None:
            places = self._resolve_beside(docs)
        try:
            texts = [d.text for d in docs]
            if self.chunk_vectors == "sentences":
                # Each text encoded once: the sentences for the boundaries, and the chunks from them.
                started = time.perf_counter()
                counted = self.vectors.counted
                chunked, vectors = self.chunker.chunk_with_vectors(
                    texts, embed_chunks=lambda passages: self.vectors.embed(passages, kind="passage"))
                report.sentences_embedded += self.vectors.counted["sentence"] - counted["sentence"]
                report.chunks_embedded += self.vectors.counted["passage"] - counted["passage"]
                report.seconds["chunking"] += time.perf_counter() - started
            else:
                started = time.perf_counter()
                before = self.vectors.encoded
                chunked = self.chunker.chunk(texts)
                report.sentences_embedded += self.vectors.encoded - before
                report.seconds["chunking"] += time.perf_counter() - started

                started = time.perf_counter()
                before = self.vectors.encoded
                vectors = self.vectors.embed([c.text for chunks in chunked for c in chunks], kind="passage")
                report.chunks_embedded += self.vectors.encoded - before
                report.seconds["embedding"] += time.perf_counter() - started
            # what the model would be given to encode every chunk, kept to time the raw model on it
            self.vectors.keep("chunk", [c.text for chunks in chunked for c in chunks])
            # each chunk's sentences with their own vectors (a passage is matched by its best sentence);
            # the sentences the chunker encoded for its boundaries are not encoded again
            started = time.perf_counter()
            before = self.vectors.encoded
            spans = [[sentence_spans(c.text) for c in chunks] for chunks in chunked]
            sentence_texts = [c.text[a:b] for chunks, per_chunk in zip(chunked, spans)
                              for c, own in zip(chunks, per_chunk) for a, b in own]
            sentence_vectors = self.vectors.embed(sentence_texts, kind="sentence")
            stated = self.statements.stated(sentence_texts, sentence_vectors)
            report.sentences_embedded += self.vectors.encoded - before
            report.seconds["sentences"] += time.perf_counter() - started
        finally:
            self.vectors.clear()
            # Recognition has finished before this returns or raises, so nothing of this batch runs on
            # while the next one (or a retry of this one, a document at a time) starts.
            wait([places])
        resolutions, seconds = places.result()
        report.seconds["places"] += seconds

        rows: list[dict[str, Any]] = []
        row = 0
        sentence_row = 0
        for doc, chunks, per_chunk, resolution in zip(docs, chunked, spans, resolutions):
            count = sum(len(own) for own in per_chunk)
            if not chunks:
                self._done(doc.id)
                report.failed.append((doc.id, "no text to chunk after cleaning"))
                continue
            rows.append(_document_rows(doc, chunks, vectors[row:row + len(chunks)], resolution.mentions,
                                       per_chunk, sentence_vectors[sentence_row:sentence_row + count],
                                       stated[sentence_row:sentence_row + count], self.statements.version))
            row += len(chunks)
            sentence_row += count
        return rows

    def _flush(self, report: IngestReport) -> None:
        """Start writing the queued rows on the writes thread, once the write before has finished."""
        self._settle_write(report)
        rows, self._pending = self._pending, []
        if not rows:
            return
        if self._writes is None:  # called outside ingest(): write here and now
            self._apply_write(rows, self._write_rows(rows), report)
            return
        self._writing = (rows, self._writes.submit(self._write_rows, rows))

    def _settle_write(self, report: IngestReport) -> None:
        """Wait for the write in progress, if any, and count what it wrote; raises its server error."""
        if self._writing is None:
            return
        rows, future = self._writing
        self._writing = None
        self._apply_write(rows, future.result(), report)

    def _write_rows(self, rows: list[dict[str, Any]]) -> tuple[list[str | None], float]:
        """Write ``rows`` (on the writes thread): per row, None when written, else why not; and the
        seconds it took. A server that stops answering raises."""
        started = time.perf_counter()
        try:
            self._write(rows)
            outcome: list[str | None] = [None] * len(rows)
        except QueryError:
            # One bad document must not sink the batch: write them one by one to find it.
            outcome = []
            for single in rows:
                try:
                    self._write([single])
                    outcome.append(None)
                except QueryError as err:
                    outcome.append(str(err))
        return outcome, time.perf_counter() - started

    def _apply_write(self, rows: list[dict[str, Any]], result: tuple[list[str | None], float],
                     report: IngestReport) -> None:
        outcome, seconds = result
        report.seconds["writes"] += seconds
        for row, error in zip(rows, outcome):
            if error is None:
                self._written([row], report)
            else:
                self._done(row["document"]["id"])
                report.failed.append((row["document"]["id"], error))

    def _written(self, rows: list[dict[str, Any]], report: IngestReport) -> None:
        for item in rows:
            self._done(item["document"]["id"])
            report.documents += 1
            report.chunks += len(item["chunks"])
            report.mentions += len(item["mentions"])
            report.places.update(m["place"] for m in item["mentions"])
            report.unresolved_mentions += item["unresolved"]

    def _write(self, rows: list[dict[str, Any]]) -> None:
        self.graph.run_in_transaction(
            "ingest_documents", "chunk_filters",  # the vector index's filter properties, in the same commit
            documents=[r["document"] for r in rows],
            document_ids=[r["document"]["id"] for r in rows],
            chunks=[c for r in rows for c in r["chunks"]],
            links=[link for r in rows for link in r["links"]],
            mentions=[m for r in rows for m in r["mentions"]],
            sentences=[x for r in rows for x in r.get("sentences", ())],
        )


def store_sentences(graph: Graph, embedder: Embedder, statements: StatementReader, *, batch: int = 500,
                    progress: Callable[[int], None] | None = None) -> int:
    """Give every passage stored without its sentences (a graph ingested before passages kept them) its
    sentences and their embeddings, a batch at a time; resumable and idempotent. Returns how many
    passages were given sentences; ``progress(n)`` is told each batch's."""
    done = 0
    while True:
        rows = graph.run("chunk_sentences_pending", limit=batch)
        if not rows:
            return done
        spans = [sentence_spans(r["text"] or "") for r in rows]
        texts = [r["text"][a:b] for r, own in zip(rows, spans) for a, b in own]
        vectors = embedder.embed(texts) if texts else np.zeros((0, embedder.dimension), dtype=np.float32)
        sentences = [{"id": f"{r['id']}#s{n}", "chunk": r["id"], "position": n, "start": a, "end": b}
                     for r, own in zip(rows, spans) for n, (a, b) in enumerate(own)]
        for sentence, vector, statement in zip(sentences, vectors, statements.stated(texts, vectors)):
            sentence["embedding"] = [float(x) for x in vector]
            sentence.update(kind=statement.kind, kind_share=statement.share, kind_model=statements.version)
        graph.run_in_transaction("chunk_sentences", chunks=[r["id"] for r in rows], sentences=sentences)
        done += len(rows)
        if progress:
            progress(len(rows))


def store_statement_kinds(graph: Graph, statements: StatementReader, *, batch: int = 2000,
                          progress: Callable[[int], None] | None = None) -> int:
    """Give every sentence stored without the kind of statement it makes, or with one another model read (a graph
    ingested before sentences kept it, or before ``georisk fit statement-kinds``), its kind, read from its stored
    text and embedding, a batch at a time; resumable and idempotent. Returns how many sentences were given one;
    ``progress(n)`` is told each batch's."""
    done = 0
    while True:
        rows = graph.run("sentence_kinds_pending", limit=batch, model=statements.version)
        if not rows:
            return done
        stated = statements.stated([r["text"] or "" for r in rows], [r["embedding"] for r in rows])
        graph.run_in_transaction("sentence_kinds", sentences=[
            {"id": r["id"], "kind": s.kind, "kind_share": s.share, "kind_model": statements.version}
            for r, s in zip(rows, stated)])
        done += len(rows)
        if progress:
            progress(len(rows))


class BatchVectors:
    """The model as one batch's preparation sees it: each distinct text is encoded once, and its vector
    kept until :meth:`clear`, so a chunk that is exactly one of the batch's sentences is not encoded
    again. ``encoded`` counts the texts the model was given; with ``keep_texts`` they are kept, in
    ``kept[kind]`` ("sentence" for what the chunker asks, "passage" for chunks), to time the raw model
    on the same texts."""

    def __init__(self, inner: Embedder, *, keep_texts: bool = False) -> None:
        self.inner = inner
        self.dimension = inner.dimension
        self.name = inner.name
        self.encoded = 0
        self.counted = {"sentence": 0, "passage": 0}
        self.keep_texts = keep_texts
        self.kept: dict[str, list[str]] = {"sentence": [], "passage": [], "chunk": []}
        self._known: dict[str, np.ndarray] = {}

    def embed(self, texts: list[str], *, kind: str = "sentence") -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        new = [t for t in dict.fromkeys(texts) if t not in self._known]
        if new:
            vectors = self.inner.embed(new)
            self.encoded += len(new)
            self.counted = {**self.counted, kind: self.counted[kind] + len(new)}
            self.keep(kind, new)
            self._known.update(zip(new, vectors))
        return np.stack([self._known[t] for t in texts])

    def keep(self, kind: str, texts: list[str]) -> None:
        """With ``keep_texts``, note ``texts`` (their distinct ones) under ``kind``."""
        if self.keep_texts:
            self.kept[kind] += list(dict.fromkeys(texts))

    def clear(self) -> None:
        self._known = {}


def first_of_each_id(documents: Iterable[SourceDocument], seen: set[str],
                     report: IngestReport) -> Iterator[SourceDocument]:
    """The documents whose id is not in ``seen`` (which they are added to); each repeat is a failure in
    ``report``, so a run keeps the first document of an id, wherever its batches are prepared."""
    for doc in documents:
        if doc.id in seen:
            report.failed.append((doc.id, "the same document id appears twice in this run; "
                                          "the first one was kept"))
            continue
        seen.add(doc.id)
        yield doc


def _unusable(doc: SourceDocument) -> str | None:
    if not doc.text or not doc.text.strip():
        return "empty document: it has no text"
    if len(doc.text) > MAX_DOCUMENT_CHARS:
        return (f"document of {len(doc.text):,} characters exceeds {MAX_DOCUMENT_CHARS:,}; split it into "
                "smaller documents")
    if "\x00" in doc.text:
        return "text contains NUL bytes: it looks like a binary file read as text"
    return None


def _document_rows(doc: SourceDocument, chunks: list[Chunk], vectors: Any, mentions: Sequence[Any],
                   sentences: Sequence[Sequence[tuple[int, int]]] = (), sentence_vectors: Any = (),
                   stated: Sequence[Stated] = (), statement_model: str | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {
        "title": doc.title, "source": doc.source, "doc_type": doc.doc_type, "url": doc.url,
        "published": doc.published, "valid_from": doc.valid_from, "valid_to": doc.valid_to,
        "scope_basis": doc.scope_basis, "chars": len(doc.text),
        "loaded_from": doc.loaded_from or None,
    }
    for key, value in doc.metadata.items():
        props.setdefault(key if key not in ("id", "content_hash") else f"meta_{key}", value)
    document = {
        "id": doc.id, "hash": doc.content_hash,
        "props": {k: v for k, v in props.items() if v is not None},
        "scope": [{"place": place, "basis": doc.scope_basis} for place in doc.scope],
    }
    ids = [f"{doc.id}#{c.index}" for c in chunks]
    chunk_rows = [
        {"id": ids[k], "document": doc.id, "embedding": [float(x) for x in vectors[k]],
         "props": {"text": c.text, "index": c.index, "start": c.start, "end": c.end,
                   "document_id": doc.id, "source": doc.source, "doc_type": doc.doc_type,
                   "terms": term_set(doc.title or "", c.text),
                   "sentences": c.sentence_count} | _dates(doc)}
        for k, c in enumerate(chunks)
    ]
    mention_rows = []
    unresolved = 0
    starts = [c.start for c in chunks]  # chunks are in text order: each mention's chunk by bisection
    for mention in mentions:
        if mention.place_id is None:
            unresolved += 1
            continue
        k = bisect.bisect_right(starts, mention.start) - 1
        if k >= 0 and chunks[k].start <= mention.start and mention.end <= chunks[k].end:
            c = chunks[k]
            mention_rows.append({
                "chunk": ids[k], "place": mention.place_id, "surface": mention.surface,
                "start": mention.start - c.start, "end": mention.end - c.start,
                "confidence": round(float(mention.confidence), 4), "method": mention.method,
            })
    links = [{"from": a, "to": b} for a, b in zip(ids, ids[1:])]
    sentence_rows = [{"id": f"{ids[k]}#s{n}", "chunk": ids[k], "position": n, "start": a, "end": b}
                     for k, own in enumerate(sentences) for n, (a, b) in enumerate(own)]
    for sentence, vector in zip(sentence_rows, sentence_vectors):
        sentence["embedding"] = [float(x) for x in vector]
    for sentence, statement in zip(sentence_rows, stated):
        sentence.update(kind=statement.kind, kind_share=statement.share, kind_model=statement_model)
    return {"document": document, "chunks": chunk_rows, "links": links, "mentions": mention_rows,
            "sentences": sentence_rows, "unresolved": unresolved}


def _dates(doc: Any) -> dict[str, Any]:
    """The evidence's dates that are known, for its chunks: a chunk found alone still says when."""
    return {k: v for k in ("published", "valid_from", "valid_to") if (v := getattr(doc, k, None))}


def _ids_of(documents: Iterator[SourceDocument]) -> tuple[list[str], str | None]:
    """The ids of the documents a stopped run did not reach (the loaders read on; nothing is written),
    and why reading stopped early, if it did."""
    ids: list[str] = []
    try:
        for doc in documents:
            ids.append(doc.id)
    except Exception as error:  # noqa: BLE001 - a loader failing here must not hide the interruption
        return ids, str(error)
    return ids, None


__all__ = ["BatchVectors", "IngestReport", "Ingestor", "first_of_each_id", "store_sentences"]
