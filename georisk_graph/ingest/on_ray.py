"""Ingestion on a Ray cluster: the model work of :mod:`.pipeline` spread over Ray actors.

The driver reads the sources (the loaders, as in a local run), keeps the first document of each id and
sends batches of documents to a pool of :class:`DocumentWorker` actors through Ray's object store. Each
actor loads the embedding model, the place recognizer and the gazetteer once, then runs the local
pipeline's :meth:`Ingestor.ingest` on every batch it is given: the same chunking, embedding and place
resolution, the same skip of documents stored unchanged, and the same idempotent
``cypher/ingest_documents.cypher`` write, sent from the worker to Neo4j. The driver adds the workers'
reports into one, so the summary (documents, chunks, mentions, failures by document) is the one a
local run prints.

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
from typing import Any, Callable, Iterable, Sequence

import ray
from ray.exceptions import GetTimeoutError, RayActorError, RayError, RayTaskError

from ..exceptions import ConfigurationError, ConnectionFailed, GeoRiskError
from ..documents import DocumentProblem, SourceDocument
from ..settings import Settings
from .pipeline import BATCH_DOCUMENTS, IngestReport, Ingestor, batches, first_of_each_id

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


def ingest_on_ray(documents: Iterable[SourceDocument], settings: Settings, *, address: str | None = None,
                  workers: int | None = None, cpus_per_worker: float = 1.0, batch_size: int = BATCH_DOCUMENTS,
                  force: bool = False, replace_other_origin: bool = False,
                  problems: Sequence[DocumentProblem] = (),
                  progress: Callable[[int, int], None] | None = None,
                  started: Callable[[list[dict[str, Any]]], None] | None = None) -> IngestReport:
    """Ingest ``documents`` with ``workers`` Ray actors (default: one per CPU of the cluster, each given
    ``cpus_per_worker`` CPUs and as many model threads); the report is the local pipeline's.
    ``started`` is given where each worker runs once all have loaded."""
    resources = connect(address)
    count = workers or max(1, int(resources.get("CPU", 1) // cpus_per_worker))
    threads = max(1, int(cpus_per_worker))
    actor = ray.remote(num_cpus=cpus_per_worker, max_restarts=1, max_task_retries=1)(DocumentWorker)
    shared = worker_settings(settings)
    pool = [actor.remote(shared, batch_size, threads) for _ in range(count)]
    try:
        where = _await(ray.get, [a.ready.remote() for a in pool], READY_SECONDS,
                       f"the {count} Ray workers did not load the model and the gazetteer within "
                       f"{READY_SECONDS:.0f} s (does the cluster have {count} x {cpus_per_worker:g} CPUs free?)")
        if started:
            started(where)
        report = _run(pool, documents, batch_size, force, replace_other_origin, progress)
    finally:
        for worker in pool:
            ray.kill(worker)
    report.failed += [(p.source, p.reason) for p in problems]
    return report


def _await(get: Callable[..., Any], refs: Any, seconds: float, message: str) -> Any:
    try:
        return get(refs, timeout=seconds)
    except GetTimeoutError:
        raise ConnectionFailed(message, uri="ray") from None
    except RayTaskError as error:  # a worker's own error (no server, a wrong model): raised as it is
        if isinstance(error.cause, GeoRiskError):
            raise error.cause from None
        raise


def _run(pool: list[Any], documents: Iterable[SourceDocument], batch_size: int, force: bool,
         replace_other_origin: bool, progress: Callable[[int, int], None] | None) -> IngestReport:
    report = IngestReport()
    work = batches(first_of_each_id(documents, set(), report), batch_size)
    idle = list(pool) * (1 + QUEUED_PER_WORKER)
    running: dict[Any, tuple[Any, list[SourceDocument]]] = {}
    stopped = False
    while True:
        while idle and not stopped:
            batch = next(work, None)
            if batch is None:
                break
            worker = idle.pop(0)
            running[worker.ingest.remote(batch, force, replace_other_origin)] = (worker, batch)
        if not running:
            break
        done, _ = ray.wait(list(running), num_returns=1, timeout=BATCH_SECONDS)
        if not done:
            stopped = True
            report.interrupted = f"no batch finished within {BATCH_SECONDS:.0f} s on the Ray workers"
            report.not_written += [d.id for _, batch in running.values() for d in batch]
            break
        ref = done[0]
        worker, batch = running.pop(ref)
        try:
            part: IngestReport = ray.get(ref)
        except RayActorError as error:  # the worker died twice on this batch (Ray retried it once)
            stopped = True
            report.interrupted = f"a Ray worker died while ingesting a batch ({type(error).__name__}): {error}"
            report.not_written += [d.id for d in batch]
            continue
        except RayTaskError as error:  # an error the pipeline does not keep to one document
            stopped = True
            report.interrupted = f"a Ray worker failed on a batch: {error.cause or error}"
            report.not_written += [d.id for d in batch]
            continue
        except RayError as error:  # the cluster gave up on the batch (its workers killed for memory, ...)
            stopped = True
            report.interrupted = f"Ray could not run a batch ({type(error).__name__}): {_first_line(error)}"
            report.not_written += [d.id for d in batch]
            continue
        _add(report, part)
        if part.interrupted:
            stopped = True
            report.interrupted = part.interrupted
        else:
            idle.append(worker)
        if progress:
            progress(len(batch), part.chunks)
    if stopped:
        report.not_written += [d.id for batch in work for d in batch]
    return report


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


__all__ = ["DocumentWorker", "connect", "ingest_on_ray"]
