"""Whether what a question asks depends on where: read from what it asks, not from whether a place was found.

"Is there a burn ban?" depends on where: burn bans are set by states and counties, and another state's ban is no
answer. "What is a burn ban?" does not. The dependence model (a :class:`~georisk_graph.models.FittedModel`,
``georisk fit dependence``, ``models/dependence.json``) is a logistic model over the question with the places,
incidents and unplaced names it gives left out (:attr:`~georisk_graph.question.Reading.without_places`): its
embedding, and its words and pairs of words that the labelled questions use often enough to be weighed (the
vocabulary is the fitting's, kept in the model's features), so a question is judged the same whether its place was
found, misread or never given. It was fitted on the labelled
questions' fit part (their places left out as the reader finds them, and questions written without a place),
Platt-scaled on the calibrate part, and its threshold chosen there.

A question the decision finds no place for (:func:`georisk_graph.decision.decide_question`) is abstained on and
asked for its place when its :class:`Dependence` is dependent; otherwise geography does not limit its answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from . import models
from .analysis import word_features
from .embeddings import Vector
from .exceptions import ConfigurationError
from .models import FittedModel

DIMENSION = 384  # the bundled embedder's; a model for another embedder is fitted with its own (`georisk fit dependence`)


def feature_names(dimension: int = DIMENSION) -> tuple[str, ...]:
    """The features of the dependence model: one per dimension of the question's vector."""
    return tuple(f"v{i:03d}" for i in range(dimension))


FEATURES = feature_names()


@dataclass(frozen=True)
class Dependence:
    """How likely the answer to a question depends on where (``probability``), and the model's ``threshold``:
    at or above it the question is location-dependent."""

    probability: float
    threshold: float

    @property
    def dependent(self) -> bool:
        return self.probability >= self.threshold

    def to_dict(self) -> dict[str, Any]:
        return {"location_dependent": self.dependent, "probability": round(self.probability, 3),
                "threshold": round(self.threshold, 3)}


def load(path: Path | None = None) -> FittedModel:
    """The dependence model the package ships, or the one at ``path`` (``georisk fit dependence --out``)."""
    return models.load("dependence", path)


def features(vector: Vector, text: str = "", kinds: Sequence[tuple[str, float]] = ()) -> dict[str, float]:
    """The features of a question: its vector and its words (the question with its places left out), and the share
    of each kind of answer it asks for ("k:definition": "What does IMT stand for?" is answered by what the term means,
    wherever it is asked)."""
    return {**{name: float(x) for name, x in zip(feature_names(len(vector)), vector)}, **word_features(text),
            **{f"k:{kind}": float(share) for kind, share in kinds}}


def dependence(model: FittedModel, vector: Vector, text: str = "", kinds: Sequence[tuple[str, float]] = ()) -> Dependence:
    """The :class:`Dependence` of a question from the vector and the text of what it asks, its places left out, and the
    kinds of answer it asks for (:attr:`~georisk_graph.question.Reading.answer_types`)."""
    dimensions = sum(1 for f in model.features if f[:1] == "v" and f[1:].isdigit())
    if dimensions != len(vector):
        raise ConfigurationError(f"the dependence model reads vectors of {dimensions} dimensions and the "
                                 f"embedder gives {len(vector)}: refit it with `{model.refit}`")
    return Dependence(model.probability(features(vector, text, kinds)), model.threshold)
