"""Whether an answer depends on where (georisk_graph.dependence) and the decision when the place is not known
(georisk_graph.decision.decide_question): hand-made readings and evidence, no database and no embedder."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from georisk_graph import Citation, ConfigurationError, Evidence, FittedModel, PlaceRef, QueryPlace, Reading
from georisk_graph.decision import decide_question, needs_place
from georisk_graph.dependence import FEATURES, Dependence, dependence, load
from georisk_graph.evidence import ABSTAIN, ANSWER, WARN


NEVADA = QueryPlace(id="Q1227", name="Nevada", level="state", surface="nevada", start=29, end=35, method="state-name",
                    confidence=1.0, reason="a state's name")
DEPENDENT = Dependence(0.93, 0.55)
INDEPENDENT = Dependence(0.08, 0.55)
DAY = date(2026, 8, 22)


def statute(relation: str, place: PlaceRef | None, chunk: str = "c1") -> Citation:
    return Citation(chunk_id=chunk, document_id="statute:" + chunk, title="NE 81-520.01 Burn ban", text="A burn ban ...",
                    source="statute", url=None, cosine=0.7, places=(place,) if place else (), relation=relation,
                    evidence_place=place, delta=0 if relation == "exact" else None, doc_type="statute")


def report(title: str) -> Citation:
    return Citation(chunk_id="r1", document_id="inciweb:1", title=title, text="The fire is 80% contained.",
                    source="inciweb", url=None, cosine=0.7, places=(), doc_type="incident_report")


def test_the_threshold_decides_and_the_value_explains_itself():
    assert DEPENDENT.dependent and not INDEPENDENT.dependent
    assert Dependence(0.55, 0.55).dependent
    assert DEPENDENT.to_dict() == {"location_dependent": True, "probability": 0.93, "threshold": 0.55}


def test_the_model_reads_a_vector_of_its_own_dimension_and_the_words_it_weighs():
    names = (*FEATURES, "b:is_there", "b:what_is")
    model = FittedModel("dependence", names, {**{f: 0.0 for f in FEATURES}, "b:is_there": 3.0, "b:what_is": -3.0},
                        0.0, threshold=0.5)
    assert dependence(model, [0.0] * len(FEATURES), "Is there a burn ban?").dependent
    assert not dependence(model, [0.0] * len(FEATURES), "What is a burn ban?").dependent
    with pytest.raises(ConfigurationError, match="georisk fit dependence"):
        dependence(model, [0.0] * 768, "Is there a burn ban?")


def test_the_shipped_model_reads_the_bundled_embedders_vectors():
    model = load()
    assert model.features[:len(FEATURES)] == FEATURES and 0.0 < model.threshold < 1.0
    assert any(f.startswith("b:") for f in model.features)  # pairs of words: the form of the question
    assert model.fitted.get("command") == "georisk fit dependence"


def test_a_question_that_depends_on_where_and_names_no_place_asks_for_it():
    reading = Reading(text="Is there a burn ban?", read_as="Is there a burn ban?", clause="Is there a burn ban?")
    ranked = {None: (statute("exact", PlaceRef("Q1553", "Nebraska", "state")),)}
    decided = decide_question(reading, ranked, k=5, as_of=DAY, dependence=DEPENDENT)
    assert (decided.decision, decided.place_needed, decided.citations) == (ABSTAIN, True, ())
    assert "depends on where" in decided.reason and "which place do you mean?" in decided.reason
    # the same question read as independent is answered from what was found, geography not limiting it
    answered = decide_question(reading, ranked, k=5, as_of=DAY, dependence=INDEPENDENT)
    assert (answered.decision, answered.place_needed) == (ANSWER, False)


def test_the_words_it_could_not_place_are_named():
    reading = Reading(text="Is there a burn ban in Quillbrook Hollow?", read_as="Is there a burn ban in Quillbrook Hollow?",
                      unplaced=("Quillbrook Hollow",))
    decided = decide_question(reading, {}, k=5, as_of=DAY, dependence=DEPENDENT)
    assert decided.place_needed and "I could not place 'Quillbrook Hollow'" in decided.reason
    asked_in_spanish = replace(reading, language="es", translation=reading.read_as)
    spanish = decide_question(asked_in_spanish, {}, k=5, as_of=DAY, dependence=DEPENDENT)
    assert "no pude ubicar 'Quillbrook Hollow'" in spanish.reason


def test_a_question_naming_a_reported_fire_is_placed_by_it():
    reading = Reading(text="ant park fire acres?", read_as="Ant park fire acres?")
    assert not needs_place(reading, DEPENDENT, [report("Ant Park Fire")])
    assert needs_place(reading, DEPENDENT, [report("Line Fire")])  # "park" is no name of this report's fire
    assert not needs_place(Reading(text="x", read_as="x", places=(NEVADA,)), DEPENDENT)


def test_without_a_judgement_only_an_unknown_place_asks_for_one():
    assert not needs_place(Reading(text="Is there a burn ban?", read_as="Is there a burn ban?"), None)
    unknown = QueryPlace(id=None, name=None, level=None, surface="Xqwzville", start=0, end=9, method="unresolved",
                         confidence=0.0, reason="no place of that name")
    assert needs_place(Reading(text="x", read_as="x", unresolved=(unknown,)), None)


def test_a_state_with_a_smaller_place_nothing_places_is_at_most_a_warning():
    reading = Reading(text="is there a burn ban in vegas nevada", read_as="Is there a burn ban in vegas nevada?",
                      places=(NEVADA,), beside=(("Q1227", "vegas"),), unplaced=("vegas",))
    nevada = PlaceRef("Q1227", "Nevada", "state")
    decided = decide_question(reading, {"Q1227": (statute("exact", nevada),)}, k=5, as_of=DAY, dependence=DEPENDENT)
    assert decided.decision == WARN and "I could not place 'vegas'" in decided.warning


def test_the_evidence_says_a_place_is_needed_and_which_words_were_not_placed():
    reading = Reading(text="Does my county have a burn ban?", read_as="Does my county have a burn ban?",
                      unplaced=("my county",))
    decided = decide_question(reading, {}, k=5, as_of=DAY, dependence=DEPENDENT)
    evidence = Evidence(reading, DAY, {}, decided, dependence=DEPENDENT)
    shown = evidence.to_dict()
    assert (shown["place_needed"], shown["unplaced"]) == (True, ["my county"])
    assert shown["dependence"]["location_dependent"] is True and evidence.passages() == ()
