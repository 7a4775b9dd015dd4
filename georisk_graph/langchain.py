"""GeoRisk retrieval as a LangChain retriever, so existing chains can use it.

    retriever = GeoRiskRetriever(georisk=GeoRisk.connect())
    docs = retriever.invoke("Are there fire restrictions in Flagstaff?")
    docs[0].metadata["relation"], docs[0].metadata["delta"], docs[0].metadata["path"]

Each Document is a passage; its metadata carries the geographic fields (δ, relation, common
ancestor, path, the question place), the source and its dates (``published``, and ``valid_from`` /
``valid_to`` for the period it describes), and the decision for its question place (answer or warn)
with the warning. Passages come ranked as GeoRisk ranks them: δ first, then the probability the relevance model gives that the passage answers, then cosine. Passages of a place GeoRisk abstains on are not returned (the rule of
:class:`~georisk_graph.evidence.Evidence`), so an abstention returns no Documents, but for one: a question whose
answer depends on where and that names no place GeoRisk knows returns one Document that asks the asker for the
place (its metadata: ``place_needed`` True, ``unplaced`` the words it could not place, ``decision`` "abstain"; no
source), so a chain asks back instead of answering from nothing (``ask_for_place=False``: no Document). A query that is not a
question (not text, blank, too long) raises :class:`~georisk_graph.exceptions.InvalidQuestion`, as
``GeoRisk.ask`` does.
"""

from __future__ import annotations

try:
    from langchain_core.callbacks import CallbackManagerForRetrieverRun
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever
    from pydantic import ConfigDict
except ImportError as err:  # an extra: the rest of the SDK works without it
    raise ImportError("georisk_graph.langchain needs LangChain, which is not installed: "
                      "pip install 'georisk-graph[langchain]'") from err

from .client import GeoRisk


class GeoRiskRetriever(BaseRetriever):
    """A LangChain retriever over a connected :class:`GeoRisk`: the passages of
    :meth:`GeoRisk.evidence`'s :meth:`~georisk_graph.evidence.Evidence.passages`, as Documents."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    georisk: GeoRisk
    k: int = 5
    as_of: str | None = None  # the day questions are asked on (YYYY-MM-DD); None: today
    ask_for_place: bool = True  # a question that needs a place gets one Document asking for it

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        [evidence] = self.georisk.evidence([query], as_of=self.as_of, k=self.k)
        if evidence.place_needed and self.ask_for_place:
            return [Document(page_content=evidence.reason, metadata={
                "decision": evidence.decision, "place_needed": True, "unplaced": list(evidence.unplaced),
                "reason": evidence.reason, "source": None})]
        return [Document(page_content=p.citation.text, metadata=p.metadata()) for p in evidence.passages()]
