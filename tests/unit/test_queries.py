"""The named Cypher files: fragments shared by several queries are written once and composed on load."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from georisk_graph import queries
from georisk_graph.cli_analyst import cypher_group
from georisk_graph import QueryError

TIE_BREAK = "ORDER BY i_q + i_t, CASE WHEN i_q = 0 OR i_t = 0 THEN 0 ELSE 1 END, i_q, a.id"
DELTA_QUERIES = ("delta", "delta_pairs", "retrieve", "retrieve_5", "analyst_why_passage")
RELATION_QUERIES = ("delta", "retrieve", "retrieve_5", "analyst_why_passage")
# What a passage is about: retrieval, the analysts' why-query and the evaluation's judge agree.
PASSAGE_PLACES = "MATCH (d)-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(o:Place)"
PASSAGE_QUERIES = ("retrieve", "retrieve_5", "analyst_why_passage", "chunk_passages")


def test_every_named_query_composes():
    for query in queries.all_queries():
        assert query.statements, query.name
        assert "// include:" not in query.text, query.name


def test_delta_tie_break_and_relation_are_written_once():
    raw = {path.stem: path.read_text() for path in queries.cypher_dir().glob("*.cypher")}
    assert not [name for name, text in raw.items() if TIE_BREAK in text]
    assert not [name for name, text in raw.items() if "WHEN i_q = 0 THEN 'narrower'" in text]
    for name in DELTA_QUERIES:
        assert TIE_BREAK in queries.load(name).text, name
    for name in RELATION_QUERIES:
        text = queries.load(name).text
        assert "WHEN i_q = 0 THEN 'narrower'" in text and "ELSE 'different'" in text, name


def test_what_a_passage_is_about_is_written_once():
    raw = {path.stem: path.read_text() for path in queries.cypher_dir().glob("*.cypher")}
    assert not [name for name, text in raw.items() if PASSAGE_PLACES in text]
    for name in PASSAGE_QUERIES:
        assert PASSAGE_PLACES in queries.load(name).text, name


def _candidate_blocks(name: str) -> tuple[list[str], list[str], list[str]]:
    """A retrieval query's composed lines: before its geographic candidates, the geographic candidates'
    block (from the CALL that collects geo_hits to its closing brace), and after it."""
    lines = queries.load(name).text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("CALL (wide, worded_all, worded_scope) {"))
    end = next(i for i, line in enumerate(lines) if i > start and line == "}")
    return lines[:start], lines[start:end + 1], lines[end + 1:]


def test_the_two_retrieval_queries_differ_only_in_their_candidate_searches():
    """retrieve (Neo4j 2026) and retrieve_5 (5.x, whose vector index cannot filter) share the full-text
    candidates, the features, the relevance model and the ranking: after the vector search that opens each,
    and apart from the block that collects the passages geography ties to a question place, their composed
    texts are the same lines."""
    before, block, after = _candidate_blocks("retrieve")
    before_5, block_5, after_5 = _candidate_blocks("retrieve_5")
    assert after == after_5 and len(after) > 100
    opening = next(i for i, line in enumerate(before) if line.startswith("WITH wide, wide[..$pool] AS nearest"))
    opening_5 = next(i for i, line in enumerate(before_5) if line.startswith("WITH wide, wide[..$pool] AS nearest"))
    assert before[opening:] == before_5[opening_5:] and len(before[opening:]) > 30
    assert block != block_5 and "RETURN collect(DISTINCT c) AS geo_hits" in block[-2] + block_5[-2]


def test_a_fragment_may_include_another_but_not_itself(tmp_path, monkeypatch):
    (tmp_path / "fragments").mkdir()
    (tmp_path / "fragments" / "outer.cypher").write_text("// outer\nWITH 1 AS x\n  // include: inner\n")
    (tmp_path / "fragments" / "inner.cypher").write_text("// inner\nRETURN x\n")
    (tmp_path / "fragments" / "loop.cypher").write_text("// loop\n// include: loop\n")
    monkeypatch.setattr(queries, "cypher_dir", lambda: tmp_path)
    path = tmp_path / "mine.cypher"
    path.write_text("// mine\n// include: outer\n")
    assert queries.parse(path).text == "WITH 1 AS x\n  RETURN x"
    path.write_text("// mine\n// include: loop\n")
    with pytest.raises(QueryError, match="includes itself"):
        queries.parse(path)


def test_a_fragment_takes_the_indentation_of_its_include_line(tmp_path):
    path = tmp_path / "mine.cypher"
    path.write_text("// mine: an analyst's own query\n// access: read\nCALL () {\n    // include: delta_order\n}\n")
    query = queries.parse(path)
    assert "    " + TIE_BREAK + "\n    LIMIT 1\n}" in query.text
    assert query.listing.startswith("// mine: an analyst's own query")


def _geographic_searches(name: str, partitions: list[str]) -> list[str]:
    text = queries.load(name).for_partitions(partitions).text
    return re.findall(r"SEARCH c IN \(VECTOR INDEX \w+ FOR \$embedding WHERE [^)]*\)", text)


def test_the_benchmark_times_the_geographic_searches_retrieval_runs():
    # one text, included in both: the benchmark's timing of the geographic searches cannot drift from them
    for partitions in ([], ["Q99"], ["Q99", "Q1223"]):
        searches = _geographic_searches("retrieve", partitions)
        assert searches == _geographic_searches("bench_geographic_searches", partitions)
        # the whole index's filtered searches for a state without its own index, three per state with one
        assert len(searches) == 3 + 3 * len(partitions)


def test_a_partition_block_is_written_once_per_state_with_its_id_as_a_parameter():
    query = queries.load("retrieve")
    assert "chunk_embedding_in_" not in query.text  # as parsed: no state has its own index
    text = query.for_partitions(["Q99", "Q1223"]).text
    assert text.count("VECTOR INDEX chunk_embedding_in_Q99 ") == 3
    assert text.count("VECTOR INDEX chunk_embedding_in_Q1223 ") == 3
    assert "$partitions[0] IN states" in text and "$partitions[1] IN states" in text
    assert "PARTITION" not in text and "$partition " not in text
    index = queries.load("partition_index").for_partitions(["Q99"]).text
    assert "FOR (c:ChunkIn_Q99)" in index
    with pytest.raises(QueryError, match="exactly one"):
        queries.load("partition_index").for_partitions(["Q99", "Q1223"])
    for bad in ("Q99`) DETACH DELETE c //", "Q 99", ""):
        with pytest.raises(QueryError, match="letters and digits"):
            query.for_partitions([bad])


def test_an_unknown_fragment_is_named_with_the_known_ones(tmp_path):
    path = tmp_path / "mine.cypher"
    path.write_text("// mine\nRETURN 1\n// include: tie_break\n")
    with pytest.raises(QueryError, match=r"'// include: tie_break'.*known fragments: ancestors, candidate_ranking, delta_order, geographic_searches, passage_places, relation_cases, text_candidates"):
        queries.parse(path)


def test_an_inline_fragment_is_written_into_its_line(tmp_path):
    """``(p)/* include: ancestors */(a)`` is the one definition of the administrative ancestor step: the
    composed text holds it in place, and no query of cypher/ writes that step out itself."""
    path = tmp_path / "mine.cypher"
    path.write_text("// mine\nMATCH (p:Place {id: $id})/* include: ancestors */(a:Place)\nRETURN a.id\n")
    assert queries.parse(path).text == "MATCH (p:Place {id: $id})-[:LOCATED_IN*0..8 {administrative: true}]->(a:Place)\nRETURN a.id"
    written_out = [q.name for q in queries.all_queries()
                   if "administrative: true}]" in q.path.read_text()]
    assert written_out == []


def test_the_level_lists_come_from_one_definition():
    """A query naming $geo gets georisk_graph.geo's level lists; no query of cypher/ lists the levels that
    stand for a state itself."""
    from georisk_graph.geo import STATE_LEVELS, cypher_levels
    from georisk_graph.graph import parameters_of

    assert parameters_of("RETURN $geo.states AS s", {}) == {"geo": cypher_levels()}
    assert set(cypher_levels()["states"]) == STATE_LEVELS
    assert parameters_of("RETURN $k AS k", {"k": 1, "other": 2}) == {"k": 1}
    listing = [q.name for q in queries.all_queries() if "'territory'" in q.text]
    assert listing == []


def test_cypher_show_prints_the_composed_query_to_paste_into_browser():
    result = CliRunner().invoke(cypher_group, ["show", "why_passage"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("// analyst_why_passage")
    assert TIE_BREAK in result.output and "// include:" not in result.output


def test_a_query_run_without_its_partitions_written_refuses_partitions_given():
    from georisk_graph import Graph, Settings

    graph = Graph(Settings())  # not connected: the refusal comes before any I/O
    with pytest.raises(QueryError, match="run_partitioned"):
        graph.run("retrieve", partitions=["Q99"])
