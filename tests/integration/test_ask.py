"""Asking questions end to end on the real server: the full U.S. geography and a small corpus written
to cover every decision (tests/integration/conftest.py WORLD_DOCUMENTS)."""

from __future__ import annotations

import asyncio
import json
import math
import os
import subprocess
import sys

import pytest

from georisk_graph import AsyncGeoRisk, GeoRisk


@pytest.fixture
def georisk(world, server):
    client = GeoRisk.connect(server.settings)
    yield client
    client.close()


def cited(answer):
    return [c.document_id for c in answer.citations]


def test_exact_place_answers(georisk):
    answer = georisk.ask("Is there an outdoor burn ban in Spokane County?")
    assert [p.id for p in answer.query_places] == ["Q485276"]
    assert answer.decision == "answer" and answer.warning is None
    assert cited(answer)[0] == "spokane-county-burn-ban"
    first = answer.citations[0]
    assert (first.relation, first.delta, first.lca.id) == ("exact", 0, "Q485276")
    assert "[1]" in answer.answer


def test_city_with_only_county_and_state_evidence_warns_naming_the_scope(georisk):
    answer = georisk.ask("Can I burn yard debris in Spokane?")
    assert [p.id for p in answer.query_places] == ["Q187805"]
    assert answer.decision == "warn"
    best = answer.citations[0]
    assert best.relation == "broader" and best.evidence_place.id == "Q485276" and best.delta == 1
    # the county's ban and the state's statute are both cited, so the warning names both scopes
    assert answer.warning.startswith("This applies to Spokane County (county) and Washington (state) as a whole")
    assert best.path_text() == "Spokane → Spokane County"


def test_state_question_uses_the_state_statute_not_a_county_rule(georisk):
    answer = georisk.ask("Has Washington banned outdoor burning this summer?")
    assert answer.query_places[0].id == "Q1223"
    assert answer.decision == "answer"
    assert [(c.document_id, c.relation) for c in answer.citations][0] == ("wa-rcw-76-04-205", "exact")


def test_a_neighbouring_county_rule_is_never_cited_as_the_answer(georisk):
    answer = georisk.ask("Is all outdoor burning banned in Spokane County?")
    assert answer.decision == "answer"
    assert cited(answer)[0] == "spokane-county-burn-ban"
    assert "stevens-county-campfires" not in cited(answer)
    # Stevens County's campfire rule reads more like a question about campfires: never the answer for Spokane
    campfires = georisk.ask("Are campfires restricted in Spokane County parks?")
    assert campfires.decision in ("answer", "abstain")
    assert "stevens-county-campfires" not in [p.citation.document_id for p in campfires.evidence.passages()]


def test_other_county_only_evidence_abstains_and_says_why(georisk):
    answer = georisk.ask("Are charcoal briquettes banned in Kootenai County parks?")
    assert answer.query_places[0].id == "Q494460"
    assert answer.decision == "abstain" and answer.answer is None
    # Stevens County's rule is found, and refused as another county's (not "no relevant passage")
    assert [c.document_id for c in answer.citations] == ["stevens-county-campfires"]
    assert "The only matching guidance is for Stevens County (county), not for Kootenai County (county)" in answer.reason


def test_multi_parent_place(georisk):
    answer = georisk.ask("Can I burn leaves in Kings County, New York?")
    assert answer.query_places[0].id == "Q18419"
    assert answer.decision == "warn"
    best = answer.citations[0]
    assert best.document_id == "nyc-open-burning" and best.relation == "narrower"
    assert "specific to New York (place); other parts of Kings County may differ" in answer.warning


def test_ambiguous_name_with_and_without_its_state(georisk):
    with_state = georisk.ask("Is open burning of yard waste allowed in Springfield, IL?")
    assert [p.id for p in with_state.query_places] == ["Q28515"]
    assert with_state.decision == "answer" and cited(with_state)[0] == "springfield-il-yard-waste"
    bare = georisk.ask("Do I need a permit for open burning in Springfield?")
    assert [p.id for p in bare.query_places] == ["Q135615"]  # the most populous Springfield
    assert bare.query_places[0].method == "population"
    # the Springfields of Missouri and Illinois both have rules here, and the two differ: which one is
    # meant decides the answer, so the state is asked for and the alternatives are named
    assert bare.decision == "abstain" and bare.answer is None
    assert "the answer depends on which" in bare.reason and "Name the state" in bare.reason
    assert "Springfield, MO, the most populous, it would be answered" in bare.reason
    assert "Springfield, IL it would be answered" in bare.reason


