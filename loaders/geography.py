"""Load the U.S. containment DAG into Neo4j: ``(:Place)`` nodes and ``[:LOCATED_IN]`` edges.

Sources: the project's geography tables (``us_geo_nodes.csv.gz`` / ``us_geo_edges.csv.gz``, see
shared/data/geo/SOURCES.md) and Wikidata's own formats (a SPARQL JSON result of P131 edges, and a
subset of the entity JSON dump), so users with Wikidata access can build or extend the DAG.
Writes are ``UNWIND`` batches keyed by place id; every row carries a content hash, so loading the
same data twice changes nothing and says so.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from georisk_graph.exceptions import InputError
from georisk_graph.geo import LEVEL_LABELS
from georisk_graph.settings import default_geo_dir
from georisk_graph.graph import Graph, batches
from georisk_graph.places.gazetteer import MIN_OVERLAP_SHARE, Gazetteer

# The geography tables of the shared folder (GEORISK_GEO_DIR).
GEO_NODES_FILE = "us_geo_nodes.csv.gz"
GEO_EDGES_FILE = "us_geo_edges.csv.gz"
ADMINISTRATIVE = "located_in"
NODE_COLUMNS = ("node_id", "label", "level")
EDGE_COLUMNS = ("child_id", "parent_id", "relation")


@dataclass
class LoadReport:
    """What a load did: counts per kind, and rows it could not use (with the reason)."""

    places_read: int = 0
    edges_read: int = 0
    places_created: int = 0
    places_updated: int = 0
    edges_created: int = 0
    edges_updated: int = 0
    rejected: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any((self.places_created, self.places_updated, self.edges_created, self.edges_updated))

    def describe(self) -> str:
        lines = [
            f"places: {self.places_read:,} read, {self.places_created:,} created, {self.places_updated:,} updated",
            f"edges:  {self.edges_read:,} read, {self.edges_created:,} created, {self.edges_updated:,} updated",
        ]
        if not self.changed:
            lines.append("no changes: the graph already holds this geography")
        if self.rejected:
            lines.append(f"rejected rows: {len(self.rejected)}")
            lines += [f"  {reason}" for reason in self.rejected[:20]]
        return "\n".join(lines)


def _hash(value: dict[str, Any]) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def _number(text: str, kind: Callable[[str], Any]) -> Any:
    if text is None or text == "":
        return None
    try:
        value = kind(text)
    except ValueError:
        return None
    return None if isinstance(value, float) and math.isnan(value) else value


def read_table(path: Path, required: tuple[str, ...]) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, row) of a geography CSV table (.csv or .csv.gz) that must have ``required`` columns."""
    if not path.is_file():
        raise InputError(f"geography table not found: {path}. Pass --nodes/--edges, or set GEORISK_GEO_DIR "
                         "to the folder holding us_geo_nodes.csv.gz and us_geo_edges.csv.gz.", source=str(path))
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            missing = [c for c in required if c not in (reader.fieldnames or [])]
            if missing:
                raise InputError(f"{path} lacks the column(s) {', '.join(missing)}; is it the right table?",
                                 source=str(path))
            for number, row in enumerate(reader, start=2):
                yield number, row
    except (OSError, UnicodeDecodeError, csv.Error, EOFError) as err:
        raise InputError(f"cannot read {path}: {err}", source=str(path)) from None


