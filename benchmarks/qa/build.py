"""Build or check the GeoRisk-Graph question-answering benchmark (benchmarks/qa/questions.jsonl).

    python benchmarks/qa/build.py            # regenerate questions.jsonl (deterministic, fixed seed)
    python benchmarks/qa/build.py --check    # validate the existing file and print the coverage table

Every question is generated from the shared corpus (``georisk_graph.loaders.corpus.shared_corpus``)
and the geography DAG (``us_geo_nodes.csv.gz`` / ``us_geo_edges.csv.gz``). Its gold decision is not
written by hand: it is derived from what the knowledge base holds, with the rules of ``rules.py``,
both when the file is built and again when it is checked.

The knowledge base and the fixed vocabulary are in ``data.py``; the rules that derive each question's
gold (and check the file), in ``rules.py``; this file holds the question families and the command.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import random
import re
import sys
import time
from pathlib import Path

from georisk_graph.benchmarks.qa.data import (
    CONCEPTS,
    DECISIONS,
    FOREIGN_NAMES,
    LEVEL_OF,
    TOPIC_OF_RULE,
    YEAR_SUFFIX,
    Geography,
    KnowledgeBase,
    entity_key,
    load_everything,
    rule_pattern,
)
from georisk_graph.benchmarks.qa import temporal
from georisk_graph.benchmarks.qa.rules import derive_place, names_location, validate

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "questions.jsonl"
SEED = 20260214


def article(word: str) -> str:
    return "an" if word[:1] in "AEIOU" else "a"


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2)
    return 12742.0 * math.asin(math.sqrt(min(1.0, a)))


# -- question generation ----------------------------------------------------------------------------


def dependent_without_place() -> set[str]:
    """The questions written without a place whose answer depends on where, as read against DESIGN §1 apart from
    the answering code (benchmarks/qa/dependent_without_place.jsonl, shared by every set's builder)."""
    path = Path(__file__).resolve().parent / "dependent_without_place.jsonl"
    return {json.loads(line)["question"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


class Builder:
    def __init__(self, geo: Geography, kb: KnowledgeBase, seed: int = SEED) -> None:
        self.geo, self.kb = geo, kb
        self.rng = random.Random(seed)
        self.questions: list[dict] = []
        self.seen_text: set[str] = set()
        self.used: collections.Counter = collections.Counter()  # how often a document anchors a question
        self.state_names = {n.usps: n.label for n in geo.nodes.values() if n.level == "state"}
        self.county_bare_names = {re.sub(r" (?:County|Parish|Borough|Census Area|Municipality)$", "", label)
                                  for label in geo.counties_by_label}

    # -- helpers --

    def pick(self, options):
        return options[self.rng.randrange(len(options))]

    def location(self, node_id: str, surface: str) -> dict:
        node = self.geo.nodes[node_id]
        return {"id": node_id, "name": surface, "level": LEVEL_OF[node.level]}

    def add(self, *, question: str, loc: str | None, surface: str | None, topic: str, relevance: dict,
            case: str, expect: tuple[str, ...] | str, gold_answer: str | None = None,
            extra: dict | None = None, check_answer: bool = True, require_trap: bool = False,
            dependent: bool | None = None) -> bool:
        """Add the question if its derived decision is one of ``expect``; return whether it was added. A question
        without a place is location-dependent when ``dependent`` says so (its answer depends on where)."""
        if question in self.seen_text:
            return False
        record = {
            "id": None, "question": question,
            "location": None if loc is None else self.location(loc, surface or self.geo.nodes[loc].label),
            "location_dependent": loc is not None or bool(dependent),
            "granularity": "none" if loc is None else LEVEL_OF[self.geo.nodes[loc].level],
            "topic": topic, "gold_answer": gold_answer, "gold_doc_ids": [], "gold_decision": None,
            "case": case, "relevance": {k: v for k, v in relevance.items() if v not in (None, "")},
            **temporal.time_fields(question),
        }
        if extra:
            record.update(extra)
        # the family's intent is geographic; the time rules may then turn an answer into a warning
        placed = derive_place(self.geo, self.kb, record)
        expect = (expect,) if isinstance(expect, str) else expect
        if placed.decision not in expect or (require_trap and not placed.trap):
            return False
        derived = temporal.in_time(self.kb, record, placed)
        if gold_answer is not None and check_answer and not any(
                gold_answer in self.kb.blob[i] for i in derived.gold):
            return False
        record["gold_doc_ids"] = derived.gold
        record["gold_decision"] = derived.decision
        record["gold_relation"] = derived.relation
        record["gold_delta"] = derived.delta
        record["trap_doc_ids"] = derived.trap
        record["trap_doc_count"] = derived.trap_count
        for key in extra or {}:
            record[key] = record.pop(key)  # the family's own fields last, as they always were
        self.questions.append(record)
        self.seen_text.add(question)
        for i in derived.gold:
            self.used[i] += 1
        return True

    def city_surface(self, node_id: str, qualify: bool | None = None) -> str:
        """The city's name, with its state when the bare name would not resolve to it."""
        node = self.geo.nodes[node_id]
        if qualify is None:
            qualify = self.resolves_bare(node.label) != node_id
        return f"{node.label}, {self.state_names[node.usps]}" if qualify else node.label

    def resolves_bare(self, label: str) -> str | None:
        """The settlement a bare name means by the population prior, when that prior is clear (x3),
        and the name is not also a county or state name; else None."""
        if label in self.county_bare_names or label in self.state_names.values() or label in FOREIGN_NAMES:
            return None
        if any(re.search(r"\b%s\b" % re.escape(state), label) for state in self.state_names.values()):
            return None  # "Maryland Heights" needs its state, or the state name is read alone
        candidates = sorted(self.geo.settlements_by_label.get(label, []),
                            key=lambda i: (-self.geo.nodes[i].population, i))
        if not candidates:
            return None
        if len(candidates) == 1:
            return candidates[0]
        first, second = (self.geo.nodes[i].population for i in candidates[:2])
        return candidates[0] if first >= 3 * max(second, 1) and first >= 20000 else None

    def county_name_is_bare(self, county_id: str) -> bool:
        """True when "X County" names one county only among the states (so no state is needed)."""
        return len(self.geo.counties_by_label.get(self.geo.nodes[county_id].label, [])) == 1

    def county_surface(self, county_id: str, force_state: bool = False) -> str:
        node = self.geo.nodes[county_id]
        if force_state or not self.county_name_is_bare(county_id):
            return f"{node.label}, {self.state_names[node.usps]}"
        return node.label

    def clean_fire_name(self, name: str, usps: str) -> bool:
        """A fire name usable in a question: "<Words> Fire|Complex" whose words are not a place name of
        the state (so the only place in the question is the one we mean)."""
        match = re.fullmatch(r"([A-Z][A-Za-z'.]*(?: [A-Z][A-Za-z'.]*){0,2}) (Fire|Complex)", name)
        if not match:
            return False
        stem = match.group(1)
        for i in self.geo.settlements_by_label.get(stem, []):
            if self.geo.nodes[i].usps == usps or self.geo.nodes[i].population >= 50000:
                return False
        if stem in self.state_names.values() or f"{stem} County" in self.geo.counties_by_label:
            return False
        return True

    def unique_incident(self, doc) -> bool:
        """No other incident of this name in the same state, except the same fire in another source
        (an InciWeb page and its CAL FIRE record share name, state and year)."""
        usps = doc.metadata.get("state") or "CA"
        year = self.kb.year(doc)
        for other in self.kb.by_entity[entity_key(doc.title)]:
            if other.id == doc.id or (other.metadata.get("state") or "CA") != usps:
                continue
            if other.source == doc.source or self.kb.year(other) != year:
                return False
        return True

    def placeless_name(self, name: str) -> bool:
        """No word run of the fire's name is a sizeable settlement, a county or a state name, so a
        question naming only this fire names no place."""
        words = re.sub(r" (?:Fire|Complex)$", "", name).split()
        for size in range(1, len(words) + 1):
            for start in range(len(words) - size + 1):
                run = " ".join(words[start:start + size])
                if run in self.county_bare_names or run in self.state_names.values():
                    return False
                if any(self.geo.nodes[i].population >= 2000 for i in self.geo.settlements_by_label.get(run, [])):
                    return False
        return True

    # -- families --

    def calfire_docs(self, min_acres: float = 0):
        out = []
        for doc in self.kb.docs:
            if doc.source != "calfire" or not doc.scope:
                continue
            year = self.kb.year(doc)
            name = YEAR_SUFFIX.sub("", doc.title)
            acres = doc.metadata.get("acres") or 0
            if year is None or acres < min_acres or not self.clean_fire_name(name, "CA"):
                continue
            if not all(p in self.geo.nodes and self.geo.nodes[p].level == "county" for p in doc.scope):
                continue
            same = [d for d in self.kb.by_entity[entity_key(doc.title)] if self.kb.year(d) == year]
            if len(same) != 1:
                continue
            out.append(doc)
        out.sort(key=lambda d: d.id)
        return out

    @staticmethod
    def acres_text(doc) -> str | None:
        match = re.search(r"Acres burned: ([\d,]+)", doc.text)
        return match.group(1) if match else None

    @staticmethod
    def started_text(doc) -> str | None:
        match = re.search(r"Started: (\d{4}-\d{2}-\d{2})", doc.text)
        return match.group(1) if match else None

    def family_calfire_county(self, quota: int) -> None:
        """A named CAL FIRE incident asked about in its own county: exact -> answer."""
        docs = self.calfire_docs(min_acres=300)
        self.rng.shuffle(docs)
        made = 0
        templates = [
            ("acres", "How many acres did the {year} {name} burn in {county}?"),
            ("acres", "What was the final size of the {name} ({year}) in {county}?"),
            ("acres", "How big did the {year} {name} in {county} get?"),
            ("started", "When did the {year} {name} in {county} start?"),
            ("started", "On what date did the {name} ({year}) break out in {county}?"),
            ("unit", "Which agency was in charge of the {year} {name} in {county}?"),
            ("location", "Where in {county} did the {year} {name} burn?"),
        ]
        for doc in docs:
            if made >= quota:
                break
            name, year = YEAR_SUFFIX.sub("", doc.title), self.kb.year(doc)
            county = doc.scope[0]
            kind, template = self.pick(templates)
            answer = {"acres": self.acres_text(doc), "started": self.started_text(doc),
                      "unit": doc.metadata.get("admin_unit"), "location": None}[kind]
            if kind == "unit" and (not answer or len(answer) > 60):
                continue
            if kind in ("acres", "started") and not answer:
                continue
            surface = self.county_surface(county, force_state=made % 3 == 0)
            text = template.format(year=year, name=name, county=surface)
            made += self.add(question=text, loc=county, surface=surface,
                             topic="incident status", relevance={"entity": name, "year": year},
                             case="exact", expect="answer", gold_answer=answer)
        # evacuations during a named CAL FIRE incident, in its county
        evac = [d for d in self.calfire_docs() if rule_pattern("evacuation").search(d.text)]
        self.rng.shuffle(evac)
        count = 0
        for doc in evac:
            if count >= max(4, quota // 6):
                break
            name, year = YEAR_SUFFIX.sub("", doc.title), self.kb.year(doc)
            county = doc.scope[0]
            surface = self.county_surface(county)
            text = self.pick(["Were evacuations ordered for the {year} {name} in {county}?",
                              "Did residents of {county} have to evacuate during the {year} {name}?"]
                             ).format(year=year, name=name, county=surface)
            count += self.add(question=text, loc=county, surface=surface, topic="evacuations and closures",
                              relevance={"entity": name, "year": year, "rule": "evacuation"},
                              case="exact", expect="answer")

    def family_calfire_city(self, quota: int) -> None:
        """A CAL FIRE incident whose location names a community: asked with the community -> answer;
        asked about a nearby city the text does not name -> warn (county evidence for a city)."""
        docs = self.calfire_docs(min_acres=50)
        self.rng.shuffle(docs)
        made, cities = 0, set()
        for doc in docs:
            if made >= quota:
                break
            location = doc.metadata.get("location") or ""
            name, year = YEAR_SUFFIX.sub("", doc.title), self.kb.year(doc)
            for word in re.findall(r"[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}", location):
                options = [i for i in self.geo.settlements_by_label.get(word, [])
                           if self.geo.nodes[i].usps == "CA" and self.geo.nodes[i].level in ("place", "cdp")
                           and set(self.geo.county_parents(i)) & set(doc.scope)]
                if len(options) != 1 or options[0] in cities or len(word) < 4:
                    continue
                city = options[0]
                surface = self.city_surface(city)
                answer = self.acres_text(doc)
                text = self.pick(["How many acres did the {year} {name} near {city} burn?",
                                  "How large was the {name} that burned near {city} in {year}?",
                                  "What was the acreage of the {year} {name} by {city}?"]
                                 ).format(year=year, name=name, city=surface)
                if self.add(question=text, loc=city, surface=surface, topic="incident status",
                            relevance={"entity": name, "year": year}, case="exact", expect="answer",
                            gold_answer=answer):
                    made += 1
                    cities.add(city)
                break

    def inciweb_docs(self, source: str = "inciweb"):
        out = []
        for doc in self.kb.docs:
            if doc.source != source or not doc.scope:
                continue
            usps = doc.metadata.get("state")
            if not self.clean_fire_name(doc.title, usps):
                continue
            out.append(doc)
        out.sort(key=lambda d: d.id)
        return out

    def family_inciweb_state(self, quota: int) -> None:
        """InciWeb incidents asked about in their own state, spread over as many states as possible: a
        report is about the county the fire burns in, so for its state it is narrower evidence -> warn."""
        docs = self.inciweb_docs()
        self.rng.shuffle(docs)
        per_state: collections.Counter = collections.Counter()
        templates = [
            ("pct", "incident status", None, "What is the containment of the {name} in {state}?"),
            ("pct", "incident status", None, "How much of the {name} in {state} is contained?"),
            ("acres", "incident status", None, "How many acres has the {name} in {state} burned?"),
            ("evac", "evacuations and closures", "evacuation", "Are there evacuations for the {name} in {state}?"),
            ("closure", "evacuations and closures", "closure", "What closures are in place for the {name} in {state}?"),
            ("smoke", "smoke and air quality", "smoke", "Is smoke from the {name} affecting {state}?"),
            ("restrictions", "restrictions and burn bans", "restrictions",
             "Are fire restrictions in effect around the {name} in {state}?"),
            ("recovery", "recovery", "recovery", "What post-fire recovery work is under way on the {name} in {state}?"),
        ]
        made = 0
        for cap in (1, 2, 4):
            for doc in docs:
                if made >= quota:
                    return
                usps = doc.metadata["state"]
                if (usps not in self.state_names or per_state[usps] >= cap or self.used[doc.id]
                        or not self.unique_incident(doc)):
                    continue
                state = self.state_names[usps]
                usable = []
                for kind, topic, rule, template in templates:
                    answer = None
                    if kind == "pct":
                        pct = doc.metadata.get("percent_contained")
                        if pct is None or not re.search(r"\b%d ?(?:%%|percent)" % pct, doc.text):
                            continue
                        answer = f"{int(pct)}%" if f"{int(pct)}%" in doc.text else f"{int(pct)} percent"
                    elif kind == "acres":
                        acres = doc.metadata.get("acres")
                        if not acres or acres < 100:
                            continue
                        answer = next((s for s in (f"{int(acres):,}", str(int(acres))) if s in doc.text), None)
                        if answer is None:
                            continue
                    elif not rule_pattern(rule).search(self.kb.blob[doc.id]):
                        continue
                    usable.append((kind, topic, rule, template, answer))
                if not usable:
                    continue
                kind, topic, rule, template, answer = self.pick(usable)
                text = template.format(name=doc.title, state=state)
                if self.add(question=text, loc=self.geo.state_of_usps[usps], surface=state, topic=topic,
                            relevance={"entity": doc.title, "rule": rule}, case="narrower", expect="warn",
                            gold_answer=answer):
                    per_state[usps] += 1
                    made += 1

    def family_inciweb_county(self, quota: int) -> None:
        """InciWeb incidents asked about in the county they burn in, which their text names -> answer."""
        docs = [d for d in self.inciweb_docs()
                if len(d.scope) == 1 and self.geo.nodes[d.scope[0]].level == "county"
                and names_location(self.geo, d, self.kb.blob[d.id], d.scope[0])]
        self.rng.shuffle(docs)
        per_state: collections.Counter = collections.Counter()
        made = 0
        for cap in (2, 4, 8):
            for doc in docs:
                if made >= quota:
                    return
                usps = doc.metadata["state"]
                if per_state[usps] >= cap or self.used[doc.id] or not self.unique_incident(doc):
                    continue
                county = doc.scope[0]
                surface = self.county_surface(county, force_state=True)
                options = [("incident status", None, "What is the latest on the {name} in {county}?"),
                           ("incident status", None, "Is the {name} in {county} still growing?")]
                if rule_pattern("evacuation").search(self.kb.blob[doc.id]):
                    options.append(("evacuations and closures", "evacuation",
                                    "Are evacuation orders in place in {county} for the {name}?"))
                if rule_pattern("closure").search(self.kb.blob[doc.id]):
                    options.append(("evacuations and closures", "closure",
                                    "Which roads or areas in {county} are closed because of the {name}?"))
                topic, rule, template = self.pick(options)
                text = template.format(name=doc.title, county=surface)
                if self.add(question=text, loc=county, surface=surface, topic=topic,
                            relevance={"entity": doc.title, "rule": rule}, case="exact", expect="answer"):
                    per_state[usps] += 1
                    made += 1

    def family_inciweb_city(self, quota: int) -> None:
        """A city named in an InciWeb update about evacuations, closures or smoke, asked about by its name
        and state -> answer (the update names the city)."""
        rules = [("evacuation", "evacuations and closures",
                  ["Are there wildfire evacuation orders near {city}?",
                   "Do people in {city} need to evacuate because of a wildfire?"]),
                 ("closure", "evacuations and closures",
                  ["Are roads or trails closed near {city} because of a wildfire?"]),
                 ("smoke", "smoke and air quality",
                  ["Is wildfire smoke affecting {city}?",
                   "How is the air quality in {city} with the fires burning nearby?"])]
        docs = self.inciweb_docs()
        self.rng.shuffle(docs)
        made, cities = 0, set()
        for doc in docs:
            if made >= quota:
                break
            usps = doc.metadata["state"]
            found = []
            for word in sorted(set(re.findall(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", doc.text))):
                if word in self.state_names.values():
                    continue
                for i in self.geo.settlements_by_label.get(word, []):
                    node = self.geo.nodes[i]
                    if node.usps == usps and node.level == "place" and node.population >= 2000 and i not in cities:
                        found.append(i)
            self.rng.shuffle(found)
            for city in found[:1]:
                usable = [r for r in rules if rule_pattern(r[0]).search(self.kb.blob[doc.id])]
                if not usable:
                    continue
                rule, topic, templates = self.pick(usable)
                surface = self.city_surface(city, qualify=True)
                text = self.pick(templates).format(city=surface)
                if self.add(question=text, loc=city, surface=surface, topic=topic, relevance={"rule": rule},
                            case="exact", expect="answer"):
                    made += 1
                    cities.add(city)

    # Noun phrases, so that every law template reads naturally with every phrase.
    LAW_PHRASES = {
        "permits": ["burning permits", "permits for open burning", "permits to burn brush and debris"],
        "restrictions": ["burn bans", "bans on open burning in dry weather"],
        "preparedness": ["defensible space around homes", "building in the wildland-urban interface"],
        "prescribed": ["prescribed burning", "prescribed burn managers"],
        "smoke": ["smoke from outdoor burning", "smoke management"],
        "recovery": ["rehabilitating land after a wildfire"],
        "evacuation": ["wildfire evacuations"],
    }
    LAW_TEMPLATES = ["What does {state} law say about {phrase}?",
                     "What do {state} statutes say about {phrase}?",
                     "How does {state} law regulate {phrase}?",
                     "Is there {article} {state} statute on {phrase}?"]

    def family_state_law(self, quota: int) -> None:
        """What a state's law says on a topic: statutes of that state -> answer."""
        combos = []
        for usps in sorted(self.state_names):
            for rule in sorted(self.LAW_PHRASES):
                spec = {"rule": rule, "doc_type": "statute"}
                if any(d.metadata.get("state") == usps for d in self.kb.relevant(spec)):
                    combos.append((usps, rule))
        self.rng.shuffle(combos)
        per_state: collections.Counter = collections.Counter()
        made = 0
        for cap in (1, 2, 3):
            for usps, rule in combos:
                if made >= quota:
                    return
                if per_state[usps] >= cap:
                    continue
                state = self.state_names[usps]
                phrase = self.pick(self.LAW_PHRASES[rule])
                text = self.pick(self.LAW_TEMPLATES).format(state=state, phrase=phrase, article=article(state))
                if self.add(question=text, loc=self.geo.state_of_usps[usps], surface=state,
                            topic=TOPIC_OF_RULE[rule], relevance={"rule": rule, "doc_type": "statute"},
                            case="exact", expect="answer"):
                    per_state[usps] += 1
                    made += 1

    CITY_TEMPLATES = {
        "permits": ["Do I need a permit to burn yard debris in {place}?",
                    "Is a burning permit required for open burning in {place}?",
                    "What are the rules for outdoor burning in {place}?",
                    "Can I burn brush piles in {place} without a permit?"],
        "restrictions": ["Is there a burn ban in {place} right now?",
                         "Are fire restrictions in effect in {place}?",
                         "Can I burn outdoors in {place} during a burn ban?"],
        "preparedness": ["How much defensible space do I need around my home in {place}?",
                         "What wildland-urban interface rules apply to homes in {place}?",
                         "How can I make my property in {place} safer from wildfire?"],
        "prescribed": ["Are prescribed burns allowed near {place}?",
                       "Who may conduct a prescribed burn in {place}?",
                       "What rules apply to prescribed fire in {place}?"],
        "smoke": ["Is wildfire smoke affecting air quality in {place}?",
                  "What limits apply to smoke from burning in {place}?"],
        "evacuation": ["Are there wildfire evacuation orders in {place}?",
                       "Do I need to evacuate {place} because of a wildfire?"],
        "closure": ["Are any roads or trails closed near {place} because of a wildfire?"],
        "recovery": ["Is post-fire recovery work going on near {place}?",
                     "Have burned areas near {place} reopened?"],
    }

    def family_county_topic(self, quota: int) -> None:
        """Topic questions about a county of a state with topical statutes or updates: the evidence is
        usually statewide -> warn; a county named by the evidence -> answer."""
        combos = []
        for rule in sorted(self.CITY_TEMPLATES):
            states = sorted({self.kb.by_id[d.id].metadata.get("state") for d in self.kb.rule_docs(rule)
                             if d.source == "statute"} - {None})
            for usps in states:
                combos.append((usps, rule))
        self.rng.shuffle(combos)
        made = 0
        per_state: collections.Counter = collections.Counter()
        for usps, rule in combos:
            if made >= quota:
                break
            if per_state[usps] >= 2:
                continue
            counties = sorted(c for c in self.geo.children[self.geo.state_of_usps[usps]]
                              if self.geo.nodes[c].level == "county")
            county = self.pick(counties)
            surface = self.county_surface(county, force_state=True)
            text = self.pick(self.CITY_TEMPLATES[rule]).format(place=surface)
            if self.add(question=text, loc=county, surface=surface, topic=TOPIC_OF_RULE[rule],
                        relevance={"rule": rule}, case="broader", expect=("warn",)):
                made += 1
                per_state[usps] += 1

    def mentioned_anywhere(self, label: str) -> bool:
        return re.search(r"(?<![\w-])" + re.escape(label) + r"(?![\w-])", self.kb.corpus_text) is not None

    def family_city_statewide(self, quota: int, no_docs_quota: int) -> None:
        """City questions answered only by state-level evidence. Cities that no document names, in
        counties no document names, form the "no_docs_city" case (the Albuquerque case)."""
        statute_states = sorted({d.metadata.get("state") for d in self.kb.docs if d.source == "statute"})
        rules_of_state = {usps: [r for r in ("permits", "restrictions", "preparedness", "prescribed", "smoke")
                                 if any(d.source == "statute" and d.metadata.get("state") == usps
                                        for d in self.kb.rule_docs(r))]
                          for usps in statute_states}
        cities = []
        for usps in statute_states:
            if not rules_of_state[usps]:
                continue
            for node in self.geo.nodes.values():
                if node.usps == usps and node.level == "place" and node.population >= 25000:
                    cities.append(node.id)
        cities.sort()
        self.rng.shuffle(cities)
        first = ["Q34804"] if "Q34804" in self.geo.nodes else []  # Albuquerque, the paper's example
        no_docs = broader = 0
        per_state: collections.Counter = collections.Counter()
        for city in first + cities:
            if no_docs >= no_docs_quota and broader >= quota:
                break
            node = self.geo.nodes[city]
            if per_state[node.usps] >= 3:
                continue
            counties = self.geo.county_parents(city)
            silent = not self.mentioned_anywhere(node.label) and not any(
                self.mentioned_anywhere(re.sub(r" County$", "", self.geo.nodes[c].label)) for c in counties)
            case = "no_docs_city" if silent else "broader"
            if (case == "no_docs_city" and no_docs >= no_docs_quota) or (case == "broader" and broader >= quota):
                continue
            rule = self.pick(rules_of_state[node.usps])
            surface = self.city_surface(city)
            text = self.pick(self.CITY_TEMPLATES[rule]).format(place=surface)
            if self.add(question=text, loc=city, surface=surface, topic=TOPIC_OF_RULE[rule],
                        relevance={"rule": rule}, case=case, expect="warn"):
                per_state[node.usps] += 1
                if case == "no_docs_city":
                    no_docs += 1
                else:
                    broader += 1

    def family_country(self, quota: int) -> None:
        """Questions about the whole country: the evidence is state law or state incidents -> warn
        (narrower), unless a document speaks of the United States as a whole -> answer."""
        us = "Q30"
        items = [
            ("permits", "statute", ["Do states in the United States require burning permits?",
                                    "What permit rules apply to open burning across the United States?"]),
            ("restrictions", "statute", ["Are burn bans used across the United States?",
                                         "How do burn bans work in the U.S.?"]),
            ("preparedness", "statute", ["What defensible space laws exist in the United States?",
                                         "What wildland-urban interface rules apply in the US?"]),
            ("prescribed", "statute", ["How is prescribed burning regulated in the United States?",
                                       "Who can conduct prescribed burns in the U.S.?"]),
            ("smoke", "statute", ["What laws limit smoke from burning in the United States?"]),
            ("recovery", "statute", ["What laws govern restoring land after wildfires in the United States?"]),
            ("concept:fireworks", None, ["Are fireworks restricted during fire season in the United States?"]),
            ("concept:burn_manager", None, ["How do you become a certified burn manager in the United States?"]),
            ("concept:stage_restrictions", None,
             ["Where are Stage 1 fire restrictions in effect in the United States?"]),
            ("concept:baer", None, ["Where are BAER teams working in the United States?"]),
            ("concept:genasys", None, ["Which U.S. communities use Genasys Protect for evacuation zones?"]),
            ("concept:smoke_outlook", None, ["Where in the United States are smoke outlooks being issued?"]),
            ("concept:red_flag", None, ["Where are Red Flag Warnings in effect in the US?"]),
            ("concept:wui_code", None, ["What wildland-urban interface codes exist in the United States?"]),
            ("concept:spark_arrester", None, ["When are spark arresters required in the United States?"]),
            ("concept:liability", "statute", ["Who pays for wildfire suppression costs under U.S. law?"]),
        ]
        made = 0
        for rule, doc_type, texts in items:
            for text in texts:
                if made >= quota:
                    return
                surface = "US" if re.search(r"\bUS\b", text) else ("U.S." if "U.S." in text else "United States")
                topic = TOPIC_OF_RULE.get(rule) or next(c[2] for c in CONCEPTS if "concept:" + c[0] == rule)
                made += self.add(question=text, loc=us, surface=surface, topic=topic,
                                 relevance={"rule": rule, "doc_type": doc_type},
                                 case="narrower", expect=("warn", "answer"))

    def family_sibling(self, quota: int) -> None:
        """A CAL FIRE incident asked about in a neighbouring county of the same state -> abstain."""
        docs = [d for d in self.calfire_docs(min_acres=200) if len(d.scope) == 1]
        self.rng.shuffle(docs)
        made = 0
        for doc in docs:
            if made >= quota:
                break
            name, year = YEAR_SUFFIX.sub("", doc.title), self.kb.year(doc)
            home = doc.scope[0]
            others = sorted(c for c in self.geo.neighbours.get(home, ())
                            if self.geo.nodes[c].usps == self.geo.nodes[home].usps)
            others = [c for c in others if re.sub(r" County$", "", self.geo.nodes[c].label) not in doc.text
                      and self.geo.nodes[c].label != "San Francisco County"]
            if not others:
                continue
            county = self.pick(others)
            surface = self.county_surface(county, force_state=made % 2 == 0)
            kind = self.pick(["acres", "started", "evac"])
            if kind == "evac":
                text = f"Were there evacuations in {surface} because of the {year} {name}?"
                topic, rule = "evacuations and closures", None
            elif kind == "started":
                text = f"When did the {year} {name} in {surface} start?"
                topic, rule = "incident status", None
            else:
                text = f"How many acres did the {year} {name} burn in {surface}?"
                topic, rule = "incident status", None
            made += self.add(question=text, loc=county, surface=surface, topic=topic,
                             relevance={"entity": name, "year": year, "rule": rule}, case="sibling_trap",
                             expect="abstain", extra={"trap_place_id": home})
        # without a year: a common fire name, none of whose fires burned in the county asked about
        names = sorted(k for k, v in self.kb.by_entity.items()
                       if len([d for d in v if d.source == "calfire"]) >= 3)
        self.rng.shuffle(names)
        extra = 0
        for key in names:
            if extra >= max(3, quota // 5):
                break
            fires = [d for d in self.kb.by_entity[key] if d.source == "calfire" and d.scope]
            name = YEAR_SUFFIX.sub("", fires[0].title)
            if not self.clean_fire_name(name, "CA"):
                continue
            burned = {p for d in self.kb.by_entity[key] for p in d.scope}
            neighbours = sorted({c for p in burned for c in self.geo.neighbours.get(p, ())
                                 if self.geo.nodes[c].usps == "CA"} - burned)
            neighbours = [c for c in neighbours if self.geo.nodes[c].label != "San Francisco County"
                          and not any(re.sub(r" County$", "", self.geo.nodes[c].label) in d.text
                                     for d in self.kb.by_entity[key])]
            if not neighbours:
                continue
            county = self.pick(neighbours)
            surface = self.county_surface(county, force_state=True)
            text = f"Is the {name} in {surface} under control?"
            extra += self.add(question=text, loc=county, surface=surface, topic="incident status",
                              relevance={"entity": name}, case="sibling_trap", expect="abstain")

    def family_other_state(self, quota_fire: int, quota_law: int, quota_city: int) -> None:
        """Evidence exists only for other states -> abstain."""
        # (a) an InciWeb incident asked about in a neighbouring state
        docs = self.inciweb_docs()
        self.rng.shuffle(docs)
        made = 0
        for doc in docs:
            if made >= quota_fire:
                break
            usps = doc.metadata["state"]
            if usps not in self.geo.state_of_usps:
                continue
            options = sorted(s for s in self.geo.state_neighbours(usps) if s in self.state_names)
            if not options:
                continue
            other = self.pick(options)
            state = self.state_names[other]
            if not self.unique_incident(doc):
                continue
            text = self.pick(["Has the {name} spread into {state}?",
                              "What is the containment of the {name} in {state}?",
                              "How many acres has the {name} burned in {state}?"]).format(name=doc.title, state=state)
            made += self.add(question=text, loc=self.geo.state_of_usps[other], surface=state,
                             topic="incident status", relevance={"entity": doc.title}, case="other_state",
                             expect="abstain", require_trap=True,
                             extra={"trap_place_id": self.geo.state_of_usps[usps]})
        # (b) a state's law on a topic its statutes (and updates) do not cover, while other states' do
        combos = [(usps, rule) for usps in sorted(self.state_names) for rule in sorted(self.LAW_PHRASES)]
        self.rng.shuffle(combos)
        priority = [c for c in combos if c[0] in ("CA", "OR", "CO", "MT", "TX")]
        made = 0
        per_state: collections.Counter = collections.Counter()
        for usps, rule in priority + combos:
            if made >= quota_law:
                break
            if per_state[usps] >= 2:
                continue
            state = self.state_names[usps]
            phrase = self.pick(self.LAW_PHRASES[rule])
            text = self.pick(self.LAW_TEMPLATES).format(state=state, phrase=phrase, article=article(state))
            if self.add(question=text, loc=self.geo.state_of_usps[usps], surface=state, topic=TOPIC_OF_RULE[rule],
                        relevance={"rule": rule, "doc_type": "statute"}, case="other_state", expect="abstain"):
                made += 1
                per_state[usps] += 1
        # (c) a city in a state with no evidence on the topic at all
        cities = sorted(n.id for n in self.geo.nodes.values() if n.level == "place" and n.population >= 60000)
        self.rng.shuffle(cities)
        made = 0
        per_state = collections.Counter()
        for city in cities:
            if made >= quota_city:
                break
            node = self.geo.nodes[city]
            if per_state[node.usps] >= 1:
                continue
            rule = self.pick(["restrictions", "preparedness", "permits", "prescribed"])
            if any(self.geo.nodes[p].usps == node.usps for d in self.kb.rule_docs(rule) for p in d.scope
                   if p in self.geo.nodes):
                continue  # evidence from the city's own state (a sibling county) is another case
            surface = self.city_surface(city)
            text = self.pick(self.CITY_TEMPLATES[rule]).format(place=surface)
            if self.add(question=text, loc=city, surface=surface, topic=TOPIC_OF_RULE[rule], relevance={"rule": rule},
                        case="other_state", expect="abstain"):
                made += 1
                per_state[node.usps] += 1

    def family_fire_named(self, quota: int) -> None:
        """Only a CAL FIRE incident is named; the place is the incident's county in the DAG -> answer."""
        names = collections.Counter(entity_key(d.title) for d in self.kb.docs if d.doc_type == "incident_report")
        docs = []
        for doc in self.calfire_docs(min_acres=3000):
            event = doc.metadata.get("event_place_id")
            if not event or event not in self.geo.nodes:
                continue
            counties = self.geo.county_parents(event)
            if len(counties) != 1 or counties[0] not in doc.scope:
                continue
            docs.append((doc, event, counties[0]))
        self.rng.shuffle(docs)
        made = 0
        for doc, event, county in docs:
            if made >= quota:
                break
            name, year = YEAR_SUFFIX.sub("", doc.title), self.kb.year(doc)
            unique = names[entity_key(doc.title)] == 1
            label = name if unique else f"{year} {name}"
            kind = self.pick(["acres", "started", "acres"])
            if kind == "acres":
                text = self.pick(["How many acres did the {label} burn?",
                                  "How large was the {label}?"]).format(label=label)
                answer = self.acres_text(doc)
            else:
                text = self.pick(["When did the {label} start?", "What day did the {label} begin?"]).format(label=label)
                answer = self.started_text(doc)
            relevance = {"entity": name} if unique else {"entity": name, "year": year}
            made += self.add(question=text, loc=county, surface=self.geo.nodes[county].label,
                             topic="incident status", relevance=relevance, case="fire_named", expect="answer",
                             gold_answer=answer, extra={"location_surface": name, "location_event_id": event})

    AMBIGUOUS = ["Springfield", "Paradise", "Portland", "Aurora", "Salem", "Columbia", "Arlington", "Richmond",
                 "Glendale", "Pasadena", "Lakewood", "Rochester", "Concord", "Charleston", "Greenville", "Auburn",
                 "Albany", "Jackson", "Florence", "Vancouver", "Bend", "Boulder City", "Santa Fe", "Peoria",
                 "Kent", "Burlington", "Lancaster", "Franklin", "Athens", "Ontario"]

    def family_ambiguous(self, quota: int) -> None:
        """A city name shared by several states, asked with and without the state."""
        made = 0
        names = list(self.AMBIGUOUS)
        self.rng.shuffle(names)
        for label in names:
            if made >= quota:
                break
            candidates = sorted((i for i in self.geo.settlements_by_label.get(label, [])
                                 if self.geo.nodes[i].level in ("place", "cdp")),
                                key=lambda i: (-self.geo.nodes[i].population, i))
            if len({self.geo.nodes[i].usps for i in candidates}) < 3:
                continue
            rules = ["permits", "restrictions", "preparedness", "prescribed", "evacuation", "smoke"]
            bare = self.resolves_bare(label)
            if bare and made < quota:
                rule = self.pick(rules)
                text = self.pick(self.CITY_TEMPLATES[rule]).format(place=label)
                made += self.add(question=text, loc=bare, surface=label, topic=TOPIC_OF_RULE[rule],
                                 relevance={"rule": rule}, case="ambiguous_name", expect=DECISIONS,
                                 extra={"ambiguous_candidates": len(candidates)})
            # the same name, qualified by the state, for a less populous namesake
            others = [i for i in candidates[1:6] if self.geo.nodes[i].population >= 1000
                      and sum(self.geo.nodes[j].usps == self.geo.nodes[i].usps for j in candidates) == 1]
            if others and made < quota:
                city = self.pick(others)
                node = self.geo.nodes[city]
                style = self.pick(["{label}, {usps}", "{label}, {state}"])
                surface = style.format(label=label, usps=node.usps, state=self.state_names[node.usps])
                rule = self.pick(rules)
                text = self.pick(self.CITY_TEMPLATES[rule]).format(place=surface)
                made += self.add(question=text, loc=city, surface=surface, topic=TOPIC_OF_RULE[rule],
                                 relevance={"rule": rule}, case="ambiguous_name", expect=DECISIONS,
                                 extra={"ambiguous_candidates": len(candidates)})
        # Paradise, California: the town of the 2018 Camp Fire, asked with its state
        paradise = [i for i in self.geo.settlements_by_label.get("Paradise", [])
                    if self.geo.nodes[i].usps == "CA" and self.geo.nodes[i].level == "place"]
        camp = [d for d in self.kb.by_entity.get("camp fire", []) if self.kb.year(d) == 2018
                and paradise and set(self.geo.county_parents(paradise[0])) & set(d.scope)]
        if paradise and camp:
            for text, surface in (("Was Paradise, CA hit by the 2018 Camp Fire?", "Paradise, CA"),
                                  ("How many acres did the 2018 Camp Fire burn around Paradise, California?",
                                   "Paradise, California")):
                self.add(question=text, loc=paradise[0], surface=surface, topic="incident status",
                         relevance={"entity": "Camp Fire", "year": 2018}, case="ambiguous_name",
                         expect=DECISIONS, gold_answer=self.acres_text(camp[0]) if "acres" in text else None,
                         extra={"ambiguous_candidates": len(self.geo.settlements_by_label["Paradise"])})

    def family_multi_county(self, quota: int) -> None:
        """Cities in several counties: evidence scoped to one of their counties (often not the primary
        one) is broader -> warn; a tree that keeps only the primary county would call it a sibling."""
        multi = sorted(i for i, parents in self.geo.parents.items()
                       if self.geo.nodes[i].level == "place" and len(self.geo.county_parents(i)) > 1
                       and self.geo.nodes[i].population >= 5000)
        by_county: dict[str, list[str]] = collections.defaultdict(list)
        for city in multi:
            for county in self.geo.county_parents(city):
                by_county[county].append(city)
        made, cities = 0, set()
        # (a) an incident scoped to one of the city's counties, near the city, which it does not name
        docs = [d for d in self.kb.docs if d.doc_type == "incident_report"
                and any(p in by_county for p in d.scope)]
        docs.sort(key=lambda d: d.id)
        self.rng.shuffle(docs)
        for doc in docs:
            if made >= quota * 2 // 3:
                break
            name = YEAR_SUFFIX.sub("", doc.title)
            usps = doc.metadata.get("state") or "CA"
            if not self.clean_fire_name(name, usps) or not self.unique_incident(doc):
                continue
            lat, lon = doc.metadata.get("latitude"), doc.metadata.get("longitude")
            options = []
            for county in doc.scope:
                for city in by_county.get(county, []):
                    node = self.geo.nodes[city]
                    if city in cities or node.label in doc.text:
                        continue
                    if lat and lon and node.lat is not None and km(float(lat), float(lon), node.lat, node.lon) > 60:
                        continue
                    secondary = county not in self.geo.primary.get(city, set())
                    options.append((not secondary, city))
            if not options:
                continue
            options.sort()
            city = options[0][1]
            surface = self.city_surface(city, qualify=True)
            year = self.kb.year(doc)
            spec = {"entity": name}
            if doc.source == "calfire" or len(self.kb.by_entity[entity_key(doc.title)]) > 1:
                spec["year"] = year
                label = f"{year} {name}"
            else:
                label = name
            text = self.pick(["Is the {label} threatening {city}?", "What is the status of the {label} near {city}?",
                              "How close is the {label} to {city}?"]).format(label=label, city=surface)
            if self.add(question=text, loc=city, surface=surface, topic="incident status", relevance=spec,
                        case="multi_county_city", expect="warn",
                        extra={"county_parents": self.geo.county_parents(city)}):
                made += 1
                cities.add(city)
        # (b) a topic question about a multi-county city; first the cities with topical evidence scoped to
        # one of their secondary counties, then any
        rules = ["evacuation", "restrictions", "permits", "smoke", "prescribed", "closure"]
        pool = [c for c in multi if self.geo.nodes[c].population >= 10000 and c not in cities]
        scoped = collections.defaultdict(set)
        for rule in rules:
            for doc in self.kb.rule_docs(rule):
                for place in doc.scope:
                    scoped[place].add(rule)
        first = []
        for city in pool:
            secondary = set(self.geo.county_parents(city)) - self.geo.primary.get(city, set())
            found = sorted({r for c in secondary for r in scoped.get(c, ())})
            if found:
                first.append((city, found))
        self.rng.shuffle(first)
        rest = [(c, rules[:5]) for c in pool if c not in {f for f, _ in first}]
        self.rng.shuffle(rest)
        for city, options in first + rest:
            if made >= quota:
                break
            rule = self.pick(options)
            surface = self.city_surface(city, qualify=True)
            text = self.pick(self.CITY_TEMPLATES[rule]).format(place=surface)
            if self.add(question=text, loc=city, surface=surface, topic=TOPIC_OF_RULE[rule], relevance={"rule": rule},
                        case="multi_county_city", expect="warn",
                        extra={"county_parents": self.geo.county_parents(city)}):
                made += 1
                cities.add(city)

    def family_independent(self, quota: int) -> None:
        """Questions without a place: evidence anywhere answers them."""
        made = 0
        dependent = dependent_without_place()
        for key, _, topic, wordings, answer in CONCEPTS:
            for text in wordings:
                if made >= quota:
                    return
                if text in dependent:  # its answer depends on where (DESIGN §1): the place is asked for
                    made += self.add(question=text, loc=None, surface=None, topic=topic,
                                     relevance={"rule": "concept:" + key}, case="unplaced", expect="abstain",
                                     dependent=True)
                    continue
                made += self.add(question=text, loc=None, surface=None, topic=topic,
                                 relevance={"rule": "concept:" + key}, case="independent",
                                 expect=("answer", "abstain"), gold_answer=answer)
        # a named InciWeb incident the DAG has no node for: the question has no place at all
        docs = self.inciweb_docs()
        self.rng.shuffle(docs)
        for doc in docs:
            if made >= quota:
                return
            if len(self.kb.by_entity[entity_key(doc.title)]) != 1 or not self.placeless_name(doc.title):
                continue
            pct = doc.metadata.get("percent_contained")
            if pct is None or f"{int(pct)}%" not in doc.text:
                continue
            text = self.pick(["What is the containment of the {name}?", "How contained is the {name}?"]
                             ).format(name=doc.title)
            made += self.add(question=text, loc=None, surface=None, topic="incident status",
                             relevance={"entity": doc.title}, case="independent", expect="answer",
                             gold_answer=f"{int(pct)}%")

    def build(self) -> list[dict]:
        self.family_calfire_county(42)
        self.family_calfire_city(30)
        self.family_inciweb_state(40)
        self.family_inciweb_county(18)
        self.family_inciweb_city(15)
        self.family_state_law(34)
        self.family_county_topic(18)
        self.family_city_statewide(22, 18)
        self.family_country(16)
        self.family_sibling(20)
        self.family_other_state(10, 14, 10)
        self.family_fire_named(20)
        self.family_ambiguous(22)
        self.family_multi_county(20)
        self.family_independent(110)
        temporal.family_temporal(self, temporal.Versions(), {"present_stale": 20, "present_fresh": 8, "past": 14,
                                                              "version": 20, "same_name": 12})
        for number, record in enumerate(self.questions, start=1):
            record["id"] = f"q{number:03d}"
        return self.questions


# -- writing and checking ---------------------------------------------------------------------------

FIELD_ORDER = ("id", "question", "location", "location_dependent", "granularity", "topic", "gold_answer",
               "gold_doc_ids", "gold_decision", "case", "gold_relation", "gold_delta", "trap_doc_ids",
               "trap_doc_count", "relevance", "group", "temporal", "present", "as_of", "asked_day")


def ordered(record: dict) -> dict:
    out = {k: record[k] for k in FIELD_ORDER if k in record}
    out.update({k: v for k, v in record.items() if k not in out})
    return out


def coverage(geo: Geography, records: list[dict]) -> str:
    lines = []
    total = len(records)
    dep = [r for r in records if r["location_dependent"]]
    lines.append(f"questions: {total}  (location-dependent {len(dep)}, location-independent {total - len(dep)})")
    lines.append("")
    lines.append(f"{'gold_decision':<14}{'dependent':>10}{'independent':>12}{'total':>8}")
    for decision in DECISIONS:
        a = sum(1 for r in records if r["gold_decision"] == decision and r["location_dependent"])
        b = sum(1 for r in records if r["gold_decision"] == decision and not r["location_dependent"])
        lines.append(f"{decision:<14}{a:>10}{b:>12}{a + b:>8}")
    lines.append("")

    def table(title: str, key) -> None:
        counts = collections.Counter(key(r) for r in records)
        lines.append(title)
        for name, count in sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0]))):
            lines.append(f"  {str(name):<28}{count:>5}")
        lines.append("")

    table("granularity", lambda r: r["granularity"])
    table("topic", lambda r: r["topic"])
    table("case", lambda r: r.get("case"))
    table("case x gold_decision", lambda r: f"{r.get('case')} / {r['gold_decision']}")
    table("gold relation", lambda r: r.get("gold_relation"))
    states = set()
    cities = set()
    counties = set()
    for r in dep:
        if r["location"] is None:
            continue  # its answer depends on where and it names no place
        node = geo.nodes[r["location"]["id"]]
        if node.usps:
            states.add(node.usps)
        if r["granularity"] == "city":
            cities.add(node.id)
        if r["granularity"] == "county":
            counties.add(node.id)
    lines.append(f"distinct states among locations: {len(states)} ({', '.join(sorted(states))})")
    lines.append(f"distinct cities: {len(cities)}; distinct counties: {len(counties)}")
    with_answer = sum(1 for r in records if r["gold_answer"] is not None)
    lines.append(f"questions with a short gold_answer: {with_answer}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="validate the existing file; do not rewrite it")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    started = time.time()
    geo, kb = load_everything()
    if args.check:
        if not args.output.is_file():
            print(f"{args.output} not found; run without --check to build it", file=sys.stderr)
            return 2
        with args.output.open(encoding="utf-8") as handle:
            try:
                records = [json.loads(line) for line in handle if line.strip()]
            except json.JSONDecodeError as error:
                print(f"{args.output}: not valid JSON Lines ({error})", file=sys.stderr)
                return 1
    else:
        records = [ordered(r) for r in Builder(geo, kb).build()]
        with args.output.open("w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    errors = validate(geo, kb, records) + temporal.check(kb, temporal.Versions(), records)
    print(coverage(geo, records))
    print(f"\n{'checked' if args.check else 'wrote'} {len(records)} questions ({args.output}) "
          f"in {time.time() - started:.1f} s")
    if errors:
        print(f"\n{len(errors)} problem(s):", file=sys.stderr)
        for error in errors[:50]:
            print(f"  {error}", file=sys.stderr)
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
