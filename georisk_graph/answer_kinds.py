"""The kinds of answer a question may ask for, and the forms each takes in a sentence.

"How many acres did the Panther Fire burn?" wants a quantity of acres, "When did it start?" a date,
"Which agency was in charge?" an agency, "Can I burn brush?" a rule; a yes/no question is one of
:data:`YES_NO_KINDS`. The reading of a question names the kinds it asks for
(:attr:`georisk_graph.question.Reading.answer_types`), retrieval asks the graph for passages holding
their forms (:func:`answer_forms`), and the answer's words prefer sentences that carry them
(:meth:`AnswerType.carried`): one vocabulary, below the stages that use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

# The yes/no questions: "Do I need a permit?", "Can I burn brush?", "Can I burn without a permit?",
# "Is there a burn ban?".
NEED, PERMISSION, WITHOUT_PERMIT, PRESENCE = "need", "permission", "without permit", "presence"
YES_NO_KINDS = (NEED, PERMISSION, WITHOUT_PERMIT, PRESENCE)

_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
          r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_PERCENT = r"\d{1,3}(?:\.\d+)?\s*(?:%|percent\b)"

# Words that make a sentence a rule: what a person must, may or may not do.
_RULE_STRONG = (r"\b(?:must (?:not|first|obtain|have|notify|apply|register|comply|be obtained)|(?:is|are) required|"
                r"requires? (?:an? |the )|requirements?|prohibit\w*|unlawful|illegal|may not|shall not|"
                r"not (?:be )?(?:allowed|permitted)|allowed|permit(?:s|ted)?|authoriz\w*|ban(?:s|ned)?|"
                r"restrict\w*|exempt\w*|in effect|lifted|closures?|closed)\b")
_RULE_WEAK = (r"\b(?:must|shall|may|required|violat\w*|penalt\w*|misdemeanor|fine[sd]?|liable|notif\w*|"
              r"approv\w*|license\w*)\b")


@dataclass(frozen=True)
class AnswerType:
    """A kind of answer: ``cues`` are words that tend to stand beside it (added to the question's
    words with a lower weight), ``patterns`` the forms the answer itself takes, each with a weight.
    A fact (acres, a date, an agency) has a form of its own and ``weight`` 1; a rule, a status or an
    explanation is told more by the question's words than by its form, and weighs less."""

    name: str
    cues: tuple[str, ...]
    patterns: tuple[tuple[re.Pattern[str], float], ...]
    weight: float = 1.0  # how much carrying it counts beside the question's words (BM25 scaled to [0, 1])

    def carried(self, sentence: str) -> float:
        """How clearly ``sentence`` carries this kind of answer, from 0 (not at all) to 1."""
        return min(1.0, sum(weight for pattern, weight in self.patterns if pattern.search(sentence)))


def _patterns(*pairs: tuple[str, float], flags: int = re.IGNORECASE) -> tuple[tuple[re.Pattern[str], float], ...]:
    return tuple((re.compile(p, flags), w) for p, w in pairs)


