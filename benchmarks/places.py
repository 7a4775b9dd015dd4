"""`georisk bench places`: recognition P/R/F1 and resolution accuracy of the place resolver (as questions
are read, "full", and as documents are ingested, "focused"), with spaCy NER alone as the baseline, on
the tuning set and on the held-out set; and the DAG load time."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SETS = {"tuning (mentions.jsonl)": HERE / "places" / "mentions.jsonl",
        "held-out (heldout.jsonl)": HERE / "places" / "heldout.jsonl"}


def run_places(gazetteer: Any, model: str) -> dict[str, Any]:
    """Scores per labelled set and mode ("full" and the "spacy_only" baseline)."""
    from georisk_graph.places import PlaceResolver
    from georisk_graph.places.evaluation import evaluate_places, read_labelled
    from georisk_graph.places.recognition import load_spacy

    nlp = load_spacy(model)
    results: dict[str, Any] = {}
    for name, path in SETS.items():
        items = read_labelled(path)
        results[name] = {}
        for mode in ("full", "focused", "spacy_only"):
            scores = evaluate_places(PlaceResolver(gazetteer, nlp, mode=mode), items)
            scores.pop("errors", None)
            results[name][mode] = scores
    return results


def format_places(results: dict[str, Any]) -> str:
    lines = [f"{'labelled set':<26}{'system':<22}{'P':>7}{'R':>7}{'F1':>7}{'resolution':>12}{'texts/s':>9}"]
    for name, by_mode in results.items():
        for mode, s in by_mode.items():
            label = {"full": "GeoRisk resolver", "focused": "GeoRisk, ingestion",
                     "spacy_only": "spaCy NER only"}[mode]
            lines.append(f"{name:<26}{label:<22}{s['precision']:>7.3f}{s['recall']:>7.3f}{s['f1']:>7.3f}"
                         f"{s['resolution_accuracy']:>12.3f}{s.get('texts_per_second', 0):>9.0f}")
    lines.append("targets: recognition F1 >= 0.93, resolution accuracy >= 0.90. The resolver's rules were "
                 "tuned on the tuning set; the held-out set was written apart from it.")
    return "\n".join(lines)


def run_geography_load(settings: Any, copies: int = 1) -> dict[str, Any]:
    """Load the full tables into a throwaway local server (its own folder and ports): from empty,
    then ``copies - 1`` more copies of the DAG under new ids (a geography several times the U.S.
    one), then the first copy again (nothing to change). Seconds for each."""
    from georisk_graph.loaders.geography import (
        LoadReport, edge_rows_from_table, load_tables, place_rows_from_table, write_geography)
    from georisk_graph.settings import default_geo_dir

    from .ingest import throwaway_graph

    geo = default_geo_dir()
    with throwaway_graph(settings, geography=False) as graph:
        started = time.perf_counter()
        first = load_tables(graph)
        cold = time.perf_counter() - started
        more = []
        for copy in range(1, copies):
            rejected: list[str] = []
            places = ({**row, "id": f"{row['id']}~{copy}", "props": {**row["props"], "id": f"{row['id']}~{copy}"}}
                      for row in place_rows_from_table(geo / "us_geo_nodes.csv.gz", rejected))
            edges = ({**row, "child": f"{row['child']}~{copy}", "parent": f"{row['parent']}~{copy}"}
                     for row in edge_rows_from_table(geo / "us_geo_edges.csv.gz", rejected))
            started = time.perf_counter()
            report = write_geography(graph, places, edges, LoadReport())
            more.append({"places_in_graph": (copy + 1) * first.places_created,
                         "seconds": time.perf_counter() - started, "created": report.places_created})
        started = time.perf_counter()
        second = load_tables(graph)
        again = time.perf_counter() - started
    return {"cold_seconds": cold, "reload_seconds": again, "places": first.places_created,
            "edges": first.edges_created, "reload_changed": float(second.changed), "more_copies": more}
