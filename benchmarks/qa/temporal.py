"""The time rules of the QA benchmark and its temporal questions (group ``temporal``).

The rules, applied by ``build.py`` after the geographic derivation of every question (so a question
that is not about time keeps its label):

1. A question is *about the present* when it says so: "still", "currently", "now", "right now",
   "today", "at the moment", "in place", "in effect", or it opens "Is there a burn ban ..." — and it
   is not in the past tense ("Were ...", "Did ...", "what was in effect when ...") and names no day. It carries ``present: true``
   and the day it is asked on, ``as_of`` (:data:`AS_OF`, the last day of the shared corpus).
2. Evidence is *stale* on ``as_of`` when it is an incident report whose last day (the day its source
   last showed it: ``valid_to``, else ``published``) is more than :data:`INCIDENT_DAYS` before
   ``as_of``. A statute never is.
3. A question about the present whose gold documents are all stale: ``answer`` becomes ``warn``
   (the answer must give the evidence's date).
4. A fire named without a year whose gold documents are incidents of different years: only the most
   recent year's documents are gold, and ``answer`` becomes ``warn`` (several incidents share the name).
5. A question naming a day (``asked_day``) is answered from the incident's version valid on that day
   (valid from the day it was first seen until the next version): its ``gold_answer`` must occur in
   that version's text, and the decision is the geographic one (a named past day is not stale).
"""

from __future__ import annotations

import collections
import re
from dataclasses import replace
from datetime import date

AS_OF = "2026-08-22"  # the last day of the shared corpus (SOURCES.md: "the source data runs to Aug 2026")
INCIDENT_DAYS = 3  # the system's default freshness window for incident reports (Settings.fresh_incident_days)

_PRESENT = re.compile(r"\b(?:still|currently|now|right now|today|at the moment|in place|in effect)\b|"
                      r"^\s*(?:is|are) there (?:an? |any )?(?:[a-z]+ )?(?:burn(?:ing)?|fire) (?:bans?|restrictions?)\b",
                      re.IGNORECASE)
# past tense: a question opening so, or a marker whose own verb is past ("what weather was in effect")
_PAST = re.compile(r"^\s*(?:was|were|did|had|has|have)\b|\b(?:was|were|had been)\s+(?:still\s+)?(?:in place|in effect)\b",
                   re.IGNORECASE)
_DAY = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)"
                  r" \d{1,2}, \d{4}\b")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def about_present(question: str) -> bool:
    return bool(_PRESENT.search(question)) and not _PAST.search(question) and not _DAY.search(question)


def time_fields(question: str) -> dict:
    """The fields rule 1 gives a question."""
    return {"present": True, "as_of": AS_OF} if about_present(question) else {}


def last_day(doc) -> str | None:
    return doc.valid_to or doc.published


def stale(doc, as_of: str) -> bool:
    """Rule 2."""
    if doc.doc_type != "incident_report" or not last_day(doc):
        return False
    return (date.fromisoformat(as_of) - date.fromisoformat(last_day(doc))).days > INCIDENT_DAYS


class Versions:
    """The dated versions of the InciWeb incidents, by document id (read once)."""

    def __init__(self) -> None:
        # deferred, so the rules above can be read without the project (fresh/derive.py uses them)
        from georisk_graph.loaders.corpus import shared_incident_versions

        self.by_document: dict[str, list] = collections.defaultdict(list)
        for version in shared_incident_versions(problems=[]):
            self.by_document[version.document_id].append(version)

    def on(self, document_id: str, day: str):
        """The version valid on ``day``: the latest that started on or before it; None before the first."""
        started = [v for v in self.by_document.get(document_id, []) if v.valid_from <= day]
        return max(started, key=lambda v: (v.valid_from, v.version)) if started else None


def in_time(kb, record: dict, derived):
    """Rules 3 and 4 on a geographically derived label (``build.Derived``)."""
    if derived.decision == "abstain" or not derived.gold:
        return derived
    gold, decision = list(derived.gold), derived.decision
    spec = record.get("relevance") or {}
    if record.get("group") == "temporal" and spec.get("entity") and not spec.get("year") \
            and not record.get("asked_day"):
        years = {kb.year(kb.by_id[i]) for i in gold}
        if len(years) > 1:
            latest = max(y for y in years if y is not None)
            gold = [i for i in gold if kb.year(kb.by_id[i]) == latest]
            decision = "warn"
    if record.get("present") and all(stale(kb.by_id[i], record["as_of"]) for i in gold):
        decision = "warn"
    if (gold, decision) == (list(derived.gold), derived.decision):
        return derived
    return replace(derived, decision=decision, gold=sorted(gold))


def check(kb, versions: Versions, records: list[dict]) -> list[str]:
    """Rule 5 and the time fields, for ``build.py --check``."""
    errors = []
    for rec in records:
        where = f"{rec.get('id')}"
        if bool(rec.get("present")) != about_present(rec["question"]):
            errors.append(f"{where}: present is {rec.get('present')!r} but the question reads otherwise")
        if rec.get("present") and rec.get("as_of") != AS_OF:
            errors.append(f"{where}: a question about the present needs as_of {AS_OF}")
        if rec.get("asked_day"):
            found = [versions.on(i, rec["asked_day"]) for i in rec["gold_doc_ids"]]
            if not any(v is not None and rec["gold_answer"] in v.text for v in found):
                errors.append(f"{where}: gold_answer {rec['gold_answer']!r} is not in the version valid on "
                              f"{rec['asked_day']}")
    return errors


