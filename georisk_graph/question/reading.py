"""The reading of one question: everything retrieval, the decision and the answer's words need to know
about what it asks, found once by :meth:`~georisk_graph.question.Reader.read`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .asked import AskedDay
from .places import QueryPlace


@dataclass(frozen=True)
class Reading:
    """What a question asks, read once.

    ``text`` is the question as asked; ``read_as`` the text the reading was made from (and the one
    embedded), with what was changed to read it listed in ``notes``. ``places`` are the places the
    question is about, ``unresolved`` the names that look like places and are not known; ``within``
    pairs a known place with an unknown one it qualifies ("Xville, Washington"). The rest says what is
    asked: the incidents named, a year, a day, whether it asks about the present, the kind of evidence
    that can answer (``wants``: rules, incidents, or None for either), what it asks about
    (``aspects``), its topic ``terms`` (one analyser's stems) and ``words`` (as written, for the
    full-text index), the names of things it gives, the words no stored passage uses (``unknown``),
    and the kind of answer asked for.
    """

    text: str
    read_as: str
    places: tuple[QueryPlace, ...] = ()
    unresolved: tuple[QueryPlace, ...] = ()
    within: tuple[tuple[str, str], ...] = ()  # (place id, the unknown place it qualifies)
    incidents: tuple[str, ...] = ()
    year: int | None = None
    day: AskedDay | None = None
    present: bool = False
    wants: str | None = None
    aspects: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    things: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    answer_type: str | None = None
    notes: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def placed(self) -> bool:
        """Whether the question names a place or an incident (its evidence is then tied to them)."""
        return bool(self.places or self.unresolved or self.incidents)

    def unknown_within(self, place_id: str | None) -> str | None:
        """The unknown place that ``place_id`` qualifies in the question, if any."""
        return next((name for pid, name in self.within if pid == place_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text, "read_as": self.read_as,
            "places": [p.to_dict() for p in self.places], "unresolved": [p.to_dict() for p in self.unresolved],
            "incidents": list(self.incidents), "year": self.year,
            "day": None if self.day is None else self.day.describe(), "present": self.present,
            "wants": self.wants, "aspects": list(self.aspects), "terms": list(self.terms),
            "things": list(self.things), "unknown": list(self.unknown), "answer_type": self.answer_type,
            "notes": list(self.notes),
        }
