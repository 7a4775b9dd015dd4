"""The evidence of a question: the passages found for it (:class:`Citation`), the decision for each of its
places (:class:`PlaceDecision`) and for the whole question (:class:`Decided`), and :class:`Evidence`, which
holds them with the question's :class:`~georisk_graph.question.Reading`. Every stage after reading speaks
this vocabulary: retrieval returns citations, the decision returns decisions, the answer's words and the
adapters (LangChain, neo4j-graphrag, MCP, evaluation) take :class:`Evidence`.

One rule for the passages of a place the system abstains on: they are never handed on as evidence
(:meth:`Evidence.passages`); they stay in :meth:`Evidence.considered`, with the reason, to explain the
abstention.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Mapping

from .dependence import Dependence
from .geo import PlaceRef
from .question import QueryPlace, Reading
from .question.names import without_year

ANSWER, WARN, ABSTAIN = "answer", "warn", "abstain"


@dataclass(frozen=True)
class IncidentRecord:
    """What an incident report's record states on the day asked (cypher/incident_records.cypher): its size in
    acres, its percent contained, the last day those figures are known to stand for (``reported``), the day it
    started and the day it was out (YYYY-MM-DD), and the places it burned in. A figure the record does not give,
    or did not give yet, is None."""

    document_id: str
    title: str
    acres: float | None = None
    percent_contained: float | None = None
    reported: str | None = None
    started: str | None = None
    ended: str | None = None
    places: tuple[str, ...] = ()

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "IncidentRecord":
        def number(value: Any) -> float | None:
            return None if value is None else float(value)

        def day(value: Any) -> str | None:
            return str(value)[:10] if value else None

        return cls(str(row["document_id"]), str(row.get("title") or ""), number(row.get("acres")),
                   number(row.get("percent_contained")), day(row.get("reported")), day(row.get("started")),
                   day(row.get("ended")), tuple(str(p) for p in row.get("places") or ()))

    @property
    def name(self) -> str:
        """The fire's name as its record titles it, without the year a CAL FIRE title adds ("Delta Fire")."""
        return without_year(self.title)

    def to_dict(self) -> dict[str, Any]:
        return {"document_id": self.document_id, "title": self.title, "acres": self.acres,
                "percent_contained": self.percent_contained, "reported": self.reported, "started": self.started,
                "ended": self.ended, "places": list(self.places)}


@dataclass(frozen=True)
class GlossaryTerm:
    """A term of the corpus's glossary (cypher/glossary_lookup.cypher): an acronym as its passages write it, what it
    stands for, and how many passages spell it out."""

    name: str
    expansion: str
    passages: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "expansion": self.expansion, "passages": self.passages}


@dataclass(frozen=True)
class Citation:
    """A passage used as evidence, with its geographic relation to one question place."""

    chunk_id: str
    document_id: str
    title: str
    text: str
    source: str
    url: str | None
    cosine: float
    places: tuple[PlaceRef, ...]
    delta: float | None = None  # None for a question without a place; inf when unrelated
    i_q: int | None = None
    i_t: int | None = None
    relation: str | None = None  # exact | broader | narrower | different | unrelated; None without a place
    evidence_place: PlaceRef | None = None  # the passage's place that gave the smallest δ
    lca: PlaceRef | None = None
    path: tuple[PlaceRef, ...] = ()
    doc_type: str | None = None  # incident_report | statute | guidance | other
    # When the evidence is from (YYYY-MM-DD): the date its source published it, and the period it
    # describes (an incident update's, a burn ban's), both ends included; None when not known.
    published: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    # The probability that the passage answers the question (georisk_graph.relevance), and the features the
    # model gave it; None for a passage no model judged (a baseline's).
    relevance: float | None = None
    features: tuple[tuple[str, float], ...] = ()
    # Its sentences as stored, (start, end, similarity to the question's clause that asks, the kind of statement it
    # makes: georisk_graph.statements, None when not stored), in order: empty for a passage stored without them (an
    # incident's dated version).
    sentences: tuple[tuple[int, int, float, str | None], ...] = ()
    # An incident report's record as it stood on the day asked: its size, containment and dates (None for any
    # other passage, or before the records are read, GraphRetriever.on_day).
    record: IncidentRecord | None = None
    # The glossary's term this passage spells out, for a question asking what it means (None otherwise).
    term: GlossaryTerm | None = None

    def dated(self) -> str | None:
        """The last day the evidence is known to describe: the end of its period, else its date."""
        return self.valid_to or self.published

    def path_text(self) -> str:
        return " → ".join(p.name for p in self.path)

    def to_dict(self) -> dict:
        def ref(place: PlaceRef | None) -> dict | None:
            return None if place is None else place.to_dict()

        return {
            "chunk_id": self.chunk_id, "doc_id": self.document_id, "title": self.title,
            "source": self.source, "url": self.url, "score": round(self.cosine, 4),
            "delta": None if self.delta is None or math.isinf(self.delta) else int(self.delta),
            "i_q": self.i_q, "i_t": self.i_t, "relation": self.relation,
            "evidence_place": ref(self.evidence_place), "lca": ref(self.lca),
            "path": [ref(p) for p in self.path], "places": [ref(p) for p in self.places],
            "doc_type": self.doc_type, "published": self.published, "valid_from": self.valid_from,
            "valid_to": self.valid_to, "relevance": None if self.relevance is None else round(self.relevance, 4),
            "features": {name: round(value, 4) for name, value in self.features}, "text": self.text,
            "record": None if self.record is None else self.record.to_dict(),
            "term": None if self.term is None else self.term.to_dict(),
        }


