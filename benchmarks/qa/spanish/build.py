"""Build benchmarks/qa/spanish.jsonl from the hand-written Spanish twins in twins.py.

Each record is a copy of its English twin's record (gold decision, gold documents, gold answer, location, ...)
with ``id`` = S001, S002, ... in TWINS order, ``question`` = the Spanish text, and the added fields
``language`` ("es"), ``twin_id``, ``twin_question`` (the English text) and ``style``.

    python benchmarks/qa/spanish/build.py           # write benchmarks/qa/spanish.jsonl and print the counts
    python benchmarks/qa/spanish/build.py --check   # rebuild in memory; exit 1 if the committed file differs

Standard library only. It reads only the three English files named in ENGLISH (never atlength.jsonl).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
QA = HERE.parent
OUT = QA / "spanish.jsonl"
ENGLISH = ("holdout.jsonl", "fresh.jsonl", "questions.jsonl")
STYLES = ("e1", "e2", "e3", "e4", "e5", "e6", "e7")
PARTS = {0: "fit", 1: "calibrate", 2: "report"}  # by id number mod 3


class BuildError(Exception):
    pass


def sort_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_twins() -> list[dict]:
    spec = importlib.util.spec_from_file_location("spanish_twins", HERE / "twins.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.TWINS)


def load_english() -> dict[str, tuple[str, dict]]:
    english: dict[str, tuple[str, dict]] = {}
    for name in ENGLISH:
        with open(QA / name, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                rec = json.loads(line)
                if rec["id"] in english:
                    raise BuildError(f"English id {rec['id']} occurs twice ({english[rec['id']][0]} and {name}:{lineno})")
                english[rec["id"]] = (name, rec)
    return english


def validate(twins: list[dict], english: dict) -> None:
    seen_twin: dict[str, int] = {}
    seen_q: dict[str, int] = {}
    for i, t in enumerate(twins, 1):
        if set(t) != {"twin", "q", "style"}:
            raise BuildError(f"TWINS[{i}]: keys must be twin, q, style; got {sorted(t)}")
        tid, q, style = t["twin"], t["q"], t["style"]
        if tid not in english:
            raise BuildError(f"TWINS[{i}]: unknown English id {tid!r}")
        if tid in seen_twin:
            raise BuildError(f"TWINS[{i}]: duplicate twin {tid} (also TWINS[{seen_twin[tid]}])")
        seen_twin[tid] = i
        if not isinstance(q, str) or not q.strip() or q != q.strip():
            raise BuildError(f"TWINS[{i}] ({tid}): empty question or stray whitespace")
        if q in seen_q:
            raise BuildError(f"TWINS[{i}] ({tid}): duplicate Spanish question (also TWINS[{seen_q[q]}])")
        seen_q[q] = i
        codes = style.split(",")
        if not codes or any(c not in STYLES for c in codes) or len(set(codes)) != len(codes):
            raise BuildError(f"TWINS[{i}] ({tid}): bad style {style!r}")
    keys = [sort_key(t["q"]) for t in twins]
    if keys != sorted(keys):
        raise BuildError("TWINS is not ordered by the SHA-256 of the Spanish text; reorder it "
                         "(sorted(TWINS, key=lambda t: hashlib.sha256(t['q'].encode()).hexdigest()))")


def build() -> tuple[str, list[dict], list[str]]:
    twins = load_twins()
    english = load_english()
    validate(twins, english)
    records, sources = [], []
    for n, t in enumerate(twins, 1):
        source, en = english[t["twin"]]
        rec = json.loads(json.dumps(en))  # deep copy, key order kept
        rec["id"] = f"S{n:03d}"
        rec["question"] = t["q"]
        rec["language"] = "es"
        rec["twin_id"] = en["id"]
        rec["twin_question"] = en["question"]
        rec["style"] = t["style"]
        records.append(rec)
        sources.append(source)
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    return text, records, sources


def summary(records: list[dict], sources: list[str]) -> str:
    dec = collections.Counter(r["gold_decision"] for r in records)
    ld = collections.Counter("LD" if r["location_dependent"] else "LI" for r in records)
    styles = collections.Counter(c for r in records for c in r["style"].split(","))
    src = collections.Counter(sources)
    lines = [
        f"twins: {len(records)}",
        "decision: " + ", ".join(f"{k} {dec[k]}" for k in ("answer", "warn", "abstain")),
        f"location-dependent {ld['LD']}, location-independent {ld['LI']}",
        "style: " + ", ".join(f"{s} {styles[s]}" for s in STYLES),
        "from: " + ", ".join(f"{k} {src[k]}" for k in ENGLISH),
    ]
    for m, part in PARTS.items():
        rs = [r for r in records if int(r["id"][1:]) % 3 == m]
        d = collections.Counter(r["gold_decision"] for r in rs)
        lines.append(f"part {part} (id mod 3 = {m}): {len(rs)} "
                     f"(answer {d['answer']}, warn {d['warn']}, abstain {d['abstain']})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="rebuild in memory; exit 1 if the committed file differs")
    args = ap.parse_args(argv)
    try:
        text, records, sources = build()
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        if not OUT.exists():
            print(f"check failed: {OUT} does not exist", file=sys.stderr)
            return 1
        if OUT.read_text(encoding="utf-8") != text:
            print(f"check failed: {OUT} differs from a rebuild; run build.py", file=sys.stderr)
            return 1
        print(f"check ok: {OUT.relative_to(QA.parent.parent)} matches ({len(records)} twins)")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(QA.parent.parent)}")
    print(summary(records, sources))
    return 0


if __name__ == "__main__":
    sys.exit(main())
