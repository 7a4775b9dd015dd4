"""Fit the name model (georisk_graph.places.written): whether a name written otherwise than the gazetteer writes it
(another name GeoNames gives a place, a ZIP code, a name typed in lower case or in capitals) means that place.

    georisk fit names      # writes georisk_graph/models/names.json and prints what it measured

Every labelled question of the parts "fit" and "calibrate" (training/labels.py: the QA sets and the place-writing
set), and the typed place questions (benchmarks/places/typed.jsonl, typed_b.jsonl: even-numbered to fit,
odd-numbered to calibrate), is read by the client without a name model, so its places are the ones the rules
read, as written and, for a question with a gold place, typed in lower case; every candidate the rules passed by
(:attr:`~georisk_graph.question.Reading.names_considered`) is then labelled by :func:`label` (a question without
a gold place has no candidate that is its place), but for a right reading of a place the rules read already (the
"Kern" of "Kern River Canyon" when the question names Kern County too), which teaches nothing. A logistic regression is fitted on the "fit" part, Platt-scaled on the "calibrate" part, and its
threshold is, of a grid, the one that accepts the most of the calibrate part's right candidates while at least
:data:`PRECISION` of those it accepts are right (a place read wrongly is worse than a place not read: the one is
answered for the wrong place, the other asked about). The report part is never read here.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Callable

from ..client import GeoRisk
from ..geo import STATE_LEVELS
from ..models import FittedModel
from ..places.gazetteer import Gazetteer
from ..places.written import FEATURES, Candidate
from ..question.placing import NO_NAMES
from .fitting import auc, fit_logistic, log_loss, platt
from .labels import PART_TEXT, QA, Asked, asked

TYPED = (QA.parent / "places" / "typed.jsonl", QA.parent / "places" / "typed_b.jsonl")
THRESHOLDS = tuple(round(0.05 * n, 2) for n in range(1, 20))
PRECISION = 0.95
BATCH = 64


def typed_questions() -> list[tuple[str, str, tuple[str, ...]]]:
    """(part, question, gold place ids) of the typed place questions: even-numbered to fit, odd to calibrate."""
    out = []
    for path in TYPED:
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                digits = "".join(filter(str.isdigit, str(row["id"])))
                out.append(("fit" if int(digits) % 2 == 0 else "calibrate", str(row["question"]), tuple(row["places"])))
    return out


def label(candidate: Candidate, gold: tuple[str, ...], gazetteer: Gazetteer) -> int:
    """1 when the candidate's place is a gold place, lies inside one that is no state (a ZIP's town in the county
    asked about), or is the county holding one (a ZIP's county for the town asked about); a place inside a state
    asked about is no reading of the state ("the state fire marshal" is no Marshall, Texas)."""
    place = candidate.entry
    for g in gold:
        entry = gazetteer.get(g)
        if place.id == g or (g in gazetteer.ancestors(place.id) and entry is not None
                             and entry.level not in STATE_LEVELS and entry.level != "country"):
            return 1
        if place.id in gazetteer.ancestors(g) and place.level not in STATE_LEVELS and place.level != "country":
            return 1
    return 0


def run(georisk: GeoRisk, out: Path, *, say: Callable[[str], None] = print) -> FittedModel:
    items: list[tuple[str, str, tuple[str, ...]]] = [
        (i.part, i.text, (i.location_id,) if i.location_id else ()) for i in asked(("fit", "calibrate"))
        if i.set != "dependence"] + typed_questions()
    # each question as written and typed in lower case, as people type it: the names the rules pass by in lower case
    # are the name model's too
    items += [(part, text.lower(), gold) for part, text, gold in items if gold and text.lower() != text]
    rules_only = georisk.configured(names=NO_NAMES)
    gazetteer = rules_only.reader.gazetteer
    rows: list[tuple[str, dict[str, float], int]] = []
    for start in range(0, len(items), BATCH):
        batch = items[start:start + BATCH]
        for (part, _, gold), reading in zip(batch, rules_only.read([text for _, text, _ in batch])):
            # a name the rules read the gold place by already teaches nothing about it: its other readings are left out
            read = any(p.id == g or (p.id and g in gazetteer.ancestors(p.id)) for p in reading.places for g in gold)
            for candidate in reading.names_considered:
                right = label(candidate, gold, gazetteer)
                if not (right and read):
                    rows.append((part, candidate.features, right))
    fit = [(v, y) for part, v, y in rows if part == "fit"]
    cal = [(v, y) for part, v, y in rows if part == "calibrate"]
    say(f"names: {len(items)} questions; {len(fit)} candidates to fit ({sum(y for _, y in fit)} places meant), "
        f"{len(cal)} to calibrate ({sum(y for _, y in cal)})")
    weights, bias = fit_logistic([v for v, _ in fit], [y for _, y in fit], names=FEATURES)
    model = FittedModel("names", FEATURES, weights, bias)
    slope, offset = platt([model.score(v) for v, _ in cal], [y for _, y in cal])
    model = model.with_(weights={f: w * slope for f, w in weights.items()}, bias=bias * slope + offset)

    def reads(threshold: float, part: list[tuple[dict[str, float], int]]) -> tuple[float, float, int]:
        taken = [y for v, y in part if model.probability(v) >= threshold]
        meant = sum(y for _, y in part)
        return (sum(taken) / len(taken) if taken else 1.0), (sum(taken) / meant if meant else 0.0), len(taken)

    table = [{"threshold": t, "precision": round(reads(t, cal)[0], 4), "recall": round(reads(t, cal)[1], 4),
              "accepted": reads(t, cal)[2]} for t in THRESHOLDS]
    sure = [r for r in table if r["precision"] >= PRECISION and r["accepted"]]
    best = max(sure, key=lambda r: (r["recall"], r["threshold"])) if sure else max(table, key=lambda r: r["precision"])
    for r in table:
        say(f"  threshold {r['threshold']:.2f}: calibrate precision {r['precision']:.3f}, recall {r['recall']:.3f} "
            f"({r['accepted']} accepted)")
    probabilities = [model.probability(v) for v, _ in cal]
    final = model.with_(threshold=best["threshold"], fitted={
        "command": "georisk fit names", "day": date.today().isoformat(),
        "fit": PART_TEXT["fit"] + "; Spanish and place-writing sets, part fit; typed place questions, even-numbered",
        "calibrate": PART_TEXT["calibrate"] + "; Spanish and place-writing sets, part calibrate; typed place "
                     "questions, odd-numbered",
        "candidates": {"fit": len(fit), "calibrate": len(cal)}, "platt": [round(slope, 4), round(offset, 4)],
        "calibration_auc": round(auc([model.score(v) for v, _ in cal], [y for _, y in cal]), 4),
        "calibration_log_loss": round(log_loss(probabilities, [y for _, y in cal]), 4),
        "threshold_rule": f"the most right candidates accepted with precision at least {PRECISION} on the calibrate part",
        "thresholds": table})
    final.save(out)
    say("weights: " + ", ".join(f"{f} {final.weights[f]:+.2f}" for f in FEATURES) + f", bias {final.bias:+.2f}")
    say(f"threshold {best['threshold']}: calibrate precision {best['precision']:.3f}, recall {best['recall']:.3f}; "
        f"AUC {final.fitted['calibration_auc']:.3f}; wrote {out}")
    return final


__all__ = ["FEATURES", "Asked", "run"]