@dataclass(frozen=True)
class PlaceDecision:
    """The decision for one question place (or for a question without a place: ``place`` None)."""

    place: PlaceRef | None
    decision: str
    reason: str
    warning: str | None = None
    relation: str | None = None
    citations: tuple[Citation, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict:
        return {
            "place": None if self.place is None else self.place.to_dict(),
            "decision": self.decision, "relation": self.relation, "warning": self.warning,
            "reason": self.reason, "citations": [c.chunk_id for c in self.citations],
        }


@dataclass(frozen=True)
class Decided:
    """The decision for a whole question: one per question place (or one without a place), combined, with
    the citations the answer may use (those of the places not abstained on), the warnings joined and the
    reasons."""

    decision: str
    decisions: tuple[PlaceDecision, ...]
    citations: tuple[Citation, ...]
    warning: str | None
    reason: str
    place_needed: bool = False  # abstained on because the answer depends on where and nothing places the question

    @property
    def shown(self) -> tuple[Citation, ...]:
        """The citations shown: an abstention shows what was found and why it was not used."""
        if self.decision == ABSTAIN:
            return tuple(c for d in self.decisions for c in d.citations)
        return self.citations


# The ranked passages of a question: per question place id (None for a question without a place), best first.
Ranked = Mapping[str | None, tuple[Citation, ...]]


@dataclass(frozen=True)
class Passage:
    """A passage handed on as evidence: the citation, the question place it was found for (None for a
    question without a place) and that place's decision."""

    citation: Citation
    place: QueryPlace | None
    decision: PlaceDecision

    def metadata(self) -> dict[str, Any]:
        """The citation's fields without its text, with the question place, its decision and its warning:
        what the LangChain and neo4j-graphrag adapters put beside the passage text."""
        fields = self.citation.to_dict()
        fields.pop("text")
        fields.update(question_place=self.place.to_dict() if self.place else None, decision=self.decision.decision,
                      warning=self.decision.warning)
        return fields


@dataclass(frozen=True)
class Evidence:
    """What the system found for one question and what it decided, before any answer is worded: the
    question's reading, the day it was asked as of, the ranked passages per question place, and the
    decision per place and for the whole question."""

    reading: Reading
    as_of: date
    ranked: Ranked
    decided: Decided
    timings: Mapping[str, float] = field(default_factory=dict, compare=False)
    dependence: Dependence | None = None  # whether what it asks depends on where (None: no model judged it)

    @property
    def place_needed(self) -> bool:
        """Whether the system abstained because the answer depends on where and no place it knows was given: the
        asker is asked for the place; :attr:`unplaced` says which words it could not place."""
        return self.decided.place_needed

    @property
    def unplaced(self) -> tuple[str, ...]:
        """The words the question writes as a place that nothing places ("my county", "Quillbrook Hollow")."""
        return self.reading.unplaced

    @property
    def question(self) -> str:
        return self.reading.text

    @property
    def decision(self) -> str:
        """answer | warn | abstain, for the whole question."""
        return self.decided.decision

    @property
    def warning(self) -> str | None:
        return self.decided.warning

    @property
    def reason(self) -> str:
        return self.decided.reason

    @property
    def decisions(self) -> tuple[PlaceDecision, ...]:
        """One decision per question place (one without a place for a question naming none)."""
        return self.decided.decisions

    @property
    def citations(self) -> tuple[Citation, ...]:
        """The decided citations: those an answer may be written from (none when it abstains)."""
        return self.decided.citations

    @property
    def query_places(self) -> tuple[QueryPlace, ...]:
        return self.reading.places

    @property
    def notes(self) -> tuple[str, ...]:
        """What the user should know of how the question was read (:attr:`Reading.caveats`)."""
        return self.reading.caveats

    def _places(self) -> list[tuple[QueryPlace | None, PlaceDecision]]:
        """Each decision with the question place it is for (None for a question without one); places named
        inside one another are decided once, as one location."""
        places = {p.id: p for p in self.reading.places}
        return [(places.get(d.place.id) if d.place else None, d) for d in self.decided.decisions]

    def passages(self) -> tuple[Passage, ...]:
        """Every ranked passage of each question place not abstained on, place by place, best first: what
        may be handed to a model or a chain. Empty when the question is abstained on."""
        return tuple(Passage(c, place, decision) for place, decision in self._places() if decision.decision != ABSTAIN
                     for c in self.ranked.get(place.id if place else None, ()))

    def considered(self) -> tuple[Passage, ...]:
        """The ranked passages of the question places abstained on: found, and not used (the decision's
        reason says why)."""
        return tuple(Passage(c, place, decision) for place, decision in self._places() if decision.decision == ABSTAIN
                     for c in self.ranked.get(place.id if place else None, ()))

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question, "decision": self.decision, "warning": self.warning, "reason": self.reason,
            "as_of": self.as_of.isoformat(), "notes": list(self.notes),
            "place_needed": self.place_needed, "unplaced": list(self.unplaced),
            "dependence": None if self.dependence is None else self.dependence.to_dict(),
            "query_places": [p.to_dict() for p in self.query_places],
            "decisions": [d.to_dict() for d in self.decisions],
            "passages": [{**p.metadata(), "text": p.citation.text} for p in self.passages()],
        }
