"""GeoRisk inside neo4j-graphrag's GraphRAG, on the real server: the full U.S. geography and the small
corpus of tests/integration/conftest.py (WORLD_DOCUMENTS). The model is a stand-in that records its prompt
(tests/unit/test_graphrag.py)."""

from __future__ import annotations

import pytest
from neo4j_graphrag.generation import GraphRAG

from georisk_graph import GeoRisk
from georisk_graph import InvalidQuestion
from georisk_graph.graphrag import GeoRiskRetriever

from ..unit.test_graphrag import RecordingLLM
from .conftest import WORLD_DOCUMENTS

FALLBACK = "GeoRisk has no evidence to answer that for this place."
SPOKANE_BAN = next(text for doc_id, _, _, _, text in WORLD_DOCUMENTS if doc_id == "spokane-county-burn-ban")


@pytest.fixture
def georisk(world, server):
    client = GeoRisk.connect(server.settings)
    yield client
    client.close()


def test_an_exact_question_hands_the_passage_to_the_model(georisk):
    llm = RecordingLLM()
    rag = GraphRAG(GeoRiskRetriever(georisk), llm)
    result = rag.search(query_text="Is there an outdoor burn ban in Spokane County?", response_fallback=FALLBACK,
                        return_context=True)
    assert result.answer == "a fixed answer"
    context = result.retriever_result
    assert context.metadata["decision"] == "answer" and context.metadata["warning"] is None
    assert context.metadata["__retriever"] == "GeoRiskRetriever"
    first = context.items[0]
    assert first.content == SPOKANE_BAN
    meta = first.metadata
    assert (meta["doc_id"], meta["delta"], meta["relation"]) == ("spokane-county-burn-ban", 0, "exact")
    assert meta["lca"]["id"] == "Q485276" and [p["id"] for p in meta["path"]] == ["Q485276"]
    assert meta["decision"] == "answer" and meta["question_place"]["id"] == "Q485276"
    assert {"title", "published", "valid_from", "valid_to", "warning", "chunk_id"} <= set(meta)
    [prompt] = llm.prompts
    assert SPOKANE_BAN in prompt and "Is there an outdoor burn ban in Spokane County?" in prompt


def test_a_broader_passage_carries_its_warning(georisk):
    result = GeoRiskRetriever(georisk, top_k=3).search(query_text="Can I burn yard debris in Spokane?")
    assert result.metadata["decision"] == "warn"
    assert result.metadata["warning"].startswith("This applies to Spokane County (county)")
    first = result.items[0].metadata
    assert (first["doc_id"], first["relation"], first["delta"]) == ("spokane-county-burn-ban", "broader", 1)
    assert [p["name"] for p in first["path"]] == ["Spokane", "Spokane County"]
    assert first["decision"] == "warn" and first["warning"] == result.metadata["warning"]
    assert len({i.metadata["question_place"]["id"] for i in result.items}) == 1


@pytest.mark.parametrize("question, why", [
    ("Are charcoal briquettes banned in Kootenai County parks?", "not for Kootenai County (county)"),
    ("Is there a burn ban in Xqwzville?", "I could not place 'Xqwzville'"),
])
def test_an_abstention_gives_the_fallback_and_keeps_the_reason(georisk, question, why):
    llm = RecordingLLM()
    rag = GraphRAG(GeoRiskRetriever(georisk), llm)
    result = rag.search(query_text=question, response_fallback=FALLBACK, return_context=True)
    assert result.answer == FALLBACK and llm.prompts == []
    context = result.retriever_result
    assert context.items == [] and context.metadata["decision"] == "abstain"
    assert why in context.metadata["reason"]
    assert context.metadata["place_needed"] == ("Xqwzville" in question)  # the fallback may ask for the place


def test_the_search_takes_top_k_and_the_day_from_the_pipeline(georisk):
    rag = GraphRAG(GeoRiskRetriever(georisk), RecordingLLM())
    result = rag.search(query_text="Has Washington banned outdoor burning this summer?", return_context=True,
                        retriever_config={"top_k": 1, "as_of": "2025-07-15"})
    context = result.retriever_result
    assert context.metadata["as_of"] == "2025-07-15"
    assert len(context.items) == 1 and context.items[0].metadata["doc_id"] == "wa-rcw-76-04-205"
    with pytest.raises(InvalidQuestion):
        rag.search(query_text="   ", return_context=True)
