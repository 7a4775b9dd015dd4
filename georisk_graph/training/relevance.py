"""Fit the relevance model (georisk_graph.relevance) and choose its threshold, on the stored corpus.

    georisk fit relevance          # writes georisk_graph/models/relevance.json and prints what it measured

1. Candidates: every labelled question (training/labels.py, parts "fit" and "calibrate") is read, and its
   candidates retrieved for its gold place (none for a question without a place) with the threshold at 0
   (GeoRisk.candidates) and ranked without a relevance model (δ, then similarity: models.unfitted), so every
   candidate comes back with its features and the refit does not depend on the model it replaces; each passage
   is labelled from the question's set (answers 1, does not 0, neither: left out). These are the system's own
   candidates: the hard negatives are the passages its geography and search bring that do not answer.
2. Fit: a logistic regression on the "fit" part's passages (training.fitting.fit_logistic).
3. Calibrate: Platt scaling on the "calibrate" part's passages, folded into the weights, so the
   probability the query computes is a calibrated one.
4. Thresholds: the "calibrate" part's questions are answered end to end (their places as read, not the gold
   ones) at each threshold of a grid, from one run of the query at threshold 0; for the questions read with a
   place and for those read without apart (whether a place limits the evidence changes how sure a passage
   must be), the threshold kept is the one with the best good-decision rate over them among those whose
   false-confidence rate on location-dependent questions is at most 0.01 (of equals, the best on the
   location-dependent questions); of the thresholds that reach it, the middle one. The
   tables are printed and kept in the model's ``fitted`` record.
The "report" parts of the at-length and new-styles sets are never read here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Callable, Sequence

from ..client import GeoRisk
from ..evaluation.coverage import THRESHOLDS, Retrieved, every_candidate, risk_coverage
from ..evaluation.records import Question
from ..evaluation.runner import GoldRelations, run_system
from ..models import FittedModel, unfitted
from ..relevance import FEATURES
from .fitting import auc, fit_logistic, log_loss, platt
from .labels import PART_TEXT, Labelled, labelled

MAX_FCR = 0.01
CANDIDATES = 300  # passages per place the query returns at threshold 0


@dataclass(frozen=True)
class Example:
    question_id: str
    part: str
    features: dict[str, float]
    label: int
    passage: str = ""  # the passage's title and text, for a design that reads them (benchmarks/relevance.py)


# whether the fitting chooses the model's features (a vocabulary) rather than taking FEATURES
CHOSEN_FEATURES = False

def gather(georisk: GeoRisk, items: Sequence[Labelled], *, say: Callable[[str], None] = print) -> list[Example]:
    """Every labelled candidate passage of ``items``, retrieved for the gold place at threshold 0."""
    examples: list[Example] = []
    started = time.monotonic()
    for n, start in enumerate(range(0, len(items), 32)):
        batch = items[start:start + 32]
        readings = georisk.read([i.question.question for i in batch])
        for item, reading, vectors in zip(batch, readings, georisk.embed(readings)):
            q = item.question
            places = [q.location_id] if q.location_dependent and q.location_id else []
            ranked = georisk.candidates(reading, vectors, k=CANDIDATES, places=places, threshold=0.0)
            seen: set[str] = set()
            for citation in (c for cs in ranked.values() for c in cs):
                if citation.chunk_id in seen:
                    continue
                seen.add(citation.chunk_id)
                label = item.label(citation.document_id, citation.title, citation.text, citation.doc_type)
                if label is not None:
                    examples.append(Example(q.id, item.part, dict(citation.features), label,
                                            f"{citation.title}\n{citation.text}"))
        if n % 5 == 0:
            say(f"  candidates: {min(start + 32, len(items))}/{len(items)} questions, {len(examples):,} labelled "
                f"passages, {time.monotonic() - started:.0f} s")
    return examples


def choose_thresholds(georisk: GeoRisk, questions: Sequence[Question], *, cache: Retrieved | None = None,
                      say: Callable[[str], None] = print) -> tuple[dict[str, float], dict[str, list[dict[str, Any]]]]:
    """The threshold kept for the questions read with a place and for those read without (see the module's
    docstring), and the table of every one tried for each; ``cache``: the questions' candidates at threshold 0
    when retrieved (or scored by another design) already."""
    relations = GoldRelations(georisk.graph)
    cache = cache if cache is not None else every_candidate(georisk, questions)
    chosen: dict[str, float] = {}
    tables: dict[str, list[dict[str, Any]]] = {}
    for group in ("placed", "unplaced"):
        asked = [q for q in questions if bool(cache[q.question][0].places) == (group == "placed")]
        say(f"  questions read {'with' if group == 'placed' else 'without'} a place: {len(asked)}")
        table = risk_coverage(georisk, asked, lambda system, batch: run_system(system, batch, relations, progress=False),
                              thresholds=THRESHOLDS, cache=cache, say=say)
        chosen[group] = plateau_middle(table)
        tables[group] = table
    return chosen, tables


def plateau_middle(table: Sequence[dict[str, Any]]) -> float:
    """Of the thresholds whose location-dependent FCR is at most MAX_FCR, those with the best good-decision rate
    (of equals, the best on the location-dependent questions); of them, the middle one, furthest from where the
    rate falls on either side."""
    allowed = [r for r in table if (r["ld_fcr"] or 0.0) <= MAX_FCR] or list(table)

    def rate(r: dict[str, Any]) -> tuple[float, float]:
        return round(r["gdr"], 3), round(r["ld_gdr"] or 0.0, 3)

    best = max(rate(r) for r in allowed)
    plateau = [r["threshold"] for r in allowed if rate(r) == best]
    return float(plateau[(len(plateau) - 1) // 2])


def run(georisk: GeoRisk, out: Path, *, say: Callable[[str], None] = print) -> FittedModel:
    items = labelled(("fit", "calibrate"))
    say(f"{len(items)} labelled questions: {sum(i.part == 'fit' for i in items)} to fit, "
        f"{sum(i.part == 'calibrate' for i in items)} to calibrate (the at-length set's report part is not read)")
    # the candidates are gathered without the model being replaced (δ, then similarity), so a refit depends on the
    # labelled questions and the graph alone, not on the model it replaces
    examples = gather(georisk.configured(relevance=unfitted("relevance", FEATURES)), items, say=say)
    fit_rows = [e for e in examples if e.part == "fit"]
    calibration = [e for e in examples if e.part == "calibrate"]
    say(f"passages: {len(fit_rows):,} to fit ({sum(e.label for e in fit_rows):,} answer), {len(calibration):,} to "
        f"calibrate ({sum(e.label for e in calibration):,} answer)")
    weights, bias = fit_logistic([e.features for e in fit_rows], [e.label for e in fit_rows], names=FEATURES)
    raw = FittedModel("relevance", FEATURES, weights, bias)
    scores = [raw.score(e.features) for e in calibration]
    labels = [e.label for e in calibration]
    slope, offset = platt(scores, labels)
    model = FittedModel("relevance", FEATURES, {f: slope * weights[f] for f in FEATURES}, slope * bias + offset)
    calibrated = [model.probability(e.features) for e in calibration]
    say(f"calibration passages: AUC {auc(scores, labels):.3f}; log-loss {log_loss([raw.probability(e.features) for e in calibration], labels):.3f} "
        f"fitted, {log_loss(calibrated, labels):.3f} after Platt scaling (slope {slope:.3f}, offset {offset:.3f})")
    georisk = georisk.configured(relevance=model)
    chosen, tables = choose_thresholds(georisk, [i.question for i in items if i.part == "calibrate"], say=say)
    fitted = {
        "command": "georisk fit relevance", "day": date.today().isoformat(),
        "fit": PART_TEXT["fit"], "calibrate": PART_TEXT["calibrate"],
        "passages": {"fit": len(fit_rows), "calibrate": len(calibration)},
        "calibration_auc": round(auc(scores, labels), 4), "platt": [round(slope, 4), round(offset, 4)],
        "threshold_rule": f"best GDR with location-dependent FCR <= {MAX_FCR} on the calibrate part (of equals, the best "
                          "location-dependent GDR), the middle of the thresholds that reach it; chosen apart for the "
                          "questions read with a place and without",
        "thresholds": tables,
    }
    final = model.with_(threshold=chosen["placed"], thresholds=chosen, fitted=fitted)
    final.save(out)
    say(f"thresholds: with a place {chosen['placed']}, without {chosen['unplaced']}; wrote {out}")
    return final
