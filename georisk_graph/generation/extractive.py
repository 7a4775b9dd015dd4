"""The default generator: no LLM, the answer is the passages' own sentences that best match the question."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..decision import Citation
from ..embeddings import Embedder
from ..ingest.chunking import sentence_spans


class ExtractiveGenerator:
    """Picks up to ``sentences`` sentences from the cited passages by cosine to the question and
    marks each with its passage number."""

    name = "extractive"

    def __init__(self, embedder: Embedder, *, sentences: int = 3) -> None:
        self.embedder = embedder
        self.sentences = sentences

    def generate(self, question: str, citations: Sequence[Citation], warning: str | None) -> str:
        pool: list[tuple[int, str]] = []
        for number, citation in enumerate(citations, start=1):
            for start, end in sentence_spans(citation.text):
                sentence = citation.text[start:end].strip()
                if len(sentence) >= 20:
                    pool.append((number, sentence))
        if not pool:
            return ""
        vectors = self.embedder.embed([question] + [s for _, s in pool])
        scores = vectors[1:] @ vectors[0]
        chosen: list[tuple[int, str]] = []
        for index in np.argsort(-scores):
            number, sentence = pool[int(index)]
            if sentence not in (s for _, s in chosen):
                chosen.append((number, sentence))
            if len(chosen) == self.sentences:
                break
        return " ".join(f"{sentence} [{number}]" for number, sentence in chosen)
