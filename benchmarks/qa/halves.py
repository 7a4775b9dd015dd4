"""Good decision rate and strict answer correctness per half of a benchmark: the even-numbered questions
(where rules were looked at) and the odd-numbered ones (only checked), from the per-question results
`georisk eval` writes. Strict correctness is `georisk eval`'s "answer correctness": of the questions with
a short gold answer, the share whose answer text holds it.

    python benchmarks/qa/halves.py benchmarks/qa/questions.jsonl eval-out/georisk.jsonl
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from georisk_graph.evaluation.metrics import normalise


def halves(questions: Path, results: Path) -> list[tuple[str, str, int, float, int, int]]:
    """(location-dependent, -independent or temporal, half, n, GDR, answers correct, questions with a
    short gold answer) rows; a question's number is its id's digits. The questions of the ``temporal``
    group are a kind of their own, as in `georisk eval`."""
    gold = {q["id"]: q for q in map(json.loads, questions.read_text(encoding="utf-8").splitlines()) if q}
    records = {r["id"]: r for r in map(json.loads, results.read_text(encoding="utf-8").splitlines()) if r}
    decided = {i: r["decision"] for i, r in records.items()}

    def correct(i: str) -> bool:
        r = records[i]
        return r["decision"] != "abstain" and normalise(gold[i]["gold_answer"]) in normalise(r.get("answer") or "")

    rows = []
    def kind_of(q: dict) -> str:
        if q.get("group") == "temporal":
            return "temporal"
        return "location-dependent" if q["location_dependent"] else "location-independent"

    kinds = ["location-dependent", "location-independent"]
    if any(q.get("group") == "temporal" for q in gold.values()):
        kinds.append("temporal")
    for kind in kinds:
        for half in ("even", "odd", "all"):
            ids = [i for i in decided if i in gold and kind_of(gold[i]) == kind
                   and (half == "all" or (int("".join(filter(str.isdigit, i))) % 2 == 0) == (half == "even"))]
            good = sum(decided[i] == gold[i]["gold_decision"] for i in ids)
            short = [i for i in ids if gold[i].get("gold_answer")]
            rows.append((kind, half, len(ids), good / len(ids) if ids else float("nan"),
                         sum(map(correct, short)), len(short)))
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    for kind, half, n, gdr, right, short in halves(Path(argv[0]), Path(argv[1])):
        strict = f"  answer correctness {right / short:.3f} ({right}/{short})" if short else ""
        print(f"{kind:22} {half:5} n={n:4d}  GDR {gdr:.3f}{strict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