def _written(day: str) -> str:
    d = date.fromisoformat(day)
    return f"{_MONTHS[d.month - 1]} {d.day}, {d.year}"


def family_temporal(builder, versions: Versions, quota: dict[str, int]) -> None:
    """The temporal questions (``group: "temporal"``), in four kinds; ``quota`` per kind."""
    kb, rng = builder.kb, builder.rng
    group = {"group": "temporal"}

    # (a) about the present, on a report last seen long before AS_OF: warn with its date
    # (b) about the present, on a report seen within the window: answer
    reports = [d for d in builder.inciweb_docs() if builder.unique_incident(d)
               and "coordinates" in d.scope_basis and builder.geo.nodes.get(d.scope[0]) is not None
               and builder.geo.nodes[d.scope[0]].level == "county"]
    rng.shuffle(reports)
    present = ["Is the {name} in {county} still burning?", "Is the {name} in {county} still growing?",
               "What is the containment of the {name} in {county} right now?",
               "Is the {name} in {county} currently contained?"]
    made = collections.Counter()
    for doc in reports:
        kind = "present_stale" if stale(doc, AS_OF) else "present_fresh"
        if made[kind] >= quota[kind]:
            continue
        surface = builder.county_surface(doc.scope[0], force_state=True)
        template = builder.pick(present)
        if "contain" in template and not re.search(r"(?i)\bcontain", doc.text):
            continue  # a question on containment needs a report that speaks of it
        text = template.format(name=doc.title, county=surface)
        made[kind] += builder.add(question=text, loc=doc.scope[0], surface=surface, topic="incident status",
                                  relevance={"entity": doc.title}, case="exact", expect="answer",
                                  extra={**group, **time_fields(text), "temporal": kind})

    # (c) a named past year on old evidence: not stale, answer
    docs = builder.calfire_docs(min_acres=100)
    rng.shuffle(docs)
    for doc in docs:
        if made["past"] >= quota["past"]:
            break
        name, year = re.sub(r"\s*\(\d{4}\)$", "", doc.title), kb.year(doc)
        answer = builder.acres_text(doc)
        if not answer:
            continue
        surface = builder.county_surface(doc.scope[0])
        text = builder.pick(["How many acres did the {name} burn in {county} in {year}?",
                             "In {year}, how large did the {name} in {county} grow?"]
                            ).format(name=name, county=surface, year=year)
        made["past"] += builder.add(question=text, loc=doc.scope[0], surface=surface, topic="incident status",
                                    relevance={"entity": name, "year": year}, case="exact", expect="answer",
                                    gold_answer=answer, extra={**group, "temporal": "past"})

    # (d) a named day: the version of that day, whose containment differs from the latest version's
    for doc in reports:
        if made["version"] >= quota["version"]:
            break
        history = versions.by_document.get(doc.id, [])
        latest = doc.metadata.get("percent_contained")
        options = [v for v in history[:-1] if v.percent_contained is not None and v.percent_contained != latest
                   and v.valid_from[:4] == doc.published[:4] and f"{v.percent_contained:g}% contained" in v.text]
        if len(history) < 3 or not options:
            continue
        version = builder.pick(options)
        if versions.on(doc.id, version.valid_from) != version:
            continue
        surface = builder.county_surface(doc.scope[0], force_state=True)
        text = builder.pick(["What was the containment of the {name} in {county} on {day}?",
                             "How contained was the {name} in {county} on {day}?"]
                            ).format(name=doc.title, county=surface, day=_written(version.valid_from))
        made["version"] += builder.add(
            question=text, loc=doc.scope[0], surface=surface, topic="incident status",
            relevance={"entity": doc.title}, case="exact", expect="answer", check_answer=False,
            gold_answer=f"{version.percent_contained:g}% contained",
            extra={**group, "temporal": "version", "asked_day": version.valid_from})

    # (e) a fire name several CAL FIRE incidents of one county share, asked without a year: the most
    # recent, with a warning that others exist
    shared: dict[tuple[str, str], list] = collections.defaultdict(list)
    for doc in builder.calfire_docs():
        if len(doc.scope) == 1:
            shared[(re.sub(r"\s*\(\d{4}\)$", "", doc.title), doc.scope[0])].append(doc)
    names = sorted(k for k, v in shared.items() if len({kb.year(d) for d in v}) > 1)
    rng.shuffle(names)
    for name, county in names:
        if made["same_name"] >= quota["same_name"]:
            break
        newest = max(shared[(name, county)], key=lambda d: kb.year(d))
        answer = builder.acres_text(newest)
        if not answer or sum(kb.year(d) == kb.year(newest) for d in shared[(name, county)]) > 1:
            continue
        surface = builder.county_surface(county)
        text = builder.pick(["How many acres did the {name} in {county} burn?",
                             "How large was the {name} in {county}?"]).format(name=name, county=surface)
        made["same_name"] += builder.add(question=text, loc=county, surface=surface, topic="incident status",
                                         relevance={"entity": name}, case="exact", expect="answer",
                                         gold_answer=answer, extra={**group, "temporal": "same_name"})
