#!/usr/bin/env python3
"""Validate the hand-labelled place-mention set and print its coverage counts.

Usage (from the repository root):

    python benchmarks/places/check_mentions.py [--nodes PATH] [--edges PATH]
                                               [--corpus-dir PATH] [--file PATH]

Standard library only. Exit status 0 when every check passes, 1 otherwise.

Where the data is looked up (first match wins):
  nodes:  --nodes, else $GEORISK_GEO_DIR/us_geo_nodes.csv.gz, else
          <parent of the repository>/shared/data/geo/us_geo_nodes.csv.gz
  edges:  --edges, else us_geo_edges.csv.gz beside the nodes file (optional:
          only used for the multi-county count)
  corpus: --corpus-dir, else $GEORISK_CORPUS_DIR, else the "corpus" folder
          beside the geo folder (optional: when found, every corpus text is
          checked to be a verbatim excerpt of its source document)
"""
from __future__ import annotations

import argparse
import collections
import csv
import gzip
import html
import json
import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_GEO_DIR = REPO_ROOT.parent / "shared" / "data" / "geo"
NODES_NAME = "us_geo_nodes.csv.gz"
EDGES_NAME = "us_geo_edges.csv.gz"

KINDS = {"question", "corpus"}
CUES = {"qualifier", "co-occurrence", "list", "year", "document", "prior"}
RECORD_KEYS = {"id", "text", "mentions", "kind", "source_doc_id", "note"}
REQUIRED_RECORD_KEYS = {"id", "text", "mentions", "kind"}
MENTION_KEYS = {"start", "end", "surface", "place_id", "cue", "note"}
REQUIRED_MENTION_KEYS = {"start", "end", "surface", "place_id"}
ID_RE = re.compile(r"^[mh]\d{3,}$")  # m: the tuning set, h: the held-out set
PLACE_LEVELS = {"place", "cdp", "populated_place"}


