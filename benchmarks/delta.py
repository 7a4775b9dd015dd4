"""`georisk bench delta`: δ for random place pairs in one batched Cypher call, beside the pure-Python
reference on the same pairs (same definition; the results must agree)."""

from __future__ import annotations

import math
import random
import time
from typing import Any


def run_delta(graph: Any, *, pairs: int = 1000, seed: int = 11, repeats: int = 5) -> dict[str, Any]:
    from georisk_graph.delta import reference_delta

    edges = graph.run("administrative_parents")
    parents = {row["child"]: row["parents"] for row in edges}
    ids = sorted(parents) + ["Q30"]
    rng = random.Random(seed)
    workload = [{"query": rng.choice(ids), "target": rng.choice(ids)} for _ in range(pairs)]

    graph.run("delta_pairs", pairs=workload[:20], include_overlaps=False)  # warm-up
    cypher_ms, python_ms = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        rows = graph.run("delta_pairs", pairs=workload, include_overlaps=False)
        cypher_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        reference = [reference_delta(parents, p["query"], p["target"]) for p in workload]
        python_ms.append((time.perf_counter() - t0) * 1000)
    disagreements = 0
    for row, (delta, i_q, i_t, lca, _relation) in zip(rows, reference):
        got = math.inf if row["delta"] is None else row["delta"]
        if (got, row["i_q"], row["i_t"], row["lca"]) != (delta, i_q, i_t, lca):
            disagreements += 1
    cypher, python = sorted(cypher_ms)[len(cypher_ms) // 2], sorted(python_ms)[len(python_ms) // 2]
    return {"pairs": pairs, "cypher_ms": round(cypher, 1), "python_reference_ms": round(python, 1),
            "ratio_cypher_vs_python": round(cypher / python, 2), "cypher_us_per_pair": round(cypher * 1000 / pairs, 1),
            "disagreements": disagreements, "repeats": repeats}


def format_delta(r: dict[str, Any]) -> str:
    return (f"δ for {r['pairs']:,} random place pairs (median of {r['repeats']} runs):\n"
            f"  one batched Cypher call (delta_pairs): {r['cypher_ms']:.1f} ms ({r['cypher_us_per_pair']} µs/pair)\n"
            f"  Python reference, in memory:           {r['python_reference_ms']:.1f} ms\n"
            f"  ratio Cypher / Python: {r['ratio_cypher_vs_python']}; disagreements: {r['disagreements']}")
