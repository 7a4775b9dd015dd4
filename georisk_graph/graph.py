"""The connection to Neo4j and the runner of named queries.

``Graph(settings)`` does no I/O; ``connect()`` opens the driver and checks that the server answers.
Queries declared ``access: read`` are routed as reads, so the same code runs on a cluster or Aura.

Nothing waits forever: every statement carries ``Settings.query_timeout`` seconds as its transaction
timeout (:class:`QueryTimeout` when it runs past it, or past the server's own limit), and a server that
stops answering gives :class:`ConnectionFailed` within seconds; the next call reconnects by itself.
"""

from __future__ import annotations

import copy
import re
from contextlib import contextmanager
from dataclasses import dataclass
import time
from typing import Any, Callable, Iterable, Iterator, Sequence, TypeVar

import neo4j
from neo4j import GraphDatabase, Query, RoutingControl, unit_of_work
from neo4j.exceptions import (
    AuthError,
    ClientError,
    ConnectionPoolError,
    IncompleteCommit,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from . import queries
from .geo import cypher_levels
from .exceptions import (
    ConfigurationError,
    ConnectionFailed,
    EmbeddingDimensionMismatch,
    GeoRiskError,
    QueryError,
    QueryTimeout,
    SchemaError,
)
from .settings import Settings

# How long a call may wait on a server that does not answer. The driver retries a failed transaction
# (a connection a restart left dead, a deadlock, a cluster leader switch) for up to this long before
# giving up: its default of 30 s is the time a user stares at a stopped server before an error. One
# retry after ~1 s replaces a dead connection, so 5 s loses nothing when the server is up.
RETRY_SECONDS = 5.0
# Opening a TCP connection takes milliseconds locally and well under a second to Aura; without a
# bound, a host that drops packets holds each attempt for the driver's default 30 s.
CONNECT_SECONDS = 5.0

_CLIENT_TIMEOUT = "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration"
_SERVER_TIMEOUT = "Neo.ClientError.Transaction.TransactionTimedOut"
# The index name SEARCH queries write in their text (Neo4j takes no parameter there).
SEARCH_INDEX = "chunk_embedding"
# Queries with a ``NAME_5.cypher`` twin for servers without Cypher 25's SEARCH with filters (5.26 LTS),
# or whose SEARCH names the default index, so another GEORISK_VECTOR_INDEX takes the twin too.
_NAMES_THE_INDEX = frozenset({"retrieve", "vector_top_k"})
_HAS_FILTER_PROPERTIES = frozenset({"vector_index"})
# What the chunk vector index holds on Neo4j 2026 (vector_index.cypher): an index with fewer is rebuilt.
VECTOR_INDEX_PROPERTIES = frozenset({"embedding", "state", "county", "locality", "doc_type"})
# How long a graph trusts the list of states with a vector index of their own before reading it again.
PARTITIONS_SECONDS = 60.0
# SEARCH with `IN` in its filter came with 2026.06.
_SEARCH_FROM = (2026, 6)


@dataclass(frozen=True)
class ServerInfo:
    """The Neo4j a connection talks to, read once when it connects."""

    version: str  # "2026.08.1", "5.26.21"
    edition: str  # "community", "enterprise"

    @property
    def release(self) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", self.version)[:3])

    @property
    def search(self) -> bool:
        """Cypher 25's SEARCH with in-index filters (IN lists included)."""
        return self.release[:2] >= _SEARCH_FROM


class Graph:
    """A GeoRisk graph in one Neo4j database."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings.from_env()
        self._driver: neo4j.Driver | None = None
        self.server: ServerInfo | None = None  # set by connect()
        self._partitions: tuple[float, frozenset[str]] | None = None  # (when read, the states with an index)

    # -- connection ------------------------------------------------------------------------------
    def credentials(self) -> tuple[str, str] | None:
        """The (user, password) this graph logs in with, or None for a local server without
        authentication: what another client of the same server (a Ray worker, LangChain) needs."""
        s = self.settings
        if s.neo4j_password is not None:
            return (s.neo4j_user, s.neo4j_password)
        if s.uses_local_server:
            if not s.auth:
                return None
            if s.password_file.is_file():
                return ("neo4j", s.password_file.read_text().strip())
            raise ConnectionFailed(
                f"no password for the local Neo4j: {s.password_file} does not exist. Start the local "
                "server once with `georisk neo4j start` (it generates one), or set NEO4J_PASSWORD.",
                uri=s.bolt_uri,
            )
        return (s.neo4j_user, "") if s.auth else None

    def connect(self) -> "Graph":
        """Open the driver and verify that the server answers; raise :class:`ConnectionFailed` if not."""
        if self._driver is not None:
            return self
        uri = self.settings.bolt_uri
        driver = GraphDatabase.driver(uri, auth=self.credentials(), connection_acquisition_timeout=30,
                                      connection_timeout=CONNECT_SECONDS,
                                      max_transaction_retry_time=RETRY_SECONDS,
                                      notifications_min_severity="OFF")
        try:
            driver.verify_connectivity()
        except ServiceUnavailable:
            driver.close()
            hint = ("start it with `georisk neo4j start`, or set NEO4J_URI to a running server"
                    if self.settings.uses_local_server else "check NEO4J_URI and that the server is up")
            raise ConnectionFailed(f"Neo4j is not running at {uri}: {hint}.", uri=uri) from None
        except AuthError:
            driver.close()
            where = (f"the local server's password is in {self.settings.password_file}"
                     if self.settings.uses_local_server else "check NEO4J_USER / NEO4J_PASSWORD")
            raise ConnectionFailed(f"Neo4j at {uri} refused the login: {where}.", uri=uri) from None
        self._driver = driver
        try:
            row = self.run("server_components")[0]
            self.server = ServerInfo(version=str(row["version"]), edition=str(row["edition"]))
            self.check_embedding_dimension(self.settings.embedding_dimension,
                                           self.settings.embedding_model or "configured model",
                                           missing_ok=True)
        except Exception:
            self.close()
            raise
        return self

    def configured(self, settings: Settings) -> "Graph":
        """This graph's connection (the same driver, server and partitions read) under other ``settings``
        (a query timeout, a retrieval setting): no I/O. Closing either closes the connection."""
        other = copy.copy(self)
        other.settings = settings
        return other

    def close(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None

    def __enter__(self) -> "Graph":
        return self.connect()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def driver(self) -> neo4j.Driver:
        if self._driver is None:
            raise ConnectionFailed("not connected: call Graph.connect() first", uri=self.settings.bolt_uri)
        return self._driver

    # -- running queries -------------------------------------------------------------------------
    def query_name(self, name: str) -> str:
        """The file this server runs for ``name``: ``NAME_5`` (Neo4j 5.x's form) on a server without
        SEARCH, or, for a query whose SEARCH names the default index, with another vector index."""
        twin = name + "_5"
        if name in _NAMES_THE_INDEX and self.settings.vector_index != SEARCH_INDEX:
            return twin
        if (name in _NAMES_THE_INDEX or name in _HAS_FILTER_PROPERTIES) and self.server and not self.server.search:
            return twin
        return name

    def run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named query ``cypher/<name>.cypher`` (or its twin for this server, see
        :meth:`query_name`); rows come back as dicts. Its header's access routes it (reads to any
        cluster member, writes to the leader). A query with a partition block runs without it: every
        state is searched with a filter of the whole index (``$partitions`` is [])."""
        if params.get("partitions"):
            raise QueryError(f"{name}: the partitions a query searches are written into its text; "
                             "run it with Graph.run_partitioned(name, partitions, ...)")
        return self._run(queries.load(self.query_name(name)), {**params, "partitions": []})

    def run_partitioned(self, name: str, partitions: Sequence[str], **params: Any) -> list[dict[str, Any]]:
        """Run the named query with its partition block written once for each of ``partitions`` (states
        with a vector index of their own, :meth:`partitions`), which it also gets as ``$partitions``."""
        query = queries.load(self.query_name(name)).for_partitions(partitions)
        return self._run(query, {**params, "partitions": list(partitions)})

    def _run(self, query: queries.NamedQuery, params: dict[str, Any]) -> list[dict[str, Any]]:
        timeout = self.timeout_for(query)
        rows: list[dict[str, Any]] = []
        for statement in query.statements:
            with self._translated(query.name, statement, timeout, "Neo4j refused the query"):
                records, _, _ = self.driver.execute_query(
                    Query(statement, timeout=timeout),  # text comes from the cypher/ files
                    parameters_of(statement, params),
                    database_=self.settings.neo4j_database,
                    routing_=RoutingControl.WRITE if query.access == "write" else RoutingControl.READ,
                )
            rows = [record.data() for record in records]
        return rows

    def run_in_transaction(self, name: str, *then: str, **params: Any) -> None:
        """Run every statement of the named write query, and of the queries named in ``then`` after
        it, in one transaction: all commit, or none."""
        query = queries.load(name)
        statements = [s for q in (query, *(queries.load(n) for n in then)) for s in q.statements]

        timeout = self.timeout_for(query)

        @unit_of_work(timeout=timeout)
        def work(tx: neo4j.ManagedTransaction) -> None:
            for statement in statements:
                tx.run(statement, parameters_of(statement, params)).consume()

        with self._translated(name, query.text, timeout, f"Neo4j refused {name}"):
            with self._session() as session:
                session.execute_write(work)

    def execute_read_only(self, statement: str, params: dict[str, Any] | None = None, *,
                          name: str | None = None) -> list[dict[str, Any]]:
        """Run user-supplied Cypher in a read transaction; the server refuses any write in it."""
        timeout = self.timeout_for()
        values = parameters_of(statement, params or {})

        @unit_of_work(timeout=timeout)
        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            return [r.data() for r in tx.run(statement, values)]

        with self._translated(name, statement, timeout, "refused (queries run read-only here)"):
            with self._session(default_access_mode=neo4j.READ_ACCESS) as session:
                return session.execute_read(work)

    def _session(self, **options: Any) -> neo4j.Session:
        """A session that shares ``execute_query``'s bookmarks: on a cluster, a read after a write
        (an ingestion's transactions, then a question) waits until the member it is routed to has that
        write, so a program reads what it wrote."""
        return self.driver.session(database=self.settings.neo4j_database,
                                   bookmark_manager=self.driver.execute_query_bookmark_manager, **options)

    def timeout_for(self, query: queries.NamedQuery | None = None) -> float | None:
        """The client-side time limit of a query in seconds (of user-supplied Cypher when ``query`` is
        None); None leaves only the server's: when GEORISK_QUERY_TIMEOUT is 0, or for a named query
        whose header says ``// timeout: none`` because it bounds itself (db.awaitIndexes waits up to
        the seconds it is given)."""
        seconds = self.settings.query_timeout
        if seconds < 0:
            raise ConfigurationError(f"GEORISK_QUERY_TIMEOUT must be 0 (no limit) or a number of seconds, "
                                     f"not {seconds:g}")
        if not seconds or (query is not None and not query.client_timeout):
            return None
        return seconds

    @contextmanager
    def _translated(self, name: str | None, statement: str, timeout: float | None,
                    refused: str) -> Iterator[None]:
        """Driver errors as GeoRisk errors that say what happened and what to do."""
        try:
            yield
        except (Neo4jError, ServiceUnavailable, SessionExpired, ConnectionPoolError) as err:
            raise self._error(err, name or queries.name_of(statement), timeout, refused) from err

    def _error(self, err: Exception, name: str, timeout: float | None, refused: str) -> GeoRiskError:
        uri = self.settings.bolt_uri
        if isinstance(err, IncompleteCommit):
            return ConnectionFailed(
                f"the connection to Neo4j at {uri} broke while {name} was committing, so it may or may "
                f"not have been written ({err}). Check that the server is up, then run it again.", uri=uri)
        if isinstance(err, (ServiceUnavailable, SessionExpired, ConnectionPoolError)):
            where = ("check it with `georisk neo4j status` and start it with `georisk neo4j start`"
                     if self.settings.uses_local_server else "check NEO4J_URI and that the server is up")
            return ConnectionFailed(
                f"Neo4j at {uri} did not answer while running {name}: "
                f"it may be stopped or restarting; {where}. This client reconnects by itself on the next "
                f"call once the server answers. ({type(err).__name__}: {' '.join(str(err).split())})", uri=uri)
        assert isinstance(err, Neo4jError)
        if isinstance(err, AuthError):
            return ConnectionFailed(f"Neo4j at {uri} refused the login while running {name}: {err.message}",
                                    uri=uri)
        # The server reports its own limit with the client's code too when the transaction carried
        # no timeout (measured on 5.26): what was sent tells the two apart.
        if err.code == _CLIENT_TIMEOUT and timeout is not None:
            return QueryTimeout(
                f"{name} ran longer than {timeout:g} s, the client's limit GEORISK_QUERY_TIMEOUT, and was "
                "stopped. Raise the limit (GEORISK_QUERY_TIMEOUT=600, or --timeout 600 on the command "
                "line; 0 turns it off) or narrow the query.",
                query=name, seconds=timeout, limit="client")
        if err.code in (_CLIENT_TIMEOUT, _SERVER_TIMEOUT):
            if self.settings.uses_local_server:
                limit: str | None = self.settings.transaction_timeout
                how = (f"it is GEORISK_TRANSACTION_TIMEOUT={limit}; raise it and restart the server "
                       "(`georisk neo4j stop && georisk neo4j start`)")
            else:
                limit, how = None, f"ask the administrator of {uri} to raise it"
            return QueryTimeout(
                f"{name} ran longer than the server allows (its db.transaction.timeout) and was stopped: "
                f"{how}, or narrow the query.",
                query=name, seconds=_duration_seconds(limit), limit="server")
        if isinstance(err, ClientError):
            return QueryError(f"{refused}: {err.message}")
        again = " It is temporary: try again." if isinstance(err, TransientError) else ""
        return QueryError(f"Neo4j could not run {name} ({err.code}): {err.message}.{again}")

    # -- schema ----------------------------------------------------------------------------------
    def apply_schema(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Create the constraints and indexes that are missing (idempotent). A chunk vector index made
        with fewer filter properties than ``VECTOR_INDEX_PROPERTIES`` is rebuilt with them, from the stored embeddings, once every
        chunk has its filter properties (nothing is embedded again); ``progress(done, total)`` is told
        the documents done."""
        s = self.settings
        self.run("schema")
        if self.server is None or self.server.search:
            found = self.run("vector_index_filters", vector_index=s.vector_index)
            if found and set(found[0]["properties"]) < VECTOR_INDEX_PROPERTIES:
                ids = [row["id"] for row in self.run("document_ids")]
                for start in range(0, len(ids), 500):
                    self.run("chunk_filters", document_ids=ids[start:start + 500])
                    if progress:
                        progress(min(start + 500, len(ids)), len(ids))
                self.run("drop_vector_index", vector_index=s.vector_index)
        self.run("vector_index", vector_index=s.vector_index, dimensions=s.embedding_dimension,
                 quantization=s.vector_quantization)
        self.index_partitions()
        self.store_passage_terms()
        self.store_passage_headings()

    def partitions(self, *, fresh: bool = False) -> frozenset[str]:
        """The states whose passages have an ONLINE vector index of their own, read at most every
        ``PARTITIONS_SECONDS`` (another process may have ingested a new state meanwhile: until this one
        reads it, its passages are searched with a filter of the whole index, which finds them too).
        Empty on a server without SEARCH."""
        if self.server is not None and not self.server.search:
            return frozenset()
        if fresh or self._partitions is None or time.monotonic() - self._partitions[0] > PARTITIONS_SECONDS:
            online = frozenset(r["partition"] for r in self.run("partition_indexes") if r["online"])
            self._partitions = (time.monotonic(), online)
        return self._partitions[1]

    def index_partitions(self, progress: Callable[[int, int], None] | None = None, batch: int = 20_000) -> list[str]:
        """Give every passage of one state its partition label (a graph stored before partitions) and
        every labelled state its own vector index, then wait for them to fill; idempotent. Returns the
        states given an index; ``progress(done, total)`` is told the passages labelled."""
        if self.server is not None and not self.server.search:
            return []
        s = self.settings
        labelled = 0
        while True:
            done = self.run("partition_labels_pending", limit=batch)[0]["labelled"]
            labelled += done
            if progress and done:
                progress(labelled, labelled)
            if done < batch:
                break
        indexed = {r["partition"] for r in self.run("partition_indexes")}
        # an id that is not letters and digits cannot be written into a label's text: such a state's
        # passages stay searched with a filter of the whole index
        new = sorted(p for p in {r["partition"] for r in self.run("partition_labels")} - indexed
                     if queries.is_partition_id(p))
        for partition in new:
            query = queries.load("partition_index").for_partitions([partition])
            self._run(query, {"name": f"chunk_embedding_in_{partition}", "dimensions": s.embedding_dimension,
                              "quantization": s.vector_quantization})
        if new:
            self.run("await_indexes", seconds=7200)
        self._partitions = None
        return new

    def store_passage_terms(self, batch: int = 2000) -> int:
        """Give every passage stored without its terms (a graph ingested before passages kept them) its
        terms, computed from its title and text by the one text analyser; nothing is embedded again.
        Idempotent; returns how many passages were given terms."""
        from .analysis import term_set

        done = 0
        while True:
            rows = self.run("chunk_terms_pending", limit=batch)
            if not rows:
                return done
            self.run("chunk_terms", rows=[{"id": r["id"], "terms": term_set(r["title"] or "", r["text"] or "")}
                                          for r in rows])
            done += len(rows)

    def store_passage_headings(self, batch: int = 20_000) -> int:
        """Give every passage stored without a heading (a graph ingested before headings) its document's title,
        which the full-text index of passage words reads beside its text. Idempotent; returns how many."""
        done = 0
        while given := int(self.run("chunk_headings_pending", limit=batch)[0]["given"]):
            done += given
        return done

    def vector_index_dimension(self) -> int | None:
        rows = self.run("vector_index_dimension", vector_index=self.settings.vector_index)
        return int(rows[0]["dimensions"]) if rows else None

    def check_embedding_dimension(self, model_dimension: int, model: str, *,
                                  missing_ok: bool = False) -> None:
        """Fail when the model's dimension differs from the vector index's."""
        index_dimension = self.vector_index_dimension()
        if index_dimension is None:
            if missing_ok:
                return
            raise SchemaError(
                f"the vector index {self.settings.vector_index} does not exist; run `georisk schema apply`"
            )
        if index_dimension != model_dimension:
            raise EmbeddingDimensionMismatch(model_dimension=model_dimension,
                                             index_dimension=index_dimension,
                                             index=self.settings.vector_index, model=model)

    def counts(self) -> dict[str, int]:
        return self.run("graph_counts")[0]


_PARAMETER = re.compile(r"\$(\w+)")
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$", re.IGNORECASE)


def _duration_seconds(text: str | None) -> float | None:
    """Seconds in a Neo4j duration setting such as ``15m``, ``900s`` or ``500ms``; None if not one."""
    match = _DURATION.match(text or "")
    if not match:
        return None
    unit = (match.group(2) or "s").lower()
    return float(match.group(1)) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400}[unit]


def parameters_of(statement: str, params: dict[str, Any]) -> dict[str, Any]:
    """Only the parameters a statement names: a batch's embeddings travel once, with the statement
    that writes them, not with every statement of the file. A statement naming ``$geo`` gets the level
    lists (:func:`georisk_graph.geo.cypher_levels`) unless ``params`` gives them."""
    names = set(_PARAMETER.findall(statement))
    constants = {"geo": cypher_levels()} if "geo" in names else {}
    return {k: v for k, v in {**constants, **params}.items() if k in names}


Item = TypeVar("Item")


def batches(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    """``items`` in lists of ``size`` (the last may be shorter), read lazily."""
    batch: list[Item] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch
