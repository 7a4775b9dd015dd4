"""The kind of answer a question asks for, read from its clause that asks: "How many acres did the Panther
Fire burn?" wants an area, "When did it start?" a date, "Can I burn brush?" a rule; and, for a yes/no
question, which one ("need", "permission", "without permit", "presence"); and, for a definition, the
term it asks about.

The question forms are regular expressions, tried on the clause that asks
(:func:`~georisk_graph.question.form.question_clause`), so a greeting before it or a place put first
does not change them. Each kind found gets a share (:func:`answer_types`).
"""

from __future__ import annotations

import re

from ..analysis import terms
from ..answer_kinds import NEED, PERMISSION, PRESENCE, WITHOUT_PERMIT

_QUOTES = "'\"‘’“”"

# Which question asks for which kind, tried in this order (the first that matches wins).
_QUESTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.IGNORECASE), t) for p, t in (
    # "What does 'percent completion' mean on a wildfire?" asks what a term means, whatever the term
    (r"^what (?:does|do) [^?]+? (?:stand for|mean)(?: (?:on|in|for) (?:an? |the )?(?:wildfires?|fires?|law)\b[^?]*)?\?*$",
     "definition"),
    (r"^where (?:can|do|should|could) (?:i|we|you|residents|people)\b|\bwhat (?:website|site|app|number|"
     r"phone)|\bwho (?:do|should|can) (?:i|we) (?:call|contact)|\bwebsite\b|\bphone number\b|\bhotline\b|"
     r"\bhow (?:can|do) (?:i|we) (?:find out|check|stay informed|sign up|get (?:updates|alerts))", "source"),
    # "When fire danger is high, what can managers prohibit?": a "when" clause before the question is a condition
    (r"^(?:when|what (?:date|day|year|month|time)|on what (?:date|day))\b(?!.*\b(?:allowed|permitted|"
     r"prohibited|banned|required|legal|illegal)\b)(?![^?]*,\s*(?:what|which|who|how|can|may|must|is|are|do|"
     r"does)\b)", "date"),
    (r"\b(?:what|which) (?:hours?|times? of (?:the )?day|months?)\b|\bbetween what\b|\bduring (?:which|what) "
     r"(?:hours?|months?|times?|season|period)\b", "period"),
    (r"\bpenalt(?:y|ies)\b|\bfines?\b(?! fuels?)|\bpunish\w*|\bwhat happens if\b|\b(?:jail|prison)\b|"
     r"\bimprison\w*|\b(?:a|the) (?:crime|misdemeanou?r|felony)\b|\bcriminal (?:charges?|offen[cs]es?)\b", "penalty"),
    (r"^how (?:does|do|is|are|can|could|might|will)\b(?!.*\b(?:i|we|my|our)\b)(?!.*\bhow much\b)", "explanation"),
    (r"\bhow many acres\b|\bhow (?:big|large)\b|\b(?:size|acreage)\b|\bacres\b", "area"),
    (r"\bcontain(?:ed|ment)\b|\bunder control\b", "containment"),
    # "Why did the Carr Fire start?" asks for a cause; "Why are some fires allowed to burn?" for a reason
    (r"^why\b[^?]*\b(?:start|started|begin|began|ignite|ignited|spark|sparked|break out|broke out)\b|"
     r"\bwhat (?:caused|started|sparked|ignited)\b|\bcause\b", "cause"),
    (r"^why\b", "explanation"),
    (r"\b(?:which|what) (?:agency|agencies|department|organization|unit|team|office)\b|\bin charge\b|"
     r"\bwho (?:is|was|are|were) (?:responsible|managing|leading|fighting|in command|handling)\b|"
     r"\bwho (?:manages|managed|leads|led|runs|ran|oversees|oversaw|responded|fights|fought|issues|enforces|"
     r"regulates|fought)\b", "agency"),
    (r"\bwho (?:can|may|must|should|is allowed|is required|needs|is permitted)\b", "actor"),
    (r"^where\b|\bwhere in\b|\bhow (?:close|far)\b|\bwhat (?:areas?|parts?|locations?)\b|\blocated\b", "location"),
    (r"\bstill (?:growing|burning|active|spreading)\b|\bstatus\b|\b(?:is|are) .* (?:out|over|spreading|"
     r"growing)\?", "status"),
    # what a term means in law ("What counts as a 'forest fire' in law?") is a definition, not a rule
    (r"^what (?:counts as|qualifies as|is meant by|is considered(?: to be)?|is legally considered)\b", "definition"),
    (r"\b(?:laws?|statutes?|rules?|regulat\w*|ordinances?|codes?|permits?|licen[cs]e|bans?|banned|restrictions?|"
     r"closures?|closed|requirements?|required|allowed|permitted|prohibit\w*|legal|illegal|liable|"
     r"limits?)\b|^(?:can|may|must) (?:i|we|you|a person|people|residents|one|anyone|someone)\b|"
     r"^(?:do|does) (?:i|we|you|one|a person|people|residents|homeowners) (?:need|have to)\b|"
     r"^how (?:do|can) (?:i|we) (?:get|obtain|apply)\b", "rule"),
    (r"\bwhat does .* (?:stand for|mean)\b|^what (?:is|are) (?:an? |the )?(?:definition|meaning)\b|"
     r"^what (?:is|are) (?!the\b)|^define\b", "definition"),
    # a named thing: "What is the Firewise USA program?" (not "What is the penalty ...?")
    (r"^what (?:is|are) the (?-i:[A-Z])[\w®'’-]*(?: (?-i:[A-Z])[\w®'’-]*)*(?: (?:program|initiative|campaign|"
     r"act|plan|index|scale|system|council|coalition))?\s*\?*$", "definition"),
    (r"^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|may|must)\b", "yes/no"),
))



