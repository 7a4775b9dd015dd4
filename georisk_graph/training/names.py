"""Fit the name model (georisk_graph.places.written): whether a name written otherwise than the gazetteer writes it
(another name GeoNames gives a place, a ZIP code, a name typed in lower case or in capitals) means that place.

    georisk fit names      # writes georisk_graph/models/names.json and prints what it measured

Every labelled question of the parts "fit" and "calibrate" (training/labels.py: the QA sets and the place-writing
set), the typed place questions (benchmarks/places/typed.jsonl, typed_b.jsonl: even-numbered to fit,
odd-numbered to calibrate) and the written place questions (benchmarks/places/written.jsonl: by number modulo 3), is read by the client without a name model, so its places are the ones the rules
read, as written and, for a question with a gold place, typed in lower case; every candidate the rules passed by
(:attr:`~georisk_graph.question.Reading.names_considered`) is then labelled by :func:`label` (a question without
a gold place has no candidate that is its place), but for a right reading of a place the rules read already (the
"Kern" of "Kern River Canyon" when the question names Kern County too), which teaches nothing. A logistic regression is fitted on the "fit" part, Platt-scaled on the "calibrate" part, and its
threshold is, of a grid, the one that reads the places of the most calibrate questions (as the reader reads: the
likeliest place of each span, longer spans first) while at least :data:`PRECISION` of the places it reads are right
(a place read wrongly is worse than a place not read: the one is answered for the wrong place, the other asked
about). The report part is never read here.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Callable

from ..client import GeoRisk
from ..geo import STATE_LEVELS
from ..models import FittedModel
from ..places.gazetteer import Gazetteer
from ..places.written import FEATURES, Candidate, accepted
from ..question.placing import NO_NAMES
from .fitting import auc, fit_logistic, log_loss, platt
from .labels import PART_TEXT, QA, Asked, asked

TYPED = (QA.parent / "places" / "typed.jsonl", QA.parent / "places" / "typed_b.jsonl")
# Places written as people write them (nicknames, ZIP codes, dictation, county equivalents, parks, and names that
# are no place): parts by id number modulo 3, the report part held out.
WRITTEN = QA.parent / "places" / "written.jsonl"
THRESHOLDS = tuple(round(0.05 * n, 2) for n in range(1, 20))
PRECISION = 0.95
BATCH = 64


# whether the fitting chooses the model's features (a vocabulary) rather than taking FEATURES
CHOSEN_FEATURES = False

def typed_questions() -> list[tuple[str, str, tuple[str, ...]]]:
    """(part, question, gold place ids) of the typed place questions (even-numbered to fit, odd to calibrate) and
    of the written place questions (by number modulo 3; the report part never)."""
    out = []
    for path in TYPED:
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                digits = "".join(filter(str.isdigit, str(row["id"])))
                out.append(("fit" if int(digits) % 2 == 0 else "calibrate", str(row["question"]), tuple(row["places"])))
    if WRITTEN.is_file():
        for line in WRITTEN.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                part = ("fit", "calibrate", "report")[int("".join(filter(str.isdigit, str(row["id"])))) % 3]
                if part != "report":
                    out.append((part, str(row["question"]), tuple(row["places"])))
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
    questions: list[list[tuple[Candidate, int]]] = []  # the calibrate part's questions: their labelled candidates
    for start in range(0, len(items), BATCH):
        batch = items[start:start + BATCH]
        for (part, _, gold), reading in zip(batch, rules_only.read([text for _, text, _ in batch])):
            # a name the rules read the gold place by already teaches nothing about it: its other readings are left out
            read = any(p.id == g or (p.id and g in gazetteer.ancestors(p.id)) for p in reading.places for g in gold)
            labelled = [(c, label(c, gold, gazetteer)) for c in reading.names_considered]
            labelled = [(c, y) for c, y in labelled if not (y and read)]
            rows += [(part, c.features, y) for c, y in labelled]
            if part == "calibrate" and labelled:
                questions.append(labelled)
    fit = [(v, y) for part, v, y in rows if part == "fit"]
    cal = [(v, y) for part, v, y in rows if part == "calibrate"]
    say(f"names: {len(items)} questions; {len(fit)} candidates to fit ({sum(y for _, y in fit)} places meant), "
        f"{len(cal)} to calibrate ({sum(y for _, y in cal)})")
    weights, bias = fit_logistic([v for v, _ in fit], [y for _, y in fit], names=FEATURES)
    model = FittedModel("names", FEATURES, weights, bias)
    slope, offset = platt([model.score(v) for v, _ in cal], [y for _, y in cal])
    model = model.with_(weights={f: w * slope for f, w in weights.items()}, bias=bias * slope + offset)

    def reads(threshold: float) -> tuple[float, float, int]:
        """Read as the reader reads (the likeliest place of each span, longer spans first): the share of the places
        read that are right, the share of the questions with a right candidate whose place is read, and how many
        places are read."""
        right = wrong = meant = 0
        for labelled in questions:
            scored = [replace(c, probability=model.probability(c.features)) for c, _ in labelled]
            truth = {(c.start, c.end, c.entry.id): y for c, y in labelled}
            kept = [truth[(c.start, c.end, c.entry.id)] for c in accepted(scored, threshold)]
            right += sum(kept)
            wrong += len(kept) - sum(kept)
            meant += any(y for _, y in labelled)
        taken = right + wrong
        return (right / taken if taken else 1.0), (min(right, meant) / meant if meant else 0.0), taken

    table = [{"threshold": t, "precision": round(reads(t)[0], 4), "recall": round(reads(t)[1], 4),
              "accepted": reads(t)[2]} for t in THRESHOLDS]
    sure = [r for r in table if r["precision"] >= PRECISION and r["accepted"]]
    best = max(sure, key=lambda r: (r["recall"], r["threshold"])) if sure else max(table, key=lambda r: r["precision"])
    for r in table:
        say(f"  threshold {r['threshold']:.2f}: calibrate precision {r['precision']:.3f}, recall {r['recall']:.3f} "
            f"({r['accepted']} accepted)")
    probabilities = [model.probability(v) for v, _ in cal]
    # below the threshold, a name likelier a place than not is named as a place the question gives and nothing places
    doubtful = min((r["threshold"] for r in table if r["precision"] >= 0.5 and r["threshold"] < best["threshold"]),
                   default=best["threshold"])
    final = model.with_(threshold=best["threshold"], thresholds={"unplaced": doubtful}, fitted={
        "command": "georisk fit names", "day": date.today().isoformat(),
        "fit": PART_TEXT["fit"] + "; Spanish and place-writing sets, part fit; typed place questions, even-numbered; "
               "written place questions, part fit",
        "calibrate": PART_TEXT["calibrate"] + "; Spanish and place-writing sets, part calibrate; typed place "
                     "questions, odd-numbered; written place questions, part calibrate",
        "candidates": {"fit": len(fit), "calibrate": len(cal)}, "platt": [round(slope, 4), round(offset, 4)],
        "calibration_auc": round(auc([model.score(v) for v, _ in cal], [y for _, y in cal]), 4),
        "calibration_log_loss": round(log_loss(probabilities, [y for _, y in cal]), 4),
        "threshold_rule": f"the most right candidates accepted with precision at least {PRECISION} on the calibrate part; "
                          "from the lowest threshold with precision at least 0.5 up to it, a name is unplaced",
        "thresholds": table})
    final.save(out)
    say("weights: " + ", ".join(f"{f} {final.weights[f]:+.2f}" for f in FEATURES) + f", bias {final.bias:+.2f}")
    say(f"threshold {best['threshold']}: calibrate precision {best['precision']:.3f}, recall {best['recall']:.3f}; "
        f"AUC {final.fitted['calibration_auc']:.3f}; wrote {out}")
    return final


__all__ = ["FEATURES", "Asked", "run"]
