"""A digest of what ingestion wrote: per part of the graph (documents, their scopes, chunks, mentions,
incident versions, version passages), how many there are and a SHA-256 of their sorted lines
(``cypher/graph_digest.cypher``). Two ingestions of the same sources wrote the same graph when their
digests are equal, wherever and however they ran (local, ``--shard``, ``--ray``). Embeddings are not
in the digest; their last float bits depend on the batch and the hardware."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from ..graph import Graph

PARTS = ("documents", "scopes", "chunks", "mentions", "versions", "version passages")


@dataclass(frozen=True)
class PartDigest:
    part: str
    count: int
    sha256: str

    def to_dict(self) -> dict[str, Any]:
        return {"part": self.part, "count": self.count, "sha256": self.sha256}


def graph_digest(graph: Graph) -> list[PartDigest]:
    """The digest of every part of the stored documents, in the order of :data:`PARTS`."""
    lines: dict[str, list[str]] = defaultdict(list)
    for row in graph.run("graph_digest"):
        lines[row["part"]].append(row["line"])
    out = []
    for part in PARTS:
        h = hashlib.sha256()
        for line in sorted(lines[part]):
            h.update(line.encode())
            h.update(b"\n")
        out.append(PartDigest(part, len(lines[part]), h.hexdigest()))
    return out


__all__ = ["PARTS", "PartDigest", "graph_digest"]
