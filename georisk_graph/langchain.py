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

from .client import GeoRisk
from .decision import Freshness, decide_question
from .question import QueryPlace, as_of_date


class GeoRiskRetriever(BaseRetriever):
    """A LangChain retriever over a connected :class:`GeoRisk`."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    georisk: Any  # a connected GeoRisk
    k: int = 5
    as_of: str | None = None  # the day questions are asked on (YYYY-MM-DD); None: today

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        georisk: GeoRisk = self.georisk
        [reading] = georisk.read([query])
        [vector] = georisk.embedder.embed([reading.embedded or reading.read_as])
        day = as_of_date(self.as_of)
        ranked = georisk.retriever.search(reading, vector, as_of=day, k=self.k)
        s = georisk.settings
        decided = decide_question(reading, ranked, k=self.k, as_of=day,
                                  freshness=Freshness(s.fresh_incident_days, s.fresh_restriction_days))
        documents: list[Document] = []
        places: list[QueryPlace | None] = list(reading.places) or [None]
        for place, decision in zip(places, decided.decisions):
            key = place.id if place else None
            for c in ranked.get(key, []):
                metadata = c.to_dict()
                metadata.pop("text")
                metadata.update(question_place=place.to_dict() if place else None, decision=decision.decision,
                                warning=decision.warning)
                documents.append(Document(page_content=c.text, metadata=metadata))
        return documents
