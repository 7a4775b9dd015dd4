"""What a question asks: the incidents it names, its year and day, whether it asks about the present,
the kind of evidence that can answer it, what it asks about, its topic words and the names it gives.

Each function reads the question's text as :class:`~georisk_graph.question.Reader` hands it over; the
:class:`~georisk_graph.question.Reading` holds what they found, and no later stage reads the text again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Sequence

from ..analysis import words as words_of
from ..exceptions import InputError
from ..lexicon import KIND_OF_FIRE, MONTHS, NOT_A_NAME, OPENING, PRESENT_WORDS
from .places import QueryPlace


_INCIDENT = re.compile(r"\b((?:[A-Z][A-Za-z'.-]*\s+){1,3}?)(Fire|Complex)\b")



def incident_names(question: str) -> list[str]:
    """Names of incidents in a question: "Is the Dixie Fire contained?" -> ["Dixie Fire"]."""
    names = []
    for match in _INCIDENT.finditer(question):
        words = match.group(1).split()
        # a possessive before the name is its owner, not part of it: "Oregon's Larch Creek Fire"
        while words and (words[0] in NOT_A_NAME or words[0].isdigit() or words[0].endswith(("'s", "’s"))):
            words = words[1:]
        if words and not all(word in KIND_OF_FIRE for word in words):
            names.append(" ".join(words + [match.group(2)]))
    return names


# A name of two capitalised words or more ("Leave No Trace", "Fire Hazard Severity Zone", "Red Cross"),
# short linking words allowed inside it.
_CAPITALISED_NAME = re.compile(r"(?<![\w'-])([A-Z][\w'-]*(?:\s+(?:(?:of|the|and|for|No|no)\s+)?[A-Z][\w'-]*)+)")


def names_asked(question: str) -> list[str]:
    """The names of things a question gives, lower case, their words split as the full-text index
    splits them: "What are the Leave No Trace rules?" gives ["leave no trace"]. Incidents ("the High
    Lonesome Fire") are left out: a report titled by its fire often never says its name."""
    incidents = {name.lower() for name in incident_names(question)}
    names: list[str] = []
    for match in _CAPITALISED_NAME.finditer(question):
        words = match.group(1).split()
        while words and words[0] in OPENING:
            words = words[1:]
        if len(words) < 2 or words[-1] in ("Fire", "Complex") or " ".join(words).lower() in incidents:
            continue
        name = " ".join(" ".join(words_of(w.lower())) for w in words)
        if name and name not in names:
            names.append(name)
    return names


def names_given(question: str, resolved: Sequence[QueryPlace], unresolved: Sequence[QueryPlace]) -> list[str]:
    """The names a question gives: its places as written (with the states that qualify them), and the
    incidents it names."""
    return ([question[p.start:p.end] for p in [*resolved, *unresolved]]
            + [q for p in resolved for q in p.qualifiers] + incident_names(question))


_YEAR = re.compile(r"\b(19[5-9]\d|20\d\d)\b")
_LAW = re.compile(r"\b(?:laws?|statutes?|statutory|legal(?:ly)?|illegal|legislation|regulat\w*|ordinances?|"
                  r"codes?|code of|penalt(?:y|ies)|fined?|fines|liab(?:le|ility)|misdemeanou?r|felony|"
                  r"permits?|permitted|requir(?:e|es|ed|ements?)|authori[sz](?:ed|ation|es?)|rules?|"
                  r"(?:(?:can|may) (?:i|we|you|someone|residents?|people)|(?:am i|are we|are you|is someone|are residents|"
                  r"are people) (?:allowed|permitted) to) (?:legally )?"
                  r"(?:burn|light|build|have|set|use|start|do))\b", re.IGNORECASE)
# What a fire did or is doing: its size, containment, cause, start, evacuations, damage. Words of a
# rule ("permit", "allowed", "restrictions", "ban") make a question about what may be done instead.
_EVENT = re.compile(r"\b(?:evacuat\w*|acres?|acreage|contain(?:ed|ment)|caus(?:e|ed|es)|start(?:ed|s)?|"
                    r"ignit(?:ed|ion)|reported|burn(?:ed|t)|(?:still|is|are|was|were) burning|spread|destroy\w*|"
                    r"(?:fires?|wildfires?|blazes?) (?:burning|spreading|growing|active)|active (?:fires?|wildfires?)|"
                    r"damag(?:e|ed)|structures?|how (?:big|large|close|far)|threaten\w*|lightning|human-caused|"
                    r"firefighters?|crews?|red flag)\b", re.IGNORECASE)
_RULE = re.compile(r"^\s*(?:can|may)\b|\b(?:am|are|is) (?:i|we|you|it) (?:allowed|permitted)\b|\b(?:allow(?:ed)?|may i|can i|must|prohibit\w*|bans?|banned|restrictions?|restricted|defensible|"
                   r"rules?|limits?|who (?:can|may|is responsible))\b", re.IGNORECASE)


# A question about the present: its markers, and the ones a past-tense question starts with.
_PRESENT = re.compile(r"\b(?:still|currently|now|right now|today|tonight|at the moment|at present|presently|"
                      r"ongoing|in place|in effect|this week)\b|^\s*(?:is|are) there (?:an? |any )?(?:[a-z]+ )?"
                      r"(?:burn(?:ing)?|fire) (?:bans?|restrictions?)\b|"
                      # "Are there wildfires burning anywhere in Colorado?": what fires are doing now
                      r"^\s*(?:is|are) there (?:any )?(?:\w+ )?(?:fires?|wildfires?|blazes?) (?:burning|spreading|growing|"
                      r"active)\b|^\s*(?:is|are) (?:any )?(?:\w+ )?(?:fires?|wildfires?) (?:burning|spreading|growing)\b",
                      re.IGNORECASE)
_PAST = re.compile(r"^\s*(?:was|were|did|had|has|have)\b|"
                   # "what weather was in effect when it started": the marker's own verb is past
                   r"\b(?:was|were|had been)\s+(?:still\s+)?(?:in place|in effect|ongoing)\b", re.IGNORECASE)
_MONTH_DAY = re.compile(r"\b(" + "|".join(m.capitalize() for m in MONTHS) + r"|Sept?\.?|Jan\.?|Feb\.?|Mar\.?|"
                        r"Apr\.?|Jun\.?|Jul\.?|Aug\.?|Oct\.?|Nov\.?|Dec\.?)\s+(\d{1,2})(?:st|nd|rd|th)?"
                        r"(?:,?\s+(\d{4}))?\b", re.IGNORECASE)  # "August 3" as "august 3": a month is a month in any case
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
    if found and found.group(1) == "may" and not found.group(3):
        found = None  # "you may 3 ...": the verb, in lower case and without a year
    if not found:
        return None
    name = found.group(1).rstrip(".").lower()
    month = next(n for n, m in enumerate(MONTHS, 1) if m.startswith(name[:3]))
    return AskedDay(month, int(found.group(2)), int(found.group(3)) if found.group(3) else None)


def present_markers(clause: str) -> list[str]:
    """The words that mark a question as asking about the present ("today", "right now", "still"): read as
    its time, they are no topic of it."""
    return [w for m in _PRESENT.finditer(clause) for w in m.group().split()
            if w.lower() in PRESENT_WORDS]


def asks_about_present(clause: str) -> bool:
    """True for a question (its clause that asks, :func:`~georisk_graph.question.form.question_clause`)
    about how things stand now ("Is the Dixie Fire still burning?", "Are evacuations in place...", "Is
    there a burn ban in...", "Are there wildfires burning in Colorado?"), not one in the past tense or
    naming a day."""
    return bool(_PRESENT.search(clause)) and not _PAST.search(clause) and asked_day(clause) is None


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


def single_year(question: str) -> int | None:
    years = {int(y) for y in _YEAR.findall(question)}
    return years.pop() if len(years) == 1 else None


def asks_about_law(question: str) -> bool:
    """True for a question about what the law says ("What does Oregon law say about...", "Is there a
    Colorado statute on...", "How does Montana regulate...", "What is the penalty for...", "Do I need
    a permit to..."): only rules answer it."""
    return bool(_LAW.search(question))


def asks_about_event(question: str, clause: str) -> bool:
    """True for a question about what a fire did or is doing ("Were evacuations ordered...", "How many
    acres...", "What caused...", "Are there wildfires burning in...") and not about what may be done
    (``clause`` is its clause that asks): only incident reports answer it."""
    return (bool(_EVENT.search(question)) and not _RULE.search(clause) and not _RULE.search(question)
            and not asks_about_law(question))


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
    (re.compile(r"\b(?:fire|burn(?:ing)?|campfire)\s+(?:restrictions?|bans?|prohibitions?)\b|\bstage (?:1|2|i|ii|one|two)\b|"
                # "Is burning banned?", "Are campfires prohibited?": the restriction said by its verb
                r"\b(?:fires?|burn(?:ing)?|campfires?|fireworks)\s+(?:(?:is|are|now|still|currently)\s+)*"
                r"(?:banned|prohibited|restricted)\b|"
                # "a ban on outdoor burning"
                r"\b(?:bans?|restrictions?|prohibitions?)\s+on\s+(?:\w+\s+)?(?:fires?|burning|campfires?|fireworks)\b",
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


def evidence_wanted(question: str, *, placed: bool, clause: str | None = None) -> str | None:
    """The kind of document that can answer ``question``: ``"rules"`` for the law, ``"incidents"`` for
    what a fire did somewhere (``placed``: the question names a place or an incident; a general
    question such as "What are common causes of wildfires?" may be answered by either), else None.
    ``clause`` is its clause that asks (the question itself when not given)."""
    if asks_about_law(question if clause is None else clause):
        return "rules"  # the clause that asks, not a frame before it ("Under Oregon law, when did the fire start?")
    if placed and asks_about_event(question, question if clause is None else clause):
        return "incidents"
    return None


