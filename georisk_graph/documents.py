"""The unit every loader yields (:class:`SourceDocument`), the id rule every loader follows
(:func:`document_id`), and the note a loader makes about a bad record (:class:`DocumentProblem`).

Document ids are namespaced by source, so two sources can never give one id: ``statute:stat-AL-0``,
``jsonl:<the record's id>``, ``inciweb:<inciweb_id>``, ``calfire:<incident_id>``, and for a user's
file ``file:<its resolved absolute path>`` (``/a/notes.txt`` and ``/b/notes.txt`` are two documents).

Loaders never stop for one bad record. They take ``problems: list[DocumentProblem] | None``: a list
collects the problems; with ``None`` each problem is logged as a warning, so none goes unseen. A file
that cannot be read at all raises :class:`~georisk_graph.exceptions.InputError` instead.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

log = logging.getLogger(__name__)

SOURCES = ("inciweb", "inciweb_summary", "calfire", "statute", "file", "jsonl")
DOC_TYPES = ("incident_report", "statute", "guidance", "other")

# Metadata becomes Neo4j node properties, which cannot hold maps or mixed lists.
_SCALARS = (str, int, float, bool)


def document_id(source: str, key: str) -> str:
    """The graph id of a document: ``<source>:<key>``, where ``key`` is unique within its source
    (an incident id, a statute's ``doc_id``, a JSON Lines record's id). ValueError for an unknown
    source or an empty key."""
    if source not in SOURCES:
        raise ValueError(f"source {source!r} is not one of {', '.join(SOURCES)}")
    key = key.strip()
    if not key:
        raise ValueError(f"a {source} document needs a non-empty key for its id")
    return f"{source}:{key}"


def file_document_id(path: str | Path) -> str:
    """The id of a user's file: ``file:`` and its resolved absolute path, the one key that tells
    two folders' ``notes.txt`` apart."""
    return document_id("file", Path(path).resolve().as_posix())


_BLANK_LINE = re.compile(r"\n[^\S\n]*\n\s*")
_SPACE = re.compile(r"\s+")
# A paragraph shorter than this may well repeat on purpose ("Evacuations: none.").
REPEAT_MIN_CHARS = 40


def without_repeats(text: str) -> str:
    """``text`` without what a source printed twice. Some print a section two to four times, once as
    one line and again as paragraphs, or a note twice in a row (147 of the 554 state statutes, 23% of
    their text): chunked as it is, one passage fills several of the places a question's evidence has.

    Paragraphs are the blocks between blank lines, compared word for word up to spacing and line
    breaks. A run of paragraphs that the text before it already holds goes when it is a reprint (at
    least half as long as all that came before) or repeats the paragraph right before it. A shorter
    repeat further on stays: a statute's county subsection may list the same items as its municipal one.
    """
    paragraphs = _BLANK_LINE.split(text)
    if len(paragraphs) < 2:
        return text
    keys = [_SPACE.sub("", p) for p in paragraphs]
    kept: list[str] = []
    said = ""  # the kept paragraphs, without spacing
    last = ""

    def repeated(key: str) -> bool:
        return len(key) >= REPEAT_MIN_CHARS and key in said

    i = 0
    while i < len(paragraphs):
        if not repeated(keys[i]):
            kept.append(paragraphs[i])
            said += keys[i]
            last = keys[i]
            i += 1
            continue
        end = i
        while end < len(paragraphs) and (repeated(keys[end]) or len(keys[end]) < REPEAT_MIN_CHARS):
            end += 1
        if 2 * sum(len(k) for k in keys[i:end]) >= len(said) or keys[i] in last:
            i = end
            continue
        for k in range(i, end):
            kept.append(paragraphs[k])
            said += keys[k]
            last = keys[k]
        i = end
    return text if len(kept) == len(paragraphs) else "\n\n".join(kept)


@dataclass(frozen=True)
class SourceDocument:
    """One document, ready to chunk: its text, where it came from, and the places it applies to as a whole.

    ``text`` keeps each paragraph once (:func:`without_repeats`).

    ``scope`` holds ``node_id`` values of the geography table; ``scope_basis`` says why they were chosen.
    ``loaded_from`` is where the loader read it (a file's absolute path, or the shared corpus file's
    name): a stored document of the same id but another ``loaded_from`` is another document.
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
    loaded_from: str = ""
    # The period the text describes, when it describes one (an incident update: from the day it was
    # first seen until the next version), as YYYY-MM-DD, both ends included; None when open or unknown.
    valid_from: str | None = None
    valid_to: str | None = None

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a SourceDocument needs a non-empty id")
        if self.source not in SOURCES:
            raise ValueError(f"source {self.source!r} is not one of {', '.join(SOURCES)}")
        if self.doc_type not in DOC_TYPES:
            raise ValueError(f"doc_type {self.doc_type!r} is not one of {', '.join(DOC_TYPES)}")
        for name in ("published", "valid_from", "valid_to"):
            value = getattr(self, name)
            if value is not None:
                try:
                    date.fromisoformat(value)
                except (TypeError, ValueError):
                    raise ValueError(f"{name} must be a date written YYYY-MM-DD, not {value!r}") from None
        if self.valid_from and self.valid_to and self.valid_to < self.valid_from:
            raise ValueError(f"valid_to {self.valid_to} is before valid_from {self.valid_from}")
        # Accept a list for convenience but store a tuple, so the document stays immutable.
        object.__setattr__(self, "scope", tuple(self.scope))
        object.__setattr__(self, "text", without_repeats(self.text))
        for key, value in self.metadata.items():
            if not isinstance(value, _SCALARS):
                raise ValueError(f"metadata[{key!r}] must be a str, int, float or bool, not {type(value).__name__}")

    @property
    def content_hash(self) -> str:
        """SHA-256 of every field that is stored (metadata, url, dates and source included): equal
        hashes mean re-ingesting the document changes nothing."""
        fields = asdict(self)
        fields["scope"] = sorted(self.scope)  # stored as relationships, which have no order
        payload = json.dumps(fields, ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class IncidentVersion:
    """One dated version of an incident's page, as the source showed it from ``valid_from`` to
    ``valid_to`` (both included; until the next version was seen). ``document_id`` is the incident's
    document (its latest version); ``id`` is ``<document_id>@v<n>``, n counting versions from 1 in
    the order they were first seen."""

    id: str
    document_id: str
    incident_id: str
    version: int
    title: str
    text: str
    source: str
    published: str
    valid_from: str
    valid_to: str
    url: str | None = None
    acres: float | None = None
    percent_contained: float | None = None
    record_id: str | None = None
    loaded_from: str = ""

    def __post_init__(self) -> None:
        for name in ("published", "valid_from", "valid_to"):
            date.fromisoformat(getattr(self, name))
        if self.valid_to < self.valid_from:
            raise ValueError(f"version {self.id}: valid_to {self.valid_to} is before valid_from {self.valid_from}")

    @property
    def content_hash(self) -> str:
        payload = json.dumps(asdict(self), ensure_ascii=False, sort_keys=True)
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
