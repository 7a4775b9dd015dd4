"""Fit the relevance model (georisk_graph.relevance) and choose its threshold, on the stored corpus.

    georisk fit relevance          # writes georisk_graph/models/relevance.json and prints what it measured

1. Candidates: every labelled question (benchmarks/labels.py, parts "fit" and "calibrate") is read, and
   cypher/retrieve.cypher is run for its gold place (none for a question without a place) with the
   threshold at 0, so every candidate comes back with its features; each passage is labelled from the
   question's set (answers 1, does not 0, neither: left out).
2. Fit: a logistic regression on the "fit" part's passages (georisk_graph.relevance.fit_logistic).
3. Calibrate: Platt scaling on the "calibrate" part's passages, folded into the weights, so the
   probability the query computes is a calibrated one.
4. Threshold: the "calibrate" part's questions are answered end to end (their places as read, not the gold
   ones) at each threshold of a grid, from one run of the query at threshold 0: the threshold kept is the
   one with the best good-decision rate over all of them among those whose false-confidence rate on
   location-dependent questions is at most 0.01, ties to the higher threshold. The table is printed and kept in the model's
   ``fitted`` record.
The "report" part of the at-length set is never read here.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any, Callable, Sequence

from georisk_graph import GeoRisk
from georisk_graph.evaluation.records import Question
from georisk_graph.evaluation.coverage import THRESHOLDS, read_and_embed, risk_coverage
from georisk_graph.evaluation.runner import GoldRelations, run_system
from georisk_graph.relevance import FEATURES, RelevanceModel, fit_logistic, platt
from georisk_graph.retrieval import GraphRetriever

from .labels import Labelled, labelled

MAX_FCR = 0.01
CANDIDATES = 300  # passages per place the query returns at threshold 0


@dataclass(frozen=True)
class Example:
    question_id: str
    part: str
    features: dict[str, float]
    label: int


def _batches(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def gather(georisk: GeoRisk, items: Sequence[Labelled], *, say: Callable[[str], None] = print) -> list[Example]:
    """Every labelled candidate passage of ``items``, retrieved for the gold place at threshold 0."""
    retriever = georisk.retriever
    assert isinstance(retriever, GraphRetriever)
    examples: list[Example] = []
    started = time.monotonic()
    for n, batch in enumerate(_batches(items, 32)):
        for item, (reading, vector, clause) in zip(batch, read_and_embed(georisk, [i.question.question for i in batch])):
            q = item.question
            places = [q.location_id] if q.location_dependent and q.location_id else []
            ranked = retriever.ranked(retriever.parameters(reading, vector, clause_vector=clause, k=CANDIDATES,
                                                           places=places, threshold=0.0))
            seen: set[str] = set()
            for citation in (c for cs in ranked.values() for c in cs):
                if citation.chunk_id in seen:
                    continue
                seen.add(citation.chunk_id)
                label = item.label(citation.document_id, citation.title, citation.text, citation.doc_type)
                if label is not None:
                    examples.append(Example(q.id, item.part, dict(citation.features), label))
        if n % 5 == 0:
            say(f"  candidates: {min((n + 1) * 32, len(items))}/{len(items)} questions, {len(examples):,} labelled "
                f"passages, {time.monotonic() - started:.0f} s")
    return examples


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


def choose_threshold(georisk: GeoRisk, questions: Sequence[Question], *,
                     say: Callable[[str], None] = print) -> tuple[float, list[dict[str, Any]]]:
    """The threshold kept (see the module's docstring) and the table of every one tried."""
    relations = GoldRelations(georisk.graph)
    table = risk_coverage(georisk, questions, lambda system, asked: run_system(system, asked, relations, progress=False),
                          thresholds=THRESHOLDS, say=say)
    allowed = [r for r in table if (r["ld_fcr"] or 0.0) <= MAX_FCR] or table
    best = max(allowed, key=lambda r: (round(r["gdr"], 4), r["threshold"]))
    return best["threshold"], table


def run(georisk: GeoRisk, out: Path, *, say: Callable[[str], None] = print) -> RelevanceModel:
    items = labelled(("fit", "calibrate"))
    say(f"{len(items)} labelled questions: {sum(i.part == 'fit' for i in items)} to fit, "
        f"{sum(i.part == 'calibrate' for i in items)} to calibrate (the at-length set's report part is not read)")
    examples = gather(georisk, items, say=say)
    fit_rows = [e for e in examples if e.part == "fit"]
    calibration = [e for e in examples if e.part == "calibrate"]
    say(f"passages: {len(fit_rows):,} to fit ({sum(e.label for e in fit_rows):,} answer), {len(calibration):,} to "
        f"calibrate ({sum(e.label for e in calibration):,} answer)")
    weights, bias = fit_logistic([e.features for e in fit_rows], [e.label for e in fit_rows])
    raw = RelevanceModel(weights, bias, 0.5)
    scores = [raw.score(e.features) for e in calibration]
    labels = [e.label for e in calibration]
    slope, offset = platt(scores, labels)
    model = RelevanceModel({f: slope * weights[f] for f in FEATURES}, slope * bias + offset, 0.5)
    calibrated = [model.probability(e.features) for e in calibration]
    say(f"calibration passages: AUC {auc(scores, labels):.3f}; log-loss {log_loss([raw.probability(e.features) for e in calibration], labels):.3f} "
        f"fitted, {log_loss(calibrated, labels):.3f} after Platt scaling (slope {slope:.3f}, offset {offset:.3f})")
    georisk = georisk.configured(relevance=model)
    threshold, table = choose_threshold(georisk, [i.question for i in items if i.part == "calibrate"], say=say)
    fitted = {
        "command": "georisk fit relevance", "day": date.today().isoformat(),
        "fit": "public set; fresh and second sets, even-numbered questions; at-length set, part fit",
        "calibrate": "fresh and second sets, odd-numbered questions; at-length set, part calibrate",
        "passages": {"fit": len(fit_rows), "calibrate": len(calibration)},
        "calibration_auc": round(auc(scores, labels), 4), "platt": [round(slope, 4), round(offset, 4)],
        "threshold_rule": f"best GDR with location-dependent FCR <= {MAX_FCR} on the calibrate part",
        "thresholds": table,
    }
    final = replace(model, threshold=threshold, fitted=fitted)
    final.save(out)
    say(f"threshold {threshold}; wrote {out}")
    return final
