"""How questions phrased as people type them are read: the places found in the 160 questions of
``benchmarks/places/typed.jsonl`` (lower case, postal codes, a state as an adjective, greetings and
thanks, imperatives, typos, everyday words that are also place names, no place at all), written from the
geography table apart from the reading code, against the places their author meant.

    python -m georisk_graph.benchmarks.reading            # the table, per half (odd ids held out)
    python -m georisk_graph.benchmarks.reading --misses   # and each question of the even half read wrong
    python -m georisk_graph.benchmarks.reading --all-misses   # of both halves (read the held-out half once)
    python -m georisk_graph.benchmarks.reading --set benchmarks/places/typed_b.jsonl   # another set

A question is read right when the places found are the places meant (in any order), and every name
its author marked as no known place is reported unresolved, or, where none is meant, nothing is found.
A fire meant is found as the counties it burned: the reading asks of the places where it burned.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from georisk_graph import GeoRisk

TYPED = Path(__file__).resolve().parent / "places" / "typed.jsonl"


def score(georisk: GeoRisk, path: Path = TYPED) -> list[dict]:
    """One row per question: what was meant, what was read, and whether it was read right."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    readings = georisk.read([r["question"] for r in rows])
    out = []
    for row, reading in zip(rows, readings):
        found = sorted({p.id for p in reading.places if p.id})
        unresolved = [p.surface.lower() for p in reading.unresolved]
        meant = sorted({p for place in row["places"] for p in _where(georisk, place)})
        wanted_unresolved = [u.lower() for u in row.get("unresolved", [])]
        right = found == meant and all(any(u in x or x in u for x in unresolved) for u in wanted_unresolved)
        out.append({"id": row["id"], "question": row["question"], "meant": meant, "found": found,
                    "unresolved": unresolved, "wanted_unresolved": wanted_unresolved, "right": right,
                    "category": row.get("note", "").split("]")[0].strip("["), "read_as": reading.read_as,
                    "unsure": list(reading.unsure)})
    return out


def _where(georisk: GeoRisk, place_id: str) -> tuple[str, ...]:
    """The places a question meaning ``place_id`` is about: a fire's are the counties it burned (a question
    on a fire is asked of where it burned), any other place is itself."""
    gazetteer = georisk.reader.gazetteer
    entry = gazetteer.get(place_id)
    if entry is None or entry.level != "event":
        return (place_id,)
    counties = tuple(p for p in entry.parents if (parent := gazetteer.get(p)) is not None and parent.level == "county")
    return counties or (place_id,)


def main(argv: list[str]) -> int:
    path = TYPED
    if "--set" in argv:
        at = argv.index("--set") + 1
        if at >= len(argv) or not Path(argv[at]).is_file():
            print("--set takes the path of a JSON Lines file of typed questions", file=sys.stderr)
            return 2
        path = Path(argv[at])
    with GeoRisk.connect() as georisk:
        rows = score(georisk, path)
    for half in ("even", "odd", "all"):
        chosen = [r for r in rows if half == "all" or (_number(r["id"]) % 2 == 0) == (half == "even")]
        right = sum(r["right"] for r in chosen)
        print(f"{half:5} read right {right / len(chosen):.3f} ({right}/{len(chosen)})")
    categories = sorted({r["category"] for r in rows})
    for category in categories:
        chosen = [r for r in rows if r["category"] == category]
        right = sum(r["right"] for r in chosen)
        print(f"  {category:22} {right:3}/{len(chosen):3}")
    if "--misses" in argv or "--all-misses" in argv:
        for r in rows:
            if not r["right"] and ("--all-misses" in argv or _number(r["id"]) % 2 == 0):
                print(f"{r['id']} {r['question']!r}\n    meant {r['meant']} {r['wanted_unresolved']}; found {r['found']} "
                      f"{r['unresolved']}; read as {r['read_as']!r}")
    return 0


def _number(question_id: str) -> int:
    return int("".join(filter(str.isdigit, question_id)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
