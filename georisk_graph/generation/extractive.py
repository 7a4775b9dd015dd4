"""The default generator: no LLM, the answer is the passages' own sentences that best match the question."""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from ..decision import Citation
from ..embeddings import Embedder
from ..ingest.chunking import sentence_spans

_WORD = re.compile(r"[A-Za-z0-9]+")
_STOP = frozenset("""a an and are as at be by can do does for from has have how i in is it its my of on or
the there this to was what when where which who will with you your""".split())


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _STOP


class ExtractiveGenerator:
    """Picks up to ``sentences`` sentences from the cited passages and marks each with its passage
    number. A word-overlap shortlist of ``shortlist`` sentences is re-ranked by cosine to the
    question, so only a handful of sentences are embedded per answer."""

    name = "extractive"

    def __init__(self, embedder: Embedder, *, sentences: int = 3, shortlist: int = 8) -> None:
        self.embedder = embedder
        self.sentences = sentences
        self.shortlist = shortlist

    def generate(self, question: str, citations: Sequence[Citation], warning: str | None) -> str:
        asked = _words(question)
        pool: list[tuple[float, int, str]] = []
        for number, citation in enumerate(citations, start=1):
            for start, end in sentence_spans(citation.text):
                sentence = citation.text[start:end].strip()
                if len(sentence) < 20 or "http" in sentence:
                    continue
                overlap = len(asked & _words(sentence)) / (1 + len(asked))
                # Earlier passages rank higher (they are better evidence): a small tie-breaker.
                pool.append((overlap - 0.01 * number, number, sentence))
        if not pool:
            return ""
        pool.sort(key=lambda item: -item[0])
        shortlist = list(dict.fromkeys((n, s) for _, n, s in pool))[: self.shortlist]
        vectors = self.embedder.embed([question] + [s for _, s in shortlist])
        order = np.argsort(-(vectors[1:] @ vectors[0]))[: self.sentences]
        return " ".join(f"{shortlist[i][1]} [{shortlist[i][0]}]" for i in order)
