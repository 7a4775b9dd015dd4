"""Semantic chunking: documents into passages that each keep to one topic.

A document is split into sentences; the sentences of a whole batch of documents are embedded in one
call; a chunk boundary falls wherever the cosine distance between adjacent sentences exceeds a
percentile (the 95th by default) of that document's adjacent distances. Chunks are then held between
``min_chars`` and ``max_chars``: a short chunk joins its more similar neighbour, a long one is split
at its most dissimilar sentence boundary, and a single sentence longer than ``max_chars`` is cut at
whitespace. Offsets are exact: ``text[chunk.start:chunk.end] == chunk.text`` for every chunk, so
whatever is found inside a chunk maps back onto the document.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..analysis import sentence_spans, strip_span
from ..embeddings import Embedder
from ..exceptions import ConfigurationError, InputError

def _cut_long(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """A span longer than ``max_chars`` as near-equal pieces of at most ``max_chars``, cut at whitespace."""
    pieces: list[tuple[int, int]] = []
    while end - start > max_chars:
        # Equal shares rather than full pieces and a scrap: a scrap would make a chunk too short.
        share = math.ceil((end - start) / math.ceil((end - start) / max_chars))
        target = start + share
        # The nearest whitespace before the target, else after it (up to max_chars); a word is
        # only cut when neither exists.
        before = (p for p in range(target, start + share // 2, -1) if text[p].isspace())
        after = (p for p in range(target + 1, start + max_chars + 1) if text[p].isspace())
        cut = next(before, None) or next(after, None) or target
        piece = strip_span(text, start, cut)
        if piece is not None:
            pieces.append(piece)
        rest = strip_span(text, cut, end)
        if rest is None:
            return pieces
        start = rest[0]
    pieces.append((start, end))
    return pieces


@dataclass(frozen=True)
class Chunk:
    """A passage of one document: ``document_text[start:end] == text``; ``index`` counts from 0."""

    index: int
    text: str
    start: int
    end: int
    sentence_count: int


class SemanticChunker:
    """Splits documents where adjacent sentences drift apart in meaning.

    ``percentile`` sets the boundary threshold per document. Chunks have at most ``max_chars``
    characters, and at least ``min_chars`` unless the document is shorter or a short piece sits
    between neighbours too long to take it. The chunker embeds sentences only; embedding the chunks
    is the caller's.
    """

    def __init__(self, embedder: Embedder, *, percentile: float = 95.0, min_chars: int = 200,
                 max_chars: int = 1500) -> None:
        if not 0.0 <= percentile <= 100.0:
            raise ConfigurationError(f"chunk boundary percentile must be within 0-100, got {percentile}")
        if not 0 <= min_chars < max_chars:
            raise ConfigurationError(
                f"chunk lengths need 0 <= min_chars < max_chars, got min {min_chars}, max {max_chars}")
        self.embedder = embedder
        self.percentile = percentile
        self.min_chars = min_chars
        self.max_chars = max_chars

    def chunk(self, texts: list[str]) -> list[list[Chunk]]:
        """The chunks of each text, in order; an empty or blank text has none.

        All sentences that need a vector, across all texts, are embedded in one batch.
        """
        return self._chunked(texts)[0]

    def chunk_with_vectors(self, texts: list[str],
                           embed_chunks: Callable[[list[str]], np.ndarray] | None = None
                           ) -> tuple[list[list[Chunk]], np.ndarray]:
        """The chunks of each text and a vector for each chunk (all texts' chunks in order), each text
        encoded once: where the sentences were encoded to place the boundaries, a chunk's vector is
        the mean of its sentences' vectors weighted by their length, normalised; the chunks of a text
        that needed no sentence vectors are encoded themselves, by ``embed_chunks`` (default the
        chunker's model)."""
        chunked, sentence_vectors, sentences = self._chunked(texts)
        dimension = self.embedder.dimension
        vectors: list[np.ndarray] = []
        encode: list[tuple[int, str]] = []  # (row, text) of chunks encoded themselves
        for chunks, own, spans in zip(chunked, sentence_vectors, sentences):
            if own is None:
                encode += [(len(vectors) + i, c.text) for i, c in enumerate(chunks)]
                vectors += [np.zeros(dimension, dtype=np.float32)] * len(chunks)
                continue
            first = 0
            for c in chunks:
                last = first + c.sentence_count
                weights = np.array([e - s for s, e in spans[first:last]], dtype=np.float32)
                total = weights @ own[first:last]
                vectors.append((total / max(float(np.linalg.norm(total)), 1e-12)).astype(np.float32))
                first = last
        if encode:
            encoded = (embed_chunks or self.embedder.embed)([t for _, t in encode])
            for (row, _), vector in zip(encode, encoded):
                vectors[row] = vector
        return chunked, (np.stack(vectors) if vectors else np.zeros((0, dimension), dtype=np.float32))

    def _chunked(self, texts: list[str]) -> tuple[list[list[Chunk]], list[np.ndarray | None],
                                                  list[list[tuple[int, int]]]]:
        """The chunks of each text, with the vectors of its sentences (None where none were needed)
        and their spans."""
        if isinstance(texts, str):
            raise InputError("chunk() takes a list of texts; wrap a single text in a list")
        for position, text in enumerate(texts):
            if not isinstance(text, str):
                raise InputError(f"text {position} is a {type(text).__name__}, not a str")

        sentences = [self._sentences(text) for text in texts]
        embedded = [self._needs_vectors(spans) for spans in sentences]
        batch = [text[s:e] for text, spans, needed in zip(texts, sentences, embedded) if needed
                 for s, e in spans]
        vectors = self.embedder.embed(batch) if batch else None

        result: list[list[Chunk]] = []
        kept: list[np.ndarray | None] = []
        row = 0
        for text, spans, needed in zip(texts, sentences, embedded):
            own = None
            if needed:
                assert vectors is not None  # a text needing vectors put its sentences in the batch
                own = vectors[row:row + len(spans)]
                row += len(spans)
                distances = 1.0 - np.einsum("ij,ij->i", own[:-1], own[1:])
            else:  # no choice depends on meaning here; see _needs_vectors
                distances = np.zeros(max(len(spans) - 1, 0), dtype=np.float32)
            kept.append(own)
            groups = self._groups(spans, distances)
            result.append([
                Chunk(index=i, text=text[spans[a][0]:spans[b - 1][1]], start=spans[a][0],
                      end=spans[b - 1][1], sentence_count=b - a)
                for i, (a, b) in enumerate(groups)
            ])
        return result, kept, sentences

    def _sentences(self, text: str) -> list[tuple[int, int]]:
        spans: list[tuple[int, int]] = []
        for start, end in sentence_spans(text):
            spans.extend(_cut_long(text, start, end, self.max_chars))
        return spans

    def _needs_vectors(self, spans: list[tuple[int, int]]) -> bool:
        # With one boundary at most nothing can be chosen; a text shorter than two minimal chunks
        # that fits in one ends up as one chunk whatever its sentences mean.
        if len(spans) < 3:
            return False
        length = spans[-1][1] - spans[0][0]
        return length >= 2 * self.min_chars or length > self.max_chars

    def _groups(self, spans: list[tuple[int, int]], distances: np.ndarray) -> list[tuple[int, int]]:
        """Sentence ranges ``[a, b)`` of the chunks: semantic boundaries, then the length limits."""
        if not spans:
            return []

        def length(a: int, b: int) -> int:
            return spans[b - 1][1] - spans[a][0]

        def merge_short(groups: list[tuple[int, int]], fit_only: bool) -> list[tuple[int, int]]:
            # Shortest first, a short chunk joins the neighbour across the smaller distance (the
            # more similar one); with fit_only, only a neighbour it fits beside within max_chars.
            while len(groups) > 1:
                merges = []
                for k, (a, b) in enumerate(groups):
                    if length(a, b) >= self.min_chars:
                        continue
                    options = [j for j in (k - 1, k + 1) if 0 <= j < len(groups)]
                    if fit_only:
                        options = [j for j in options if length(*_span_of(groups, j, k)) <= self.max_chars]
                    if options:
                        # The gap between k and j lies just before the later of the two.
                        j = min(options, key=lambda j: distances[groups[max(j, k)][0] - 1])
                        merges.append((length(a, b), k, j))
                if not merges:
                    break
                _, k, j = min(merges)
                groups[min(j, k):max(j, k) + 1] = [_span_of(groups, j, k)]
            return groups

        def split_long(groups: list[tuple[int, int]]) -> list[tuple[int, int]]:
            # At the most dissimilar boundary that leaves both sides at least min_chars long, or
            # failing that at the most even one; repeated until every piece fits.
            result: list[tuple[int, int]] = []
            pending = list(reversed(groups))
            while pending:
                a, b = pending.pop()
                if length(a, b) <= self.max_chars or b - a == 1:
                    result.append((a, b))
                    continue
                gaps = range(a + 1, b)
                even = [g for g in gaps if min(length(a, g), length(g, b)) >= self.min_chars]
                if even:
                    # Among equally dissimilar boundaries (repeated boilerplate) the most even one:
                    # always the first would peel one chunk per pass off a long run, quadratic in it.
                    g = max(even, key=lambda g: (distances[g - 1], min(length(a, g), length(g, b))))
                else:
                    g = max(gaps, key=lambda g: min(length(a, g), length(g, b)))
                pending += [(g, b), (a, g)]
            return result

        cuts: list[int] = []
        if len(distances):
            threshold = np.percentile(distances, self.percentile)
            cuts = [i + 1 for i, d in enumerate(distances) if d > threshold]
        edges = [0, *cuts, len(spans)]
        groups = list(zip(edges[:-1], edges[1:]))
        # Short semantic segments first join a neighbour even past max_chars, since the split that
        # follows cuts at the best boundary anyway; pieces the split leaves short then join a
        # neighbour only where both fit within max_chars.
        return merge_short(split_long(merge_short(groups, fit_only=False)), fit_only=True)


def _span_of(groups: list[tuple[int, int]], i: int, j: int) -> tuple[int, int]:
    """The sentence range covering groups ``i`` to ``j`` (either order), which are adjacent."""
    return groups[min(i, j)][0], groups[max(i, j)][1]
