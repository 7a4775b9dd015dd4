"""The unit every loader yields (:class:`SourceDocument`) and the note it makes about a bad record
(:class:`DocumentProblem`).

Loaders never stop for one bad record. They take ``problems: list[DocumentProblem] | None``: a list
collects the problems; with ``None`` each problem is logged as a warning, so none goes unseen. A file
that cannot be read at all raises :class:`~georisk_graph.exceptions.InputError` instead.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field
from datetime import date

log = logging.getLogger(__name__)

SOURCES = ("inciweb", "inciweb_summary", "calfire", "statute", "file", "jsonl")
DOC_TYPES = ("incident_report", "statute", "guidance", "other")

# Metadata becomes Neo4j node properties, which cannot hold maps or mixed lists.
_SCALARS = (str, int, float, bool)


@dataclass(frozen=True)
class SourceDocument:
    """One document, ready to chunk: its text, where it came from, and the places it applies to as a whole.

    ``scope`` holds ``node_id`` values of the geography table; ``scope_basis`` says why they were chosen.
    """

    id: str
    title: str
    text: str
    source: str
    doc_type: str = "other"
    url: str | None = None
    published: str | None = None
    scope: tuple[str, ...] = ()
    scope_basis: str = ""
    metadata: dict[str, str | int | float | bool] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a SourceDocument needs a non-empty id")
        if self.source not in SOURCES:
            raise ValueError(f"source {self.source!r} is not one of {', '.join(SOURCES)}")
        if self.doc_type not in DOC_TYPES:
            raise ValueError(f"doc_type {self.doc_type!r} is not one of {', '.join(DOC_TYPES)}")
        if self.published is not None:
            date.fromisoformat(self.published)  # raises ValueError: published must be YYYY-MM-DD
        # Accept a list for convenience but store a tuple, so the document stays immutable.
        object.__setattr__(self, "scope", tuple(self.scope))
        for key, value in self.metadata.items():
            if not isinstance(value, _SCALARS):
                raise ValueError(f"metadata[{key!r}] must be a str, int, float or bool, not {type(value).__name__}")

    @property
    def content_hash(self) -> str:
        """SHA-256 of title, text and scope: equal hashes mean re-ingesting the document changes nothing."""
        payload = json.dumps([self.title, self.text, sorted(self.scope)], ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class DocumentProblem:
    """A record or file that was skipped or only partly used: where it is, and what to do about it."""

    source: str  # a path, or path:line for a line of a JSON Lines file
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: {self.reason}"


def report(problems: list[DocumentProblem] | None, source: str, reason: str) -> None:
    """Add a problem to ``problems``, or log it as a warning when no list was given."""
    problem = DocumentProblem(source=source, reason=reason)
    if problems is None:
        log.warning("%s", problem)
    else:
        problems.append(problem)
