"""Run systems over a benchmark on one graph and score them.

    with GeoRisk.connect() as georisk:
        evaluation = evaluate(georisk, load_questions(path), ["georisk", "standard"])
    print(format_table(evaluation))
    write_outputs(evaluation, Path("eval-out"))

Every system answers the same questions on the same graph and sees only the question text. The
runner then looks at the gold: each passage a system used gets its relation to the GOLD location
from the containment DAG (:func:`georisk_graph.delta.delta_many`), and the metrics of
:mod:`georisk_graph.evaluation.metrics` are computed per system.
"""

from __future__ import annotations

import json
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Callable, Sequence


from ..client import GeoRisk
from ..decision import Freshness
from ..evidence import ABSTAIN, Citation
from ..delta import delta_many
from ..exceptions import ConfigurationError, InputError
from ..graph import Graph
from ..optional import installed
from . import metrics
from .coverage import risk_coverage
from .baselines import (GranularityMatch, KeywordMatch, RerankRAG, StandardRAG, System, load_cross_encoder,
                        open_vector_search)
from .records import Question, QuestionRecord, SystemAnswer, UsedPassage, system_answer, write_records
from .results import HEURISTIC, Evaluation, SystemRun
from ..progress import Progress

SYSTEMS = ("georisk", "standard", "rerank", "granularity", "keyword")
RELATION_ORDER = {"exact": 0, "broader": 1, "narrower": 1, "different": 2, "unrelated": 3}

Judge = Callable[[str, str, Sequence[str]], float]


class GeoRiskSystem:
    """GeoRisk itself, through :meth:`GeoRisk.ask_many`."""

    name = "georisk"

    def __init__(self, georisk: GeoRisk) -> None:
        self.georisk = georisk

    takes_as_of = True  # asked as of the question's day (the benchmark's ``as_of``)

    def answer_many(self, questions: list[str], *, as_of: str | None = None) -> list[SystemAnswer]:
        return [system_answer(a) for a in self.georisk.ask_many(questions, as_of=as_of)]


class GoldRelations:
    """The relation of passages to a question's gold location, from the DAG; δ is cached per place pair.

    A passage's places are read from the graph (its document's scope and every place its text
    mentions, cypher/chunk_passages.cypher), not taken from the system, so every system's passages
    are judged alike. A passage takes its best place: exact first, then broader or narrower, then
    different, then unrelated, smaller δ first within a class (as the benchmark's labels do). A
    passage with no place gets "no_place"; a question without a location gets None.
    """

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._cache: dict[tuple[str, str], tuple[str, float]] = {}

    def check(self, questions: Sequence[Question]) -> None:
        """Raise :class:`InputError` when a gold location is not a place of the graph."""
        ids = sorted({q.location_id for q in questions if q.location_id})
        missing = self.graph.run("places_missing", ids=ids)[0]["missing"] if ids else []
        if missing:
            raise InputError(f"gold location(s) not in the graph: {', '.join(missing[:10])}; load the geography "
                             "the benchmark was built on")

    def passages(self, question: Question, citations: Sequence[Citation]) -> tuple[UsedPassage, ...]:
        if not citations:
            return ()
        rows = self.graph.run("chunk_passages", chunk_ids=list(dict.fromkeys(c.chunk_id for c in citations)))
        places = {row["chunk_id"]: [p["id"] for p in row["places"]] for row in rows}
        stored = {row["chunk_id"]: row for row in rows}
        gold = question.location_id if question.location_dependent else None
        if gold is not None:
            targets = sorted({p for ids in places.values() for p in ids if (gold, p) not in self._cache})
            if targets:
                for d in delta_many(self.graph, gold, targets):
                    self._cache[(gold, d.target)] = (d.relation, d.delta)
        out = []
        for c in citations:
            ids = places.get(c.chunk_id, [])
            relation: str | None = None
            delta: float | None = None
            if gold is not None:
                relation, delta = "no_place", None
                scored = [self._cache[(gold, p)] for p in ids]
                if scored:
                    relation, delta = min(scored, key=lambda rd: (RELATION_ORDER.get(rd[0], 9), rd[1]))
            row = stored.get(c.chunk_id, {})
            # the dates stored with the passage, as every system's passage is judged alike
            out.append(UsedPassage(chunk_id=c.chunk_id, document_id=c.document_id, title=c.title, text=c.text,
                                   score=c.cosine, place_ids=tuple(ids), relation=relation, delta=delta,
                                   doc_type=row.get("doc_type"), published=_day(row.get("published")),
                                   valid_from=_day(row.get("valid_from")), valid_to=_day(row.get("valid_to"))))
        return tuple(out)