def answer_types(clause: str) -> dict[str, float]:
    """The kinds of answer a question's clause that asks may want, each with its share: every kind whose
    question form the clause has, the more specific forms (earlier in the table) with the larger shares
    (halving down the table); {} when it has none."""
    text = clause.strip()
    found = [kind for pattern, kind in _QUESTIONS if pattern.search(text)]
    shares: dict[str, float] = {}
    for rank, kind in enumerate(dict.fromkeys(found)):
        shares[kind] = 0.5 ** rank
    total = sum(shares.values())
    return {kind: round(share / total, 3) for kind, share in shares.items()}


def answer_type(clause: str) -> str | None:
    """The kind of answer most wanted (:func:`answer_types`), or None."""
    shares = answer_types(clause)
    return max(shares, key=lambda k: shares[k]) if shares else None


_ASKED_TERM = tuple(re.compile(p, re.IGNORECASE) for p in (
    rf"^what does (?:an? |the )?[{_QUOTES}]?([^,?]+?)[{_QUOTES}]? (?:stand for|mean)\b",
    rf"^what (?:is|are) (?:the )?(?:definition|meaning) of (?:an? |the )?[{_QUOTES}]?([^,?]+?)[{_QUOTES}]?"
    rf"(?: in (?:law|\w+ terms))?\s*(?:[,?]|$)",
    rf"^(?:what (?:counts as|qualifies as|is meant by|is considered(?: to be)?|is legally considered|is|are)|define)"
    rf" (?:an? |the )?[{_QUOTES}]?([^,?]+?)[{_QUOTES}]?(?: in (?:law|\w+ terms))?\s*(?:[,?]|$)",
))

def asked_term(question: str) -> tuple[str, ...]:
    """The words of the term a definition question asks about, in order ("What is certified pile
    burning?": certified, pile, burning); () for a question that asks for no definition."""
    if answer_type(question) != "definition":
        return ()
    for pattern in _ASKED_TERM:
        m = pattern.search(question.strip())
        if m:
            return tuple(terms(m.group(1)))
    return ()



_YES_NO_KINDS = tuple((re.compile(p, re.IGNORECASE), kind) for p, kind in (
    (r"^(?:can|may|could|is it legal to|am i allowed to) .*\bwithout (?:a |an |any )?(?:\w+ )?(?:permits?|"
     r"licen[cs]es?|authori[sz]ations?|approvals?)\b", WITHOUT_PERMIT),
    (r"^(?:do|does|will|would) (?:i|we|you|one|a person|people|residents|homeowners|landowners) "
     r"(?:need|have to|require)\b|^(?:is|are) (?:an? |the )?(?:\w+ ){0,2}(?:permits?|licen[cs]es?|"
     r"authori[sz]ations?|approvals?|notifications?|notices?) (?:required|needed|necessary)\b|"
     r"^must (?:i|we|you|one)\b|"
     # "Does Washington State require a DNR burning permit to burn ...?"
     r"^(?:do|does) (?:[\w.'’-]+ ){1,4}require (?:an? |the |any )?(?:[\w-]+ ){0,3}(?:permits?|licen[cs]es?|"
     r"authori[sz]ations?|approvals?|notifications?|notices?)\b", NEED),
    (r"^(?:can|may|could) (?:i|we|you|one|people|residents|a person|anyone|someone)\b|^am i (?:allowed|"
     r"permitted)\b|^(?:is|are) (?:it|\w+(?: \w+){0,3}) (?:legal|illegal|allowed|permitted|lawful|ok|okay)\b",
     PERMISSION),
    (r"^(?:is|are|was|were) there\b|^(?:is|are|was|were) (?:an? |the )?(?:\w+ ){0,3}(?:bans?|restrictions?|"
     r"evacuations?|closures?|orders?|warnings?)\b|^(?:were|was|are|is|have|has) (?:\w+ ){0,3}"
     r"(?:evacuations?|closures?|restrictions?|bans?)\b|"
     r"^(?:were|was|are|is|have|has) (?:any |the )?(?:\w+ ){0,4}(?:been )?(?:evacuated|closed)\b|"
     # "Is burning banned?" asks whether a ban is in effect, as "Is there a burn ban?" does
     r"^(?:is|are|was|were) (?:\w+ ){1,3}(?:banned|prohibited|restricted)\b", PRESENCE),
))


def yes_no_kind(question: str) -> str | None:
    """``need`` ("Do I need a permit?"), ``permission`` ("Can I burn brush?"), ``without permit`` ("Can I
    burn without a permit?"), ``presence`` ("Is there a burn ban?") or None for a question that is not
    one of these yes/no questions."""
    text = question.strip()
    for pattern, kind in _YES_NO_KINDS:
        if pattern.search(text):
            return kind
    return None


