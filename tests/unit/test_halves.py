"""The per-half GDR and strict answer correctness printed beside the README's evaluation table."""

import json
import math

from benchmarks.qa.halves import halves


def test_halves_split_by_question_number(tmp_path):
    questions = [{"id": f"q{n:03d}", "location_dependent": n < 4, "gold_decision": "answer"} for n in range(6)]
    results = [{"id": "q000", "decision": "answer"}, {"id": "q001", "decision": "abstain"},
               {"id": "q002", "decision": "warn"}, {"id": "q003", "decision": "answer"},
               {"id": "q004", "decision": "answer"}]
    (tmp_path / "q.jsonl").write_text("\n".join(map(json.dumps, questions)) + "\n")
    (tmp_path / "r.jsonl").write_text("\n".join(map(json.dumps, results)) + "\n")
    rows = {(k, h): (n, g) for k, h, n, g, *_ in halves(tmp_path / "q.jsonl", tmp_path / "r.jsonl")}
    assert rows[("location-dependent", "even")] == (2, 0.5)   # q000 right, q002 wrong
    assert rows[("location-dependent", "odd")] == (2, 0.5)    # q001 wrong, q003 right
    assert rows[("location-dependent", "all")] == (4, 0.5)
    assert rows[("location-independent", "even")] == (1, 1.0)  # q004; q005 has no result
    assert math.isnan(rows[("location-independent", "odd")][1])


def test_the_temporal_group_is_a_kind_of_its_own(tmp_path):
    questions = [{"id": "q001", "location_dependent": True, "gold_decision": "answer"},
                 {"id": "q002", "location_dependent": True, "gold_decision": "warn", "group": "temporal"},
                 {"id": "q003", "location_dependent": True, "gold_decision": "warn", "group": "temporal"}]
    results = [{"id": "q001", "decision": "answer"}, {"id": "q002", "decision": "warn"},
               {"id": "q003", "decision": "answer"}]
    (tmp_path / "q.jsonl").write_text("\n".join(map(json.dumps, questions)) + "\n")
    (tmp_path / "r.jsonl").write_text("\n".join(map(json.dumps, results)) + "\n")
    rows = {(k, h): (n, g) for k, h, n, g, *_ in halves(tmp_path / "q.jsonl", tmp_path / "r.jsonl")}
    assert rows[("location-dependent", "all")] == (1, 1.0)
    assert rows[("temporal", "even")] == (1, 1.0) and rows[("temporal", "odd")] == (1, 0.0)


def test_strict_correctness_counts_the_gold_answer_in_the_answer_text_only(tmp_path):
    questions = [{"id": "q000", "location_dependent": True, "gold_decision": "answer", "gold_answer": "1,462 acres"},
                 {"id": "q002", "location_dependent": True, "gold_decision": "answer", "gold_answer": "Guinn Ridge"},
                 {"id": "q004", "location_dependent": True, "gold_decision": "warn", "gold_answer": "May 10"},
                 {"id": "q006", "location_dependent": True, "gold_decision": "answer"}]
    results = [{"id": "q000", "decision": "answer", "answer": "It burned 1462 ACRES. [1]"},
               {"id": "q002", "decision": "answer", "answer": "Projects are planned. [1]",
                "passages": [{"text": "Guinn Ridge"}]},
               {"id": "q004", "decision": "abstain", "answer": "May 10"},
               {"id": "q006", "decision": "answer", "answer": "Anything. [1]"}]
    (tmp_path / "q.jsonl").write_text("\n".join(map(json.dumps, questions)) + "\n")
    (tmp_path / "r.jsonl").write_text("\n".join(map(json.dumps, results)) + "\n")
    rows = {(k, h): rest for k, h, *rest in halves(tmp_path / "q.jsonl", tmp_path / "r.jsonl")}
    # q000 right (case and thousands separators aside); q002 only in a passage; q004 abstained;
    # q006 has no short gold answer and is not counted
    assert rows[("location-dependent", "even")][2:] == [1, 3]
