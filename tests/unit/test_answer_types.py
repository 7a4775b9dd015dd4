"""The kind of answer a question asks for, read by the fitted answer-type and yes/no models
(georisk_graph/question/kinds.py), against the labelled questions written apart from the reader
(benchmarks/qa/answer_types: each question's kind, and for most its kind of yes/no question). The models are fitted
on the part numbered 0 modulo 3 and calibrated on part 1; part 2 is held out, and these tests read it in English (a
Spanish question needs the translator: `georisk eval-models --part report` reads every language)."""

from __future__ import annotations

from collections import Counter

import pytest

from georisk_graph.answer_kinds import KINDS, YES_NO_KINDS
from georisk_graph import ConfigurationError
from georisk_graph.models import FittedClasses
from georisk_graph.question.kinds import ANSWER_TYPES, LEAST_SHARE, YES_NO_CLASSES, KindReader
from georisk_graph.training.answer_types import labelled

from ..asked import read_asked

HELD_OUT_FLOOR = 0.90  # the share of the held-out English questions whose kind is read right


@pytest.fixture(scope="module")
def held_out():
    items = [i for i in labelled(("report",)) if i.language == "en"]
    return items, read_asked([i.text for i in items])


def test_the_labelled_questions_cover_every_kind_in_every_part():
    every = labelled(("fit", "calibrate", "report"))
    assert len(every) >= 1500 and len({i.id for i in every}) == len(every)
    assert {i.kind for i in every} == set(KINDS)
    for part in ("fit", "calibrate", "report"):
        counts = Counter(i.kind for i in every if i.part == part)
        assert set(counts) == set(ANSWER_TYPES) and min(counts.values()) >= 20, (part, counts)
    assert sum(i.part == "report" for i in every) >= 300
    assert {i.yes_no for i in every if i.yes_no} >= set(YES_NO_CLASSES)


def test_the_held_out_kinds_are_read_right(held_out):
    items, readings = held_out
    right = sum(r.answer_type == i.kind for i, r in zip(items, readings))
    wrong = Counter((i.kind, r.answer_type) for i, r in zip(items, readings) if r.answer_type != i.kind)
    assert right / len(items) >= HELD_OUT_FLOOR, f"{right} of {len(items)}; most confused: {wrong.most_common(5)}"


def test_the_held_out_yes_no_questions_are_read_right(held_out):
    items, readings = held_out
    asked = [(i, r) for i, r in zip(items, readings) if i.yes_no in YES_NO_KINDS]
    assert len(asked) >= 15
    right = sum(r.yes_no == i.yes_no for i, r in asked)
    assert right / len(asked) >= 0.75, f"{right} of {len(asked)}"
    # whether a question is answered yes or no at all ("Is the Park Fire contained?" is, of no particular kind)
    told = [(i, r) for i, r in zip(items, readings) if i.yes_no is not None]
    assert sum(r.yes_or_no == (i.yes_no != "none") for i, r in told) / len(told) >= 0.9
    # a question that is no yes/no question is not read as one of the four
    others = [r for i, r in zip(items, readings) if i.yes_no is not None and i.yes_no not in YES_NO_KINDS]
    assert sum(r.yes_no is not None for r in others) / len(others) <= 0.05


def test_a_reading_keeps_the_kinds_with_a_share_and_a_definition_its_term(held_out):
    _, readings = held_out
    for reading in readings:
        shares = [share for _, share in reading.answer_types]
        assert reading.answer_types and shares == sorted(shares, reverse=True) and sum(shares) <= 1.001
        assert all(share >= LEAST_SHARE for share in shares[1:])
    definitions = [r for r in readings if r.answer_type == "definition"]
    assert sum(bool(r.focus) for r in definitions) / len(definitions) >= 0.5
    assert all(not r.focus for r in readings if r.answer_type != "definition")


def test_a_model_of_other_classes_is_refused_with_the_command_that_refits_it(tmp_path):
    FittedClasses.unfitted("answer_types", ("area", "date")).save(tmp_path / "answer_types.json")
    with pytest.raises(ConfigurationError, match="georisk fit answer-types"):
        KindReader.load(tmp_path / "answer_types.json")
    (tmp_path / "broken.json").write_text("{}")
    with pytest.raises(ConfigurationError, match="no classes"):
        KindReader.load(tmp_path / "broken.json")
