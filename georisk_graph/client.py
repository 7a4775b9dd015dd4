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
reads it once into a :class:`~georisk_graph.question.Reading` (:meth:`GeoRisk.read`); the embedder gives its
vectors (:meth:`GeoRisk.embed`); a :class:`~georisk_graph.retrieval.Retriever` ranks the passages the relevance
model keeps (:meth:`GeoRisk.candidates`); :meth:`GeoRisk.decided` reads them as of the day asked and
:func:`~georisk_graph.decision.decide_question` decides, which makes its :class:`~georisk_graph.evidence.Evidence`;
a :class:`~georisk_graph.generation.Generator` words the answer from it (:meth:`GeoRisk.worded`). These steps are
public so that the evaluation and the fitting commands go the same way as :meth:`GeoRisk.evidence`. This module
only composes them. The fitted models (:class:`Models`) are given to the stages that use them here, and nowhere
else.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Sequence


from . import dependence as dependence_model, relevance
from .decision import Freshness, decide_question
from .dependence import dependence
from .embeddings import Embedder, OneAtATime, QuestionVectors
from .answer import Answer
from .evidence import ABSTAIN, Evidence, Ranked
from .exceptions import ConfigurationError, InvalidQuestion
from .generation import Generator, Scored, extractive
from .generation.citing import cite_used, more_of_cited
from .graph import Graph
from .messages import gettext as _, speaking
from .models import FittedModel
from .question import Reader, Reading, as_of_date, placing, roles
from .question.kinds import KindReader
from .retrieval import GraphRetriever, Retriever
from .settings import Settings
from .translation import LanguageIdentifier, translator_from_settings

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
class Models:
    """The fitted models a client decides with (:mod:`georisk_graph.models`): whether a passage answers
    (``relevance``), which places a question asks about (``places``), which sentences an answer quotes
    (``sentences``), whether a name written otherwise than the gazetteer writes it means a place (``names``), and
    whether what a question asks depends on where (``dependence``), and what kind of answer it asks for (``kinds``)."""

    relevance: FittedModel
    places: FittedModel
    sentences: FittedModel
    names: FittedModel
    dependence: FittedModel
    kinds: KindReader

    @classmethod
    def load(cls, settings: Settings) -> "Models":
        """The package's models, or the files the settings name (``relevance_model``, ``place_model``,
        ``sentence_model``, ``names_model``, ``dependence_model``, ``answer_type_model``, ``yes_no_model``)."""
        return cls(relevance.load(settings.relevance_model), roles.load(settings.place_model),
                   extractive.load(settings.sentence_model), placing.load(settings.names_model),
                   dependence_model.load(settings.dependence_model),
                   KindReader.load(settings.answer_type_model, settings.yes_no_model))

    def replaced(self, **given: Any) -> "Models":
        """These models with those ``given`` (by field name: a FittedModel, or the KindReader for ``kinds``; None
        keeps this one's) in their place."""
        return replace(self, **{k: v for k, v in given.items() if v is not None})


def make_generator(name: str, settings: Settings, sentences: FittedModel) -> Generator:
    """The generator called ``name``: ``extractive`` (the answer's sentences quoted from the passages, chosen by
    the ``sentences`` model) or ``ollama`` (worded by a local model, settings ``ollama_host`` and ``ollama_model``)."""
    from .generation import ExtractiveGenerator, OllamaGenerator

    if name == "extractive":
        return ExtractiveGenerator(sentences)
    if name == "ollama":
        return OllamaGenerator(settings.ollama_host, settings.ollama_model, sentences)
    raise ConfigurationError(f"unknown generator {name!r}: use extractive or ollama")