def resolve_nodes_path(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    env = os.environ.get("GEORISK_GEO_DIR")
    if env:
        return Path(env) / NODES_NAME
    return DEFAULT_GEO_DIR / NODES_NAME


def resolve_corpus_dir(arg: str | None, nodes_path: Path) -> Path | None:
    if arg:
        return Path(arg)
    env = os.environ.get("GEORISK_CORPUS_DIR")
    if env:
        return Path(env)
    guess = nodes_path.resolve().parent.parent / "corpus"
    return guess if guess.is_dir() else None


def norm_name(s: str) -> str:
    return " ".join(s.split()).casefold()


def load_nodes(path: Path):
    nodes = {}
    names = collections.defaultdict(set)
    with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            nid = row["node_id"]
            nodes[nid] = row
            names[norm_name(row["label"])].add(nid)
            for alias in (row.get("aliases") or "").split("|"):
                if alias.strip():
                    names[norm_name(alias)].add(nid)
    return nodes, names


def load_county_parents(path: Path, nodes):
    parents = collections.defaultdict(set)
    with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if row.get("relation") != "located_in":
                continue
            parent = nodes.get(row["parent_id"])
            if parent is not None and parent["level"] == "county":
                parents[row["child_id"]].add(row["parent_id"])
    return parents


def load_corpus(directory: Path):
    """Texts by record id, under both the raw record ids and the document ids the corpus loaders give
    (``calfire:<uuid>``, ``inciweb:<id>``, ``inciweb_summary:<id>``); InciWeb ids hold every version."""
    docs: dict[str, list[str]] = {}
    for path in sorted(directory.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                text = rec.get("text") or ""
                ids = [rec.get("doc_id") or rec.get("incident_id")]
                if rec.get("incident_id"):
                    ids.append(f"calfire:{rec['incident_id']}")
                if rec.get("inciweb_id"):
                    prefix = "inciweb_summary" if path.name.startswith("inciweb_incident_summaries") else "inciweb"
                    ids.append(f"{prefix}:{rec['inciweb_id']}")
                for doc_id in filter(None, ids):
                    docs.setdefault(doc_id, []).append(text)
    return docs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", default=str(HERE / "mentions.jsonl"), help="mention file (default: mentions.jsonl beside this script)")
    ap.add_argument("--nodes", help="path to us_geo_nodes.csv.gz")
    ap.add_argument("--edges", help="path to us_geo_edges.csv.gz (optional)")
    ap.add_argument("--corpus-dir", help="folder holding the corpus *.jsonl.gz files (optional)")
    args = ap.parse_args(argv)

    errors: list[str] = []
    nodes_path = resolve_nodes_path(args.nodes)
    if not nodes_path.is_file():
        print(f"ERROR: nodes table not found: {nodes_path} (use --nodes or GEORISK_GEO_DIR)", file=sys.stderr)
        return 1
    nodes, names = load_nodes(nodes_path)

    edges_path = Path(args.edges) if args.edges else nodes_path.parent / EDGES_NAME
    county_parents = load_county_parents(edges_path, nodes) if edges_path.is_file() else None

    corpus_dir = resolve_corpus_dir(args.corpus_dir, nodes_path)
    corpus = load_corpus(corpus_dir) if corpus_dir and corpus_dir.is_dir() else None

    records = []
    seen_ids: set[str] = set()
    mention_file = Path(args.file)
    if not mention_file.is_file():
        print(f"ERROR: mention file not found: {mention_file}", file=sys.stderr)
        return 1
    with open(mention_file, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            where = f"line {lineno}"
            if not line.strip():
                errors.append(f"{where}: empty line")
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"{where}: invalid JSON ({exc})")
                continue
            if not isinstance(rec, dict):
                errors.append(f"{where}: not a JSON object")
                continue
            rid = rec.get("id")
            where = f"line {lineno} ({rid})"
            missing = REQUIRED_RECORD_KEYS - rec.keys()
            if missing:
                errors.append(f"{where}: missing keys {sorted(missing)}")
                continue
            extra = rec.keys() - RECORD_KEYS
            if extra:
                errors.append(f"{where}: unknown keys {sorted(extra)}")
            if not isinstance(rid, str) or not ID_RE.match(rid):
                errors.append(f"{where}: id must look like 'm001'")
            elif rid in seen_ids:
                errors.append(f"{where}: duplicate id {rid}")
            seen_ids.add(rid)
            text = rec["text"]
            if not isinstance(text, str) or not text.strip():
                errors.append(f"{where}: text must be a non-empty string")
                continue
            if rec["kind"] not in KINDS:
                errors.append(f"{where}: kind must be one of {sorted(KINDS)}, got {rec['kind']!r}")
            if rec["kind"] == "corpus":
                src = rec.get("source_doc_id")
                if not isinstance(src, str) or not src:
                    errors.append(f"{where}: corpus text needs source_doc_id")
                elif corpus is not None:
                    if src not in corpus:
                        errors.append(f"{where}: source_doc_id {src!r} not in the corpus")
                    elif not any(text in t or text in html.unescape(t) for t in corpus[src]):
                        errors.append(f"{where}: text is not a verbatim excerpt of {src}")
            elif "source_doc_id" in rec:
                errors.append(f"{where}: source_doc_id is only for corpus texts")
            if "note" in rec and not isinstance(rec["note"], str):
                errors.append(f"{where}: note must be a string")
            mentions = rec["mentions"]
            if not isinstance(mentions, list):
                errors.append(f"{where}: mentions must be a list")
                continue
            spans = []
            for k, m in enumerate(mentions):
                mw = f"{where} mention {k}"
                if not isinstance(m, dict):
                    errors.append(f"{mw}: not an object")
                    continue
                miss = REQUIRED_MENTION_KEYS - m.keys()
                if miss:
                    errors.append(f"{mw}: missing keys {sorted(miss)}")
                    continue
                extra = m.keys() - MENTION_KEYS
                if extra:
                    errors.append(f"{mw}: unknown keys {sorted(extra)}")
                start, end, surface, pid = m["start"], m["end"], m["surface"], m["place_id"]
                if not (isinstance(start, int) and isinstance(end, int)) or isinstance(start, bool) or isinstance(end, bool):
                    errors.append(f"{mw}: start/end must be integers")
                    continue
                if not (0 <= start < end <= len(text)):
                    errors.append(f"{mw}: bad offsets {start}:{end} for text of length {len(text)}")
                    continue
                if text[start:end] != surface:
                    errors.append(f"{mw}: text[{start}:{end}] is {text[start:end]!r}, surface is {surface!r}")
                if surface != surface.strip():
                    errors.append(f"{mw}: surface has surrounding whitespace: {surface!r}")
                if pid not in nodes:
                    errors.append(f"{mw}: place_id {pid!r} ({surface!r}) is not a node_id in {nodes_path.name}")
                if "cue" in m:
                    cue = m["cue"]
                    if not (isinstance(cue, list) and cue and all(c in CUES for c in cue)):
                        errors.append(f"{mw}: cue must be a non-empty list drawn from {sorted(CUES)}")
                if "note" in m and not isinstance(m["note"], str):
                    errors.append(f"{mw}: note must be a string")
                spans.append((start, end, k))
            spans.sort()
            for (s1, e1, k1), (s2, e2, k2) in zip(spans, spans[1:]):
                if s2 < e1:
                    errors.append(f"{where}: mentions {k1} [{s1}:{e1}] and {k2} [{s2}:{e2}] overlap")
            if [k for _, _, k in spans] != list(range(len(spans))):
                errors.append(f"{where}: mentions are not listed in text order")
            records.append(rec)

    if errors:
        print(f"FAILED: {len(errors)} problem(s) in {mention_file}", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 1

    # ------------------------------------------------------------------ counts
    all_mentions = [(r, m) for r in records for m in r["mentions"]]
    by_kind_texts = collections.Counter(r["kind"] for r in records)
    by_kind_mentions = collections.Counter(r["kind"] for r, _ in all_mentions)
    by_level = collections.Counter(nodes[m["place_id"]]["level"] for _, m in all_mentions)
    by_cue = collections.Counter(c for _, m in all_mentions for c in m.get("cue", []))
    with_cue = sum(1 for _, m in all_mentions if m.get("cue"))
    empty_texts = sum(1 for r in records if not r["mentions"])

    ambiguous = 0          # surface matches >1 node name/alias
    not_exact = 0          # gold node is not among the exact name/alias matches
    ambiguous_surfaces = collections.Counter()
    for _, m in all_mentions:
        cands = names.get(norm_name(m["surface"]), set())
        if len(cands) > 1:
            ambiguous += 1
            ambiguous_surfaces[norm_name(m["surface"])] = len(cands)
        if m["place_id"] not in cands:
            not_exact += 1

    place_states = {nodes[m["place_id"]]["state_usps"] for _, m in all_mentions
                    if nodes[m["place_id"]]["level"] in PLACE_LEVELS and nodes[m["place_id"]]["state_usps"]}
    any_states = {nodes[m["place_id"]]["state_usps"] for _, m in all_mentions if nodes[m["place_id"]]["state_usps"]}
    distinct_places = {m["place_id"] for _, m in all_mentions}
    lowercase = sum(1 for _, m in all_mentions if m["surface"] == m["surface"].lower() and any(ch.isalpha() for ch in m["surface"]))

    print(f"file: {mention_file}")
    print(f"nodes: {nodes_path} ({len(nodes)} rows)")
    print(f"corpus excerpts verified: {'yes, against ' + str(corpus_dir) if corpus is not None else 'no (corpus folder not found)'}")
    print()
    print(f"texts:            {len(records)}  (question {by_kind_texts['question']}, corpus {by_kind_texts['corpus']})")
    print(f"texts, 0 mentions: {empty_texts}")
    print(f"mentions:         {len(all_mentions)}  (question {by_kind_mentions['question']}, corpus {by_kind_mentions['corpus']})")
    print(f"distinct gold places: {len(distinct_places)}")
    print()
    print("mentions by level of the gold place:")
    for level, n in sorted(by_level.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {level:16s} {n}")
    print()
    print(f"ambiguous-name mentions (surface matches >1 node label/alias): {ambiguous}"
          f"  [{len(ambiguous_surfaces)} distinct surfaces]")
    print(f"mentions whose surface is not an exact label/alias of the gold node: {not_exact}")
    print(f"mentions with an annotated disambiguation cue: {with_cue}")
    for cue in sorted(CUES):
        print(f"  {cue:14s} {by_cue.get(cue, 0)}")
    print(f"all-lower-case mentions: {lowercase}")
    print(f"states with a city/CDP/community mention: {len(place_states)}  ({' '.join(sorted(place_states))})")
    print(f"states touched by any mention: {len(any_states)}")
    # surface forms
    forms = collections.Counter()
    for r in records:
        ms = r["mentions"]
        for a, b in zip(ms, ms[1:]):
            la, lb = nodes[a["place_id"]]["level"], nodes[b["place_id"]]["level"]
            if lb == "state" and la != "state" and r["text"][a["end"]:b["start"]] in (", ", ","):
                sb = b["surface"]
                if re.fullmatch(r"[A-Za-z]{2}", sb):
                    forms["'X, ST' pairs (postal code)"] += 1
                elif sb.endswith("."):
                    forms["'X, St.' pairs (AP abbreviation)"] += 1
                else:
                    forms["'X, State' pairs (full name)"] += 1
        for m in ms:
            level, s = nodes[m["place_id"]]["level"], m["surface"]
            if level == "state" and s.endswith("."):
                forms["state as AP abbreviation ('Calif.', 'N.M.')"] += 1
            if level == "state" and re.fullmatch(r"[A-Za-z]{2}", s):
                forms["state as postal code"] += 1
            if level == "county":
                if re.search(r"\bCo\.$", s):
                    forms["county as 'X Co.'"] += 1
                elif re.search(r"\b(County|county|Count|Parish|Borough)$", s):
                    forms["county as 'X County'"] += 1
                elif nodes[m["place_id"]]["instance_of"] == "county":
                    forms["county as bare name (lists, shared head)"] += 1
                else:
                    forms["county-level city/municipality"] += 1
    print("surface forms:")
    for k in sorted(forms):
        print(f"  {k:48s} {forms[k]}")
    if county_parents is not None:
        multi = [m for _, m in all_mentions if len(county_parents.get(m["place_id"], ())) > 1]
        print(f"mentions of places with more than one county parent: {len(multi)}"
              f"  [{len({m['place_id'] for m in multi})} distinct places]")
    print()
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
