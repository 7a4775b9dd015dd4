"""GeoRisk retrieval as a neo4j-graphrag retriever, so ``GraphRAG`` pipelines can use it.

    from neo4j_graphrag.generation import GraphRAG
    retriever = GeoRiskRetriever(GeoRisk.connect())
    rag = GraphRAG(retriever, llm)
    result = rag.search(query_text="Is there an outdoor burn ban in Spokane County?",
                        response_fallback="No evidence for that place.", return_context=True)
    result.answer, result.retriever_result.metadata["decision"], result.retriever_result.metadata["reason"]

Each item is a passage: its content is the passage text, its metadata carries the geographic fields
(δ, relation, common ancestor, path, the question place), the source and its dates (``published``,
``valid_from``, ``valid_to``) and the decision for its question place with the warning. Items come
ranked as GeoRisk ranks them. The result's metadata holds the decision for the whole question, its
warning and its reason, and whether the place is needed (``place_needed``: the answer depends on where and no
place GeoRisk knows was given; ``unplaced``: the words it could not place), for the fallback to ask for it. Passages GeoRisk would not answer from (a question place it abstains on) are
left out (the rule of :class:`~georisk_graph.evidence.Evidence`), so an abstention returns no items: ``GraphRAG.search(..., response_fallback=...)`` then
gives the fallback without calling the model, and the reason stays in the result's metadata.

The retriever does no I/O when it is made: it takes a client that is already connected, and it does
not call the base class's constructor, which would query the server for its version (GeoRisk's own
connection has checked the server already).
"""

from __future__ import annotations

from datetime import date
from typing import Callable, Optional

try:
    import neo4j
    from neo4j_graphrag.retrievers.base import Retriever
    from neo4j_graphrag.types import RawSearchResult, RetrieverResultItem
except ImportError as err:  # an extra: the rest of the SDK works without it
    raise ImportError("georisk_graph.graphrag needs neo4j-graphrag, which is not installed: "
                      "pip install 'georisk-graph[graphrag]'") from err

from .client import GeoRisk


class GeoRiskRetriever(Retriever):
    """A neo4j-graphrag retriever over a connected :class:`GeoRisk`.

    ``top_k`` passages at most per question place (``retriever_config={"top_k": 3}`` changes it for one
    search); ``as_of`` is the day questions are asked on (a date or YYYY-MM-DD; None: today).
    ``result_formatter`` turns one record (``content``, ``metadata``) into a ``RetrieverResultItem``,
    as in neo4j-graphrag's own retrievers. A query that is not a question (not text, blank, too long)
    raises :class:`~georisk_graph.exceptions.InvalidQuestion`, as ``GeoRisk.ask`` does."""

    VERIFY_NEO4J_VERSION = False

    def __init__(self, georisk: GeoRisk, *, top_k: int = 5, as_of: date | str | None = None,
                 result_formatter: Optional[Callable[[neo4j.Record], RetrieverResultItem]] = None) -> None:
        # Not super().__init__(driver): it runs a query to check the server's version, and a
        # constructor here does no I/O. The client's own connection checked the server when it connected.
        self.georisk = georisk
        self.neo4j_database = georisk.settings.neo4j_database
        self.top_k = top_k
        self.as_of = as_of
        self.result_formatter = result_formatter

    def get_search_results(self, query_text: str, top_k: Optional[int] = None,
                           as_of: Optional[str] = None) -> RawSearchResult:
        """The passages GeoRisk would answer ``query_text`` from, ranked, with the decision.

        Args:
            query_text: the question.
            top_k: passages at most per question place (default: the retriever's ``top_k``).
            as_of: the day the question is asked on, YYYY-MM-DD (default: the retriever's ``as_of``).
        """
        k = self.top_k if top_k is None else top_k
        [evidence] = self.georisk.evidence([query_text], as_of=self.as_of if as_of is None else as_of, k=k)
        records = [neo4j.Record({"content": p.citation.text, "metadata": p.metadata()}) for p in evidence.passages()]
        return RawSearchResult(records=records, metadata={
            "decision": evidence.decision, "warning": evidence.warning, "reason": evidence.reason,
            "place_needed": evidence.place_needed, "unplaced": list(evidence.unplaced),
            "as_of": evidence.as_of.isoformat(), "notes": list(evidence.notes),
            "query_places": [p.to_dict() for p in evidence.query_places],
            "decisions": [d.to_dict() for d in evidence.decisions],
        })

    def default_record_formatter(self, record: neo4j.Record) -> RetrieverResultItem:
        """The passage text as the content, its evidence fields as the metadata."""
        return RetrieverResultItem(content=record["content"], metadata=record["metadata"])
