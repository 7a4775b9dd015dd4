"""The metrics of docs/design.md §6, as pure functions of per-question records and the gold questions.

Every function takes ``records`` (one system's :class:`QuestionRecord` list, usually one split) and
``gold`` (question id -> :class:`Question`) and returns a :class:`Rate`, whose value is None when its
denominator is 0. The split into location-dependent and location-independent questions is made by
:func:`summarize` from the gold field ``location_dependent``.

False confidence rate (FCR) has one definition per split:

- location-dependent questions: the share of questions answered WITHOUT a warning
  (decision "answer") while none of the passages used is an exact geographic match, i.e. none has
  relation "exact" to the GOLD location in the containment DAG (an answer with no passages counts);
- location-independent questions: the share of questions answered without a warning although the
  gold decision is "abstain" (the knowledge base holds no relevant evidence).

Both denominators are all the questions of the split.

Good decision rate (GDR): share of questions whose decision equals ``gold_decision``. Warning and
abstention rates are shares of all questions; their appropriateness is the share of warnings whose
gold decision is "warn" (of abstentions whose gold decision is "abstain"); their recall is the share
of gold-warn questions warned (gold-abstain questions abstained).

Query-place resolution accuracy (location-dependent): the first place the system found equals the
gold location id, or the question's ``location_event_id`` (a fire named instead of a place); no
value for a system that does not look for places. Because a question such as "the 2013 Gobblers Fire
in San Bernardino County" names a fire before its county, :func:`place_found_rate` also reports the
share of questions where the gold location (or event) is among ALL the places found.

Answer correctness, over the questions with a ``gold_answer``: the normalised gold answer (lower
case, thousands separators removed, spaces collapsed) occurs in the normalised answer text, the words
a user reads. An abstention is not correct. Beside it, and labelled as such, the passage-level figure
(:func:`answer_in_passages`): the gold answer occurs in the answer or in the text of a passage the
answer uses; it says whether the evidence held the answer, not whether the answer gave it.

Stale-answer rate: of the questions about the present (gold ``present``), the share answered (answer or
warn) without a warning that gives a date (YYYY-MM-DD) while every passage used is stale on the
question's ``as_of`` by :func:`georisk_graph.decision.is_stale` with the default freshness windows
(an incident report older than its window, a restriction past its stated period, never a statute).

The questions of the ``temporal`` group are a split of their own (:func:`split_of`), so the two
location splits hold the same questions as before the group was added.

Faithfulness: the mean over answered questions of a per-answer score in [0, 1], from an LLM judge
when one is configured, else from :func:`heuristic_faithfulness` (always labelled "heuristic").

The form of the answers, over the answered questions with an answer text: the share that say a
statement twice (:func:`repeats_a_statement`) and the share with text no citation marker follows
(:func:`has_uncited_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Mapping, Sequence

from ..decision import Freshness, is_stale
from .records import Question, QuestionRecord

ANSWER, WARN, ABSTAIN = "answer", "warn", "abstain"


@dataclass(frozen=True)
class Rate:
    """numerator / denominator; ``value`` is None when nothing was counted. ``interval`` is the 95% interval
    of the rate by the bootstrap over the questions counted (None when nothing was counted)."""

    numerator: float
    denominator: int
    interval: tuple[float, float] | None = None

    @property
    def value(self) -> float | None:
        return None if self.denominator == 0 else self.numerator / self.denominator


BOOTSTRAP = 2000  # resamples of the questions for an interval


def bootstrap_interval(flags: Sequence[bool], *, resamples: int = BOOTSTRAP, seed: int = 7) -> tuple[float, float] | None:
    """The 2.5th and 97.5th percentiles of the share of true flags over ``resamples`` resamples (with
    replacement, the same size) of ``flags``: how much the rate could move with other questions of the same
    kind. Seeded, so a run gives the same interval every time."""
    import numpy as np

    if not flags:
        return None
    values = np.asarray(flags, dtype=np.float64)
    draws = np.random.default_rng(seed).integers(0, len(values), size=(resamples, len(values)))
    shares = values[draws].mean(axis=1)
    return float(np.percentile(shares, 2.5)), float(np.percentile(shares, 97.5))


def _rate(flags: Sequence[bool]) -> Rate:
    return Rate(sum(1 for f in flags if f), len(flags), bootstrap_interval(flags))


# -- decisions ---------------------------------------------------------------------------------------
def is_false_confidence(record: QuestionRecord, question: Question) -> bool:
    """The per-question FCR event of the module docstring."""
    if record.decision != ANSWER:
        return False
    if question.location_dependent:
        return not any(p.relation == "exact" for p in record.passages)
    return question.gold_decision == ABSTAIN


def false_confidence_rate(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Rate:
    return _rate([is_false_confidence(r, gold[r.question_id]) for r in records])


_DATED = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def is_stale_answer(record: QuestionRecord, question: Question, *, today: date | None = None) -> bool:
    """The per-question stale-answer event of the module docstring (``today`` stands for a question
    without ``as_of``)."""
    if not question.present or record.decision == ABSTAIN or _DATED.search(record.warning or ""):
        return False
    as_of = date.fromisoformat(question.as_of) if question.as_of else (today or date.today())
    return bool(record.passages) and all(is_stale(p.citation(), as_of, Freshness()) for p in record.passages)


def stale_answer_rate(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Rate:
    return _rate([is_stale_answer(r, gold[r.question_id]) for r in records if gold[r.question_id].present])


def good_decision_rate(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Rate:
    return _rate([r.decision == gold[r.question_id].gold_decision for r in records])


def decision_rate(records: Sequence[QuestionRecord], decision: str) -> Rate:
    """Share of questions given ``decision``."""
    return _rate([r.decision == decision for r in records])


def appropriateness(records: Sequence[QuestionRecord], gold: Mapping[str, Question], decision: str) -> Rate:
    """Of the questions given ``decision``, the share whose gold decision is the same (precision)."""
    return _rate([gold[r.question_id].gold_decision == decision for r in records if r.decision == decision])


def recall(records: Sequence[QuestionRecord], gold: Mapping[str, Question], decision: str) -> Rate:
    """Of the questions whose gold decision is ``decision``, the share given it."""
    return _rate([r.decision == decision for r in records if gold[r.question_id].gold_decision == decision])


# -- places --------------------------------------------------------------------------------------------
def place_resolved(record: QuestionRecord, question: Question) -> bool:
    """The first found place is the gold location (or the fire the question names)."""
    if not record.found_place_ids:
        return False
    first = record.found_place_ids[0]
    return first == question.location_id or (question.location_event_id is not None
                                              and first == question.location_event_id)


def place_found(record: QuestionRecord, question: Question) -> bool:
    """The gold location (or the fire the question names) is among the places found."""
    wanted = {question.location_id, question.location_event_id} - {None}
    return bool(wanted & set(record.found_place_ids or ()))


def _placed(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> list[QuestionRecord]:
    """The records of the location-dependent questions that give a place the data holds (a gold location)."""
    return [r for r in records if gold[r.question_id].location_dependent and gold[r.question_id].location_id]


def place_resolution_accuracy(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Rate:
    """Over location-dependent questions with a gold location; Rate(0, 0) when the system never looks for places."""
    dependent = _placed(records, gold)
    if any(r.found_place_ids is None for r in dependent):
        return Rate(0, 0)
    return _rate([place_resolved(r, gold[r.question_id]) for r in dependent])


def place_found_rate(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Rate:
    """Like :func:`place_resolution_accuracy`, with the gold place anywhere among the places found."""
    dependent = _placed(records, gold)
    if any(r.found_place_ids is None for r in dependent):
        return Rate(0, 0)
    return _rate([place_found(r, gold[r.question_id]) for r in dependent])


# -- answers -------------------------------------------------------------------------------------------
def normalise(text: str) -> str:
    """Lower case, no thousands separators ("153,336" -> "153336"), single spaces."""
    text = re.sub(r"(?<=\d),(?=\d)", "", text.lower())
    return re.sub(r"\s+", " ", text).strip()


def answer_correct(record: QuestionRecord, question: Question) -> bool | None:
    """Whether the gold answer is in the answer text; None without a gold answer."""
    if not question.gold_answer:
        return None
    if record.decision == ABSTAIN:
        return False
    return normalise(question.gold_answer) in normalise(record.answer or "")


def answer_in_passage(record: QuestionRecord, question: Question) -> bool | None:
    """Whether the gold answer is in the answer or a passage it uses; None without a gold answer."""
    if not question.gold_answer:
        return None
    if record.decision == ABSTAIN:
        return False
    wanted = normalise(question.gold_answer)
    texts = [record.answer or ""] + [p.text for p in record.passages]
    return any(wanted in normalise(t) for t in texts)


def answer_correctness(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Rate:
    """The headline figure: the share of questions with a gold answer whose answer text holds it."""
    flags = [answer_correct(r, gold[r.question_id]) for r in records]
    return _rate([f for f in flags if f is not None])


def answer_in_passages(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Rate:
    """The passage-level figure: the share whose answer or cited passages hold the gold answer."""
    flags = [answer_in_passage(r, gold[r.question_id]) for r in records]
    return _rate([f for f in flags if f is not None])


_CITATION_MARK = re.compile(r"\s*\[\d+(?:,\s*\d+)*\]")
_WORD = re.compile(r"[a-z][a-z'\-]+")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_CAPITALISED = re.compile(r"\b[A-Z][a-zA-Z'\-]*[a-z][a-zA-Z'\-]*\b")
STOPWORDS = frozenset("""
    a about above after again against all also am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have
    having he her here hers him his how if in into is it its itself just may might more most must my no
    nor not now of off on once only or other our out over own per same she should so some such than that
    the their them then there these they this those through to too under until up upon very was we were
    what when where which while who whom why will with within would you your yours
