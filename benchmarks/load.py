"""`georisk bench load`: many clients asking at once through one connected GeoRisk, for a bounded time.

First a sequential pass records each question's decision and cited passages; then ``clients`` threads
share the one client and ask the same questions in a loop until ``seconds`` have passed (an ask under
way then finishes; none starts). Reported: asks, asks/s, errors by type, latency p50 and p95, and the
answers that differ from the sequential pass. A sound client gives 0 errors and 0 differences.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections import Counter
from typing import Any, Sequence

from georisk_graph.exceptions import ConfigurationError


def fingerprint(answer: Any) -> dict[str, Any]:
    """What must not change between two asks of the same question: the decision and the passages cited."""
    return {"decision": answer.decision, "chunks": [c.chunk_id for c in answer.citations]}


def record_sequential(georisk: Any, questions: Sequence[str]) -> tuple[dict[str, dict[str, Any]], list[float]]:
    """Each question asked once, one after the other: its fingerprint, and each ask's latency in ms."""
    expected, latencies = {}, []
    for question in questions:
        started = time.perf_counter()
        expected[question] = fingerprint(georisk.ask(question))
        latencies.append((time.perf_counter() - started) * 1000)
    return expected, latencies


def run_load(georisk: Any, questions: Sequence[str], *, clients: int = 32, seconds: float = 120.0,
             expected: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Ask ``questions`` from ``clients`` threads sharing ``georisk`` for ``seconds``; compare each answer
    with ``expected`` (question -> :func:`fingerprint`), recorded by a sequential pass when not given."""
    if clients < 1:
        raise ConfigurationError(f"the load benchmark needs at least 1 client, not {clients}")
    if not seconds > 0:
        raise ConfigurationError(f"the load benchmark runs for a positive number of seconds, not {seconds}")
    if not questions:
        raise ConfigurationError("the load benchmark needs at least one question")
    sequential_ms: list[float] = []
    if expected is None:
        georisk.ask(questions[0])  # warm-up: plans compiled, model and pages warm
        expected, sequential_ms = record_sequential(georisk, questions)
    missing = [q for q in questions if q not in expected]
    if missing:
        raise ConfigurationError(f"no expected answer for {len(missing)} question(s), e.g. {missing[0]!r}")

    lock = threading.Lock()
    latencies: list[float] = []
    errors: Counter[str] = Counter()
    error_examples: dict[str, str] = {}
    differences: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds

    def client(offset: int) -> None:
        turn = offset  # clients start at different questions, so different asks overlap
        while time.monotonic() < deadline:
            question = questions[turn % len(questions)]
            turn += 1
            started = time.perf_counter()
            try:
                got = fingerprint(georisk.ask(question))
            except Exception as err:  # every failure is a result of the benchmark, counted by type
                with lock:
                    errors[type(err).__name__] += 1
                    error_examples.setdefault(type(err).__name__, str(err)[:300])
                continue
            elapsed = (time.perf_counter() - started) * 1000
            with lock:
                latencies.append(elapsed)
                if got != expected[question]:
                    differences.append({"question": question, "expected": expected[question], "got": got})

    threads = [threading.Thread(target=client, args=(n,), name=f"load-client-{n}", daemon=True)
               for n in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    asks = len(latencies) + sum(errors.values())
    ordered = sorted(latencies)
    return {
        "clients": clients, "seconds": seconds, "questions": len(questions),
        "sequential": {"asks": len(sequential_ms),
                       "p50_ms": round(statistics.median(sequential_ms), 1) if sequential_ms else None},
        "asks": asks, "answered": len(latencies), "wall_seconds": round(wall, 2),
        "asks_per_s": round(asks / wall, 2) if wall > 0 else 0.0,
        "p50_ms": round(statistics.median(ordered), 1) if ordered else None,
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 1) if ordered else None,
        "errors": sum(errors.values()), "errors_by_type": dict(errors), "error_examples": error_examples,
        "differences": len(differences), "difference_examples": differences[:5],
    }


def format_load(r: dict[str, Any]) -> str:
    lines = [f"{r['clients']} clients sharing one connected GeoRisk for {r['seconds']:g} s, "
             f"{r['questions']} benchmark questions:"]
    if r["sequential"]["asks"]:
        lines.append(f"  sequential pass: {r['sequential']['asks']} asks, p50 {r['sequential']['p50_ms']} ms")
    lines.append(f"  concurrent: {r['asks']:,} asks in {r['wall_seconds']} s = {r['asks_per_s']} asks/s; "
                 f"latency p50 {r['p50_ms']} ms, p95 {r['p95_ms']} ms")
    by_type = ", ".join(f"{name} {count}" for name, count in sorted(r["errors_by_type"].items()))
    lines.append(f"  errors: {r['errors']}" + (f" ({by_type})" if by_type else ""))
    for name, message in sorted(r["error_examples"].items()):
        lines.append(f"    {name}: {message}")
    lines.append(f"  answers that differ from the sequential pass: {r['differences']}")
    for d in r["difference_examples"]:
        lines.append(f"    {d['question']!r}: expected {d['expected']}, got {d['got']}")
    return "\n".join(lines)
