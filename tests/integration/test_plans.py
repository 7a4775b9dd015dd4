"""The queries a question runs are planned once: every question, whatever its shape, runs each of them
with parameters of the same types and lengths, so Neo4j serves every question from the plan made when
the client connected (it plans a query again for each new length of a list or string parameter)."""

from __future__ import annotations

from collections import defaultdict

from georisk_graph import GeoRisk, queries
from georisk_graph import relevance
from georisk_graph.retrieval import GraphRetriever

QUESTION_QUERIES = ("retrieve", "versions_on")

QUESTIONS = [
    "Is there an outdoor burn ban in Spokane County?",              # one county
    "Is there a burn ban in Spokane County or in Stevens County?",  # two places
    "Is there a burn ban in Springfield?",                           # a name several places share
    "How much defensible space does a house need?",                  # no place
    "What does Washington law say about evacuations?",               # a state, the law
    "How many acres did the Stemilt Fire burn in 2021?",            # an incident and a year
    "What are the Leave No Trace rules for campfires in Washington?",  # a name no passage uses
    "is there a heat dome warning for spokane",                      # lower case, a compound
]


def _kind(value) -> str:
    """What Neo4j's plan cache keys a parameter on: a list's or map's length (db.stats writes them
    "§LIST[384]"), a string's length, a number's or a boolean's type alone."""
    if isinstance(value, str):
        return value if value.startswith("§") else f"STRING[{len(value)}]"
    return "NULL" if value is None else type(value).__name__


def _signatures(graph, statements: dict[str, str]) -> tuple[dict[str, set[tuple]], dict[str, int]]:
    """Per query, the distinct parameter signatures it ran with, and how many times it ran."""
    rows = graph.execute_read_only(
        "CALL db.stats.retrieve('QUERIES') YIELD data RETURN data.query AS query, data.invocations AS invocations")
    found: dict[str, set[tuple]] = defaultdict(set)
    runs: dict[str, int] = defaultdict(int)
    for row in rows:
        # db.stats keeps a query's first 10,000 characters: a longer query is known by its start
        name = statements.get(row["query"]) or next(
            (n for text, n in statements.items() if len(row["query"]) >= 10_000 and text.startswith(row["query"])), None)
        if name:
            runs[name] += len(row["invocations"])
            found[name] |= {tuple(sorted((k, _kind(v)) for k, v in (i.get("params") or {}).items()))
                            for i in row["invocations"]}
    return found, runs


def test_every_question_runs_each_query_with_one_parameter_signature(world, server):
    statements = {s: name for name in QUESTION_QUERIES
                  for s in queries.load(world.query_name(name)).statements}
    probe = "RETURN size($values) AS n"
    statements[probe] = "probe"
    world.execute_read_only("CALL db.stats.clear('QUERIES')")
    world.execute_read_only("CALL db.stats.collect('QUERIES')")
    try:
        # a server just started is warmed: the plans made, retrieval run on places and on none
        warmed = GraphRetriever(world, relevance.load(server.settings.relevance_model)).warm(384, runs=4)
        with GeoRisk.connect(server.settings) as client:
            answers = client.ask_many(QUESTIONS)
        # the signal the test reads: a list of another length is another signature (and another plan)
        world.execute_read_only(probe, {"values": [1]})
        world.execute_read_only(probe, {"values": [1, 2]})
        found, runs = _signatures(world, statements)
    finally:
        world.execute_read_only("CALL db.stats.stop('QUERIES')")
    assert len(answers) == len(QUESTIONS) and warmed == 4
    assert runs["retrieve"] >= 1 + warmed + 1 + len(QUESTIONS)  # warm's plan and runs, connect's plan, the questions
    assert len(found["probe"]) == 2
    assert {len(a.query_places) for a in answers} >= {0, 1, 2}  # the shapes differ
    for name in QUESTION_QUERIES:
        assert len(found[name]) == 1, (name, [[x for x in a if any(x not in b for b in found[name])]
                                              for a in found[name]])


def test_a_started_server_is_warmed_a_server_elsewhere_is_not_and_a_failed_warm_up_is_said(world, server, capsys):
    from georisk_graph.cli import _warm
    from ..servers import free_port

    _warm(server.settings)
    assert "20 retrievals run" in capsys.readouterr().err
    _warm(server.settings.with_(neo4j_uri=server.settings.bolt_uri))  # NEO4J_URI: not this command's server
    assert capsys.readouterr().err == ""
    _warm(server.settings.with_(bolt_port=free_port()))  # nothing answers there
    said = capsys.readouterr().err
    assert said.startswith("warning: the server is up, but warming it failed") and "Traceback" not in said
