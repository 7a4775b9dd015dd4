"""The rules that give a benchmark question its gold, from the knowledge base alone: applied when the
file is built and again when it is checked (``build.py --check``).

Decision rule (docs/design.md §1 and §4):

1. The *relevant documents* of a question are the documents that satisfy its ``relevance`` record:
   a topic keyword rule over title + text (``rule``), and where given the named fire (``entity``,
   matched on the title without its year; ``year`` when the question names one), the document type
   (``doc_type``) or the statute section (``section`` + ``state``).
2. The *places of a document* for a question are its ``scope`` (APPLIES_TO: the most specific
   jurisdiction it is about, e.g. the county an incident burns in) plus the question's own location
   when the text names it (see :func:`names_location`) and it is not a container of the scope: a
   county's fire report that names its state is narrower evidence for the state, not exact.
3. Each place gets δ and a relation to the question's location with ``reference_delta`` over the
   administrative (``located_in``) edges. A document keeps its best place, ranked by relation class
   (exact < broader = narrower < different < unrelated) and then by δ; the question keeps the best
   document(s) in the same order.
4. Best class exact -> ``answer``; broader or narrower -> ``warn``; different, unrelated, or no
   relevant document -> ``abstain``. A location-independent question -> ``answer`` when any relevant
   document exists, else ``abstain``.
5. ``gold_doc_ids`` are the relevant documents that reach the best (class, δ); for an abstention they
   are empty and ``trap_doc_ids`` lists the other-jurisdiction documents a geography-blind system
   would cite (the nearest 20 by δ, then id; ``trap_doc_count`` holds how many there are).
6. Time (``temporal.py``): a question about the present whose gold evidence is older than its
   freshness window on the question's ``as_of`` -> ``warn``; a fire name several incidents share,
   without a year -> the most recent one's documents, ``warn``; a question naming a day is answered
   from the incident's version of that day.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from georisk_graph.benchmarks.qa import temporal
from georisk_graph.benchmarks.qa.data import (
    CASES,
    DECISIONS,
    GRANULARITIES,
    LEVEL_OF,
    RELATION_CLASS,
    REQUIRED_KEYS,
    SETTLEMENTS,
    TOPIC_RULES,
    TOPICS,
    Geography,
    KnowledgeBase,
)

TRAP_LIMIT = 20

# -- does a text name the question's place? -------------------------------------------------------

# Capitalised words that may precede a place name without making it part of a longer name.
_FREE_BEFORE = {"In", "Near", "From", "To", "Of", "At", "And", "Around", "Outside", "Between", "Through",
                "Into", "Toward", "Towards", "For", "By", "On", "Downtown", "The", "Residents", "City"}
_STATE_AFTER_BLOCK = {"County", "Parish", "City", "Street", "St", "Avenue", "Ave", "Boulevard", "Blvd",
                      "Road", "Rd", "Creek", "Lake", "River", "Fire", "Complex", "Pass", "Peak", "Mountain"}
_STATE_BEFORE_BLOCK = {"George", "Lake", "Mount", "Mt", "Fort", "Port", "West", "North", "South", "New"}
_COUNTRY = re.compile(
    r"\b(?:in|across|throughout|within) the United States\b(?! (?:Forest|Department|Fish|Geological|Army|Air"
    r"|Navy|Naval|Code|Secretary|[Gg]overnment|Environmental|Marine|Olympic|Bureau|Congress|Postal|Coast))")
_PREV_WORD = re.compile(r"([A-Z][\w'’.-]*)[ ]$")
_NEXT_WORD = re.compile(r"[ ]([A-Z][\w'’-]*)")


def _occurrences(text: str, surface: str):
    for match in re.finditer(r"(?<![\w-])" + re.escape(surface) + r"(?![\w-])", text):
        before = _PREV_WORD.search(text[max(0, match.start() - 30):match.start()])
        after = _NEXT_WORD.match(text, match.end())
        yield (before.group(1).rstrip(".") if before else None), (after.group(1) if after else None)


def _scope_states(geo: Geography, doc) -> set[str]:
    return {geo.nodes[p].usps for p in doc.scope if p in geo.nodes}


def names_location(geo: Geography, doc, text: str, loc: str) -> bool:
    """True when ``text`` names the question's place ``loc`` (and the document is compatible with it).

    - country: "in/across/throughout/within the United States", not an agency name;
    - state: the full name, not part of a county, street, city or longer name ("Washington County",
      "Nevada City", "West Virginia" do not name Washington, Nevada or Virginia);
    - county: "X County", "X Co." or "X" in a "X and Y Counties" list, in a document scoped to the same
      state (or unscoped);
    - city: the label as a name of its own (not inside a longer capitalised name such as "Paradise Fire"
      or "Lake Hughes"), in a document scoped to the same state (or unscoped); where the state has several
      settlements of that name, the document must also be scoped to one of the place's counties.
    """
    node = geo.nodes[loc]
    if node.level == "country":
        return bool(_COUNTRY.search(text))
    if node.level in ("state", "federal_district"):
        for before, after in _occurrences(text, node.label):
            if after in _STATE_AFTER_BLOCK or before in _STATE_BEFORE_BLOCK:
                continue
            return True
        return False
    states = _scope_states(geo, doc)
    if states and node.usps not in states:
        return False
    if node.level == "county":
        bare = re.sub(r" (?:County|Parish|Borough|Census Area|Municipality)$", "", node.label)
        surfaces = {node.label, bare + " Co."}
        if any(re.search(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])", text) for s in surfaces):
            return True
        for match in re.finditer(r"Counties\b", text):
            window = re.split(r"[.;:\n]", text[max(0, match.start() - 90):match.start()])[-1]
            if re.search(r"(?<![\w-])" + re.escape(bare) + r"(?![\w-])", window):
                return True
        return False
    if node.level in SETTLEMENTS:
        same_state = [i for i in geo.settlements_by_label.get(node.label, []) if geo.nodes[i].usps == node.usps]
        if len(same_state) > 1 and not set(geo.county_parents(loc)) & set(doc.scope):
            return False
        for before, after in _occurrences(text, node.label):
            if before is not None and before not in _FREE_BEFORE:
                continue
            if after is not None and after not in {"On", "In", "And", "The"}:
                continue
            return True
        return False
    return False


# -- the derivation ---------------------------------------------------------------------------------


@dataclass
class Derived:
    decision: str
    relation: str | None
    delta: int | None
    gold: list[str]
    trap: list[str]
    trap_count: int
    relevant: int


def qualifies_scope(geo: Geography, doc, loc: str) -> bool:
    """True when ``loc`` contains a place of the document's scope: a county report naming its state
    ("Butte County, California") names the state only to say where the county is."""
    return any(p in geo.nodes and geo.delta(p, loc)[4] == "broader" for p in doc.scope)


def doc_best(geo: Geography, kb: KnowledgeBase, doc, loc: str) -> tuple[int, float, str]:
    places = set(doc.scope)
    if (loc not in places and not qualifies_scope(geo, doc, loc)
            and names_location(geo, doc, kb.blob[doc.id], loc)):
        places.add(loc)
    best = (RELATION_CLASS["unrelated"], math.inf, "unrelated")
    for place in places:
        if place not in geo.nodes:
            continue
        delta, _, _, _, relation = geo.delta(loc, place)
        key = (RELATION_CLASS[relation], delta, relation)
        if key[:2] < best[:2]:
            best = key
    return best


def derive(geo: Geography, kb: KnowledgeBase, question: dict) -> Derived:
    """The label of rules 1-6: the geographic one, then the time rules."""
    return temporal.in_time(kb, question, derive_place(geo, kb, question))


def derive_place(geo: Geography, kb: KnowledgeBase, question: dict) -> Derived:
    docs = kb.relevant(question["relevance"])
    if question["location_dependent"] and question["location"] is None:
        # its answer depends on where and it names no place (DESIGN §1): the place is asked for, whatever is found
        return Derived("abstain", "unplaced", None, [], [], 0, 0)
    if not question["location_dependent"]:
        return Derived("answer" if docs else "abstain", None, None, sorted(d.id for d in docs), [], 0, len(docs))
    loc = question["location"]["id"]
    scored = [(doc_best(geo, kb, d, loc), d.id) for d in docs]
    if not scored:
        return Derived("abstain", None, None, [], [], 0, 0)
    best = min(key[:2] for key, _ in scored)
    best_cls, best_delta = best
    relations = sorted({key[2] for key, _ in scored if key[:2] == best})
    relation = relations[0] if len(relations) == 1 else "/".join(relations)
    delta = None if math.isinf(best_delta) else int(best_delta)
    if best_cls <= 1:
        decision = "answer" if best_cls == 0 else "warn"
        gold = sorted(i for key, i in scored if key[:2] == best)
        return Derived(decision, relation, delta, gold, [], 0, len(docs))
    trap_all = sorted((key[1], i) for key, i in scored if key[0] == RELATION_CLASS["different"])
    trap = [i for _, i in trap_all[:TRAP_LIMIT]]
    return Derived("abstain", relation, delta, [], trap, len(trap_all), len(docs))


# -- checking ---------------------------------------------------------------------------

def validate(geo: Geography, kb: KnowledgeBase, records: list[dict]) -> list[str]:
    errors: list[str] = []
    ids = set()
    texts = set()
    for n, rec in enumerate(records, start=1):
        where = f"line {n} ({rec.get('id')})"
        for key in REQUIRED_KEYS:
            if key not in rec:
                errors.append(f"{where}: missing {key}")
        if any(key not in rec for key in REQUIRED_KEYS):
            continue
        if not re.fullmatch(r"q\d{3,}", str(rec["id"])) or rec["id"] in ids:
            errors.append(f"{where}: id must be unique qNNN")
        ids.add(rec["id"])
        if rec["question"] in texts:
            errors.append(f"{where}: duplicate question text")
        texts.add(rec["question"])
        if rec["gold_decision"] not in DECISIONS:
            errors.append(f"{where}: gold_decision {rec['gold_decision']!r}")
        if rec["granularity"] not in GRANULARITIES:
            errors.append(f"{where}: granularity {rec['granularity']!r}")
        if rec["topic"] not in TOPICS:
            errors.append(f"{where}: topic {rec['topic']!r}")
        if rec.get("case") not in CASES:
            errors.append(f"{where}: case {rec.get('case')!r}")
        if not isinstance(rec["location_dependent"], bool):
            errors.append(f"{where}: location_dependent must be a boolean")
        loc = rec["location"]
        if rec["location_dependent"] and loc is None:
            if rec.get("case") != "unplaced" or rec["granularity"] != "none":
                errors.append(f"{where}: a location-dependent question without a location is case unplaced, "
                              "granularity none")
        elif rec["location_dependent"]:
            if not isinstance(loc, dict) or set(loc) != {"id", "name", "level"}:
                errors.append(f"{where}: a location-dependent question needs location {{id, name, level}}")
                continue
            if loc["id"] not in geo.nodes:
                errors.append(f"{where}: location id {loc['id']} is not in the geography table")
                continue
            level = LEVEL_OF.get(geo.nodes[loc["id"]].level)
            if loc["level"] != level or rec["granularity"] != level:
                errors.append(f"{where}: level/granularity {loc['level']}/{rec['granularity']} != {level}")
            if loc["name"] not in rec["question"] and rec.get("location_surface") not in rec["question"]:
                errors.append(f"{where}: location name {loc['name']!r} does not appear in the question")
        elif loc is not None or rec["granularity"] != "none":
            errors.append(f"{where}: a location-independent question has location null and granularity none")
        for key in ("gold_doc_ids", "trap_doc_ids"):
            for doc_id in rec.get(key, []):
                if doc_id not in kb.by_id:
                    errors.append(f"{where}: {key} {doc_id} is not a corpus document")
        if rec.get("location_event_id") and rec["location_event_id"] not in geo.nodes:
            errors.append(f"{where}: location_event_id not in the geography table")
        spec = rec.get("relevance")
        if not isinstance(spec, dict) or not (spec.get("rule") or spec.get("entity") or spec.get("section")):
            errors.append(f"{where}: relevance needs a rule, an entity or a section")
            continue
        if spec.get("rule") and spec["rule"] not in TOPIC_RULES:
            errors.append(f"{where}: unknown relevance rule {spec['rule']}")
            continue
        derived = derive(geo, kb, rec)
        if derived.decision != rec["gold_decision"]:
            errors.append(f"{where}: stored decision {rec['gold_decision']} but the knowledge base gives "
                          f"{derived.decision}")
        if derived.gold != rec["gold_doc_ids"]:
            errors.append(f"{where}: gold_doc_ids differ from the derived ones ({len(derived.gold)} derived)")
        if rec.get("trap_doc_ids", []) != derived.trap or rec.get("trap_doc_count", 0) != derived.trap_count:
            errors.append(f"{where}: trap_doc_ids / trap_doc_count differ from the derived ones")
        if rec.get("gold_relation") != derived.relation or rec.get("gold_delta") != derived.delta:
            errors.append(f"{where}: gold_relation / gold_delta differ from the derived ones")
        if rec["gold_decision"] != "abstain" and not rec["gold_doc_ids"]:
            errors.append(f"{where}: an answer or warning needs gold documents")
        if rec["gold_answer"] is not None and rec["gold_doc_ids"] and not rec.get("asked_day") and not any(
                rec["gold_answer"] in kb.blob[i] for i in rec["gold_doc_ids"]):
            errors.append(f"{where}: gold_answer {rec['gold_answer']!r} is in none of the gold documents")
    return errors
