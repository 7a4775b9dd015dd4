"""The SDK: connect once, then ask questions and get typed answers that explain themselves.

    from georisk_graph import GeoRisk
    with GeoRisk().connect() as georisk:
        answer = georisk.ask("Do I need a burn permit to burn yard debris in Spokane?")
        answer.decision, answer.warning, answer.citations[0].path_text()

``GeoRisk(...)`` does no I/O; :meth:`GeoRisk.connect` opens Neo4j, loads the embedding model (checked
against the vector index), the gazetteer and the place recognizer. :class:`AsyncGeoRisk` offers the
same calls as coroutines.
"""

from __future__ import annotations

import asyncio
import math
import re
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Sequence

from .documents import DOC_TYPES
from .decision import (ABSTAIN, Citation, Freshness, PlaceDecision, combine, decide, decide_in_time,
                       decide_within)
from .delta import PlaceRef
from .exceptions import ConfigurationError, InputError, InvalidQuestion
from .generation.answer_types import answer_forms
from .graph import Graph
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
class QueryPlace:
    """A place found in the question, with how it was resolved."""

    id: str | None
    name: str | None
    level: str | None
    surface: str
    start: int
    end: int
    method: str
    confidence: float
    reason: str
    candidates: tuple[dict, ...] = ()
    # the places named only to say where this one is ("Colorado" in "Steamboat Springs, Colorado")
    qualifiers: tuple[str, ...] = ()

    def ref(self) -> PlaceRef | None:
        return None if self.id is None else PlaceRef(self.id, self.name or self.id, self.level)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "level": self.level, "surface": self.surface,
                "start": self.start, "end": self.end, "method": self.method, "confidence": round(self.confidence, 3), "reason": self.reason,
                "candidates": list(self.candidates), "qualifiers": list(self.qualifiers)}


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

    @property
    def location_dependent(self) -> bool:
        return bool(self.query_places)

    def to_dict(self) -> dict:
        return {
            "question": self.question, "decision": self.decision, "answer": self.answer,
            "warning": self.warning, "reason": self.reason, "generator": self.generator,
            "as_of": self.as_of, "asked_day": self.asked_day,
            "query_places": [p.to_dict() for p in self.query_places],
            "decisions": [d.to_dict() for d in self.decisions],
            "citations": [c.to_dict() for c in self.citations],
            "timings_ms": {k: round(v * 1000, 1) for k, v in self.timings.items()},
        }


def _day(value: Any) -> str | None:
    """A stored date as YYYY-MM-DD (a JSON Lines date may have been stored with a time)."""
    return None if value in (None, "") else str(value)[:10]


def citations_from_rows(passages: Sequence[dict[str, Any]]) -> list[Citation]:
    """Typed citations from the rows of cypher/retrieve.cypher."""
    result = []
    for p in passages:
        delta = p.get("delta")
        if p.get("relation") == "unrelated":
            delta = math.inf
        result.append(Citation(
            chunk_id=p["chunk_id"], document_id=p["document_id"], title=p.get("title") or "",
            text=p["text"], source=p.get("source") or "", url=p.get("url"), cosine=float(p["cosine"]),
            places=tuple(PlaceRef.from_dict(x) for x in p.get("places") or []),
            delta=delta, i_q=p.get("i_q"), i_t=p.get("i_t"), relation=p.get("relation"),
            evidence_place=PlaceRef.maybe(p.get("evidence_place")), lca=PlaceRef.maybe(p.get("lca")),
            path=tuple(PlaceRef.from_dict(x) for x in p.get("path") or []),
            doc_type=p.get("doc_type"), published=_day(p.get("published")),
            valid_from=_day(p.get("valid_from")), valid_to=_day(p.get("valid_to")),
        ))
    return result


