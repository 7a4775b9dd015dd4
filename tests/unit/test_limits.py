"""Nothing hangs and nothing answers nothing, without a server: questions are checked before any work,
and a query stopped by the server's limit says which limit. The limits run on the real server, and a
client outliving a restart of its server: tests/integration/test_limits.py."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from georisk_graph import GeoRisk, Graph
from georisk_graph.cli import main
from georisk_graph.client import MAX_QUESTION_CHARS
from georisk_graph.question import Reader
from georisk_graph import ConfigurationError, InputError, InvalidQuestion, QueryTimeout

from ..servers import local_settings


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

    name = "recording"
    dimension = 384

    def embed(self, texts):
        self.calls.append("embed")
        return []


def recording_client() -> tuple[GeoRisk, Recording]:
    """A client whose models are stand-ins that remember being used; nothing is connected."""
    from georisk_graph import Models, Settings
    from georisk_graph.retrieval import GraphRetriever

    settings = Settings.from_env({})
    models = Recording()
    graph = Graph(settings)
    fitted = Models.load(settings)
    client = GeoRisk(graph, embedder=models, reader=Reader(models, None),  # type: ignore[arg-type]
                     retriever=GraphRetriever(graph, fitted.relevance), generator=models, models=fitted)  # type: ignore[arg-type]
    return client, models


@pytest.mark.parametrize("question, problem", [
    ("", "is empty"),
    ("   \n\t", "is only whitespace"),
    ("x" * (MAX_QUESTION_CHARS + 1), "more than the 2,000 allowed"),
    (None, "is NoneType, not text"),
    (42, "is int, not text"),
])
def test_a_question_that_cannot_be_asked_is_refused(question, problem):
    with pytest.raises(InvalidQuestion, match=problem) as caught:
        recording_client()[0].ask(question)  # type: ignore[arg-type]
    assert caught.value.index == 0 and caught.value.question == question
    assert isinstance(caught.value, InputError)


def test_a_batch_is_checked_whole_before_any_work():
    georisk, models = recording_client()
    with pytest.raises(InvalidQuestion, match="the question at index 2 of the batch is empty") as caught:
        georisk.ask_many(["Is there a burn ban in Spokane?", "What is defensible space?", ""])
    assert caught.value.index == 2
    assert models.calls == []
    with pytest.raises(InvalidQuestion, match="takes a list of questions") as caught:
        georisk.ask_many("Is there a burn ban in Spokane?")  # type: ignore[arg-type]
    assert caught.value.index is None
    assert georisk.ask_many([]) == [] and models.calls == []
    # A question of exactly the limit is allowed: it reaches the (stand-in) models, whose embedder returns
    # no vector, which is said as such
    with pytest.raises(ConfigurationError, match="the embedder returned 0 vectors for 1 texts"):
        georisk.ask_many(["x" * MAX_QUESTION_CHARS])
    assert models.calls == ["recognize", "embed"]


def test_configured_changes_the_one_settings_every_stage_reads_and_swaps_models_without_touching_the_original():
    from georisk_graph import relevance

    client, models = recording_client()
    changed = client.configured(query_timeout=7.0, k=9, relevance=relevance.load().with_(threshold=0.9))
    assert changed.settings.query_timeout == 7.0 and changed.settings.k == 9
    # the graph holds the client's settings; the retriever reads the graph's: one holder, changed everywhere
    assert changed.graph.settings is changed.settings and changed.retriever.settings is changed.settings  # type: ignore[attr-defined]
    assert changed.retriever.relevance.threshold == 0.9 and changed.models.relevance.threshold == 0.9
    assert client.settings.query_timeout != 7.0 and client.settings.k != 9 and client.models.relevance.threshold != 0.9
    assert changed.reader is client.reader  # the same place model: the same reader
    assert models.calls == []  # nothing was read, embedded or searched


def test_async_client_refuses_an_empty_question():
    import asyncio

    from georisk_graph import AsyncGeoRisk

    with pytest.raises(InvalidQuestion):
        asyncio.run(AsyncGeoRisk(recording_client()[0]).ask(""))


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

    retriever = GeoRiskRetriever(georisk=recording_client()[0])
    with pytest.raises(InvalidQuestion, match="is only whitespace"):
        retriever.invoke("   ")


# -- query time limits ---------------------------------------------------------------------------
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
