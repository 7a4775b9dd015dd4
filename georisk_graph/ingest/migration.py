"""Stored document ids of the scheme before ids were namespaced by source, renamed in place.

Before, a statute kept its corpus ``doc_id`` (``stat-AL-0``), a JSON Lines record its own id, and a
user's file ``file:<path relative to the folder ingested>``; now every id is ``<source>:<key>``
(:func:`~georisk_graph.documents.document_id`). :func:`migrate_document_ids` renames the
Documents, their Chunks' ids (``<document id>#<index>``) and ``Chunk.document_id``; text, vectors,
places and links stay as they are, so nothing is re-embedded. An old file id cannot tell which folder
it was relative to: with ``files_root`` it is re-keyed to ``file:<files_root/path, resolved>`` when that
file exists, otherwise it keeps its id and is reported. Running it again renames nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..graph import Graph
from ..documents import document_id, file_document_id

# The sources whose ids changed; InciWeb and CAL FIRE ids were namespaced from the start.
RENAMED_SOURCES = ("statute", "jsonl", "file")
# Renames per transaction: a statute has a handful of chunks, so a few thousand chunks at a time.
RENAMES_PER_TRANSACTION = 500


@dataclass
class MigrationReport:
    """What a migration renamed, and what it left with its old id and why."""

    renamed: list[tuple[str, str, int]] = field(default_factory=list)  # (old id, new id, chunks re-keyed)
    left: list[tuple[str, str]] = field(default_factory=list)  # (id, why it keeps it)

    @property
    def changed(self) -> bool:
        return bool(self.renamed)

    @property
    def chunks(self) -> int:
        return sum(chunks for _, _, chunks in self.renamed)

    def to_dict(self) -> dict[str, object]:
        return {"renamed": [{"old": o, "new": n, "chunks": c} for o, n, c in self.renamed],
                "left": [{"document": d, "reason": r} for d, r in self.left]}

    def describe(self) -> str:
        lines = [f"renamed {old} -> {new} ({chunks} chunks)" for old, new, chunks in self.renamed]
        lines += [f"left {doc}: {reason}" for doc, reason in self.left]
        if self.renamed:
            lines.append(f"{len(self.renamed):,} documents and {self.chunks:,} chunks renamed to the new ids.")
        elif not self.left:
            lines.append("nothing to rename: every document id already follows the current scheme.")
        else:
            lines.append("nothing renamed this time.")
        if self.left:
            lines.append(f"{len(self.left):,} documents keep their old ids (see above).")
        return "\n".join(lines)


def new_document_id(old_id: str, source: str, files_root: Path | None = None) -> tuple[str | None, str | None]:
    """``(new id, None)`` for an id of the old scheme, ``(None, why)`` for one that cannot be renamed,
    and ``(None, None)`` for an id that already follows the current scheme."""
    if source == "file":
        relative = old_id.removeprefix("file:")
        if PurePosixPath(relative).is_absolute():
            return None, None
        if files_root is None:
            return None, ("an old file id relative to the folder it was ingested from, which the graph does "
                          "not know: run again with --files-root DIR (that folder) to re-key it")
        path = Path(files_root) / relative
        if not path.is_file():
            return None, (f"{relative} is not under {files_root}; give the folder it was ingested from as "
                          "--files-root")
        return file_document_id(path), None
    if old_id.startswith(f"{source}:"):
        return None, None
    return document_id(source, old_id), None


def migrate_document_ids(graph: Graph, *, files_root: str | Path | None = None) -> MigrationReport:
    """Rename the stored ids of the old scheme to the current one (see the module's docstring)."""
    root = Path(files_root).resolve() if files_root is not None else None
    report = MigrationReport()
    renames: list[dict[str, str]] = []
    for row in graph.run("migrate_document_ids_pending", sources=list(RENAMED_SOURCES)):
        new, why = new_document_id(row["id"], row["source"], root)
        if new is not None:
            renames.append({"old": row["id"], "new": new})
        elif why is not None:
            report.left.append((row["id"], why))
    for start in range(0, len(renames), RENAMES_PER_TRANSACTION):
        batch = renames[start:start + RENAMES_PER_TRANSACTION]
        done = {r["old"]: r for r in graph.run("migrate_document_ids", renames=batch)}
        for rename in batch:
            stored = done.get(rename["old"])
            if stored is None:
                report.left.append((rename["old"], f"its new id {rename['new']} is already taken by another "
                                                   "document; remove one of the two and run again"))
            else:
                report.renamed.append((rename["old"], rename["new"], int(stored["chunks"])))
    return report


__all__ = ["MigrationReport", "migrate_document_ids", "new_document_id"]
