"""Fit the statement-kind model (georisk_graph.statements): what kind of statement a sentence of the corpus makes.

    georisk fit statement-kinds    # writes georisk_graph/models/statement_kinds.json, prints what it measured

The sentences are the labelled statement kinds (benchmarks/qa/statement_kinds.jsonl, labelled apart from the code).
A row names its document in the shared corpus and the SHA-1 of the sentence's text, not the text: the text is found
again by cutting the document's first 4,000 characters into sentences as the labels were cut
(:func:`georisk_graph.generation.sentences.passage_sentences`). Parts by the row's number modulo 3: 0 fit, 1
calibrate, 2 report (read only by ``georisk eval-models --part report``). One logistic regression per kind, against
the rest, over the sentence's embedding and whether it ends as a sentence does
(:func:`georisk_graph.statements.features`); the penalty chosen and each kind Platt-scaled on the calibrate part.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..exceptions import ConfigurationError
from ..generation.sentences import passage_sentences
from ..models import FittedClasses
from ..statements import STATEMENT_KINDS, features
from .answer_types import fit_classes, part_of
from .labels import QA

LABELLED = QA / "statement_kinds.jsonl"
CUT = 4000  # characters of a document cut into sentences when the labels were drawn


@dataclass(frozen=True)
class Statement:
    """A labelled sentence: its id, part, text and the kind of statement it makes."""

    id: str
    part: str
    text: str
    kind: str


def by_key(documents: Iterable[Any]) -> dict[str, Any]:
    """The shared corpus's documents and InciWeb versions (``georisk_graph.loaders.sources.documents_from`` and
    ``versions_from`` of "shared") by every key a label may name them by: the id in its file, the record id, the
    address."""
    found: dict[str, Any] = {}
    for doc in documents:
        metadata = getattr(doc, "metadata", None) or {}
        for key in (doc.id.split(":", 1)[-1], getattr(doc, "record_id", None) or metadata.get("record_id"), doc.url):
            if key:
                found.setdefault(str(key), doc)
    return found


def labelled(documents: Iterable[Any], parts: Sequence[str] = ("fit", "calibrate"), path: Path = LABELLED, *,
             say: Callable[[str], None] = print) -> list[Statement]:
    """The labelled sentences of ``parts`` whose text ``documents`` (the shared corpus's documents and versions, as
    the loaders read them) still hold; those they do not are counted and said."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if part_of(str(r["id"])) in parts]
    if not rows:
        raise ConfigurationError(f"{path} holds no labelled sentence of the parts {', '.join(parts)}")
    documents = by_key(documents)
    texts: dict[str, dict[str, str]] = {}
    out, lost = [], 0
    for row in rows:
        doc = documents.get(str(row["doc"]))
        if doc is None:
            lost += 1
            continue
        if row["doc"] not in texts:
            texts[row["doc"]] = {hashlib.sha1(s.text.encode("utf-8")).hexdigest(): s.text
                                 for title in (doc.title or "", "")
                                 for s in passage_sentences(1, doc.text[:CUT], title)}
        text = texts[row["doc"]].get(row["sha1"])
        if text is None:
            lost += 1
            continue
        out.append(Statement(str(row["id"]), part_of(str(row["id"])), text, str(row["kind"])))
    if lost:
        say(f"statement kinds: {lost} of {len(rows)} labelled sentences are no longer in the shared corpus as "
            f"labelled; left out")
    return out


def read(embedder: Any, items: Sequence[Statement]) -> list[dict[str, float]]:
    """The features of each labelled sentence (:func:`georisk_graph.statements.features`)."""
    vectors = embedder.embed([i.text for i in items])
    return [features(v, i.text) for v, i in zip(vectors, items)]


def run(embedder: Any, documents: Iterable[Any], out: Path, *, say: Callable[[str], None] = print) -> FittedClasses:
    """Fit the model on the labelled sentences found in ``documents`` (see :func:`labelled`) and write it into the
    folder ``out`` (statement_kinds.json)."""
    items = labelled(documents, ("fit", "calibrate"), say=say)
    say(f"statement kinds: {sum(i.part == 'fit' for i in items)} sentences to fit, "
        f"{sum(i.part == 'calibrate' for i in items)} to calibrate")
    rows = read(embedder, items)
    names = tuple(rows[0])
    fit = [(r, i.kind) for r, i in zip(rows, items) if i.part == "fit"]
    cal = [(r, i.kind) for r, i in zip(rows, items) if i.part == "calibrate"]
    model = fit_classes("statement_kinds", STATEMENT_KINDS, fit, cal, names, say=say)
    model = FittedClasses("statement_kinds", model.classes, {
        **model.fitted, "command": "georisk fit statement-kinds", "day": date.today().isoformat(),
        "reads": "the sentence's embedding and whether it ends as a sentence does",
        "fit": "benchmarks/qa/statement_kinds.jsonl, row number modulo 3 = 0",
        "calibrate": "benchmarks/qa/statement_kinds.jsonl, row number modulo 3 = 1",
        "sentences": {"fit": len(fit), "calibrate": len(cal)}, "classes": dict(Counter(y for _, y in fit))})
    out.mkdir(parents=True, exist_ok=True)
    model.save(out / "statement_kinds.json")
    say(f"statement kinds: L2 {model.fitted['l2']:g}; accuracy fit {model.fitted['accuracy']['fit']:.3f}, "
        f"calibrate {model.fitted['accuracy']['calibrate']:.3f}; wrote {out / 'statement_kinds.json'}")
    return model


def measure(model: FittedClasses, embedder: Any, documents: Iterable[Any], part: str = "report", *,
            say: Callable[[str], None] = print) -> dict[str, Any]:
    """The share of the labelled sentences of ``part`` whose kind the model gives first, overall and by kind."""
    items = labelled(documents, (part,), say=say)
    rows = read(embedder, items)
    hits = [next(iter(model.shares(r))) == i.kind for r, i in zip(rows, items)]
    by_kind = {kind: [h for h, i in zip(hits, items) if i.kind == kind] for kind in STATEMENT_KINDS}
    return {"part": part, "sentences": len(items), "accuracy": round(sum(hits) / max(len(hits), 1), 4),
            "by_kind": {k: {"n": len(v), "accuracy": round(sum(v) / len(v), 3)} for k, v in by_kind.items() if v}}
