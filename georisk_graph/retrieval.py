"""Retrieval: the passages for a question, ranked by geographic distance first (``cypher/retrieve.cypher``),
as they stood on the day it is asked about.

:class:`Retriever` is what the façade needs of a retriever; :class:`GraphRetriever` is the one over the
graph. ``GraphRetriever(graph, relevance, gazetteer)`` does no I/O and reads its settings from the graph's
(the one holder of a client's settings). Retrieval is two steps, which the façade composes
(:meth:`georisk_graph.GeoRisk.evidence`): :meth:`GraphRetriever.candidates` takes a
:class:`~georisk_graph.question.Reading` and the question's vectors and returns the passages the relevance model
keeps, ranked per question place (key None for a question without a place); :meth:`GraphRetriever.on_day` reads
them as they stood on the day asked about.
"""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import date
from typing import Any, Callable, Mapping, Protocol, Sequence

from .analysis import index_forms
from .answer_kinds import DEFINITION, answer_forms, record_figures
from .delta import delta_many
from .documents import DOC_TYPES
from .embeddings import QuestionVectors, Vector
from .evidence import Citation, GlossaryTerm, IncidentRecord, Ranked
from .exceptions import QueryError
from .geo import COUNTY, STATE_LEVELS, WIDE_LEVELS, PlaceRef
from .graph import Graph
from .places import Gazetteer
from .question import AskedDay, Reading
from .question.names import bare_name, incident_pattern, incident_title_pattern, name_forms, name_pattern
from .models import FittedModel
from .settings import Settings


def _day(value: object) -> str | None:
    """A stored date as YYYY-MM-DD (a JSON Lines date may have been stored with a time)."""
    return None if value in (None, "") else str(value)[:10]


def citations_from_rows(passages: Sequence[dict[str, Any]]) -> list[Citation]:
    """Typed citations from the rows of cypher/retrieve.cypher (or of a baseline's search: without a
    relevance)."""
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
            relevance=None if p.get("relevance") is None else float(p["relevance"]),
            features=tuple((name, float(value)) for name, value in (p.get("features") or {}).items()),
            sentences=tuple((int(s[0]), int(s[1]), float(s[2]), s[3] if len(s) > 3 else None)
                            for s in p.get("sentences") or ()),
        ))
    return result


# The kinds of document, searched apart: the question place's candidates are taken from inside the vector index
# for each kind, so the many fire reports of a state do not crowd out its few rules. Every question searches
# both: the kind it asks for is a feature of the relevance model (a report may answer a question about the law
# that no statute speaks to), never a filter.
RULE_TYPES = tuple(t for t in DOC_TYPES if t != "incident_report")
DOC_KINDS = [list(RULE_TYPES), ["incident_report"]]


def phrases(words: Sequence[str]) -> list[str]:
    """Each two neighbouring words of a question as a full-text phrase that lets two words stand between
    them ('"permits burn"~2' meets "permits to burn"), so a passage holding the question's words together
    scores above one holding them apart."""
    plain = [w for w in words if w.isalnum()]
    return [f'"{a} {b}"~2' for a, b in zip(plain, plain[1:])]


def searched(words: Sequence[str], families: Mapping[str, Sequence[str]] | None = None) -> list[str]:
    """The question's words with the other forms of each the English-analysed full-text indexes need to meet them
    (analysis.index_forms: "evacuees" with "evacu", the stored term of "evacuations"; "bus" with "buses"), each
    once; ``families``: each word's stored terms. Only plain words travel (Lucene's syntax)."""
    families = families or {}
    return list(dict.fromkeys(f for w in words if w.isalnum() for f in index_forms(w, families.get(w, ()))))


class Retriever(Protocol):
    """What the façade needs of a retriever: the passages of one question that a relevance model keeps, ranked,
    and those passages as they stood on a day."""

    relevance: FittedModel

    def candidates(self, reading: Reading, vectors: QuestionVectors, *, k: int, places: Sequence[str] | None = None,
                   threshold: float | None = None) -> Ranked:
        """The passages of one question whose probability of answering clears the relevance model's threshold
        (or ``threshold``: 0 keeps every candidate), ranked, at most ``k`` per question place (its places as
        read, or ``places`` given: a benchmark's gold place); key None for a question without a place."""
        ...

    def on_day(self, reading: Reading, ranked: Ranked, vectors: QuestionVectors, *, as_of: date) -> Ranked:
        """``ranked`` as it stood on the day the question names, else on ``as_of``."""
        ...


