"""Derive the fresh question set (benchmarks/qa/fresh.jsonl) from hand-written seeds and the shared data.

Each seed gives the question text, the place it names, the document it was written from, the topic and,
where short, the answer as it appears in that document. Everything else is computed here:

* the document's scope (statute -> its state; CAL FIRE -> its counties; InciWeb -> the county holding its
  coordinates plus the counties it names; a national forest that is a DAG node -> that forest too),
* the relation of the question's place to that scope over administrative (located_in) edges,
* the gold decision (exact -> answer; broader/narrower -> warn; different or none -> abstain),
* and two keyword checks that drop a seed whose gold would be unsafe: an abstain seed is dropped when any
  document about the place, an ancestor or a descendant matches the topic; a warn seed is dropped when a
  document about the place itself matches the topic. A location-independent abstain seed is dropped when
  any document in the corpus matches.
* optional seed fields (the place-writing set, seeds_e): `ld` with no place -> the question depends on where
  but names no place the data holds: abstain, relation "unplaced", no documents, no check; `unplaced` with a
  state as place -> a smaller place the data does not hold, named with its state: at most warn. Records copy
  `unplaced`, `written` (how the place is written) and `language` when the seed gives them.

    python benchmarks/qa/fresh/derive.py            # writes benchmarks/qa/fresh.jsonl
    python benchmarks/qa/fresh/derive.py --check    # rebuilds in memory, exits 1 if the file differs
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))

from geo import Corpus, CountyShapes, Geo, as_list  # noqa: E402
import importlib  # noqa: E402

from seeds import SEEDS  # noqa: E402
from temporal import AS_OF, INCIDENT_DAYS, about_present  # noqa: E402  (the main set's time rules 1-2)

REPO = Path(__file__).resolve().parents[3]
OUT = REPO / "benchmarks" / "qa" / "fresh.jsonl"

# Topic -> keyword pattern used for the sanity check on the seed document and for the absence checks.
TOPICS = {
    "burn permits and burn bans": r"burn(ing)?[ -]ban|open fire|burning of|set fire to|fire seasons?|burn(ing)? permit|open burning|permit to burn|permit .{0,40}burn|burn .{0,40}permit|outdoor burning",
    "fire restrictions": r"fire restrictions?|stage (1|2|i|ii|one|two)\b|fire prohibitions?|campfire|restrictions? (on|are|is) ",
    "evacuations": r"evacuat",
    "incident status: acres burned": r"\bacres?\b",
    "incident status: containment": r"contain",
    "incident status: cause": r"caus|lightning|human-caused|investigation",
    "incident status: start date": r"start|discover|reported|began|ignit|detected|broke out",
    "incident status: agency in charge": r"command|managed|management team|administrative unit|responsib|jurisdiction|unit\b",
    "prescribed fire": r"prescribed (fire|burn)|pile burn|controlled burn",
    "red flag warnings": r"red flag",
    "defensible space": r"defensible space|firewise|home ignition|fuel break|clearance",
    "penalties for starting a fire": r"penalt|misdemeanor|\bfined\b|\bfines? of|imprison|felony|civil damages|\bliab(le|ility)",
    "closures": r"closure|closed",
    "wildland-urban interface code": r"wildland[- ]urban interface",
    "fire wardens and agencies": r"fire warden|forest fire|forestry",
    "drones near wildfires": r"drone",
    "incident status: structures lost": r"destroy|damag|structures",
    "post-fire recovery": r"BAER|Burned Area Emergency|recovery",
    "non-wildfire hazards": r"tsunami|earthquake|hurricane|tornado|flood|avalanche|volcan|radon|heat dome|snow load|blizzard",
}

RANK = {"exact": "answer", "broader": "warn", "narrower": "warn", "different": "abstain", "none": "abstain"}


def resolve_place(spec: str | None, geo: Geo) -> str | None:
    """'state:NE' | 'county:Mesa, CO' | 'city:Grand Junction, CO' -> node id (unique, or an error)."""
    if spec is None:
        return None
    kind, _, rest = spec.partition(":")
    if kind == "state":
        return geo.state_by_usps[rest]
    if kind == "node":
        return rest
    name, _, st = rest.rpartition(", ")
    if kind == "county":
        key = name.lower().replace("saint ", "st. ")
        for suf in (" county", " parish", " borough", " census area"):
            if key.endswith(suf):
                key = key[: -len(suf)]
        return geo.counties_in_state[st][key]
    if kind == "city":
        pref = {"place": 0, "cdp": 1, "populated_place": 2, "county": 3}
        cands = [nid for nid, n in geo.nodes.items()
                 if n["state_usps"] == st and n["level"] in pref and n["level"] != "county"
                 and (n["label"] == name or f"{name}, {st}" in n["aliases"].split("|"))]
        if not cands:  # consolidated city-counties carry the city's name as an alias
            cands = [nid for nid, n in geo.nodes.items()
                     if n["state_usps"] == st and n["level"] == "county"
                     and f"{name}, {st}" in n["aliases"].split("|")]
        if not cands:
            raise KeyError(spec)
        cands.sort(key=lambda nid: (pref[geo.nodes[nid]["level"]], -float(geo.nodes[nid]["population"] or 0), nid))
        return cands[0]
    raise ValueError(spec)


def granularity(node: str | None, geo: Geo) -> str:
    if node is None:
        return "none"
    level = geo.nodes[node]["level"]
    if level in ("state", "county"):
        return level
    return "city"


def pick_version(corpus: Corpus, key: str, answer: str | None, topic_res: list[re.Pattern]) -> dict:
    """The newest version of a document that holds the answer and is on the topic (any of topic_res)."""
    versions = corpus.versions(key)
    if not versions:
        raise KeyError(f"no document {key}")
    order = sorted(versions, key=lambda d: (d["record"].get("version_last_seen") or "", d["record"].get("doc_id") or ""),
                   reverse=True)
    for d in order:
        if (answer is None or answer in d["text"]) and any(t.search(d["text"]) for t in topic_res):
            return d
    raise ValueError(f"{key}: no version holds answer {answer!r} on the topic")


def evidence_of(doc: dict, geo: Geo) -> dict:
    r = doc["record"]
    src = doc["source"]
    if src == "statute":
        ev = {"source": "statute", "doc_id": r["doc_id"], "state": r["state"], "section_number": r["section_number"],
              "heading": r["heading"], "code_path": r["code_path"]}
    elif src == "calfire":
        ev = {"source": "calfire", "incident_id": r["incident_id"], "incident_name": r["name"],
              "year": (r["started"] or "")[:4], "started": r["started"], "counties": as_list(r["counties"]),
              "state": "CA", "url": r["url"]}
    else:
        ev = {"source": src, "inciweb_id": r["inciweb_id"], "doc_id": r["doc_id"], "incident_name": r["title"],
              "incident_type": r["incident_type"], "state": r["state"], "lat": r["lat"], "lon": r["lon"],
              "version_first_seen": r["version_first_seen"], "version_last_seen": r["version_last_seen"],
              "url": r["url"]}
    ev["scope"] = [{"id": s, "name": geo.label(s), "level": geo.nodes[s]["level"]} for s in sorted(doc["scopes"])]
    return ev


# Words after a town's name that make it part of another name ("Custer County", "the Chico Fire").
_NOT_THE_TOWN = r"(?!\s+(?:County|Parish|Borough|Fire|Complex|National|State Park|Creek|Lake|River|Mountain|Peak|Road|Ridge|Canyon|Valley|Ranger))"


def doc_state(doc: dict) -> str | None:
    return "CA" if doc["source"] == "calfire" else doc["record"].get("state")


def add_named_cities(corpus: Corpus, geo: Geo) -> None:
    """Rule 2: a passage is also about the places it names. Every city a seed asks about is added to the
    places of each document of its state that names it as a town (not as part of "X County" or "X Fire"):
    "the fire started near Bidwell Park in Chico" is about Chico."""
    cities = {}
    for seed in SEEDS:
        if (seed.get("place") or "").startswith("city:"):
            node = resolve_place(seed["place"], geo)
            if geo.nodes[node]["level"] != "county":
                name = geo.nodes[node]["label"]
                cities[node] = (geo.nodes[node]["state_usps"],
                                re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])" + _NOT_THE_TOWN))
    for doc in corpus.docs:
        state = doc_state(doc)
        for node, (usps, pattern) in cities.items():
            if usps == state and pattern.search(doc["text"]):
                doc["scopes"].add(node)


def last_day(corpus: Corpus, key: str) -> str | None:
    """The last day the stored document shows (its newest version): an InciWeb page's last day seen, a
    CAL FIRE record's last update (else when it was out, never before it started); None for a statute."""
    versions = corpus.versions(key)
    record = versions[0]["record"]
    if versions[0]["source"] == "statute":
        return None
    if versions[0]["source"] == "calfire":
        started = (record.get("started") or "")[:10] or None
        end = (record.get("updated") or record.get("extinguished") or "")[:10] or None
        return max(end, started) if end and started else end or started
    return max((v["record"].get("version_last_seen") or "")[:10] for v in versions) or None


