"""How the question-reading models read a part of the labelled questions: the dependence model (whether what a
question asks depends on where) against each question's gold ``location_dependent``, the places the reading finds
(the name model's share among them) against the written place questions' gold places, and the kind of answer and of
yes/no question read against the labelled answer types. ``georisk eval-models --part report`` prints them for the
part held out from every fitting."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..answer_kinds import YES_NO_KINDS
from ..dependence import dependence
from .records import PARTS, Question, load_questions

BATCH = 64


@dataclass(frozen=True)
class Tally:
    """How many of ``total`` were read right."""

    right: int = 0
    total: int = 0

    @property
    def share(self) -> float | None:
        return self.right / self.total if self.total else None

    def add(self, right: bool) -> "Tally":
        return Tally(self.right + int(right), self.total + 1)


@dataclass
class ModelsReport:
    """The dependence model's accuracy per set (and over all) and the place-reading share of the written place
    questions, on one part."""

    part: str
    dependence: dict[str, Tally] = field(default_factory=dict)
    places: dict[str, Tally] = field(default_factory=dict)
    answer_types: dict[str, Tally] = field(default_factory=dict)  # by set file and style, and "all"
    yes_no: dict[str, Tally] = field(default_factory=dict)
    statement_kinds: dict[str, Tally] = field(default_factory=dict)  # by the labelled kind, and "all"

    def to_dict(self) -> dict[str, Any]:
        def shown(t: dict[str, Tally]) -> dict[str, Any]:
            return {k: {"right": v.right, "total": v.total, "share": None if v.share is None else round(v.share, 4)}
                    for k, v in t.items()}
        return {"part": self.part, "dependence": shown(self.dependence), "places": shown(self.places),
                "answer_types": shown(self.answer_types), "yes_no": shown(self.yes_no),
                "statement_kinds": shown(self.statement_kinds)}

    def describe(self) -> str:
        lines = [f"part {self.part}", "dependence model: location_dependent read right"]
        lines += [f"  {name:14s} {t.right:4d} of {t.total:4d}  {t.share:.3f}" for name, t in self.dependence.items()
                  if t.share is not None]
        lines.append("written place questions: the gold place (or a place inside it) among the places read")
        lines += [f"  {name:14s} {t.right:4d} of {t.total:4d}  {t.share:.3f}" for name, t in self.places.items()
                  if t.share is not None]
        for title, tallies in (("answer types: the kind of answer read right", self.answer_types),
                               ("yes/no questions: the kind of yes/no question read right", self.yes_no),
                               ("sentences: the kind of statement read right, by the labelled kind",
                                self.statement_kinds)):
            lines.append(title)
            lines += [f"  {name:22s} {t.right:4d} of {t.total:4d}  {t.share:.3f}" for name, t in tallies.items()
                      if t.share is not None]
        return "\n".join(lines)


def _part(identifier: str) -> str:
    digits = "".join(filter(str.isdigit, identifier))
    return PARTS[int(digits) % 3] if digits else PARTS[0]


def report(georisk: Any, part: str, *, located: dict[str, Path], dependence_set: Path, written: Path,
           part_of: Callable[[str, Question], str], kinds: Sequence[Any] = (), statements: Sequence[Any] = (),
           statement_reader: Any = None) -> ModelsReport:
    """Read ``part`` of the labelled sets ``located`` (benchmarks with gold ``location_dependent``; ``part_of`` says
    which part a set's question is in, as the fitting reads them), of the dependence set and of the written place
    questions with ``georisk`` (a connected GeoRisk) and tally what was read right."""
    out = ModelsReport(part)
    asked: list[tuple[str, str, bool]] = []
    for name, path in located.items():
        if path.is_file():
            asked += [(name, q.question, q.location_dependent) for q in load_questions(path) if part_of(name, q) == part]
    rows = [json.loads(line) for line in dependence_set.read_text(encoding="utf-8").splitlines() if line.strip()]
    asked += [("dependence", r["question"], bool(r["location_dependent"])) for r in rows if _part(r["id"]) == part]
    total = Tally()
    for start in range(0, len(asked), BATCH):
        batch = asked[start:start + BATCH]
        readings = georisk.read([text for _, text, _ in batch])
        for (name, _, dependent), reading, vectors in zip(batch, readings, georisk.embed(readings)):
            judged = dependence(georisk.models.dependence, vectors.without_places, reading.without_places,
                                reading.answer_types)
            out.dependence[name] = out.dependence.get(name, Tally()).add(judged.dependent == dependent)
            total = total.add(judged.dependent == dependent)
    out.dependence["all"] = total
    written_rows = [json.loads(line) for line in written.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = [r for r in written_rows if _part(r["id"]) == part]
    gazetteer = georisk.reader.gazetteer
    every = Tally()
    for start in range(0, len(items), BATCH):
        rows_read = items[start:start + BATCH]
        for row, reading in zip(rows_read, georisk.read([r["question"] for r in rows_read])):
            found = [p.id for p in reading.places if p.id]
            gold: Sequence[str] = tuple(row["places"])
            right = (not gold and not found) or (bool(gold) and all(
                g in found or any(g in gazetteer.ancestors(f) for f in found) for g in gold))
            style = row["note"].split("]", 1)[0].strip("[") if row.get("note", "").startswith("[") else "other"
            out.places[style] = out.places.get(style, Tally()).add(right)
            every = every.add(right)
    out.places["all"] = every
    _kinds(georisk, [k for k in kinds if k.part == part], out)
    if statement_reader is not None:
        _statements(georisk, statement_reader, [s for s in statements if s.part == part], out)
    return out


def _statements(georisk: Any, reader: Any, items: Sequence[Any], out: ModelsReport) -> None:
    """Tally the kinds of statement read for ``items`` (training.statement_kinds.Statement) by ``reader`` (a
    georisk_graph.statements.StatementReader) from the sentences' embeddings."""
    every = Tally()
    for start in range(0, len(items), BATCH):
        batch = items[start:start + BATCH]
        texts = [i.text for i in batch]
        for item, found in zip(batch, reader.stated(texts, georisk.embedder.embed(texts))):
            right = found.kind == item.kind
            out.statement_kinds[item.kind] = out.statement_kinds.get(item.kind, Tally()).add(right)
            every = every.add(right)
    out.statement_kinds = dict(sorted(out.statement_kinds.items()))
    if every.total:
        out.statement_kinds["all"] = every


def _kinds(georisk: Any, items: Sequence[Any], out: ModelsReport) -> None:
    """Tally the kinds of answer and of yes/no question read for ``items`` (training.answer_types.KindAsked)."""
    every, yes_no = Tally(), Tally()
    for start in range(0, len(items), BATCH):
        batch = items[start:start + BATCH]
        for item, reading in zip(batch, georisk.read([i.text for i in batch])):
            right = reading.answer_type == item.kind
            for key in (item.id.split("-")[0], f"{item.language}/{item.style}"):
                out.answer_types[key] = out.answer_types.get(key, Tally()).add(right)
            every = every.add(right)
            if item.yes_no is not None:
                yes_no = yes_no.add((reading.yes_no or "") == (item.yes_no if item.yes_no in YES_NO_KINDS else ""))
    out.answer_types = dict(sorted(out.answer_types.items()))
    if every.total:
        out.answer_types["all"] = every
        out.yes_no["all"] = yes_no
