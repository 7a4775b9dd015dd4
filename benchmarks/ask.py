"""`georisk bench ask`: warm ``ask()`` latency without an LLM on the configured graph (the full shared
corpus), p50 and p95, with each stage's share; questions from the QA benchmark."""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

QUESTIONS = Path(__file__).resolve().parent / "qa" / "questions.jsonl"


def sample_questions(questions: int, seed: int = 3) -> list[dict[str, Any]]:
    """The same ``questions`` benchmark items for a given seed, run after run."""
    lines = [json.loads(line) for line in QUESTIONS.read_text().splitlines() if line.strip()]
    return random.Random(seed).sample(lines, min(questions, len(lines)))


def run_ask(georisk: Any, *, questions: int = 100, seed: int = 3) -> dict[str, Any]:
    sample = sample_questions(questions, seed)
    for item in sample[:5]:  # warm-up: plans compiled, model and pages warm
        georisk.ask(item["question"])
    totals, stages = [], {}
    for item in sample:
        started = time.perf_counter()
        answer = georisk.ask(item["question"])
        totals.append((time.perf_counter() - started) * 1000)
        for stage, seconds in answer.timings.items():
            stages.setdefault(stage, []).append(seconds * 1000)
    p50 = statistics.median(totals)
    return {
        "questions": len(sample), "p50_ms": round(p50, 1),
        "p95_ms": round(sorted(totals)[int(0.95 * (len(totals) - 1))], 1),
        "stage_p50_ms": {k: round(statistics.median(v), 1) for k, v in stages.items()},
        "retrieval_share_of_p50": round(statistics.median(stages["retrieval"]) / p50, 2),
    }


def format_ask(r: dict[str, Any]) -> str:
    stages = ", ".join(f"{k} {v} ms" for k, v in r["stage_p50_ms"].items())
    return (f"ask() without an LLM, {r['questions']} benchmark questions, warm:\n"
            f"  p50 {r['p50_ms']} ms, p95 {r['p95_ms']} ms (targets: p50 <= 40 ms, p95 <= 80 ms)\n"
            f"  stage medians: {stages}\n"
            f"  retrieval query share of p50: {r['retrieval_share_of_p50'] * 100:.0f}%")
