"""One evidence path: the SDK's GeoRisk.evidence, the LangChain retriever, the neo4j-graphrag retriever and
the MCP `ask` tool give the same evidence for the same questions, on the real server with the full U.S.
geography and the small corpus of tests/integration/conftest.py (WORLD_DOCUMENTS). The adapters only
format it (tests/unit/test_layout.py holds that none of them runs retrieval or the decision)."""

from __future__ import annotations

import pytest

from georisk_graph import GeoRisk
from georisk_graph.graphrag import GeoRiskRetriever as GraphRagRetriever
from georisk_graph.langchain import GeoRiskRetriever as LangChainRetriever
from georisk_graph.mcp_server import GeoRiskTools

DAY = "2025-07-15"
QUESTIONS = [
    "Is there an outdoor burn ban in Spokane County?",  # exact
    "Can I burn yard debris in Spokane?",  # broader: warned
    "Are charcoal briquettes banned in Kootenai County parks?",  # another county's rule: abstained on
    "Is there an outdoor burn ban in Spokane County or in Kootenai County?",  # one place answered, one not
    "What is defensible space?",  # no place
    "Is there a burn ban in Xqwzville?",  # a place no one knows
]


@pytest.fixture
def georisk(world, server):
    client = GeoRisk.connect(server.settings)
    yield client
    client.close()


def handed_on(evidence) -> list[tuple[str, str | None, str]]:
    return [(p.citation.chunk_id, p.place.id if p.place else None, p.decision.decision) for p in evidence.passages()]


def from_metadata(metadata: dict) -> tuple[str, str | None, str]:
    return metadata["chunk_id"], (metadata["question_place"] or {}).get("id"), metadata["decision"]


def test_the_sdk_and_every_adapter_give_the_same_evidence(georisk, server):
    evidence = georisk.evidence(QUESTIONS, as_of=DAY, k=5)
    langchain = LangChainRetriever(georisk=georisk, k=5, as_of=DAY)
    graphrag = GraphRagRetriever(georisk, top_k=5, as_of=DAY)
    tools = GeoRiskTools(server.settings)  # the MCP server's own client, connected on its first call
    try:
        for question, found in zip(QUESTIONS, evidence):
            expected = handed_on(found)
            documents = langchain.invoke(question)
            if found.place_needed:  # one Document asks for the place; no passage is handed on
                assert [(d.page_content, d.metadata["place_needed"]) for d in documents] == [(found.reason, True)]
                assert expected == []
            else:
                assert [from_metadata(d.metadata) for d in documents] == expected, question
                assert [d.page_content for d in documents] == [p.citation.text for p in found.passages()]
            result = graphrag.get_search_results(question)
            assert [from_metadata(r["metadata"]) for r in result.records] == expected, question
            assert result.metadata["decision"] == found.decision and result.metadata["reason"] == found.reason
            assert (result.metadata["place_needed"], result.metadata["unplaced"]) == (found.place_needed,
                                                                                      list(found.unplaced))
            assert result.metadata["decisions"] == [d.to_dict() for d in found.decisions]
            told = tools.ask(question, as_of=DAY)
            assert (told["decision"], told["warning"], told["reason"]) == (found.decision, found.warning, found.reason)
            assert (told["place_needed"], told["unplaced"]) == (found.place_needed, list(found.unplaced))
            assert told["decisions"] == [d.to_dict() for d in found.decisions], question
    finally:
        tools.close()


def test_the_passages_of_a_place_abstained_on_are_never_handed_on(georisk):
    """The one stated rule: a place abstained on hands on none of its passages; they stay in considered(),
    with the decision's reason."""
    [one_of_two, elsewhere] = georisk.evidence(
        ["Is there an outdoor burn ban in Spokane County or in Kootenai County?",
         "Are charcoal briquettes banned in Kootenai County parks?"], as_of=DAY)
    kinds = {d.place.name: d.decision for d in one_of_two.decisions}
    assert kinds == {"Spokane County": "answer", "Kootenai County": "abstain"}
    assert one_of_two.decision == "warn"
    assert {p.place.name for p in one_of_two.passages()} == {"Spokane County"}
    assert elsewhere.decision == "abstain" and elsewhere.passages() == ()
    considered = elsewhere.considered()
    assert considered and all(p.decision.decision == "abstain" for p in considered)
    assert "not for Kootenai County (county)" in elsewhere.reason
    answer = georisk.worded(elsewhere)
    assert answer.answer is None and answer.decision == "abstain"
    assert [c.chunk_id for c in answer.citations] == [c.chunk_id for d in elsewhere.decisions for c in d.citations]
