"""The analysts' named queries without a server: the query files and their parameters, the read-only
runner's and the command line's checks before connecting, and the coverage map drawn from rows. On the
real server: tests/integration/test_analyst.py."""

from __future__ import annotations

import gzip
import json
import re

import pytest
from click.testing import CliRunner

from georisk_graph import analyst, queries
from georisk_graph.cli_analyst import cypher_group
from georisk_graph.coverage_map import (
    GUIDANCE,
    INCIDENTS_ONLY,
    NOTHING,
    category,
    load_atlas,
    plot_coverage,
)
from georisk_graph import QueryError

SPOKANE, SPOKANE_COUNTY, WASHINGTON, STEVENS_COUNTY = "Q187805", "Q485276", "Q1223", "Q483954"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# -- the query files -----------------------------------------------------------------------------
def test_every_analyst_query_is_a_documented_read_query():
    found = {q.name: q for q in analyst.analyst_queries()}
    assert set(found) >= {"analyst_places_under", "analyst_documents_for_place", "analyst_why_passage",
                          "analyst_coverage_gaps", "analyst_ambiguous_names", "analyst_chunks_mentioning"}
    for query in found.values():
        assert query.access == "read"
        assert query.summary.startswith(f"{query.name}: ")
        documented = {p.name for p in analyst.params_of(query)}
        used = set(re.findall(r"\$(\w+)", query.text))
        assert used == documented, query.name
    assert [p.name for p in analyst.params_of(found["analyst_places_under"])] == ["place", "levels"]
    assert [p.optional for p in analyst.params_of(found["analyst_places_under"])] == [False, True]
    assert queries.load("coverage_map").access == "read"


# -- parameters and the runner (no server) -------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("Q485276", "Q485276"),
    ("census_place:5367167", "census_place:5367167"),
    ("'Q485276'", "Q485276"),
    ('"42"', "42"),
    ("42", 42),
    ("-1.5", -1.5),
    ("true", True),
    ("False", False),
    ("null", None),
    ('["county", "state"]', ["county", "state"]),
    ("['county']", ["county"]),
    ("[1, 2]", [1, 2]),
    ("01001", "01001"),  # a FIPS code keeps its leading zero
    ("Spokane County", "Spokane County"),
])
def test_parse_value(text, value):
    assert analyst.parse_value(text) == value


def test_parse_params():
    assert analyst.parse_params(["place=Q485276", "levels=['place', 'cdp']", "limit=5", "name=a=b"]) == {
        "place": "Q485276", "levels": ["place", "cdp"], "limit": 5, "name": "a=b"}
    with pytest.raises(QueryError, match="key=value"):
        analyst.parse_params(["place"])
    with pytest.raises(QueryError, match="not a list"):
        analyst.parse_params(["levels=[county"])


def test_prepare_fills_optional_and_refuses_what_does_not_fit():
    query = analyst.find("places_under")
    assert query.name == "analyst_places_under"
    assert analyst.find("coverage_gaps").name == "analyst_coverage_gaps"  # the short names of `cypher list`
    assert analyst.find("delta").name == "delta"
    assert analyst.prepare(query, {"place": SPOKANE_COUNTY}) == {"place": SPOKANE_COUNTY, "levels": None}
    with pytest.raises(QueryError, match="needs --param place"):
        analyst.prepare(query, {})
    with pytest.raises(QueryError, match="has no parameter colour"):
        analyst.prepare(query, {"place": SPOKANE_COUNTY, "colour": "red"})
    with pytest.raises(QueryError, match="write query"):
        analyst.prepare(analyst.find("ingest_documents"), {})
    with pytest.raises(QueryError, match="no Cypher query named"):
        analyst.find("no_such_query")


