"""δ in Cypher against the pure-Python oracle on random DAGs, and worked examples from the real DAG."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from georisk_graph.delta import delta_many, reference_delta
from georisk_graph import PlaceNotFound
from ..cypher import write_cypher


@st.composite
def dags(draw):
    """Random DAGs: several roots (disconnected parts), multiple parents, diamonds, deep chains."""
    size = draw(st.integers(min_value=1, max_value=24))
    parents: dict[str, list[str]] = {}
    for child in range(size):
        # Parents only among earlier nodes keeps it acyclic; a long chain appears when each picks child-1.
        options = list(range(child))
        chosen = draw(st.lists(st.sampled_from(options), max_size=3, unique=True)) if options else []
        if options and draw(st.booleans()):
            chosen = sorted(set(chosen) | {child - 1})
        parents[f"t:{child}"] = [f"t:{p}" for p in chosen]
    return parents


def load_dag(graph, parents):
    write_cypher(graph, "MATCH (p:Place) WHERE p.id STARTS WITH 't:' DETACH DELETE p")
    write_cypher(graph, "UNWIND $ids AS id CREATE (:Place {id: id, name: 'n' + id, level: 'place'})",
                  {"ids": list(parents)})
    edges = [{"c": c, "p": p} for c, ps in parents.items() for p in ps]
    write_cypher(graph, "UNWIND $edges AS e MATCH (c:Place {id: e.c}), (p:Place {id: e.p}) "
                  "CREATE (c)-[:LOCATED_IN {administrative: true}]->(p)", {"edges": edges})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parents=dags(), data=st.data())
def test_cypher_delta_equals_the_reference(graph, parents, data):
    load_dag(graph, parents)
    ids = list(parents)
    query = data.draw(st.sampled_from(ids))
    results = delta_many(graph, query, ids)
    for result in results:
        delta, i_q, i_t, lca, relation = reference_delta(parents, query, result.target)
        assert (result.delta, result.i_q, result.i_t, result.relation) == (delta, i_q, i_t, relation)
        assert (result.lca.id if result.lca else None) == lca
        if lca is not None:
            path = [p.id for p in result.path]
            assert path[0] == query and path[-1] == result.target and lca in path
            assert len(path) == delta + 1
            hops = list(zip(path, path[1:]))
            up, down = hops[:i_q], hops[i_q:]
            assert all(b in parents[a] for a, b in up) and all(a in parents[b] for a, b in down)
        else:
            assert math.isinf(result.delta) and result.path == ()


def test_administrative_edges_only_unless_asked(graph):
    load_dag(graph, {"t:state": [], "t:county": ["t:state"], "t:forest": []})
    write_cypher(graph, "MATCH (f:Place {id: 't:forest'}), (c:Place {id: 't:county'}) "
                  "CREATE (f)-[:LOCATED_IN {administrative: false}]->(c)")
    admin = delta_many(graph, "t:county", ["t:forest"])[0]
    assert admin.relation == "unrelated" and math.isinf(admin.delta)
    loose = delta_many(graph, "t:county", ["t:forest"], include_overlaps=True)[0]
    assert (loose.relation, loose.delta) == ("narrower", 1)
    state = delta_many(graph, "t:forest", ["t:state"], include_overlaps=True)[0]
    assert (state.relation, state.delta, state.lca.id) == ("broader", 2, "t:state")


def test_unknown_ids_raise_place_not_found(graph):
    load_dag(graph, {"t:a": []})
    with pytest.raises(PlaceNotFound) as caught:
        delta_many(graph, "t:a", ["t:a", "t:nowhere"])
    assert caught.value.place_ids == ["t:nowhere"]
    with pytest.raises(PlaceNotFound, match="t:ghost"):
        delta_many(graph, "t:ghost", ["t:a"])


# -- worked examples from the real DAG -------------------------------------------------------------
def test_albuquerque_vs_new_mexico_is_broader(real_geography):
    result = delta_many(real_geography, "Q34804", ["Q1522"])[0]
    assert (result.delta, result.i_q, result.i_t, result.relation) == (2, 2, 0, "broader")
    assert result.path_text() == "Albuquerque → Bernalillo County → New Mexico"


def test_paradise_vs_chico_meet_at_butte_county(real_geography):
    result = delta_many(real_geography, "census_place:0655520", ["Q432152"])[0]
    assert (result.relation, result.delta, result.lca.id) == ("different", 2, "Q156181")


def test_paradise_vs_albuquerque_meet_at_the_united_states(real_geography):
    result = delta_many(real_geography, "census_place:0655520", ["Q34804"])[0]
    assert (result.relation, result.lca.id, result.i_q, result.i_t) == ("different", "Q30", 3, 3)


def test_new_york_city_and_its_five_counties(real_geography):
    counties = [r["id"] for r in real_geography.execute_read_only(
        "MATCH (:Place {id: 'Q60'})-[:LOCATED_IN]->(c:County) RETURN c.id AS id ORDER BY id")]
    assert len(counties) == 5
    for result in delta_many(real_geography, "Q60", counties):
        assert (result.relation, result.delta, result.lca.id) == ("broader", 1, result.target)
    for result in delta_many(real_geography, counties[0], ["Q60"]):
        assert (result.relation, result.delta) == ("narrower", 1)


def test_a_place_vs_itself_is_exact(real_geography):
    for place in ("Q34804", "Q1522", "Q30", "census_place:0655520"):
        result = delta_many(real_geography, place, [place])[0]
        assert (result.delta, result.relation, result.lca.id) == (0, "exact", place)


def test_cli_json(server, real_geography):
    env = {"GEORISK_HOME": str(server.settings.home), "GEORISK_BOLT_PORT": str(server.settings.bolt_port),
           "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "delta", "Q34804", "Q1522", "--json"],
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["delta"] == 2 and payload["relation"] == "broader"
    assert payload["lca"] == {"id": "Q1522", "name": "New Mexico", "level": "state"}
    assert [p["id"] for p in payload["path"]] == ["Q34804", "Q156297", "Q1522"]
