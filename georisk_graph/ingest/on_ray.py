"""Ingestion on a Ray cluster: the model work of :mod:`.pipeline` spread over Ray actors.

The driver reads the sources (the loaders, as in a local run), keeps the first document of each id and
sends batches of documents to a pool of :class:`DocumentWorker` actors through Ray's object store. Each
actor loads the embedding model, the place recognizer and the gazetteer once, then runs the local
pipeline's :meth:`Ingestor.ingest` on every batch it is given: the same chunking, embedding and place
resolution, the same skip of documents stored unchanged, and the same idempotent
``cypher/ingest_documents.cypher`` write, sent from the worker to Neo4j. The driver adds the workers'
reports into one, so the summary (documents, chunks, mentions, failures by document) is the one a
local run prints. The same actors then write the dated incident versions of those documents
(:class:`.versions.VersionIngestor`, an incident's versions in one batch), so the run leaves the graph
a local run leaves (``georisk counts --digest`` compares two).

A worker that dies (killed, its node lost) is restarted by Ray and its batch tried again once; a batch
that fails twice or that Ray gives up on (Ray's memory monitor kills workers when the node runs out of
memory), or a worker that lost the graph, ends the run with every document not written named in
``IngestReport.not_written``. Writes are keyed by document id and a
document is skipped once stored unchanged, so running the same command again finishes the rest and
writes nothing twice.

This module imports Ray; nothing else in the package does, so a run without ``--ray`` never loads it.
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable, Iterable, Iterator, Sequence

import ray
from ray.exceptions import GetTimeoutError, RayActorError, RayError, RayTaskError

from ..exceptions import ConfigurationError, ConnectionFailed, GeoRiskError
from ..documents import DocumentProblem, IncidentVersion, SourceDocument
from ..settings import Settings
from ..graph import batches
from .pipeline import BATCH_DOCUMENTS, IngestReport, Ingestor, first_of_each_id
from .versions import BATCH_VERSIONS, VersionIngestor, VersionReport

# How long the workers may take to load the model and the gazetteer, and how long the run waits for
# any one batch; past either the run ends, naming what it did not write.
READY_SECONDS = 600.0
BATCH_SECONDS = 1800.0
# Batches queued per worker beyond the one it works on: enough that a worker never waits for the
# driver, few enough that the object store holds a handful of batches, not the corpus.
QUEUED_PER_WORKER = 1


class DocumentWorker:
    """One Ray actor: a local :class:`Ingestor` on its own connection, loaded once (by :meth:`ready`)."""

    def __init__(self, settings: Settings, batch_size: int, threads: int) -> None:
        self.settings = settings
        self.batch_size = batch_size
        self.threads = threads
        self._ingestor: Ingestor | None = None

    def ready(self) -> dict[str, Any]:
        """Connect and load the model and the gazetteer; where this worker runs."""
        if self._ingestor is None:
            from ..graph import Graph

            graph = Graph(self.settings).connect()
            self._ingestor = Ingestor.load(graph, threads=self.threads, batch_size=self.batch_size)
        return {"pid": os.getpid(), "node": ray.get_runtime_context().get_node_id()}

    def ingest(self, documents: list[SourceDocument], force: bool, replace_other_origin: bool) -> IngestReport:
        self.ready()
        assert self._ingestor is not None
        return self._ingestor.ingest(documents, force=force, replace_other_origin=replace_other_origin)

    def ingest_versions(self, versions: list[IncidentVersion], force: bool) -> VersionReport:
        """Write dated incident versions with this worker's model and connection (as a local run does)."""
        self.ready()
        assert self._ingestor is not None
        return VersionIngestor(self._ingestor.graph, self._ingestor.embedder).ingest(versions, force=force)


def connect(address: str | None) -> dict[str, float]:
    """Join the Ray cluster at ``address`` (None or "": the one ``RAY_ADDRESS`` or ``ray start`` on this
    machine names, else a new one in this process); the cluster's resources."""
    if not ray.is_initialized():
        try:
            ray.init(address=address or None, logging_level="WARNING", log_to_driver=False,
                     configure_logging=True)
        except (ConnectionError, RayError, ValueError) as error:
            raise ConfigurationError(
                f"could not join the Ray cluster at {address or 'the default address'}: {error}. Start one "
                "with `ray start --head` (its address is printed), or give --ray ray://HOST:10001 for a "
                "remote cluster; a cluster with token authentication (Ray turns it on when ~/.ray/auth_token "
                "exists) needs RAY_AUTH_MODE=token here too") from None
    return dict(ray.cluster_resources())


