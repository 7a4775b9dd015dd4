"""What the QA benchmark is built from: its fixed vocabulary (decisions, granularities, topics, cases),
the topic relevance rules and the location-independent concepts, and the knowledge base read from
the shared data (the geography DAG with its indexes, and the corpus).

The rules that derive a question's gold from these are in ``rules.py``; the question families that
write the questions, in ``build.py``.
"""

from __future__ import annotations

import collections
import csv
import gzip
import json
import re
from dataclasses import dataclass
from pathlib import Path

from georisk_graph.delta import reference_delta
from georisk_graph.loaders.corpus import PlaceDirectory, shared_corpus
from georisk_graph.settings import default_geo_dir

DECISIONS = ("answer", "warn", "abstain")
GRANULARITIES = ("country", "state", "county", "city", "none")
TOPICS = ("incident status", "evacuations and closures", "smoke and air quality",
          "restrictions and burn bans", "permits and regulations", "preparedness", "prescribed fire",
          "recovery")
CASES = ("exact", "broader", "narrower", "sibling_trap", "other_state", "no_docs_city",
         "ambiguous_name", "multi_county_city", "fire_named", "independent", "unplaced")
LEVEL_OF = {"country": "country", "state": "state", "federal_district": "state", "county": "county",
            "place": "city", "cdp": "city", "populated_place": "city"}
SETTLEMENTS = ("place", "cdp", "populated_place")
RELATION_CLASS = {"exact": 0, "broader": 1, "narrower": 1, "different": 2, "unrelated": 3}
# Names a reader would take for a place outside the United States when written alone.
FOREIGN_NAMES = {"Ontario", "Vancouver", "Paris", "London", "Berlin", "Athens", "Florence", "Dublin", "Toronto",
                 "Moscow", "Lebanon", "Mexico", "Cuba", "Peru", "Manchester", "Cambridge", "Oxford", "Victoria",
                 "New Brunswick", "Windsor", "Kingston", "Hamilton", "Quebec", "Alberta", "Waterloo", "Delhi"}
REQUIRED_KEYS = ("id", "question", "location", "location_dependent", "granularity", "topic",
                 "gold_answer", "gold_doc_ids", "gold_decision")

# -- relevance rules --------------------------------------------------------------------------------
# Topic rules decide whether a document speaks about the question's subject at all. They are searched
# in "title\ntext", case-insensitively unless the pattern sets its own flags.

TOPIC_RULES: dict[str, str] = {
    "evacuation": r"\bevacuat\w*",
    "closure": (r"\b(?:road|area|trail|forest|emergency|campground) closures?\b|\bclosure orders?\b"
                r"|\bclosed to (?:the )?public\b"
                r"|\b(?:roads?|trails?|highway|campgrounds?|areas?) (?:is |are |remains? |remain )?closed\b"),
    "smoke": r"\bsmoke\b(?![ -](?:detectors?|alarms?|free))|\bair quality\b",
    "restrictions": (r"\bburn(?:ing)? bans?\b|\bfire restrictions?\b|\bstage (?:1|2|one|two|i|ii) "
                     r"(?:fire )?restrictions?\b|\bfire prohibitions?\b|\bban on (?:open )?burning\b"
                     r"|\bprohibit\w* (?:open |outdoor )?burning\b"),
    "permits": (r"\bburn(?:ing)? permits?\b|\bpermits? to burn\b|\bopen burning\b|\boutdoor burning\b"
                r"|\bburning authoriz\w*"),
    "preparedness": (r"\bdefensible space\b|\bfirewise\b|\bready,? set,? go\b|\bhome ignition zone\b"
                     r"|\bwildland[- ]urban interface\b|\bfire[- ]adapted communit\w*|\bhome hardening\b"),
    "prescribed": (r"\bprescribed (?:fire|burn\w*)\b|\bpile burn\w*|\bcontrolled burn\w*"
                   r"|\bbroadcast burn\w*"),
    "recovery": (r"(?-i:\bBAER\b)|\bburned area emergency\b|\bpost-fire\b|\bsuppression repair\b"
                 r"|\breopen(?:ed|ing|s)?\b|\bburned area rehabilitation\b|\bfire rehabilitation\b"),
}
TOPIC_OF_RULE = {
    "evacuation": "evacuations and closures", "closure": "evacuations and closures",
    "smoke": "smoke and air quality", "restrictions": "restrictions and burn bans",
    "permits": "permits and regulations", "preparedness": "preparedness",
    "prescribed": "prescribed fire", "recovery": "recovery",
}