class GeoRisk:
    """Geography-aware question answering over one GeoRisk graph. Make one with :meth:`connect`."""

    def __init__(self, graph: Graph, *, embedder: Embedder, reader: Reader, retriever: Retriever,
                 generator: Generator, models: Models) -> None:
        self.graph = graph
        self.embedder = embedder
        self.reader = reader
        self.retriever = retriever
        self.generator = generator
        self.models = models
        # Threads may share one connected client. The driver is thread-safe; the spaCy pipeline is not
        # documented as such, so questions are read one call at a time (the embedder is wrapped alike
        # by connect()). Measured with bench load, 32 clients: 16.4 asks/s, without the locks 19.5.
        self._reading = threading.Lock()

    @property
    def settings(self) -> Settings:
        """The client's settings: its graph's, the one holder every stage reads them from."""
        return self.graph.settings

    # -- lifecycle ---------------------------------------------------------------------------------
    @classmethod
    def connect(cls, settings: Settings | None = None, **overrides: Any) -> "GeoRisk":
        """Open Neo4j, load the embedding model, the fitted models, the gazetteer and the place recognizer,
        plan the queries every question runs, and return the client. ``settings`` (default: from the
        environment) with ``overrides`` applied, e.g. ``GeoRisk.connect(k=8)``."""
        from .embeddings import embedder_from_settings
        from .places import Gazetteer, PlaceResolver

        settings = settings.with_(**overrides) if settings else Settings.from_env(**overrides)
        graph = Graph(settings).connect()
        try:
            graph.apply_schema()
            models = Models.load(settings)
            embedder = OneAtATime(embedder_from_settings(settings))
            graph.check_embedding_dimension(embedder.dimension, embedder.name)
            resolver = PlaceResolver.load(Gazetteer.from_graph(graph), settings.spacy_model)
            reader = Reader.load(resolver, graph, models.places, names_model=models.names,
                                 languages=LanguageIdentifier(), translator=translator_from_settings(settings))
            retriever = GraphRetriever(graph, models.relevance, resolver.gazetteer)
            generator = make_generator(settings.generator, settings, models.sentences)
            # the queries every question runs are planned now, so the first question waits no longer than the next
            reader.plan()
            retriever.plan(embedder.dimension)
        except BaseException:
            graph.close()
            raise
        return cls(graph, embedder=embedder, reader=reader, retriever=retriever, generator=generator, models=models)

    def configured(self, *, relevance: FittedModel | None = None, places: FittedModel | None = None,
                   sentences: FittedModel | None = None, names: FittedModel | None = None,
                   dependence: FittedModel | None = None, kinds: KindReader | None = None,
                   **changes: Any) -> "GeoRisk":
        """A client on the same connection with ``changes`` made to its settings (a retrieval setting such as
        ``k`` or ``geo_pool``, ``query_timeout``, a model file) and any model given in place of its own; no I/O
        but reading a model file a setting names."""
        settings = self.settings.with_(**changes)
        files = {"relevance_model": "relevance", "place_model": "places", "sentence_model": "sentences",
                 "names_model": "names", "dependence_model": "dependence", "answer_type_model": "kinds",
                 "yes_no_model": "kinds"}
        named = Models.load(settings) if set(files) & set(changes) else self.models
        models = self.models.replaced(**{field: getattr(named, field) for setting, field in files.items()
                                         if setting in changes})
        models = models.replaced(relevance=relevance, places=places, sentences=sentences, names=names,
                                 dependence=dependence, kinds=kinds)
        graph = self.graph.configured(settings)
        reader = self.reader if (models.places, models.names) == (self.models.places, self.models.names) \
            else self.reader.with_models(role_model=models.places, names_model=models.names)
        generator = self.generator if models.sentences is self.models.sentences and "generator" not in changes \
            else make_generator(settings.generator, settings, models.sentences)
        return GeoRisk(graph, embedder=self.embedder, reader=reader,
                       retriever=GraphRetriever(graph, models.relevance, self.reader.gazetteer),
                       generator=generator, models=models)

    def close(self) -> None:
        getattr(self.reader.translator, "close", lambda: None)()
        self.graph.close()

    def __enter__(self) -> "GeoRisk":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the public calls --------------------------------------------------------------------------
    def read(self, questions: list[str]) -> list[Reading]:
        """How each question is read: its places, what it asks and the words it asks it in."""
        return self._read(check_questions(questions))[0]

    def _read(self, questions: list[str]) -> tuple[list[Reading], list[QuestionVectors], float]:
        """The readings of ``questions``, their vectors and the seconds embedding took: what each asks for is read
        from its vectors (:class:`~georisk_graph.question.kinds.KindReader`)."""
        with self._reading:
            readings = self.reader.read(questions)
        started = time.perf_counter()
        vectors = self.embed(readings)
        embedding = time.perf_counter() - started
        return self.models.kinds.asked(readings, vectors), vectors, embedding

    def state_names(self) -> dict[str, str]:
        """Each state's (and the federal district's) name -> its postal code, from the gazetteer."""
        entries = self.reader.gazetteer.entries.values()
        return {e.name: e.state_usps for e in entries if e.is_state and e.state_usps}

    def embed(self, readings: Sequence[Reading]) -> list[QuestionVectors]:
        """Each reading's vectors, in one batch: the question as read and its clause that asks (a short question
        is its own clause and is embedded once)."""
        wholes, clauses = [r.embedded or r.read_as for r in readings], [r.asking for r in readings]
        unplaced = [r.without_places for r in readings]
        texts = list(dict.fromkeys(wholes + clauses + unplaced))
        vectors = self.embedder.embed(texts)
        if len(vectors) != len(texts):
            raise ConfigurationError(f"the embedder returned {len(vectors)} vectors for {len(texts)} texts; an embedder "
                                     "returns one vector per text, in order")
        embedded = dict(zip(texts, vectors))
        return [QuestionVectors(embedded[whole], embedded[clause], embedded[asked])
                for whole, clause, asked in zip(wholes, clauses, unplaced)]

    def candidates(self, reading: Reading, vectors: QuestionVectors, *, k: int | None = None,
                   places: Sequence[str] | None = None, threshold: float | None = None) -> Ranked:
        """The passages of one reading the relevance model keeps (its threshold, or ``threshold``: 0 keeps every
        candidate with its probability), ranked δ first, at most ``k`` (default: the settings') per question
        place: its places as read, or ``places`` given (a benchmark's gold place)."""
        return self.retriever.candidates(reading, vectors, k=k or self.settings.k, places=places, threshold=threshold)

    def decided(self, reading: Reading, candidates: Ranked, vectors: QuestionVectors, *, as_of: date | str | None = None,
                k: int | None = None, timings: dict[str, float] | None = None) -> Evidence:
        """The evidence of one reading from its ranked ``candidates``: read as they stood on the day the question
        names (else ``as_of``, default today), and the decision per place and for the question."""
        s, day = self.settings, as_of_date(as_of)
        started = time.perf_counter()
        ranked = self.retriever.on_day(reading, candidates, vectors, as_of=day)
        judged = None if vectors.without_places is None else dependence(
            self.models.dependence, vectors.without_places, reading.without_places, reading.answer_types)
        decided = decide_question(reading, ranked, k=k or s.k, as_of=day, dependence=judged,
                                  freshness=Freshness(s.fresh_incident_days, s.fresh_restriction_days))
        return Evidence(reading, day, ranked, decided, {**(timings or {}), "decision": time.perf_counter() - started},
                        dependence=judged)

    def evidence(self, questions: list[str], *, as_of: date | str | None = None,
                 k: int | None = None) -> list[Evidence]:
        """The evidence of each question: its reading, its passages ranked per question place, and the
        decision per place and for the question, as of ``as_of`` (a date or YYYY-MM-DD; default today).
        ``k`` passages at most per place (default: the settings'). Every question is checked before any
        work: one bad question raises :class:`InvalidQuestion` with its index."""
        questions = check_questions(questions)
        if not questions:
            return []
        day = as_of_date(as_of)
        started = time.perf_counter()
        readings, vectors, embedding = self._read(questions)
        reading_time = (time.perf_counter() - started - embedding) / len(questions)
        embedding_time = embedding / len(questions)
        found = []
        for reading, vector in zip(readings, vectors):
            started = time.perf_counter()
            ranked = self.candidates(reading, vector, k=k)
            timings = {"reading": reading_time, "embedding": embedding_time, "retrieval": time.perf_counter() - started}
            found.append(self.decided(reading, ranked, vector, as_of=day, k=k, timings=timings))
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
        words = self.generator if generator is None else make_generator(generator, self.settings, self.models.sentences)
        return [self.worded(evidence, words) for evidence in self.evidence(questions, as_of=as_of)]

    def worded(self, evidence: Evidence, words: Generator | None = None) -> Answer:
        """The answer to ``evidence`` in words (by ``words``, default the client's generator): none for an
        abstention; otherwise written from the decided citations and the other passages of a cited rule
        that it quotes (a statute's passages read alike, and the one that answers may rank fourth)."""
        words = words or self.generator
        started = time.perf_counter()
        text: str | None = None
        citations = evidence.decided.shown
        quoted: tuple[Scored, ...] = ()
        if evidence.decision != ABSTAIN and evidence.citations:
            usable = [p.citation for p in evidence.passages()]
            more = more_of_cited(evidence.citations, usable)
            with speaking(evidence.reading.language):
                worded = words.generate(evidence.reading, [*evidence.citations, *more], evidence.warning,
                                        decision=evidence.decision)
                # a question asked in another language is told the evidence is quoted in English
                told = "" if evidence.reading.language == "en" else " " + _("The sources are in English and are quoted as written.")
            text, cited, number = cite_used(worded.text + told, evidence.citations, more)
            citations = tuple(cited)
            quoted = tuple(s.renumbered(number.get(s.sentence.passage, s.sentence.passage)) for s in worded.quoted)
        timings = {**evidence.timings, "generation": time.perf_counter() - started}
        return Answer(evidence, text, citations, generator=words.name, timings=timings, quoted=quoted)


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
