"""The labelled questions the models are fitted and calibrated on, and what each says is on its topic.

Every question of the four written sets carries its gold place, documents and short answer. What a
passage must speak of to be on a question's topic comes from how each set was built: the public set's
`relevance` record (a topic rule, a named incident, a kind of document: benchmarks/qa/data.py), and for
the fresh, second and at-length sets the topic pattern and checks of the seed the question was written
from (benchmarks/qa/fresh/derive.py). A passage is labelled

- 1 (answers) when it belongs to a gold document and holds the short gold answer (or, without one, is on
  the topic), or is on the topic in any document (relevance is judged apart from geography: another
  state's statute on the question's topic is relevant, and geography then decides it does not apply);
- 0 (does not answer) when nothing of the topic is in it, or when it is a statute's and every gold document
  of the question is a fire report (the question asks what fires did; a statute on the same topic says what
  may be done, not what was), or, for a public question whose record names the kind of document, when it
  is of another kind;
- None (not used) otherwise: on the topic's general words but not its specifics.

The parts (records.Question.part): the public set is all "fit" (its questions were read while the rules
were written); the fresh and second sets' even-numbered questions are "fit" and odd-numbered "calibrate";
the at-length set keeps its parts by question number modulo 3, and its "report" part is never loaded
here.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Callable

from ..evaluation.metrics import normalise
from ..evaluation.records import Question, load_questions

# The labelled sets and the seeds they were derived from (benchmarks/qa, installed as georisk_graph.benchmarks):
# read as data, and the seed modules loaded from their folder for the topic patterns they label passages by.
QA = Path(str(resources.files("georisk_graph.benchmarks"))) / "qa"
SETS = {"public": QA / "questions.jsonl", "fresh": QA / "fresh.jsonl", "second": QA / "holdout.jsonl",
        "atlength": QA / "atlength.jsonl", "newstyles": QA / "newstyles.jsonl"}
# The sources whose documents are fire reports (a gold document id is "<source>:<id>").
REPORT_SOURCES = frozenset({"inciweb", "inciweb_summary", "calfire"})
SEEDS = {"fresh": "seeds", "second": "seeds_b", "atlength": "seeds_c", "newstyles": "seeds_d"}


@dataclass(frozen=True)
class Labelled:
    """A labelled question: the benchmark's record, its set and part, and what is on its topic."""

    question: Question
    set: str
    part: str
    on_topic: Callable[[str], bool | None]  # title + "\n" + text -> True, False, or None (neither)
    doc_type: str | None = None  # the kind of document that can answer, when the set says so

    @property
    def reported(self) -> bool:
        """Whether every gold document is a fire report: the question asks what fires did."""
        gold = self.question.gold_doc_ids
        return bool(gold) and all(d.split(":", 1)[0] in REPORT_SOURCES for d in gold)

    def label(self, document_id: str, title: str, text: str, doc_type: str | None = None) -> int | None:
        """Whether a passage answers the question (1), does not (0), or is not used (None)."""
        q = self.question
        blob = f"{title}\n{text}"
        if self.doc_type and doc_type and doc_type != self.doc_type:
            return 0  # a question about the law is not answered by a fire report, however it reads
        if doc_type == "statute" and self.reported:
            return 0  # what a fire did is in its reports: a statute on the same topic says what may be done, not what was
        topical = self.on_topic(blob)
        if document_id in q.gold_doc_ids:
            if q.gold_answer:
                return 1 if normalise(q.gold_answer) in normalise(blob) else (None if topical is not False else 0)
            return 1 if topical else None
        return None if topical is None else int(topical)


# What each part holds, as a fitted model's file says it (part_of decides it).
PART_TEXT = {
    "fit": "public set; fresh and second sets, even-numbered questions; at-length and new-styles sets, part fit",
    "calibrate": "fresh and second sets, odd-numbered questions; at-length and new-styles sets, part calibrate",
}


def part_of(set_name: str, question: Question) -> str:
    if set_name == "public":
        return "fit"
    if set_name in ("fresh", "second"):
        digits = "".join(filter(str.isdigit, question.id))
        return "fit" if int(digits) % 2 == 0 else "calibrate"
    return question.part


