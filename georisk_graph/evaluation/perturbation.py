"""The perturbation suite: rewordings that keep a question's meaning, and how much of the system's
behaviour survives them.

People do not type like a benchmark: they write in lower case, abbreviate the state, put the place
first, add "Quick question:" before and "Thanks!" after, misspell a word, leave out the question mark.
None of that changes what they ask, so none of it should change the decision, the evidence cited or
the answer. :func:`rewrite` applies one named rewrite to a benchmark question (or returns None where
it does not apply: a question without "Can I" has no "Am I allowed to" form); :func:`perturb` asks the
original and every rewrite and compares them.

The rewrites know where a question's place is from its gold fields; that is the test's knowledge, never
the system's: the system is asked the rewritten text only.

    georisk perturb --benchmark benchmarks/qa/fresh.jsonl
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence


from ..exceptions import TranslatorMissing
from ..translation import ApertiumTranslator
from .metrics import normalise
from .records import Question
from ..progress import Progress

# What people add around a question. The suite's own wording, written for it: no benchmark holds these.
PREFIXES = ("Quick question: ", "Hi, ", "Hello, I have a question. ", "Sorry if this is obvious, but ")
SUFFIXES = (" Thanks!", " Thank you.", " Any help is appreciated.", " Thanks in advance.")
# Contractions, each with its long form (the rewrite goes one way or the other, whichever applies).
CONTRACTIONS = (
    ("what is", "what's"), ("who is", "who's"), ("where is", "where's"), ("how is", "how's"), ("it is", "it's"),
    ("there is", "there's"), ("that is", "that's"), ("is not", "isn't"), ("are not", "aren't"),
    ("do not", "don't"), ("does not", "doesn't"), ("did not", "didn't"), ("cannot", "can't"),
    ("can not", "can't"), ("i am", "i'm"), ("i have", "i've"), ("we are", "we're"), ("they are", "they're"),
    ("would not", "wouldn't"), ("should not", "shouldn't"), ("was not", "wasn't"), ("were not", "weren't"),
    ("has not", "hasn't"), ("have not", "haven't"), ("will not", "won't"), ("i would", "i'd"), ("you are", "you're"),
)
_OPENERS = frozenset("""what when where which who whom whose why how is are was were do does did can could should
would will may must has have had am i in on at if during after before for""".split())
# Asking permission, in its two forms, where it opens the question ("How can I ...?" asks how, not whether).
_PERMISSION = ((r"^can i\b", "am I allowed to"), (r"^can we\b", "are we allowed to"), (r"^may i\b", "am I allowed to"))
_ALLOWED = ((r"^am i allowed to\b", "can I"), (r"^are we allowed to\b", "can we"))
_TRAILING_PLACE = re.compile(r"^(?P<rest>.+?)\s+(?P<prep>in|near|around|for)\s+(?P<place>[A-Z][\w.'’-]*"
                             r"(?:,?\s+(?:[A-Z][\w.'’-]*|of|de|la|del))*)\s*(?P<end>[?.!]*)\s*$")
_LOWER_WORD = re.compile(r"\b[a-z]{6,}\b")
_COMMON = frozenset("""should people during around before within without through answer question happen
happens happened anyone someone something""".split())


@dataclass(frozen=True)
class Rewrite:
    """One kind of rewording: its name, what it does, and the function that applies it (None: it does not
    apply to the question)."""

    name: str
    description: str
    apply: Callable[[Question, Mapping[str, str]], str | None]


def _pick(question: Question, options: Sequence[str]) -> str:
    """One of ``options``, the same for a question every run."""
    digest = hashlib.sha256(question.id.encode("utf-8")).digest()
    return options[digest[0] % len(options)]


def _changed(original: str, new: str) -> str | None:
    return new if new != original else None


def _lower_case(q: Question, states: Mapping[str, str]) -> str | None:
    return _changed(q.question, q.question.lower())


def _place_surface(q: Question) -> str | None:
    """The question's place as written in it (the gold name's first part), or None."""
    if not q.location_name:
        return None
    name = q.location_name.split(",")[0].strip()
    found = re.search(r"\b" + re.escape(name) + r"\b", q.question, re.IGNORECASE)
    return found.group() if found else None


def _upper_place(q: Question, states: Mapping[str, str]) -> str | None:
    surface = _place_surface(q)
    if surface is None:
        return None
    return _changed(q.question, q.question.replace(surface, surface.upper(), 1))


def _contractions(q: Question, states: Mapping[str, str]) -> str | None:
    text = q.question

    def swap(pairs: Sequence[tuple[str, str]]) -> str:
        out = text
        for long, short in pairs:
            def keep_case(m: re.Match[str], short: str = short) -> str:
                word = m.group()
                return short[:1].upper() + short[1:] if word[:1].isupper() else short
            out = re.sub(r"\b" + re.escape(long) + r"\b", keep_case, out, flags=re.IGNORECASE)
        return out

    contracted = swap(CONTRACTIONS)
    if contracted != text:
        return contracted
    expanded = swap([(short, long) for long, short in CONTRACTIONS if "can not" != long])
    return _changed(text, expanded)


def _opening(text: str) -> str:
    """``text`` with its first letter in lower case when its first word is a question or function word."""
    first = text.split(" ", 1)[0].lower()
    return text[:1].lower() + text[1:] if first in _OPENERS else text


def _filler_prefix(q: Question, states: Mapping[str, str]) -> str | None:
    prefix = _pick(q, PREFIXES)
    text = q.question if prefix.endswith((": ", ". ")) else _opening(q.question)
    return prefix + text


def _filler_suffix(q: Question, states: Mapping[str, str]) -> str | None:
    return q.question.rstrip() + _pick(q, SUFFIXES)


def _clause_order(q: Question, states: Mapping[str, str]) -> str | None:
    """The place phrase at the end moved to the front: "Is there a burn ban in Spokane County?" ->
    "In Spokane County, is there a burn ban?"."""
    m = _TRAILING_PLACE.match(q.question.strip())
    if m is None or m.group("rest").split(" ", 1)[0].lower() not in _OPENERS:
        return None
    return f"{m.group('prep').capitalize()} {m.group('place')}, {_opening(m.group('rest'))}{m.group('end') or '?'}"


def _permission(q: Question, states: Mapping[str, str]) -> str | None:
    for table in (_PERMISSION, _ALLOWED):
        text = q.question
        for pattern, replacement in table:
            def keep_case(m: re.Match[str], replacement: str = replacement) -> str:
                return replacement[:1].upper() + replacement[1:] if m.group()[:1].isupper() else replacement
            text = re.sub(pattern, keep_case, text, flags=re.IGNORECASE)
        if text != q.question:
            return text
    return None


def _state_abbreviation(q: Question, states: Mapping[str, str]) -> str | None:
    """Each state named as a place (not inside a longer name: "Washington County", "Oregon Department of
    Forestry") by its postal code, or, when the question gives codes, each code by the state's name."""
    text = q.question
    for name in sorted(states, key=len, reverse=True):
        text = re.sub(r"(?<![\w-])" + re.escape(name) + r"(?!\s+[A-Z])(?![\w'’-])", states[name], text)
    if text != q.question:
        return text
    names = {code: name for name, code in states.items()}
    text = re.sub(r"(?<=, )([A-Z]{2})\b", lambda m: names.get(m.group(1), m.group(1)), q.question)
    return _changed(q.question, text)


def _typo(q: Question, states: Mapping[str, str]) -> str | None:
    """Two letters of the longest lower-case word (not a place's) swapped: "permit" -> "pemrit"."""
    place = (q.location_name or "").lower()
    words = [w for w in _LOWER_WORD.findall(q.question) if w not in place and w not in _COMMON]
    if not words:
        return None
    word = max(words, key=lambda w: (len(w), w))
    i = len(word) // 2 - 1
    if word[i] == word[i + 1]:
        i -= 1
    typo = word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return _changed(q.question, re.sub(r"\b" + word + r"\b", typo, q.question, count=1))


def _no_question_mark(q: Question, states: Mapping[str, str]) -> str | None:
    return _changed(q.question, q.question.rstrip().rstrip("?").rstrip())


@functools.lru_cache(maxsize=1)
def _english_to_spanish() -> ApertiumTranslator | None:
    try:
        return ApertiumTranslator.find("eng-spa")
    except TranslatorMissing:
        return None


def _spanish(q: Question, states: Mapping[str, str]) -> str | None:
    """The question in Spanish, as Debian's apertium puts it (eng-spa), its place kept as written; None without
    apertium. A machine's Spanish: the Spanish question set is written by hand (benchmarks/qa/spanish)."""
    translator = _english_to_spanish()
    if translator is None:
        return None
    place = _place_surface(q)
    text = q.question.replace(place, f"[{place}]", 1) if place and place in q.question else q.question
    [spanish] = translator.translate([text])
    return _changed(q.question, spanish.replace("[", "").replace("]", ""))


REWRITES: tuple[Rewrite, ...] = (
    Rewrite("lower case", "the whole question in lower case", _lower_case),
    Rewrite("upper-case place", "the place's name in capitals", _upper_place),
    Rewrite("contractions", "contracted ('what's', 'don't') or, where contracted, written out", _contractions),
    Rewrite("filler prefix", "'Quick question: ', 'Hi, ' ... before it", _filler_prefix),
    Rewrite("filler suffix", "' Thanks!', ' Thank you.' ... after it", _filler_suffix),
    Rewrite("clause order", "the place phrase first: 'In Spokane County, is there ...'", _clause_order),
    Rewrite("permission", "'Can I' as 'Am I allowed to', or back", _permission),
    Rewrite("state abbreviation", "a state's name as its postal code, or back", _state_abbreviation),
    Rewrite("typo", "two letters of a non-place word swapped", _typo),
    Rewrite("no question mark", "without its question mark", _no_question_mark),
    Rewrite("spanish", "the question in Spanish, by apertium (eng-spa), its place as written", _spanish),
)


def rewrite(name: str, question: Question, states: Mapping[str, str]) -> str | None:
    """The question reworded by the rewrite ``name``, or None where it does not apply. ``states`` maps
    each state's name to its postal code."""
    for r in REWRITES:
        if r.name == name:
            return r.apply(question, states)
    raise KeyError(f"no rewrite named {name!r}: choose from {', '.join(r.name for r in REWRITES)}")


# -- running it ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """What the system did with one wording of a question."""

    decision: str
    evidence: tuple[str, ...]  # the chunk ids cited, sorted
    answer: str | None

    def correct(self, gold: str | None) -> bool | None:
        if not gold:
            return None
        return self.decision != "abstain" and normalise(gold) in normalise(self.answer or "")


@dataclass
class RewriteResult:
    """One rewrite over a set: the questions it applied to and how many kept each thing."""

    name: str
    applied: int = 0
    same_decision: int = 0
    same_evidence: int = 0
    gold_questions: int = 0
    correct_before: int = 0
    correct_after: int = 0
    kept_gold: int = 0  # of the questions whose answer held the gold, those whose rewording's still does
    changes: list[dict[str, Any]] = field(default_factory=list)

    def share(self, count: int, of: int | None = None) -> float | None:
        total = self.applied if of is None else of
        return count / total if total else None

    def to_dict(self) -> dict[str, Any]:
        return {"rewrite": self.name, "applied": self.applied,
                "decision_unchanged": self.share(self.same_decision),
                "evidence_unchanged": self.share(self.same_evidence),
                "strict_before": self.share(self.correct_before, self.gold_questions),
                "strict_after": self.share(self.correct_after, self.gold_questions),
                "gold_kept": self.share(self.kept_gold, self.correct_before)}


@dataclass(frozen=True)
class Perturbation:
    """Every rewrite's result over one set, and the questions whose decision no rewrite changed."""

    benchmark: str
    questions: int
    results: tuple[RewriteResult, ...]
    stable_questions: int  # questions whose decision every rewrite that applied to them kept

    def pooled(self) -> RewriteResult:
        total = RewriteResult("all rewrites")
        for r in self.results:
            for name in ("applied", "same_decision", "same_evidence", "gold_questions", "correct_before",
                         "correct_after", "kept_gold"):
                setattr(total, name, getattr(total, name) + getattr(r, name))
        return total

    def to_dict(self) -> dict[str, Any]:
        return {"benchmark": self.benchmark, "questions": self.questions,
                "questions_stable_under_every_rewrite": self.stable_questions / self.questions if self.questions else None,
                "rewrites": [r.to_dict() for r in self.results], "all": self.pooled().to_dict()}


Ask = Callable[[list[str], str | None], list[Any]]


def _outcomes(ask: Ask, texts: list[tuple[str, str | None]], batch_size: int, bar: Any) -> list[Outcome]:
    """Ask ``texts`` (question, as_of) in batches that share a day; one :class:`Outcome` each."""
    out: list[Outcome | None] = [None] * len(texts)
    by_day: dict[str | None, list[int]] = {}
    for i, (_, day) in enumerate(texts):
        by_day.setdefault(day, []).append(i)
    for day, indices in by_day.items():
        for start in range(0, len(indices), batch_size):
            batch = indices[start:start + batch_size]
            for i, answer in zip(batch, ask([texts[i][0] for i in batch], day)):
                out[i] = Outcome(answer.decision, tuple(sorted({c.chunk_id for c in answer.citations})), answer.answer)
            bar.update(len(batch))
    return [o for o in out if o is not None]


def perturb(ask: Ask, questions: Sequence[Question], states: Mapping[str, str], *,
            names: Sequence[str] | None = None, benchmark: str = "", batch_size: int = 16,
            progress: bool = True) -> Perturbation:
    """Ask every question as written and as each rewrite words it (``ask(texts, as_of)`` returns one
    answer per text, with ``decision``, ``citations`` and ``answer``) and compare."""
    chosen = [r for r in REWRITES if names is None or r.name in names]
    variants: list[tuple[str, Question, str]] = []
    for r in chosen:
        for q in questions:
            text = r.apply(q, states)
            if text is not None and text.strip():
                variants.append((r.name, q, text))
    with Progress(len(questions) + len(variants), desc="perturbation", unit="questions", enabled=progress) as bar:
        originals = dict(zip((q.id for q in questions),
                             _outcomes(ask, [(q.question, q.as_of) for q in questions], batch_size, bar)))
        reworded = _outcomes(ask, [(text, q.as_of) for _, q, text in variants], batch_size, bar)
    results = {r.name: RewriteResult(r.name) for r in chosen}
    unstable: set[str] = set()
    for (name, q, text), after in zip(variants, reworded):
        before = originals[q.id]
        result = results[name]
        result.applied += 1
        same = before.decision == after.decision
        result.same_decision += same
        result.same_evidence += before.evidence == after.evidence
        if not same:
            unstable.add(q.id)
        if q.gold_answer:
            result.gold_questions += 1
            was, now = bool(before.correct(q.gold_answer)), bool(after.correct(q.gold_answer))
            result.correct_before += was
            result.correct_after += now
            result.kept_gold += was and now
        if not same or before.evidence != after.evidence:
            result.changes.append({"id": q.id, "rewrite": name, "question": q.question, "reworded": text,
                                   "decision": [before.decision, after.decision],
                                   "evidence": [list(before.evidence), list(after.evidence)],
                                   "gold_decision": q.gold_decision})
    return Perturbation(benchmark, len(questions), tuple(results.values()), len(questions) - len(unstable))


def format_perturbation(p: Perturbation) -> str:
    """The table: per rewrite, the questions it applied to and the shares kept."""
    def cell(value: float | None) -> str:
        return "  n/a" if value is None else f"{value:.3f}"

    header = (f"{'rewrite':<20}{'applied':>8}{'decision':>10}{'evidence':>10}{'strict':>9}{'reworded':>10}"
              f"{'gold kept':>11}")
    lines = [f"{p.benchmark}: {p.questions} questions", header, "-" * len(header)]
    for r in (*p.results, p.pooled()):
        d = r.to_dict()
        lines.append(f"{r.name:<20}{r.applied:>8}{cell(d['decision_unchanged']):>10}{cell(d['evidence_unchanged']):>10}"
                     f"{cell(d['strict_before']):>9}{cell(d['strict_after']):>10}{cell(d['gold_kept']):>11}")
    stable = p.stable_questions / p.questions if p.questions else None
    lines += ["", f"questions whose decision no rewrite changed: {cell(stable)} ({p.stable_questions}/{p.questions})",
              "decision / evidence: share of reworded questions with the same decision / the same passages cited; "
              "strict: answer correctness of the originals and of the rewordings (questions with a short gold "
              "answer); gold kept: of the answers that held the gold, the share whose rewording's answer still does."]
    return "\n".join(lines)


def write_perturbation(p: Perturbation, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    summary, changes, table = out / "perturbation.json", out / "perturbation-changes.jsonl", out / "perturbation.txt"
    summary.write_text(json.dumps(p.to_dict(), indent=2) + "\n", encoding="utf-8")
    with changes.open("w", encoding="utf-8") as f:
        for r in p.results:
            for change in r.changes:
                f.write(json.dumps(change, ensure_ascii=False) + "\n")
    table.write_text(format_perturbation(p) + "\n", encoding="utf-8")
    return [summary, changes, table]
