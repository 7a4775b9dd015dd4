"""Fit the dependence model (georisk_graph.dependence): whether what a question asks depends on where, read from the
question with the places it names left out.

    georisk fit dependence      # writes georisk_graph/models/dependence.json and prints what it measured

The questions are every labelled question of the parts "fit" and "calibrate" (training/labels.py: the QA sets,
the place-writing set and the dependence set of questions written without a place), each with its gold
``location_dependent``. Each is read by the client, which leaves its places, incidents and unplaced names out
(:attr:`~georisk_graph.question.Reading.without_places`), and that text is embedded: a question about Spokane
County's burn ban becomes "Is there a burn ban?", which depends on where as much as the question it came from.
A logistic regression over the vector's dimensions, the shares of the kinds of answer the question asks for
(:mod:`georisk_graph.question.kinds`: "Define OHV" is answered by what the term means, wherever it is asked) and the
words and pairs of words the fit part uses at least :data:`LEAST_USES` times is fitted on the "fit" part (its L2 penalty chosen by the "calibrate" part's log-loss),
Platt-scaled on the "calibrate" part, and its threshold is, of a grid, the one nearest 0.5 of those that read the
"calibrate" part within :data:`TIE` of the best. The report part is never read here.
"""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path
from typing import Callable, Sequence

from ..client import GeoRisk
from ..dependence import FEATURES, features
from ..models import FittedModel
from .fitting import auc, fit_logistic, log_loss, platt
from .labels import PART_TEXT, Asked, asked

THRESHOLDS = tuple(round(0.05 * n, 2) for n in range(1, 20))
TIE = 0.005  # thresholds this close to the best accuracy read the calibrate part as well: the nearest 0.5 is taken
LEAST_USES = 10  # a word or pair of words weighed is used by this many of the fit part's questions at least
PENALTIES = (3.0, 10.0, 30.0, 100.0, 300.0, 1000.0)
BATCH = 64


# whether the fitting chooses the model's features (a vocabulary) rather than taking FEATURES
CHOSEN_FEATURES = True

def vectors(georisk: GeoRisk, items: Sequence[Asked]) -> list[dict[str, float]]:
    """The features of each question: the vector and the words of the question read with its places left out."""
    out: list[dict[str, float]] = []
    for start in range(0, len(items), BATCH):
        readings = georisk.read([i.text for i in items[start:start + BATCH]])
        for reading, vector in zip(readings, georisk.embed(readings)):
            assert vector.without_places is not None  # GeoRisk.embed embeds it
            out.append(features(vector.without_places, reading.without_places, reading.answer_types))
    return out


def run(georisk: GeoRisk, out: Path, *, say: Callable[[str], None] = print) -> FittedModel:
    items = asked(("fit", "calibrate"))
    rows = vectors(georisk, items)
    # the words and pairs of words the fit part's questions use often enough to be weighed
    counts = Counter(f for r, i in zip(rows, items) if i.part == "fit" for f in r if not f.startswith("v"))
    names = tuple(f for f in rows[0] if f.startswith("v")) + tuple(sorted(f for f, n in counts.items()
                                                                        if n >= LEAST_USES))
    fit = [(r, int(i.location_dependent)) for r, i in zip(rows, items) if i.part == "fit"]
    cal = [(r, int(i.location_dependent)) for r, i in zip(rows, items) if i.part == "calibrate"]
    say(f"dependence: {len(fit)} questions to fit ({sum(y for _, y in fit)} dependent), {len(cal)} to calibrate "
        f"({sum(y for _, y in cal)} dependent); sets: " + ", ".join(sorted({i.set for i in items})))

    def fitted(l2: float) -> FittedModel:
        weights, bias = fit_logistic([r for r, _ in fit], [y for _, y in fit], names=names, l2=l2)
        return FittedModel("dependence", names, weights, bias)

    losses = {}
    for l2 in PENALTIES:
        model = fitted(l2)
        losses[l2] = log_loss([model.probability(r) for r, _ in cal], [y for _, y in cal])
        say(f"  L2 {l2:g}: calibrate log-loss {losses[l2]:.4f}")
    l2 = min(losses, key=losses.__getitem__)
    model = fitted(l2)
    slope, offset = platt([model.score(r) for r, _ in cal], [y for _, y in cal])
    model = model.with_(weights={f: w * slope for f, w in model.weights.items()}, bias=model.bias * slope + offset)

    def accuracy(threshold: float, part: list[tuple[dict[str, float], int]]) -> tuple[float, float, float]:
        said = [(model.probability(r) >= threshold, y) for r, y in part]
        right = sum(s == bool(y) for s, y in said) / max(len(said), 1)
        dependent = [s for s, y in said if y]
        independent = [not s for s, y in said if not y]
        return right, sum(dependent) / max(len(dependent), 1), sum(independent) / max(len(independent), 1)

    table = [{"threshold": t, "accuracy": round(accuracy(t, cal)[0], 4), "dependent_read": round(accuracy(t, cal)[1], 4),
              "independent_read": round(accuracy(t, cal)[2], 4)} for t in THRESHOLDS]
    top = max(r["accuracy"] for r in table)
    best = min((r for r in table if r["accuracy"] >= top - TIE), key=lambda r: abs(r["threshold"] - 0.5))
    for r in table:
        say(f"  threshold {r['threshold']:.2f}: calibrate accuracy {r['accuracy']:.3f} (dependent read so "
            f"{r['dependent_read']:.3f}, independent {r['independent_read']:.3f})")
    threshold = best["threshold"]
    scores = [model.score(r) for r, _ in cal]
    final = model.with_(threshold=threshold, fitted={
        "command": "georisk fit dependence", "day": date.today().isoformat(),
        "reads": "the embedding, words and pairs of words of the question with its places, incidents and unplaced "
                 "names left out, and the shares of the kinds of answer it asks for",
        "fit": PART_TEXT["fit"] + "; Spanish, place-writing and dependence sets, part fit",
        "calibrate": PART_TEXT["calibrate"] + "; Spanish, place-writing and dependence sets, part calibrate",
        "questions": {"fit": len(fit), "calibrate": len(cal)}, "l2": l2, "platt": [round(slope, 4), round(offset, 4)],
        "calibration_auc": round(auc(scores, [y for _, y in cal]), 4),
        "accuracy": {"fit": round(accuracy(threshold, fit)[0], 4), "calibrate": best["accuracy"]},
        "thresholds": table})
    final.save(out)
    say(f"L2 {l2:g}, Platt {slope:.3f} / {offset:+.3f}, calibrate AUC {final.fitted['calibration_auc']:.3f}; threshold "
        f"{threshold}: accuracy fit {final.fitted['accuracy']['fit']:.3f}, calibrate {best['accuracy']:.3f}; wrote {out}")
    return final


__all__ = ["FEATURES", "run"]
