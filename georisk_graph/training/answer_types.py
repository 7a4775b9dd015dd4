"""Fit the answer-type and yes/no models (georisk_graph.question.kinds): what kind of answer a question asks for, and
which yes/no question it is, read from its clause that asks.

    georisk fit answer-types    # writes georisk_graph/models/answer_types.json and yes_no.json, prints what it measured

The questions are the labelled answer types (benchmarks/qa/answer_types/*.jsonl, written apart from the code: each
question's kind, and for most its kind of yes/no question), parted by question number modulo 3: 0 fit, 1 calibrate,
2 report (never read here; ``georisk eval-models --part report`` reads it). Each question is read by the client (a
Spanish one in the English its translator gives) and embedded as the client embeds it. For each class, a logistic
regression of that class against the rest over the vectors' dimensions and the words and pairs of words the fit part
uses at least :data:`LEAST_USES` times is fitted on the "fit" part, the one L2 penalty of all classes chosen by the
"calibrate" part's log-loss of the shares, and each class Platt-scaled on the "calibrate" part.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..client import GeoRisk
from ..models import FittedClasses, FittedModel
from ..question.kinds import ANSWER_TYPES, NOT_YES_NO, YES_NO_CLASSES, features
from .fitting import fit_logistic, log_loss, platt
from .labels import QA

LABELLED = QA / "answer_types"
PARTS = ("fit", "calibrate", "report")
LEAST_USES = 5  # a word or pair of words weighed is used by this many of the fit part's questions at least
PENALTIES = (1.0, 3.0, 10.0, 30.0, 100.0)
BATCH = 64
Row = Mapping[str, float]


@dataclass(frozen=True)
class KindAsked:
    """A labelled question: its id, part, text, the kind of answer it asks for, its kind of yes/no question (None when
    its set does not say), and the style and language it is written in."""

    id: str
    part: str
    text: str
    kind: str
    yes_no: str | None
    style: str
    language: str


def part_of(identifier: str) -> str:
    digits = "".join(filter(str.isdigit, identifier))
    return PARTS[int(digits) % 3]


def labelled(parts: Sequence[str] = ("fit", "calibrate"), folder: Path = LABELLED) -> list[KindAsked]:
    """The labelled questions of ``parts``, from every file of ``folder``; a question whose yes/no kind is null is
    not a yes/no question, and one whose set does not say has None."""
    out: list[KindAsked] = []
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            part = part_of(str(row["id"]))
            if part in parts:
                yes_no = (row["yes_no"] or NOT_YES_NO) if "yes_no" in row else None
                out.append(KindAsked(str(row["id"]), part, str(row["question"]), str(row["type"]), yes_no,
                                     str(row.get("style", "")), str(row.get("lang", "en"))))
    return out


def read(georisk: GeoRisk, items: Sequence[KindAsked], *, say: Callable[[str], None] = print) -> list[dict[str, float]]:
    """The features of each question (:func:`georisk_graph.question.kinds.features`), read as the client reads it."""
    out: list[dict[str, float]] = []
    for start in range(0, len(items), BATCH):
        readings = georisk.reader.read([i.text for i in items[start:start + BATCH]])
        for reading, vectors in zip(readings, georisk.embed(readings)):
            out.append(features(vectors, reading.asking, reading.text))
        say(f"  read {min(start + BATCH, len(items))} of {len(items)} questions")
    return out


def fit_classes(task: str, classes: Sequence[str], fit: Sequence[tuple[Row, str]], cal: Sequence[tuple[Row, str]],
                names: Sequence[str], *, say: Callable[[str], None] = print) -> FittedClasses:
    """One logistic model per class, each against the rest, on ``fit``; the penalty chosen and each class
    Platt-scaled on ``cal``."""
    def fitted(l2: float) -> dict[str, FittedModel]:
        out = {}
        for name in classes:
            weights, bias = fit_logistic([r for r, _ in fit], [int(y == name) for _, y in fit], names=names, l2=l2)
            out[name] = FittedModel(task, tuple(names), weights, bias)
        return out

    def loss(models: Mapping[str, FittedModel]) -> float:
        model = FittedClasses(task, models)
        return log_loss([model.shares(r)[y] for r, y in cal], [1] * len(cal))

    losses: dict[float, float] = {}
    by_penalty: dict[float, dict[str, FittedModel]] = {}
    for l2 in PENALTIES:
        by_penalty[l2] = fitted(l2)
        losses[l2] = loss(by_penalty[l2])
        say(f"  {task}: L2 {l2:g}: calibrate log-loss {losses[l2]:.4f}")
    l2 = min(losses, key=losses.__getitem__)
    calibrated = {}
    for name, model in by_penalty[l2].items():
        slope, offset = platt([model.score(r) for r, _ in cal], [int(y == name) for _, y in cal])
        calibrated[name] = model.with_(weights={f: w * slope for f, w in model.weights.items()},
                                       bias=model.bias * slope + offset)
    result = FittedClasses(task, calibrated)
    return FittedClasses(task, calibrated, {"l2": l2, "accuracy": {"fit": round(accuracy(result, fit), 4),
                                                                   "calibrate": round(accuracy(result, cal), 4)}})


def accuracy(model: FittedClasses, rows: Sequence[tuple[Row, str]]) -> float:
    """The share of ``rows`` whose class is the one with the largest share."""
    return sum(next(iter(model.shares(r))) == y for r, y in rows) / max(len(rows), 1)


def run(georisk: GeoRisk, out: Path, *, say: Callable[[str], None] = print) -> tuple[FittedClasses, FittedClasses]:
    """Fit both models and write them into the folder ``out`` (answer_types.json, yes_no.json)."""
    items = labelled(("fit", "calibrate"))
    say(f"answer types: {sum(i.part == 'fit' for i in items)} questions to fit, "
        f"{sum(i.part == 'calibrate' for i in items)} to calibrate")
    rows = read(georisk, items, say=say)
    counts = Counter(f for r, i in zip(rows, items) if i.part == "fit" for f in r if not f[1:].isdigit())
    names = tuple(f for f in rows[0] if f[1:].isdigit()) + tuple(sorted(f for f, n in counts.items()
                                                                          if n >= LEAST_USES))
    out.mkdir(parents=True, exist_ok=True)
    fitted = []
    for task, classes, label in (("answer_types", ANSWER_TYPES, lambda i: i.kind),
                                 ("yes_no", YES_NO_CLASSES, lambda i: i.yes_no)):
        pairs = [(r, i) for r, i in zip(rows, items) if label(i) is not None]
        fit = [(r, label(i)) for r, i in pairs if i.part == "fit"]
        cal = [(r, label(i)) for r, i in pairs if i.part == "calibrate"]
        model = fit_classes(task, classes, fit, cal, names, say=say)
        model = FittedClasses(task, model.classes, {
            **model.fitted, "command": "georisk fit answer-types", "day": date.today().isoformat(),
            "reads": "the embeddings of the question's clause that asks and of the question without its places, the "
                     "words and pairs of words of the clause and of the question as written",
            "fit": "benchmarks/qa/answer_types, question number modulo 3 = 0",
            "calibrate": "benchmarks/qa/answer_types, question number modulo 3 = 1",
            "questions": {"fit": len(fit), "calibrate": len(cal)},
            "classes": dict(Counter(y for _, y in fit))})
        model.save(out / f"{task}.json")
        say(f"{task}: L2 {model.fitted['l2']:g}; accuracy fit {model.fitted['accuracy']['fit']:.3f}, calibrate "
            f"{model.fitted['accuracy']['calibrate']:.3f}; wrote {out / f'{task}.json'}")
        fitted.append(model)
    return fitted[0], fitted[1]
