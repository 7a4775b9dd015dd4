"""The baselines of docs/design.md §6, run on the same graph and questions as GeoRisk.

- :class:`StandardRAG`: vector top-k through langchain-neo4j's ``Neo4jVector`` on the Chunk nodes and
  the existing vector index; always answers.
- :class:`RerankRAG`: the vector pool reranked by a cross-encoder, then the top k; always answers.
- :class:`GranularityMatch`: of the vector pool, keep passages with a place at the question place's
  level; abstain when none is kept.
- :class:`KeywordMatch`: of the vector pool, keep passages whose text contains the question place's
  name; abstain when none is kept.

The place-aware baselines find the question's place with the same resolver as GeoRisk; a question in
which no place is found is answered as :class:`StandardRAG` answers it. No baseline ever warns.
Constructors do no I/O: :func:`open_vector_search` and :func:`load_cross_encoder` do.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from ..evidence import Citation
from ..embeddings import Embedder
from ..exceptions import ConfigurationError
from ..graph import Graph
from ..optional import require
from ..generation.base import Generator
from ..question import QueryPlace, Reading
from ..retrieval import citations_from_rows
from .records import SystemAnswer

# The benchmark's granularities: every settlement level is a city (benchmarks/qa/build.py LEVEL_OF).
LEVEL_CLASS = {"country": "country", "state": "state", "federal_district": "state", "territory": "state",
               "county": "county", "place": "city", "cdp": "city", "populated_place": "city"}

# How the questions are read (GeoRisk.read): the place-aware baselines take their places from it, and every
# baseline's extractive answer its words.
Read = Callable[[list[str]], list[Reading]]


def level_class(level: str | None) -> str | None:
    """The granularity a place level belongs to ("cdp" -> "city"); other levels stand for themselves."""
    return None if level is None else LEVEL_CLASS.get(level, level)


class System(Protocol):
    """A system under test: questions in, one :class:`SystemAnswer` per question out."""

    name: str

    def answer_many(self, questions: list[str]) -> list[SystemAnswer]:
        ...


def embedder_embeddings(embedder: Embedder) -> Any:
    """A GeoRisk :class:`Embedder` as LangChain ``Embeddings``, so Neo4jVector embeds as ingestion did
    (LangChain is an extra, so the class is made when it is first needed)."""
    embeddings: Any = require("langchain_core.embeddings", "langchain", "the standard RAG baselines").Embeddings

    class EmbedderEmbeddings(embeddings):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return embedder.embed(list(texts)).tolist()

        def embed_query(self, text: str) -> list[float]:
            return self.embed_documents([text])[0]

    return EmbedderEmbeddings()


class VectorSearch:
    """Vector top-k over the chunk index through a ``Neo4jVector``; each hit comes back as a
    :class:`Citation` carrying its document and places (cypher/chunk_passages.cypher).
    ``connection`` is the LangChain ``Neo4jGraph`` whose driver the store uses; :meth:`close` closes it."""

    def __init__(self, store: Any, connection: Any, graph: Graph) -> None:
        self.store = store
        self.connection = connection
        self.graph = graph

    def search(self, vector: Sequence[float], k: int) -> list[Citation]:
        """The ``k`` chunks nearest to ``vector``, best first; ``cosine`` is the cosine similarity."""
        with warnings.catch_warnings():
            # neo4j-graphrag warns on every query about a result field it will rename; we read none of it.
            warnings.filterwarnings("ignore", category=DeprecationWarning, module="langchain_neo4j")
            hits = self.store.similarity_search_with_score_by_vector([float(x) for x in vector], k=k)
        # The index reports (1 + cosine) / 2; GeoRisk's passages carry the cosine itself.
        cosine = {doc.metadata["id"]: 2 * float(score) - 1 for doc, score in hits}
        rows = self.graph.run("chunk_passages", chunk_ids=list(cosine))
        return citations_from_rows([{**row, "cosine": cosine[row["chunk_id"]]} for row in rows])

    def close(self) -> None:
        self.connection.close()


def open_vector_search(graph: Graph, embedder: Embedder | None = None, *, embeddings: Any = None) -> VectorSearch:
    """A :class:`VectorSearch` on the graph's existing vector index (``settings.vector_index``), with
    the embedder's LangChain ``Embeddings``, or ``embeddings`` given (a benchmark that searches by
    vector passes one that only tells the dimension)."""
    langchain_neo4j = require("langchain_neo4j", "langchain", "the standard RAG baselines")
    if embeddings is None:
        if embedder is None:
            raise ValueError("open_vector_search needs an embedder or LangChain embeddings")
        embeddings = embedder_embeddings(embedder)

    s = graph.settings
    # The same login as the graph's own driver. LangChain insists on a non-empty one, which a server
    # without authentication ignores.
    user, password = graph.credentials() or (s.neo4j_user, "")
    try:
        connection = langchain_neo4j.Neo4jGraph(url=s.bolt_uri, username=user, password=password or "none",
                                               database=s.neo4j_database, refresh_schema=False)
        store = langchain_neo4j.Neo4jVector.from_existing_index(
            embeddings, graph=connection,
            index_name=s.vector_index, embedding_dimension=embedder.dimension if embedder else s.embedding_dimension,
            text_node_property="text",
        )
    except ValueError as err:
        raise ConfigurationError(
            f"the standard RAG baseline cannot use the vector index {s.vector_index}: {err}") from err
    return VectorSearch(store, connection, graph)


def load_cross_encoder(path: str | Path) -> Any:
    """A sentence-transformers ``CrossEncoder`` from a local folder; never fetched from a hub."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise ConfigurationError(f"no cross-encoder folder at {folder}: point --cross-encoder or "
                                 "GEORISK_CROSS_ENCODER at a local sentence-transformers CrossEncoder")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import CrossEncoder

    try:
        return CrossEncoder(str(folder), device="cpu")
    except Exception as exc:  # the library raises OSError, ValueError, KeyError... for a bad folder
        raise ConfigurationError(f"{folder} is not a loadable CrossEncoder ({type(exc).__name__}: {exc})") from exc


