"""Evidence has a date, the rules without a server: a question about the present is told from one about
the past or a day, evidence goes stale by its kind's window, same-named incidents are told apart, and the
shared corpus's incident versions cover each incident without gaps. On the real server (documents, chunks
and versions carrying their dates, answers from a day's version): tests/integration/test_time.py."""

from __future__ import annotations

from datetime import date

import pytest

from georisk_graph.question.asked import as_of_date, asked_day, asks_about_present
from georisk_graph import Citation, PlaceDecision
from georisk_graph.decision import Freshness, decide_in_time, is_stale
from georisk_graph.evidence import ANSWER, WARN
from georisk_graph import InputError
from georisk_graph.documents import IncidentVersion, SourceDocument


def citation(doc_type="incident_report", published=None, valid_from=None, valid_to=None, title="Cedar Fire",
             document="d1"):
    return Citation(chunk_id=f"{document}#0", document_id=document, title=title, text="text", source="jsonl",
                    url=None, cosine=0.9, places=(), doc_type=doc_type, published=published,
                    valid_from=valid_from, valid_to=valid_to)


# -- the rules, without a server ---------------------------------------------------------------------


def test_questions_about_the_present_are_told_from_past_and_dated_ones():
    present = ["Is the Dixie Fire still burning?", "Are evacuations in place in Chelan County?",
               "Is there a burn ban in Spokane County?", "Is there an outdoor burning ban in Bend now?",
               "What is the containment of the Cedar Fire right now?", "Are fire restrictions currently in effect?"]
    not_present = ["How many acres did the 2021 Dixie Fire burn?", "Were evacuations in place for the Dixie Fire?",
                   "What was the containment of the Cedar Fire on August 3?",
                   "Is the Cedar Fire still burning on 2024-08-03?", "Do I need a burn permit in Spokane?",
                   "What red flag warning was in effect when the Cedar Fire started?",
                   "Which evacuation orders were still in place after the Cedar Fire jumped the river?"]
    assert [q for q in present if not asks_about_present(q)] == []
    assert [q for q in not_present if asks_about_present(q)] == []


def test_a_named_day_is_read_with_or_without_its_year():
    assert asked_day("What was the containment of the Cedar Fire on August 3?").on(2024) == date(2024, 8, 3)
    assert asked_day("Acres of the Cedar Fire on Sept. 14th, 2023?").on(2030) == date(2023, 9, 14)
    assert asked_day("Status on 2024-08-03?").on(1999) == date(2024, 8, 3)
    assert asked_day("May I burn on a red flag day?") is None
    assert asked_day("What happened on February 30?").on(2024) is None


def test_as_of_must_be_a_date():
    assert as_of_date("2024-08-03") == date(2024, 8, 3)
    with pytest.raises(InputError, match="YYYY-MM-DD"):
        as_of_date("yesterday")


@pytest.mark.parametrize("evidence, as_of, stale", [
    (citation(published="2024-08-10", valid_to="2024-08-10"), date(2024, 8, 13), False),  # 3 days: current
    (citation(published="2024-08-10", valid_to="2024-08-10"), date(2024, 8, 14), True),  # 4 days: stale
    (citation(doc_type="statute", published="2001-01-01"), date(2026, 1, 1), False),  # a statute never
    (citation(doc_type="guidance", published="2024-07-01", valid_to="2024-09-30"), date(2024, 9, 30), False),
    (citation(doc_type="guidance", published="2024-07-01", valid_to="2024-09-30"), date(2024, 10, 1), True),
    (citation(doc_type="guidance", published="2024-07-01"), date(2024, 7, 15), False),  # 14 days, no period
    (citation(doc_type="guidance", published="2024-07-01"), date(2024, 7, 16), True),
    (citation(doc_type="guidance"), date(2030, 1, 1), False),  # undated: not judged
])
def test_staleness_follows_the_window_of_the_evidence_kind(evidence, as_of, stale):
    assert is_stale(evidence, as_of, Freshness(incident_days=3, restriction_days=14)) is stale


def test_a_present_question_on_stale_evidence_is_warned_with_its_date():
    d = PlaceDecision(None, ANSWER, "The question names no place.",
                      citations=(citation(published="2021-07-13", valid_from="2021-07-13", valid_to="2021-10-25"),))
    warned = decide_in_time(d, present=True, as_of=date(2026, 11, 30))
    assert warned.decision == WARN and warned.warning.startswith("As of 2021-10-25,")
    assert "this may have changed" in warned.warning
    assert decide_in_time(d, present=False, as_of=date(2026, 11, 30)) == d  # a past question: untouched
    assert decide_in_time(d, present=True, as_of=date(2021, 10, 26)) == d  # one day later: current


def test_same_named_incidents_keep_the_most_recent_and_say_so():
    older = citation(title="Zephyr Knob Fire (2015)", published="2015-06-19", document="old")
    newer = citation(title="Zephyr Knob Fire (2021)", published="2021-07-13", document="new")
    d = PlaceDecision(None, ANSWER, "The question names no place.", citations=(older, newer))
    named = decide_in_time(d, present=False, as_of=date(2026, 1, 1), incident="Zephyr Knob Fire")
    assert named.decision == WARN and [c.document_id for c in named.citations] == ["new"]
    assert "2 incidents are named Zephyr Knob Fire (2015 and 2021); this is about the 2021 one" in named.warning
    single = PlaceDecision(None, ANSWER, "r", citations=(newer,))
    assert decide_in_time(single, present=False, as_of=date(2026, 1, 1), incident="Zephyr Knob Fire") == single


