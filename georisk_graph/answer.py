"""An answer: a question's :class:`~georisk_graph.evidence.Evidence` with the words written from it, what
:meth:`georisk_graph.GeoRisk.ask` returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from .evidence import Citation, Evidence, PlaceDecision
from .generation import Scored
from .question import QueryPlace, Reading


@dataclass(frozen=True)
class Answer:
    """A question's :class:`~georisk_graph.evidence.Evidence` with the answer worded from it: what to tell
    the user, why, and from which passages."""

    evidence: Evidence
    answer: str | None  # None when the system abstains
    citations: tuple[Citation, ...]  # the passages the answer cites, in the order its markers number them
    generator: str = "extractive"
    timings: dict[str, float] = field(default_factory=dict, compare=False)
    # the sentences the answer quotes (or, worded by a language model, was given as the likeliest), numbered as
    # its citations, with the sentence model's score and features
    quoted: tuple[Scored, ...] = ()

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
        """Whether what the question asks depends on where: the dependence model's reading of what it asks (with
        its places left out), or, where no model judged it, whether it names a place."""
        judged = self.evidence.dependence
        return judged.dependent if judged is not None else bool(self.query_places)

    @property
    def place_needed(self) -> bool:
        """Whether the system abstained to ask for the place: the answer depends on where and no known place was
        given (:attr:`unplaced` names the words it could not place)."""
        return self.evidence.place_needed

    @property
    def unplaced(self) -> tuple[str, ...]:
        """The words the question writes as a place that nothing places."""
        return self.evidence.unplaced

    def to_dict(self) -> dict:
        return {
            "question": self.question, "language": self.reading.language, "decision": self.decision, "answer": self.answer,
            "warning": self.warning, "reason": self.reason, "generator": self.generator,
            "as_of": self.as_of, "asked_day": self.asked_day, "notes": list(self.notes),
            "place_needed": self.place_needed, "unplaced": list(self.unplaced),
            "dependence": None if self.evidence.dependence is None else self.evidence.dependence.to_dict(),
            "read_as": self.reading.read_as, "reading": self.reading.to_dict(),
            "query_places": [p.to_dict() for p in self.query_places],
            "decisions": [d.to_dict() for d in self.decisions],
            "citations": [c.to_dict() for c in self.citations],
            "sentences": [s.to_dict() for s in self.quoted],
            "timings_ms": {k: round(v * 1000, 1) for k, v in self.timings.items()},
        }
