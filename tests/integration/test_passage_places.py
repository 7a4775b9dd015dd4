"""What a passage is about (cypher/fragments/passage_places.cypher, shared by retrieval, the analysts'
why-query and the evaluation's judge): its document's scope and the places it names, and for a fire
report also the places inside its scope that its other passages name."""

from __future__ import annotations

from ..cypher import write_cypher

PLACES = [("t:state", "State", "state"), ("t:county", "Butte", "county"), ("t:other", "Other", "county"),
          ("t:town", "Paradise", "place"), ("t:far", "Faraway", "place")]
EDGES = [("t:county", "t:state"), ("t:other", "t:state"), ("t:town", "t:county"), ("t:far", "t:other")]


def _document(graph, doc_id: str, doc_type: str) -> None:
    """A document about t:county with two passages: #0 names the town in its county and a town of
    another county, #1 (its containment) names no place."""
    write_cypher(graph, "MATCH (s:Place {id: 't:county'}) "
                        "CREATE (d:Document {id: $id, doc_type: $type, title: $id})-[:APPLIES_TO]->(s) "
                        "CREATE (d)-[:HAS_CHUNK]->(a:Chunk {id: $id + '#0', text: 'Paradise and Faraway'}) "
                        "CREATE (d)-[:HAS_CHUNK]->(:Chunk {id: $id + '#1', text: '80 percent contained'}) "
                        "WITH a MATCH (t:Place {id: 't:town'}), (f:Place {id: 't:far'}) "
                        "CREATE (a)-[:MENTIONS]->(t), (a)-[:MENTIONS]->(f)", {"id": doc_id, "type": doc_type})


def test_a_fire_reports_passages_are_about_the_towns_in_its_county_it_names(graph):
    write_cypher(graph, "UNWIND $places AS p CREATE (:Place {id: p[0], name: p[1], level: p[2]})",
                 {"places": [list(p) for p in PLACES]})
    write_cypher(graph, "UNWIND $edges AS e MATCH (c:Place {id: e[0]}), (p:Place {id: e[1]}) "
                        "CREATE (c)-[:LOCATED_IN {administrative: true}]->(p)", {"edges": [list(e) for e in EDGES]})
    _document(graph, "fire", "incident_report")
    _document(graph, "rule", "statute")
    rows = graph.run("chunk_passages", chunk_ids=["fire#0", "fire#1", "rule#1"])
    # the scope first, then the places named (in no set order)
    places = {r["chunk_id"]: (r["places"][0]["id"], {p["id"] for p in r["places"][1:]}) for r in rows}
    assert places["fire#0"] == ("t:county", {"t:town", "t:far"})  # its own mentions, wherever they are
    assert places["fire#1"] == ("t:county", {"t:town"})  # the town the report names in its county; not Faraway
    assert places["rule#1"] == ("t:county", set())  # a rule's passage counts only its own mentions