def _day(value: Any) -> str | None:
    return None if value in (None, "") else str(value)[:10]


def parse_systems(text: str) -> list[str]:
    """``"georisk,standard"`` -> ["georisk", "standard"]; raises ConfigurationError for an unknown name."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in SYSTEMS]
    if unknown or not names:
        raise ConfigurationError(f"unknown system(s) {', '.join(unknown) or '(none given)'}; "
                                 f"choose from {', '.join(SYSTEMS)}")
    return list(dict.fromkeys(names))


def build_systems(georisk: GeoRisk, names: Sequence[str], *, cross_encoder: str | Path | None = None,
                  scorer: Any = None) -> tuple[dict[str, System], dict[str, str], Callable[[], None]]:
    """The systems asked for on a connected GeoRisk, the ones that cannot run (name -> why), and a
    function that closes what was opened. ``scorer`` stands in for a cross-encoder loaded from
    ``cross_encoder`` (anything with ``predict(pairs)``)."""
    from ..generation import ExtractiveGenerator

    s = georisk.settings
    systems: dict[str, System] = {}
    not_run: dict[str, str] = {}
    closers: list[Callable[[], None]] = []
    search = None
    if any(n != "georisk" for n in names):
        search = open_vector_search(georisk.graph, georisk.embedder)
        closers.append(search.close)
    generator = ExtractiveGenerator(georisk.models.sentences)
    for name in names:
        if name == "georisk":
            systems[name] = GeoRiskSystem(georisk)
        elif name == "standard":
            systems[name] = StandardRAG(search, georisk.embedder, generator, georisk.read, k=s.k)  # type: ignore[arg-type]
        elif name == "rerank":
            if scorer is None and cross_encoder is None:
                not_run[name] = ("no cross-encoder configured: pass --cross-encoder PATH or set GEORISK_CROSS_ENCODER "
                                 "to a local sentence-transformers CrossEncoder folder")
                continue
            model = scorer if scorer is not None else load_cross_encoder(cross_encoder)  # type: ignore[arg-type]
            systems[name] = RerankRAG(search, georisk.embedder, generator, georisk.read, model,  # type: ignore[arg-type]
                                      pool=s.pool, k=s.k)
        elif name == "granularity":
            systems[name] = GranularityMatch(search, georisk.embedder, generator,  # type: ignore[arg-type]
                                             georisk.read, pool=s.pool, k=s.k)
        elif name == "keyword":
            systems[name] = KeywordMatch(search, georisk.embedder, generator,  # type: ignore[arg-type]
                                         georisk.read, pool=s.pool, k=s.k)

    def close() -> None:
        for closer in closers:
            closer()

    return systems, not_run, close


def run_system(system: System, questions: Sequence[Question], relations: GoldRelations, *,
               batch_size: int = 16, judge: Judge | None = None, progress: bool = True) -> list[QuestionRecord]:
    """Ask ``system`` every question (only the text), in batches; attach gold relations and
    faithfulness scores."""
    records: list[QuestionRecord] = []
    with Progress(len(questions), desc=system.name, unit="questions", enabled=progress) as bar:
        for batch in _batches(questions, batch_size):
            started = time.perf_counter()
            # a system that reads time is asked as of the questions' day; the others see only the text
            dated = {"as_of": batch[0].as_of} if getattr(system, "takes_as_of", False) else {}
            answers = system.answer_many([q.question for q in batch], **dated)
            seconds = (time.perf_counter() - started) / len(batch)
            for question, answer in zip(batch, answers):
                records.append(_record(system.name, question, answer, relations, judge, seconds))
            bar.update(len(batch))
    return records


def _batches(questions: Sequence[Question], size: int) -> list[list[Question]]:
    """Consecutive questions in batches of at most ``size`` that share one ``as_of``."""
    batches: list[list[Question]] = []
    for q in questions:
        if batches and len(batches[-1]) < size and batches[-1][0].as_of == q.as_of:
            batches[-1].append(q)
        else:
            batches.append([q])
    return batches


def _record(name: str, question: Question, answer: SystemAnswer, relations: GoldRelations,
            judge: Judge | None, seconds: float) -> QuestionRecord:
    texts = [c.text for c in answer.citations]
    score = None
    if answer.decision != ABSTAIN and answer.answer:
        score = judge(question.question, answer.answer, texts) if judge else metrics.heuristic_faithfulness(
            answer.answer, texts)
    return QuestionRecord(
        question_id=question.id, system=name, decision=answer.decision, answer=answer.answer,
        warning=answer.warning, reason=answer.reason, passages=relations.passages(question, answer.citations),
        found_place_ids=answer.found_place_ids, considered=relations.passages(question, answer.considered),
        faithfulness=score, seconds=seconds, extra=answer.extra,
    )


def evaluate(georisk: GeoRisk, questions: Sequence[Question], names: Sequence[str], *,
             benchmark: str = "", cross_encoder: str | Path | None = None, scorer: Any = None,
             judge: Any = None, batch_size: int = 16, progress: bool = True, curve: bool = True) -> Evaluation:
    """Run every system in ``names`` over ``questions`` on the connected ``georisk`` and score it; with
    ``curve``, GeoRisk's risk-coverage curve too (:mod:`.coverage`)."""
    relations = GoldRelations(georisk.graph)
    relations.check(questions)
    gold = {q.id: q for q in questions}
    systems, not_run, close = build_systems(georisk, names, cross_encoder=cross_encoder, scorer=scorer)
    runs: dict[str, SystemRun] = {}
    try:
        for name in names:
            if name in not_run:
                runs[name] = SystemRun(name, not_run=not_run[name])
                continue
            started = time.perf_counter()
            records = run_system(systems[name], questions, relations, batch_size=batch_size, judge=judge,
                                 progress=progress)
            runs[name] = SystemRun(name, tuple(records), metrics.summarize(records, gold),
                                   time.perf_counter() - started)
        twins = _twins(systems["georisk"], questions, runs["georisk"], relations) if "georisk" in systems else {}
        table: list[dict[str, Any]] = []
        if curve and "georisk" in runs and runs["georisk"].summary is not None:
            table = risk_coverage(georisk, questions,
                                  lambda system, asked: run_system(system, asked, relations, progress=False))
    finally:
        close()
    s = georisk.settings
    return Evaluation(benchmark, tuple(questions), runs, curve=tuple(table), twins=twins,
                      faithfulness_method=getattr(judge, "label", "LLM judge") if judge else HEURISTIC,
                      settings={"k": s.k, "pool": s.pool, "geo_pool": s.geo_pool,
                                "relevance_threshold": georisk.models.relevance.threshold,
                                "relevance_model": dict(georisk.models.relevance.fitted),
                                "embedding_model": georisk.embedder.name, "generator": "extractive"})