class GeoRisk:
    """Geography-aware question answering over one GeoRisk graph."""

    def __init__(self, settings: Settings | None = None, **overrides: Any) -> None:
        self.settings = settings.with_(**overrides) if settings else Settings.from_env(**overrides)
        self.graph = Graph(self.settings)
        self.embedder: Any = None
        self.resolver: Any = None
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
        self.generator = self.make_generator(self.settings.generator)
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
    def find_places(self, questions: list[str]) -> list[tuple[list[QueryPlace], list[QueryPlace]]]:
        """(resolved places, unresolved mentions) of each question."""
        with self._recognition:
            resolutions = self.resolver.resolve(questions)
        out = []
        for resolution in resolutions:
            resolved, unresolved = [], []
            seen: set[str] = set()
            for m in resolution.mentions:
                entry = self.resolver.gazetteer.get(m.place_id) if m.place_id else None
                place = QueryPlace(
                    id=m.place_id, name=entry.name if entry else None, level=entry.level if entry else None,
                    surface=m.surface, start=m.start, end=m.end, method=m.method, confidence=float(m.confidence), reason=m.reason,
                    candidates=tuple({"id": c.place_id, "name": c.name, "level": c.level,
                                      "state": c.state_usps, "score": round(c.score, 3)}
                                     for c in m.candidates[:5]),
                )
                if m.place_id is None:
                    unresolved.append(place)
                elif m.place_id not in seen:
                    seen.add(m.place_id)
                    resolved.append(place)
            out.append((_drop_qualifiers(resolved, self.resolver.gazetteer), unresolved))
        return out

    def retrieve(self, embedding: Sequence[float], place_ids: list[str], *, k: int | None = None,
                 incidents: Sequence[str] = (), year: int | None = None, wants: str | None = None,
                 aspects: Sequence[str] = (), topic_terms: Sequence[str] = (),
                 wide: bool | None = None, words: Sequence[str] = (),
                 things: Sequence[str] = (), forms: Sequence[str] = (),
                 tied_words: Sequence[str] = ()) -> dict[str | None, list[Citation]]:
        """Ranked passages per question place (key None for a question without a place).

        ``incidents`` names incidents the question is about ("Dixie Fire"): only passages naming
        one of them (not a longer name ending in it: "Sheep Springs Fire" is not the "Springs
        Fire") count as relevant. With ``year`` only the incident reports of that year count (named
        incident or not; rules are not dated by it). ``wants`` is the kind
        of evidence that can answer (see :func:`evidence_wanted`): ``"rules"`` keeps rules
        (statutes, ordinances, guidance) and leaves incident reports out, since a question about the
        law is not answered by a fire's situation report; ``"incidents"`` keeps incident reports
        only, since a question about what a fire did is not answered by a statute; None keeps both.
        ``aspects`` (from :func:`asked_aspects`) are what the question asks about: a passage whose
        text and title speak of none of them (a report on a fire's closures for a question on its
        evacuations, a fire's containment for a question on fire restrictions) is not evidence.
        ``words`` (topic words, lower-case letters) are looked up in the full-text index too: the
        passages it ranks first for them join the vector index's candidates. ``things`` (from
        :func:`names_asked`: "one less spark") are things the question names: a passage naming one is
        about it and counts as relevant however little the rest of it reads like the question.
        ``tied_words``, for a question with a place, are looked up in the full-text index too: the passages
        it ranks first count where geography ties them to the place. ``forms`` (from
        :func:`~georisk_graph.generation.answer_types.answer_forms`) hold the kind of
        answer asked for ("6,965 acres"): at the same δ and share of topic words, a passage holding one
        ranks first.
        """
        rows = self.graph.run("retrieve", **self.retrieval_parameters(
            embedding, place_ids, k=k, incidents=incidents, year=year, wants=wants, aspects=aspects,
            topic_terms=topic_terms, wide=wide, words=words, things=things, forms=forms, tied_words=tied_words))
        return {row["place_id"]: citations_from_rows(row["passages"]) for row in rows}

    def retrieval_parameters(self, embedding: Sequence[float], place_ids: list[str], *, k: int | None = None,
                             incidents: Sequence[str] = (), year: int | None = None, wants: str | None = None,
                             aspects: Sequence[str] = (), topic_terms: Sequence[str] = (), wide: bool | None = None,
                             words: Sequence[str] = (), things: Sequence[str] = (),
                             forms: Sequence[str] = (), tied_words: Sequence[str] = ()) -> dict[str, Any]:
        """The parameters of ``cypher/retrieve.cypher`` for these arguments (see :meth:`retrieve`), as
        an analyst or a benchmark passes them to the named query. ``wide`` says whether a question
        place is a state or the country (None: looked up in the gazetteer)."""
        s = self.settings
        names = sorted({name.lower() for name in incidents})
        # Below the state level the passages about places inside are read through the DAG; a state's
        # or the country's are too many, so they are looked for among a wider set of similar passages.
        if wide is None:
            gazetteer = getattr(self.resolver, "gazetteer", None)
            levels = {getattr(gazetteer.get(p) if gazetteer else None, "level", "state") for p in place_ids}
            wide = bool(levels & WIDE_LEVELS)
        return {
            "embedding": [float(x) for x in embedding], "places": place_ids, "vector_index": s.vector_index,
            "pool": s.pool, "wide_pool": max(s.wide_pool, s.pool) if wide else s.pool, "geo_pool": s.geo_pool,
            "floor": s.floor, "margin": s.margin,
            "k": k or s.k,
            "entity_query": " OR ".join('"' + name.replace('"', "") + '"' for name in names) or None,
            "title_query": " OR ".join('"' + name.replace('"', "") + '"'
                                       for name in sorted({n for name in names for n in (name, _bare(name))})) or None,
            "incident_titles": [incident_title_pattern(name) for name in sorted(set(incidents))],
            "words_query": " ".join([*('"' + form + '"' for thing in things for form in _name_forms(thing)),
                                     *words]) or None,
            "tied_words_query": " ".join(tied_words) or None,
            "name_patterns": [name_pattern(form) for thing in things for form in _name_forms(thing)],
            "entity_patterns": [incident_pattern(name) for name in sorted(set(incidents))],
            "year": None if year is None else str(year), "wants": wants, "doc_kinds": DOC_KINDS_FOR[wants],
            "aspects": list(aspects),
            "topic_terms": list(topic_terms), "topic_share": TOPIC_SHARE, "lone_floor": s.lone_floor,
            "answer_forms": list(forms),
        }

    def ask(self, question: str, *, generator: str | None = None, as_of: date | str | None = None) -> Answer:
        """Answer one question: find its place, retrieve, decide, then word the answer.

        ``as_of`` (a date or YYYY-MM-DD; default today) is the day the question is asked on: evidence
        from after it is not used (an incident is read in the version it had then), and a question
        about the present is warned when its evidence is older than the freshness window of its kind.
        Raises :class:`InvalidQuestion` for a question that is not text, is blank, or is too long."""
        return self.ask_many([question], generator=generator, as_of=as_of)[0]

    def ask_many(self, questions: list[str], *, generator: str | None = None,
                 as_of: date | str | None = None) -> list[Answer]:
        """Answer several questions, embedding and resolving them in one batch each. Every question
        is checked before any work: one bad question raises :class:`InvalidQuestion` with its index."""
        questions = check_questions(questions)
        day = as_of_date(as_of)
        if self.resolver is None:
            raise ConfigurationError("not connected: call GeoRisk.connect() first")
        if not questions:
            return []
        words = self.generator if generator is None else self.make_generator(generator)
        timings: dict[str, float] = {}
        started = time.perf_counter()
        places = self.find_places(questions)
        timings["places"] = (time.perf_counter() - started) / len(questions)
        started = time.perf_counter()
        vectors = self.embedder.embed(questions)
        timings["embedding"] = (time.perf_counter() - started) / len(questions)
        started = time.perf_counter()
        # Only for a question that names no place and no incident: one that does is about them, and
        # a word of it the documents do not use ("this summer") does not make them silent on it.
        unplaced = [not (resolved or unresolved or incident_names(question))
                    for question, (resolved, unresolved) in zip(questions, places)]
        unknown = self.unknown_words([topic_words(q) if free else [] for q, free in zip(questions, unplaced)])
        # A question that names none of the hazards the documents are about may still share their words
        # ("heat", "current"): what it asks about is its compound ("heat dome", "rip current").
        off_subject = [i for i, (q, free, missing) in enumerate(zip(questions, unplaced, unknown))
                       if free and not missing and not names_subject(q)]
        for i, compounds in zip(off_subject, self.unknown_compounds([questions[i] for i in off_subject])):
            unknown[i] = [f"{a} {b}" for a, b in compounds]
        # A thing it names ("the Leave No Trace rules") that no passage names is not covered either,
        # however much the rest of the question reads like the documents.
        unnamed = self.unknown_names([names_asked(q) if free and not unknown[i] else []
                                      for i, (q, free) in enumerate(zip(questions, unplaced))])
        for i, names in enumerate(unnamed):
            unknown[i] = unknown[i] or names
        timings["vocabulary"] = (time.perf_counter() - started) / len(questions)
        answers = []
        for question, vector, (resolved, unresolved), missing in zip(questions, vectors, places, unknown):
            answers.append(self._answer(question, vector, resolved, unresolved, words, dict(timings), missing,
                                        as_of=day))
        return answers

    def unknown_words(self, words: list[list[tuple[str, str]]]) -> list[list[str]]:
        """Per question, of its topic words (``(word, stem)`` pairs from :func:`topic_words`) that no
        stored passage uses, in one query for the batch."""
        flat = sorted({pair for pairs in words for pair in pairs})
        if not flat:
            return [[] for _ in words]
        rows = self.graph.run("unknown_words", words=[{"word": w, "stem": s} for w, s in flat])
        unknown = set(rows[0]["unknown"]) if rows else set()
        return [[w for w, _ in pairs if w in unknown] for pairs in words]

    def unknown_names(self, names: list[list[str]]) -> list[list[str]]:
        """Per question, of the names it gives (:func:`names_asked`) those no stored passage uses, in one
        query for the batch."""
        flat = sorted({n for ns in names for n in ns})
        if not flat:
            return [[] for _ in names]
        rows = self.graph.run("unknown_names", names=[{"name": n, "forms": _name_forms(n)} for n in flat])
        unknown = set(rows[0]["unknown"]) if rows else set()
        return [[n for n in ns if n in unknown] for ns in names]

    def unknown_compounds(self, questions: list[str]) -> list[list[tuple[str, str]]]:
        """Per question, its noun compounds ("heat dome") that no stored passage uses, in one query for
        the batch; none when the place recognizer cannot tag parts of speech."""
        tagger = getattr(self.resolver.recognizer, "noun_compounds", None) if questions else None
        if tagger is None:
            return [[] for _ in questions]
        found = [[pair for pair in pairs if not set(pair) & _NOT_TOPIC] for pairs in tagger(questions)]
        keys = {pair: {"first": _prefix(pair[0]), "second": _prefix(pair[1])} for pairs in found for pair in pairs}
        if not keys:
            return [[] for _ in questions]
        rows = self.graph.run("unknown_compounds", pairs=list(keys.values()))
        unknown = {tuple(x) for x in rows[0]["unknown"]} if rows else set()
        return [[pair for pair in pairs if (keys[pair]["first"], keys[pair]["second"]) in unknown] for pairs in found]

    # -- internals ---------------------------------------------------------------------------------
    def _answer(self, question: str, vector: Any, resolved: list[QueryPlace], unresolved: list[QueryPlace],
                words: Any, timings: dict[str, float], unknown: Sequence[str] = (), *,
                as_of: date | None = None) -> Answer:
        started = time.perf_counter()
        as_of = as_of or date.today()
        incidents = incident_names(question)
        named = _named(question, resolved, unresolved)
        resolved = _anchor_places(resolved, self.resolver.gazetteer)
        # A year the question gives dates the fire reports that can answer it ("wildfires in Georgia in
        # spring 2025"); a rule stands whatever the year.
        year = _single_year(question)
        wants = evidence_wanted(question, placed=bool(resolved or incidents))
        asked = asked_day(question)
        # whatever kind of evidence answers: a statute's section on burn bans, a report's evacuations
        aspects = asked_aspects(question)
        # A question about one day is read from the versions of that day: the passages about what it
        # asks may be in that day's version only, so the present version is not held to it here.
        ranked = {} if unknown else self.retrieve(
            vector, [p.id for p in resolved], incidents=incidents, year=year, wants=wants,  # type: ignore[misc]
            aspects=() if asked else aspects, topic_terms=topic_terms(question, named),
            # a question naming no place has no geographic candidates: its words find more beside similarity
            words=() if resolved else [w for w, _ in topic_words(question, named)],
            tied_words=[w for w, _ in topic_words(question, named)] if resolved else (),
            things=() if resolved or unresolved or incidents else names_asked(question),
            forms=answer_forms(question))
        if ranked:
            ranked = self.evidence_on(ranked, vector, as_of=as_of, asked=asked, year=year, aspects=aspects)
        timings["retrieval"] = time.perf_counter() - started

        if unknown:
            names = ", ".join(repr(w) for w in unknown)
            kind = "word" if len(unknown) == 1 and " " not in unknown[0] else "words"
            reason = (f"No stored passage uses the {kind} {names}: the documents do not cover what the question "
                      "asks about, so there is no evidence to answer from.")
            decisions: tuple[PlaceDecision, ...] = (PlaceDecision(None, ABSTAIN, reason),)
        elif unresolved and not resolved:
            names = ", ".join(repr(p.surface) for p in unresolved)
            reason = (f"The question names {names}, which could not be matched to a known place, so the "
                      "system cannot tell which jurisdiction's rules apply.")
            decisions = (PlaceDecision(None, ABSTAIN, reason),)
        elif resolved:
            within = _qualified_unknowns(question, resolved, unresolved)
            decisions = tuple(
                decide_within(within[p.id], p.ref(), ranked.get(p.id, []), k=self.settings.k)  # type: ignore[arg-type]
                if p.id in within else decide(p.ref(), ranked.get(p.id, []), k=self.settings.k)
                for p in resolved)
        else:
            decisions = (decide(None, ranked.get(None, []), k=self.settings.k),)
        present = asks_about_present(question)
        unnamed_year = incidents[0] if len(incidents) == 1 and year is None and not asked else None
        freshness = Freshness(self.settings.fresh_incident_days, self.settings.fresh_restriction_days)
        decisions = tuple(decide_in_time(d, present=present, as_of=as_of, freshness=freshness, incident=unnamed_year)
                          for d in decisions)

        decision = combine(decisions)
        citations: list[Citation] = []
        for d in decisions:
            if d.decision != ABSTAIN:
                citations += [c for c in d.citations if c.chunk_id not in {x.chunk_id for x in citations}]
        warning = joined_warnings([d.warning for d in decisions if d.warning])
        reason = " ".join(d.reason for d in decisions)

        started = time.perf_counter()
        text = None
        if decision != ABSTAIN and citations:
            # the cited documents' other relevant passages may hold the sentence that answers: a statute's
            # passages read alike ("An authorization to burn must be obtained ..." beside its penalty
            # and liability clauses), and two of them are cited
            keys = [p.id for p in resolved] if resolved else [None]
            more = more_of_cited(citations, [c for key, d in zip(keys, decisions) if d.decision != ABSTAIN
                                             for c in ranked.get(key, [])])
            text = words.generate(question, [*citations, *more], warning, decision=decision)
            text, citations = cite_used(text, citations, more)
        timings["generation"] = time.perf_counter() - started
        if decision == ABSTAIN:
            # Show what was found and why it was not used, without presenting it as an answer.
            citations = [c for d in decisions for c in d.citations]
        return Answer(question=question, decision=decision, answer=text, warning=warning, reason=reason,
                      query_places=tuple(resolved), decisions=decisions, citations=tuple(citations),
                      timings=timings, generator=getattr(words, "name", "custom"), as_of=as_of.isoformat(),
                      asked_day=None if asked is None else asked.describe())

    def evidence_on(self, ranked: dict[str | None, list[Citation]], vector: Any, *, as_of: date,
                    asked: "AskedDay | None" = None, year: int | None = None,
                    aspects: Sequence[str] = ()) -> dict[str | None, list[Citation]]:
        """The ranked passages as they stood on a day: the day the question names, else ``as_of``.

        An incident report is replaced by the passages of its version valid on that day (one query
        for all of them, cypher/versions_on.cypher), keeping its geography; a report with no version
        yet on that day, and any other evidence published after it, is dropped: it was not known.
        Without a named day, a report is looked up only when its present version started after
        ``as_of``."""
        def day_for(c: Citation) -> date | None:
            if asked is None:
                return as_of
            start = c.valid_from or c.published
            return asked.on(year or (int(start[:4]) if start else as_of.year))

        requests: dict[tuple[str, str], None] = {}
        for passages in ranked.values():
            for c in passages:
                day = day_for(c)
                if c.doc_type == "incident_report" and day is not None and (
                        asked is not None or (c.valid_from or c.published or "") > day.isoformat()):
                    requests[(c.document_id, day.isoformat())] = None
        versions: dict[tuple[str, str], dict] = {}
        if requests:
            rows = self.graph.run("versions_on", requests=[{"document": d, "day": t} for d, t in requests],
                                  embedding=[float(x) for x in vector], aspects=list(aspects), per_version=2,
                                  first_after=asked is not None)
            versions = {(r["document_id"], r["day"]): r for r in rows}
        out: dict[str | None, list[Citation]] = {}
        for key, passages in ranked.items():
            kept: list[Citation] = []
            for c in passages:
                day = day_for(c)
                wanted = (c.document_id, day.isoformat()) if day is not None else None
                if wanted in requests:
                    row = versions.get(wanted)
                    if row is None and (c.valid_from or c.published or "") <= wanted[1]:
                        kept.append(c)  # stored without versions: the report as it is, known by then
                        continue
                    if row is None:
                        continue
                    for p in row["passages"]:
                        if aspects and not p["speaks"]:
                            continue
                        kept.append(replace(c, chunk_id=p["chunk_id"], text=p["text"], cosine=float(p["cosine"]),
                                            published=_day(row["published"]), valid_from=_day(row["valid_from"]),
                                            valid_to=_day(row["valid_to"])))
                elif (c.published or "") <= as_of.isoformat() or c.doc_type == "statute":
                    kept.append(c)
            out[key] = kept
        return out


