"""Containment, county shapes and document scopes for the fresh question set.

Everything here reads the shared data read-only and uses the standard library only.
"""
from __future__ import annotations

import ast
import csv
import gzip
import json
import re
from collections import defaultdict
from pathlib import Path

ADMIN = "located_in"  # administrative containment; located_in_or_overlaps is not used for relations


def _rows(path: Path):
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        yield from csv.DictReader(fh)


def _jsonl(path: Path):
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def as_list(value) -> list:
    if isinstance(value, list):
        return value
    if not value:
        return []
    try:
        out = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return [value]
    return list(out) if isinstance(out, (list, tuple)) else [out]


class Geo:
    """The containment DAG restricted to administrative edges."""

    def __init__(self, geo_dir: Path):
        self.nodes: dict[str, dict] = {}
        for r in _rows(geo_dir / "us_geo_nodes.csv.gz"):
            self.nodes[r["node_id"]] = r
        self.parents: dict[str, set[str]] = defaultdict(set)
        for e in _rows(geo_dir / "us_geo_edges.csv.gz"):
            if e["relation"] == ADMIN:
                self.parents[e["child_id"]].add(e["parent_id"])
        self.state_by_usps = {n["state_usps"]: nid for nid, n in self.nodes.items() if n["level"] == "state"}
        self.state_by_name = {n["label"]: nid for nid, n in self.nodes.items() if n["level"] == "state"}
        self.county_by_fips: dict[str, str] = {}
        self.counties_in_state: dict[str, dict[str, str]] = defaultdict(dict)
        for nid, n in self.nodes.items():
            if n["level"] != "county":
                continue
            fips = n["census_geoid"].split("|")[0]
            self.county_by_fips[fips] = nid
            self.counties_in_state[n["state_usps"]][county_core(n["label"])] = nid
        self._anc: dict[str, dict[str, int]] = {}

    def ancestors(self, node: str) -> dict[str, int]:
        """Every administrative ancestor with its smallest hop count (the node itself at 0)."""
        if node in self._anc:
            return self._anc[node]
        depth = {node: 0}
        frontier = [node]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for n in frontier:
                for p in self.parents.get(n, ()):
                    if p not in depth:
                        depth[p] = d
                        nxt.append(p)
            frontier = nxt
        self._anc[node] = depth
        return depth

    def delta(self, q: str, t: str) -> tuple[float, str]:
        """(δ, relation) of evidence place t for question place q, by the lowest common ancestor."""
        aq, at = self.ancestors(q), self.ancestors(t)
        best = None
        for a in aq.keys() & at.keys():
            cand = (aq[a] + at[a], aq[a], at[a])
            if best is None or cand < best:
                best = cand
        if best is None:
            return float("inf"), "different"
        total, iq, it = best
        if iq == 0 and it == 0:
            rel = "exact"
        elif it == 0:
            rel = "broader"
        elif iq == 0:
            rel = "narrower"
        else:
            rel = "different"
        return total, rel

    def relation(self, q: str, scopes) -> tuple[str, str | None, float]:
        """Best relation over a document's scope places: exact, then broader/narrower by δ, then different."""
        rank = {"exact": 0, "broader": 1, "narrower": 1, "different": 2}
        best = None
        for t in sorted(scopes):
            d, rel = self.delta(q, t)
            key = (rank[rel], d, 0 if rel == "broader" else 1, t)
            if best is None or key < best[0]:
                best = (key, rel, t, d)
        if best is None:
            return "none", None, float("inf")
        return best[1], best[2], best[3]

    def label(self, node: str) -> str:
        n = self.nodes[node]
        if n["level"] in ("county", "place", "cdp", "populated_place"):
            return f'{n["label"]}, {n["state_usps"]}'
        return n["label"]


def county_core(label: str) -> str:
    """'Los Angeles County' -> 'los angeles'; 'St. Louis city' stays distinct via its suffix."""
    s = label.strip()
    for suf in (" County", " Parish", " Borough", " Census Area", " Municipality", " City and Borough"):
        if s.endswith(suf):
            s = s[: -len(suf)]
            break
    return s.lower().replace("saint ", "st. ")


# ---------------------------------------------------------------------------- county shapes (TopoJSON)

class CountyShapes:
    """Decodes the us-atlas county TopoJSON and answers point-in-polygon queries."""

    def __init__(self, path: Path):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            topo = json.load(fh)
        sx, sy = topo["transform"]["scale"]
        tx, ty = topo["transform"]["translate"]
        arcs = []
        for arc in topo["arcs"]:
            x = y = 0
            pts = []
            for dx, dy in arc:
                x += dx
                y += dy
                pts.append((x * sx + tx, y * sy + ty))
            arcs.append(pts)
        self.shapes = []  # (fips, bbox, rings)
        for geom in topo["objects"]["counties"]["geometries"]:
            if geom["type"] == "Polygon":
                polys = [geom["arcs"]]
            elif geom["type"] == "MultiPolygon":
                polys = geom["arcs"]
            else:
                continue
            rings = []
            for poly in polys:
                for ring in poly:
                    pts = []
                    for i in ring:
                        seg = arcs[i] if i >= 0 else arcs[~i][::-1]
                        pts.extend(seg if not pts else seg[1:])
                    rings.append(pts)
            xs = [p[0] for r in rings for p in r]
            ys = [p[1] for r in rings for p in r]
            self.shapes.append((geom["id"], (min(xs), min(ys), max(xs), max(ys)), rings))

    def county_at(self, lat: float, lon: float) -> str | None:
        for fips, (x0, y0, x1, y1), rings in self.shapes:
            if not (x0 <= lon <= x1 and y0 <= lat <= y1):
                continue
            inside = False
            for ring in rings:
                n = len(ring)
                j = n - 1
                for i in range(n):
                    xi, yi = ring[i]
                    xj, yj = ring[j]
                    if (yi > lat) != (yj > lat) and lon < (xj - xi) * (lat - yi) / (yj - yi) + xi:
                        inside = not inside
                    j = i
            if inside:
                return fips
        return None