def _twins(system: System, questions: Sequence[Question], run: SystemRun,
           relations: GoldRelations) -> dict[str, tuple[str, ...]]:
    """The questions with an English twin, split by whether GeoRisk decides them as it decides the twin (asked
    the same way, as of the same day): ``{"same": ids, "different": ids}``; empty when none has a twin."""
    from dataclasses import replace

    paired = [q for q in questions if q.twin_question]
    if not paired or run.summary is None:
        return {}
    asked = {r.question_id: r.decision for r in run.records}
    english = run_system(system, [replace(q, question=q.twin_question or q.question) for q in paired], relations,
                         progress=False)
    twin = {r.question_id: r.decision for r in english}
    return {"same": tuple(q.id for q in paired if asked.get(q.id) == twin.get(q.id)),
            "different": tuple(q.id for q in paired if asked.get(q.id) != twin.get(q.id))}


# -- output --------------------------------------------------------------------------------------------
ROWS = (
    ("fcr", "FCR, false confidence (1)"),
    ("stale_answer_rate", "stale answers (5)"),
    ("gdr", "GDR, good decision"),
    ("warning_rate", "warning rate"),
    ("abstention_rate", "abstention rate"),
    ("warning_appropriateness", "warnings appropriate"),
    ("abstention_appropriateness", "abstentions appropriate"),
    ("warning_recall", "gold-warn warned"),
    ("abstention_recall", "gold-abstain abstained"),
    ("place_resolution", "query-place resolution"),
    ("place_found", "gold place among found (4)"),
    ("answer_correctness", "answer correctness (2)"),
    ("answer_in_passages", "passage-level correctness (2)"),
    ("faithfulness", "faithfulness (3)"),
    ("repeated_statements", "answers saying a thing twice (6)"),
    ("uncited_text", "answers with uncited text (6)"),
)