def worker_settings(settings: Settings) -> Settings:
    """The settings the workers connect with: the driver's server, by its address and password, so a
    worker on another machine reaches the same database (set NEO4J_URI to an address the workers can
    reach when the cluster spans machines)."""
    from ..graph import Graph

    auth = Graph(settings).credentials()
    user, password = auth if auth else (settings.neo4j_user, None)
    return settings.with_(neo4j_uri=settings.bolt_uri, neo4j_user=user, neo4j_password=password)


class RayIngestion:
    """A pool of :class:`DocumentWorker` actors on a Ray cluster, used for the documents of a run and
    then for their dated incident versions. Construction does no I/O: :meth:`start` joins the cluster
    and waits for the workers to load; :meth:`close` (or leaving the ``with`` block) ends them."""

    def __init__(self, settings: Settings, *, address: str | None = None, workers: int | None = None,
                 cpus_per_worker: float = 1.0, batch_size: int = BATCH_DOCUMENTS) -> None:
        self.settings = settings
        self.address = address
        self.workers = workers
        self.cpus_per_worker = cpus_per_worker
        self.batch_size = batch_size
        self._pool: list[Any] = []

    def start(self) -> list[dict[str, Any]]:
        """Join the cluster and start the workers (default: one per CPU of the cluster, each given
        ``cpus_per_worker`` CPUs and as many model threads); where each worker runs, once all have loaded."""
        resources = connect(self.address)
        count = self.workers or max(1, int(resources.get("CPU", 1) // self.cpus_per_worker))
        threads = max(1, int(self.cpus_per_worker))
        actor = ray.remote(num_cpus=self.cpus_per_worker, max_restarts=1, max_task_retries=1)(DocumentWorker)
        shared = worker_settings(self.settings)
        self._pool = [actor.remote(shared, self.batch_size, threads) for _ in range(count)]
        return _await(ray.get, [a.ready.remote() for a in self._pool], READY_SECONDS,
                      f"the {count} Ray workers did not load the model and the gazetteer within "
                      f"{READY_SECONDS:.0f} s (does the cluster have {count} x {self.cpus_per_worker:g} CPUs free?)")

    def close(self) -> None:
        for worker in self._pool:
            ray.kill(worker)
        self._pool = []

    def __enter__(self) -> "RayIngestion":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def documents(self, documents: Iterable[SourceDocument], *, force: bool = False,
                  replace_other_origin: bool = False, problems: Sequence[DocumentProblem] = (),
                  progress: Callable[[int, int], None] | None = None) -> IngestReport:
        """Ingest ``documents`` on the workers; the report is the local pipeline's."""
        report = IngestReport()
        work = batches(first_of_each_id(documents, set(), report), self.batch_size)

        def done(batch: list[SourceDocument], part: IngestReport) -> str | None:
            _add(report, part)
            if progress:
                progress(len(batch), part.chunks)
            return part.interrupted

        report.interrupted, left = _dispatch(
            self._pool, work, lambda worker, batch: worker.ingest.remote(batch, force, replace_other_origin), done)
        report.not_written += [d.id for batch in left for d in batch]
        report.failed += [(p.source, p.reason) for p in problems]
        return report

    def versions(self, versions: Sequence[IncidentVersion], *, force: bool = False,
                 progress: Callable[[int], None] | None = None) -> VersionReport:
        """Write dated incident versions on the workers, an incident's versions together (most of their
        paragraphs recur, and a worker encodes a paragraph once per batch); the report is a local run's.
        A batch the workers could not write is listed in ``failed`` with the reason; a re-run writes it."""
        report = VersionReport()
        started = time.perf_counter()
        ordered = sorted(versions, key=lambda v: (v.document_id, v.valid_from or "", v.id))
        work = batches(iter(ordered), BATCH_VERSIONS)

        def done(batch: list[IncidentVersion], part: VersionReport) -> None:
            for name in ("versions", "chunks", "skipped", "encoded"):
                setattr(report, name, getattr(report, name) + getattr(part, name))
            report.failed += part.failed
            if progress:
                progress(len(batch))

        interrupted, left = _dispatch(self._pool, work, lambda worker, batch: worker.ingest_versions.remote(batch, force),
                                      done)
        report.failed += [(v.id, f"not written: {interrupted}") for batch in left for v in batch]
        report.seconds = time.perf_counter() - started
        return report


def ingest_on_ray(documents: Iterable[SourceDocument], settings: Settings, *, address: str | None = None,
                  workers: int | None = None, cpus_per_worker: float = 1.0, batch_size: int = BATCH_DOCUMENTS,
                  force: bool = False, replace_other_origin: bool = False,
                  problems: Sequence[DocumentProblem] = (),
                  progress: Callable[[int, int], None] | None = None,
                  started: Callable[[list[dict[str, Any]]], None] | None = None) -> IngestReport:
    """Ingest ``documents`` with a :class:`RayIngestion` of ``workers`` actors; ``started`` is given
    where each worker runs once all have loaded."""
    with RayIngestion(settings, address=address, workers=workers, cpus_per_worker=cpus_per_worker,
                      batch_size=batch_size) as run:
        where = run.start()
        if started:
            started(where)
        return run.documents(documents, force=force, replace_other_origin=replace_other_origin,
                             problems=problems, progress=progress)


def _await(get: Callable[..., Any], refs: Any, seconds: float, message: str) -> Any:
    try:
        return get(refs, timeout=seconds)
    except GetTimeoutError:
        raise ConnectionFailed(message, uri="ray") from None
    except RayTaskError as error:  # a worker's own error (no server, a wrong model): raised as it is
        if isinstance(error.cause, GeoRiskError):
            raise error.cause from None
        raise


def _dispatch(pool: list[Any], work: Iterator[list[Any]], submit: Callable[[Any, list[Any]], Any],
              done: Callable[[list[Any], Any], str | None]) -> tuple[str | None, list[list[Any]]]:
    """Send the batches of ``work`` to the workers of ``pool`` (each with one more queued) by
    ``submit(worker, batch)``, and give each result to ``done(batch, result)``, which returns why the
    run must stop, if it must. Returns why the run stopped (None if it did not) and the batches it left."""
    idle = list(pool) * (1 + QUEUED_PER_WORKER)
    running: dict[Any, tuple[Any, list[Any]]] = {}
    left: list[list[Any]] = []
    stopped: str | None = None
    while True:
        while idle and stopped is None:
            batch = next(work, None)
            if batch is None:
                break
            worker = idle.pop(0)
            running[submit(worker, batch)] = (worker, batch)
        if not running:
            break
        finished, _ = ray.wait(list(running), num_returns=1, timeout=BATCH_SECONDS)
        if not finished:
            stopped = stopped or f"no batch finished within {BATCH_SECONDS:.0f} s on the Ray workers"
            left += [batch for _, batch in running.values()]
            break
        ref = finished[0]
        worker, batch = running.pop(ref)
        try:
            result = ray.get(ref)
        except RayActorError as error:  # the worker died twice on this batch (Ray retried it once)
            stopped = stopped or f"a Ray worker died while ingesting a batch ({type(error).__name__}): {error}"
            left.append(batch)
            continue
        except RayTaskError as error:  # an error the pipeline does not keep to one document
            stopped = stopped or f"a Ray worker failed on a batch: {error.cause or error}"
            left.append(batch)
            continue
        except RayError as error:  # the cluster gave up on the batch (its workers killed for memory, ...)
            stopped = stopped or f"Ray could not run a batch ({type(error).__name__}): {_first_line(error)}"
            left.append(batch)
            continue
        reason = done(batch, result)
        if reason:
            stopped = stopped or reason
        else:
            idle.append(worker)
    if stopped is not None:
        left += list(work)
    return stopped, left


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [""])[0]


def _add(total: IngestReport, part: IngestReport) -> None:
    total.documents += part.documents
    total.chunks += part.chunks
    total.mentions += part.mentions
    total.unresolved_mentions += part.unresolved_mentions
    total.places |= part.places
    total.skipped += part.skipped
    total.failed += part.failed
    total.replaced += part.replaced
    total.not_written += part.not_written
    total.seconds.update(part.seconds)
    total.sentences_embedded += part.sentences_embedded
    total.chunks_embedded += part.chunks_embedded


__all__ = ["DocumentWorker", "RayIngestion", "connect", "ingest_on_ray"]