def is_stale(corpus: Corpus, key: str) -> bool:
    """Rule 2 of the main set's time rules: an incident report last shown more than INCIDENT_DAYS before AS_OF."""
    day = last_day(corpus, key)
    return day is not None and (date.fromisoformat(AS_OF) - date.fromisoformat(day)).days > INCIDENT_DAYS


_YEAR_IN = re.compile(r"\b(?:19|20)\d\d\b")


def incident_key(title: str) -> str:
    """An incident's name as titles give it: "Carr Fire (2018)", "Carr Fire" and "Carr" all give "carr"."""
    return re.sub(r"\s+(?:fire|complex)$", "", re.sub(r"\s*\(\d{4}\)\s*$", "", title).strip().lower())


def incident_year(doc: dict) -> str | None:
    r = doc["record"]
    return (r.get("started") if doc["source"] == "calfire" else r.get("version_first_seen") or "")[:4] or None


def incident_title(doc: dict) -> str:
    return doc["record"].get("name") if doc["source"] == "calfire" else doc["record"].get("title") or ""


def dependent_without_place() -> set[str]:
    """The questions written without a place whose answer depends on where (benchmarks/qa/dependent_without_place.jsonl,
    read against DESIGN §1 apart from the answering code; every set's builder reads it)."""
    path = HERE.parent / "dependent_without_place.jsonl"
    return {json.loads(line)["question"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


def build(shared: Path, prefix: str = "f") -> tuple[list[dict], list[str]]:
    geo = Geo(shared / "data" / "geo")
    STATE_CODES.update({geo.nodes[n]["label"]: usps for usps, n in geo.state_by_usps.items()})
    shapes = CountyShapes(shared / "data" / "geo" / "raw" / "us-atlas_counties-10m.json.gz")
    corpus = Corpus(shared / "data" / "corpus", geo, shapes)
    add_named_cities(corpus, geo)
    out, dropped, errors = [], [], []
    dependent = dependent_without_place()
    for seed in SEEDS:
        if seed["place"] is None and seed["q"] in dependent:
            seed = {**seed, "ld": True}  # its answer depends on where, read so against DESIGN §1 apart from the code
        topic = seed["topic"]
        topic_re = re.compile(TOPICS[topic], re.I)
        checks = [re.compile(p, re.I) for p in (seed.get("check") or [TOPICS[topic]])]
        on_topic = [topic_re] + ([re.compile("(?s)" + "".join(f"(?=.*{p})" for p in seed["check"]), re.I)]
                                 if seed.get("check") else [])
        try:
            docs = [pick_version(corpus, k, seed.get("answer") if i == 0 else None, on_topic)
                    for i, k in enumerate(seed["docs"])]
            place = resolve_place(seed["place"], geo)
        except (KeyError, ValueError) as exc:
            errors.append(f'{seed["q"]!r}: {exc!r}')
            continue
        unplaced = seed.get("unplaced")
        if seed.get("ld") and place is not None or unplaced and not seed.get("ld") and (
                place is None or geo.nodes[place]["level"] != "state"):
            errors.append(f'{seed["q"]!r}: ld needs place None; unplaced needs ld or a state')
            continue
        if seed.get("ld"):
            # Rule 6: a question that depends on where but names no place (or only places no data holds):
            # whatever the corpus holds, the answer is to ask for the place. No keyword check applies.
            out.append({
                "id": "",
                "question": seed["q"],
                "location": None,
                "location_dependent": True,
                "granularity": "none",
                "topic": topic,
                "gold_answer": None,
                "gold_doc_ids": [],
                "gold_decision": "abstain",
                "gold_relation": "unplaced",
                "evidence": {"source": None},
                **({"present": True, "as_of": AS_OF} if about_present(seed["q"]) else {}),
                "unplaced": list(unplaced or []),
                **seed_fields(seed),
            })
            continue

        if place is None:
            relation, via, delta = "none", None, None
            if docs:
                decision = "answer"
            else:
                hits = [d["key"] for d in corpus.docs if all(c.search(d["text"]) for c in checks)]
                if hits:
                    dropped.append(f'{seed["q"]!r}: corpus covers it ({hits[0]})')
                    continue
                decision = "abstain"
        else:
            if docs:
                relation, via, delta = geo.relation(place, docs[0]["scopes"])
            else:
                relation, via, delta = "none", None, float("inf")
            decision = RANK[relation]
            if decision == "abstain":
                hits = [(d["key"], rel) for d, rel, _ in corpus.related(place)
                        if all(c.search(d["text"]) for c in checks)]
                if hits:
                    dropped.append(f'{seed["q"]!r}: {hits[0][1]} evidence on the topic ({hits[0][0]})')
                    continue
            elif decision == "warn":
                hits = [d["key"] for d, rel, _ in corpus.related(place)
                        if rel == "exact" and all(c.search(d["text"]) for c in checks)]
                if hits:
                    dropped.append(f'{seed["q"]!r}: exact evidence on the topic ({hits[0]})')
                    continue

        # The main set's time rules. 4: a fire named without a year, whose name incidents of several
        # years share among the documents about the place, its ancestors or descendants: the most
        # recent one's documents are the evidence, and the answer must say that others exist.
        answer = seed.get("answer")
        if docs and place is not None and docs[0]["source"] != "statute" and not _YEAR_IN.search(seed["q"]):
            name = incident_key(incident_title(docs[0]))
            if name and re.search(r"(?i)\b" + re.escape(name) + r"\b", seed["q"]):
                namesakes = {}
                for d, _, _ in corpus.related(place):
                    if d["source"] != "statute" and incident_key(incident_title(d)) == name and incident_year(d):
                        namesakes.setdefault(d["key"], d)
                years = {incident_year(d) for d in namesakes.values()}
                if len(years) > 1 and decision != "abstain":
                    latest = max(years)
                    newest = sorted(k for k, d in namesakes.items() if incident_year(d) == latest)
                    if newest != [d["key"] for d in docs]:
                        docs = [max(corpus.versions(k), key=lambda v: v["record"].get("version_last_seen") or "")
                                for k in newest]
                        relation, via, delta = geo.relation(place, set().union(*(d["scopes"] for d in docs)))
                        if answer is not None and not any(answer in d["text"] for d in docs):
                            answer = None
                    decision = "warn"
        # 1-3: a question about the present is asked on AS_OF (the last day of the shared corpus, so its
        # label does not depend on the day it is run); when all its evidence is stale then, it is warned.
        time = {"present": True, "as_of": AS_OF} if about_present(seed["q"]) else {}
        if time and decision == "answer" and all(is_stale(corpus, d["key"]) for d in docs):
            decision = "warn"
        # Rule 7: a smaller place the data does not hold, named with its state: derived against the state,
        # the answer can at most warn (it must say that the evidence is for the state, not that place).
        if unplaced and decision == "answer":
            decision = "warn"

        evidence = evidence_of(docs[0], geo) if docs else {"source": None}
        if place is not None and via is not None:
            evidence["relation_via"] = {"id": via, "name": geo.label(via)}
            evidence["delta"] = delta
        if len(docs) > 1:
            evidence["also"] = [evidence_of(d, geo) for d in docs[1:]]
        out.append({
            "id": "",
            "question": seed["q"],
            "location": None if place is None else {"id": place, "name": geo.label(place),
                                                     "level": geo.nodes[place]["level"]},
            "location_dependent": place is not None,
            "granularity": granularity(place, geo),
            "topic": topic,
            "gold_answer": answer if decision != "abstain" else None,
            "gold_doc_ids": [d["key"] for d in docs],
            "gold_decision": decision,
            "gold_relation": relation,
            "evidence": evidence,
            **time,
            **({"unplaced": list(unplaced)} if unplaced else {}),
            **seed_fields(seed),
        })
    if errors:
        raise SystemExit("seed errors:\n" + "\n".join(errors))
    for i, row in enumerate(out, 1):
        row["id"] = f"{prefix}{i:03d}"
    return out, dropped


def seed_fields(seed: dict) -> dict:
    """The optional seed fields a record carries as written: how the place is written, the language."""
    return {k: seed[k] for k in ("written", "language") if seed.get(k)}


def render(rows: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n" for r in rows)


def state_of(row: dict) -> str | None:
    """The USPS code of the question's state (from the place's label or, for a state, its name)."""
    loc = row["location"]
    if loc is None:
        return None
    if loc["level"] == "state":
        return STATE_CODES.get(loc["name"], loc["name"])
    return loc["name"].rsplit(", ", 1)[-1]


STATE_CODES: dict[str, str] = {}


def summary(rows: list[dict]) -> str:
    lines = []
    for field in ("gold_decision", "granularity", "gold_relation", "topic"):
        c = Counter(r[field] for r in rows)
        lines.append(f"{field}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))))
    written = Counter(c for r in rows for c in r.get("written") or [])
    if written:
        lines.append("written: " + ", ".join(f"{k} {v}" for k, v in sorted(written.items(), key=lambda kv: int(kv[0][1:]))))
        unplaced = [r for r in rows if "unplaced" in r]
        lines.append(f"location-dependent without a held place: {sum(r['location'] is None for r in unplaced)} "
                     f"({sum(r['location'] is None and not r['unplaced'] for r in unplaced)} naming no place); "
                     f"a state with an unplaced smaller place: {sum(r['location'] is not None for r in unplaced)}; "
                     f"Spanish: {sum(r.get('language') == 'es' for r in rows)}")
    states = Counter(s for s in map(state_of, rows) if s)
    lines.append(f"places by state ({len(states)}): " + ", ".join(f"{k} {v}" for k, v in sorted(states.items())))
    lines.append(f"total {len(rows)}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared", help="the shared data directory")
    ap.add_argument("--check", action="store_true", help="rebuild in memory; exit 1 if the committed file differs")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--verbose", action="store_true", help="list the seeds the checks dropped")
    ap.add_argument("--seeds", default="seeds", help="the module of seeds beside this file (default: seeds)")
    ap.add_argument("--prefix", default="f", help="the first letter of the question ids (default: f)")
    args = ap.parse_args(argv)
    global SEEDS
    SEEDS = importlib.import_module(args.seeds).SEEDS
    rows, dropped = build(args.shared, args.prefix)
    if args.verbose:
        for d in dropped:
            print(f"dropped: {d}", file=sys.stderr)
    else:
        print(f"{len(dropped)} seeds dropped by the keyword checks (--verbose lists them)", file=sys.stderr)
    text = render(rows)
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} differs from a fresh build ({len(rows)} questions)", file=sys.stderr)
            return 1
        print(f"{args.out}: up to date ({len(rows)} questions)")
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
