"""GeoRisk retrieval as a LangChain retriever, so existing chains can use it.

    retriever = GeoRiskRetriever(georisk=GeoRisk().connect())
    docs = retriever.invoke("Are there fire restrictions in Flagstaff?")
    docs[0].metadata["relation"], docs[0].metadata["delta"], docs[0].metadata["path"]

Each Document is a passage; its metadata carries the geographic fields (δ, relation, common
ancestor, path, the question place), the source and its dates (``published``, and ``valid_from`` /
``valid_to`` for the period it describes). Passages come ranked as GeoRisk ranks them:
δ first, then the share of the question's topic words held, then cosine. The decision itself (answer / warn / abstain) is in the metadata too, so a
chain can refuse what GeoRisk would refuse. A query that is not a question (not text, blank, too long)
raises :class:`~georisk_graph.exceptions.InvalidQuestion`, as ``GeoRisk.ask`` does.
"""

from __future__ import annotations

from typing import Any

try:
    from langchain_core.callbacks import CallbackManagerForRetrieverRun
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever
    from pydantic import ConfigDict
except ImportError as err:  # an extra: the rest of the SDK works without it
    raise ImportError("georisk_graph.langchain needs LangChain, which is not installed: "
                      "pip install 'georisk-graph[langchain]'") from err

from .client import GeoRisk, QueryPlace, as_of_date, asks_about_present, check_questions
from .decision import Freshness, decide, decide_in_time


class GeoRiskRetriever(BaseRetriever):
    """A LangChain retriever over a connected :class:`GeoRisk`."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    georisk: Any  # a connected GeoRisk
    k: int = 5
    as_of: str | None = None  # the day questions are asked on (YYYY-MM-DD); None: today

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        check_questions([query])
        georisk: GeoRisk = self.georisk
        [(places, _unresolved)] = georisk.find_places([query])
        [vector] = georisk.embedder.embed([query])
        ranked = georisk.retrieve(vector, [p.id for p in places if p.id], k=self.k)  # resolved: all have ids
        documents: list[Document] = []
        asked: list[QueryPlace | None] = list(places) or [None]
        for place in asked:
            key = place.id if place else None
            passages = ranked.get(key, [])
            decision = decide_in_time(
                decide(place.ref() if place else None, passages, k=self.k), present=asks_about_present(query),
                as_of=as_of_date(self.as_of),
                freshness=Freshness(georisk.settings.fresh_incident_days, georisk.settings.fresh_restriction_days))
            for c in passages:
                metadata = c.to_dict()
                metadata.pop("text")
                metadata.update(question_place=place.to_dict() if place else None, decision=decision.decision,
                                warning=decision.warning)
                documents.append(Document(page_content=c.text, metadata=metadata))
        return documents