_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z0-9])")
_AS_OF = re.compile(r"^As of (\d{4}-\d{2}-\d{2}),")


def more_of_cited(citations: Sequence[Citation], ranked: Sequence[Citation]) -> list[Citation]:
    """The passages of ``ranked`` (relevant, in rank order) from a rule already cited (a statute, an
    ordinance, guidance) that are not cited themselves and stand to the question's place as its cited
    passage does (the same relation and evidence place: the decision and the warning hold for them),
    each text once. A fire report's other passages are not added: they are its updates of other days,
    whose figures the cited ones supersede."""
    standing = {c.document_id: _standing(c) for c in citations if c.doc_type != "incident_report"}
    seen = {c.text for c in citations}
    more = []
    for c in ranked:
        if c.document_id in standing and standing[c.document_id] == _standing(c) and c.text not in seen:
            seen.add(c.text)
            more.append(c)
    return more


def _standing(c: Citation) -> tuple[str | None, str | None]:
    return c.relation, c.evidence_place.id if c.evidence_place else None


# A citation marker of an answer: "[3]", or several passages at once, "[1, 4]".
_MARKER = re.compile(r"\[(\d+(?:,\s*\d+)*)\]")


def cite_used(text: str, citations: Sequence[Citation], more: Sequence[Citation]) -> tuple[str, list[Citation]]:
    """An answer written from ``citations`` followed by ``more`` (its markers numbered over both), with
    the passages of ``more`` it quotes added to the citations in the order it first quotes them, and
    its markers renumbered to match; the passages of ``more`` it does not quote are left out."""
    cited = list(citations)
    number: dict[int, int] = {}
    for m in _MARKER.finditer(text):
        for n in map(int, m.group(1).split(",")):
            if len(citations) < n <= len(citations) + len(more) and n not in number:
                cited.append(more[n - len(citations) - 1])
                number[n] = len(cited)

    def renumbered(m: re.Match[str]) -> str:
        return "[" + ", ".join(str(number.get(n, n)) for n in map(int, m.group(1).split(","))) + "]"

    return _MARKER.sub(renumbered, text), cited


