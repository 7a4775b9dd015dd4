"""The one exception tree of GeoRisk-Graph.

Every error the package raises on purpose is a :class:`GeoRiskError`, so ``except GeoRiskError``
catches them all; the subclasses let callers catch one situation precisely and carry its data::

    GeoRiskError
    ├── ConfigurationError          a setting has a value that cannot work
    ├── ServerError                 the project's local Neo4j server
    │   ├── JavaError               no Java the configured Neo4j version runs on
    │   ├── InstallError            the server jars could not be resolved
    │   │   └── MavenUnreachable    Maven Central (or the configured mirror) did not answer
    │   ├── PortInUse               a Bolt or HTTP port is taken by another program
    │   ├── InsufficientMemory      heap + page cache exceed the machine's memory
    │   ├── NotInstalled            start asked for before install
    │   ├── PasswordRefused         the server refused to take or accept its generated password
    │   └── StartTimeout            the server did not answer Bolt in time (points at the log)
    ├── ConnectionFailed            no Neo4j answers at the configured URI, or it refused the login
    ├── SchemaError                 the graph's schema does not fit the configuration
    │   └── EmbeddingDimensionMismatch
    ├── PlaceNotFound               a place id that is not in the graph
    ├── InputError                  a data file or document that cannot be read as given
    │   └── InvalidQuestion         a question that is not text, empty, or too long (its batch index)
    ├── QueryError                  a named Cypher query that is missing or refused
    │   └── QueryTimeout            a query stopped by the client's or the server's time limit
    ├── GenerationError             the configured answer generator (an Ollama server) failed
    └── TranslatorMissing           no translator reads a question's language (what to install), or it failed
"""

from __future__ import annotations

from pathlib import Path


class GeoRiskError(Exception):
    """Root of every error GeoRisk-Graph raises on purpose."""


class ConfigurationError(GeoRiskError):
    """A setting has a value that cannot work."""


class ServerError(GeoRiskError):
    """Something about the project's own local Neo4j server."""


class JavaError(ServerError):
    """Java is missing, or its version is not one the configured Neo4j runs on (2026: 21+; 5.26: 17 or 21)."""

    def __init__(self, message: str, *, java: str, version: int | None = None) -> None:
        super().__init__(message)
        self.java = java
        self.version = version


class InstallError(ServerError):
    """The Neo4j jars could not be resolved."""


class MavenUnreachable(InstallError):
    """Maven Central (or the configured mirror) could not be reached."""

    def __init__(self, message: str, *, repository: str) -> None:
        super().__init__(message)
        self.repository = repository


class NotInstalled(ServerError):
    """The server jars are not installed yet."""


class PortInUse(ServerError):
    """A port the server needs is already taken."""

    def __init__(self, message: str, *, port: int, purpose: str) -> None:
        super().__init__(message)
        self.port = port
        self.purpose = purpose


class InsufficientMemory(ServerError):
    """Heap plus page cache exceed the machine's physical memory."""

    def __init__(self, message: str, *, requested_bytes: int, available_bytes: int) -> None:
        super().__init__(message)
        self.requested_bytes = requested_bytes
        self.available_bytes = available_bytes


class PasswordRefused(ServerError):
    """The local server would not take, or would not accept, the password in its password file."""

    def __init__(self, message: str, *, password_file: Path) -> None:
        super().__init__(message)
        self.password_file = password_file


class StartTimeout(ServerError):
    """The server did not answer a Bolt handshake in time."""

    def __init__(self, message: str, *, log: Path, seconds: float) -> None:
        super().__init__(message)
        self.log = log
        self.seconds = seconds


class ConnectionFailed(GeoRiskError):
    """No Neo4j answers at the configured URI, or it refused the credentials."""

    def __init__(self, message: str, *, uri: str) -> None:
        super().__init__(message)
        self.uri = uri


class SchemaError(GeoRiskError):
    """The graph's schema does not fit the configuration."""


class EmbeddingDimensionMismatch(SchemaError):
    """The embedding model's dimension differs from the vector index's."""

    def __init__(self, *, model_dimension: int, index_dimension: int, index: str, model: str) -> None:
        super().__init__(
            f"embedding dimension does not match the index: the model {model} gives {model_dimension}-d "
            f"vectors but the vector index {index} holds {index_dimension}-d vectors. Use a "
            f"{index_dimension}-d model, or drop the index and its chunks and re-ingest with the new model."
        )
        self.model_dimension = model_dimension
        self.index_dimension = index_dimension
        self.index = index
        self.model = model


class PlaceNotFound(GeoRiskError):
    """A place id that is not in the graph."""

    def __init__(self, place_ids: list[str]) -> None:
        shown = ", ".join(place_ids[:10]) + (" ..." if len(place_ids) > 10 else "")
        super().__init__(
            f"unknown place id(s): {shown}. Place ids are the node_id column of the geography table "
            "(a Wikidata QID such as Q1522, or e.g. census_place:0655520); load it with "
            "`georisk geography load`, or find an id with `georisk place resolve \"NAME\"`."
        )
        self.place_ids = place_ids


class InputError(GeoRiskError):
    """A data file or document that cannot be read as given."""

    def __init__(self, message: str, *, source: str | None = None) -> None:
        super().__init__(message)
        self.source = source


class InvalidQuestion(InputError):
    """A question that cannot be asked: not text, empty or blank, or longer than the limit."""

    def __init__(self, message: str, *, index: int | None, question: object) -> None:
        super().__init__(message)
        self.index = index  # the question's position in the batch; None when the batch itself is wrong
        self.question = question


class QueryError(GeoRiskError):
    """A named Cypher query that is missing, or refused because it would write."""


class QueryTimeout(QueryError):
    """A query ran past a time limit and was stopped: ``limit`` is ``"client"`` (GEORISK_QUERY_TIMEOUT)
    or ``"server"`` (the server's db.transaction.timeout); ``seconds`` is that limit when known."""

    def __init__(self, message: str, *, query: str, seconds: float | None, limit: str) -> None:
        super().__init__(message)
        self.query = query
        self.seconds = seconds
        self.limit = limit


class GenerationError(GeoRiskError):
    """The configured answer generator (e.g. an Ollama server) failed."""


class TranslatorMissing(GeoRiskError):
    """No translator reads a question's language (the message names what to install), or the one set failed."""
