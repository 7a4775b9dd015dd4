"""The typed records of an evaluation: a benchmark question with its gold fields, what a system
returned for it, and the per-question result written to JSON Lines.

A system sees only :attr:`Question.question`; every other field of a :class:`Question` is gold and is
used by the runner and the metrics alone.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..answer import Answer
from ..evidence import ABSTAIN, Citation
from ..exceptions import InputError

DECISIONS = ("answer", "warn", "abstain")
REQUIRED_KEYS = ("id", "question", "location", "location_dependent", "gold_decision")


# The three parts of a labelled set, by question number modulo 3.
PARTS = ("fit", "calibrate", "report")


@dataclass(frozen=True)
class Question:
    """One benchmark line (docs/design.md §6)."""

    id: str
    question: str
    location_dependent: bool
    gold_decision: str
    location_id: str | None = None
    location_name: str | None = None
    location_level: str | None = None
    location_event_id: str | None = None  # a fire named instead of a place: its event node
    gold_answer: str | None = None
    gold_doc_ids: tuple[str, ...] = ()
    granularity: str | None = None
    topic: str | None = None
    case: str | None = None
    # Time: the day the question is asked on (YYYY-MM-DD; None: the day the evaluation runs), whether
    # it asks about the present, and the group it is reported in ("temporal" for the questions about time).
    as_of: str | None = None
    present: bool = False
    group: str | None = None
    # A question written in another language as the twin of an English one: the English question's text,
    # decided alongside it (the Spanish set, benchmarks/qa/spanish.jsonl).
    twin_question: str | None = None

    @property
    def part(self) -> str:
        """The part of the labelled data the question belongs to, by its id's number (:data:`PARTS`): a
        model is fitted on "fit", its threshold chosen on "calibrate", and "report" is read only to
        report. A question without a number in its id is in "fit"."""
        digits = "".join(filter(str.isdigit, self.id))
        return PARTS[int(digits) % 3] if digits else PARTS[0]

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, where: str = "benchmark") -> "Question":
        """Read one benchmark line; raises :class:`InputError` naming the missing or bad field."""
        missing = [k for k in REQUIRED_KEYS if k not in data]
        if missing:
            raise InputError(f"{where}: missing field(s) {', '.join(missing)}", source=where)
        if data["gold_decision"] not in DECISIONS:
            raise InputError(f"{where}: gold_decision must be one of {', '.join(DECISIONS)}, "
                             f"not {data['gold_decision']!r}", source=where)
        location = data["location"] or {}
        if data["location_dependent"] and not location.get("id") and data["gold_decision"] != "abstain":
            # a question whose answer depends on where and that gives no place the data holds is asked for its place
            raise InputError(f"{where}: a location-dependent question needs location.id, or gold_decision abstain "
                             "when it names no place the data holds", source=where)
        return cls(
            id=str(data["id"]), question=str(data["question"]), location_dependent=bool(data["location_dependent"]),
            gold_decision=data["gold_decision"], location_id=location.get("id"), location_name=location.get("name"),
            location_level=location.get("level"), location_event_id=data.get("location_event_id"),
            gold_answer=data.get("gold_answer") or None, gold_doc_ids=tuple(data.get("gold_doc_ids") or ()),
            granularity=data.get("granularity"), topic=data.get("topic"), case=data.get("case"),
            as_of=data.get("as_of"), present=bool(data.get("present")), group=data.get("group"),
            twin_question=data.get("twin_question") or None,
        )


def load_questions(path: Path, *, limit: int | None = None) -> list[Question]:
    """The questions of a JSON Lines benchmark file, in file order (the first ``limit`` of them)."""
    if not path.is_file():
        raise InputError(f"no benchmark file at {path}", source=str(path))
    questions: list[Question] = []
    seen: set[str] = set()
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                data = json.loads(line)
            except json.JSONDecodeError as err:
                raise InputError(f"{where}: not JSON ({err.msg})", source=str(path)) from None
            question = Question.from_dict(data, where=where)
            if question.id in seen:
                raise InputError(f"{where}: duplicate question id {question.id!r}", source=str(path))
            seen.add(question.id)
            questions.append(question)
            if limit is not None and len(questions) >= limit:
                break
    if not questions:
        raise InputError(f"{path} holds no questions", source=str(path))
    return questions


@dataclass(frozen=True)
class SystemAnswer:
    """What a system under test returns for one question, before any gold field is looked at.

    ``citations`` are the passages the answer uses (empty when it abstains); ``found_place_ids`` is
    None for a system that never looks for the question's place.
    """

    decision: str
    answer: str | None
    warning: str | None
    reason: str
    citations: tuple[Citation, ...] = ()
    found_place_ids: tuple[str, ...] | None = None
    considered: tuple[Citation, ...] = ()  # found but not used (an abstention's evidence)
    extra: dict[str, Any] = field(default_factory=dict)  # system-specific detail, copied into the record


@dataclass(frozen=True)
class UsedPassage:
    """A passage and its geographic relation to the question's GOLD location (None when the
    question has no location)."""

    chunk_id: str
    document_id: str
    title: str
    text: str
    score: float
    place_ids: tuple[str, ...]
    relation: str | None = None
    delta: float | None = None
    doc_type: str | None = None
    published: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"chunk_id": self.chunk_id, "doc_id": self.document_id, "title": self.title,
                "score": round(self.score, 4), "place_ids": list(self.place_ids), "relation": self.relation,
                "delta": None if self.delta is None or math.isinf(self.delta) else int(self.delta),
                "doc_type": self.doc_type, "published": self.published, "valid_from": self.valid_from,
                "valid_to": self.valid_to, "text": self.text}

    def citation(self) -> Citation:
        """The passage as a :class:`Citation` (for the rules that judge evidence, such as its age)."""
        return Citation(chunk_id=self.chunk_id, document_id=self.document_id, title=self.title, text=self.text,
                        source="", url=None, cosine=self.score, places=(), doc_type=self.doc_type,
                        published=self.published, valid_from=self.valid_from, valid_to=self.valid_to)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "UsedPassage":
        delta = data.get("delta")
        if delta is None and data.get("relation") == "unrelated":
            delta = math.inf
        return cls(chunk_id=data["chunk_id"], document_id=data["doc_id"], title=data.get("title") or "",
                   text=data.get("text") or "", score=float(data.get("score") or 0.0),
                   place_ids=tuple(data.get("place_ids") or ()), relation=data.get("relation"), delta=delta,
                   doc_type=data.get("doc_type"), published=data.get("published"),
                   valid_from=data.get("valid_from"), valid_to=data.get("valid_to"))


@dataclass(frozen=True)
class QuestionRecord:
    """One system's result on one question: one line of ``<system>.jsonl``."""

    question_id: str
    system: str
    decision: str
    answer: str | None = None
    warning: str | None = None
    reason: str = ""
    passages: tuple[UsedPassage, ...] = ()
    found_place_ids: tuple[str, ...] | None = None
    considered: tuple[UsedPassage, ...] = ()
    faithfulness: float | None = None
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.question_id, "system": self.system, "decision": self.decision, "answer": self.answer,
            "warning": self.warning, "reason": self.reason,
            "found_place_ids": None if self.found_place_ids is None else list(self.found_place_ids),
            "passages": [p.to_dict() for p in self.passages],
            "considered": [p.to_dict() for p in self.considered],
            "faithfulness": self.faithfulness, "seconds": round(self.seconds, 4), **self.extra,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "QuestionRecord":
        known = {"id", "system", "decision", "answer", "warning", "reason", "found_place_ids", "passages",
                 "considered", "faithfulness", "seconds"}
        found = data.get("found_place_ids")
        return cls(
            question_id=data["id"], system=data["system"], decision=data["decision"], answer=data.get("answer"),
            warning=data.get("warning"), reason=data.get("reason") or "",
            passages=tuple(UsedPassage.from_dict(p) for p in data.get("passages") or ()),
            found_place_ids=None if found is None else tuple(found),
            considered=tuple(UsedPassage.from_dict(p) for p in data.get("considered") or ()),
            faithfulness=data.get("faithfulness"), seconds=float(data.get("seconds") or 0.0),
            extra={k: v for k, v in data.items() if k not in known},
        )


def write_records(path: Path, records: Iterable[QuestionRecord]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record.to_dict(), ensure_ascii=False) + "\n")


def read_records(path: Path) -> list[QuestionRecord]:
    with path.open(encoding="utf-8") as lines:
        return [QuestionRecord.from_dict(json.loads(line)) for line in lines if line.strip()]


def system_answer(a: Answer) -> SystemAnswer:
    """GeoRisk's answer as the evaluation records it: the passages it used, or those it considered and
    abstained on."""
    used = a.decision != ABSTAIN
    return SystemAnswer(
        decision=a.decision, answer=a.answer, warning=a.warning, reason=a.reason,
        citations=a.citations if used else (), considered=() if used else a.citations,
        found_place_ids=tuple(p.id for p in a.query_places if p.id),
        extra={"place_decisions": [{"place_id": d.place.id if d.place else None, "decision": d.decision,
                                    "relation": d.relation} for d in a.decisions]},
    )