AREA = AnswerType("area", ("acre", "burn", "size", "grew", "grown"), _patterns(
    (rf"\b{_NUMBER}\s*-?\s*(?:acres?|ac)\b", 1.0),
    (rf"\b(?:acres(?: burned)?|size|acreage)\s*:\s*{_NUMBER}", 1.0),
    (r"\bacre(?:s|age)\b[^.;]{0,40}?\b\d[\d,]{2,}", 1.0),
))
CONTAINMENT = AnswerType("containment", ("contain", "percent"), _patterns(
    (rf"{_PERCENT}\s*(?:contain\w*|complete)|contain\w*\W+(?:\w+\W+){{0,3}}?{_PERCENT}", 1.0),
    (_PERCENT, 0.6),
    (r"\b(?:fully|completely) contained\b|\bcontainment\b", 0.4),
))
DATE = AnswerType("date", ("start", "began", "begin", "discovered", "reported", "ignited", "broke"), _patterns(
    (r"\b(?:19|20)\d\d-\d\d-\d\d\b", 1.0),
    (rf"\b{_MONTH}\.? \d{{1,2}}(?:st|nd|rd|th)?\b", 1.0),
    (r"\b\d{1,2}/\d{1,2}/\d{2,4}\b", 1.0),
    (r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b", 0.5),
    (r"\b(?:19|20)\d\d\b", 0.3),
    flags=0))
# A penalty has a form of its own: the offence's class, a fine, a term of imprisonment.
PENALTY = AnswerType("penalty", ("penalty", "violation", "guilty", "punishable", "convicted"), _patterns(
    (r"\b(?:misdemeanou?r|felony|infraction|fined|fines? (?:of|not (?:more|less|to exceed)|up to)|"
     r"imprison\w*|jail|civil penalty|forfeit\w*)\b|\$\s?\d", 1.0),
    (r"\b(?:penalt\w*|guilty|violat\w*|punish\w*|offen[cs]e)\b", 0.4),
))
# A time of day, a month or a span of them: "between 4:00 p.m. and midnight", "February 15 through April 30".
PERIOD = AnswerType("period", ("between", "during", "through", "until", "season", "hours"), _patterns(
    (r"\b\d{1,2}(?::\d\d)?\s*[ap]\.?\s?m\b\.?|\bmidnight\b|\bnoon\b|\bsunrise\b|\bsunset\b", 1.0),
    (rf"\b{_MONTH}\b", 0.8),
    (r"\b(?:from|between)\b[^.;]{0,40}?\b(?:to|through|and|until)\b", 0.3),
    flags=0))
AGENCY = AnswerType("agency", ("agency", "unit", "administrative", "command", "department", "managed", "lead",
                               "jurisdiction", "responsible", "charge"), _patterns(
    (r"\bAdministrative unit\b|\b[Uu]nified [Cc]ommand\b|\bIncident Management Team\b|\bIMT\b", 1.0),
    (r"\b(?:Department|Service|Bureau|Agency|Unit|Division|District|Commission|Sheriff'?s?|Office|Board|"
     r"Forester|Protection|Authority|Council|Ranger|Tribe|Tribal)\b|\bCAL FIRE\b|\bNational (?:Forest|Park)\b|"
     r"\b(?:BLM|USFS|NPS|DNR|DNRC|FEMA)\b", 0.8),
    flags=0))
ACTOR = AnswerType("actor", (), _patterns(
    (r"\b(?:person|persons|owner|landowner|manager|burner|certified|licensed|agent|resident|occupant|"
     r"individual|anyone|no one|lessee|contractor|forester|department|service)\b", 0.6),
    (_RULE_STRONG, 0.5),
    (_RULE_WEAK, 0.3),
), weight=0.6)
RULE = AnswerType("rule", (), _patterns(
    (_RULE_STRONG, 1.0),
    (_RULE_WEAK, 0.4),
), weight=0.6)
CAUSE = AnswerType("cause", ("cause", "investigation", "lightning", "because"), _patterns(
    (r"\b(?:caused by|cause[sd]?|due to|because|lightning|human[- ]caused|under investigation|arson|"
     r"sparked|ignited by|result(?:ed)? (?:of|from)|undetermined)\b", 1.0),
))
EXPLANATION = AnswerType("explanation", (), _patterns(
    (r"\b(?:by|helps?|allows?|reduces?|used|uses|because|so that|which|when|can|to)\b", 0.3),
), weight=0.5)
LOCATION = AnswerType("location", ("located", "near", "miles", "north", "south", "east", "west"), _patterns(
    (r"\bLocation:", 1.0),
    (r"\bmiles? (?:north|south|east|west|[NSEW]{1,3}\b)|\b(?:north|south|east|west)(?:east|west)? of\b|"
     r"\bnear\b|\blocated\b|\boff (?:of )?(?:Hwy|Highway|Road|Rd|Interstate|I-)", 1.0),
    (r"\bin [A-Z]\w+(?: [A-Z]\w+)? County\b", 0.5),
    flags=0))
STATUS = AnswerType("status", ("contained", "acres", "growth", "activity", "spread"), _patterns(
    (_PERCENT, 0.6),
    (rf"\b{_NUMBER}\s*acres?\b", 0.4),
    (r"\b(?:no (?:new )?growth|growth|spread\w*|activity|smolder\w*|creeping|controlled|contained|"
     r"extinguished|out)\b", 0.5),
), weight=0.8)
SOURCE = AnswerType("source", ("website", "visit", "call", "online", "map", "sign", "check", "information"), _patterns(
    (r"https?://|\bwww\.|\.(?:gov|org|com)\b|\b[A-Z][a-z]+[A-Z][a-z]+\b", 1.0),
    (r"\b(?:website|visit|call|online|app|hotline|sign up|subscribe|\d{3}[-.]\d{3}[-.]\d{4})\b", 0.8),
    flags=0))
# A definition's words ("means", "is defined as") are its form, told by the patterns: as cue words they
# would make "'Gross negligence' means ..." a sentence about "What is pile burning?".
DEFINITION = AnswerType("definition", (), _patterns(
    (r"\b(?:means|is defined as|refers? to|stands for|is the term)\b", 1.0),
    (r"\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+){1,5} \(\s?[A-Z]{2,6}\s?\)", 1.0),
    (r"\b(?:is an?|are)\b", 0.4),
))
YES_NO = AnswerType("yes/no", (), _patterns(
    (_RULE_STRONG, 0.6),
    (r"\b(?:ordered|issued|remain\w*|lifted|affect\w*|impact\w*|in place|no longer|currently)\b", 0.5),
), weight=0.6)

KINDS = {kind.name: kind for kind in (AREA, CONTAINMENT, DATE, PENALTY, PERIOD, AGENCY, ACTOR, RULE, CAUSE,
                                      EXPLANATION, LOCATION, STATUS, SOURCE, DEFINITION, YES_NO)}


# The figures an incident's record gives as fields of its own (cypher/incident_records.cypher), by the kind of answer
# they settle: a size, a share contained, a status (both).
RECORD_FIGURES = {AREA.name: ("acres",), CONTAINMENT.name: ("percent_contained",),
                  STATUS.name: ("acres", "percent_contained")}


def record_figures(kinds: Iterable[str]) -> list[str]:
    """The record fields that settle the kinds of answer ``kinds`` (names), each once, in order."""
    return list(dict.fromkeys(f for kind in kinds for f in RECORD_FIGURES.get(kind, ())))


def answer_forms(kind_name: str | None) -> list[str]:
    """Regular expressions (in the syntax Cypher's ``=~`` takes, each matching a whole text) for the forms
    that settle the kind of answer named ``kind_name`` (:attr:`AnswerType.name`): "6,965 acres" for an
    area, "means" for a definition. Empty for a rule, a status or an explanation, which a question's
    words tell better than any form, and for None."""
    kind = KINDS.get(kind_name or "")
    if kind is None or kind.weight < 1.0:
        return []
    return [f"(?s{'i' if pattern.flags & re.IGNORECASE else ''}).*(?:{pattern.pattern}).*"
            for pattern, weight in kind.patterns if weight >= 1.0]