def place_rows_from_table(path: Path, rejected: list[str]) -> Iterator[dict[str, Any]]:
    """Rows for ``geography_places`` from ``us_geo_nodes.csv.gz``; bad rows go to ``rejected``."""
    for number, row in read_table(path, NODE_COLUMNS):
        node_id, name, level = row["node_id"].strip(), row["label"].strip(), row["level"].strip()
        if not node_id or not name or level not in LEVEL_LABELS:
            rejected.append(f"{path.name} line {number}: needs node_id, label and a known level "
                            f"(got id={node_id!r}, level={level!r})")
            continue
        extra = row.get("extra") or ""
        try:
            json.loads(extra) if extra else None
        except json.JSONDecodeError:
            extra = ""
        props = {
            "id": node_id,
            "qid": row.get("qid") or None,
            "name": name,
            "aliases": [a for a in (row.get("aliases") or "").split("|") if a],
            # GeoNames' other names of the place ("Vegas", "Philly", "OKC", and noise: airport codes, old names):
            # names people write, which the reading accepts only as its name model judges them in context
            "alternate_names": [a for a in (row.get("alt_names_geonames") or "").split("|") if a and a != name] or None,
            "level": level,
            "instance_of": row.get("instance_of") or None,
            "state_usps": row.get("state_usps") or None,
            "state_fips": row.get("state_fips") or None,
            "county_fips": row.get("county_fips") or None,
            "census_geoid": row.get("census_geoid") or None,
            "gnis_id": row.get("gnis_id") or None,
            "geonames_id": row.get("geonames_id") or None,
            "population": _number(row.get("population", ""), lambda v: int(float(v))),
            "population_year": _number(row.get("population_year", ""), lambda v: int(float(v))),
            "lat": _number(row.get("lat", ""), float),
            "lon": _number(row.get("lon", ""), float),
            "extra": extra or None,
        }
        props = {k: v for k, v in props.items() if v is not None}
        yield {"id": node_id, "label": LEVEL_LABELS[level], "hash": _hash(props), "props": props}


def edge_rows_from_table(path: Path, rejected: list[str]) -> Iterator[dict[str, Any]]:
    """Rows for ``geography_edges`` from ``us_geo_edges.csv.gz``."""
    for number, row in read_table(path, EDGE_COLUMNS):
        child, parent, relation = row["child_id"].strip(), row["parent_id"].strip(), row["relation"].strip()
        if not child or not parent or relation not in (ADMINISTRATIVE, "located_in_or_overlaps"):
            rejected.append(f"{path.name} line {number}: needs child_id, parent_id and relation located_in "
                            f"or located_in_or_overlaps (got {child!r} -> {parent!r}, {relation!r})")
            continue
        props = {
            "relation": relation,
            "administrative": relation == ADMINISTRATIVE,
            "method": row.get("method") or None,
            "primary": (row.get("primary") or "") == "1",
            "share": _number(row.get("share", ""), float),
            "source": row.get("source") or None,
        }
        props = {k: v for k, v in props.items() if v is not None}
        yield {"child": child, "parent": parent, "hash": _hash(props), "props": props}


def gazetteer_from_tables(geo_dir: str | Path | None = None, *,
                          min_share: float = MIN_OVERLAP_SHARE) -> Gazetteer:
    """A gazetteer from ``us_geo_nodes.csv.gz`` and ``us_geo_edges.csv.gz`` in ``geo_dir`` (default:
    GEORISK_GEO_DIR or shared/data/geo), read as :func:`load_tables` reads them, without a graph.

    Parents are the administrative (``located_in``) containers, plus the looser
    ``located_in_or_overlaps`` ones that are primary or hold at least ``min_share`` of the feature, as
    the ``gazetteer`` query takes them from the graph.
    """
    geo = Path(geo_dir) if geo_dir is not None else default_geo_dir()
    rejected: list[str] = []
    parents: dict[str, list[str]] = {}
    for edge in edge_rows_from_table(geo / GEO_EDGES_FILE, rejected):
        share = edge["props"].get("share")
        if edge["props"]["administrative"] or edge["props"]["primary"] or share is None or share >= min_share:
            parents.setdefault(edge["child"], []).append(edge["parent"])
    rows = ({**place["props"], "parents": parents.get(place["id"], ())}
            for place in place_rows_from_table(geo / GEO_NODES_FILE, rejected))
    return Gazetteer.from_rows(rows)


# -- Wikidata formats ------------------------------------------------------------------------------
# P31 classes that name a level; anything else is loaded as a generic "place".
WIKIDATA_LEVELS = {
    "Q6256": "country", "Q35657": "state", "Q47168": "county", "Q13410438": "county",
    "Q1093829": "place", "Q515": "place", "Q3957": "place", "Q532": "place", "Q15127012": "place",
    "Q498162": "cdp", "Q17343829": "place", "Q1639634": "county", "Q8502": "physical_feature",
    "Q46831": "physical_region", "Q1303167": "protected_area", "Q46169": "protected_area",
    "Q169950": "event", "Q7944": "event",
}


