"""Evaluation on the real server: one end-to-end run of every system on the test world
(tests/integration/conftest.py WORLD_DOCUMENTS), and the gold relation of a passage's places."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from georisk_graph.evaluation import metrics
from georisk_graph.evaluation.records import Question, read_records
from georisk_graph.evaluation.runner import GoldRelations
from ..unit.test_evaluation import cite


# -- end to end on the test world --------------------------------------------------------------------------
WORLD_BENCHMARK = [
    {"id": "w1", "question": "When does the Spokane County outdoor burn ban take effect?",
     "location": {"id": "Q485276", "name": "Spokane County", "level": "county"}, "location_dependent": True,
     "granularity": "county", "topic": "restrictions and burn bans", "gold_answer": "July 1",
     "gold_doc_ids": ["spokane-county-burn-ban"], "gold_decision": "answer"},
    {"id": "w2", "question": "Can I burn yard debris in Spokane?",
     "location": {"id": "Q187805", "name": "Spokane", "level": "city"}, "location_dependent": True,
     "granularity": "city", "topic": "permits and regulations", "gold_answer": None,
     "gold_doc_ids": ["spokane-county-burn-ban"], "gold_decision": "warn"},
    {"id": "w3", "question": "Are charcoal briquettes banned in Kootenai County parks?",
     "location": {"id": "Q494460", "name": "Kootenai County", "level": "county"}, "location_dependent": True,
     "granularity": "county", "topic": "restrictions and burn bans", "gold_answer": None, "gold_doc_ids": [],
     "gold_decision": "abstain"},
    {"id": "w4", "question": "Is open burning of yard waste allowed in Springfield, IL?",
     "location": {"id": "Q28515", "name": "Springfield, IL", "level": "city"}, "location_dependent": True,
     "granularity": "city", "topic": "permits and regulations", "gold_answer": None,
     "gold_doc_ids": ["springfield-il-yard-waste"], "gold_decision": "answer"},
    {"id": "w5", "question": "Can I burn leaves in Kings County, New York?",
     "location": {"id": "Q18419", "name": "Kings County, New York", "level": "county"}, "location_dependent": True,
     "granularity": "county", "topic": "permits and regulations", "gold_answer": None,
     "gold_doc_ids": ["nyc-open-burning"], "gold_decision": "warn"},
    {"id": "w6", "question": "Do I need a burning permit in Olympia?",
     "location": {"id": "Q42735", "name": "Olympia", "level": "city"}, "location_dependent": True,
     "granularity": "city", "topic": "permits and regulations", "gold_answer": None,
     "gold_doc_ids": ["wa-rcw-76-04-205"], "gold_decision": "warn"},
    {"id": "w7", "question": "What is defensible space around a home?", "location": None,
     "location_dependent": False, "granularity": "none", "topic": "preparedness", "gold_answer": None,
     "gold_doc_ids": ["defensible-space"], "gold_decision": "answer"},
]


@pytest.fixture
def world_benchmark(tmp_path) -> Path:
    path = tmp_path / "world.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in WORLD_BENCHMARK))
    return path


def test_gold_relation_takes_the_best_place_of_a_passage(world):
    [row] = world.execute_read_only("MATCH (:Document {id: 'springfield-il-yard-waste'})-[:HAS_CHUNK]->(c) "
                          "OPTIONAL MATCH (c)-[:MENTIONS]->(m) RETURN c.id AS id, collect(m.id) AS mentioned")
    # scoped to Springfield (narrower for an Illinois question), it also names Illinois (exact): exact wins
    assert "Q1204" in row["mentioned"]
    chunk = cite(row["id"], "")  # the places come from the graph, whatever the system says
    illinois = Question("r", "Can I burn leaves in Illinois?", True, "answer", location_id="Q1204")
    [used] = GoldRelations(world).passages(illinois, [chunk])
    assert used.place_ids[0] == "Q28515"
    assert (used.relation, used.delta) == ("exact", 0)
    spokane = Question("s", "Can I burn in Spokane?", True, "warn", location_id="Q187805")
    [other] = GoldRelations(world).passages(spokane, [chunk])
    assert other.relation == "different"
    independent = Question("i", "What is open burning?", False, "answer")
    assert GoldRelations(world).passages(independent, [chunk])[0].relation is None
    assert GoldRelations(world).passages(illinois, []) == ()


def test_every_system_end_to_end(world, server, world_benchmark, tmp_path, monkeypatch):
    from georisk_graph.cli_eval import eval_command

    for name in ("NEO4J_URI", "NEO4J_PASSWORD", "GEORISK_CROSS_ENCODER", "GEORISK_OLLAMA_HOST",
                 "GEORISK_OLLAMA_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GEORISK_HOME", str(server.settings.home))
    monkeypatch.setenv("GEORISK_BOLT_PORT", str(server.settings.bolt_port))
    out = tmp_path / "out"
    result = CliRunner().invoke(eval_command, ["--benchmark", str(world_benchmark), "--out", str(out), "--json",
                                               "--systems", "georisk,standard,rerank,granularity,keyword"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)

    systems = payload["systems"]
    assert list(systems) == ["georisk", "standard", "rerank", "granularity", "keyword"]
    assert systems["rerank"]["status"] == "not run" and "location_dependent" not in systems["rerank"]
    for name in ("georisk", "standard", "granularity", "keyword"):
        entry = systems[name]
        assert entry["n"] == 7 and entry["location_dependent"]["n"] == 6 and entry["location_independent"]["n"] == 1
        assert set(metrics.METRICS) <= set(entry["location_dependent"])
    dependent = {name: systems[name]["location_dependent"] for name in systems if name != "rerank"}
    assert dependent["georisk"]["fcr"] <= dependent["standard"]["fcr"]
    assert dependent["standard"]["fcr"] >= 3 / 6  # the city, Kootenai and Kings County questions at least
    assert dependent["standard"]["place_resolution"] is None
    assert payload["faithfulness_method"] == "heuristic"

    for png in ("decisions.png", "fcr_gdr.png"):
        data = (out / png).read_bytes()
        assert len(data) > 1000 and data[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (out / "rerank.jsonl").exists()
    georisk = {r.question_id: r for r in read_records(out / "georisk.jsonl")}
    assert len(georisk) == 7
    first = georisk["w1"]
    assert first.decision == "answer" and first.found_place_ids == ("Q485276",)
    assert first.passages[0].document_id == "spokane-county-burn-ban" and first.passages[0].relation == "exact"
    assert georisk["w3"].decision == "abstain" and georisk["w3"].passages == ()
    assert georisk["w7"].passages[0].relation is None
    standard = {r.question_id: r for r in read_records(out / "standard.jsonl")}
    assert standard["w3"].decision == "answer" and {p.relation for p in standard["w3"].passages} <= {
        "different", "unrelated", "no_place"}
    keyword = {r.question_id: r for r in read_records(out / "keyword.jsonl")}
    assert keyword["w3"].decision == "abstain"  # no passage names Kootenai County
    assert "rerank: not run" in (out / "table.txt").read_text()