def test_format_table():
    text = analyst.format_table([
        {"name": "Spokane", "hops": 1, "levels": ["place", "city"], "share": 0.123456, "note": None},
        {"name": "Spokane Valley", "hops": 2, "levels": [], "share": 1.0, "note": "x" * 100},
    ], max_width=20)
    lines = text.splitlines()
    assert lines[0].split() == ["name", "hops", "levels", "share", "note"]
    assert "place; city" in lines[2] and "0.1235" in lines[2]
    assert lines[3].endswith("x" * 19 + "…")
    assert lines[-1] == "(2 rows)"
    assert analyst.format_table([]) == "(no rows)"


def test_cypher_run_refuses_a_write_query_before_connecting():
    result = CliRunner().invoke(cypher_group, ["run", "ingest_documents", "--param", "documents=[]"],
                                env={"NEO4J_URI": "bolt://127.0.0.1:9", "NEO4J_PASSWORD": "x"})
    assert result.exit_code == 2
    assert "write query" in result.output


def test_cypher_list():
    result = CliRunner().invoke(cypher_group, ["list"])
    assert result.exit_code == 0, result.output
    assert "places_under  place [levels]" in result.output
    assert "why_passage  place [chunk] [document] [include_overlaps]" in result.output


# -- the coverage map ----------------------------------------------------------------------------
def test_topojson_decoding(tmp_path):
    # Two unit squares sharing the arc x=1; the second lists it reversed (~0 == -1).
    topology = {
        "type": "Topology",
        "transform": {"scale": [0.5, 0.25], "translate": [-100.0, 40.0]},
        "arcs": [[[2, 0], [0, 4]], [[2, 4], [-2, 0], [0, -4], [2, 0]], [[2, 0], [2, 0], [0, 4], [-2, 0]]],
        "objects": {
            "states": {"type": "GeometryCollection", "geometries": [
                {"type": "Polygon", "id": "53", "arcs": [[0, 1]]},
                {"type": "MultiPolygon", "id": "16", "arcs": [[[2, -1]]]},
            ]},
            "counties": {"type": "GeometryCollection", "geometries": []},
        },
    }
    path = tmp_path / "atlas.json.gz"
    with gzip.open(path, "wt") as handle:
        json.dump(topology, handle)
    atlas = load_atlas(path)
    [west] = atlas["states"]["53"]
    assert west.tolist() == [[-99.0, 40.0], [-99.0, 41.0], [-100.0, 41.0], [-100.0, 40.0], [-99.0, 40.0]]
    [east] = atlas["states"]["16"]
    assert east.tolist() == [[-99.0, 40.0], [-98.0, 40.0], [-98.0, 41.0], [-99.0, 41.0], [-99.0, 40.0]]


def test_the_real_atlas_decodes_to_states_and_counties():
    atlas = load_atlas()
    assert len(atlas["states"]) == 56 and len(atlas["counties"]) > 3200
    [spokane] = atlas["counties"]["53063"]
    lon, lat = spokane[:, 0], spokane[:, 1]
    assert -118.0 < lon.min() < lon.max() < -117.0 and 47.2 < lat.min() < lat.max() < 48.1


def test_category():
    assert category({"guidance": 1, "incident_reports": 5}) == GUIDANCE
    assert category({"guidance": 0, "incident_reports": 2}) == INCIDENTS_ONLY
    assert category({"guidance": 0, "incident_reports": 0}) == NOTHING
    assert category(None) == NOTHING


def test_plot_coverage_from_rows(tmp_path):
    path = plot_coverage([{"fips": "53", "guidance": 1, "incident_reports": 0},
                          {"state_fips": "06", "guidance": 0, "incident_reports": 3}],
                         [{"county_fips": "53063", "guidance": 1, "incident_reports": 0}],
                         tmp_path / "maps" / "coverage.png")
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE) and len(data) > 50_000


@pytest.mark.parametrize("args, option", [(["ingest", "--repeat", "0"], "--repeat"),
                                          (["places", "--dag-copies", "0"], "--dag-copies"),
                                          (["retrieval", "--chunks", "10"], "--chunks")])
def test_benchmark_sizes_out_of_range_are_refused_before_any_work(args, option):
    from georisk_graph.cli import bench

    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 2 and option in result.output and "Traceback" not in result.output