def _qid(value: str) -> str:
    return value.rstrip("/").rsplit("/", 1)[-1]


def rows_from_sparql(path: Path, rejected: list[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Places and P131 edges from a SPARQL JSON result with ``?item ?parent`` (and optional labels).

    Expected query shape: ``SELECT ?item ?itemLabel ?parent ?parentLabel WHERE { ?item wdt:P131 ?parent
    ... }`` in the ``application/sparql-results+json`` format.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        bindings = data["results"]["bindings"]
    except FileNotFoundError:
        raise InputError(f"SPARQL result not found: {path}", source=str(path)) from None
    except (json.JSONDecodeError, KeyError, TypeError, UnicodeDecodeError) as err:
        raise InputError(f"{path} is not a SPARQL JSON result (results.bindings): {err}",
                         source=str(path)) from None
    names: dict[str, str] = {}
    edges: dict[tuple[str, str], dict[str, Any]] = {}
    for number, binding in enumerate(bindings, start=1):
        try:
            item, parent = _qid(binding["item"]["value"]), _qid(binding["parent"]["value"])
        except (KeyError, TypeError):
            rejected.append(f"{Path(path).name} binding {number}: needs ?item and ?parent")
            continue
        for key, qid in (("itemLabel", item), ("parentLabel", parent)):
            label = (binding.get(key) or {}).get("value")
            if label and label != qid:
                names[qid] = label
            names.setdefault(qid, qid)
        props = {"relation": ADMINISTRATIVE, "administrative": True, "method": "wikidata_p131",
                 "primary": True, "source": "wikidata"}
        edges[(item, parent)] = {"child": item, "parent": parent, "hash": _hash(props), "props": props}
    places = []
    for qid, name in names.items():
        props = {"id": qid, "qid": qid, "name": name}
        places.append({"id": qid, "label": "Place", "hash": _hash(props), "props": props,
                       "create_only": True})
    return places, list(edges.values())


def _claims(entity: dict[str, Any], prop: str) -> list[dict[str, Any]]:
    """Current (not deprecated, not ended) statements of ``prop``; preferred ones first."""
    statements = [s for s in entity.get("claims", {}).get(prop, []) if s.get("rank") != "deprecated"
                  and not s.get("qualifiers", {}).get("P582")]
    return sorted(statements, key=lambda s: s.get("rank") != "preferred")


def _value(statement: dict[str, Any]) -> Any:
    snak = statement.get("mainsnak", {})
    if snak.get("snaktype") != "value":
        return None
    return snak.get("datavalue", {}).get("value")


def rows_from_entity_dump(path: Path, rejected: list[str],
                          language: str = "en") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Places (label, aliases, level from P31, population P1082, sitelinks) and P131 edges from a subset of
    the Wikidata entity JSON dump: a JSON array with one entity per line (``.json`` or ``.json.gz``)."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"Wikidata dump not found: {path}", source=str(path))
    opener = gzip.open if path.suffix == ".gz" else open
    places, edges = [], []
    with opener(path, "rt", encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            line = line.strip().rstrip(",")
            if line in ("", "[", "]"):
                continue
            try:
                entity = json.loads(line)
                qid = entity["id"]
            except (json.JSONDecodeError, KeyError, TypeError):
                rejected.append(f"{path.name} line {number}: not a Wikidata entity")
                continue
            name = entity.get("labels", {}).get(language, {}).get("value")
            if not name:
                rejected.append(f"{path.name} line {number}: {qid} has no {language} label")
                continue
            level = next((WIKIDATA_LEVELS[v["id"]] for v in map(_value, _claims(entity, "P31"))
                          if isinstance(v, dict) and v.get("id") in WIKIDATA_LEVELS), "place")
            population = None
            for statement in _claims(entity, "P1082"):
                amount = (_value(statement) or {}).get("amount")
                if amount:
                    population = int(float(amount))
                    break
            props = {
                "id": qid, "qid": qid, "name": name, "level": level,
                "aliases": [a["value"] for a in entity.get("aliases", {}).get(language, [])],
                "population": population,
                "sitelinks": len(entity.get("sitelinks", {})) or None,
            }
            props = {k: v for k, v in props.items() if v is not None}
            places.append({"id": qid, "label": LEVEL_LABELS[level], "hash": _hash(props), "props": props})
            for statement in _claims(entity, "P131"):
                value = _value(statement)
                if isinstance(value, dict) and value.get("id"):
                    edge = {"relation": ADMINISTRATIVE, "administrative": True, "method": "wikidata_p131",
                            "primary": statement.get("rank") == "preferred", "source": "wikidata"}
                    edges.append({"child": qid, "parent": value["id"], "hash": _hash(edge), "props": edge})
    return places, edges


# -- writing ---------------------------------------------------------------------------------------
def write_geography(graph: Graph, places: Iterable[dict[str, Any]], edges: Iterable[dict[str, Any]],
                    report: LoadReport, *, batch_size: int = 5000,
                    progress: Callable[[str, int], None] | None = None) -> LoadReport:
    """Write place rows, then edge rows, in ``UNWIND`` batches; counts go into ``report``.

    An edge whose endpoint is not in the graph is rejected with a message, not silently dropped.
    """
    for batch in batches(places, batch_size):
        row = graph.run("geography_places", rows=batch)[0]
        report.places_read += len(batch)
        report.places_created += row["created"]
        report.places_updated += row["updated"]
        if progress:
            progress("places", len(batch))
    for batch in batches(edges, batch_size):
        ids = sorted({r["child"] for r in batch} | {r["parent"] for r in batch})
        missing = set(graph.run("places_missing", ids=ids)[0]["missing"])
        if missing:
            for r in batch:
                if r["child"] in missing or r["parent"] in missing:
                    report.rejected.append(f"edge {r['child']} -> {r['parent']}: unknown place "
                                           f"{r['child'] if r['child'] in missing else r['parent']}")
            batch = [r for r in batch if r["child"] not in missing and r["parent"] not in missing]
        row = graph.run("geography_edges", rows=batch)[0] if batch else \
            {"created": 0, "updated": 0}
        report.edges_read += len(batch)
        report.edges_created += row["created"]
        report.edges_updated += row["updated"]
        if progress:
            progress("edges", len(batch))
    return report


def load_tables(graph: Graph, nodes: Path | None = None, edges: Path | None = None, *,
                batch_size: int = 5000, progress: Callable[[str, int], None] | None = None) -> LoadReport:
    """Load the geography tables (default: GEORISK_GEO_DIR or shared/data/geo)."""
    geo = default_geo_dir()
    nodes = Path(nodes) if nodes else geo / GEO_NODES_FILE
    edges = Path(edges) if edges else geo / GEO_EDGES_FILE
    for path in (nodes, edges):  # fail before writing anything
        if not path.is_file():
            raise InputError(f"geography table not found: {path}. Pass --nodes/--edges, or set "
                             "GEORISK_GEO_DIR to the folder holding us_geo_nodes.csv.gz and "
                             "us_geo_edges.csv.gz.", source=str(path))
    report = LoadReport()
    return write_geography(graph, place_rows_from_table(nodes, report.rejected),
                           edge_rows_from_table(edges, report.rejected), report,
                           batch_size=batch_size, progress=progress)


def load_wikidata(graph: Graph, *, sparql: Path | None = None, dump: Path | None = None,
                  progress: Callable[[str, int], None] | None = None) -> LoadReport:
    """Build or extend the DAG from Wikidata: a SPARQL JSON result of P131 edges and/or an entity dump."""
    report = LoadReport()
    places: list[dict[str, Any]] = []
    edges: list[dict[str, Any]] = []
    if dump:
        more_places, more_edges = rows_from_entity_dump(dump, report.rejected)
        places += more_places
        edges += more_edges
    if sparql:
        more_places, more_edges = rows_from_sparql(sparql, report.rejected)
        known = {p["id"] for p in places}
        # A SPARQL row only names the item; never let it overwrite richer dump data.
        places += [p for p in more_places if p["id"] not in known]
        edges += more_edges
    # One row per edge: two rows for one edge in a batch would both count as created.
    unique_edges = list({(e["child"], e["parent"]): e for e in reversed(edges)}.values())
    return write_geography(graph, places, unique_edges, report, progress=progress)
