"""`georisk eval-diff`: two evaluation runs compared question by question."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from georisk_graph import InputError
from georisk_graph.cli import main
from georisk_graph.evaluation.compare import compare_runs


def _row(qid, decision="answer", answer="Yes.", passages=(("a#0", "Burning needs a permit."),)):
    return {"id": qid, "system": "georisk", "decision": decision, "answer": answer, "warning": None, "reason": "r",
            "found_place_ids": ["Q1"], "place_decisions": {"Q1": decision}, "considered": [],
            "passages": [{"chunk_id": c, "text": t} for c, t in passages]}


def _run(folder, rows):
    folder.mkdir()
    (folder / "georisk.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def test_each_field_that_moved_is_named_with_its_questions(tmp_path):
    before = _run(tmp_path / "before", [_row("q1"), _row("q2"), _row("q3"), _row("q4")])
    after = _run(tmp_path / "after", [
        _row("q1"),
        _row("q2", decision="abstain", answer=""),
        _row("q3", passages=(("b#0", "Burning needs a permit."),)),  # a duplicate of the same text
        _row("q4", passages=(("c#0", "Campfires are banned."),)),
    ])
    result = compare_runs(before, after)
    assert result.questions == 4 and not result.identical
    assert result.differs["decision"] == ["q2"] and result.differs["answer"] == ["q2"]
    assert result.differs["passages"] == ["q4"]
    assert result.same_text == ["q3"]
    assert compare_runs(before, before).identical


def test_the_command_exits_1_when_anything_differs_and_names_a_missing_run(tmp_path):
    before = _run(tmp_path / "before", [_row("q1")])
    after = _run(tmp_path / "after", [_row("q1", answer="No.")])
    result = CliRunner().invoke(main, ["eval-diff", str(before), str(after)])
    assert result.exit_code == 1 and "answer" in result.output and "q1" in result.output
    assert CliRunner().invoke(main, ["eval-diff", str(before), str(before)]).exit_code == 0
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match="georisk eval"):
        compare_runs(before, empty)
