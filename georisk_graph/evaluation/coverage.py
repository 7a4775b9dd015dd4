"""The risk-coverage curve of GeoRisk on a benchmark: as the relevance model's threshold moves, the share of
questions answered (answered or warned, not abstained on) against the false-confidence rate and the good
decision rate. Each question is retrieved once with the threshold at 0 (every candidate and its
probability); each threshold keeps the candidates above it, in the query's order, and decides again, so the
curve costs about one more run of the benchmark.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..client import GeoRisk
from ..embeddings import QuestionVectors
from ..evidence import Ranked
from ..question import Reading
from . import metrics
from .records import Question, QuestionRecord, SystemAnswer, system_answer

THRESHOLDS = tuple(round(0.05 * n, 2) for n in range(1, 20))
CANDIDATES = 300  # passages per place the query returns at threshold 0

# A question's reading, its vectors and its candidates at threshold 0, by its text.
Retrieved = dict[str, tuple[Reading, QuestionVectors, Ranked]]


class AtThreshold:
    """GeoRisk answering from candidates retrieved once at threshold 0, kept above ``threshold``: the
    same passages, order and decision as the query run with that threshold (GeoRisk.decided and worded, as
    GeoRisk.evidence and ask go)."""

    name = "georisk"
    takes_as_of = True

    def __init__(self, georisk: GeoRisk, cache: Retrieved, threshold: float) -> None:
        self.georisk = georisk
        self.cache = cache
        self.threshold = threshold

    def answer_many(self, questions: list[str], *, as_of: str | None = None) -> list[SystemAnswer]:
        georisk, k = self.georisk, self.georisk.settings.k
        out = []
        for text in questions:
            reading, vectors, every = self.cache[text]
            kept = {place: tuple(c for c in found if (c.relevance or 0.0) >= self.threshold)[:k]
                    for place, found in every.items()}
            evidence = georisk.decided(reading, kept, vectors, as_of=as_of, k=k)
            out.append(system_answer(georisk.worded(evidence)))
        return out


def every_candidate(georisk: GeoRisk, questions: Sequence[Question]) -> Retrieved:
    """Each question's reading, vectors and candidates at threshold 0, by its text."""
    cache: Retrieved = {}
    for start in range(0, len(questions), 32):
        batch = list(questions[start:start + 32])
        readings = georisk.read([q.question for q in batch])
        for q, reading, vectors in zip(batch, readings, georisk.embed(readings)):
            cache[q.question] = (reading, vectors, georisk.candidates(reading, vectors, k=CANDIDATES, threshold=0.0))
    return cache


def risk_coverage(georisk: GeoRisk, questions: Sequence[Question],
                  run: Callable[[AtThreshold, list[Question]], list[QuestionRecord]], *,
                  thresholds: Sequence[float] = THRESHOLDS, cache: Retrieved | None = None,
                  say: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """One row per threshold: the share of questions answered, GDR over all, and GDR and FCR of the
    location-dependent and location-independent questions. ``run`` asks a system the questions and records
    its answers with their gold relations (the evaluation's run_system); ``cache``: their candidates at
    threshold 0 (:func:`every_candidate`), when retrieved already."""
    cache = cache if cache is not None else every_candidate(georisk, questions)
    gold = {q.id: q for q in questions}
    table = []
    for threshold in thresholds:
        records = run(AtThreshold(georisk, cache, threshold), list(questions))
        summary = metrics.summarize(records, gold)
        dependent, independent = summary.location_dependent.rates, summary.location_independent.rates
        good = sum(r.decision == gold[r.question_id].gold_decision for r in records)
        row = {"threshold": threshold, "answered": sum(r.decision != "abstain" for r in records) / len(records),
               "gdr": good / len(records), "ld_gdr": dependent["gdr"].value, "ld_fcr": dependent["fcr"].value,
               "li_gdr": independent["gdr"].value, "li_fcr": independent["fcr"].value,
               "ld_correct": dependent["answer_correctness"].value}
        table.append(row)
        if say:
            say("  threshold {threshold:.2f}: answered {answered:.3f}; GDR {gdr:.3f}; location-dependent GDR {ld_gdr:.3f} "
                "FCR {ld_fcr:.3f}; location-independent GDR {li_gdr:.3f} FCR {li_fcr:.3f}".format(
                    **{k: (v if v is not None else float("nan")) for k, v in row.items()}))
    return table