def _answer(reading: Reading, citations: list[Citation], generator: Generator, reason: str,
            found: tuple[str, ...] | None) -> SystemAnswer:
    text = generator.generate(reading, citations, None).text if citations else None
    return SystemAnswer("answer", text, None, reason, tuple(citations), found)


class StandardRAG:
    """Vector top-k, always answers: the geography-blind baseline."""

    name = "standard"

    def __init__(self, search: VectorSearch, embedder: Embedder, generator: Generator, read: Read, *,
                 k: int) -> None:
        self.search = search
        self.embedder = embedder
        self.generator = generator
        self.read = read
        self.k = k

    def answer_many(self, questions: list[str]) -> list[SystemAnswer]:
        vectors = self.embedder.embed(questions)
        reason = f"Standard RAG answers from the {self.k} passages nearest by cosine, whatever their place."
        return [_answer(r, self.search.search(v, self.k), self.generator, reason, None)
                for r, v in zip(self.read(questions), vectors)]


class RerankRAG:
    """The vector pool reordered by a cross-encoder's (question, passage) scores; the top k answer."""

    name = "rerank"

    def __init__(self, search: VectorSearch, embedder: Embedder, generator: Generator, read: Read, scorer: Any, *,
                 pool: int, k: int) -> None:
        self.search = search
        self.embedder = embedder
        self.generator = generator
        self.read = read
        self.scorer = scorer  # anything with predict(list of (question, text) pairs) -> scores
        self.pool = pool
        self.k = k

    def answer_many(self, questions: list[str]) -> list[SystemAnswer]:
        vectors = self.embedder.embed(questions)
        reason = (f"Reranked RAG answers from the {self.k} passages a cross-encoder scores highest among the "
                  f"{self.pool} nearest by cosine, whatever their place.")
        out = []
        for question, vector, reading in zip(questions, vectors, self.read(questions)):
            pool = self.search.search(vector, self.pool)
            scores = self.scorer.predict([(question, c.text) for c in pool]) if pool else []
            ranked = [c for _, _, c in sorted(zip((-float(s) for s in scores), range(len(pool)), pool))]
            out.append(_answer(reading, ranked[:self.k], self.generator, reason, None))
        return out


class _PlaceFilter:
    """Shared by the place-aware baselines: a vector pool filtered by a test on the question's places."""

    name = "place-filter"

    def __init__(self, search: VectorSearch, embedder: Embedder, generator: Generator, read: Read,
                 *, pool: int, k: int) -> None:
        self.search = search
        self.embedder = embedder
        self.generator = generator
        self.read = read
        self.pool = pool
        self.k = k

    def keep(self, citation: Citation, resolved: list[QueryPlace], unresolved: list[QueryPlace]) -> bool:
        raise NotImplementedError

    def describe(self, resolved: list[QueryPlace], unresolved: list[QueryPlace]) -> str:
        raise NotImplementedError

    def answer_many(self, questions: list[str]) -> list[SystemAnswer]:
        vectors = self.embedder.embed(questions)
        out = []
        for reading, vector in zip(self.read(questions), vectors):
            resolved, unresolved = list(reading.places), list(reading.unresolved)
            found = tuple(p.id for p in resolved if p.id)
            if not resolved and not unresolved:
                reason = (f"No place in the question: answered from the {self.k} passages nearest by cosine, "
                          "as standard RAG does.")
                out.append(_answer(reading, self.search.search(vector, self.k), self.generator, reason, found))
                continue
            kept = [c for c in self.search.search(vector, self.pool) if self.keep(c, resolved, unresolved)][:self.k]
            rule = self.describe(resolved, unresolved)
            if not kept:
                out.append(SystemAnswer("abstain", None, None,
                                        f"None of the {self.pool} passages nearest by cosine {rule}.", (), found))
            else:
                out.append(_answer(reading, kept, self.generator,
                                   f"Answered from the passages among the {self.pool} nearest by cosine that {rule}.",
                                   found))
        return out


class GranularityMatch(_PlaceFilter):
    """Keep passages with a place at the question place's level (city, county, state, country)."""

    name = "granularity"

    def keep(self, citation: Citation, resolved: list[QueryPlace], unresolved: list[QueryPlace]) -> bool:
        wanted = {level_class(p.level) for p in resolved}
        return any(level_class(p.level) in wanted for p in citation.places)

    def describe(self, resolved: list[QueryPlace], unresolved: list[QueryPlace]) -> str:
        levels = sorted({str(level_class(p.level)) for p in resolved})
        if not levels:
            return "could be matched, because the question's place is unknown and so is its level"
        return f"have a place at the {' or '.join(levels)} level"


class KeywordMatch(_PlaceFilter):
    """Keep passages whose text contains the name of a question place (exact, case-sensitive, whole
    words); an unresolved place is looked for as written."""

    name = "keyword"

    @staticmethod
    def names(resolved: list[QueryPlace], unresolved: list[QueryPlace]) -> list[str]:
        return sorted({p.name or p.surface for p in resolved} | {p.surface for p in unresolved})

    def keep(self, citation: Citation, resolved: list[QueryPlace], unresolved: list[QueryPlace]) -> bool:
        return any(re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", citation.text)
                   for name in self.names(resolved, unresolved))

    def describe(self, resolved: list[QueryPlace], unresolved: list[QueryPlace]) -> str:
        return "contain " + " or ".join(repr(n) for n in self.names(resolved, unresolved))
