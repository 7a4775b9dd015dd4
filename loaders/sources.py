"""Pick the loader for what a user names on the command line: the shared corpus, one of its files,
a folder of documents, or a JSON Lines file."""

from __future__ import annotations

from itertools import chain
from pathlib import Path
from typing import Iterator

from georisk_graph.exceptions import InputError

from . import corpus, files
from georisk_graph.documents import DocumentProblem, IncidentVersion, SourceDocument

SOURCE_TYPES = ("auto", "shared", "inciweb", "inciweb_summaries", "calfire", "statutes", "folder", "jsonl")
_SHARED_FILES = {
    corpus.INCIWEB_UPDATES_FILE: "inciweb",
    corpus.INCIWEB_SUMMARIES_FILE: "inciweb_summaries",
    corpus.CALFIRE_FILE: "calfire",
    corpus.STATUTES_FILE: "statutes",
}


def detect(source: str) -> str:
    """The source type of ``source`` ("shared" for the word itself or the shared corpus folder)."""
    if source == "shared":
        return "shared"
    path = Path(source)
    if path.is_dir():
        return "shared" if all((path / name).is_file() for name in _SHARED_FILES) else "folder"
    if path.name in _SHARED_FILES:
        return _SHARED_FILES[path.name]
    if path.name.endswith((".jsonl", ".jsonl.gz", ".ndjson")):
        return "jsonl"
    if path.is_file():
        return "folder"  # a single .txt/.md/.html/.pdf file
    raise InputError(f"no such file or folder: {source}. Name a folder of documents, a JSON Lines file, "
                     "a file of the shared corpus, or the word 'shared'.", source=source)


def documents_from(sources: list[str], source_type: str = "auto", *,
                   problems: list[DocumentProblem] | None = None) -> Iterator[SourceDocument]:
    """Documents from every named source, in order; bad records go to ``problems``."""
    if source_type not in SOURCE_TYPES:
        raise InputError(f"unknown source type {source_type!r}; choose one of {', '.join(SOURCE_TYPES)}")
    places = None
    streams = []
    for source in sources or ["shared"]:
        kind = detect(source) if source_type == "auto" else source_type
        if kind in ("shared", "inciweb", "inciweb_summaries", "calfire", "statutes", "jsonl") and places is None:
            places = corpus.PlaceDirectory.from_csv()
        path = None if source == "shared" else source
        if kind == "shared":
            streams.append(corpus.shared_corpus(path, places=places, problems=problems))
        elif kind == "inciweb":
            streams.append(corpus.inciweb_updates(path, places=places, problems=problems))
        elif kind == "inciweb_summaries":
            streams.append(corpus.inciweb_summaries(path, places=places, problems=problems))
        elif kind == "calfire":
            streams.append(corpus.calfire_incidents(path, places=places, problems=problems))
        elif kind == "statutes":
            streams.append(corpus.state_statutes(path, places=places, problems=problems))
        elif kind == "jsonl":
            streams.append(files.jsonl(source, places=places, problems=problems))
        else:
            streams.append(files.folder(source, problems=problems))
    return chain.from_iterable(streams)


def versions_from(sources: list[str], source_type: str = "auto", *,
                  problems: list[DocumentProblem] | None = None) -> list[IncidentVersion]:
    """The dated InciWeb incident versions among the named sources (the shared corpus, or one of its
    InciWeb files); [] when they name none."""
    found: list[IncidentVersion] = []
    for source in sources or ["shared"]:
        kind = detect(source) if source_type == "auto" else source_type
        path = None if source == "shared" else source
        if kind == "shared":
            found += corpus.shared_incident_versions(path, problems=problems)
        elif kind == "inciweb":
            found += corpus.incident_versions(path, source="inciweb", problems=problems)
        elif kind == "inciweb_summaries":
            found += corpus.incident_versions(path or corpus.default_corpus_dir() / corpus.INCIWEB_SUMMARIES_FILE,
                                              source="inciweb_summary", problems=problems)
    return found
