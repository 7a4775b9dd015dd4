"""Two runs of ``georisk eval`` on the same questions, question by question: what a change to the system did
to each decision, answer, warning, reason, place found, and passage cited or considered.

A passage replaced by another of the same text (a statute printed in two chapters) is counted apart from
one replaced by a different text: the first changes which id is cited, not what the evidence says.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..exceptions import InputError

# The fields of a result row (records.ResultRow.to_dict) a change can move, compared as they are.
FIELDS = ("decision", "answer", "warning", "reason", "found_place_ids", "place_decisions")
# The passage lists, compared by chunk id and, where the ids differ at a position, by text.
PASSAGE_LISTS = ("passages", "considered")


@dataclass
class RunComparison:
    """Per field, the ids of the questions whose value differs between the two runs."""

    questions: int
    differs: dict[str, list[str]] = field(default_factory=dict)
    same_text: list[str] = field(default_factory=list)  # a cited or considered passage's id changed, not its text
    missing: list[str] = field(default_factory=list)  # in the first run only

    @property
    def identical(self) -> bool:
        return not self.missing and not any(self.differs.values()) and not self.same_text

    def to_dict(self) -> dict[str, Any]:
        return {"questions": self.questions, "differs": self.differs, "same_text": self.same_text,
                "missing": self.missing, "identical": self.identical}

    def describe(self) -> str:
        lines = [f"{self.questions} questions in both runs" + (f", {len(self.missing)} in the first only" if self.missing
                                                               else "")]
        for name in (*FIELDS, *PASSAGE_LISTS):
            ids = self.differs.get(name, [])
            lines.append(f"  {name:<16}{len(ids):>5} differ" + (f": {', '.join(ids[:12])}" + (" ..." if len(ids) > 12 else "")
                                                              if ids else ""))
        lines.append(f"  {'same text':<16}{len(self.same_text):>5} questions cite or consider another passage of the "
                     f"same text and nothing else differs" + (f": {', '.join(self.same_text[:12])}" if self.same_text else ""))
        return "\n".join(lines)


def _rows(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        raise InputError(f"{path} does not exist: give the --out folder of a `georisk eval` run, which holds "
                         f"one <system>.jsonl per system")
    rows: dict[str, dict[str, Any]] = {}
    with path.open() as lines:
        for n, line in enumerate(lines, 1):
            try:
                row = json.loads(line)
            except json.JSONDecodeError as err:
                raise InputError(f"{path}, line {n}: not JSON ({err.msg}); was the run cut short?") from None
            rows[str(row["id"])] = row
    return rows


def compare_runs(before: Path, after: Path, system: str = "georisk") -> RunComparison:
    """Compare ``before/<system>.jsonl`` with ``after/<system>.jsonl`` question by question."""
    first, second = _rows(before / f"{system}.jsonl"), _rows(after / f"{system}.jsonl")
    result = RunComparison(questions=len(first.keys() & second.keys()),
                           missing=sorted(first.keys() - second.keys()))
    result.differs = {name: [] for name in (*FIELDS, *PASSAGE_LISTS)}
    for qid in sorted(first.keys() & second.keys()):
        a, b = first[qid], second[qid]
        moved = False
        for name in FIELDS:
            if a.get(name) != b.get(name):
                result.differs[name].append(qid)
                moved = True
        renamed = False
        for name in PASSAGE_LISTS:
            x, y = a.get(name) or [], b.get(name) or []
            if [p["chunk_id"] for p in x] == [p["chunk_id"] for p in y]:
                continue
            if len(x) == len(y) and all(p.get("text") == q.get("text") for p, q in zip(x, y)):
                renamed = True
            else:
                result.differs[name].append(qid)
                moved = True
        if renamed and not moved:
            result.same_text.append(qid)
    return result
