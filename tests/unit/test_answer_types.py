"""The kind of answer a question asks for, against the labelled examples shipped with the package
(georisk_graph/question/answer_types.jsonl: 450 questions, 30 of each of the 15 kinds, written apart from the
reader): how often the reader's answer type is the labelled one. The floor is the reader's figure when the
examples were first read (0.687); a reader that reads the kind worse fails."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

from georisk_graph.answer_kinds import KINDS
from georisk_graph.question import Reader

FLOOR = 0.68


def examples() -> list[dict[str, str]]:
    text = resources.files("georisk_graph.question").joinpath("answer_types.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_the_examples_cover_every_kind_alike():
    counts = Counter(row["type"] for row in examples())
    assert set(counts) <= set(KINDS) | {"yes/no"} and len(counts) == 15 and set(counts.values()) == {30}


def test_the_reader_reads_the_labelled_kind_of_answer():
    rows = examples()
    readings = Reader(None, None).read([row["question"] for row in rows])
    right = sum(reading.answer_type == row["type"] for reading, row in zip(readings, rows))
    assert right / len(rows) >= FLOOR, f"{right} of {len(rows)}"
