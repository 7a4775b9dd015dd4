"""The reading of one question: everything retrieval, the decision and the answer's words need to know
about what it asks, found once by :meth:`~georisk_graph.question.Reader.read`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..places.written import Candidate
from .asked import AskedDay
from .places import QueryPlace


@dataclass(frozen=True)
class Term:
    """A topic term of a question: its stem (:func:`georisk_graph.analysis.stem`), the word as written, its
    weight from the stored corpus (:meth:`georisk_graph.analysis.Vocabulary.weight`), and the stored terms
    a passage may hold it by (:meth:`~georisk_graph.analysis.Vocabulary.family`: "close" by "closur")."""

    stem: str
    word: str
    weight: float = 1.0
    family: tuple[str, ...] = ()
    rarity: float = 1.0  # its idf as a share of that of a term no passage holds (analysis.Vocabulary.rarity)


@dataclass(frozen=True)
class Reading:
    """What a question asks, read once.

    ``text`` is the question as asked; ``read_as`` the text the reading was made from (and the one
    embedded, with the states it gives by postal code written out, as ``embedded``): its greetings and
    thanks left out, contractions written out, misspellings corrected, place names written as places
    are, a place put first put last. ``notes`` say what was changed and why, and
    ``unsure`` what was read with doubt (an answer from such a reading is never given without a word of
    warning). ``clause`` is the clause that asks ("Can I burn brush in Tallahassee, Florida?").

    ``places`` are the places the question asks about, ``context`` those it names only to locate or
    contrast them (:mod:`.roles`), ``chains`` the asked places named inside one another, which are one
    location, and ``unresolved`` the names that look like places and are not known; ``within`` pairs a
    known place with an unknown one it qualifies ("Xville, Washington"), ``beside`` a state the question asks about
    alone with a smaller place named with it that nothing places ("in vegas nevada"), for which an answer is at most
    a warning. The rest says what is asked: the incidents named, a year, a day, whether it asks about
    the present, the kind of evidence that can answer (``wants``: "rules", "incidents", or None for
    either), what it asks about (``aspects``), its topic ``terms`` with their weights, the names of things
    it gives (``things``), the kinds of answer it asks for
    with their shares (``answer_types``), the kind of yes/no question it is (``yes_no``: one of the four the answer
    reads a finding for) and whether it is answered yes or no at all (``yes_or_no``), the term a definition
    question asks about (``focus``), the stems of the names it gives (``named``: its places, incidents,
    other capitalised words and years), and the stems of all its content words in order (``stems``).
    """

    text: str
    read_as: str
    clause: str = ""
    embedded: str = ""  # read_as with the states it gives by postal code written out: the text embedded
    places: tuple[QueryPlace, ...] = ()
    unresolved: tuple[QueryPlace, ...] = ()
    context: tuple[QueryPlace, ...] = ()  # places named only to locate or contrast the asked ones (not decided)
    chains: tuple[tuple[str, ...], ...] = ()  # asked places named inside one another: one location each
    within: tuple[tuple[str, str], ...] = ()  # (place id, the unknown place it qualifies)
    beside: tuple[tuple[str, str], ...] = ()  # (a state's id, a smaller place named with it that nothing places)
    unplaced: tuple[str, ...] = ()  # the names it writes as places that nothing places, as typed
    without_places: str = ""  # read_as with its places, incidents and unplaced names left out: what the dependence model reads
    scopes: tuple[str, ...] = ()  # what a park or region asked about stands for (the counties it lies in)
    # every place the question names as found, before the roles and the anchoring (what the place model reads)
    named_places: tuple[QueryPlace, ...] = field(default=(), compare=False, repr=False)
    # every name written otherwise than the gazetteer writes it that the name model judged, with its probability
    names_considered: tuple[Candidate, ...] = field(default=(), compare=False, repr=False)
    incidents: tuple[str, ...] = ()
    # the incidents that share the one name of a fire the question gives without a year or a place, each as "Valley
    # Fire (2015, Lake County)": the answer is about one of them and names the others
    namesakes: tuple[str, ...] = ()
    year: int | None = None
    day: AskedDay | None = None
    present: bool = False
    wants: str | None = None
    law: bool = False  # the question names the law itself (a statute, a code, the law)
    aspects: tuple[str, ...] = ()
    terms: tuple[Term, ...] = ()
    things: tuple[str, ...] = ()
    answer_types: tuple[tuple[str, float], ...] = ()
    yes_no: str | None = None
    yes_or_no: bool = False  # answered yes or no, whichever yes/no question (or none of the four) it is
    focus: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    stems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    unsure: tuple[str, ...] = ()
    language: str = "en"  # the language the question is written in (en, es)
    language_confidence: float = 1.0  # how sure the identifier is of it
    translation: str | None = None  # the English a question in another language was read in

    @property
    def untranslated(self) -> bool:
        """A question in another language than English that no translator read: nothing else of it is known."""
        return self.language != "en" and self.translation is None

    @property
    def answer_type(self) -> str | None:
        """The kind of answer most asked for, or None."""
        return max(self.answer_types, key=lambda kv: kv[1])[0] if self.answer_types else None

    def asks_for(self, kind: str) -> bool:
        """Whether ``kind`` is among the kinds of answer the question asks for (a share of at least the kinds' least,
        :data:`~georisk_graph.question.kinds.LEAST_SHARE`): "What does GMUG stand for?" asks for an agency's name and
        for a definition, about as much."""
        return kind in dict(self.answer_types)

    @property
    def asking(self) -> str:
        """The text of the clause that asks, as embedded (the question as read when no clause was told apart)."""
        return self.clause or self.embedded or self.read_as

    @property
    def placed(self) -> bool:
        """Whether the question names a place or an incident (its evidence is then tied to them)."""
        return bool(self.places or self.unresolved or self.incidents)

    @property
    def words(self) -> tuple[str, ...]:
        """The topic words as written, for the full-text index: those at most half the passages hold (a word
        most passages hold, "fire", tells the index's best passages from the rest no better than chance)."""
        return tuple(dict.fromkeys(t.word for t in self.terms if t.weight >= 1.0))

    @property
    def caveats(self) -> tuple[str, ...]:
        """What the user should know of how the question was read: the place chosen for a name several
        places share (and the others), and what was read with doubt."""
        chosen = tuple(p.choice() + "." for p in self.places if p.ambiguous)
        return chosen + tuple(f"{s}." for s in self.scopes) + tuple(f"{u[:1].upper()}{u[1:]}." for u in self.unsure)

    def unknown_within(self, place_id: str | None) -> str | None:
        """The unknown place that ``place_id`` qualifies in the question, if any."""
        return next((name for pid, name in self.within if pid == place_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text, "read_as": self.read_as, "clause": self.clause,
            "places": [p.to_dict() for p in self.places], "unresolved": [p.to_dict() for p in self.unresolved],
            "unplaced": list(self.unplaced), "without_places": self.without_places, "scopes": list(self.scopes),
            "context": [p.to_dict() for p in self.context], "chains": [list(c) for c in self.chains],
            "incidents": list(self.incidents), "year": self.year,
            "day": None if self.day is None else self.day.describe(), "present": self.present,
            "wants": self.wants, "law": self.law, "aspects": list(self.aspects),
            "terms": [{"term": t.stem, "word": t.word, "weight": round(t.weight, 3), "rarity": round(t.rarity, 3),
                       "family": list(t.family)}
                      for t in self.terms],
            "things": list(self.things),
            "answer_types": dict(self.answer_types), "yes_no": self.yes_no, "yes_or_no": self.yes_or_no,
            "focus": list(self.focus),
            "notes": list(self.notes), "unsure": list(self.unsure),
            "language": {"code": self.language, "confidence": round(self.language_confidence, 3)},
            "translation": self.translation,
        }
