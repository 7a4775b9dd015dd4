"""Relevance from the fitted model on the real server (the full geography and the small corpus of
tests/integration/conftest.py): the probability the query computes is the model's, a long question is
answered from the clause that asks, a fire the documents do not hold finds nothing to answer from, and no
rule stands between a passage and the model that reads it: a statute stored as its heading answers a
paraphrase of it, "evacuees" meets "evacuations", a question about the law is answered by a report when no
statute speaks to it, a capitalised ordinary phrase is no unknown name, a concept the documents never explain
abstains and says what was asked, and a passage of another state that reads more like the question drops
none of the place's own. Every question was written for these tests, three wordings or more of each case."""

from __future__ import annotations

import pytest

from georisk_graph import GeoRisk

DAY = "2025-07-15"


@pytest.fixture
def georisk(world, server):
    client = GeoRisk.connect(server.settings)
    yield client
    client.close()


def test_the_query_computes_the_models_probability_and_keeps_what_clears_its_threshold(georisk):
    model = georisk.models.relevance
    [evidence] = georisk.evidence(["Is there an outdoor burn ban in Spokane County?"], as_of=DAY)
    passages = [c for cs in evidence.ranked.values() for c in cs]
    assert passages
    for c in passages:
        assert c.relevance == pytest.approx(model.probability(dict(c.features)), abs=1e-6)
        assert c.relevance >= model.threshold
    [reading] = georisk.read(["Is there an outdoor burn ban in Spokane County?"])
    [vectors] = georisk.embed([reading])
    every = georisk.candidates(reading, vectors, k=100, threshold=0.0)
    below = [c for cs in every.values() for c in cs if c.relevance < model.threshold]
    assert below, "at threshold 0 the candidates the model turns down come back too"


@pytest.mark.parametrize("question", [
    "We moved to Spokane County last spring and inherited a yard full of dead branches from the previous owner, "
    "which we have been meaning to clear before summer. Is there an outdoor burn ban in Spokane County?",
    "My neighbour told me something about the county fire marshal and outdoor fires, but I could not follow all of "
    "it. Could you tell me whether there is an outdoor burn ban in Spokane County?",
    "Long story short, the fire pit is built and the wood is stacked. Is outdoor burning banned in Spokane County?",
])
def test_a_long_question_is_answered_from_the_clause_that_asks(georisk, question):
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.reading.asking != evidence.reading.read_as
    assert evidence.decision == "answer"
    assert evidence.citations[0].document_id == "spokane-county-burn-ban"


@pytest.mark.parametrize("question", [
    "Is the Zyzzyx Ridge Fire in Chelan County contained yet?",
    "How many acres has the Quorvath Fire burned in Chelan County?",
    "Were homes evacuated for the Blenmarch Fire near Wenatchee in Chelan County?",
])
def test_a_fire_the_documents_do_not_hold_is_not_answered(georisk, question):
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.decision == "abstain"
    assert evidence.passages() == ()


def cited(evidence) -> list[str]:
    return [c.document_id for c in evidence.citations]


@pytest.mark.parametrize("question", [
    "Does Georgia help landowners pay for a prescribed burn?",
    "Will the state of Georgia cover part of what a controlled burn on my woodland costs?",
    "Is there money from Georgia for private owners who want prescribed fire on their land?",
])
def test_a_statute_stored_as_its_heading_answers_a_paraphrase_of_it(georisk, question):
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.decision == "answer" and cited(evidence)[0] == "ga-12-6-146", evidence.reason


@pytest.mark.parametrize("question", [
    "Where could evacuees of the Cedar Gulch Fire in Josephine County go?",
    "Were people evacuated from their homes for the Cedar Gulch Fire in Josephine County?",
    "Was there an evacuation order for the Cedar Gulch Fire in Josephine County, Oregon?",
])
def test_evacuees_meets_evacuations(georisk, question):
    """Other forms of a question's word meet the passage's: in the full-text index (its English analyser, and
    the word's root as a prefix) and in the terms the relevance model weighs."""
    [reading] = georisk.read([question])
    [vectors] = georisk.embed([reading])
    [every] = georisk.candidates(reading, vectors, k=100, threshold=0.0).values()
    report = [c for c in every if c.document_id == "josephine-county-cedar-gulch-fire"]
    assert report and dict(report[0].features)["bm25_scope"] > 0 and dict(report[0].features)["lexical"] > 0.3
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.decision == "answer" and cited(evidence)[0] == "josephine-county-cedar-gulch-fire", evidence.reason


@pytest.mark.parametrize("question", [
    "Is it against the law to fly a drone over the Hidden Creek Fire in Idaho County?",
    "Can I legally fly my drone near the Hidden Creek Fire in Idaho County?",
    "Would I be breaking the law by launching a drone over the Hidden Creek Fire in Idaho County?",
])
def test_a_question_about_the_law_is_answered_by_a_report_when_no_statute_speaks_to_it(georisk, question):
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.reading.wants == "rules"
    assert evidence.decision == "answer" and cited(evidence)[0] == "idaho-county-hidden-creek-fire", evidence.reason


@pytest.mark.parametrize("question", [
    "Defensible Space around a house: what does it mean?",
    "FEMA keeps talking about Defensible Space. What is it?",
    pytest.param("#wildfire season again - Defensible Space, what is it?", marks=pytest.mark.xfail(
        strict=True, reason="a known limit: the dependence model reads the lead about the season as asking about now "
                            "and here (0.65 against a threshold of 0.5), and asks for the place")),
])
def test_a_capitalised_ordinary_phrase_is_answered(georisk, question):
    """A phrase written with capitals is no place nothing places; what it asks (what the term means) is answered."""
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.unplaced == () and not evidence.place_needed
    assert evidence.decision == "answer" and cited(evidence)[0] == "defensible-space", evidence.reason


@pytest.mark.parametrize("question", [
    "Defensible Space around a house: how wide does it have to be?",
    "FEMA keeps talking about Defensible Space. How many feet of it do I need around my home?",
])
def test_how_much_of_a_rule_the_asker_needs_depends_on_where(georisk, question):
    """How many feet a home needs is set by the state or county: the place is asked for, and the capitalised phrase
    is not named as a place it could not place."""
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.place_needed and evidence.unplaced == () and evidence.passages() == ()


@pytest.mark.parametrize("question", [
    "What is a pyrocumulonimbus cloud?",
    "Does a heat dome make the wildfire risk worse the following summer?",
    "How do I file an insurance claim for hail damage to my roof?",
])
def test_a_concept_the_documents_never_explain_abstains_and_says_what_was_asked(georisk, question):
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.decision == "abstain" and evidence.passages() == ()
    assert evidence.reading.clause.rstrip("?") in evidence.reason or evidence.reading.read_as.rstrip("?") in evidence.reason


@pytest.mark.parametrize("question", [
    "Do I have to stay with my campfire on state forest land in Montana?",
    "In Montana, can I leave a campfire burning on state forest land while I go fishing?",
    "What does Montana say about putting out a campfire on state forest land before leaving?",
])
def test_a_passage_of_another_state_that_reads_more_like_the_question_drops_none_of_the_places_own(georisk, question):
    """Washington's permit rule says "keep a fire watch and put the fire out completely before leaving it" too;
    Montana's own rule is judged on its own and answers."""
    [evidence] = georisk.evidence([question], as_of=DAY)
    assert evidence.decision == "answer" and cited(evidence)[0] == "mt-76-13-campfires", evidence.reason