def test_two_places_get_a_decision_each(georisk):
    answer = georisk.ask("Can I burn yard debris in Springfield, Illinois and in Spokane?")
    decisions = {d.place.id: d.decision for d in answer.decisions}
    assert decisions == {"Q28515": "answer", "Q187805": "warn"}
    assert answer.decision == "warn"


def test_unresolvable_place_abstains_and_says_so(georisk):
    answer = georisk.ask("Is there a burn ban in Xqwzville?")
    assert answer.query_places == () and answer.decision == "abstain" and answer.answer is None
    assert answer.place_needed and answer.unplaced == ("Xqwzville",)
    assert "I could not place 'Xqwzville'" in answer.reason and "which place do you mean?" in answer.reason


def test_a_question_that_depends_on_where_and_names_no_place_is_asked_back(georisk):
    """Another state's statute on burn bans matches the words; it is no answer to a question that names no place."""
    answer = georisk.ask("Is there a burn ban?")
    assert (answer.decision, answer.place_needed, answer.citations) == ("abstain", True, ())
    assert answer.location_dependent and "depends on where" in answer.reason
    assert answer.to_dict()["place_needed"] is True


def test_unknown_place_in_a_known_state_warns_with_state_evidence(georisk):
    answer = georisk.ask("Do I need a burning permit in Xqwzville, Washington?")
    assert [p.id for p in answer.query_places] == ["Q1223"]
    assert answer.decision == "warn" and answer.citations[0].document_id == "wa-rcw-76-04-205"
    assert "'Xqwzville' is not a place in the knowledge base; this applies to Washington (state)" in answer.warning


def test_location_independent_question_answers_with_places_of_its_evidence(georisk):
    answer = georisk.ask("What is defensible space around a home?")
    assert answer.query_places == ()
    assert answer.decision == "answer" and cited(answer)[0] == "defensible-space"
    assert answer.citations[0].relation is None and answer.citations[0].delta is None
    assert "names no place" in answer.reason


def test_what_a_fire_did_in_a_county_is_answered_from_its_report(georisk):
    county = georisk.ask("Were evacuations ordered because of a wildfire in Chelan County, Washington?")
    assert county.decision == "answer"
    assert cited(county)[0] == "chelan-county-stemilt-fire"
    assert "wa-rcw-38-52-evacuations" not in cited(county)


# No document-kind filter drops a statute any more, and the relevance model scores the state's evacuation
# statute, which reads like these questions, 0.82-0.92 (docs/how-it-works.md#what-is-not-here).
STATUTE_READS_LIKE_EVENTS = (
    "known limitation: a statute that reads like a question about what fires did answers it; a feature 'statute "
    "for a question about what fires did' was fitted and measured (weight +0.26 on the labelled data; with labels "
    "from the reading, -6.0 but second-set GDR 0.957 -> 0.928), so neither ships")


@pytest.mark.xfail(strict=True, reason=STATUTE_READS_LIKE_EVENTS)
def test_a_neighbouring_countys_evacuation_is_no_evidence_for_a_county_without_a_report(georisk):
    neighbour = georisk.ask("Were evacuations ordered because of a wildfire in Kittitas County, Washington?")
    assert neighbour.decision == "abstain"
    assert "Chelan County" in neighbour.reason


@pytest.mark.xfail(strict=True, reason=STATUTE_READS_LIKE_EVENTS)
@pytest.mark.parametrize("state_question", [
    "Have wildfires in Washington led to evacuation orders?",
    "Did any wildfire in Washington force people to evacuate?",
    "Were Washington residents evacuated because of wildfires?",
    "Has a wildfire caused evacuation orders in Washington state?",
])
def test_what_fires_did_in_a_state_is_never_answered_from_a_statute(georisk, state_question):
    # one county's report is narrower evidence, and the statute that reads like the question is not evidence of
    # any evacuation
    state = georisk.ask(state_question)
    assert state.decision == "warn"
    assert (state.citations[0].document_id, state.citations[0].relation) == ("chelan-county-stemilt-fire", "narrower")
    assert "wa-rcw-38-52-evacuations" not in cited(state)


def test_a_question_about_the_law_is_answered_from_rules_not_fire_reports(georisk):
    answer = georisk.ask("What does Washington law say about evacuation orders during a wildfire?")
    assert answer.decision == "answer"
    assert cited(answer)[0] == "wa-rcw-38-52-evacuations"
    assert "chelan-county-stemilt-fire" not in cited(answer)


