"""How the relevance settings were chosen: GeoRisk's good decision rate on the calibration half of
the QA benchmark (the even-numbered questions) for a grid of (floor, margin) with the other settings at
their defaults (`lone_floor` included, so the grid of before it was added is not reproduced), then for
the floor of a passage holding none of the question's topic words (`lone_floor`, floor and margin at
their defaults),
each cell a full run of the system as `georisk eval` runs it; the odd half stays for reporting.

    python -m georisk_graph.benchmarks.calibrate          # against the configured graph (~36 runs)
    python -m georisk_graph.benchmarks.calibrate lone     # the lone-floor row only (6 runs)
    python -m georisk_graph.benchmarks.calibrate share    # the topic share, on the even half of each set
"""

from __future__ import annotations

import sys
from pathlib import Path

from georisk_graph.client import GeoRisk
from georisk_graph.evaluation import evaluate, load_questions

QUESTIONS = Path(__file__).resolve().parent / "qa" / "questions.jsonl"
FLOORS = (0.25, 0.3, 0.35, 0.4, 0.45, 0.5)
MARGINS = (0.1, 0.15, 0.2, 0.3, 2.0)
# -1 turns the rule off: a passage sharing no topic word counts as any other
LONE_FLOORS = (-1.0, 0.4, 0.45, 0.5, 0.55, 0.6)
SHARES = (0.3, 0.4, 0.5, 0.6, 0.7)
SETS = ("questions", "fresh", "holdout")


def calibration_half(path: Path = QUESTIONS) -> list:
    """The even-numbered questions (q212, q484, …) of the benchmark."""
    return [q for q in load_questions(path) if int("".join(filter(str.isdigit, q.id))) % 2 == 0]


def gdr(georisk: GeoRisk, questions: list) -> str:
    """Location-dependent / location-independent GDR of one run."""
    summary = evaluate(georisk, questions, ["georisk"], progress=False).runs["georisk"].summary
    assert summary is not None
    dependent = summary.location_dependent.rates["gdr"].value or 0.0
    independent = summary.location_independent.rates["gdr"].value or 0.0
    return f"{dependent:.3f}/{independent:.3f}"


def main(argv: list[str]) -> None:
    questions = calibration_half()
    print(f"{len(questions)} calibration questions; GDR location-dependent / location-independent:")
    with GeoRisk.connect() as georisk:
        defaults = georisk.settings
        if "share" in argv:
            halves = {name: calibration_half(QUESTIONS.parent / f"{name}.jsonl") for name in SETS}
            print("topic share  " + "  ".join(f"{name:>13}" for name in SETS) + "   (location-dependent/-independent GDR)")
            for share in SHARES:
                tried = georisk.configured(topic_share=share)
                print(f"{share:<12} " + "  ".join(f"{gdr(tried, halves[name]):>13}" for name in SETS), flush=True)
            return
        if "lone" not in argv:
            print("floor  " + "".join(f"margin {m:<8}" for m in MARGINS))
            for floor in FLOORS:
                cells = []
                for margin in MARGINS:
                    cells.append(gdr(georisk.configured(floor=floor, margin=margin), questions) + "  ")
                print(f"{floor:<7}" + "".join(f"{c:<15}" for c in cells), flush=True)
        print(f"lone_floor (floor {defaults.floor}, margin {defaults.margin}):")
        for lone in LONE_FLOORS:
            print(f"  {lone:<6} {gdr(georisk.configured(lone_floor=lone), questions)}", flush=True)

if __name__ == "__main__":
    main(sys.argv[1:])
