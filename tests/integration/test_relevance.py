"""Relevance from the fitted model on the real server (the full geography and the small corpus of
tests/integration/conftest.py): the probability the query computes is the model's, a long question is
answered from the clause that asks, and a fire the documents do not hold finds nothing to answer from.
Every question was written for these tests."""

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
    model = georisk.retriever.relevance
    [evidence] = georisk.evidence(["Is there an outdoor burn ban in Spokane County?"], as_of=DAY)
    passages = [c for cs in evidence.ranked.values() for c in cs]
    assert passages
    for c in passages:
        assert c.relevance == pytest.approx(model.probability(dict(c.features)), abs=1e-6)
        assert c.relevance >= model.threshold
    [reading] = georisk.read(["Is there an outdoor burn ban in Spokane County?"])
    vectors = georisk.embedder.embed([reading.embedded, reading.asking])
    every = georisk.retriever.ranked(georisk.retriever.parameters(reading, vectors[0], clause_vector=vectors[1],
                                                                 k=100, threshold=0.0))
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