# Concepts asked about without a place (location-independent). Each names its own, narrower rule,
# its topic, and two wordings. A short gold answer is given where the corpus states one verbatim.
CONCEPTS: list[tuple[str, str, str, tuple[str, ...], str | None]] = [
    ("red_flag", r"\bred flag warnings?\b", "restrictions and burn bans",
     ("What is a Red Flag Warning?", "What does it mean when a Red Flag Warning is issued?"), None),
    ("tfr", r"\btemporary flight restrictions?\b|(?-i:\bTFR\b)", "evacuations and closures",
     ("What is a Temporary Flight Restriction over a wildfire?",
      "Why is airspace restricted over an active wildfire?"), None),
    ("drones", r"\bdrones?\b", "evacuations and closures",
     ("Why should people not fly drones near a wildfire?",
      "What happens to firefighting aircraft when someone flies a drone over a fire?"), None),
    ("hotshots", r"\bhotshots?\b", "incident status",
     ("What is a hotshot crew?", "What kind of work do interagency hotshot crews do on a fire?"), None),
    ("spot_fires", r"\bspot fires?\b|\bspotting\b", "incident status",
     ("What is a spot fire?", "How does spotting make a wildfire harder to contain?"), None),
    ("mop_up", r"\bmop[- ]?up\b", "incident status",
     ("What does mop up mean on a wildfire?", "What do crews do during mop-up?"), None),
    ("cimt", r"\bcomplex incident management teams?\b|(?-i:\bCIMT\b)", "incident status",
     ("What is a Complex Incident Management Team?",
      "When does a Complex Incident Management Team take command of a fire?"), None),
    ("baer", r"(?-i:\bBAER\b)|\bburned area emergency response\b", "recovery",
     ("What does BAER stand for?", "What does a BAER team do after a wildfire?"),
     "Burned Area Emergency Response"),
    ("suppression_repair", r"\bsuppression repair\b", "recovery",
     ("What is suppression repair?", "What work is done during suppression repair after a fire?"), None),
    ("pile_burning", r"\bpile burn\w*", "prescribed fire",
     ("What is pile burning?", "Why do land managers burn slash piles in winter?"), None),
    ("mastication", r"\bmasticat\w*", "prescribed fire",
     ("What is mastication in fuels treatment?", "How is mastication used to reduce wildfire fuels?"),
     None),
    ("defensible_space", r"\bdefensible space\b", "preparedness",
     ("What is defensible space?", "Why is defensible space important for homes near wildlands?"), None),
    ("firewise", r"\bfirewise\b", "preparedness",
     ("What is a Firewise community?", "What does the Firewise program do?"), None),
    ("ready_set_go", r"\bready,? set,? go\b", "evacuations and closures",
     ("What does Ready, Set, Go! mean for wildfire evacuations?",
      "What are the Ready, Set, Go evacuation steps?"), None),
    ("stage_restrictions", r"\bstage (?:1|one|i) (?:fire )?restrictions?\b", "restrictions and burn bans",
     ("What are Stage 1 fire restrictions?", "What activities do Stage 1 fire restrictions prohibit?"),
     None),
    ("burn_ban", r"\bburn(?:ing)? bans?\b", "restrictions and burn bans",
     ("What is a burn ban?", "What does a burn ban prohibit?"), None),
    ("smoke_management", r"\bsmoke management\b", "smoke and air quality",
     ("What is a smoke management plan?", "How is smoke from prescribed burns managed?"), None),
    ("airnow", r"\bairnow\b|\bfire\.airnow\b", "smoke and air quality",
     ("Where can I check current air quality from wildfire smoke?",
      "What website shows smoke and air quality conditions during fires?"), "AirNow"),
    ("smoke_sensitive", r"\bsensitive (?:groups|individuals)\b|\brespiratory (?:problems|conditions)\b",
     "smoke and air quality",
     ("Who is most at risk from wildfire smoke?",
      "Should people with respiratory problems stay indoors when wildfire smoke is heavy?"), None),
    ("open_burning", r"\bopen burning\b", "permits and regulations",
     ("What counts as open burning?", "What are the general rules for open burning?"), None),
    ("full_suppression", r"\bfull suppression\b", "incident status",
     ("What does a full suppression strategy mean?",
      "What is the difference between full suppression and other fire strategies?"), None),
    ("confine_contain", r"\bconfine and contain\b|\bconfinement\b", "incident status",
     ("What is a confine and contain strategy?", "Why would managers use a confinement strategy on a fire?"),
     None),
    ("firing_operations", r"\bfiring operations?\b|\bburnout operations?\b|\bburn(?:ing)? out\b",
     "incident status",
     ("What are firing operations on a wildfire?", "Why do firefighters set burnout operations?"), None),
    ("dozer_line", r"\bdozer lines?\b", "incident status",
     ("What is a dozer line?", "How are dozer lines used to contain a wildfire?"), None),
    ("handline", r"\bhand ?lines?\b", "incident status",
     ("What is handline on a wildfire?", "How do crews build handline?"), None),
    ("retardant", r"\bretardant\b", "incident status",
     ("What is fire retardant?", "How do air tankers use retardant on wildfires?"), None),
    ("evacuation_levels", r"\blevel (?:1|2|3)\b", "evacuations and closures",
     ("What do Level 1, Level 2 and Level 3 evacuation notices mean?",
      "What is a Level 3 evacuation notice?"), None),
    ("genasys", r"\bgenasys\b|\bzonehaven\b", "evacuations and closures",
     ("What is Genasys Protect?", "Where can residents look up their evacuation zone?"), None),
    ("red_cross", r"\bred cross\b", "evacuations and closures",
     ("Where do evacuees go during a wildfire?", "What role does the Red Cross play for wildfire evacuees?"),
     None),
    ("fireworks", r"\bfireworks?\b", "restrictions and burn bans",
     ("Are fireworks restricted during fire season?", "Why are fireworks banned during high fire danger?"),
     None),
    ("wui_code", r"\bwildland[- ]urban interface codes?\b", "preparedness",
     ("What is a wildland-urban interface code?", "Who can adopt a wildland-urban interface code?"), None),
    ("fire_warden", r"\bfire wardens?\b", "permits and regulations",
     ("What does a fire warden do?", "Who appoints fire wardens?"), None),
    ("hazardous_fuels", r"\bhazardous fuels?\b", "prescribed fire",
     ("What is hazardous fuels reduction?", "Why do agencies treat hazardous fuels?"), None),
    ("human_caused", r"\bhuman[- ]caused\b", "incident status",
     ("How many wildfires are human-caused?", "What are common human causes of wildfires?"), None),
    ("campfires", r"\bcampfires?\b", "restrictions and burn bans",
     ("How should I put out a campfire?", "When are campfires not allowed?"), None),
    ("spark_arrester", r"\bspark arrest\w*", "permits and regulations",
     ("What is a spark arrester?", "When is a spark arrester required?"), None),
    ("burn_manager", r"\bcertified (?:prescribed )?burn managers?\b", "prescribed fire",
     ("What is a certified prescribed burn manager?", "How does someone become a certified burn manager?"),
     None),
    ("liability", r"\bliab(?:le|ility)\b", "permits and regulations",
     ("Who is liable for the cost of fighting a wildfire someone started?",
      "Can a person be held liable for damage from an escaped fire?"), None),
    ("evacuation_warning", r"\bevacuation warnings?\b", "evacuations and closures",
     ("What is the difference between an evacuation warning and an evacuation order?",
      "What should I do under an evacuation warning?"), None),
    ("debris_flow", r"\bflash floods?\b|\bdebris flows?\b", "recovery",
     ("Why are burn scars at risk of flash floods?", "What is a post-fire debris flow?"), None),
    ("hazard_trees", r"\bhazard trees?\b", "recovery",
     ("What are hazard trees after a fire?", "Why do crews remove hazard trees after a wildfire?"), None),
    ("one_less_spark", r"\bone less spark\b", "preparedness",
     ("What is the One Less Spark campaign?", "How can I avoid starting a wildfire with equipment?"), None),
    ("unified_command", r"\bunified command\b", "incident status",
     ("What is unified command on a wildfire?", "Why do agencies fight fires under unified command?"), None),
    ("air_tankers", r"\bair ?tankers?\b|\bairtankers?\b", "incident status",
     ("What are air tankers used for on wildfires?", "When are air tankers grounded?"), None),
    ("smokejumpers", r"\bsmokejumpers?\b", "incident status",
     ("What are smokejumpers?", "How do smokejumpers reach remote fires?"), None),
    ("relative_humidity", r"\brelative humidity\b|\bhumidities\b", "incident status",
     ("How does relative humidity affect fire behavior?", "Why do low humidities increase fire spread?"),
     None),
    ("smoke_outlook", r"\bsmoke outlooks?\b|\bsmoke forecasts?\b", "smoke and air quality",
     ("What is a smoke outlook?", "Where can I find a wildfire smoke forecast?"), None),
    ("burn_plan", r"\bburn plans?\b|\bburn windows?\b", "prescribed fire",
     ("What is a prescribed burn plan?", "What conditions must be met before a prescribed burn starts?"),
     None),
    ("invasive_grass", r"\bcheatgrass\b|\binvasive\b", "recovery",
     ("How do invasive grasses change wildfire risk?", "Why is cheatgrass a wildfire problem?"), None),
    ("forest_health", r"\bforest health\b", "prescribed fire",
     ("What are forest health treatments?", "How do forest health treatments reduce wildfire risk?"), None),
    # Asked often, but nothing in the corpus speaks to them: the right decision is to abstain.
    ("fema_assistance", r"\bFEMA individual assistance\b|\bindividual assistance\b", "recovery",
     ("How do I apply for FEMA individual assistance after losing my home to a wildfire?",), None),
    ("kbdi", r"\bKeetch[- ]Byram\b|(?-i:\bKBDI\b)", "restrictions and burn bans",
     ("What is the Keetch-Byram Drought Index?",), None),
    ("fhsz", r"\bfire hazard severity zones?\b", "preparedness",
     ("What is a Fire Hazard Severity Zone?",), None),
    ("leave_no_trace", r"\bleave no trace\b", "restrictions and burn bans",
     ("What are the Leave No Trace rules for campfires?",), None),
    ("n95", r"\bN-?95s?\b|\brespirators?\b", "smoke and air quality",
     ("Do N95 masks protect against wildfire smoke?",), None),
    ("ember_resistant_vents", r"\bember[- ]resistant vents?\b", "preparedness",
     ("Do ember-resistant vents help protect a house from wildfire?",), None),
]
for key, pattern, *_ in CONCEPTS:
    TOPIC_RULES["concept:" + key] = pattern

