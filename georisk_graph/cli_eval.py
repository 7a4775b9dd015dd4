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
def eval_command(benchmark: Path, systems: str, out: Path, as_json: bool, limit: int | None,
                 cross_encoder: Path | None, batch_size: int, group: str) -> None:
    friendly(_run)(benchmark, systems, out, as_json, limit, cross_encoder, batch_size, group)


def _run(benchmark: Path, systems: str, out: Path, as_json: bool, limit: int | None,
         cross_encoder: Path | None, batch_size: int, group: str = "all") -> None:
    from .client import GeoRisk
    from .evaluation import evaluate, format_table, load_questions, parse_systems, write_outputs
    from .evaluation.judge import OllamaJudge

    names = parse_systems(systems)
    questions = load_questions(benchmark)
    if group != "all":
        questions = [q for q in questions if (q.group == "temporal") == (group == "temporal")]
    questions = questions[:limit] if limit is not None else questions
    s = settings()
    encoder = cross_encoder or os.environ.get("GEORISK_CROSS_ENCODER") or None
    judge = OllamaJudge(s.ollama_host, s.ollama_model) if s.ollama_host and s.ollama_model else None
    click.echo(f"{len(questions)} questions; systems: {', '.join(names)}; loading models and the gazetteer ...",
               err=True)
    started = time.monotonic()
    with GeoRisk(s).connect() as georisk:
        evaluation = evaluate(georisk, questions, names, benchmark=str(benchmark), cross_encoder=encoder,
                              judge=judge, batch_size=batch_size)
    written = write_outputs(evaluation, out)
    if as_json:
        click.echo(json.dumps(evaluation.to_dict(), indent=2))
    else:
        click.echo(format_table(evaluation))
        click.echo(f"\nwrote {', '.join(p.name for p in written)} to {out}")
    click.echo(f"done in {time.monotonic() - started:.0f} s", err=True)
