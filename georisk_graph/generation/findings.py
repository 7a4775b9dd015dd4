"""What a sentence settles for the question: whether it defines the term asked about (:func:`defines`),
and the short finding ("Yes", "No", "Only with permission") it gives a yes/no question (:func:`finding`).
The kinds of answer themselves are :mod:`georisk_graph.answer_kinds`.
"""

from __future__ import annotations

import re

from ..analysis import stem, terms
from ..lexicon import BURNING
from ..messages import gettext as _
from ..answer_kinds import NEED, PERMISSION, PRESENCE, WITHOUT_PERMIT

# the findings a yes/no answer leads with, messages of the catalogue (written out in the question's language)
FINDINGS = (_("Yes"), _("No"), _("Only with permission"))

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
_BURNING = frozenset(stem(w) for w in BURNING)
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