def joined_warnings(warnings: Sequence[str]) -> str | None:
    """The places' warnings as one text: each sentence once (one per distinct scope), and of the
    sentences giving the evidence's date ("As of 2021-10-25, ...") only the newest."""
    sentences = list(dict.fromkeys(part for w in warnings for part in _SENTENCE_END.split(w) if part))
    dated = [s for s in sentences if _AS_OF.match(s)]
    if len(dated) > 1:
        newest = max(dated, key=lambda s: _AS_OF.match(s).group(1))  # type: ignore[union-attr]
        sentences = [s for s in sentences if s == newest or not _AS_OF.match(s)]
    return " ".join(sentences) or None


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


_INCIDENT = re.compile(r"\b((?:[A-Z][A-Za-z'.-]*\s+){1,3}?)(Fire|Complex)\b")
_NOT_A_NAME = frozenset("""The A An Is Are Was Did Does Do Has Have How What When Where Which Who Why Will Can
Could Should In On Near At Of For From Into About""".split())
# Words that describe a kind of fire; a fire named only by them ("a Wildland Fire", "the Prescribed
# Fire") is no incident, while "the Grass Burr Fire" and "the Wild Goose Fire" are.
_KIND_OF_FIRE = frozenset("""Forest Wild Wildland Brush Grass Structure State National County City Red Flag
Prescribed Pile Open""".split())


