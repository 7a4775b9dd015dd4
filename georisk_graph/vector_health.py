"""Whether the chunk vector index finds the passages it should: a health probe, and the rebuild that repairs it.

:func:`probe` takes a seeded sample of stored passages and asks the vector index for the 10 nearest to each
one's own stored vector: an index that holds a passage and can reach it returns it first (or among passages
of the same text, which tie with it). Of each passage it misses, it asks the index again with an exact
search among the passages of the same place and kind of document (``vector_health_held.cypher``): one the
index returns there is *unreachable* (its entry is there, the HNSW graph's search does not get to it); one
it does not is *lost* (no entry). Either way questions miss it. ``georisk neo4j start`` and ``georisk schema
apply`` run the probe on a graph with passages and say so when fewer than :data:`HEALTHY_SHARE` are found;
:func:`rebuild` (``georisk schema rebuild-vector-index``) drops the whole index and builds it again from the
stored vectors, embedding nothing again.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Sequence

from .exceptions import QueryError
from .graph import SEARCH_INDEX, Graph

# Below this share of sampled passages found among the nearest to their own vector, the index is damaged
# or cannot reach its entries. A healthy index finds them all (the shared corpus's: 300 of 300).
HEALTHY_SHARE = 0.95
SAMPLE = 50
NEAREST = 10
# The most rows a vector search returns on Neo4j 2026.08.1 (a larger LIMIT is cut to it; measured).
SEARCH_ROWS = 10_000
# A tie with a passage's own vector (cosine 1, score 1.0 in Neo4j's [0, 1] scale): passages of the same text.
TIE = 1.0 - 1e-6
REBUILD_COMMAND = "georisk schema rebuild-vector-index"


@dataclass(frozen=True)
class Missed:
    """A sampled passage the index did not return among the nearest to its own vector, and whether the index
    still holds it: True (unreachable), False (lost), None (not told: a server without SEARCH, another index
    name, or a place with more passages than one search returns)."""

    id: str
    held: bool | None


@dataclass(frozen=True)
class VectorHealth:
    """What :func:`probe` found in the vector index ``index``."""

    index: str
    chunks: int  # passages with a stored vector
    sampled: int
    found: int  # sampled passages the index returned among the ``nearest`` to their own vector
    missed: tuple[Missed, ...]
    nearest: int = NEAREST
    threshold: float = HEALTHY_SHARE

    @property
    def share(self) -> float:
        return self.found / self.sampled if self.sampled else 1.0

    @property
    def healthy(self) -> bool:
        return self.share >= self.threshold

    @property
    def unreachable(self) -> int:
        return sum(m.held is True for m in self.missed)

    @property
    def lost(self) -> int:
        return sum(m.held is False for m in self.missed)

    @property
    def untold(self) -> int:
        return sum(m.held is None for m in self.missed)

    def summary(self) -> str:
        """One line: how many of how many were found, and of those missed how many are lost or unreachable."""
        line = (f"vector index {self.index}: {self.found} of {self.sampled} sampled passages found among the "
                f"{self.nearest} nearest to their own vector ({self.share:.2f}; {self.chunks:,} passages stored)")
        if self.missed:
            line += f"; of the {len(self.missed)} missed, {self.lost} not in the index (lost), " \
                    f"{self.unreachable} in it but not reached (unreachable)"
            if self.untold:
                line += f", {self.untold} not told apart"
        return line

    def warning(self) -> str:
        """What to say when the index is not healthy: the figures, what it means, the command that repairs it."""
        return (f"the vector index {self.index} is damaged or cannot reach its entries: it found {self.found} of "
                f"{self.sampled} sampled passages among the {self.nearest} nearest to their own vector "
                f"({self.share:.2f}, below {self.threshold:.2f}); {self.lost} of those it missed are not in it "
                f"(lost) and {self.unreachable} are in it but not reached (unreachable)"
                + (f", {self.untold} not told apart" if self.untold else "")
                + f". Questions miss such passages. Rebuild it from the stored vectors (nothing is embedded "
                f"again) with `{REBUILD_COMMAND}`.")


def sample_ids(graph: Graph, sample: int = SAMPLE, seed: int = 0) -> tuple[int, list[str]]:
    """How many passages have a stored vector, and a seeded sample of ``sample`` of their ids."""
    ids = sorted(r["id"] for r in graph.run("vector_health_chunk_ids"))
    return len(ids), random.Random(seed).sample(ids, min(sample, len(ids)))


def stored(graph: Graph, ids: Sequence[str]) -> list[dict[str, Any]]:
    """The passages ``ids`` with their stored vector and the filter properties the index holds for them."""
    return graph.run("vector_health_chunks", ids=list(ids))


def nearest(graph: Graph, rows: Sequence[dict[str, Any]], k: int = NEAREST) -> dict[str, bool]:
    """For each passage (rows of :func:`stored`), whether the vector index returns it among the ``k``
    nearest to its own vector (or only passages that tie with it, the same text stored twice)."""
    found: dict[str, bool] = {}
    for start in range(0, len(rows), 50):
        batch = [{"id": r["id"], "embedding": r["embedding"]} for r in rows[start:start + 50]]
        for r in graph.run("vector_health_nearest", vector_index=graph.settings.vector_index, k=k, rows=batch):
            ties = len(r["nearest"]) >= k and r["lowest"] is not None and r["lowest"] >= TIE
            found[r["id"]] = r["id"] in r["nearest"] or ties
    return found


def held(graph: Graph, rows: Sequence[dict[str, Any]]) -> dict[str, bool | None]:
    """For each passage, whether the vector index holds an entry for it (an exact search inside the index,
    among the passages of its place and kind of document); None where that cannot be told."""
    told: dict[str, bool | None] = {r["id"]: None for r in rows}
    searchable = (graph.settings.vector_index == SEARCH_INDEX and (graph.server is None or graph.server.search))
    asked = [{k: r[k] for k in ("id", "embedding", "state", "county", "locality", "doc_type")}
             for r in rows if r.get("doc_type") is not None]
    if not searchable or not asked:
        return told
    for start in range(0, len(asked), 20):
        for r in graph.run("vector_health_held", rows=asked[start:start + 20], limit=SEARCH_ROWS):
            told[r["id"]] = True if r["held"] else (False if r["searched"] < SEARCH_ROWS else None)
    return told


def probe(graph: Graph, *, sample: int = SAMPLE, seed: int = 0, k: int = NEAREST,
          threshold: float = HEALTHY_SHARE, ids: Sequence[str] | None = None) -> VectorHealth | None:
    """Check that sampled stored passages find themselves through the vector index: ``sample`` of them
    (seeded), or the passages ``ids``. None when no passage has a stored vector or the index does not exist."""
    if graph.vector_index_dimension() is None:
        return None
    if ids is None:
        chunks, ids = sample_ids(graph, sample, seed)
    else:
        chunks = len(graph.run("vector_health_chunk_ids"))
    if not ids:
        return None
    rows = stored(graph, ids)
    found = nearest(graph, rows, k)
    missed_rows = [r for r in rows if not found.get(r["id"])]
    told = held(graph, missed_rows)
    return VectorHealth(index=graph.settings.vector_index, chunks=chunks, sampled=len(rows),
                        found=sum(found.values()), missed=tuple(Missed(r["id"], told[r["id"]]) for r in missed_rows),
                        nearest=k, threshold=threshold)


def rebuild(graph: Graph, *, wait_seconds: int = 7200) -> float:
    """Drop the whole chunk vector index and build it again from the stored vectors (nothing is embedded
    again), waiting up to ``wait_seconds`` for it to fill; the seconds it took. The states' own indexes and
    the rest of the schema are left as they are (:meth:`Graph.apply_schema` makes what is missing)."""
    started = time.perf_counter()
    graph.run("drop_vector_index", vector_index=graph.settings.vector_index)
    # Filling the index of a large graph outlasts the client's time limit, and the schema file's own wait
    # for indexes (300 s), which then fails while the index goes on filling: wait on for it here.
    patient = Graph(graph.settings.with_(query_timeout=0)).connect()
    try:
        try:
            patient.apply_schema()
        except QueryError as err:
            if "db.awaitIndexes" not in str(err):
                raise
            patient.run("await_indexes", seconds=wait_seconds)
            patient.apply_schema()
        patient.run("await_indexes", seconds=wait_seconds)
    finally:
        patient.close()
    return time.perf_counter() - started