# ---------------------------------------------------------------------------- documents and scopes

_COUNTY_PHRASE = re.compile(
    r"((?:[A-Z][\w.'\-]*\s)*?(?:[A-Z][\w.'\-]*)"
    r"(?:\s*,\s*(?:and\s+)?(?:[A-Z][\w.'\-]*\s)*?[A-Z][\w.'\-]*)*"
    r"(?:\s*,?\s*(?:and|&)\s+(?:[A-Z][\w.'\-]*\s)*?[A-Z][\w.'\-]*)?)"
    r"\s+([Cc]ounty|[Cc]ounties|Parish|Parishes|Borough)\b"
    r"(?:\s*,\s*(?P<st>[A-Z][a-z]+(?: [A-Z][a-z]+)?|[A-Z]{2})\b)?"
)


def named_counties(text: str, home_state: str, geo: Geo) -> set[str]:
    """County nodes a text names as 'X County' / 'X and Y Counties', in its own state or a state named right after."""
    found = set()
    for m in _COUNTY_PHRASE.finditer(text):
        st = home_state
        tail = m.group("st")
        if tail:
            if tail in geo.state_by_usps:
                st = tail
            elif tail in geo.state_by_name:
                st = geo.nodes[geo.state_by_name[tail]]["state_usps"]
        names = re.split(r"\s*,\s*(?:and\s+)?|\s*,?\s*(?:and|&)\s+", m.group(1))
        table = geo.counties_in_state.get(st, {})
        for raw in names:
            words = raw.split()
            # the phrase may start with words that are not part of the name ("near Grant", "in Lake")
            for k in range(len(words)):
                cand = " ".join(words[k:]).lower().replace("saint ", "st. ")
                if cand in table:
                    found.add(table[cand])
                    break
    return found


class Corpus:
    """All document versions with their scope places."""

    def __init__(self, corpus_dir: Path, geo: Geo, shapes: CountyShapes):
        self.geo = geo
        self.docs: list[dict] = []  # each: key, source, native, text, scopes, record
        forests = {n["label"]: nid for nid, n in geo.nodes.items()
                   if n["level"] == "protected_area" and n["instance_of"] == "national forest"}
        self.forests = forests

        for r in _jsonl(corpus_dir / "state_statutes_wildfire_sections.jsonl.gz"):
            st = geo.state_by_usps.get(r["state"])
            self.docs.append(dict(key=f'statute:{r["doc_id"]}', source="statute", record=r,
                                  text=(r.get("heading") or "") + "\n" + r["text"],
                                  scopes={st} if st else set()))

        for r in _jsonl(corpus_dir / "calfire_incidents_2013_2026.jsonl.gz"):
            scopes = set()
            for c in as_list(r["counties"]):
                nid = geo.counties_in_state["CA"].get(county_core(c.strip()).lower())
                if nid:
                    scopes.add(nid)
            text = "\n".join(x for x in (r["text"], r.get("search_description"), r.get("condition_statement"),
                                          r.get("control_statement")) if x)
            self.docs.append(dict(key=f'calfire:{r["incident_id"]}', source="calfire", record=r, text=text,
                                  scopes=scopes))

        for fname, src in (("inciweb_incident_updates_2024_2026.jsonl.gz", "inciweb"),
                           ("inciweb_incident_summaries_2021_2022.jsonl.gz", "inciweb_summary")):
            for r in _jsonl(corpus_dir / fname):
                scopes = set()
                try:
                    lat, lon = float(r["lat"]), float(r["lon"])
                except (TypeError, ValueError):
                    lat = lon = None
                if lat is not None:
                    fips = shapes.county_at(lat, lon)
                    if fips and fips in geo.county_by_fips:
                        scopes.add(geo.county_by_fips[fips])
                text = (r.get("title") or "") + "\n" + (r.get("text") or "")
                scopes |= named_counties(text, r.get("state", ""), geo)
                for label, nid in forests.items():
                    if label in (r.get("title") or ""):
                        scopes.add(nid)
                self.docs.append(dict(key=f'{src}:{r["inciweb_id"]}', source=src, record=r, text=text,
                                      scopes=scopes))

        self.by_key: dict[str, list[dict]] = defaultdict(list)
        for d in self.docs:
            self.by_key[d["key"]].append(d)

    def versions(self, key: str) -> list[dict]:
        return self.by_key.get(key, [])

    def related(self, q: str):
        """Documents whose scope is the question's place, one of its ancestors, or one of its descendants."""
        for d in self.docs:
            rel, t, _ = self.geo.relation(q, d["scopes"])
            if rel in ("exact", "broader", "narrower"):
                yield d, rel, t
