"""The connection to Neo4j and the runner of named queries.

``Graph(settings)`` does no I/O; ``connect()`` opens the driver and checks that the server answers.
Queries declared ``access: read`` are routed as reads, so the same code runs on a cluster or Aura.
"""

from __future__ import annotations

import re
from typing import Any

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j.exceptions import AuthError, ClientError, ServiceUnavailable

from . import queries
from .exceptions import ConnectionFailed, EmbeddingDimensionMismatch, QueryError, SchemaError
from .settings import Settings


class Graph:
    """A GeoRisk graph in one Neo4j database."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings.from_env()
        self._driver: neo4j.Driver | None = None

    # -- connection ------------------------------------------------------------------------------
    def _auth(self) -> tuple[str, str] | None:
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
        driver = GraphDatabase.driver(uri, auth=self._auth(), connection_acquisition_timeout=30,
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
            self.check_embedding_dimension(self.settings.embedding_dimension,
                                           self.settings.embedding_model or "configured model",
                                           missing_ok=True)
        except Exception:
            self.close()
            raise
        return self

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
    def run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named query ``cypher/<name>.cypher``; rows come back as dicts."""
        query = queries.load(name)
        rows: list[dict[str, Any]] = []
        for statement in query.statements:
            rows = self.execute(statement, _used(statement, params), write=query.access == "write")
        return rows

    def execute(self, statement: str, params: dict[str, Any] | None = None, *,
                write: bool = False) -> list[dict[str, Any]]:
        """Run one statement (text from cypher/; values only in ``params``)."""
        if "IN TRANSACTIONS" in statement.upper():
            # CALL { ... } IN TRANSACTIONS commits its own batches: only an auto-commit transaction may.
            with self.driver.session(database=self.settings.neo4j_database) as session:
                try:
                    return [r.data() for r in session.run(statement, params or {})]  # type: ignore[arg-type]
                except ClientError as err:
                    raise QueryError(f"Neo4j refused the query: {err.message}") from err
        try:
            records, _, _ = self.driver.execute_query(
                statement,  # type: ignore[arg-type]  # text comes from the cypher/ files
                params or {},
                database_=self.settings.neo4j_database,
                routing_=RoutingControl.WRITE if write else RoutingControl.READ,
            )
        except ClientError as err:
            raise QueryError(f"Neo4j refused the query: {err.message}") from err
        return [record.data() for record in records]

    def run_in_transaction(self, name: str, **params: Any) -> None:
        """Run every statement of the named write query in one transaction: all commit, or none."""
        query = queries.load(name)

        def work(tx: neo4j.ManagedTransaction) -> None:
            for statement in query.statements:
                tx.run(statement, _used(statement, params)).consume()  # type: ignore[arg-type]

        with self.driver.session(database=self.settings.neo4j_database) as session:
            try:
                session.execute_write(work)
            except ClientError as err:
                raise QueryError(f"Neo4j refused {name}: {err.message}") from err

    def execute_read_only(self, statement: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run user-supplied Cypher in a read transaction; the server refuses any write in it."""
        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            return [r.data() for r in tx.run(statement, params or {})]  # type: ignore[arg-type]

        with self.driver.session(database=self.settings.neo4j_database,
                                 default_access_mode=neo4j.READ_ACCESS) as session:
            try:
                return session.execute_read(work)
            except ClientError as err:
                raise QueryError(f"refused (queries run read-only here): {err.message}") from err

    # -- schema ----------------------------------------------------------------------------------
    def apply_schema(self) -> None:
        """Create the constraints and indexes that are missing (idempotent)."""
        self.run("schema", vector_index=self.settings.vector_index,
                 dimensions=self.settings.embedding_dimension)

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


def _used(statement: str, params: dict[str, Any]) -> dict[str, Any]:
    """Only the parameters a statement names: a batch's embeddings travel once, with the statement
    that writes them, not with every statement of the file."""
    names = set(_PARAMETER.findall(statement))
    return {k: v for k, v in params.items() if k in names}
