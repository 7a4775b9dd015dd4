"""The SDK: connect once, then ask questions and get typed answers that explain themselves.

    from georisk_graph import GeoRisk
    with GeoRisk().connect() as georisk:
        answer = georisk.ask("Do I need a burn permit to burn yard debris in Spokane?")
        answer.decision, answer.warning, answer.citations[0].path_text()

``GeoRisk(...)`` does no I/O; :meth:`GeoRisk.connect` opens Neo4j, loads the embedding model (checked
against the vector index), the gazetteer and the place recognizer. :class:`AsyncGeoRisk` offers the
same calls as coroutines.

A question goes through typed stages, each in its own module: the :class:`~georisk_graph.question.Reader`
reads it once into a :class:`~georisk_graph.question.Reading`; the
:class:`~georisk_graph.retrieval.Retriever` ranks passages for it; :func:`~georisk_graph.decision.decide_question`
decides; a generator words the answer. This module only composes them.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Sequence

from .decision import ABSTAIN, Citation, Decided, Freshness, PlaceDecision, decide_question, notes_on
from .exceptions import ConfigurationError, InvalidQuestion
from .generation.citing import cite_used, more_of_cited
from .graph import Graph
from .question import QueryPlace, Reader, Reading, as_of_date
from .retrieval import Retriever
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
    """A decision with its evidence: what to tell the user, why, and from which passages."""

    question: str
    decision: str  # answer | warn | abstain
    answer: str | None
    warning: str | None
    reason: str
    query_places: tuple[QueryPlace, ...]
    decisions: tuple[PlaceDecision, ...]
    citations: tuple[Citation, ...]
    timings: dict[str, float] = field(default_factory=dict)
    generator: str = "extractive"
    as_of: str | None = None  # the day the question was evaluated as of (YYYY-MM-DD)
    asked_day: str | None = None  # the day the question itself names, when it names one
    reading: Reading | None = field(default=None, compare=False)  # how the question was read
    # what the user should know of how it was read: a place chosen among several of its name, a doubt
    notes: tuple[str, ...] = ()

    @property
    def location_dependent(self) -> bool:
        return bool(self.query_places)

    def to_dict(self) -> dict:
        return {
            "question": self.question, "decision": self.decision, "answer": self.answer,
            "warning": self.warning, "reason": self.reason, "generator": self.generator,
            "as_of": self.as_of, "asked_day": self.asked_day, "notes": list(self.notes),
            "read_as": self.reading.read_as if self.reading else self.question,
            "reading": self.reading.to_dict() if self.reading else None,
            "query_places": [p.to_dict() for p in self.query_places],
            "decisions": [d.to_dict() for d in self.decisions],
            "citations": [c.to_dict() for c in self.citations],
            "timings_ms": {k: round(v * 1000, 1) for k, v in self.timings.items()},
        }


class GeoRisk:
    """Geography-aware question answering over one GeoRisk graph."""

    def __init__(self, settings: Settings | None = None, **overrides: Any) -> None:
        self.settings = settings.with_(**overrides) if settings else Settings.from_env(**overrides)
        self.graph = Graph(self.settings)
        self.embedder: Any = None
        self.resolver: Any = None
        self.reader: Reader | None = None
        self.retriever = Retriever(self.graph, self.settings)
        self.generator: Any = None
        # Threads may share one connected client. The driver is thread-safe; the spaCy pipeline and
        # the embedding model's fast tokenizer are not documented as such (the tokenizer is known to
        # raise "Already borrowed" when its settings change under another thread), so each runs one
        # call at a time. Measured with bench load, 32 clients: 16.4 asks/s, without the locks 19.5.
        self._recognition = threading.Lock()

    # -- lifecycle ---------------------------------------------------------------------------------
    def connect(self) -> "GeoRisk":
        """Open Neo4j and load the embedding model, the gazetteer and the place recognizer."""
        from .embeddings import embedder_from_settings
        from .places import Gazetteer, PlaceResolver

        self.graph.connect()
        self.graph.apply_schema()
        self.embedder = OneAtATime(embedder_from_settings(self.settings))
        self.graph.check_embedding_dimension(self.embedder.dimension, self.embedder.name)
        self.resolver = PlaceResolver.load(Gazetteer.from_graph(self.graph), self.settings.spacy_model)
        self.reader = Reader.load(self.resolver, self.graph)
        self.retriever = Retriever(self.graph, self.settings, self.resolver.gazetteer)
        self.generator = self.make_generator(self.settings.generator)
        # the queries every question runs are planned now, so the first question waits no longer than the next
        self.reader.plan()
        self.retriever.plan(self.embedder.dimension)
        return self

    def make_generator(self, name: str) -> Any:
        from .generation import ExtractiveGenerator, OllamaGenerator

        if name == "extractive":
            return ExtractiveGenerator(self.embedder)
        if name == "ollama":
            return OllamaGenerator(self.settings.ollama_host, self.settings.ollama_model)
        raise ConfigurationError(f"unknown generator {name!r}: use extractive or ollama")

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
        if self.reader is None:
            raise ConfigurationError("not connected: call GeoRisk.connect() first")
        with self._recognition:
            return self.reader.read(questions)

    def find_places(self, questions: list[str]) -> list[tuple[list[QueryPlace], list[QueryPlace]]]:
        """(resolved places, unresolved mentions) of each question."""
        return [(list(r.places), list(r.unresolved)) for r in self.read(questions)]

    def state_names(self) -> dict[str, str]:
        """Each state's (and the federal district's) name -> its postal code, from the gazetteer."""
        gazetteer = self.resolver.gazetteer
        return {e.name: e.state_usps for e in gazetteer.entries.values() if e.is_state and e.state_usps}

    def retrieve(self, embedding: Sequence[float], place_ids: list[str], *, k: int | None = None,
                 **arguments: Any) -> dict[str | None, list[Citation]]:
        """Ranked passages per question place for hand-given arguments (an analyst's or a benchmark's; see
        :meth:`~georisk_graph.retrieval.Retriever.parameters_for`)."""
        return self.retriever.ranked(self.retrieval_parameters(embedding, place_ids, k=k, **arguments))

    def retrieval_parameters(self, embedding: Sequence[float], place_ids: list[str], **arguments: Any) -> dict[str, Any]:
        """The parameters of ``cypher/retrieve.cypher`` for hand-given arguments."""
        return self.retriever.parameters_for(embedding, place_ids, **arguments)

    def ask(self, question: str, *, generator: str | None = None, as_of: date | str | None = None) -> Answer:
        """Answer one question: read it, retrieve, decide, then word the answer.

        ``as_of`` (a date or YYYY-MM-DD; default today) is the day the question is asked on: evidence
        from after it is not used (an incident is read in the version it had then), and a question
        about the present is warned when its evidence is older than the freshness window of its kind.
        Raises :class:`InvalidQuestion` for a question that is not text, is blank, or is too long."""
        return self.ask_many([question], generator=generator, as_of=as_of)[0]

    def ask_many(self, questions: list[str], *, generator: str | None = None,
                 as_of: date | str | None = None) -> list[Answer]:
        """Answer several questions, reading and embedding them in one batch each. Every question is
        checked before any work: one bad question raises :class:`InvalidQuestion` with its index."""
        questions = check_questions(questions)
        day = as_of_date(as_of)
        if self.reader is None:
            raise ConfigurationError("not connected: call GeoRisk.connect() first")
        if not questions:
            return []
        words = self.generator if generator is None else self.make_generator(generator)
        started = time.perf_counter()
        readings = self.read(questions)
        reading_time = (time.perf_counter() - started) / len(questions)
        started = time.perf_counter()
        vectors = self.embedder.embed([r.embedded or r.read_as for r in readings])
        embedding_time = (time.perf_counter() - started) / len(questions)
        return [self._answer(reading, vector, words, {"reading": reading_time, "embedding": embedding_time}, day)
                for reading, vector in zip(readings, vectors)]

    # -- internals ---------------------------------------------------------------------------------
    def _answer(self, reading: Reading, vector: Any, words: Any, timings: dict[str, float], as_of: date) -> Answer:
        s = self.settings
        started = time.perf_counter()
        ranked = self.retriever.search(reading, vector, as_of=as_of)
        timings["retrieval"] = time.perf_counter() - started
        decided = decide_question(reading, ranked, k=s.k, as_of=as_of,
                                  freshness=Freshness(s.fresh_incident_days, s.fresh_restriction_days))
        started = time.perf_counter()
        text, citations = self._words(reading, decided, ranked, words)
        timings["generation"] = time.perf_counter() - started
        return Answer(question=reading.text, decision=decided.decision, answer=text, warning=decided.warning,
                      reason=decided.reason, query_places=reading.places, decisions=decided.decisions,
                      citations=citations, timings=timings, generator=getattr(words, "name", "custom"),
                      as_of=as_of.isoformat(), asked_day=reading.day.describe() if reading.day else None,
                      reading=reading, notes=notes_on(reading))

    def _words(self, reading: Reading, decided: Decided, ranked: dict[str | None, list[Citation]],
               words: Any) -> tuple[str | None, tuple[Citation, ...]]:
        """The answer's text and the citations it uses: the decided ones, and the other passages of a cited
        rule that it quotes (a statute's passages read alike, and the one that answers may rank fourth)."""
        if decided.decision == ABSTAIN or not decided.citations:
            return None, decided.shown
        keys = [p.id for p in reading.places] if reading.places else [None]
        more = more_of_cited(decided.citations, [c for key, d in zip(keys, decided.decisions) if d.decision != ABSTAIN
                                                 for c in ranked.get(key, [])])
        text = words.generate(reading, [*decided.citations, *more], decided.warning, decision=decided.decision)
        text, citations = cite_used(text, decided.citations, more)
        return text, tuple(citations)


class OneAtATime:
    """An embedder that several threads may share: calls run one at a time, other attributes pass through."""

    def __init__(self, embedder: Any) -> None:
        self.inner = embedder
        self._lock = threading.Lock()

    def embed(self, texts: list[str]) -> Any:
        with self._lock:
            return self.inner.embed(texts)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class AsyncGeoRisk:
    """The same calls as :class:`GeoRisk`, as coroutines (the work runs in a worker thread)."""

    def __init__(self, settings: Settings | None = None, **overrides: Any) -> None:
        self._sync = GeoRisk(settings, **overrides)

    async def connect(self) -> "AsyncGeoRisk":
        await asyncio.to_thread(self._sync.connect)
        return self

    async def ask(self, question: str, *, generator: str | None = None, as_of: date | str | None = None) -> Answer:
        return await asyncio.to_thread(self._sync.ask, question, generator=generator, as_of=as_of)

    async def ask_many(self, questions: list[str], *, generator: str | None = None,
                       as_of: date | str | None = None) -> list[Answer]:
        return await asyncio.to_thread(self._sync.ask_many, questions, generator=generator, as_of=as_of)

    async def close(self) -> None:
        await asyncio.to_thread(self._sync.close)

    async def __aenter__(self) -> "AsyncGeoRisk":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