def test_a_fire_report_counts_only_for_what_the_question_asks_of_the_fire(georisk):
    asked = georisk.ask("How contained is the Stemilt Fire?")
    assert asked.decision == "answer" and cited(asked)[0] == "chelan-county-stemilt-fire"
    # a report that does not speak of what is asked (the cause) is not evidence of it
    cause = georisk.ask("What caused the Stemilt Fire?")
    assert cause.decision == "abstain" and "uses the word" not in cause.reason


def test_a_question_about_something_no_passage_speaks_of_abstains_and_says_what_was_asked(georisk):
    # no word rule: no candidate answers, so the question is abstained on and the reason quotes what was asked
    answer = georisk.ask("How do I test my basement for radon?")
    assert answer.decision == "abstain" and answer.answer is None
    assert "radon" in answer.reason
    other = georisk.ask("Do residents need a road permit?")
    assert other.decision == "abstain" and "road permit" in other.reason
    # the same questions about what the documents do cover are answered
    assert georisk.ask("How do I make defensible space around my house?").decision != "abstain"
    # a permit is set by a state or county: a question naming no place is asked for it, not answered from anywhere
    burning = georisk.ask("Do residents need a burning permit?")
    assert burning.decision == "abstain" and burning.place_needed and "depends on where" in burning.reason


def test_async_ask(world, server):
    async def run():
        async with await AsyncGeoRisk.connect(server.settings) as client:
            return await client.ask("Is there an outdoor burn ban in Spokane County?")

    answer = asyncio.run(run())
    assert answer.decision == "answer"


def test_cli_ask_json(world, server):
    env = {**os.environ, "GEORISK_HOME": str(server.settings.home),
           "GEORISK_BOLT_PORT": str(server.settings.bolt_port)}
    env.pop("NEO4J_URI", None)
    done = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "ask",
                           "Can I burn yard debris in Spokane?", "--json"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["decision"] == "warn" and payload["query_places"][0]["id"] == "Q187805"
    first = payload["citations"][0]
    assert {"doc_id", "delta", "relation", "lca", "score"} <= set(first)
    assert first["relation"] == "broader" and first["lca"]["id"] == "Q485276"


def test_langchain_retriever_in_a_chain(georisk):
    from langchain_core.runnables import RunnableLambda

    from georisk_graph.langchain import GeoRiskRetriever

    retriever = GeoRiskRetriever(georisk=georisk, k=3)
    chain = retriever | RunnableLambda(lambda docs: [(d.metadata["doc_id"], d.metadata["relation"],
                                                       d.metadata["decision"]) for d in docs])
    rows = chain.invoke("Can I burn yard debris in Spokane?")
    assert rows[0] == ("spokane-county-burn-ban", "broader", "warn")
    docs = retriever.invoke("Can I burn yard debris in Spokane?")
    assert docs[0].metadata["delta"] == 1 and docs[0].metadata["lca"]["id"] == "Q485276"
    assert docs[0].metadata["path"][0]["name"] == "Spokane"


@pytest.mark.parametrize("place", ["Q187805", "Q485276", "Q1223", "Q494460", "Q18419", "Q28515"])
def test_every_retrieved_passage_has_the_reference_delta(world, server, place):
    """The retrieval query computes δ for each passage on its own (not through delta.cypher); every
    passage it returns must carry the smallest δ of its places by the pure-Python oracle, with the
    same common ancestor, and a path from the question place through that ancestor."""
    from georisk_graph.delta import reference_delta

    # the threshold at 0, so every candidate passage comes back and is checked
    client = GeoRisk.connect(server.settings)
    try:
        parents = {row["child"]: row["parents"] for row in client.graph.run("administrative_parents")}
        vector = client.embedder.embed(["outdoor burning rules and wildfire evacuations"])[0]
        passages = client.retriever.ranked(client.retriever.parameters_for(vector, [place], k=1000, threshold=0.0))[place]
    finally:
        client.close()
    assert len(passages) >= 5
    for passage in passages:
        # the same order as the query: δ, then a match on one side's own place, then i_q, then the LCA id
        delta, i_q, i_t, lca, relation = min(
            (reference_delta(parents, place, p.id) for p in passage.places),
            key=lambda r: (r[0], 0 if 0 in (r[1], r[2]) else 1, r[1] or 0, r[3] or ""),
            default=(math.inf, None, None, None, "unrelated"))
        assert (passage.delta, passage.relation) == (delta, relation), passage.chunk_id
        if lca is not None:
            assert (passage.i_q, passage.i_t, passage.lca.id) == (i_q, i_t, lca), passage.chunk_id
            assert [p.id for p in passage.path][0] == place
            assert passage.path[i_q].id == lca and len(passage.path) == i_q + i_t + 1
    deltas = [p.delta for p in passages]
    assert deltas == sorted(deltas)  # δ first