""".split())


def _sentences(text: str) -> list[str]:
    from ..analysis import sentence_spans

    return [text[s:e] for s, e in sentence_spans(text) if text[s:e].strip()]


def sentence_supported(sentence: str, passages: Sequence[str], *, threshold: float = 0.8) -> bool:
    """At least ``threshold`` of the sentence's content words occur in the passages, and so does every
    number and every capitalised word after the first (taken as names: places, agencies, fires)."""
    joined = "\n".join(passages)
    lowered = normalise(joined)
    words = set(_WORD.findall(lowered))
    content = [w for w in _WORD.findall(sentence.lower()) if w not in STOPWORDS and len(w) >= 3]
    if content and sum(w in words for w in content) / len(content) < threshold:
        return False
    numbers = set(_NUMBER.findall(lowered))
    if any(n not in numbers for n in _NUMBER.findall(normalise(sentence))):
        return False
    names = [m for m in _CAPITALISED.finditer(sentence) if sentence[:m.start()].strip()]
    return all(re.search(r"\b" + re.escape(m.group()) + r"\b", joined) for m in names)


def heuristic_faithfulness(answer: str | None, passages: Sequence[str]) -> float | None:
    """Share of the answer's sentences supported by the passages (:func:`sentence_supported`); None
    for an empty answer. A heuristic, not a judgement of meaning: say so wherever it is shown."""
    if not answer or not answer.strip():
        return None
    sentences = _sentences(_CITATION_MARK.sub("", answer))
    if not sentences:
        return None
    return sum(sentence_supported(s, passages) for s in sentences) / len(sentences)


def _statements(answer: str) -> tuple[list[str], str]:
    """The stretches of an answer that end in a citation marker, and the text after the last one."""
    pieces = _CITATION_MARK.split(answer)
    return [p for p in pieces[:-1] if p.strip()], pieces[-1]


_FINDING = re.compile(r"^\s*(?:Yes|No|Only with permission|The sources found give only headings or cut-off text)"
                      r"\s*:\s*")
_QUOTE_MARKS = re.compile(r"^[\s;“”\"]+|[\s;“”\"]+$")


def repeats_a_statement(answer: str) -> bool:
    """Whether the answer says the same cited statement twice (compared in lower case, without a leading
    finding such as "Yes:")."""
    seen = [normalise(_QUOTE_MARKS.sub("", _FINDING.sub("", s))) for s in _statements(answer)[0]]
    return len(seen) != len(set(seen))


def has_uncited_text(answer: str) -> bool:
    """Whether some of the answer's text is followed by no citation marker (it carries none, or words
    come after its last one)."""
    cited, rest = _statements(answer)
    return not cited or bool(rest.strip(" .;"))


def _answered(records: Sequence[QuestionRecord]) -> list[str]:
    return [r.answer for r in records if r.decision != ABSTAIN and r.answer and r.answer.strip()]


def repeated_statements(records: Sequence[QuestionRecord]) -> Rate:
    """The share of answer texts that say a statement twice."""
    return _rate([repeats_a_statement(a) for a in _answered(records)])


def uncited_text(records: Sequence[QuestionRecord]) -> Rate:
    """The share of answer texts holding text that no citation marker follows."""
    return _rate([has_uncited_text(a) for a in _answered(records)])


def faithfulness(records: Sequence[QuestionRecord]) -> Rate:
    """Mean per-answer faithfulness over the records that carry a score."""
    scores = [r.faithfulness for r in records if r.faithfulness is not None]
    return Rate(float(sum(scores)), len(scores))


# -- the table -----------------------------------------------------------------------------------------
METRICS = ("fcr", "gdr", "warning_rate", "abstention_rate", "warning_appropriateness",
           "abstention_appropriateness", "warning_recall", "abstention_recall", "place_resolution",
           "place_found", "answer_correctness", "answer_in_passages", "faithfulness", "repeated_statements",
           "uncited_text")


@dataclass(frozen=True)
class SplitMetrics:
    """Every metric over one split of the questions."""

    n: int
    rates: dict[str, Rate]

    def to_dict(self) -> dict[str, Any]:
        values: dict[str, Any] = {"n": self.n}
        values.update({name: None if rate.value is None else round(rate.value, 4)
                       for name, rate in self.rates.items()})
        values["counts"] = {name: [round(rate.numerator, 4), rate.denominator] for name, rate in self.rates.items()}
        values["intervals"] = {name: [round(x, 4) for x in rate.interval] for name, rate in self.rates.items()
                               if rate.interval is not None}
        return values


def split_metrics(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> SplitMetrics:
    rates = {
        "fcr": false_confidence_rate(records, gold),
        "stale_answer_rate": stale_answer_rate(records, gold),
        "gdr": good_decision_rate(records, gold),
        "warning_rate": decision_rate(records, WARN),
        "abstention_rate": decision_rate(records, ABSTAIN),
        "warning_appropriateness": appropriateness(records, gold, WARN),
        "abstention_appropriateness": appropriateness(records, gold, ABSTAIN),
        "warning_recall": recall(records, gold, WARN),
        "abstention_recall": recall(records, gold, ABSTAIN),
        "place_resolution": place_resolution_accuracy(records, gold),
        "place_found": place_found_rate(records, gold),
        "answer_correctness": answer_correctness(records, gold),
        "answer_in_passages": answer_in_passages(records, gold),
        "faithfulness": faithfulness(records),
        "repeated_statements": repeated_statements(records),
        "uncited_text": uncited_text(records),
    }
    return SplitMetrics(len(records), rates)


@dataclass(frozen=True)
class Summary:
    """One system's metrics, split by location dependency."""

    location_dependent: SplitMetrics
    location_independent: SplitMetrics
    temporal: SplitMetrics = SplitMetrics(0, {})

    @property
    def n(self) -> int:
        return self.location_dependent.n + self.location_independent.n + self.temporal.n

    def to_dict(self) -> dict[str, Any]:
        out = {"location_dependent": self.location_dependent.to_dict(),
               "location_independent": self.location_independent.to_dict(), "n": self.n}
        if self.temporal.n:
            out["temporal"] = self.temporal.to_dict()
        return out


def split_of(question: Question) -> str:
    """The split a question is reported in: ``temporal`` for the group about time, else by location."""
    if question.group == "temporal":
        return "temporal"
    return "location_dependent" if question.location_dependent else "location_independent"


def summarize(records: Sequence[QuestionRecord], gold: Mapping[str, Question]) -> Summary:
    """Split the records (:func:`split_of`) and compute every metric."""
    parts: dict[str, list[QuestionRecord]] = {"location_dependent": [], "location_independent": [], "temporal": []}
    for r in records:
        parts[split_of(gold[r.question_id])].append(r)
    return Summary(*(split_metrics(parts[name], gold) for name in ("location_dependent", "location_independent",
                                                                    "temporal")))
