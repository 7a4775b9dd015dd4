"""Nothing hangs, on the real server: every query carries a time limit, and a client outlives a restart
of its server. Questions checked before any work: tests/unit/test_limits.py."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from georisk_graph import Graph, analyst, queries
from georisk_graph.benchmarks.faults import restart_under_client
from georisk_graph.cli_analyst import cypher_group
from georisk_graph import ConfigurationError, ConnectionFailed, QueryError, QueryTimeout
from georisk_graph.server import LocalServer

from ..servers import local_settings

# About 7 s of work for the server without a limit (measured on the 2-core test machine).
SLOW_READ = "UNWIND range(1, 200000000) AS x WITH x WHERE x < 0 RETURN count(*) AS n"
SLOW_WRITE = "UNWIND range(1, 200000000) AS x WITH x WHERE x < 0 CREATE (:Never) RETURN count(*) AS n"


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


# -- a server of its own, restarted under a connected client ---------------------------------------
@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    local = LocalServer(local_settings(tmp_path_factory.mktemp("restart-home")))
    local.start()
    yield local
    local.stop()


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