# Every labelled set that says of each question whether its answer depends on where (the dependence and name
# models read them all): the five above, the Spanish set, the place-writing set, the incident and glossary questions,
# and the dependence set (questions written without a place, each labelled by what it asks; no gold decision).
LOCATED_SETS = {**SETS, "spanish": QA / "spanish.jsonl", "placewriting": QA / "placewriting.jsonl",
                "incidents": QA / "incident_facts.jsonl", "glossary": QA / "glossary_questions.jsonl"}
DEPENDENCE_SET = QA / "dependence.jsonl"


@dataclass(frozen=True)
class Asked:
    """A labelled question as the dependence and name models read it: its set and part, its text, whether its answer
    depends on where, and its gold place (None without one)."""

    set: str
    part: str
    text: str
    location_dependent: bool
    location_id: str | None = None


def asked(parts: tuple[str, ...] = ("fit", "calibrate")) -> list[Asked]:
    """The questions of ``parts`` of every set of :data:`LOCATED_SETS` and of the dependence set that exist; the
    "report" part is never among them."""
    if "report" in parts:
        raise ValueError("the report part is held out: it is read only by `georisk eval --part report`")
    out: list[Asked] = []
    for name, path in LOCATED_SETS.items():
        if not path.is_file():
            continue
        for q in load_questions(path):
            part = part_of(name, q)
            if part in parts:
                out.append(Asked(name, part, q.question, q.location_dependent, q.location_id))
    if DEPENDENCE_SET.is_file():
        for line in DEPENDENCE_SET.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            digits = "".join(filter(str.isdigit, str(row["id"])))
            part = ("fit", "calibrate", "report")[int(digits) % 3]
            if part in parts:
                out.append(Asked("dependence", part, str(row["question"]), bool(row["location_dependent"])))
    return out


def _public_topics() -> Callable[[Question], Callable[[str], bool | None]]:
    sys.path.insert(0, str(QA))
    data = importlib.import_module("data")
    records = {r["id"]: r for r in map(json.loads, SETS["public"].read_text(encoding="utf-8").splitlines()) if r}

    def topic(question: Question) -> Callable[[str], bool | None]:
        spec = records[question.id]["relevance"]
        if spec.get("entity"):
            name = data.norm(spec["entity"])
            return lambda blob: name in data.norm(blob)
        if spec.get("rule"):
            pattern = data.rule_pattern(spec["rule"])
            return lambda blob: bool(pattern.search(blob))
        return lambda blob: None

    return topic


def _public_kinds() -> dict[str, str]:
    """The kind of document that answers each public question whose relevance record names one ("What
    does Idaho law say ...": statutes)."""
    records = map(json.loads, SETS["public"].read_text(encoding="utf-8").splitlines())
    return {r["id"]: r["relevance"]["doc_type"] for r in records if r and r.get("relevance", {}).get("doc_type")}


def _seed_topics(module: str) -> Callable[[Question], Callable[[str], bool | None]]:
    fresh = QA / "fresh"
    sys.path.insert(0, str(fresh))
    derive = importlib.import_module("derive")
    seeds = {s["q"]: s for s in importlib.import_module(module).SEEDS}

    def topic(question: Question) -> Callable[[str], bool | None]:
        seed = seeds.get(question.question)
        if seed is None:
            return lambda blob: None
        general = re.compile(derive.TOPICS[seed["topic"]], re.I)
        checks = [re.compile(p, re.I) for p in (seed.get("check") or [])]

        def on(blob: str) -> bool | None:
            if not general.search(blob):
                return False if not any(c.search(blob) for c in checks) else None
            return all(c.search(blob) for c in checks) or None

        return on

    return topic


def labelled(parts: tuple[str, ...] = ("fit", "calibrate")) -> list[Labelled]:
    """The labelled questions of ``parts`` from every set; the at-length set's "report" part is never
    among them."""
    if "report" in parts:
        raise ValueError("the report part is held out: it is read only by `georisk eval --part report`")
    out: list[Labelled] = []
    for name, path in SETS.items():
        topic = _public_topics() if name == "public" else _seed_topics(SEEDS[name])
        kinds = _public_kinds() if name == "public" else {}
        for q in load_questions(path):
            part = part_of(name, q)
            if part in parts and q.group != "temporal":
                out.append(Labelled(q, name, part, topic(q), kinds.get(q.id)))
    return out
