"""What a sentence of the corpus states, read by a fitted model: a definition ("'Open burning' means ..."), a rule
("No person shall burn ..."), a penalty, a power of an office, what a fire or its crews did (an event), a figure (size,
containment), a date, a location, a cause, where to learn more (contact), background, or a heading or cut-off text
that states nothing whole.

One :class:`~georisk_graph.models.FittedClasses` (``models/statement_kinds.json``, ``georisk fit statement-kinds``,
:mod:`georisk_graph.training.statement_kinds`) reads a sentence through the embedding the graph stores for it anyway
(:func:`features`). Ingestion stores each ``Sentence``'s kind, its share and the model's digest as the properties
``kind``, ``kind_share`` and ``kind_model`` (``georisk ingest`` reads again the sentences another model read), and
retrieval returns each passage's sentences with their kinds (``Citation.sentences``) for the answer to read.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Sequence

from . import models
from .exceptions import ConfigurationError
from .models import FittedClasses

STATEMENT_KINDS = ("definition", "rule", "penalty", "power", "event", "figure", "date", "location", "cause",
                   "contact", "background", "heading")


def features(vector: Sequence[float], text: str) -> dict[str, float]:
    """What the model reads of a sentence: its embedding ("e000" ...) and whether it ends as a sentence does. (Its
    words and pairs of words were tried beside them: they read the labelled sentences' calibrate part 0.82 for 0.79,
    but read plain sentences of a county's ban or fine written apart from the corpus as headings.)"""
    return {**{f"e{i:03d}": float(x) for i, x in enumerate(vector)}, "ends": ends(text)}


def ends(text: str) -> float:
    """1 for a text that ends as a sentence does (a full stop, a question or exclamation mark, a closing quote or
    bracket), else 0: a heading or a cut-off text seldom does."""
    return float(text.rstrip()[-1:] in ".!?\"'”’)")


@dataclass(frozen=True)
class Stated:
    """The kind of statement a sentence makes, and its share among the kinds (0 to 1)."""

    kind: str
    share: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "share", round(float(self.share), 3))


@dataclass(frozen=True)
class StatementReader:
    """The statement-kind model."""

    model: FittedClasses

    @classmethod
    def load(cls, path: Path | None = None) -> "StatementReader":
        """The model the package ships, or the one at ``path`` (``georisk fit statement-kinds --out-dir DIR``)."""
        model = models.load_classes("statement_kinds", path)
        if set(model.classes) != set(STATEMENT_KINDS):
            raise ConfigurationError(f"the statement-kind model reads the classes {', '.join(model.classes)}; this "
                                     f"version reads {', '.join(STATEMENT_KINDS)}: refit it with "
                                     f"`georisk fit statement-kinds`")
        return cls(model)

    @cached_property
    def version(self) -> str:
        """A short digest of the model: a sentence whose kind was read by another model is read again."""
        return hashlib.sha1(json.dumps(self.model.to_dict(), sort_keys=True).encode("utf-8")).hexdigest()[:12]

    def stated(self, texts: Sequence[str], vectors: Sequence[Sequence[float]] | Any) -> list[Stated]:
        """The kind each sentence states, from its text and embedding (in order; ``vectors`` a sequence or an array
        of rows), all in one product."""
        import numpy as np

        if len(texts) != len(vectors):
            raise ValueError(f"{len(texts)} sentences but {len(vectors)} vectors")
        if not len(texts):
            return []
        rows = np.asarray(vectors, dtype=np.float64)
        ended = np.array([[ends(t)] for t in texts])
        columns = [f"e{i:03d}" for i in range(rows.shape[1])] + ["ends"]
        return [Stated(kind, share) for kind, share in self.model.top_of_matrix(columns, np.hstack([rows, ended]))]