def incident_names(question: str) -> list[str]:
    """Names of incidents in a question: "Is the Dixie Fire contained?" -> ["Dixie Fire"]."""
    names = []
    for match in _INCIDENT.finditer(question):
        words = match.group(1).split()
        while words and (words[0] in _NOT_A_NAME or words[0].isdigit()):
            words = words[1:]
        if words and not all(word in _KIND_OF_FIRE for word in words):
            names.append(" ".join(words + [match.group(2)]))
    return names


def incident_pattern(name: str) -> str:
    """A regular expression (Java syntax, as Cypher's ``=~`` takes it) matching a whole text that names
    the incident ``name``, not a longer name ending in it: "the Springs Fire" but not "Sheep Springs
    Fire". Any letters of the name are escaped, so the pattern holds nothing of the question but
    literal words."""
    words = [re.sub(r"([^A-Za-z0-9])", r"\\\1", word) for word in name.split()]
    body = r"\s+".join(words)
    return (r"(?s).*(?:^|(?<=\b[Tt]he\s)|(?<![A-Z][\w'.-]{0,30}\s))(?i:" + body + r")\b.*")


def incident_title_pattern(name: str) -> str:
    """A regular expression matching a whole document title that is the incident ``name`` itself, with or
    without the word "Fire" and a year: InciWeb titles its reports "Reevas Basin" for the Reevas Basin
    Fire, CAL FIRE "Lions Fire (2018)". Such a report's passages are about the incident even where they
    say only "the fire"."""
    words = name.split()
    if len(words) > 1 and words[-1].lower() in ("fire", "fires"):
        words = words[:-1]
    body = r"\s+".join(re.sub(r"([^A-Za-z0-9])", r"\\\1", word) for word in words)
    return r"(?i)\s*" + body + r"(?:\s+Fires?)?(?:\s*\(\d{4}\))?\s*"


def _bare(name: str) -> str:
    words = name.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1].lower() in ("fire", "fires") else name