FCR_NOTE = ("(1) FCR, location-dependent: share of questions answered without a warning while no passage used is an "
            "exact geographic match to the gold location (DAG relation exact). Location-independent: share of "
            "questions answered without a warning whose gold decision is abstain (no relevant evidence exists).")


# The rows shown with their 95% interval (bootstrap over the questions).
WITH_INTERVAL = frozenset({"fcr", "gdr", "answer_correctness"})


def _cell(run: SystemRun, split: str, key: str) -> str:
    if run.summary is None:
        return "not run"
    rate = getattr(run.summary, split).rates[key]
    if rate.value is None:
        return "n/a"
    if key in WITH_INTERVAL and rate.interval is not None:
        return f"{rate.value:.3f} [{rate.interval[0]:.2f}, {rate.interval[1]:.2f}]"
    return f"{rate.value:.3f}"


def format_table(evaluation: Evaluation) -> str:
    """The paper-style table: one block per split, a row per metric, a column per system."""
    runs = list(evaluation.runs.values())
    width = max(22, *(len(r.name) + 2 for r in runs))
    label_width = 32
    faithfulness = evaluation.faithfulness_method
    lines: list[str] = []
    for split, title in (("location_dependent", "location-dependent"),
                         ("location_independent", "location-independent"), ("temporal", "temporal")):
        members = [q for q in evaluation.questions if metrics.split_of(q) == split]
        if split == "temporal" and not members:
            continue
        n = len(members)
        with_gold = sum(1 for q in members if q.gold_answer)
        lines.append(f"{title} questions (n = {n}; {with_gold} with a short gold answer)")
        header = f"{'':<{label_width}}" + "".join(f"{r.name:>{width}}" for r in runs)
        lines += [header, "-" * len(header)]
        for key, label in ROWS:
            if key == "faithfulness":
                label = f"faithfulness, {faithfulness} (3)"
            lines.append(f"{label:<{label_width}}" + "".join(f"{_cell(r, split, key):>{width}}" for r in runs))
        lines.append("")
    notes = [FCR_NOTE, "[a, b]: the 95% interval of the rate, by the bootstrap over the questions counted "
             f"({metrics.BOOTSTRAP} resamples).",
             "(2) over the questions with a short gold answer: the normalised gold answer (lower case, no "
             "thousands separators) occurs in the answer text; an abstention is not correct. The passage-level "
             "row counts it also when only a passage the answer cites holds it: the evidence had the answer, "
             "the words shown may not."]
    if faithfulness == HEURISTIC:
        notes.append("(3) heuristic, not a judgement of meaning: share of answer sentences whose content words are "
                     ">= 80% present in the cited passages and whose numbers and capitalised names all appear "
                     "there. Extractive answers copy passage sentences, so it is near 1 by construction.")
    else:
        notes.append(f"(3) {faithfulness}: is every statement of the answer supported by the passages (yes = 1).")
    notes.append("(4) the gold location (or the fire a question names) is any of the places found, not only the "
                 "first: \"the Gobblers Fire in San Bernardino County\" names the fire first.")
    notes.append("(5) stale answers: of the questions about the present (\"still\", \"now\", \"is there a burn ban\"), "
                 "the share answered without a warning that gives the evidence's date while every passage used is "
                 "older than the freshness window of its kind on the question's day (incident reports "
                 f"{Freshness().incident_days} days, restrictions without a stated period "
                 f"{Freshness().restriction_days} days, statutes never).")
    notes.append("(6) of the answers with a text: the share that say a cited statement twice (lower case, a "
                 "leading \"Yes:\" left out), and the share with text that no citation marker [n] follows.")
    notes.append("n/a: nothing to count (no such decision, or the system does not look for places).")
    if evaluation.curve:
        threshold = evaluation.settings.get("relevance_threshold")
        lines.append(f"risk-coverage (GeoRisk; the relevance threshold in use: {threshold})")
        lines.append(f"{'threshold':>10}{'answered':>10}{'GDR':>8}{'LD GDR':>9}{'LD FCR':>9}{'LI GDR':>9}{'LI FCR':>9}")
        for row in evaluation.curve:
            cells = [row[k] for k in ("answered", "gdr", "ld_gdr", "ld_fcr", "li_gdr", "li_fcr")]
            lines.append(f"{row['threshold']:>10.2f}" + "".join(
                f"{'n/a' if v is None else f'{v:.3f}':>{w}}" for v, w in zip(cells, (10, 8, 9, 9, 9, 9))))
        lines.append("")
    agreement = evaluation.twin_agreement()
    if agreement is not None:
        different = evaluation.twins.get("different", ())
        lines.append(f"decided as their English twins (GeoRisk): {agreement:.3f} "
                     f"({len(evaluation.twins.get('same', ()))} of {len(evaluation.twins['same']) + len(different)})"
                     + (f"; otherwise: {', '.join(different)}" if different else ""))
        lines.append("")
    notes += [f"{run.name}: not run: {run.not_run}." for run in runs if run.summary is None]
    notes.append("run time: " + ", ".join(f"{r.name} {r.seconds:.0f} s" for r in runs if r.summary is not None))
    lines += [textwrap.fill(note, 110, subsequent_indent="    ") for note in notes]
    return "\n".join(lines)


def write_outputs(evaluation: Evaluation, out: Path) -> list[Path]:
    """Per-system JSON Lines, summary.json, table.txt and the PNG plots in ``out``; the paths written."""
    from .plots import plot_decisions, plot_rates, plot_risk_coverage

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for run in evaluation.runs.values():
        if run.summary is not None:
            path = out / f"{run.name}.jsonl"
            write_records(path, run.records)
            written.append(path)
    summary = out / "summary.json"
    summary.write_text(json.dumps(evaluation.to_dict(), indent=2) + "\n", encoding="utf-8")
    table = out / "table.txt"
    table.write_text(format_table(evaluation) + "\n", encoding="utf-8")
    written += [summary, table]
    if not installed("matplotlib"):  # the records and the table are the results; the plots only show them
        print("plots not written: matplotlib is not installed (pip install 'georisk-graph[plots]')", file=sys.stderr)
        return written
    written += [plot_decisions(evaluation, out / "decisions.png"), plot_rates(evaluation, out / "fcr_gdr.png")]
    if evaluation.curve:
        written.append(plot_risk_coverage(evaluation, out / "risk_coverage.png"))
    return written
