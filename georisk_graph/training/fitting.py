"""How the shipped models are fitted: an L2-regularised logistic regression (Newton's method), Platt scaling
on questions apart, a listwise objective for a model that ranks within a question, and the measures the
fitting commands print (AUC, log-loss)."""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from ..exceptions import ConfigurationError


def fit_logistic(rows: Sequence[Mapping[str, float]], labels: Sequence[int], *, names: Sequence[str],
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


def auc(scores: Sequence[float], labels: Sequence[int]) -> float:
    """The area under the ROC curve: the chance a passage that answers scores above one that does not."""
    pairs = sorted(zip(scores, labels))
    positives = sum(labels)
    negatives = len(labels) - positives
    if not positives or not negatives:
        return float("nan")
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        rank_sum += (i + j + 1) / 2 * sum(label for _, label in pairs[i:j])
        i = j
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def log_loss(probabilities: Sequence[float], labels: Sequence[int]) -> float:
    eps = 1e-9
    return -sum(math.log(max(p, eps)) if y else math.log(max(1 - p, eps))
                for p, y in zip(probabilities, labels)) / max(len(labels), 1)


def listwise(rows: Sequence[tuple[int, Mapping[str, float], int]], start: Mapping[str, float], *,
             names: Sequence[str], l2: float = 1.0) -> dict[str, float]:
    """Weights of the features ``names`` maximising, over the groups (a question's candidates) with a row that
    is right, the log of the share of exp(score) its right rows take among all its rows, less an L2 penalty:
    the listwise objective of putting a right row first (the bias cancels within a group). ``rows`` are
    (group, features, right); the search starts from ``start``."""
    import numpy as np
    from scipy.optimize import minimize

    groups: dict[int, list[tuple[list[float], int]]] = {}
    for q, f, y in rows:
        groups.setdefault(q, []).append(([float(f.get(n, 0.0)) for n in names], y))
    lists = [(np.array([x for x, _ in g]), np.array([y for _, y in g], dtype=bool)) for g in groups.values()
             if any(y for _, y in g) and not all(y for _, y in g)]
    scale = np.vstack([x for x, _ in lists]).std(axis=0)
    scale[scale == 0] = 1.0

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        total, grad = l2 * float(w @ w) / 2, l2 * w
        for x, y in lists:
            z = (x / scale) @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            total -= float(np.log(p[y].sum()))
            q = np.where(y, p, 0.0) / p[y].sum()
            grad = grad + (x / scale).T @ (p - q)
        return total, grad

    w0 = np.array([start[n] * s for n, s in zip(names, scale)])
    w = minimize(loss, w0, jac=True, method="L-BFGS-B").x / scale
    return {n: float(v) for n, v in zip(names, w)}
