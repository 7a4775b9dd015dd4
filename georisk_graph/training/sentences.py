"""Fit the sentence model (georisk_graph.generation.extractive.load): which sentence of the cited
passages holds the answer.

    georisk fit sentences          # writes georisk_graph/models/sentences.json and prints what it measured

Every labelled question with a short gold answer of the parts "fit" and "calibrate" (training/labels.py)
is asked as GeoRisk asks it; the quotable sentences of the passages an answer may quote (the decided
citations and the other passages of a cited rule) get their features, and each is labelled by whether it
holds the short gold answer. A logistic regression is fitted on the "fit" part's sentences; the printed
measure is, on the "calibrate" part, the share of answered questions whose answer text holds the gold
answer, with the model shipped before and with the one fitted. The at-length set's "report" part is never
read here.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Callable

from ..client import GeoRisk
from ..evaluation.metrics import normalise
from ..generation.citing import more_of_cited
from ..generation.extractive import SENTENCE_FEATURES, candidates, choose
from ..models import FittedModel
from .fitting import fit_logistic, listwise
from .labels import PART_TEXT, labelled

FEATURES = SENTENCE_FEATURES  # what the model is fitted on


# whether the fitting chooses the model's features (a vocabulary) rather than taking FEATURES
CHOSEN_FEATURES = False

def run(georisk: GeoRisk, out: Path, *, say: Callable[[str], None] = print) -> FittedModel:
    items = [i for i in labelled(("fit", "calibrate")) if i.question.gold_answer]
    rows: list[tuple[str, int, dict[str, float], int]] = []  # (part, question, features, holds the answer)
    asked: list[tuple[str, object, list, str]] = []  # (part, reading, citations, gold answer)
    for start in range(0, len(items), 32):
        batch = items[start:start + 32]
        for item, evidence in zip(batch, georisk.evidence([i.question.question for i in batch],
                                                          as_of=batch[0].question.as_of)):
            if evidence.decision == "abstain" or not evidence.citations:
                continue
            more = more_of_cited(evidence.citations, [p.citation for p in evidence.passages()])
            citations = [*evidence.citations, *more]
            gold = normalise(item.question.gold_answer or "")
            pool, features, _, _ = candidates(evidence.reading, citations)
            rows += [(item.part, len(asked), f, int(gold in normalise(s.text))) for s, f in zip(pool, features)]
            asked.append((item.part, evidence.reading, citations, gold))
    fit_rows = [(f, y) for part, _, f, y in rows if part == "fit"]
    say(f"sentences: {len(fit_rows):,} to fit ({sum(y for _, y in fit_rows):,} hold the answer), "
        f"{sum(part == 'calibrate' for part, _, _, _ in rows):,} to calibrate")
    # the weights that put a sentence holding the answer first among its question's sentences (a
    # conditional logit over each question's candidates), started from a logistic regression's
    weights, bias = fit_logistic([f for f, _ in fit_rows], [y for _, y in fit_rows], names=SENTENCE_FEATURES)
    weights = listwise([(q, f, y) for part, q, f, y in rows if part == "fit"], weights, names=SENTENCE_FEATURES)

    def correct(model: FittedModel, part: str) -> float:
        hits = [gold in normalise(choose(reading, citations, model).text())  # type: ignore[arg-type]
                for which, reading, citations, gold in asked if which == part]
        return sum(hits) / max(len(hits), 1)

    before, fitted = georisk.models.sentences, FittedModel("sentences", SENTENCE_FEATURES, weights, bias)
    measured = {part: {"before": round(correct(before, part), 4), "fitted": round(correct(fitted, part), 4)}
                for part in ("fit", "calibrate")}
    for part, m in measured.items():
        say(f"  {part}: gold answer in the answer text {m['before']:.3f} with the model before, {m['fitted']:.3f} fitted")
    final = fitted.with_(fitted={
        "command": "georisk fit sentences", "day": date.today().isoformat(),
        "fit": "answered questions with a short gold answer: " + PART_TEXT["fit"],
        "calibrate": "answered questions with a short gold answer: " + PART_TEXT["calibrate"],
        "sentences": {"fit": len(fit_rows), "calibrate": sum(part == "calibrate" for part, _, _, _ in rows)},
        "answer_in_text": measured})
    final.save(out)
    say("weights: " + ", ".join(f"{f} {weights[f]:+.2f}" for f in SENTENCE_FEATURES) + f", bias {bias:+.2f}; wrote {out}")
    return final
