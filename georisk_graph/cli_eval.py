"""``georisk eval``: GeoRisk and the baselines over one benchmark on the configured graph (docs/design.md §6)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import click

from .cli_common import friendly, settings


@click.command("eval", help="Run GeoRisk and the baselines over a benchmark (docs/design.md §6 format) on the same "
                            "graph; print the table per system, write per-question JSON Lines and PNG plots.")
@click.option("--benchmark", "benchmark", required=True, type=click.Path(path_type=Path),
              help="JSON Lines benchmark, e.g. benchmarks/qa/questions.jsonl.")
@click.option("--systems", default="georisk,standard,rerank,granularity,keyword", show_default=True,
              help="Comma-separated: georisk, standard, rerank, granularity, keyword.")
@click.option("--out", type=click.Path(path_type=Path), default=Path("eval-out"), show_default=True,
              help="Folder for <system>.jsonl, summary.json, table.txt and the PNGs.")
@click.option("--json", "as_json", is_flag=True, help="Print the metrics as JSON instead of the table.")
@click.option("--limit", type=int, default=None, help="Only the first N questions.")
@click.option("--cross-encoder", type=click.Path(path_type=Path), default=None,
              help="A local sentence-transformers CrossEncoder folder for the rerank system "
                   "(default: GEORISK_CROSS_ENCODER); without one, rerank is not run.")
@click.option("--batch-size", default=16, show_default=True, help="Questions per batch.")
@click.option("--group", type=click.Choice(["all", "temporal", "places"]), default="all", show_default=True,
              help="Only the questions of the temporal group, or only the others.")
@click.option("--part", type=click.Choice(["all", "fit", "calibrate", "report"]), default="all", show_default=True,
              help="Only one part of the set, by question number modulo 3 (0 fit, 1 calibrate, 2 report): models "
                   "are fitted on fit, their thresholds chosen on calibrate, and report is held out to report.")
@click.option("--curve/--no-curve", default=True, show_default=True,
              help="GeoRisk's risk-coverage curve as the relevance threshold moves (about one more run of the "
                   "questions): in the table, summary.json and risk_coverage.png.")
def eval_command(benchmark: Path, systems: str, out: Path, as_json: bool, limit: int | None,
                 cross_encoder: Path | None, batch_size: int, group: str, part: str, curve: bool) -> None:
    friendly(_run)(benchmark, systems, out, as_json, limit, cross_encoder, batch_size, group, part, curve)


def _run(benchmark: Path, systems: str, out: Path, as_json: bool, limit: int | None,
         cross_encoder: Path | None, batch_size: int, group: str = "all", part: str = "all",
         curve: bool = True) -> None:
    from .client import GeoRisk
    from .evaluation import evaluate, format_table, load_questions, parse_systems, write_outputs
    from .evaluation.judge import OllamaJudge

    names = parse_systems(systems)
    questions = load_questions(benchmark)
    if group != "all":
        questions = [q for q in questions if (q.group == "temporal") == (group == "temporal")]
    if part != "all":
        questions = [q for q in questions if q.part == part]
    questions = questions[:limit] if limit is not None else questions
    s = settings()
    encoder = cross_encoder or os.environ.get("GEORISK_CROSS_ENCODER") or None
    judge = OllamaJudge(s.ollama_host, s.ollama_model) if s.ollama_host and s.ollama_model else None
    click.echo(f"{len(questions)} questions; systems: {', '.join(names)}; loading models and the gazetteer ...",
               err=True)
    started = time.monotonic()
    with GeoRisk.connect(s) as georisk:
        evaluation = evaluate(georisk, questions, names, benchmark=str(benchmark), cross_encoder=encoder,
                              judge=judge, batch_size=batch_size, curve=curve)
    written = write_outputs(evaluation, out)
    if as_json:
        click.echo(json.dumps(evaluation.to_dict(), indent=2))
    else:
        click.echo(format_table(evaluation))
        click.echo(f"\nwrote {', '.join(p.name for p in written)} to {out}")
    click.echo(f"done in {time.monotonic() - started:.0f} s", err=True)


@click.command("perturb", help="Ask a benchmark's questions as written and reworded as people type them (lower case, "
                               "a postal code, a filler before or after, a typo ...) and print, per rewrite, the "
                               "share whose decision and cited evidence stay the same, and the answer correctness.")
@click.option("--benchmark", "benchmark", required=True, type=click.Path(path_type=Path),
              help="JSON Lines benchmark, e.g. benchmarks/qa/fresh.jsonl.")
@click.option("--rewrites", default=None, help="Comma-separated rewrite names (default: all).")
@click.option("--sample", type=int, default=None, help="Only N questions, taken evenly through the file.")
@click.option("--out", type=click.Path(path_type=Path), default=Path("eval-out"), show_default=True,
              help="Folder for perturbation.json, perturbation.txt and perturbation-changes.jsonl.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON instead of the table.")
def perturb_command(benchmark: Path, rewrites: str | None, sample: int | None, out: Path, as_json: bool) -> None:
    friendly(_perturb)(benchmark, rewrites, sample, out, as_json)


def _perturb(benchmark: Path, rewrites: str | None, sample: int | None, out: Path, as_json: bool) -> None:
    from .client import GeoRisk
    from .evaluation import load_questions
    from .evaluation.perturbation import REWRITES, format_perturbation, perturb, write_perturbation
    from .exceptions import ConfigurationError

    names = None
    if rewrites:
        names = [n.strip() for n in rewrites.split(",") if n.strip()]
        unknown = [n for n in names if n not in {r.name for r in REWRITES}]
        if unknown:
            raise ConfigurationError(f"unknown rewrite(s) {', '.join(unknown)}; choose from "
                                     f"{', '.join(r.name for r in REWRITES)}")
    questions = load_questions(benchmark)
    if sample is not None and 0 < sample < len(questions):
        step = len(questions) / sample
        questions = [questions[int(i * step)] for i in range(sample)]
    started = time.monotonic()
    with GeoRisk.connect(settings()) as georisk:
        states = georisk.state_names()
        result = perturb(lambda texts, day: georisk.ask_many(texts, as_of=day), questions, states, names=names,
                         benchmark=str(benchmark))
    written = write_perturbation(result, out)
    click.echo(json.dumps(result.to_dict(), indent=2) if as_json else format_perturbation(result))
    click.echo(f"wrote {', '.join(p.name for p in written)} to {out}; done in {time.monotonic() - started:.0f} s",
               err=True)


@click.command("eval-diff", help="Compare two `georisk eval` runs (their --out folders) question by question: how "
                                 "many decisions, answers, warnings, reasons, places found and passages cited or "
                                 "considered differ, and which questions; a passage replaced by another of the same "
                                 "text is counted apart. Exits 1 when anything differs.")
@click.argument("before", type=click.Path(path_type=Path, exists=True, file_okay=False))
@click.argument("after", type=click.Path(path_type=Path, exists=True, file_okay=False))
@click.option("--system", default="georisk", show_default=True, help="Which system's results to compare.")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
def eval_diff_command(before: Path, after: Path, system: str, as_json: bool) -> None:
    friendly(_eval_diff)(before, after, system, as_json)


def _eval_diff(before: Path, after: Path, system: str, as_json: bool) -> None:
    from .evaluation.compare import compare_runs

    result = compare_runs(before, after, system)
    click.echo(json.dumps(result.to_dict(), indent=2) if as_json else result.describe())
    if not result.identical:
        raise SystemExit(1)


@click.command("eval-models", help="How the question-reading models read one part of the labelled questions: the "
                                   "dependence model's share of questions whose location_dependent it reads right "
                                   "(every labelled set and the dependence set), and the share of the written place "
                                   "questions whose gold place the reading finds (by how they are written), and the "
                                   "share of labelled answer types read right.")
@click.option("--part", type=click.Choice(["fit", "calibrate", "report"]), default="report", show_default=True,
              help="The part read: report is held out from every fitting.")
@click.option("--json", "as_json", is_flag=True, help="Print the tallies as JSON.")
def eval_models_command(part: str, as_json: bool) -> None:
    friendly(_eval_models)(part, as_json)


def _eval_models(part: str, as_json: bool) -> None:
    from .client import GeoRisk
    from .evaluation.fitted import report
    from .training.answer_types import labelled
    from .training.labels import DEPENDENCE_SET, LOCATED_SETS, part_of
    from .training.names import WRITTEN
    from .loaders.sources import documents_from, versions_from
    from .statements import StatementReader
    from .training import statement_kinds

    configured = settings()
    with GeoRisk.connect(configured) as georisk:
        result = report(georisk, part, located=LOCATED_SETS, dependence_set=DEPENDENCE_SET, written=WRITTEN,
                        part_of=part_of, kinds=labelled((part,)),
                        statements=statement_kinds.labelled(
                            [*documents_from(["shared"]), *versions_from(["shared"])], (part,),
                            say=lambda line: click.echo(line, err=True)),
                        statement_reader=StatementReader.load(configured.statement_kind_model))
    click.echo(json.dumps(result.to_dict(), indent=2) if as_json else result.describe())