def test_a_report_on_another_fire_that_mentions_the_name_is_no_second_incident():
    named = citation(title="Carr Fire (2018)", published="2018-07-23", document="carr")
    # an InciWeb report of 2025 on the Horse Fire: "crews who fought the Carr Fire in 2018 ..."
    other = citation(title="Horse Fire", published="2025-07-10", document="horse")
    d = PlaceDecision(None, ANSWER, "r", citations=(named, other))
    assert decide_in_time(d, present=False, as_of=date(2026, 1, 1), incident="Carr Fire") == d
    # titles name an incident with or without its kind: "Jones" is the Jones Fire
    jones = [citation(title="Jones", published="2026-08-19", document="a"),
             citation(title="Jones Fire (2019)", published="2019-06-01", document="b")]
    d = PlaceDecision(None, ANSWER, "r", citations=tuple(jones))
    assert "2 incidents are named Jones Fire (2019 and 2026)" in decide_in_time(
        d, present=False, as_of=date(2026, 9, 1), incident="Jones Fire").warning


def test_the_shared_incident_versions_cover_each_incident_without_gaps(shared_dir):
    from georisk_graph.loaders.corpus import shared_corpus, shared_incident_versions

    versions = list(shared_incident_versions(shared_dir / "data/corpus"))
    assert sum(v.source == "inciweb" for v in versions) == 4810
    assert len({v.document_id for v in versions if v.source == "inciweb"}) == 899
    by_incident: dict[str, list[IncidentVersion]] = {}
    for v in versions:
        assert v.valid_from <= v.valid_to
        by_incident.setdefault(v.document_id, []).append(v)
    for history in by_incident.values():
        for a, b in zip(history, history[1:]):
            # each valid until the next begins: the day before it, or its own day when both begin that day
            assert a.valid_to == max(a.valid_from, date.fromordinal(date.fromisoformat(b.valid_from).toordinal() - 1)
                                     .isoformat()), (a, b)
    documents = {d.id: d for d in shared_corpus(shared_dir / "data/corpus") if d.source.startswith("inciweb")}
    for doc_id, history in by_incident.items():
        # the document is the version last seen: its period ends on that day, on or after every
        # version's (a page seen again after a newer one, as a few are, still ends its period there)
        assert documents[doc_id].valid_to == documents[doc_id].published >= max(v.valid_to for v in history)
    every = list(shared_corpus(shared_dir / "data/corpus"))
    assert all(d.published for d in every), [d.id for d in every if not d.published][:5]


def test_a_bad_period_is_refused_with_its_dates():
    with pytest.raises(ValueError, match="valid_to 2024-01-01 is before valid_from 2024-02-01"):
        SourceDocument(id="jsonl:x", title="x", text="x", source="jsonl", valid_from="2024-02-01",
                       valid_to="2024-01-01")
    with pytest.raises(ValueError, match="valid_from must be a date written YYYY-MM-DD"):
        SourceDocument(id="jsonl:x", title="x", text="x", source="jsonl", valid_from="August 3")


def test_stale_answer_rate_counts_undated_answers_from_old_evidence_only():
    from georisk_graph.evaluation import metrics
    from georisk_graph.evaluation.records import Question, QuestionRecord, UsedPassage

    old = UsedPassage("c#0", "d", "Cedar Ridge Fire", "text", 0.9, (), "exact", 0, doc_type="incident_report",
                      published="2024-08-10", valid_to="2024-08-10")
    statute = UsedPassage("s#0", "s", "RCW", "text", 0.9, (), "exact", 0, doc_type="statute", published="2026-02-15")
    gold = {
        "present": Question("present", "Is the Cedar Ridge Fire still burning?", True, "warn", present=True,
                            as_of="2026-08-22", group="temporal"),
        "past": Question("past", "How many acres did it burn?", True, "answer", group="temporal"),
        "law": Question("law", "Is there a burn ban now?", True, "answer", present=True, as_of="2026-08-22"),
    }
    records = [
        QuestionRecord("present", "standard", "answer", passages=(old,)),  # stale, no date given: counted
        QuestionRecord("past", "standard", "answer", passages=(old,)),  # not about the present
        QuestionRecord("law", "standard", "answer", passages=(statute,)),  # a statute is never stale
    ]
    rate = metrics.stale_answer_rate(records, gold)
    assert (rate.numerator, rate.denominator) == (1, 2)
    dated = QuestionRecord("present", "georisk", "warn", warning="As of 2024-08-10, ...; this may have changed.",
                           passages=(old,))
    assert not metrics.is_stale_answer(dated, gold["present"])
    summary = metrics.summarize(records, gold)
    assert summary.temporal.n == 2 and summary.location_dependent.n == 1
    assert summary.to_dict()["temporal"]["stale_answer_rate"] == 1.0


def test_the_places_warnings_are_joined_with_each_sentence_once_and_the_newest_date():
    from georisk_graph.decision import joined_warnings

    stale = "As of 2021-10-25, the date of the newest evidence (Dixie Fire (2021)), this was the situation; this may have changed."
    newer = "As of 2022-01-29, the date of the newest evidence (Dixie Fire (CA)), this was the situation; this may have changed."
    named = "2 incidents are named Dixie Fire (2015 and 2021); this is about the 2021 one. Name the year to ask about another."
    assert joined_warnings([stale, f"{named} {stale}", newer]) == f"{named} {newer}"
    assert joined_warnings([]) is None
    geo = "This applies to Florida (state) as a whole, not specifically to Tallahassee; Tallahassee may have its own, stricter local rules."
    assert joined_warnings([geo, geo]) == geo
