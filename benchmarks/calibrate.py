"""How the relevance floor and margin defaults were chosen: GeoRisk's good decision rate on the
calibration half of the QA benchmark (the even-numbered questions) for a grid of (floor, margin), each
cell a full run of the system as `georisk eval` runs it; the odd half stays for reporting.

    python -m georisk_graph.benchmarks.calibrate      # against the configured graph (~30 runs)
"""

from __future__ import annotations

from pathlib import Path

from georisk_graph.client import GeoRisk
from georisk_graph.evaluation import evaluate, load_questions

QUESTIONS = Path(__file__).resolve().parent / "qa" / "questions.jsonl"
FLOORS = (0.25, 0.3, 0.35, 0.4, 0.45, 0.5)
MARGINS = (0.1, 0.15, 0.2, 0.3, 2.0)


def calibration_half(path: Path = QUESTIONS) -> list:
    """The even-numbered questions (q212, q484, …) of the benchmark."""
    return [q for q in load_questions(path) if int("".join(filter(str.isdigit, q.id))) % 2 == 0]


def main() -> None:
    questions = calibration_half()
    print(f"{len(questions)} calibration questions; GDR location-dependent / location-independent:")
    print("floor  " + "".join(f"margin {m:<8}" for m in MARGINS))
    with GeoRisk().connect() as georisk:
        defaults = georisk.settings
        for floor in FLOORS:
            cells = []
            for margin in MARGINS:
                georisk.settings = defaults.with_(floor=floor, margin=margin)
                summary = evaluate(georisk, questions, ["georisk"], progress=False).runs["georisk"].summary
                assert summary is not None
                dependent = summary.location_dependent.rates["gdr"].value or 0.0
                independent = summary.location_independent.rates["gdr"].value or 0.0
                cells.append(f"{dependent:.3f}/{independent:.3f}  ")
            print(f"{floor:<7}" + "".join(f"{c:<15}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
