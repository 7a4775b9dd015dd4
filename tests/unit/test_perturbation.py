"""The perturbation suite's rewrites keep a question's meaning and change only what they say they change;
its scoring counts what survives. The questions are written here, none from a benchmark."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from georisk_graph.evaluation import Question
from georisk_graph.evaluation.perturbation import REWRITES, format_perturbation, perturb, rewrite

STATES = {"Washington": "WA", "Oregon": "OR", "New Mexico": "NM", "West Virginia": "WV", "Virginia": "VA"}


def question(text: str, place: str | None = None, gold: str | None = None, qid: str = "x1") -> Question:
    return Question(id=qid, question=text, location_dependent=place is not None, gold_decision="answer",
                    location_id="Q1" if place else None, location_name=place, gold_answer=gold)


@pytest.mark.parametrize("name, text, place, expected", [
    ("lower case", "Is there a burn ban in Spokane County?", "Spokane County", "is there a burn ban in spokane county?"),
    ("upper-case place", "Is there a burn ban in Spokane County?", "Spokane County", "Is there a burn ban in SPOKANE COUNTY?"),
    ("contractions", "What is the fine for a campfire in Bend?", "Bend", "What's the fine for a campfire in Bend?"),
    ("contractions", "What's the fine for a campfire in Bend?", "Bend", "What is the fine for a campfire in Bend?"),
    ("clause order", "Is there a burn ban in Spokane County?", "Spokane County", "In Spokane County, is there a burn ban?"),
    ("permission", "Can I burn leaves in Bend, Oregon?", "Bend, OR", "Am I allowed to burn leaves in Bend, Oregon?"),
    ("permission", "Am I allowed to burn leaves in Bend?", "Bend", "Can I burn leaves in Bend?"),
    ("state abbreviation", "Can I burn brush in Taos, New Mexico?", "Taos, NM", "Can I burn brush in Taos, NM?"),
    ("state abbreviation", "Can I burn brush in Taos, NM?", "Taos, NM", "Can I burn brush in Taos, New Mexico?"),
    ("no question mark", "Is there a burn ban in Bend?", "Bend", "Is there a burn ban in Bend"),
])
def test_each_rewrite_changes_what_it_names(name, text, place, expected):
    assert rewrite(name, question(text, place), STATES) == expected


def test_a_state_inside_a_longer_name_keeps_its_name():
    # "Washington County" and "West Virginia" are not Washington and Virginia
    reworded = rewrite("state abbreviation", question("Is there a burn ban in Washington County, West Virginia?",
                                                      "Washington County"), STATES)
    assert reworded == "Is there a burn ban in Washington County, WV?"


def test_a_rewrite_that_does_not_apply_gives_none():
    assert rewrite("permission", question("How can I protect my house from embers?"), STATES) is None
    assert rewrite("clause order", question("What is a red flag warning?"), STATES) is None
    assert rewrite("upper-case place", question("What is a red flag warning?"), STATES) is None


def test_the_typo_is_in_a_word_that_names_no_place():
    reworded = rewrite("typo", question("Are evacuations ordered near Wenatchee?", "Wenatchee"), STATES)
    assert reworded is not None and "Wenatchee" in reworded and "evacuations" not in reworded
    assert sorted(reworded) == sorted("Are evacuations ordered near Wenatchee?")  # two letters swapped


def test_a_filler_is_added_before_and_after_the_same_way_every_run():
    q = question("Is there a burn ban in Bend?", "Bend", qid="t7")
    before, after = rewrite("filler prefix", q, STATES), rewrite("filler suffix", q, STATES)
    assert before.lower().endswith("is there a burn ban in bend?") and before != q.question
    assert after.startswith(q.question) and after != q.question
    assert rewrite("filler prefix", q, STATES) == before


def test_perturb_counts_the_decisions_and_evidence_that_survive():
    """A stand-in system that answers from one passage unless the question is in capitals."""
    def ask(texts, day):
        return [SimpleNamespace(decision="abstain" if t.isupper() or "SPOKANE" in t else "answer",
                                citations=[SimpleNamespace(chunk_id="c1")], answer="The ban began May 1 [1]")
                for t in texts]

    qs = [question("Is there a burn ban in Spokane County?", "Spokane County", gold="May 1", qid="a1"),
          question("When did the burn ban in Bend start?", "Bend", gold="May 1", qid="a2")]
    result = perturb(ask, qs, STATES, names=["upper-case place", "no question mark"], progress=False)
    by_name = {r.name: r for r in result.results}
    upper = by_name["upper-case place"]
    assert (upper.applied, upper.same_decision, upper.same_evidence) == (2, 1, 2)
    assert upper.kept_gold == 1 and upper.correct_before == 2
    assert by_name["no question mark"].same_decision == 2
    assert result.stable_questions == 1
    table = format_perturbation(result)
    assert "upper-case place" in table and "0.500" in table


def test_every_rewrite_has_a_name_and_a_description():
    assert len({r.name for r in REWRITES}) == len(REWRITES) >= 9
    assert all(r.description for r in REWRITES)
