"""Nothing hangs and nothing answers nothing: questions are checked before any work, every query
carries a time limit, and a client outlives a restart of its server. Limits run on the real server."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from georisk_graph import GeoRisk, Graph, analyst, queries
from georisk_graph.benchmarks.faults import restart_under_client
from georisk_graph.cli import main
from georisk_graph.cli_analyst import cypher_group
from georisk_graph.client import MAX_QUESTION_CHARS
from georisk_graph.question import Reader
from georisk_graph.exceptions import (
    ConfigurationError,
    ConnectionFailed,
    InputError,
    InvalidQuestion,
    QueryError,
    QueryTimeout,
)
from georisk_graph.server import LocalServer

from .conftest import local_settings

# About 7 s of work for the server without a limit (measured on the 2-core test machine).
SLOW_READ = "UNWIND range(1, 200000000) AS x WITH x WHERE x < 0 RETURN count(*) AS n"
SLOW_WRITE = "UNWIND range(1, 200000000) AS x WITH x WHERE x < 0 CREATE (:Never) RETURN count(*) AS n"


# -- questions -----------------------------------------------------------------------------------
class Recording:
    """Stands in for the models of a connected client and remembers whether any was used."""

    def __init__(self) -> None:
        from georisk_graph.places import Gazetteer

        self.calls: list[str] = []
        self.gazetteer = Gazetteer({})
        self.recognizer = self

    def find(self, texts):
        self.calls.append("recognize")
        return [[] for _ in texts]

    def resolve_spans(self, text, spans):
        from georisk_graph.places.resolution import Resolution

        return Resolution(text, ())

    def embed(self, texts):
        self.calls.append("embed")
        return []


@pytest.mark.parametrize("question, problem", [
    ("", "is empty"),
    ("   \n\t", "is only whitespace"),
    ("x" * (MAX_QUESTION_CHARS + 1), "more than the 2,000 allowed"),
    (None, "is NoneType, not text"),
    (42, "is int, not text"),
])
def test_a_question_that_cannot_be_asked_is_refused(question, problem):
    with pytest.raises(InvalidQuestion, match=problem) as caught:
        GeoRisk().ask(question)  # type: ignore[arg-type]
    assert caught.value.index == 0 and caught.value.question == question
    assert isinstance(caught.value, InputError)


def test_a_batch_is_checked_whole_before_any_work():
    georisk = GeoRisk()
    models = Recording()
    georisk.resolver, georisk.embedder, georisk.generator = models, models, models
    georisk.reader = Reader(models, None)
    with pytest.raises(InvalidQuestion, match="the question at index 2 of the batch is empty") as caught:
        georisk.ask_many(["Is there a burn ban in Spokane?", "What is defensible space?", ""])
    assert caught.value.index == 2
    assert models.calls == []
    with pytest.raises(InvalidQuestion, match="takes a list of questions") as caught:
        georisk.ask_many("Is there a burn ban in Spokane?")  # type: ignore[arg-type]
    assert caught.value.index is None
    assert georisk.ask_many([]) == [] and models.calls == []
    # A question of exactly the limit is allowed: it reaches the (stand-in) models.
    assert georisk.ask_many(["x" * MAX_QUESTION_CHARS]) == [] and models.calls == ["recognize", "embed"]


def test_async_client_refuses_an_empty_question():
    import asyncio

    from georisk_graph import AsyncGeoRisk

    with pytest.raises(InvalidQuestion):
        asyncio.run(AsyncGeoRisk().ask(""))


def test_cli_refuses_an_empty_question_before_connecting(tmp_path):
    # Nothing listens at this home's port: the question must be refused before any connection.
    env = {"GEORISK_HOME": str(tmp_path), "GEORISK_BOLT_PORT": "1", "NEO4J_URI": ""}
    for question in ("", "  "):
        result = CliRunner().invoke(main, ["ask", question], env=env)
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: the question is ")
        assert "Neo4j" not in result.output


def test_langchain_retriever_refuses_an_empty_question():
    from georisk_graph.langchain import GeoRiskRetriever

    retriever = GeoRiskRetriever(georisk=GeoRisk())
    with pytest.raises(InvalidQuestion, match="is only whitespace"):
        retriever.invoke("   ")


# -- query time limits ---------------------------------------------------------------------------
@pytest.fixture
def slow_queries(tmp_path, monkeypatch):
    """A cypher/ folder holding a slow read and a slow write, so the named-query paths can be timed."""
    folder = tmp_path / "cypher"
    folder.mkdir()
    (folder / "slow_count.cypher").write_text(f"// slow_count: counts nothing, slowly.\n// access: read\n"
                                              f"{SLOW_READ}\n")
    (folder / "slow_write.cypher").write_text(f"// slow_write: writes nothing, slowly.\n// access: write\n"
                                              f"{SLOW_WRITE}\n")
    monkeypatch.setattr(queries, "cypher_dir", lambda: folder)
    queries.load.cache_clear()
    queries.name_of.cache_clear()
    yield folder
    queries.load.cache_clear()
    queries.name_of.cache_clear()


@pytest.fixture
def one_second(session_graph):
    # After the session graph's first queries: a cold server may take over a second to plan them.
    graph = Graph(session_graph.settings.with_(query_timeout=1)).connect()
    yield graph
    graph.close()


def stopped_at_the_client_limit(call, name: str) -> QueryTimeout:
    started = time.monotonic()
    with pytest.raises(QueryTimeout) as caught:
        call()
    elapsed = time.monotonic() - started
    # The server checks its transactions' deadlines every couple of seconds; without the limit the
    # statement runs about 7 s, and forever in the real cases this guards against.
    assert elapsed < 5, f"stopped after {elapsed:.1f} s"
    error = caught.value
    assert (error.limit, error.seconds, error.query) == ("client", 1, name)
    assert "GEORISK_QUERY_TIMEOUT" in str(error) and "--timeout" in str(error) and name in str(error)
    return error


def test_every_way_of_running_a_query_stops_at_the_client_limit(one_second, slow_queries):
    stopped_at_the_client_limit(lambda: one_second.run("slow_count"), "slow_count")
    stopped_at_the_client_limit(lambda: one_second.run_in_transaction("slow_write"), "slow_write")
    stopped_at_the_client_limit(lambda: one_second.execute_read_only(SLOW_READ, name="mine"), "mine")
    assert one_second.execute_read_only("MATCH (n:Never) RETURN count(n) AS n") == [{"n": 0}]


def test_an_analyst_query_stops_at_the_limit_given_on_the_command_line(server, tmp_path):
    slow = tmp_path / "slow.cypher"
    slow.write_text(f"// slow: an analyst's own query that runs too long.\n// access: read\n{SLOW_READ}\n")
    with Graph(server.settings.with_(query_timeout=1)) as graph:
        error = stopped_at_the_client_limit(lambda: analyst.run(graph, str(slow)),
                                            "the statement " + repr(SLOW_READ[:59] + "…"))
    assert isinstance(error, QueryError)
    env = {**server.env(), "GEORISK_QUERY_TIMEOUT": "600"}
    started = time.monotonic()
    result = CliRunner().invoke(cypher_group, ["run", str(slow), "--timeout", "1"], env=env)
    assert result.exit_code == 2, result.output
    assert time.monotonic() - started < 8
    assert "ran longer than 1 s, the client's limit GEORISK_QUERY_TIMEOUT" in result.output


def test_a_query_that_bounds_itself_gets_no_client_limit(one_second, tmp_path):
    """db.awaitIndexes waits up to the seconds it is given: its header says ``// timeout: none``, and
    it runs past the client's limit. Every other query, and an analyst's own Cypher, gets the limit."""
    assert one_second.timeout_for(queries.load("await_indexes")) is None
    assert one_second.timeout_for(queries.load("retrieve")) == 1
    assert one_second.timeout_for() == 1
    bad = tmp_path / "bad.cypher"
    bad.write_text("// bad: a limit of its own.\n// access: read\n// timeout: 5\nRETURN 1\n")
    with pytest.raises(QueryError, match="timeout: none"):
        queries.parse(bad)


def test_query_timeout_zero_means_no_client_limit_and_negative_is_refused(server):
    assert Graph(server.settings.with_(query_timeout=0)).timeout_for() is None
    assert Graph(server.settings).timeout_for() == 120
    with pytest.raises(ConfigurationError, match="GEORISK_QUERY_TIMEOUT must be 0"):
        Graph(server.settings.with_(query_timeout=-1)).timeout_for()


def test_a_query_stopped_by_the_servers_limit_says_which_limit(tmp_path):
    """The server's own limit (db.transaction.timeout) reports the client's code when the transaction
    carried no timeout of its own, as a 5.26 server did with GEORISK_TRANSACTION_TIMEOUT=10s; what
    was sent tells the limits apart. (A cold server's first statements can take over 10 s on the
    test machine, so a server with so short a limit is not started here.)"""
    from neo4j.exceptions import Neo4jError

    def stopped(code: str, sent: float | None, settings) -> QueryTimeout:
        refusal = Neo4jError._hydrate_neo4j(code=code, message="The transaction has been terminated.")
        return Graph(settings)._error(refusal, "slow_count", sent, "refused")  # type: ignore[return-value]

    local = local_settings(tmp_path, transaction_timeout="10s")
    for code in ("Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration",
                 "Neo.ClientError.Transaction.TransactionTimedOut"):
        error = stopped(code, None, local)
        assert (error.limit, error.seconds, error.query) == ("server", 10, "slow_count")
        assert "db.transaction.timeout" in str(error) and "GEORISK_TRANSACTION_TIMEOUT=10s" in str(error)
    remote = local.with_(neo4j_uri="neo4j+s://example.databases.neo4j.io")
    error = stopped("Neo.ClientError.Transaction.TransactionTimedOut", 120, remote)
    assert (error.limit, error.seconds) == ("server", None)
    assert "ask the administrator of neo4j+s://example.databases.neo4j.io" in str(error)
    error = stopped("Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration", 120, local)
    assert (error.limit, error.seconds) == ("client", 120) and "GEORISK_QUERY_TIMEOUT" in str(error)


# -- a server of its own, restarted under a connected client ---------------------------------------
@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    local = LocalServer(local_settings(tmp_path_factory.mktemp("restart-home")))
    local.start()
    yield local
    local.stop()


@pytest.mark.neo4j  # starts a server of its own
def test_a_client_outlives_a_restart_of_its_server(own_server, embedder, tmp_path):
    """`georisk bench faults` runs the same scenario and prints these figures."""
    result = restart_under_client(own_server, embedder, tmp_path,
                                  question="Do I need a permit for open burning in New Mexico?")
    assert result["world"] == {"documents": 1, "failed": 0}
    before = result["before"]
    assert before["decision"] == "answer" and before["chunks"]
    error = result["error"]
    assert error is not None and error["type"] == ConnectionFailed.__name__, result
    waited = result["seconds_from_stop_to_error"]
    # The driver's retries stop after 5 s (graph.RETRY_SECONDS) instead of its default 30 s.
    assert waited < 15, f"the error came after {waited:.1f} s"
    message = error["message"]
    assert error["uri"] == own_server.settings.bolt_uri and own_server.settings.bolt_uri in message
    assert "georisk neo4j start" in message and "reconnects by itself" in message
    assert error["first_line"] == message.splitlines()[0]
    after = result["after"]
    assert result["after_error"] is None and after is not None
    assert (after["decision"], after["chunks"]) == (before["decision"], before["chunks"])
    assert after["answer"] == before["answer"]
    assert result["same_answer"] and result["same_text"]
