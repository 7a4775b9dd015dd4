"""The SDK: connect once, then ask questions and get typed answers that explain themselves.

    from georisk_graph import GeoRisk
    with GeoRisk.connect() as georisk:
        answer = georisk.ask("Do I need a burn permit to burn yard debris in Spokane?")
        answer.decision, answer.warning, answer.citations[0].path_text()
        [evidence] = georisk.evidence(["Is there a burn ban in Spokane County?"])

:meth:`GeoRisk.connect` does the I/O: it opens Neo4j, loads the embedding model (checked against the
vector index), the gazetteer and the place recognizer, and returns a façade whose collaborators are
set. ``GeoRisk(...)`` itself only holds the collaborators it is given. :class:`AsyncGeoRisk` offers the
same calls as coroutines.

A question goes through typed stages, each in its own module: the :class:`~georisk_graph.question.Reader`
reads it once into a :class:`~georisk_graph.question.Reading`; a
:class:`~georisk_graph.retrieval.Retriever` ranks passages for it; :func:`~georisk_graph.decision.decide_question`
decides; the three make its :class:`~georisk_graph.evidence.Evidence`, and a
:class:`~georisk_graph.generation.Generator` words the answer from it. This module only composes them.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Sequence

import numpy as np

from .decision import Freshness, decide_question
from .embeddings import Embedder
from .evidence import ABSTAIN, Citation, Evidence, PlaceDecision
from .exceptions import ConfigurationError, InvalidQuestion
from .generation import Generator
from .generation.citing import cite_used, more_of_cited
from .graph import Graph
from .question import QueryPlace, Reader, Reading, as_of_date
from .relevance import RelevanceModel
from .retrieval import GraphRetriever, Retriever
from .settings import Settings

# Longer than any real question (the QA benchmark's longest is under 200 characters); a pasted
# document is not a question, and embedding it would keep only its first 256 tokens anyway.
MAX_QUESTION_CHARS = 2000


def check_questions(questions: Sequence[str]) -> list[str]:
    """The questions as given, or :class:`InvalidQuestion` for the first one that cannot be asked
    (not text, empty or blank, longer than :data:`MAX_QUESTION_CHARS`), naming its index."""
    if isinstance(questions, (str, bytes)) or not isinstance(questions, Sequence):
        raise InvalidQuestion(f"ask_many() takes a list of questions, not {type(questions).__name__}; "
                              "for one question call ask()", index=None, question=questions)
    for index, question in enumerate(questions):
        where = f"the question at index {index} of the batch" if len(questions) > 1 else "the question"
        if not isinstance(question, str):
            problem = f"is {type(question).__name__}, not text"
        elif not question.strip():
            problem = "is empty" if not question else "is only whitespace"
        elif len(question) > MAX_QUESTION_CHARS:
            problem = f"has {len(question):,} characters, more than the {MAX_QUESTION_CHARS:,} allowed"
        else:
            continue
        raise InvalidQuestion(f"{where} {problem}: ask a question in words, such as \"Is there a burn "
                              f"ban in Spokane County?\"", index=index, question=question)
    return list(questions)


@dataclass(frozen=True)
class Answer:
    """A question's :class:`~georisk_graph.evidence.Evidence` with the answer worded from it: what to tell
    the user, why, and from which passages."""

    evidence: Evidence
    answer: str | None  # None when the system abstains
    citations: tuple[Citation, ...]  # the passages the answer cites, in the order its markers number them
    generator: str = "extractive"
    timings: dict[str, float] = field(default_factory=dict, compare=False)

    @property
    def question(self) -> str:
        return self.evidence.question

    @property
    def decision(self) -> str:
        """answer | warn | abstain."""
        return self.evidence.decision

    @property
    def warning(self) -> str | None:
        return self.evidence.warning

    @property
    def reason(self) -> str:
        return self.evidence.reason

    @property
    def query_places(self) -> tuple[QueryPlace, ...]:
        return self.evidence.query_places

    @property
    def decisions(self) -> tuple[PlaceDecision, ...]:
        return self.evidence.decisions

    @property
    def reading(self) -> Reading:
        """How the question was read."""
        return self.evidence.reading

    @property
    def as_of(self) -> str:
        """The day the question was evaluated as of (YYYY-MM-DD)."""
        return self.evidence.as_of.isoformat()

    @property
    def asked_day(self) -> str | None:
        """The day the question itself names, when it names one."""
        return self.reading.day.describe() if self.reading.day else None

    @property
    def notes(self) -> tuple[str, ...]:
        """What the user should know of how the question was read: a place chosen among several of its name, a doubt."""
        return self.evidence.notes

    @property
    def location_dependent(self) -> bool:
        return bool(self.query_places)

    def to_dict(self) -> dict:
        return {
            "question": self.question, "decision": self.decision, "answer": self.answer,
            "warning": self.warning, "reason": self.reason, "generator": self.generator,
            "as_of": self.as_of, "asked_day": self.asked_day, "notes": list(self.notes),
            "read_as": self.reading.read_as, "reading": self.reading.to_dict(),
            "query_places": [p.to_dict() for p in self.query_places],
            "decisions": [d.to_dict() for d in self.decisions],
            "citations": [c.to_dict() for c in self.citations],
            "timings_ms": {k: round(v * 1000, 1) for k, v in self.timings.items()},
        }


def make_generator(name: str, settings: Settings) -> Generator:
    """The generator called ``name``: ``extractive`` (the answer's sentences quoted from the passages)
    or ``ollama`` (worded by a local model, settings ``ollama_host`` and ``ollama_model``)."""
    from .generation import ExtractiveGenerator, OllamaGenerator

    if name == "extractive":
        return ExtractiveGenerator()
    if name == "ollama":
        return OllamaGenerator(settings.ollama_host, settings.ollama_model)
    raise ConfigurationError(f"unknown generator {name!r}: use extractive or ollama")


class GeoRisk:
    """Geography-aware question answering over one GeoRisk graph. Make one with :meth:`connect`."""

    def __init__(self, settings: Settings, graph: Graph, *, embedder: Embedder, reader: Reader,
                 retriever: Retriever, generator: Generator) -> None:
        self.settings = settings
        self.graph = graph
        self.embedder = embedder
        self.reader = reader
        self.retriever = retriever
        self.generator = generator
        # Threads may share one connected client. The driver is thread-safe; the spaCy pipeline is not
        # documented as such, so questions are read one call at a time (the embedder is wrapped alike
        # by connect()). Measured with bench load, 32 clients: 16.4 asks/s, without the locks 19.5.
        self._reading = threading.Lock()

    # -- lifecycle ---------------------------------------------------------------------------------
    @classmethod
    def connect(cls, settings: Settings | None = None, **overrides: Any) -> "GeoRisk":
        """Open Neo4j, load the embedding model, the gazetteer and the place recognizer, plan the queries
        every question runs, and return the client. ``settings`` (default: from the environment) with
        ``overrides`` applied, e.g. ``GeoRisk.connect(k=8)``."""
        from .embeddings import embedder_from_settings
        from .places import Gazetteer, PlaceResolver

        settings = settings.with_(**overrides) if settings else Settings.from_env(**overrides)
        graph = Graph(settings).connect()
        try:
            graph.apply_schema()
            embedder = OneAtATime(embedder_from_settings(settings))
            graph.check_embedding_dimension(embedder.dimension, embedder.name)
            resolver = PlaceResolver.load(Gazetteer.from_graph(graph), settings.spacy_model)
            reader = Reader.load(resolver, graph)
            retriever = GraphRetriever(graph, settings, RelevanceModel.load(settings.relevance_model), resolver.gazetteer)
            generator = make_generator(settings.generator, settings)
            # the queries every question runs are planned now, so the first question waits no longer than the next
            reader.plan()
            retriever.plan(embedder.dimension)
        except BaseException:
            graph.close()
            raise
        return cls(settings, graph, embedder=embedder, reader=reader, retriever=retriever, generator=generator)

    def configured(self, relevance: RelevanceModel | None = None, **changes: Any) -> "GeoRisk":
        """A client on the same connection and models with ``changes`` made to its settings (a retrieval
        setting such as ``k`` or ``geo_pool``) and another ``relevance`` model if given; no I/O but reading a
        ``relevance_model`` file given."""
        settings = self.settings.with_(**changes)
        if relevance is None:
            relevance = RelevanceModel.load(settings.relevance_model) if "relevance_model" in changes \
                else self.retriever.relevance
        retriever = GraphRetriever(self.graph, settings, relevance, self.reader.gazetteer)
        generator = make_generator(settings.generator, settings) if "generator" in changes else self.generator
        return GeoRisk(settings, self.graph, embedder=self.embedder, reader=self.reader, retriever=retriever,
                       generator=generator)

    def close(self) -> None:
        self.graph.close()

    def __enter__(self) -> "GeoRisk":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the public calls --------------------------------------------------------------------------
    def read(self, questions: list[str]) -> list[Reading]:
        """How each question is read: its places, what it asks and the words it asks it in."""
        questions = check_questions(questions)
        with self._reading:
            return self.reader.read(questions)

    def state_names(self) -> dict[str, str]:
        """Each state's (and the federal district's) name -> its postal code, from the gazetteer."""
        entries = self.reader.gazetteer.entries.values()
        return {e.name: e.state_usps for e in entries if e.is_state and e.state_usps}

    def evidence(self, questions: list[str], *, as_of: date | str | None = None,
                 k: int | None = None) -> list[Evidence]:
        """The evidence of each question: its reading, its passages ranked per question place, and the
        decision per place and for the question, as of ``as_of`` (a date or YYYY-MM-DD; default today).
        ``k`` passages at most per place (default: the settings'). Every question is checked before any
        work: one bad question raises :class:`InvalidQuestion` with its index."""
        questions = check_questions(questions)
        day = as_of_date(as_of)
        if not questions:
            return []
        s = self.settings
        k = k or s.k
        freshness = Freshness(s.fresh_incident_days, s.fresh_restriction_days)
        started = time.perf_counter()
        readings = self.read(questions)
        reading_time = (time.perf_counter() - started) / len(questions)
        started = time.perf_counter()
        # each question as read, and its clause that asks (a long question's story left out), in one batch;
        # a short question is its own clause and is embedded once
        wholes, clauses = [r.embedded or r.read_as for r in readings], [r.asking for r in readings]
        texts = list(dict.fromkeys(wholes + clauses))
        vectors = self.embedder.embed(texts)
        if len(vectors) != len(texts):
            raise ConfigurationError(f"the embedder returned {len(vectors)} vectors for {len(texts)} texts; an embedder "
                                     "returns one vector per text, in order")
        embedded = dict(zip(texts, vectors))
        embedding_time = (time.perf_counter() - started) / len(questions)
        found = []
        for reading, whole, clause in zip(readings, wholes, clauses):
            vector, clause_vector = embedded[whole], embedded[clause]
            started = time.perf_counter()
            ranked = self.retriever.search(reading, vector, clause_vector=clause_vector, as_of=day, k=k)
            timings = {"reading": reading_time, "embedding": embedding_time,
                       "retrieval": time.perf_counter() - started}
            decided = decide_question(reading, ranked, k=k, as_of=day, freshness=freshness)
            found.append(Evidence(reading, day, ranked, decided, timings))
        return found

    def ask(self, question: str, *, generator: str | None = None, as_of: date | str | None = None) -> Answer:
        """Answer one question: its :meth:`evidence`, then the answer worded from it.

        ``as_of`` (a date or YYYY-MM-DD; default today) is the day the question is asked on: evidence
        from after it is not used (an incident is read in the version it had then), and a question
        about the present is warned when its evidence is older than the freshness window of its kind.
        Raises :class:`InvalidQuestion` for a question that is not text, is blank, or is too long."""
        return self.ask_many([question], generator=generator, as_of=as_of)[0]

    def ask_many(self, questions: list[str], *, generator: str | None = None,
                 as_of: date | str | None = None) -> list[Answer]:
        """Answer several questions, reading and embedding them in one batch each. Every question is
        checked before any work: one bad question raises :class:`InvalidQuestion` with its index."""
        words = self.generator if generator is None else make_generator(generator, self.settings)
        return [self.worded(evidence, words) for evidence in self.evidence(questions, as_of=as_of)]

    def worded(self, evidence: Evidence, words: Generator | None = None) -> Answer:
        """The answer to ``evidence`` in words (by ``words``, default the client's generator): none for an
        abstention; otherwise written from the decided citations and the other passages of a cited rule
        that it quotes (a statute's passages read alike, and the one that answers may rank fourth)."""
        words = words or self.generator
        started = time.perf_counter()
        text: str | None = None
        citations = evidence.decided.shown
        if evidence.decision != ABSTAIN and evidence.citations:
            usable = [p.citation for p in evidence.passages()]
            more = more_of_cited(evidence.citations, usable)
            text = words.generate(evidence.reading, [*evidence.citations, *more], evidence.warning,
                                  decision=evidence.decision)
            text, cited = cite_used(text, evidence.citations, more)
            citations = tuple(cited)
        timings = {**evidence.timings, "generation": time.perf_counter() - started}
        return Answer(evidence, text, citations, generator=words.name, timings=timings)


class OneAtATime:
    """An embedder that several threads may share: calls run one at a time (the model's fast tokenizer
    is known to raise "Already borrowed" when its settings change under another thread)."""

    def __init__(self, embedder: Embedder) -> None:
        self.inner = embedder
        self.name = embedder.name
        self.dimension = embedder.dimension
        self._lock = threading.Lock()

    def embed(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            return self.inner.embed(texts)


class AsyncGeoRisk:
    """The same calls as :class:`GeoRisk`, as coroutines (the work runs in a worker thread). Make one
    with ``await AsyncGeoRisk.connect()``."""

    def __init__(self, georisk: GeoRisk) -> None:
        self.sync = georisk

    @classmethod
    async def connect(cls, settings: Settings | None = None, **overrides: Any) -> "AsyncGeoRisk":
        return cls(await asyncio.to_thread(GeoRisk.connect, settings, **overrides))

    async def ask(self, question: str, *, generator: str | None = None, as_of: date | str | None = None) -> Answer:
        return await asyncio.to_thread(self.sync.ask, question, generator=generator, as_of=as_of)

    async def ask_many(self, questions: list[str], *, generator: str | None = None,
                       as_of: date | str | None = None) -> list[Answer]:
        return await asyncio.to_thread(self.sync.ask_many, questions, generator=generator, as_of=as_of)

    async def evidence(self, questions: list[str], *, as_of: date | str | None = None,
                       k: int | None = None) -> list[Evidence]:
        return await asyncio.to_thread(self.sync.evidence, questions, as_of=as_of, k=k)

    async def close(self) -> None:
        await asyncio.to_thread(self.sync.close)

    async def __aenter__(self) -> "AsyncGeoRisk":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
