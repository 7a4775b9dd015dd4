"""Place recognition on the real server: the gazetteer read back from a graph holds what the tables
it was loaded from hold."""

from __future__ import annotations

import gzip

from georisk_graph.places import Gazetteer
from georisk_graph.loaders.geography import gazetteer_from_tables


# -- the gazetteer read from a graph ------------------------------------------------------------------
NODES = (
    "node_id,qid,label,aliases,level,instance_of,state_usps,population,extra\n"
    "Q30,Q30,United States,USA,country,country,,331000000,\n"
    "Q1522,Q1522,New Mexico,NM|N.M.,state,U.S. state,NM,2113000,\n"
    "Q156297,Q156297,Bernalillo County,Bernalillo|Bernalillo Co.,county,county,NM,676000,\n"
    "Q34804,Q34804,Albuquerque,\"Albuquerque city|Albuquerque, NM\",place,city,NM,562000,\n"
    "usfs:cibola,,Cibola National Forest,Cibola NF,protected_area,national forest,NM,,\n"
    "nps:sliver,,Sliver Monument,,protected_area,national monument,,,\n"
    "calfire:x,,Test Fire (2020),Test Fire,event,wildfire,NM,,\"{\"\"acres\"\": 12.0, \"\"started\"\": \"\"2020-06-01\"\"}\"\n"
)
EDGES = (
    "child_id,parent_id,relation,method,primary,share,source\n"
    "Q1522,Q30,located_in,definition,1,,test\n"
    "Q156297,Q1522,located_in,fips_prefix,1,,test\n"
    "Q34804,Q156297,located_in,census_list,1,,test\n"
    "usfs:cibola,Q156297,located_in_or_overlaps,polygon_intersection,0,0.2,test\n"
    "nps:sliver,Q1522,located_in_or_overlaps,polygon_intersection,1,0.99,test\n"
    "nps:sliver,Q156297,located_in_or_overlaps,polygon_intersection,0,0.01,test\n"
    "calfire:x,Q156297,located_in,listed_county,1,,test\n"
)


def test_gazetteer_from_graph_matches_the_tables(graph, tmp_path):
    from georisk_graph.loaders.geography import load_tables

    with gzip.open(tmp_path / "us_geo_nodes.csv.gz", "wt") as handle:
        handle.write(NODES)
    with gzip.open(tmp_path / "us_geo_edges.csv.gz", "wt") as handle:
        handle.write(EDGES)
    load_tables(graph, tmp_path / "us_geo_nodes.csv.gz", tmp_path / "us_geo_edges.csv.gz")

    from_graph = Gazetteer.from_graph(graph)
    from_tables = gazetteer_from_tables(tmp_path)
    assert from_graph.entries.keys() == from_tables.entries.keys()
    for place_id, entry in from_tables.entries.items():
        other = from_graph.entries[place_id]
        assert (other.name, other.level, other.state_usps, other.aliases, other.population) == (
            entry.name, entry.level, entry.state_usps, entry.aliases, entry.population)
        assert sorted(other.parents) == sorted(entry.parents), place_id
    assert from_graph.get("nps:sliver").parents == ("Q1522",)  # the 1% overlap is a sliver
    assert from_graph.get("calfire:x").year == 2020 and from_graph.get("calfire:x").acres == 12.0
    assert [m.entry.id for m in from_graph.lookup("Bernalillo Co.")] == ["Q156297"]
