"""Questions read as the client reads them, without a graph: the reader's form and words (no gazetteer, no corpus
vocabulary) and what each asks for from the shipped answer-type and yes/no models over the bundled embedder."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from georisk_graph import Reading, Settings
from georisk_graph.embeddings import QuestionVectors
from georisk_graph.question import Reader
from georisk_graph.question.kinds import KindReader


@lru_cache(maxsize=1)
def _parts():
    from georisk_graph.embeddings import embedder_from_settings

    return embedder_from_settings(Settings.from_env()), KindReader.load()


def read_asked(questions: Sequence[str], reader: Reader | None = None) -> list[Reading]:
    """Each question read by ``reader`` (default: one with no gazetteer and no graph), with what it asks for."""
    embedder, kinds = _parts()
    readings = (reader or Reader(None, None)).read(list(questions))
    texts = [[r.embedded or r.read_as, r.asking, r.without_places] for r in readings]
    vectors = iter(embedder.embed([t for three in texts for t in three]))
    return kinds.asked(readings, [QuestionVectors(next(vectors), next(vectors), next(vectors)) for _ in readings])


def kind_of(question: str) -> str | None:
    """The kind of answer ``question`` is read to ask for."""
    return read_asked([question])[0].answer_type


def yes_no_of(question: str) -> str | None:
    """The kind of yes/no question ``question`` is read to be."""
    return read_asked([question])[0].yes_no