class GraphRetriever:
    """Ranked passages for readings, from the graph (see the module docstring)."""

    def __init__(self, graph: Graph, relevance: FittedModel, gazetteer: Gazetteer | None = None) -> None:
        self.graph = graph
        self.relevance = relevance
        self.gazetteer = gazetteer
        self._states: dict[str, tuple[str, ...]] = {}  # place id -> the states it lies in or is, read once

    @property
    def settings(self) -> Settings:
        return self.graph.settings

    def candidates(self, reading: Reading, vectors: QuestionVectors, *, k: int, places: Sequence[str] | None = None,
                   threshold: float | None = None) -> Ranked:
        """See :meth:`Retriever.candidates`: ``cypher/retrieve.cypher`` run once for the reading (none for a
        question in a language no translator read)."""
        if reading.untranslated:
            return {}
        ranked = self.ranked(self.parameters(reading, vectors.question, clause_vector=vectors.clause, k=k,
                                             places=places, threshold=threshold))
        return self.with_glossary(reading, vectors.clause, ranked) if places is None else ranked

    def with_glossary(self, reading: Reading, vector: Vector, ranked: Ranked, *, passages: int = 2) -> Ranked:
        """``ranked`` with, first, the passages that spell out the term a question asks to define ("What does LAT
        stand for?"; a definition among the kinds of answer it asks for), when the corpus's glossary
        holds it (cypher/glossary_lookup.cypher): the passage that defines a term answers what it means wherever the
        question finds it used. For a question with a place ("What is ODF in Oregon fire updates?") the passages are
        evidence like any other: each gets its δ to each question place and goes first among those as far from it."""
        if not reading.asks_for(DEFINITION.name):
            return ranked
        # the term asked about, or its first words ("What is a LAT on a fire?" asks of "lat", not "lat fire"); when the
        # reader found no term in the question's words ("SEATs were dropping retardant - what are those?"), every run of
        # up to three of its words, the longest first: the glossary tells which is a term
        stems = reading.focus or reading.stems
        keys = [" ".join(reading.focus[:n]) for n in range(len(reading.focus), 0, -1)] if reading.focus else list(
            dict.fromkeys(" ".join(stems[i:i + n]) for n in (3, 2, 1) for i in range(len(stems) - n + 1)))
        if not keys:
            return ranked
        rows = self.graph.run("glossary_lookup", keys=keys, embedding=[float(x) for x in vector], limit=passages)
        if not rows:
            return ranked
        row = min(rows, key=lambda r: keys.index(r["key"]))
        term = GlossaryTerm(str(row["name"]), str(row["expansion"]), int(row.get("count") or 0))
        found = [replace(c, term=term, relevance=1.0, features=(("glossary", 1.0),))
                 for c in citations_from_rows(row["passages"])]
        held = {c.chunk_id for c in found}
        if not reading.places:
            return {**ranked, None: (*found, *(c for c in ranked.get(None, ()) if c.chunk_id not in held))}
        out = dict(ranked)
        for place_id in dict.fromkeys(p.id for p in reading.places if p.id):
            rest = [c for c in ranked.get(place_id, ()) if c.chunk_id not in held]
            # a stable sort on δ alone keeps the ranking's order and puts the glossary's passages first among equals
            out[place_id] = tuple(sorted([*self.related(found, place_id), *rest],
                                         key=lambda c: math.inf if c.delta is None else c.delta))
        return out

    def related(self, citations: Sequence[Citation], place_id: str) -> list[Citation]:
        """``citations`` with their δ to the question place ``place_id`` (cypher/delta.cypher, one query): each takes its
        place nearest to it, as retrieval's passages do; a passage of no place connected to it is unrelated."""
        targets = sorted({p.id for c in citations for p in c.places})
        deltas = {d.target: d for d in delta_many(self.graph, place_id, targets)} if targets else {}
        out = []
        for c in citations:
            nearest = min(((deltas[p.id], p) for p in c.places if p.id in deltas), key=lambda dp: dp[0].delta,
                          default=None)
            if nearest is None:
                out.append(replace(c, delta=math.inf, relation="unrelated"))
                continue
            d, place = nearest
            out.append(replace(c, delta=d.delta, i_q=d.i_q, i_t=d.i_t, relation=d.relation, evidence_place=place,
                               lca=d.lca, path=d.path))
        return out

    def plan(self, dimension: int) -> None:
        """Have the server plan the queries retrieval runs (retrieve, versions_on) now, not at the first
        question: Neo4j keys a cached plan on the query text and on the type and length of each list or
        string parameter, so each query here takes what varies from question to question in one map
        (``question``) and the plan made here serves every question. About two seconds on a server that
        has not planned them since it started; a few milliseconds after."""
        vector = [1.0 / math.sqrt(dimension)] * dimension
        self.retrieve(self.parameters_for(vector, [], wide=False))
        self.graph.run("versions_on", **self._versions_parameters([], vector, aspects=(), first_after=False))

    def warm(self, dimension: int, runs: int = 20, seed: int = 1) -> int:
        """Plan the question queries (:meth:`plan`) and run retrieval ``runs`` times, with random vectors
        on the places most documents apply to and on none, so that a server just started answers its
        first questions as fast as later ones (its code paths and pages are warm, not only its plans).
        Returns the number of retrievals run; none on a graph without places."""
        import random

        self.plan(dimension)
        places = self.graph.run("warm_places", limit=runs)
        if not places:
            return 0
        rng = random.Random(seed)
        for n in range(runs):
            vector = [rng.gauss(0.0, 1.0) for _ in range(dimension)]
            norm = math.sqrt(sum(x * x for x in vector))
            place: dict[str, Any] = places[n % len(places)] if n % 4 else {"id": None, "level": None}
            self.retrieve(self.parameters_for(
                [x / norm for x in vector], [place["id"]] if place["id"] else [],
                wide=place["level"] in WIDE_LEVELS))
        return runs

    @staticmethod
    def _versions_parameters(requests: Sequence[tuple[str, str]], vector: Vector, *,
                             aspects: Sequence[str], first_after: bool) -> dict[str, Any]:
        """The parameters of ``cypher/versions_on.cypher``: (document, day) requests and what is asked of them."""
        return {"question": {"requests": [{"document": d, "day": t} for d, t in requests], "aspects": list(aspects)},
                "embedding": [float(x) for x in vector], "per_version": 2, "first_after": bool(first_after)}

    def ranked(self, parameters: dict[str, Any]) -> dict[str | None, tuple[Citation, ...]]:
        """Run ``cypher/retrieve.cypher`` with ``parameters``: the ranked passages per question place."""
        rows = self.retrieve(parameters)
        return {row["place_id"]: tuple(citations_from_rows(row["passages"])) for row in rows}

    def retrieve(self, parameters: dict[str, Any]) -> list[dict[str, Any]]:
        """The rows of ``cypher/retrieve.cypher`` for ``parameters``, its text naming the own vector index of
        each state a question place lies in (:meth:`partitions_for`). An index dropped since the graph
        last listed them is a refused query: the list is read again and the query run once more."""
        places = parameters["question"]["places"]
        partitions = self.partitions_for(places)
        try:
            return self.graph.run_partitioned("retrieve", partitions, **parameters)
        except QueryError:
            if not partitions or set(partitions) <= self.graph.partitions(fresh=True):
                raise
            return self.graph.run_partitioned("retrieve", self.partitions_for(places), **parameters)

    def partitions_for(self, place_ids: Sequence[str]) -> list[str]:
        """The states with a vector index of their own (Graph.partitions) that the places lie in or are;
        each place's states are read from the graph once (cypher/place_states.cypher)."""
        online = self.graph.partitions()
        if not online or not place_ids:
            return []
        missing = [p for p in place_ids if p not in self._states]
        if missing:
            for row in self.graph.run("place_states", ids=missing):
                self._states[row["id"]] = tuple(row["states"])
            for p in missing:
                self._states.setdefault(p, ())
        return sorted({s for p in place_ids for s in self._states[p]} & online)

    def parameters(self, reading: Reading, vector: Vector, *, clause_vector: Vector | None = None,
                   k: int | None = None, places: Sequence[str] | None = None,
                   threshold: float | None = None) -> dict[str, Any]:
        """The parameters of ``cypher/retrieve.cypher`` for a reading: for its places, or for ``places``
        given (a benchmark's gold place), with the relevance model's threshold or ``threshold`` (0 for
        every candidate, as fitting the model needs)."""
        placed = bool(reading.places)
        # a name several places share is looked up for the others too: their decisions may differ
        ids = [p.id for p in reading.places if p.id] + [a["id"] for p in reading.places if p.uncertain
                                                         for a in p.alternatives]
        return self.parameters_for(
            vector, list(dict.fromkeys(ids)) if places is None else list(places), k=k, clause_embedding=clause_vector,
            threshold=threshold, incidents=reading.incidents, year=reading.year,
            wants=reading.wants, law=reading.law,
            # A question about one day is read from the versions of that day: the passages about what it
            # asks may be in that day's version only, so the present version is not held to it here.
            aspects=() if reading.day else reading.aspects,
            topic_terms=[{"term": t.stem, "weight": t.weight, "rarity": t.rarity, "family": list(t.family or (t.stem,))}
                         for t in reading.terms],
            words=reading.words, things=() if placed else reading.things, forms=answer_forms(reading.answer_type),
            families={t.word: t.family for t in reading.terms},
            record_fields=record_figures(kind for kind, _ in reading.answer_types))

    def parameters_for(self, embedding: Vector, place_ids: list[str], *, k: int | None = None,
                       clause_embedding: Vector | None = None, threshold: float | None = None,
                       incidents: Sequence[str] = (), year: int | None = None, wants: str | None = None,
                       law: bool = False,
                       aspects: Sequence[str] = (), topic_terms: Sequence[dict[str, Any] | str] = (),
                       wide: bool | None = None,
                       words: Sequence[str] = (), things: Sequence[str] = (),
                       forms: Sequence[str] = (), families: Mapping[str, Sequence[str]] | None = None,
                       record_fields: Sequence[str] = ()) -> dict[str, Any]:
        """The parameters of ``cypher/retrieve.cypher`` for these arguments, as an analyst or a benchmark
        passes them to the named query. ``wide`` says whether a question place is a state or the country
        (None: looked up in the gazetteer); ``clause_embedding`` defaults to ``embedding``; ``threshold``
        to the relevance model's."""
        s = self.settings
        names = sorted({name.lower() for name in incidents})
        # Below the state level the passages about places inside are read through the DAG; a state's
        # or the country's are too many, so they are looked for among a wider set of similar passages.
        if wide is None:
            gazetteer = self.gazetteer
            levels = {getattr(gazetteer.get(p) if gazetteer else None, "level", "state") for p in place_ids}
            wide = bool(levels & WIDE_LEVELS)
        # what the question asks travels as one map, so one plan serves every question (see plan())
        question = {
            "places": place_ids,
            "entity_query": " OR ".join('"' + name.replace('"', "") + '"' for name in names) or None,
            "title_query": " OR ".join('"' + name.replace('"', "") + '"'
                                       for name in sorted({n for name in names for n in (name, bare_name(name))})) or None,
            "incident_titles": [incident_title_pattern(name) for name in sorted(set(incidents))],
            "words_query": " ".join([*('"' + form + '"' for thing in things for form in name_forms(thing)),
                                     *searched(words, families), *phrases(words)]) or None,
            "scope_query": self.scope_query(place_ids, words, families),
            "name_patterns": [name_pattern(form) for thing in things for form in name_forms(thing)],
            "entity_patterns": [incident_pattern(name) for name in sorted(set(incidents))],
            "year": None if year is None else str(year), "wants": wants, "law": bool(law), "doc_kinds": DOC_KINDS,
            "aspects": list(aspects),
            # the fields of an incident's record that give the figures asked for (its acres, its percent contained)
            "record_fields": list(record_fields),
            "topic_terms": [t if isinstance(t, dict) else {"term": t, "weight": 1.0, "rarity": 1.0, "family": [t]}
                            for t in topic_terms],
            "answer_forms": list(forms),
        }
        return {
            "embedding": [float(x) for x in embedding],
            "clause_embedding": [float(x) for x in (embedding if clause_embedding is None else clause_embedding)],
            "vector_index": s.vector_index,
            "pool": s.pool, "wide_pool": max(s.wide_pool, s.pool) if wide else s.pool, "geo_pool": s.geo_pool,
            "geo_search": max(s.geo_search, s.geo_pool),
            "k": int(k or s.k), "question": question,
            # questions with a place and without have each their threshold, chosen apart
            "relevance": self.relevance.parameters(threshold, group="placed" if place_ids else "unplaced"),
        }

    def scope_query(self, place_ids: Sequence[str], words: Sequence[str],
                    families: Mapping[str, Sequence[str]] | None = None) -> str | None:
        """The question's words as a query of the ``passage_scope_words`` index that keeps to the passages of the
        places' states, counties and the places themselves below the county: '(text:(burn permit) OR
        heading:(burn permit)) AND (state:"Q1223" OR county:"Q485276")'. None without words, places or a
        gazetteer to place them."""
        gazetteer = self.gazetteer
        terms = [w for w in words if w.isalnum()]  # Lucene's syntax: only plain words travel
        if not terms or not place_ids or gazetteer is None:
            return None
        fields: dict[str, None] = {}
        for place in place_ids:
            entry = gazetteer.get(place)
            if entry is None:
                continue
            for other in [place, *gazetteer.ancestors(place)]:
                level = getattr(gazetteer.get(other), "level", None)
                if level in STATE_LEVELS:
                    fields[f'state:"{other}"'] = None
                elif level == COUNTY:
                    fields[f'county:"{other}"'] = None
            if entry.level not in WIDE_LEVELS and entry.level != COUNTY:
                fields[f'locality:"{place}"'] = None
        if not fields:
            return None
        said = " ".join([*searched(terms, families), *phrases(terms)])
        return f"(text:({said}) OR heading:({said})) AND ({' OR '.join(fields)})"

    def on_day(self, reading: Reading, ranked: Ranked, vectors: QuestionVectors, *, as_of: date) -> Ranked:
        """See :meth:`Retriever.on_day`."""
        if not ranked:
            return ranked
        return self.as_on(ranked, vectors.question, as_of=as_of, asked=reading.day, year=reading.year,
                          aspects=reading.aspects)

    def as_on(self, ranked: Ranked, vector: Vector, *, as_of: date, asked: AskedDay | None = None,
              year: int | None = None, aspects: Sequence[str] = ()) -> Ranked:
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
            rows = self.graph.run("versions_on", **self._versions_parameters(list(requests), vector, aspects=aspects,
                                                                             first_after=asked is not None))
            versions = {(r["document_id"], r["day"]): r for r in rows}
        out: dict[str | None, tuple[Citation, ...]] = {}
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
                        kept.append(replace(c, chunk_id=p["chunk_id"], text=p["text"], cosine=float(p["cosine"]), sentences=(),
                                            published=_day(row["published"]), valid_from=_day(row["valid_from"]),
                                            valid_to=_day(row["valid_to"])))
                elif (c.published or "") <= as_of.isoformat() or c.doc_type == "statute":
                    kept.append(c)
            out[key] = tuple(kept)
        return self.with_records(out, day_for)

    def with_records(self, ranked: Ranked, day_for: Callable[[Citation], date | None]) -> Ranked:
        """``ranked`` with each incident report's record as it stood on its day (``day_for``): its size,
        containment and dates, read for all of them in one query (cypher/incident_records.cypher)."""
        requests = {(c.document_id, day.isoformat()): None for passages in ranked.values() for c in passages
                    if c.doc_type == "incident_report" and (day := day_for(c)) is not None}
        if not requests:
            return ranked
        rows = self.graph.run("incident_records", requests=[{"document": d, "day": day} for d, day in requests])
        records = {(r["document_id"], r["day"]): IncidentRecord.from_row(r) for r in rows}

        def recorded(c: Citation) -> Citation:
            day = day_for(c) if c.doc_type == "incident_report" else None
            record = records.get((c.document_id, day.isoformat())) if day is not None else None
            return c if record is None else replace(c, record=record)

        return {key: tuple(recorded(c) for c in passages) for key, passages in ranked.items()}

