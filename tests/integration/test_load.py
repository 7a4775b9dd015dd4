"""The load benchmark on the real server: concurrent clients sharing one connected GeoRisk over a small
graph give the sequential pass's answers, without errors; and a differing answer is counted. Its sizes
checked before any work: tests/unit/test_load.py."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from georisk_graph import GeoRisk
from georisk_graph.benchmarks import load
from georisk_graph.benchmarks.faults import ALBUQUERQUE, tiny_world
from georisk_graph.cli import main
from georisk_graph.ingest.pipeline import Ingestor
from georisk_graph.documents import SourceDocument
from ..unit.test_load import QUESTIONS


@pytest.fixture
def georisk(graph, server, embedder, tmp_path):
    # the fault benchmark's five places and its Albuquerque report: a small graph every decision can use
    resolver = tiny_world(graph, tmp_path)
    document = SourceDocument(id="abq", title="Albuquerque grass fire", text=ALBUQUERQUE, source="jsonl",
                              scope=("Q1522",), scope_basis="stated in the test")
    report = Ingestor(graph, embedder, resolver).ingest([document])
    assert report.documents == 1 and not report.failed
    client = GeoRisk.connect(server.settings)
    yield client
    client.close()


def test_concurrent_clients_give_the_sequential_answers(georisk):
    result = load.run_load(georisk, QUESTIONS, clients=4, seconds=3)
    assert result["sequential"]["asks"] == len(QUESTIONS)
    assert result["asks"] > len(QUESTIONS)
    assert (result["errors"], result["errors_by_type"]) == (0, {}), result["error_examples"]
    assert result["differences"] == 0, result["difference_examples"]
    assert result["answered"] == result["asks"] and result["p95_ms"] >= result["p50_ms"] > 0
    assert result["wall_seconds"] >= 3


def test_an_answer_that_differs_from_the_sequential_one_is_counted(georisk):
    expected, _ = load.record_sequential(georisk, QUESTIONS)
    assert expected[QUESTIONS[0]]["decision"] == "answer" and expected[QUESTIONS[0]]["chunks"]
    wrong = {**expected, QUESTIONS[0]: {**expected[QUESTIONS[0]], "decision": "abstain"}}
    result = load.run_load(georisk, QUESTIONS, clients=2, seconds=2, expected=wrong)
    assert result["errors"] == 0 and result["sequential"]["asks"] == 0
    assert 0 < result["differences"] < result["asks"]
    assert {d["question"] for d in result["difference_examples"]} == {QUESTIONS[0]}
    first = result["difference_examples"][0]
    assert (first["expected"]["decision"], first["got"]) == ("abstain", expected[QUESTIONS[0]])
    assert "answers that differ from the sequential pass: " + str(result["differences"]) in load.format_load(result)


def test_cli_bench_load_json(georisk, server):
    result = CliRunner().invoke(main, ["bench", "load", "--clients", "2", "--seconds", "1", "--questions", "3",
                                       "--json"], env=server.env())
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output[result.output.index("{"):])
    assert payload["clients"] == 2 and payload["questions"] == 3 and payload["asks"] > 0
    assert payload["errors"] == 0 and payload["differences"] == 0
