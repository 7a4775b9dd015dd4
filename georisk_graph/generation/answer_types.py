"""What kind of answer a question asks for, and whether a sentence carries one.

"How many acres did the Panther Fire burn?" wants a quantity of acres, "When did it start?" a
date, "Which agency was in charge?" an agency, "Can I burn brush?" a rule. The extractive answer
prefers sentences that carry the kind of answer asked for, so "Acres burned: 6965." beats "Panther
Fire (Wildfire), Tehama County, California.", which only repeats the question's names.

Everything here is regular expressions over the question and the sentence: no model is loaded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import stem, terms

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


# -- definitions ------------------------------------------------------------------------------------
_QUOTES = "'\"‘’“”"
# A sentence that defines a term: '"Certified pile burning" means ...', 'Pile burning is a type of ...',
# 'Prescribed fires, also known as prescribed burns, refer to ...'.
_DEFINES = (
    re.compile(rf"^[{_QUOTES}]([^{_QUOTES}]{{2,80}})[{_QUOTES}],? (?:means|is defined as|refers to|shall mean|"
               rf"includes|is)\b"),
    re.compile(r"^(?:An? |The )?([A-Za-z][\w®'’ -]{1,60}?)(?:, [^,]{1,60},)? (?:means|is defined as|refers? to|"
               r"(?:is|are) (?:an?|the)) "),
)


def defines(sentence: str, term: tuple[str, ...]) -> int:
    """2 when ``sentence`` defines the term whose words are ``term`` (:func:`georisk_graph.question.kinds.asked_term`), 1 when it
    defines a shorter term of the same words that opens as it does (a statute's "Firewise" for "the
    Firewise USA program"), else 0."""
    if not term:
        return 0
    if len(term) == 1 and re.search(rf"\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+)+ \(\s?{re.escape(term[0])}s?\s?\)", sentence,
                                    re.IGNORECASE):
        return 2  # what an abbreviation stands for: "Burned Area Emergency Response ( BAER )"
    for pattern in _DEFINES:
        m = pattern.match(sentence.strip())
        if m:
            defined = tuple(terms(m.group(1)))
            if set(defined) == set(term):
                return 2
            if defined and set(defined) <= set(term) and term[0] in defined:
                return 1
            return 0
    return 0


# -- yes/no questions ------------------------------------------------------------------------------
NEED, PERMISSION, WITHOUT_PERMIT, PRESENCE = "need", "permission", "without permit", "presence"
_REQUIRED = re.compile(
    r"\b(?:must (?:first )?(?:be )?(?:obtain\w*|get|have|secure|notify|apply|register)|must be obtained|"
    r"(?:is|are) required|shall (?:first )?(?:obtain|secure|have|notify|apply)|"
    r"(?:needs?|requires?) (?:an? |the )?(?:\w+ )?(?:permit|authori[sz]ation|licen[cs]e|approval)|"
    r"without (?:first )?(?:obtaining|securing|having|getting) (?:an? |the )?(?:\w+ ){0,2}(?:permit|"
    r"authori[sz]ation|licen[cs]e|approval))\b", re.IGNORECASE)
_NOT_REQUIRED = re.compile(r"\b(?:(?:is|are) not required|no (?:\w+ )?(?:permit|authori[sz]ation|licen[cs]e) "
                           r"(?:is |are )?(?:required|needed|necessary)|(?:is|are) exempt|does not need|"
                           r"do not need|(?:does|do) not require)\b", re.IGNORECASE)
_PROHIBITED = re.compile(r"\b(?:(?:is|are) prohibited|prohibits|unlawful|illegal|(?:shall|may|must) not|"
                         r"no person (?:shall|may)|not (?:be )?(?:allowed|permitted)|(?:is|are) banned|"
                         r"ban (?:is|remains) in effect)\b", re.IGNORECASE)
_ALLOWED = re.compile(r"\b(?:(?:is|are) (?:allowed|permitted|lawful|legal)|may (?:burn|conduct|ignite|kindle))\b",
                      re.IGNORECASE)
_IN_EFFECT = re.compile(r"\b(?:(?:is|are|remains?) (?:now |currently |still )?in (?:effect|place)|"
                        r"(?:orders?|restrictions?|bans?|closures?|evacuations?|warnings?) (?:are |is |remain )?"
                        r"(?:now |currently |still )?in (?:effect|place)|"
                        r"(?:has|have) been (?:issued|ordered|implemented|enacted|imposed|put in place)|"
                        r"(?:were|was) (?:issued|ordered|implemented|enacted|imposed)|took place|"
                        r"(?:were|was|have been|has been) (?:evacuated|closed))\b", re.IGNORECASE)
_LIFTED = re.compile(r"\b(?:(?:has|have) been (?:lifted|rescinded|removed)|(?:is|are|were|was) (?:lifted|"
                     r"rescinded)|no longer in effect|there (?:are|is|were|was) no)\b", re.IGNORECASE)


# A rule stated under a condition ("regardless of whether a permit is required") settles nothing.
_CONDITION = re.compile(r"\b(?:whether|if|unless|regardless|when|where|except)\b[^.;]*$", re.IGNORECASE)
# A statute states its general rule after the cases it leaves out: "Except in certain areas designated
# by the department, a person shall have a valid written burning permit". The rule still holds.
_GENERAL_RULE = re.compile(r"^(?:Except|Unless otherwise provided)\b[^,;]*,", re.IGNORECASE)
# An exemption for one case ("not required for the kindling of a fire in a plowed field") is no "No".
_EXCEPTION = re.compile(r"\b(?:for (?:the|a|an|any)|when|if|unless|except|provided|only|within|at a distance)\b",
                        re.IGNORECASE)
# What "shall not" forbids is the verb after it: "shall not burn", not "shall not cause damage".
_MODAL_NOT = re.compile(r"\b(?:shall|may|must) not(?: be| first)?\s+(\w+)|\bno person (?:shall|may)\s+(\w+)",
                        re.IGNORECASE)
_BURNING = frozenset(stem(w) for w in ("burn", "ignite", "kindle", "set", "start", "build", "light", "conduct", "have"))
_WORDS = re.compile(r"[A-Za-z0-9']+")


def _word_terms(text: str) -> list[str]:
    return [stem(w) for w in _WORDS.findall(text)]


def _about(words: list[str], topic: frozenset[str]) -> bool:
    return any(w in topic or (len(w) >= 5 and any(t[:5] == w[:5] for t in topic if len(t) >= 5)) for w in words)


def _says(pattern: re.Pattern[str], sentence: str, topic: frozenset[str], *, before: int = 5, after: int = 5,
          exempting: bool = False) -> bool:
    """Whether ``sentence`` states ``pattern`` plainly about the question's ``topic`` words: not under a
    condition, with a topic word within ``before`` words before it or ``after`` words after it, and,
    for an exemption, not for one case only."""
    for m in pattern.finditer(sentence):
        if _CONDITION.search(_GENERAL_RULE.sub("", sentence[:m.start()], count=1)):
            continue
        if exempting and _EXCEPTION.search(sentence[m.end():]):
            continue
        near = _word_terms(sentence[:m.start()])[-before:] if before else []
        near += _word_terms(m.group()) + _word_terms(sentence[m.end():])[:after]
        if _about(near, topic):
            return True
    return False


def _forbids(sentence: str, topic: frozenset[str]) -> bool:
    if _says(_PROHIBITED, sentence, topic):
        modal = _MODAL_NOT.search(sentence)
        if modal is None:
            return True
        verb = stem(modal.group(1) or modal.group(2))
        return verb in _BURNING or _about([verb], topic)
    return False


def finding(kind: str | None, sentence: str, topic: frozenset[str] | set[str] = frozenset()) -> str | None:
    """The short finding a yes/no question of ``kind`` gets from ``sentence`` ("Yes", "No", "Only with
    permission"), or None when the sentence does not settle it plainly. ``topic`` holds the stems of the
    words the question asks about (:func:`georisk_graph.generation.sentences.terms`); a rule counts
    only next to one of them."""
    topic = frozenset(topic)
    if kind in (NEED, WITHOUT_PERMIT) and _says(_NOT_REQUIRED, sentence, topic):
        # exempt: plainly (the answer), or for one case only (no answer either way)
        if not _says(_NOT_REQUIRED, sentence, topic, exempting=True):
            return None
        return "No" if kind == NEED else "Yes"
    if kind == NEED:
        if _says(_REQUIRED, sentence, topic):
            return "Yes"
    elif kind == PERMISSION:
        if _says(_NOT_REQUIRED, sentence, topic):
            return None
        if _says(_REQUIRED, sentence, topic):
            return "Only with permission"
        if _forbids(sentence, topic):
            return "No"
        if _says(_ALLOWED, sentence, topic, exempting=True):
            return "Yes"
    elif kind == WITHOUT_PERMIT:
        if _says(_REQUIRED, sentence, topic) or _forbids(sentence, topic):
            return "No"
    elif kind == PRESENCE:
        # the ban or the evacuation itself is what is in effect or lifted: it stands right before
        if _says(_LIFTED, sentence, topic, before=3, after=3):
            return "No"
        if _says(_IN_EFFECT, sentence, topic, before=3, after=0):
            return "Yes"
    return None