# Places whose passages inside them are looked for among the wider vector pool.
WIDE_LEVELS = frozenset({"country", "state", "territory", "federal_district"})
# The kinds of document that can answer, by what a question wants (see retrieve.cypher's `wants`): the
# question place's candidates are taken from inside the vector index for each kind apart, so the
# many fire reports of a state do not crowd out its few rules.
RULE_TYPES = tuple(t for t in DOC_TYPES if t != "incident_report")
DOC_KINDS_FOR: dict[str | None, list[list[str]]] = {
    "rules": [list(RULE_TYPES)],
    "incidents": [["incident_report"]],
    None: [list(RULE_TYPES), ["incident_report"]],
}
# Half of a question's topic words: a passage tied to the question's place that holds them is on its
# topic, whatever another jurisdiction's closer passage scores.
TOPIC_SHARE = 0.5
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
# Words that carry no topic here: question words, function words, and the words every passage of a
# wildfire corpus holds.
_NOT_TOPIC = frozenset("""a an the is are was were be been being do does did done have has had can could may might
must shall should will would what when where which who whom whose why how there here this that these those it its
i me my we our you your they them their he she his her of in on at by for from to into onto near around about over
under with without within and or but not no nor if then than so as any some all each every much many more most
other such own same only also just still yet now currently ever please tell know need want get got let make
because like people anyone someone something anywhere nearby right after before during since until while
fire fires wildfire wildfires wildland blaze county counties state states city town area areas place
law laws statute statutes rule rules legal regulate regulates regulation regulations say says said""".split())


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _loose_stem(word: str) -> str:
    """A prefix shared by the word's forms, erring short: "flies" -> "fly", "harder" -> "hard"."""
    if word.endswith("ies") and len(word) >= 5:
        return word[:-3] + "y"
    for suffix in ("est", "er"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    stem = _stem(word)
    if stem != word and len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        stem = stem[:-1]  # "banned" -> "ban", "stopping" -> "stop"
    return stem


def _topic_stem(word: str) -> str:
    """The start a word's forms share, which a passage's words are matched against: "evacuate" and
    "evacuations" give "evacuat" and "evacu" (both start "evacuation"), "closure" and "closed" give
    "clos", "bans" gives "ban". A plural loses its "s"; then one ending of derivation or inflection
    goes, when four letters stay ("acres" -> "acre", not "acr", which starts "across")."""
    if word.endswith("ies") and len(word) > 5:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        word = word[:-1]
    for suffix in ("ation", "ion", "ing", "ment", "ure", "er", "ed", "e", "y"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


_CLITIC = re.compile(r"(?:n't|'(?:s|re|ll|ve|d))$")


def topic_terms(question: str, named: Sequence[str] = ()) -> list[str]:
    """The question's topic words, lower case and cut to the start their forms share (``_topic_stem``:
    "permits" -> "permit", "burning" -> "burn"), without the places and incidents it names; a passage
    holds a term when one of its words starts with it."""
    skip = {w.lower() for name in named for w in _WORD.findall(name)}
    terms: list[str] = []
    for word in _WORD.findall(question):
        low = _CLITIC.sub("", word.lower())  # "what's" is "what", "county's" is "county"
        if low in _NOT_TOPIC or low in skip or len(low) < 3:
            continue
        low = _topic_stem(low)
        if low not in terms:
            terms.append(low)
    return terms


# The hazard the stored documents are about: a question naming none of these words ("fire",
# "wildfires", "burning", "smoky", "evacuation") may be about another hazard altogether.
_SUBJECT = re.compile(r"\b(?:fire|wildfire|wildland|burn|smok|blaze|flame|ember|spark|evacuat)", re.IGNORECASE)


def names_subject(question: str) -> bool:
    """Whether ``question`` names the hazard the knowledge base is about (a fire, smoke, a burn, an
    evacuation)."""
    return bool(_SUBJECT.search(question))


# A name of two capitalised words or more ("Leave No Trace", "Fire Hazard Severity Zone", "Red Cross"),
# short linking words allowed inside it.
_CAPITALISED_NAME = re.compile(r"(?<![\w'-])([A-Z][\w'-]*(?:\s+(?:(?:of|the|and|for|No|no)\s+)?[A-Z][\w'-]*)+)")
_OPENING = frozenset("""What How When Where Which Who Why Whom Whose Is Are Was Were Do Does Did Can Could Should
Would Will May Must Has Have Had I In On At""".split())


def names_asked(question: str) -> list[str]:
    """The names of things a question gives, lower case, their words split as the full-text index
    splits them: "What are the Leave No Trace rules?" gives ["leave no trace"]. Incidents ("the High
    Lonesome Fire") are left out: a report titled by its fire often never says its name."""
    incidents = {name.lower() for name in incident_names(question)}
    names: list[str] = []
    for match in _CAPITALISED_NAME.finditer(question):
        words = match.group(1).split()
        while words and words[0] in _OPENING:
            words = words[1:]
        if len(words) < 2 or words[-1] in ("Fire", "Complex") or " ".join(words).lower() in incidents:
            continue
        name = " ".join(" ".join(re.findall(r"[a-z0-9]+", w.lower())) for w in words)
        if name and name not in names:
            names.append(name)
    return names


def _name_forms(name: str) -> list[str]:
    """A name with its last word as written and in its other number: "teams" and "team"."""
    *head, last = name.split()
    other = last[:-1] if last.endswith("s") and not last.endswith("ss") else last + "s"
    return [name, " ".join([*head, other])]


def name_pattern(name: str) -> str:
    """A regular expression matching a whole text that names ``name`` (lower-case words, as
    :func:`names_asked` gives them) in any case and with any punctuation between its words."""
    return r"(?is).*\b" + r"\W+".join(re.escape(w) for w in name.split()) + r"\b.*"


def _prefix(word: str) -> str:
    """The part of a word its other forms share, erring short: "vents" -> "vent", "communities" ->
    "communit"."""
    return word[:max(4, len(word) - 3)]


def topic_words(question: str, named: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The question's topic words as ``(word, stem)`` pairs of lower-case letters, for asking the
    full-text index whether any passage uses them (the word, or a word starting with the stem: "flies"
    is known from "fly", "harder" from "hard"): "Keetch-Byram" gives two words, "someone's" gives
    "someone", and a contraction ("shouldn't") none."""
    skip = {w.lower() for name in named for w in _WORD.findall(name)}
    pairs: list[tuple[str, str]] = []
    for token in _WORD.findall(question):
        low = token.lower()
        if "n't" in low or low in _NOT_TOPIC or low in skip:
            continue
        for word in re.split(r"[-']", low):
            if word.isalpha() and len(word) >= 3 and word not in _NOT_TOPIC and word not in skip:
                pair = (word, _loose_stem(word))
                if pair not in pairs:
                    pairs.append(pair)
    return pairs


def _named(question: str, resolved: Sequence[QueryPlace], unresolved: Sequence[QueryPlace]) -> list[str]:
    """The names a question gives: its places as written (with the states that qualify them), and the
    incidents it names."""
    return ([question[p.start:p.end] for p in [*resolved, *unresolved]]
            + [q for p in resolved for q in p.qualifiers] + incident_names(question))


_YEAR = re.compile(r"\b(19[5-9]\d|20\d\d)\b")
_LAW = re.compile(r"\b(?:laws?|statutes?|statutory|legal(?:ly)?|illegal|legislation|regulat\w*|ordinances?|"
                  r"codes?|code of|penalt(?:y|ies)|fined?|fines|liab(?:le|ility)|misdemeanou?r|felony|"
                  r"permits?|permitted|requir(?:e|es|ed|ements?)|authori[sz](?:ed|ation|es?)|rules?|"
                  r"(?:can|may) (?:i|we|you|someone|residents?|people) (?:legally )?"
                  r"(?:burn|light|build|have|set|use|start|do))\b", re.IGNORECASE)
# What a fire did or is doing: its size, containment, cause, start, evacuations, damage. Words of a
# rule ("permit", "allowed", "restrictions", "ban") make a question about what may be done instead.
_EVENT = re.compile(r"\b(?:evacuat\w*|acres?|acreage|contain(?:ed|ment)|caus(?:e|ed|es)|start(?:ed|s)?|"
                    r"ignit(?:ed|ion)|reported|burn(?:ed|t)|(?:still|is|are|was|were) burning|spread|destroy\w*|"
                    r"damag(?:e|ed)|structures?|how (?:big|large|close|far)|threaten\w*|lightning|human-caused|"
                    r"firefighters?|crews?|red flag)\b", re.IGNORECASE)
_RULE = re.compile(r"^\s*(?:can|may)\b|\b(?:allow(?:ed)?|may i|can i|must|prohibit\w*|bans?|restrictions?|restricted|defensible|"
                   r"rules?|limits?|who (?:can|may|is responsible))\b", re.IGNORECASE)


# A question about the present: its markers, and the ones a past-tense question starts with.
_PRESENT = re.compile(r"\b(?:still|currently|now|right now|today|tonight|at the moment|at present|presently|"
                      r"ongoing|in place|in effect|this week)\b|^\s*(?:is|are) there (?:an? |any )?(?:[a-z]+ )?"
                      r"(?:burn(?:ing)?|fire) (?:bans?|restrictions?)\b", re.IGNORECASE)
_PAST = re.compile(r"^\s*(?:was|were|did|had|has|have)\b|"
                   # "what weather was in effect when it started": the marker's own verb is past
                   r"\b(?:was|were|had been)\s+(?:still\s+)?(?:in place|in effect|ongoing)\b", re.IGNORECASE)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH_DAY = re.compile(r"\b(" + "|".join(m.capitalize() for m in _MONTHS) + r"|Sept?\.?|Jan\.?|Feb\.?|Mar\.?|"
                        r"Apr\.?|Jun\.?|Jul\.?|Aug\.?|Oct\.?|Nov\.?|Dec\.?)\s+(\d{1,2})(?:st|nd|rd|th)?"
                        r"(?:,?\s+(\d{4}))?\b")
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


@dataclass(frozen=True)
class AskedDay:
    """A day a question names: "on August 3" (year None: the incident's year) or "on 2024-08-03"."""

    month: int
    day: int
    year: int | None = None

    def on(self, year: int) -> date | None:
        """The day in ``year`` when the question gave none; None for a day no calendar has."""
        try:
            return date(self.year or year, self.month, self.day)
        except ValueError:
            return None

    def describe(self) -> str:
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}" if self.year else f"--{self.month:02d}-{self.day:02d}"


def asked_day(question: str) -> AskedDay | None:
    """The one day a question names ("on August 3", "August 3rd, 2024", "2024-08-03"), else None."""
    iso = _ISO_DAY.search(question)
    if iso:
        return AskedDay(int(iso.group(2)), int(iso.group(3)), int(iso.group(1)))
    found = _MONTH_DAY.search(question)
    if not found:
        return None
    name = found.group(1).rstrip(".").lower()
    month = next(n for n, m in enumerate(_MONTHS, 1) if m.startswith(name[:3]))
    return AskedDay(month, int(found.group(2)), int(found.group(3)) if found.group(3) else None)


def asks_about_present(question: str) -> bool:
    """True for a question about how things stand now ("Is the Dixie Fire still burning?", "Are
    evacuations in place...", "Is there a burn ban in..."), not one in the past tense or naming a day."""
    return bool(_PRESENT.search(question)) and not _PAST.search(question) and asked_day(question) is None


def as_of_date(value: date | str | None) -> date:
    """``value`` as a date (today when None); :class:`InputError` for text that is not YYYY-MM-DD."""
    if value is None:
        return date.today()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise InputError(f"as_of {value!r} is not a date: write it YYYY-MM-DD, e.g. 2024-08-03") from None


def _single_year(question: str) -> int | None:
    years = {int(y) for y in _YEAR.findall(question)}
    return years.pop() if len(years) == 1 else None


def asks_about_law(question: str) -> bool:
    """True for a question about what the law says ("What does Oregon law say about...", "Is there a
    Colorado statute on...", "How does Montana regulate...", "What is the penalty for...", "Do I need
    a permit to..."): only rules answer it."""
    return bool(_LAW.search(question))


def asks_about_event(question: str) -> bool:
    """True for a question about what a fire did or is doing ("Were evacuations ordered...", "How many
    acres...", "What caused...") and not about what may be done: only incident reports answer it."""
    return bool(_EVENT.search(question)) and not _RULE.search(question) and not asks_about_law(question)


# What a question may ask about (of an incident, or of what may be done), and how a passage that
# speaks of it reads (Java regular expressions matching a whole text, as Cypher's =~ takes them).
_ASPECTS = (
    (re.compile(r"\bevacuat", re.IGNORECASE), r"(?is).*\bevacuat.*"),
    (re.compile(r"\b(?:acres?|acreage|how (?:big|large))\b", re.IGNORECASE), r"(?is).*\b(?:acres?|hectares)\b.*"),
    (re.compile(r"\bcontain(?:ed|ment)\b", re.IGNORECASE), r"(?is).*\bcontain.*"),
    (re.compile(r"\b(?:caus(?:e|ed|es)|lightning|human-caused)\b", re.IGNORECASE),
     r"(?is).*\b(?:caus|lightning|human|investigat|arson).*"),
    (re.compile(r"\b(?:destroy\w*|damag(?:e|ed)|structures?)\b", re.IGNORECASE),
     r"(?is).*\b(?:destroy|damag|structure|homes?\b|buildings?\b).*"),
    (re.compile(r"\b(?:fire|burn(?:ing)?|campfire)\s+(?:restrictions?|bans?|prohibitions?)\b|\bstage (?:1|2|i|ii|one|two)\b",
                re.IGNORECASE),
     # restrictions in force, not a power to "limit or restrict" (an interstate compact's clause)
     r"(?is).*\b(?:restrict(?:ions?|ed|s)\b|bans?\b|banned|prohibit|stage (?:1|2|i|ii|one|two)\b).*"),
)


def asked_aspects(question: str) -> list[str]:
    """What a question asks about, as patterns a passage speaking of it matches: "Were evacuations
    ordered...?" wants a passage on evacuations, "How many acres...?" one giving acres, "Are fire
    restrictions in effect...?" one on restrictions or bans. Empty when it asks none of these (a
    fire's start, its status, where it burns; a permit)."""
    return [passage for asked, passage in _ASPECTS if asked.search(question)]


def evidence_wanted(question: str, *, placed: bool) -> str | None:
    """The kind of document that can answer ``question``: ``"rules"`` for the law, ``"incidents"`` for
    what a fire did somewhere (``placed``: the question names a place or an incident; a general
    question such as "What are common causes of wildfires?" may be answered by either), else None."""
    if asks_about_law(question):
        return "rules"
    if placed and asks_about_event(question):
        return "incidents"
    return None


def _anchor_places(places: list[QueryPlace], gazetteer: Any) -> list[QueryPlace]:
    """A question naming an incident and a jurisdiction is about that jurisdiction; the incident is
    its topic. A question naming only an incident is about the county (or counties) it burned in."""
    jurisdictions = [p for p in places if p.level != "event"]
    if jurisdictions:
        return jurisdictions
    anchored: list[QueryPlace] = []
    for place in places:
        entry = gazetteer.get(place.id) if place.id else None
        counties = [gazetteer.get(c) for c in (entry.parents if entry else ())]
        counties = [c for c in counties if c is not None and c.level == "county"]
        if not counties:
            anchored.append(place)
            continue
        for county in counties:
            anchored.append(replace(place, id=county.id, name=county.name, level=county.level,
                                    reason=f"{place.reason}; the question is about where {place.name} burned, "
                                           f"{county.name}"))
    return anchored


def _qualified_unknowns(question: str, resolved: list[QueryPlace],
                        unresolved: list[QueryPlace]) -> dict[str, str]:
    """Known places that qualify an unknown one ("Xville, Washington"): place id -> the unknown name."""
    found: dict[str, str] = {}
    for unknown in unresolved:
        for place in resolved:
            if place.id and place.start > unknown.end and question[unknown.end:place.start].strip() == ",":
                found[place.id] = unknown.surface
    return found


def _drop_qualifiers(places: list[QueryPlace], gazetteer: Any) -> list[QueryPlace]:
    """A state named only to qualify a city ("Springfield, IL") is not a second question place; the
    place it qualifies keeps its name in ``qualifiers``."""
    kept: list[QueryPlace] = []
    dropped: list[QueryPlace] = []
    for place in places:
        # an incident is the topic, not a place the state qualifies: "the Lidia Fire in California"
        # is a question about California
        others = [p for p in places if p is not place and p.level != "event"]
        if place.level in ("state", "federal_district", "territory") and any(
                place.id in gazetteer.ancestors(p.id) for p in others if p.id):
            dropped.append(place)
            continue
        kept.append(place)
    return [replace(p, qualifiers=p.qualifiers + tuple(q.surface for q in dropped if p.id and q.id in gazetteer.ancestors(p.id)))
            if dropped else p for p in kept]


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
