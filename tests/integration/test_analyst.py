"""The analysts' named queries on the real server over the full geography and the small test corpus: the
server refuses writes, each query's rows, the command line against the server, and the coverage map drawn
from the graph."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from georisk_graph import analyst
from georisk_graph.cli_analyst import cypher_group
from georisk_graph.coverage_map import coverage_map
from georisk_graph import QueryError
from ..unit.test_analyst import PNG_SIGNATURE, SPOKANE, SPOKANE_COUNTY, WASHINGTON


# -- the server refuses writes -------------------------------------------------------------------
def test_a_read_file_that_writes_is_refused_by_the_server(graph, server, tmp_path):
    sneaky = tmp_path / "sneaky.cypher"
    sneaky.write_text("// sneaky: says read, but creates a node.\n// access: read\n"
                      "// param: name  a name\nCREATE (n:Scratch {name: $name}) RETURN n.name AS name\n")
    with pytest.raises(QueryError, match="read-only"):
        analyst.run(graph, str(sneaky), {"name": "x"})
    result = CliRunner().invoke(cypher_group, ["run", str(sneaky), "--param", "name=y"], env=server.env())
    assert result.exit_code == 2
    assert "read-only" in result.output
    written = tmp_path / "written.cypher"
    written.write_text("// written: a write.\n// access: write\nCREATE (n:Scratch)\n")
    result = CliRunner().invoke(cypher_group, ["run", str(written)], env=server.env())
    assert result.exit_code == 2 and "write query" in result.output
    assert graph.execute_read_only("MATCH (n:Scratch) RETURN count(n) AS n")[0]["n"] == 0


# -- the queries on the full geography and the test corpus ---------------------------------------
def test_places_under_spokane_county(world):
    rows = analyst.run(world, "places_under", {"place": SPOKANE_COUNTY})
    by_id = {r["id"]: r for r in rows}
    assert by_id[SPOKANE]["name"] == "Spokane" and by_id[SPOKANE]["hops"] == 1
    assert {"Spokane Valley", "Cheney", "Liberty Lake"} <= {r["name"] for r in rows}
    assert all(r["state"] == "WA" for r in rows)
    assert [r["hops"] for r in rows] == sorted(r["hops"] for r in rows)
    only_cities = analyst.run(world, "places_under", {"place": SPOKANE_COUNTY, "levels": ["place"]})
    assert SPOKANE in {r["id"] for r in only_cities} and {r["level"] for r in only_cities} == {"place"}
    counties = analyst.run(world, "places_under", {"place": WASHINGTON, "levels": ["county"]})
    assert len(counties) == 39 and SPOKANE_COUNTY in {r["id"] for r in counties}


def test_documents_for_spokane_and_for_washington(world):
    rows = {r["document"]: r for r in analyst.run(world, "documents_for_place", {"place": SPOKANE})}
    assert rows["spokane-county-burn-ban"]["relation"] == "broader"
    assert rows["spokane-county-burn-ban"]["scope_ids"] == [SPOKANE_COUNTY]
    assert rows["spokane-county-burn-ban"]["hops"] == 1
    assert rows["wa-rcw-76-04-205"]["relation"] == "broader" and rows["wa-rcw-76-04-205"]["hops"] == 2
    assert "stevens-county-campfires" not in rows  # a sibling county bears on Spokane in no way
    assert "springfield-il-yard-waste" not in rows
    state = {r["document"]: r for r in analyst.run(world, "documents_for_place", {"place": WASHINGTON})}
    assert state["wa-rcw-76-04-205"]["relation"] == "exact"
    assert state["spokane-county-burn-ban"]["relation"] == "narrower"
    assert state["spokane-county-burn-ban"]["mentioning_chunks"] >= 1
    assert "Spokane County" in state["spokane-county-burn-ban"]["mentioned"]
    assert state["stevens-county-campfires"]["relation"] == "narrower"
    relations = [r["relation"] for r in state.values()]
    assert relations == sorted(relations, key=["exact", "broader", "narrower", "mentioned only"].index)


def test_why_passage_spokane_question_spokane_county_document(world):
    rows = analyst.run(world, "why_passage", {"place": SPOKANE, "document": "spokane-county-burn-ban"})
    assert rows
    for row in rows:
        assert row["relation"] == "broader" and row["decision"] == "warn"
        assert row["delta"] == 1 and (row["i_q"], row["i_t"]) == (1, 0)
        assert row["evidence_place"] == "Spokane County (county)"
        assert row["common_ancestor"] == "Spokane County (county)"
        assert row["path"] == "Spokane → Spokane County"
        assert "stricter local rules" in row["reason"]
    chunk = rows[0]["chunk"]
    [one] = analyst.run(world, "why_passage", {"place": SPOKANE, "chunk": chunk})
    assert one["chunk"] == chunk and one["relation"] == "broader"


@pytest.mark.parametrize("place, document, relation, decision, lca", [
    (SPOKANE_COUNTY, "spokane-county-burn-ban", "exact", "answer", "Spokane County (county)"),
    (WASHINGTON, "spokane-county-burn-ban", "narrower", "warn", "Washington (state)"),
    (SPOKANE_COUNTY, "stevens-county-campfires", "different", "abstain", "Washington (state)"),
])
def test_why_passage_each_decision(world, place, document, relation, decision, lca):
    rows = analyst.run(world, "why_passage", {"place": place, "document": document})
    assert {(r["relation"], r["decision"], r["common_ancestor"]) for r in rows} == {(relation, decision, lca)}


def test_why_passage_without_connected_place_abstains(world):
    [row] = analyst.run(world, "why_passage", {"place": SPOKANE, "document": "defensible-space"})
    assert row["relation"] == "unrelated" and row["decision"] == "abstain" and row["delta"] is None


def test_coverage_gaps(world):
    states = {r["name"]: r for r in analyst.run(world, "coverage_gaps",
                                                {"levels": ["state", "federal_district"]})}
    assert "Washington" not in states and "Illinois" not in states and "Missouri" not in states
    assert states["Vermont"]["status"] == "nothing" and states["Vermont"]["broader_guidance"] == 0
    assert states["District of Columbia"]["status"] == "nothing"
    counties = {(r["name"], r["state"]): r for r in analyst.run(world, "coverage_gaps", {"levels": ["county"]})}
    assert ("Spokane County", "WA") not in counties and ("Stevens County", "WA") not in counties
    king = counties[("King County", "WA")]
    assert king["status"] == "nothing" and king["broader_guidance"] == 2  # the two Washington statutes
    assert counties[("Kootenai County", "ID")]["broader_guidance"] == 0
    # Only incident reports count as such: the test corpus has three, each in a county with no guidance of its own.
    reported = {("Chelan County", "WA"), ("Josephine County", "OR"), ("Idaho County", "ID")}
    assert {key: (counties[key]["status"], counties[key]["incident_reports"]) for key in reported} == \
        {key: ("incident reports only", 1) for key in reported}
    assert {r["status"] for key, r in counties.items() if key not in reported} == {"nothing"}
    statutes_only = analyst.run(world, "coverage_gaps", {"levels": ["state"], "guidance_types": ["statute"]})
    assert "Illinois" in {r["name"] for r in statutes_only} and "Washington" not in {r["name"] for r in statutes_only}


def test_ambiguous_names(world):
    [springfield] = analyst.run(world, "ambiguous_names", {"name": "springfield", "levels": ["place"]})
    assert springfield["count"] >= 5
    assert {"Q28515", "Q135615"} <= set(springfield["ids"])
    assert any(p.startswith("Springfield (place, IL)") for p in springfield["places"])
    shared = analyst.run(world, "ambiguous_names", {"min_count": 20, "limit": 5})
    assert 0 < len(shared) <= 5 and all(r["count"] >= 20 for r in shared)
    assert [r["count"] for r in shared] == sorted((r["count"] for r in shared), reverse=True)
    assert analyst.run(world, "ambiguous_names", {"name": "Spokane Valley"}) == []


def test_chunks_mentioning(world):
    rows = analyst.run(world, "chunks_mentioning", {"place": SPOKANE_COUNTY})
    assert rows and {r["document"] for r in rows} == {"spokane-county-burn-ban"}
    assert all(r["surface"] == "Spokane County" and r["place"] == "Spokane County" for r in rows)
    assert all("Spokane County" in r["context"] for r in rows)
    inside = analyst.run(world, "chunks_mentioning", {"place": WASHINGTON, "inside": True})
    assert {"spokane-county-burn-ban", "stevens-county-campfires"} <= {r["document"] for r in inside}
    assert analyst.run(world, "chunks_mentioning", {"place": "Q16551"}) == []  # Vermont


def test_cypher_run_on_the_server(world, server):
    result = CliRunner().invoke(cypher_group, ["run", "why_passage", "--param", f"place={SPOKANE}",
                                               "--param", "document=spokane-county-burn-ban"], env=server.env())
    assert result.exit_code == 0, result.output
    assert "broader" in result.output and "Spokane → Spokane County" in result.output
    result = CliRunner().invoke(cypher_group, ["run", "places_under", "-p", f"place={SPOKANE_COUNTY}",
                                               "-p", "levels=['place']", "--json"], env=server.env())
    assert result.exit_code == 0, result.output
    assert "Spokane" in {r["name"] for r in json.loads(result.output)}


def test_coverage_map_from_the_graph(world, tmp_path):
    rows = world.run("coverage_map", levels=None, guidance_types=None)
    by_fips = {(r["kind"], r["fips"]): r for r in rows}
    assert by_fips[("state", "53")]["guidance"] >= 2 and by_fips[("county", "53063")]["guidance"] >= 1
    assert by_fips[("county", "53065")]["guidance"] >= 1  # Stevens County
    assert by_fips[("state", "50")]["guidance"] == 0  # Vermont
    path = coverage_map(world, tmp_path / "coverage.png")
    assert path.stat().st_size > 50_000 and path.read_bytes().startswith(PNG_SIGNATURE)


def test_the_sentences_of_one_kind_in_the_documents_that_apply_to_a_place(world):
    rows = analyst.run(world, "statements", {"kind": "rule", "place": SPOKANE, "limit": 50})
    assert rows, "the test corpus's burn ban and state rule hold rules"
    # only documents that apply to Spokane or to a place containing it, the clearest first
    bearing = {r["document"] for r in analyst.run(world, "documents_for_place", {"place": SPOKANE})
               if r["relation"] in ("exact", "broader")}
    assert {r["document_id"] for r in rows} <= bearing
    assert [r["share"] for r in rows] == sorted((r["share"] for r in rows), reverse=True)
    everywhere = analyst.run(world, "statements", {"kind": "rule", "place": None, "limit": 500})
    assert len(everywhere) > len(rows) and all(r["sentence"].strip() for r in everywhere)
    assert analyst.run(world, "statements", {"kind": "no such kind", "place": None, "limit": 5}) == []
