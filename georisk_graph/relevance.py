"""Whether a passage answers a question: one fitted, calibrated model.

Every candidate passage of a question gets the features of :data:`FEATURES`, computed in the graph by
``cypher/retrieve.cypher`` from what the system has (the passage's and its best sentence's similarity to
the question and to the clause that asks, the question's words held and how the full-text index ranks the
passage for them, in the place's scope and over the whole corpus, the words in its title, whether it holds
the kind of answer asked for, its kind of document against what is asked, the things and incidents named).
A logistic model turns them into the probability that the passage answers (:class:`RelevanceModel`); a
passage is evidence when that probability clears one threshold, chosen on questions apart from those the
model was fitted on (``georisk fit relevance``; the model, its threshold and how they were chosen are
``georisk_graph/models/relevance.json``). A passage is judged on its own: a stronger passage of another
jurisdiction never drops the place's own.

The query computes the probability itself from the model's weights (:meth:`RelevanceModel.parameters`);
:meth:`RelevanceModel.probability` is the same computation in Python, used to fit and to check the query.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from . import models
from .exceptions import ConfigurationError

# The features, in the order the model's weights follow; cypher/retrieve.cypher returns each passage's
# values under these names.
FEATURES = (
    "cosine",  # the passage's similarity to the question as read (-1..1)
    "clause_cosine",  # ... to the clause that asks, without the story around it
    "sentence_cosine",  # the passage's best sentence's similarity to the clause that asks
    "lexical",  # the corpus-weighted share of the question's topic terms the passage holds (0..1)
    "title",  # the corpus-weighted share of the topic terms its document's title holds (0..1)
    "bm25_scope",  # the full-text score for the question's words among the passages of the question place's
    #                state, county and place, as a share of the best (0..1; 0 when not found)
    "bm25_all",  # the same over the whole corpus (0..1)
    "formed",  # holds the kind of answer asked for in a form that settles it (1) or not (0)
    "kind",  # the question asks for one kind of document, which this is (1: the other kind is no candidate), or
    #          for either (0)
    "aspect",  # the question asks something of an incident (1: a passage speaking of none of it is no candidate)
    "named",  # names the thing or the incident the question names (1) or not (0)
    "tied",  # geography ties it to a question place (a rule of a jurisdiction holding the place, a report of
    #          its county, a passage about the place or a place inside it) (1) or not (0)
    "tied_lexical",  # tied times lexical: the place's own passage holding the question's words
)

MODEL_FILE = "relevance.json"


@dataclass(frozen=True)
class RelevanceModel:
    """Logistic regression over :data:`FEATURES`: P(answers) = 1 / (1 + exp(-(bias + Σ weight · feature))),
    the weights of the standardised features folded back into the raw ones. ``threshold`` is the least
    probability a passage needs to count as evidence. ``fitted`` says on what and how it was fitted."""

    weights: Mapping[str, float]
    bias: float
    threshold: float
    fitted: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        missing = [f for f in FEATURES if f not in self.weights]
        if missing:
            raise ConfigurationError(f"the relevance model has no weight for {', '.join(missing)}: refit it with "
                                     "`georisk fit relevance`")
        if not 0.0 <= self.threshold <= 1.0:
            raise ConfigurationError(f"the relevance threshold must lie within 0..1, not {self.threshold}")

    def score(self, features: Mapping[str, float]) -> float:
        """The model's log-odds that a passage with ``features`` answers."""
        return self.bias + sum(self.weights[f] * float(features.get(f) or 0.0) for f in FEATURES)

    def probability(self, features: Mapping[str, float]) -> float:
        z = self.score(features)
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def contributions(self, features: Mapping[str, float]) -> dict[str, float]:
        """What each feature adds to the log-odds, largest first: why a passage was judged as it was."""
        parts = {f: round(self.weights[f] * float(features.get(f) or 0.0), 3) for f in FEATURES}
        return dict(sorted(parts.items(), key=lambda kv: -abs(kv[1])))

    def parameters(self, threshold: float | None = None) -> dict[str, Any]:
        """The model as the ``relevance`` parameter of ``cypher/retrieve.cypher``: its bias, its weights by
        feature name and the threshold (``threshold`` instead of the model's own, e.g. 0 to see every
        candidate)."""
        return {"bias": float(self.bias), "weights": {f: float(self.weights[f]) for f in FEATURES},
                "threshold": float(self.threshold if threshold is None else threshold)}

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), indent=2, sort_keys=False) + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "RelevanceModel":
        return cls(dict(data["weights"]), float(data["bias"]), float(data["threshold"]), dict(data.get("fitted") or {}))

    @classmethod
    def load(cls, path: Path | None = None) -> "RelevanceModel":
        """The model shipped in the package (``georisk_graph/models/relevance.json``), or the one at ``path``."""
        return cls.from_dict(models.read(MODEL_FILE, path, what="relevance model", refit="georisk fit relevance"))


def fit_logistic(rows: Sequence[Mapping[str, float]], labels: Sequence[int], *, names: Sequence[str] = FEATURES,
                 l2: float = 1.0, iterations: int = 50) -> tuple[dict[str, float], float]:
    """Weights and bias of an L2-regularised logistic regression of ``labels`` on the features ``names`` of
    ``rows``, by Newton's method on the standardised features (the penalty is on the standardised
    weights, so every feature is held alike whatever its scale), returned for the raw features."""
    import numpy as np

    x = np.array([[float(r.get(n) or 0.0) for n in names] for r in rows], dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    if len(set(y.tolist())) < 2:
        raise ConfigurationError("a model needs examples of both outcomes to be fitted")
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], l2)
    penalty[0] = 0.0  # the bias is not held back
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -35, 35)))
        gradient = z.T @ (p - y) + penalty * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    raw = w[1:] / scale
    bias = float(w[0] - (raw * mean).sum())
    return {n: float(v) for n, v in zip(names, raw)}, bias


def platt(scores: Sequence[float], labels: Sequence[int]) -> tuple[float, float]:
    """(slope, offset) mapping a model's log-odds ``scores`` to calibrated ones, fitted on questions apart
    from those the model was fitted on (Platt scaling: a one-feature logistic regression)."""
    weights, bias = fit_logistic([{"score": s} for s in scores], labels, names=("score",), l2=1e-6)
    return weights["score"], bias
