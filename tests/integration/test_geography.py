"""Loading the containment DAG: the full shared tables, small hand-made tables, Wikidata formats, bad input."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

import pytest

from georisk_graph import InputError
from georisk_graph.loaders.geography import load_tables, load_wikidata

from .conftest import EXPECTED_EDGES, EXPECTED_PLACES

NODES_HEADER = "node_id,qid,label,aliases,level,instance_of,state_usps,population\n"
EDGES_HEADER = "child_id,parent_id,relation,method,primary,share,source\n"


def write_tables(tmp_path, nodes: str, edges: str):
    node_file, edge_file = tmp_path / "nodes.csv.gz", tmp_path / "edges.csv"
    with gzip.open(node_file, "wt") as handle:
        handle.write(NODES_HEADER + nodes)
    edge_file.write_text(EDGES_HEADER + edges)
    return node_file, edge_file


SMALL_NODES = (
    "Q30,Q30,United States,USA,country,country,,331000000\n"
    "Q1522,Q1522,New Mexico,NM|N.M.,state,U.S. state,NM,2113000\n"
    "Q156297,Q156297,Bernalillo County,Bernalillo Co.,county,county,NM,676000\n"
    "Q34804,Q34804,Albuquerque,\"Albuquerque, NM\",place,city,NM,562000\n"
    "usfs:Cibola,,Cibola National Forest,,protected_area,national forest,NM,\n"
)
SMALL_EDGES = (
    "Q1522,Q30,located_in,definition,1,,test\n"
    "Q156297,Q1522,located_in,fips_prefix,1,,test\n"
    "Q34804,Q156297,located_in,census_list,1,,test\n"
    "usfs:Cibola,Q156297,located_in_or_overlaps,polygon_intersection,0,0.2,test\n"
)


def test_small_tables_load_once_then_report_no_changes(graph, tmp_path):
    nodes, edges = write_tables(tmp_path, SMALL_NODES, SMALL_EDGES)
    first = load_tables(graph, nodes, edges)
    assert (first.places_created, first.edges_created) == (5, 4) and first.changed
    second = load_tables(graph, nodes, edges)
    assert not second.changed and "no changes" in second.describe()
    rows = graph.execute_read_only("MATCH (p:Place {id: 'Q156297'}) RETURN labels(p) AS labels, p.aliases AS aliases")
    assert set(rows[0]["labels"]) == {"Place", "County"} and rows[0]["aliases"] == ["Bernalillo Co."]
    kinds = graph.execute_read_only("MATCH (c)-[r:LOCATED_IN]->(p) RETURN c.id AS c, r.administrative AS admin ORDER BY c")
    assert {r["c"]: r["admin"] for r in kinds} == {"Q1522": True, "Q156297": True, "Q34804": True,
                                                  "usfs:Cibola": False}


def test_changed_row_is_updated_not_duplicated(graph, tmp_path):
    nodes, edges = write_tables(tmp_path, SMALL_NODES, SMALL_EDGES)
    load_tables(graph, nodes, edges)
    nodes2, edges2 = write_tables(tmp_path, SMALL_NODES.replace("562000", "564000"), SMALL_EDGES)
    report = load_tables(graph, nodes2, edges2)
    assert (report.places_created, report.places_updated, report.edges_updated) == (0, 1, 0)
    assert graph.execute_read_only("MATCH (p:Place {id: 'Q34804'}) RETURN p.population AS pop") == [{"pop": 564000}]
    assert graph.counts()["places"] == 5


def test_malformed_rows_are_reported_and_the_rest_loaded(graph, tmp_path):
    nodes, edges = write_tables(
        tmp_path,
        SMALL_NODES + ",,No Id,,place,,,\nQ9,Q9,Bad level,,galaxy,,,\n",
        SMALL_EDGES + "Q34804,Q404,located_in,x,1,,test\nQ34804,Q30,contains,x,1,,test\n",
    )
    report = load_tables(graph, nodes, edges)
    assert report.places_created == 5 and report.edges_created == 4
    text = "\n".join(report.rejected)
    assert len(report.rejected) == 4
    assert "line 7" in text and "galaxy" in text and "unknown place Q404" in text and "'contains'" in text


def test_missing_and_wrong_files(graph, tmp_path):
    with pytest.raises(InputError, match="not found.*GEORISK_GEO_DIR"):
        load_tables(graph, tmp_path / "nope.csv.gz", tmp_path / "nope2.csv")
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("a,b\n1,2\n")
    edges = tmp_path / "edges.csv"
    edges.write_text(EDGES_HEADER)
    with pytest.raises(InputError, match="lacks the column"):
        load_tables(graph, wrong, edges)
    assert graph.counts()["places"] == 0


def test_cli_reports_a_missing_file_without_a_traceback(server, tmp_path):
    env = {"GEORISK_HOME": str(server.settings.home), "GEORISK_BOLT_PORT": str(server.settings.bolt_port),
           "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "geography", "load", "--nodes",
                           str(tmp_path / "none.csv.gz")], env=env, capture_output=True, text=True)
    assert done.returncode == 2
    assert "error: geography table not found" in done.stderr and "Traceback" not in done.stderr


def test_wikidata_sparql_and_entity_dump(graph, tmp_path):
    sparql = {"head": {"vars": ["item", "itemLabel", "parent", "parentLabel"]}, "results": {"bindings": [
        {"item": {"type": "uri", "value": "http://www.wikidata.org/entity/Q34804"},
         "itemLabel": {"type": "literal", "value": "Albuquerque"},
         "parent": {"type": "uri", "value": "http://www.wikidata.org/entity/Q156297"},
         "parentLabel": {"type": "literal", "value": "Bernalillo County"}},
        {"item": {"type": "uri", "value": "http://www.wikidata.org/entity/Q156297"},
         "parent": {"type": "uri", "value": "http://www.wikidata.org/entity/Q1522"}},
        {"item": {"type": "uri", "value": "http://www.wikidata.org/entity/Q1"}},
    ]}}
    sparql_file = tmp_path / "p131.json"
    sparql_file.write_text(json.dumps(sparql))

    def claim(prop, value, rank="normal", ended=False):
        snak = {"snaktype": "value", "property": prop, "datavalue": value}
        statement = {"mainsnak": snak, "rank": rank}
        if ended:
            statement["qualifiers"] = {"P582": [{}]}
        return statement

    item = lambda q: {"type": "wikibase-entityid", "value": {"entity-type": "item", "id": q}}  # noqa: E731
    entities = [
        {"id": "Q1522", "type": "item", "labels": {"en": {"language": "en", "value": "New Mexico"}},
         "aliases": {"en": [{"language": "en", "value": "NM"}]},
         "claims": {"P31": [claim("P31", item("Q35657"))], "P131": [claim("P131", item("Q30"))],
                    "P1082": [claim("P1082", {"value": {"amount": "+2117522"}}, rank="preferred")]},
         "sitelinks": {"enwiki": {}, "dewiki": {}}},
        {"id": "Q30", "type": "item", "labels": {"en": {"language": "en", "value": "United States"}},
         "claims": {"P31": [claim("P31", item("Q6256"))]}},
        {"id": "Q156297", "type": "item", "labels": {"en": {"language": "en", "value": "Bernalillo County"}},
         "claims": {"P31": [claim("P31", item("Q47168"))],
                    "P131": [claim("P131", item("Q1522")), claim("P131", item("Q99"), ended=True)]}},
    ]
    dump = tmp_path / "subset.json.gz"
    with gzip.open(dump, "wt") as handle:
        handle.write("[\n" + ",\n".join(json.dumps(e) for e in entities) + "\n]\n")

    report = load_wikidata(graph, sparql=sparql_file, dump=dump)
    assert report.places_created == 4 and report.edges_created == 3
    assert any("needs ?item and ?parent" in r for r in report.rejected)
    rows = graph.execute_read_only("MATCH (p:Place) RETURN p.id AS id, p.level AS level, p.population AS pop, "
                         "p.sitelinks AS sitelinks ORDER BY id")
    by_id = {r["id"]: r for r in rows}
    assert by_id["Q1522"] == {"id": "Q1522", "level": "state", "pop": 2117522, "sitelinks": 2}
    assert by_id["Q156297"]["level"] == "county" and by_id["Q34804"]["level"] is None
    path = graph.execute_read_only("MATCH p = (:Place {id: 'Q34804'})-[:LOCATED_IN*]->(:Place {id: 'Q30'}) "
                         "RETURN length(p) AS hops")
    assert path == [{"hops": 3}]
    again = load_wikidata(graph, sparql=sparql_file, dump=dump)
    assert not again.changed


def test_full_shared_geography(real_geography):
    counts = real_geography.counts()
    assert counts["places"] == EXPECTED_PLACES and counts["edges"] == EXPECTED_EDGES
    report = load_tables(real_geography)
    assert not report.changed and report.places_read == EXPECTED_PLACES
    rows = real_geography.execute_read_only(
        "MATCH (p:Place) WHERE NOT (p)-[:LOCATED_IN]->() RETURN collect(p.id) AS roots")
    assert rows[0]["roots"] == ["Q30"]
    nyc = real_geography.execute_read_only("MATCH (:Place {id: 'Q60'})-[:LOCATED_IN]->(c:County) RETURN count(c) AS n")
    assert nyc == [{"n": 5}]
