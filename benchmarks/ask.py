"""`georisk bench ask`: warm ``ask()`` latency without an LLM on the configured graph (the full shared
corpus), p50 and p95, with each stage's share; questions from the QA benchmark. ``--spanish``: the Spanish set's
questions and their English twins asked in turn, so both are timed under the same load, side by side."""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

QUESTIONS = Path(__file__).resolve().parent / "qa" / "questions.jsonl"
SPANISH = Path(__file__).resolve().parent / "qa" / "spanish.jsonl"


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
            f"  p50 {r['p50_ms']} ms, p95 {r['p95_ms']} ms (targets: p50 <= 150 ms, p95 <= 300 ms)\n"
            f"  stage medians: {stages}\n"
            f"  retrieval query share of p50: {r['retrieval_share_of_p50'] * 100:.0f}%")


def run_spanish(georisk: Any, *, questions: int = 100, seed: int = 3) -> dict[str, Any]:
    """The Spanish set's questions and their English twins, each pair asked one after the other."""
    lines = [json.loads(line) for line in SPANISH.read_text().splitlines() if line.strip()]
    sample = random.Random(seed).sample(lines, min(questions, len(lines)))
    for item in sample[:5]:
        georisk.ask(item["question"])
        georisk.ask(item["twin_question"])
    times: dict[str, list[float]] = {"en": [], "es": []}
    translating: list[float] = []
    for item in sample:
        for language, text in (("en", item["twin_question"]), ("es", item["question"])):
            started = time.perf_counter()
            answer = georisk.ask(text)
            times[language].append((time.perf_counter() - started) * 1000)
            if language == "es":
                translating.append(answer.timings.get("reading", 0.0) * 1000)
    out: dict[str, Any] = {"questions": len(sample)}
    for language, values in times.items():
        out[language] = {"p50_ms": round(statistics.median(values), 1),
                         "p95_ms": round(sorted(values)[int(0.95 * (len(values) - 1))], 1)}
    out["spanish_reading_p50_ms"] = round(statistics.median(translating), 1)
    out["p50_difference_ms"] = round(out["es"]["p50_ms"] - out["en"]["p50_ms"], 1)
    return out


def format_spanish(r: dict[str, Any]) -> str:
    return (f"ask() without an LLM, {r['questions']} Spanish questions and their English twins, asked in turn, warm:\n"
            f"  English twins: p50 {r['en']['p50_ms']} ms, p95 {r['en']['p95_ms']} ms\n"
            f"  Spanish:       p50 {r['es']['p50_ms']} ms, p95 {r['es']['p95_ms']} ms (reading, translation included: "
            f"{r['spanish_reading_p50_ms']} ms at p50)\n"
            f"  Spanish p50 - English p50: {r['p50_difference_ms']} ms (target: within 50 ms)")
