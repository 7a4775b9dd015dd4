"""GeoRisk inside neo4j-graphrag's GraphRAG, without a server: made, neither touches the server. The
searches on the real server: tests/integration/test_graphrag.py."""

from __future__ import annotations

from typing import Any

from neo4j_graphrag.generation import GraphRAG
from neo4j_graphrag.llm import LLMInterface, LLMResponse

from georisk_graph import GeoRisk, Graph, Settings
from georisk_graph.graphrag import GeoRiskRetriever

from ..servers import free_port


class RecordingLLM(LLMInterface):
    """A model that answers every prompt with the same text and keeps the prompts it was given."""

    def __init__(self) -> None:
        super().__init__(model_name="recording")
        self.prompts: list[str] = []

    def invoke(self, input: str, message_history: Any = None, system_instruction: str | None = None) -> LLMResponse:
        self.prompts.append(input)
        return LLMResponse(content="a fixed answer")

    async def ainvoke(self, input: str, message_history: Any = None,
                      system_instruction: str | None = None) -> LLMResponse:
        return self.invoke(input, message_history, system_instruction)


def test_made_without_a_server():
    """Neither the retriever nor GraphRAG touches the server when they are made."""
    class Untouched:
        def __getattr__(self, name):
            raise AssertionError(f"{name} was used while the retriever was made")

    settings = Settings.from_env({}).with_(neo4j_uri=f"bolt://127.0.0.1:{free_port()}")
    nobody = GeoRisk(Graph(settings), embedder=Untouched(), reader=Untouched(), retriever=Untouched(),
                     generator=Untouched(), models=Untouched())
    retriever = GeoRiskRetriever(nobody, top_k=3)
    rag = GraphRAG(retriever, RecordingLLM())
    assert rag.retriever is retriever and retriever.top_k == 3
