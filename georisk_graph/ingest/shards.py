"""Disjoint slices of a corpus for runs that a scheduler other than Ray starts (Kubernetes indexed jobs,
Slurm arrays): ``georisk ingest SOURCES --shard I/N`` ingests the documents of slice ``I`` of ``N``.

A document's slice is a hash of its id, not its position, so the slices do not depend on the order the
loaders read the sources in, every copy of an id falls in one slice (a repeated id is refused there as
in a single run), and the N runs together write exactly the graph of one run. Loader problems (a bad
record, an unreadable file) are reported by the slice their source name hashes to, so each is
reported once.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from ..exceptions import InputError
from ..documents import DocumentProblem, SourceDocument

_SPEC = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


@dataclass(frozen=True)
class Shard:
    """Slice ``index`` (0-based) of ``count``."""

    index: int
    count: int

    @classmethod
    def parse(cls, spec: str) -> "Shard":
        """``"I/N"`` with 0 <= I < N, e.g. ``"0/4"`` for the first of four runs."""
        match = _SPEC.match(spec or "")
        if not match:
            raise InputError(f"--shard must be I/N, the slice I (counted from 0) of N runs, e.g. 0/4; not {spec!r}")
        index, count = int(match.group(1)), int(match.group(2))
        if count < 1 or index >= count:
            raise InputError(f"--shard {spec}: I must be 0 to N-1 and N at least 1 (with 4 runs: 0/4, 1/4, "
                             "2/4 and 3/4); a Slurm array counted from 1 passes $((SLURM_ARRAY_TASK_ID - 1))")
        return cls(index, count)

    def holds(self, key: str) -> bool:
        return slice_of(key, self.count) == self.index

    def documents(self, documents: Iterable[SourceDocument]) -> Iterator[SourceDocument]:
        return (doc for doc in documents if self.holds(doc.id))

    def problems(self, problems: Sequence[DocumentProblem]) -> list[DocumentProblem]:
        return [p for p in problems if self.holds(p.source)]

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def slice_of(key: str, count: int) -> int:
    """The slice of ``count`` that ``key`` belongs to: stable across runs, machines and Python versions
    (unlike ``hash()``, which is salted per process)."""
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % count


__all__ = ["Shard", "slice_of"]