_COMPILED: dict[str, re.Pattern] = {}


def rule_pattern(name: str) -> re.Pattern:
    if name not in _COMPILED:
        _COMPILED[name] = re.compile(TOPIC_RULES[name], re.IGNORECASE)
    return _COMPILED[name]


# -- geography --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Node:
    id: str
    label: str
    level: str
    usps: str
    population: int
    lat: float | None
    lon: float | None
    county_fips: str
    extra: str


def _int(text: str) -> int:
    try:
        return int(float(text))
    except (TypeError, ValueError):
        return 0


def _float(text: str) -> float | None:
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


class Geography:
    """The node table, the administrative parents (located_in) and a few indexes."""

    def __init__(self, geo_dir: Path) -> None:
        self.nodes: dict[str, Node] = {}
        with gzip.open(geo_dir / "us_geo_nodes.csv.gz", "rt", encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                self.nodes[row["node_id"]] = Node(
                    row["node_id"], row["label"], row["level"], row["state_usps"], _int(row["population"]),
                    _float(row["lat"]), _float(row["lon"]), row["county_fips"], row["extra"])
        self.parents: dict[str, list[str]] = collections.defaultdict(list)
        self.primary: dict[str, set[str]] = collections.defaultdict(set)
        with gzip.open(geo_dir / "us_geo_edges.csv.gz", "rt", encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                if row["relation"] != "located_in":
                    continue
                self.parents[row["child_id"]].append(row["parent_id"])
                if row["primary"] == "1":
                    self.primary[row["child_id"]].add(row["parent_id"])
        self.parents = dict(self.parents)
        self.children: dict[str, list[str]] = collections.defaultdict(list)
        for child, parents in self.parents.items():
            for parent in parents:
                self.children[parent].append(child)
        self.state_of_usps = {n.usps: n.id for n in self.nodes.values() if n.level == "state"}
        self.settlements_by_label: dict[str, list[str]] = collections.defaultdict(list)
        self.counties_by_label: dict[str, list[str]] = collections.defaultdict(list)
        for node in self.nodes.values():
            if node.level in SETTLEMENTS:
                self.settlements_by_label[node.label].append(node.id)
            elif node.level == "county":
                self.counties_by_label[node.label].append(node.id)
        self.county_of_fips = {n.county_fips: n.id for n in self.nodes.values()
                               if n.level == "county" and n.county_fips}
        self._ancestor_cache: dict[str, dict[str, int]] = {}
        self._delta_cache: dict[tuple[str, str], tuple] = {}
        self.neighbours = self._county_neighbours(geo_dir)

    def _county_neighbours(self, geo_dir: Path) -> dict[str, set[str]]:
        """Counties sharing a boundary arc in the Census 1:10m TopoJSON (raw/us-atlas_counties-10m)."""
        path = geo_dir / "raw" / "us-atlas_counties-10m.json.gz"
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            topology = json.load(handle)
        arcs_of: dict[str, set[int]] = {}

        def walk(value, into: set[int]) -> None:
            if isinstance(value, list):
                for item in value:
                    walk(item, into)
            else:
                into.add(value if value >= 0 else ~value)

        for geometry in topology["objects"]["counties"]["geometries"]:
            county = self.county_of_fips.get(str(geometry.get("id")))
            if county and geometry.get("arcs"):
                walk(geometry["arcs"], arcs_of.setdefault(county, set()))
        by_arc: dict[int, list[str]] = collections.defaultdict(list)
        for county, arcs in arcs_of.items():
            for arc in arcs:
                by_arc[arc].append(county)
        neighbours: dict[str, set[str]] = collections.defaultdict(set)
        for counties in by_arc.values():
            for a in counties:
                for b in counties:
                    if a != b:
                        neighbours[a].add(b)
        return dict(neighbours)

    def state_id(self, node_id: str) -> str | None:
        node = self.nodes[node_id]
        if node.level == "country":
            return None
        return self.state_of_usps.get(node.usps)

    def county_parents(self, node_id: str) -> list[str]:
        return [p for p in self.parents.get(node_id, []) if self.nodes[p].level == "county"]

    def delta(self, query: str, target: str) -> tuple:
        key = (query, target)
        if key not in self._delta_cache:
            self._delta_cache[key] = reference_delta(self.parents, query, target)
        return self._delta_cache[key]

    def state_neighbours(self, usps: str) -> set[str]:
        result = set()
        for county in self.children.get(self.state_of_usps[usps], []):
            for other in self.neighbours.get(county, ()):
                if self.nodes[other].usps != usps:
                    result.add(self.nodes[other].usps)
        return result


# -- knowledge base ---------------------------------------------------------------------------------

YEAR_SUFFIX = re.compile(r"\s*\((\d{4})\)\s*$")


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def entity_key(title: str) -> str:
    return norm(YEAR_SUFFIX.sub("", title))


class KnowledgeBase:
    def __init__(self, places: PlaceDirectory) -> None:
        self.docs = list(shared_corpus(places=places, problems=[]))
        self.by_id = {d.id: d for d in self.docs}
        self.blob = {d.id: f"{d.title}\n{d.text}" for d in self.docs}
        self.by_entity: dict[str, list] = collections.defaultdict(list)
        for doc in self.docs:
            if doc.doc_type == "incident_report":
                self.by_entity[entity_key(doc.title)].append(doc)
        self._rule_cache: dict[str, list] = {}
        self.corpus_text = "\n".join(self.blob[d.id] for d in self.docs)

    @staticmethod
    def year(doc) -> int | None:
        match = YEAR_SUFFIX.search(doc.title)
        if match:
            return int(match.group(1))
        stamp = doc.metadata.get("incident_created") or doc.metadata.get("version_first_seen") or doc.published
        return int(str(stamp)[:4]) if stamp else None

    def rule_docs(self, rule: str) -> list:
        if rule not in self._rule_cache:
            pattern = rule_pattern(rule)
            self._rule_cache[rule] = [d for d in self.docs if pattern.search(self.blob[d.id])]
        return self._rule_cache[rule]

    def relevant(self, spec: dict) -> list:
        if spec.get("entity"):
            pool = self.by_entity.get(norm(spec["entity"]), [])
        elif spec.get("rule"):
            pool = self.rule_docs(spec["rule"])
        else:
            pool = self.docs
        result = []
        for doc in pool:
            if spec.get("doc_type") and doc.doc_type != spec["doc_type"]:
                continue
            if spec.get("year") and self.year(doc) != spec["year"]:
                continue
            if spec.get("section") and (doc.metadata.get("section_number") != spec["section"]
                                        or doc.metadata.get("state") != spec.get("state")):
                continue
            if spec.get("rule") and not rule_pattern(spec["rule"]).search(self.blob[doc.id]):
                continue
            result.append(doc)
        return result



def load_everything() -> tuple[Geography, KnowledgeBase]:
    geo_dir = default_geo_dir()
    places = PlaceDirectory.from_csv(geo_dir / "us_geo_nodes.csv.gz")
    return Geography(geo_dir), KnowledgeBase(places)
