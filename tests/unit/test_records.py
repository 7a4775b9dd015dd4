"""The answer's first line from an incident's record (georisk_graph.generation.records) and the warning for a fire's
name several incidents share (georisk_graph.decision), without a server. On the server: tests/integration/
test_incident_records.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from georisk_graph import Citation, PlaceRef, Reading
from georisk_graph.analysis import terms
from georisk_graph.decision import decide_question
from georisk_graph.evidence import ANSWER, WARN, GlossaryTerm, IncidentRecord
from georisk_graph.generation.records import record_line, term_line
from georisk_graph.messages import speaking

BAKER = PlaceRef("Q484418", "Baker County", "county")
RECORD = IncidentRecord("inciweb:1", "Durkee Fire", acres=294265.0, percent_contained=95.0, reported="2024-09-30",
                        started="2024-07-17", places=("Baker County", "Malheur County"))


def report(record: IncidentRecord | None = RECORD, *, title: str = "Durkee Fire", document: str = "inciweb:1",
           chunk: str = "c1") -> Citation:
    return Citation(chunk_id=chunk, document_id=document, title=title, text="The fire was started by lightning.",
                    source="inciweb", url=None, cosine=0.6, places=(BAKER,), delta=0, relation="exact",
                    evidence_place=BAKER, doc_type="incident_report", valid_from="2024-07-17", record=record)


def reading(question: str, kinds: tuple[str, ...], *, incidents: tuple[str, ...] = ("Durkee Fire",)) -> Reading:
    return Reading(text=question, read_as=question, clause=question, incidents=incidents, stems=tuple(terms(question)),
                   answer_types=tuple((k, 1.0 / len(kinds)) for k in kinds))


def test_a_size_is_answered_from_the_record_with_its_day_and_citation():
    line = record_line(reading("How big is the Durkee Fire?", ("area",)), [report()])
    assert line == ("Durkee Fire (2024, Baker County and Malheur County): 294,265 acres, 95% contained "
                    "as of 2024-09-30 [1].")
    # the record of the second passage is cited by its number
    other = report(IncidentRecord("inciweb:2", "Other Fire", acres=5.0), title="Other Fire", document="inciweb:2")
    assert record_line(reading("How big is the Durkee Fire?", ("area",)), [other, report()]).endswith("[2].")


def test_containment_asked_yes_or_no_leads_with_the_answer():
    line = record_line(reading("Is the Durkee Fire contained?", ("containment", "yes/no")), [report()])
    assert line is not None and line.startswith("No: Durkee Fire") and "95% contained, 294,265 acres" in line
    out = IncidentRecord("inciweb:1", "Durkee Fire", percent_contained=100.0, reported="2024-11-11")
    assert record_line(reading("Is the Durkee Fire contained?", ("containment", "yes/no")), [report(out)]).startswith(
        "Yes: Durkee Fire")


def test_a_start_is_its_day_and_spanish_words_the_line_in_spanish():
    assert "Durkee Fire (2024, Baker County and Malheur County) started on 2024-07-17 [1]." == record_line(
        reading("When did the Durkee Fire start?", ("date",)), [report()])
    for question in ("When did the Durkee Fire begin burning?", "What day was the Durkee Fire first reported?"):
        assert "started on 2024-07-17" in (record_line(reading(question, ("date",)), [report()]) or "")
    # a day the question asks that is not the start is not answered with the start
    assert record_line(reading("When did the park reopen after the Durkee Fire?", ("date",)), [report()]) is None
    with speaking("es"):
        line = record_line(reading("How many acres did the Durkee Fire burn?", ("area",)), [report()])
    assert line is not None and "294,265 acres quemados" in line and " y Malheur County" in line and " al 2024-09-30" in line


def test_nothing_is_said_that_the_record_does_not_give_or_was_not_asked():
    unsized = IncidentRecord("inciweb:1", "Durkee Fire", percent_contained=None, reported="2024-07-18")
    assert record_line(reading("How big is the Durkee Fire?", ("area",)), [report(unsized)]) is None
    assert record_line(reading("How contained is the Durkee Fire?", ("containment",)), [report(unsized)]) is None
    # a question about a rule, a fire the question does not name, a passage without a record
    assert record_line(reading("Is burning allowed?", ("rule",)), [report()]) is None
    assert record_line(reading("How big is the Lions Fire?", ("area",), incidents=("Lions Fire",)), [report()]) is None
    assert record_line(reading("How big is the Durkee Fire?", ("area",)), [report(None)]) is None
    # a fire typed in lower case that the reading did not take for a name is matched in the words read
    assert record_line(reading("durkee fire size?", ("area",), incidents=()), [report()]) is not None


NAMESAKES = ("Durkee Fire (2016, Baker County)", "Durkee Fire (2019, Lake County)", "Durkee Fire (2024, Baker County)")


def test_a_shared_name_without_a_year_or_place_says_which_and_names_the_others():
    asked = Reading(text="How big is the Durkee Fire?", read_as="How big is the Durkee Fire?", incidents=("Durkee Fire",),
                    places=(), namesakes=NAMESAKES)
    decided = decide_question(asked, {None: (report(),)}, k=3, as_of=date(2026, 8, 22))
    assert decided.decision == WARN
    assert ("3 incidents are named Durkee Fire; this is about the one of 2024, Baker County, Malheur County. Others: "
            "Durkee Fire (2016, Baker County); Durkee Fire (2019, Lake County).") in decided.warning
    # without namesakes, or with a year, there is nothing to tell apart
    alone = Reading(text="How big is the Durkee Fire?", read_as="How big is the Durkee Fire?", incidents=("Durkee Fire",))
    assert decide_question(alone, {None: (report(),)}, k=3, as_of=date(2026, 8, 22)).decision == ANSWER
    dated = Reading(text="How big was the 2024 Durkee Fire?", read_as="How big was the 2024 Durkee Fire?",
                    incidents=("Durkee Fire",), year=2024, namesakes=NAMESAKES)
    assert decide_question(dated, {None: (report(),)}, k=3, as_of=date(2026, 8, 22)).decision == ANSWER


def test_an_abstention_names_what_it_could_not_place_whatever_it_abstains_for():
    asked = Reading(text="Can I grill on the deck during stage 1?", read_as="Can I grill on the deck during stage 1?",
                    unplaced=("the deck",))
    decided = decide_question(asked, {None: ()}, k=3, as_of=date(2026, 8, 22))
    assert decided.decision == "abstain" and "I could not place 'the deck'." in decided.reason


def test_a_term_is_spelled_out_when_a_definition_is_among_the_kinds_asked():
    spelled = replace(report(None, title="Cow Creek Burn", document="inciweb:7"),
                      term=GlossaryTerm("GMUG", "Grand Mesa, Uncompahgre and Gunnison", 21))
    # "What does GMUG stand for in national forest names?": an agency's name and a definition, about as much
    for asked in (("agency", 0.51), ("definition", 0.49)), (("definition", 0.98),), (("actor", 0.3), ("definition", 0.7)):
        question = Reading(text="What does GMUG stand for?", read_as="What does GMUG stand for?", answer_types=asked)
        assert term_line(question, [report(), spelled]) == "GMUG stands for Grand Mesa, Uncompahgre and Gunnison [2]."
    for asked in (("agency", 1.0),), (("rule", 0.6), ("yes/no", 0.4)), ():
        question = Reading(text="Who runs the GMUG?", read_as="Who runs the GMUG?", answer_types=asked)
        assert term_line(question, [spelled]) is None
