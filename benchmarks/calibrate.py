"""How the relevance floor and margin defaults were chosen: GeoRisk's decisions on the calibration
half of the QA benchmark (even-numbered questions) for a grid of (floor, margin), from one retrieval
per question with no filtering; the other half stays for evaluation.

    python -m georisk_graph.benchmarks.calibrate      # against the configured graph
"""

from __future__ import annotations

import json
from pathlib import Path

from georisk_graph.client import GeoRisk, _anchor_places, incident_names
from georisk_graph.decision import combine, decide

QUESTIONS = Path(__file__).resolve().parent / "qa" / "questions.jsonl"
FLOORS = (0.25, 0.3, 0.35, 0.4, 0.45, 0.5)
MARGINS = (0.1, 0.15, 0.2, 0.3, 2.0)


def main() -> None:
    items = [json.loads(line) for line in QUESTIONS.read_text().splitlines() if line.strip()]
    calibration = [it for it in items if int(it["id"][1:]) % 2 == 0]
    georisk = GeoRisk(floor=-1.0, margin=2.0, k=10_000).connect()
    runs = []
    places = georisk.find_places([it["question"] for it in calibration])
    vectors = georisk.embedder.embed([it["question"] for it in calibration])
    for item, vector, (resolved, unresolved) in zip(calibration, vectors, places):
        resolved = _anchor_places(resolved)
        ranked = georisk.retrieve(vector, [p.id for p in resolved], incidents=incident_names(item["question"]))
        runs.append((item, resolved, unresolved, ranked))
    print(f"{len(runs)} calibration questions; GDR (location-dependent / independent):")
    print("floor  " + "".join(f"margin {m:<8}" for m in MARGINS))
    for floor in FLOORS:
        cells = []
        for margin in MARGINS:
            good = {True: [0, 0], False: [0, 0]}
            for item, resolved, unresolved, ranked in runs:
                every = [c for cs in ranked.values() for c in cs]
                best = max((c.cosine for c in every), default=0.0)
                keep = lambda cs: [c for c in cs if c.cosine >= floor and c.cosine >= best - margin]  # noqa: E731, B023 (called in this iteration)
                if unresolved and not resolved:
                    decision = "abstain"
                elif resolved:
                    decision = combine([decide(p.ref(), keep(ranked.get(p.id, []))) for p in resolved])
                else:
                    decision = decide(None, keep(ranked.get(None, []))).decision
                dependent = bool(item["location_dependent"])
                good[dependent][0] += decision == item["gold_decision"]
                good[dependent][1] += 1
            cells.append(f"{good[True][0] / good[True][1]:.3f}/{good[False][0] / max(good[False][1], 1):.3f}  ")
        print(f"{floor:<7}" + "".join(f"{c:<15}" for c in cells))


if __name__ == "__main__":
    main()
