"""The default generator: no LLM; the answer is up to three sentences of the cited passages, each
marked with its passage number.

Each candidate sentence gets the features of :data:`SENTENCE_FEATURES` (how it holds the question's weighted
words, BM25 among the candidates; how clearly it carries the kind of answer asked for, from
:mod:`georisk_graph.answer_kinds`: acres for "how many acres", a date for "when", a rule for "can I", a penalty for
"what's the fine"; how well its passage matches the question; its passage's rank and relevance; its place in
the passage; the similarity the graph stored for it), and the fitted sentence model (:func:`load`,
``georisk fit sentences``) gives each the probability that it holds the answer; the likeliest is quoted first.
Headings, cut-off text and fragments are never quoted (:mod:`.sentences`); no sentence is shown twice, nor one
that repeats another; a yes/no question whose best evidence settles it plainly is answered "Yes", "No" or
"Only with permission" before that sentence.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from ..evidence import Citation
from .. import models
from ..messages import gettext as _
from ..models import FittedModel
from ..question import Reading
from ..analysis import stem, terms
from ..lexicon import COMMON_HAZARD_WORDS, KIND_WORDS
from ..answer_kinds import DEFINITION, KINDS, PENALTY, RULE, SOURCE, YES_NO, AnswerType
from .base import Scored, Worded
from .findings import defines, finding
from .records import record_line, term_line
from .sentences import Sentence, passage_sentences

# Weights of a question's words: the words that say what is asked count fully, the names that only
# say which fire or place it is about count less (every passage found is about them already), and
# the words that usually stand beside the kind of answer asked for count a little.
_ASKED, _NAMED, _CUE = 1.0, 0.4, 0.5
# Words every passage of a wildfire corpus holds: they say little about which sentence answers (as
# stems, the form the question's words are weighed in: "wildfires" is "wildfir").
_COMMON = frozenset(stem(w) for w in COMMON_HAZARD_WORDS)
_K1, _B = 1.2, 0.75
_SAME_PASSAGE = 0.15  # the share of the best score a second sentence from an already quoted passage gives up
_ANAPHORIC = re.compile(r"^(?:It|Its|This|These|They|That|Those|He|She|Additionally|However|Also|In addition|"
                        r"Furthermore|Moreover|Otherwise|Such)\b")
# A month the question gives is part of what it asks ("wildfires in November 2025"), not a name every
# passage found already shares: it counts as fully as the question's other words.
# Words that name the kind of answer rather than its topic ("the spring burning rules", "what website
# shows smoke conditions"): every statute is a rule, every link a website; they count as the answer
# kind's cue words do.
_KIND_WORDS = frozenset(stem(w) for w in KIND_WORDS)


# What each candidate sentence is judged on (the sentence model's features): how well it holds the
# question's weighted words (BM25 among the candidates, 0..1), how clearly it carries the kind of answer
# asked for (0..1), and the same for a kind with a form of its own (a fact, a fine, a date; 0 for a rule or
# an explanation), how well its passage holds the words asked (0..1), whether it defines the very term asked
# about (2), a shorter one (1) or none (0), whether it holds a fact of the kind asked for and is about the
# question, whether it holds a word the question asks, its passage's rank (1 first) and how likely that
# passage answers (the relevance model's probability), its place in the passage, whether it opens by
# pointing back ("It", "This"), and whether it is long.
SENTENCE_FEATURES = ("words", "carried", "form", "context", "defines", "fact", "answers", "passage_rank",
                     "passage_relevance", "position", "anaphoric", "long", "very_long", "similarity")




def load(path: Path | None = None) -> FittedModel:
    """The sentence model the package ships, or the one at ``path`` (``georisk fit sentences --out``): the
    probability that a sentence holds the answer, fitted on the sentences of the cited passages of labelled
    questions, a sentence labelled by whether it holds the short gold answer."""
    return models.load("sentences", path, features=SENTENCE_FEATURES)


@dataclass(frozen=True)
class Choice:
    """The sentences chosen to answer a question, best first, and the finding that leads the answer of a
    yes/no question ("Yes", "No", "Only with permission"; None otherwise); ``scored`` holds the chosen ones
    with their scores and features."""

    sentences: tuple[Sentence, ...]
    finding: str | None = None
    answer_type: str | None = None
    fallback: bool = False  # True: no sentence could be quoted; headings or cut-off text stand in
    scored: tuple[Scored, ...] = ()
    record: str | None = None  # the figures asked for as the named incident's record states them (.records)

    def text(self) -> str:
        """The answer: the record's figures when they answer, then each sentence followed by its passage number,
        the finding before the first."""
        if self.fallback:
            quoted = "; ".join(f"“{_quoted(s)}” [{s.passage}]" for s in self.sentences)
            told = f"The sources found give only headings or cut-off text: {quoted}" if self.sentences else ""
            return " ".join(part for part in (self.record, told) if part)
        parts = [f"{s.shown} [{s.passage}]" for s in self.sentences]
        if self.finding and parts and not self.record:
            parts[0] = f"{_(self.finding)}: {parts[0]}"  # "Yes", "No", "Only with permission", as the question is asked
        return " ".join([self.record, *parts] if self.record else parts)


_QUOTE = 200  # characters of a heading or cut-off text quoted in place of an answer


def _quoted(sentence: Sentence) -> str:
    text = sentence.text.rstrip(" .…")
    cut = sentence.problem in ("cut off", "too long") or len(text) > _QUOTE
    if len(text) > _QUOTE:
        text = text[:_QUOTE].rsplit(" ", 1)[0].rstrip(" ,;:")
    if text[:1].islower():
        text = "… " + text
    return text + " …" if cut else text


def _weights(reading: Reading, citations: Sequence[Citation], kind: AnswerType | None) -> dict[str, float]:
    named = set(reading.named)
    for c in citations:
        for place in (*c.places, *c.path, c.evidence_place, c.lca):
            if place is not None:
                named.update(terms(place.name))
    weights: dict[str, float] = {}
    for term in reading.stems:
        weight = _NAMED if term in named or term in _COMMON else _CUE if term in _KIND_WORDS else _ASKED
        weights[term] = max(weights.get(term, 0.0), weight)
    for cue in kind.cues if kind else ():
        weights.setdefault(stem(cue), _CUE)
    return weights


def _bm25(weights: dict[str, float], bags: list[Counter[str]], cues: frozenset[str] = frozenset()) -> list[float]:
    """BM25 of each sentence for the weighted question words, as a share of what a sentence holding every
    question word found among the sentences once would score (the cue words left out of that share)."""
    if not bags:
        return []
    n = len(bags)
    mean = sum(sum(b.values()) for b in bags) / n or 1.0
    df = Counter(t for b in bags for t in b if t in weights)
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in weights}
    # A question word no sentence holds still counts in the share: the sentences miss it.
    ideal = sum(weights[t] * idf[t] for t in weights if t not in cues) or 1.0
    scores = []
    for bag in bags:
        length = sum(bag.values())
        score = 0.0
        for term, weight in weights.items():
            tf = bag.get(term, 0)
            if tf:
                score += weight * idf[term] * tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / mean))
        scores.append(min(1.0, score / ideal))
    return scores


# A season the question names is answered by its months: "the spring burning rules" by "during the
# period February 15 through April 30". (May is left out: as a word it is mostly the verb.)
_SEASONS = {stem(season): frozenset(stem(m) for m in months.split()) for season, months in (
    ("spring", "march april"), ("summer", "june july august"), ("fall", "september october november"),
    ("autumn", "september october november"), ("winter", "december january february"))}


def _match(weights: dict[str, float], bag: Counter[str]) -> Counter[str]:
    """``bag`` with the words that share a 5-letter start with a question word counted as that word, and
    the months of a season the question names counted as the season."""
    out = Counter(bag)
    for term in weights:
        if term in bag:
            continue
        if term in _SEASONS:
            hits = sum(count for word, count in bag.items() if word in _SEASONS[term])
        elif len(term) >= 5:
            hits = sum(count for word, count in bag.items() if len(word) >= 5 and word[:5] == term[:5])
        else:
            hits = 0
        if hits:
            out[term] = hits
    return out


def _similar(a: Counter[str], b: Counter[str]) -> float:
    """How much of the shorter sentence's words the other one repeats, 0 to 1."""
    sa, sb = set(a), set(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / min(len(sa), len(sb))


def candidates(reading: Reading, citations: Sequence[Citation]) -> tuple[list[Sentence], list[dict[str, float]],
                                                                       list[Sentence], AnswerType | None]:
    """The quotable sentences of ``citations`` (numbered from 1, in order), each once, with their features
    (:data:`SENTENCE_FEATURES`); every sentence, quotable or not; and the kind of answer asked for."""
    kind = KINDS.get(reading.answer_type or "")
    if kind is YES_NO and reading.yes_no:
        kind = RULE  # "Can I burn brush?", "Is there a burn ban?": what settles it is the rule that says so
    everything = [s for n, c in enumerate(citations, start=1) for s in passage_sentences(n, c.text, c.title)]
    seen: set[str] = set()
    pool: list[Sentence] = []
    for s in everything:
        key = " ".join(terms(s.text)) or s.text.lower()
        if key in seen:
            continue
        seen.add(key)
        if s.quotable or (s.problem == "link" and kind is SOURCE):
            pool.append(s)
    if not pool:
        return [], [], everything, kind
    weights = _weights(reading, citations, kind)
    bags = [_match(weights, Counter(terms(s.text))) for s in pool]
    relevance = _bm25(weights, bags, frozenset(stem(c) for c in kind.cues) if kind else frozenset())
    # The form of a status or a yes/no finding ("There is a closure order in place") answers only a
    # sentence about what was asked: without one of the question's words it is someone else's status.
    carried = [kind.carried(s.text) if kind and (kind.weight >= 1.0 or r > 0) else 0.0
               for s, r in zip(pool, relevance)]
    # A sentence is read in its passage: "Violation of this section is a petty misdemeanor" answers a
    # question about campfires when its section is about campfires.
    asked_only = {t: w for t, w in weights.items() if w == _ASKED}
    context = _bm25(asked_only, [_match(asked_only, Counter(terms(c.text))) for c in citations])
    on_topic = {t for t, w in weights.items() if w in (_ASKED, _CUE)}
    # A fine or a size often stands without the question's words ("shall be fined not more than two
    # hundred dollars"); a definition always names its term: one without it defines something else.
    by_form = kind is not None and kind is not DEFINITION
    features = []
    for s, bag, r, t in zip(pool, bags, relevance, carried):
        features.append({
            "words": r, "carried": t, "form": t if kind is not None and kind.weight >= 1.0 else 0.0,
            "context": context[s.passage - 1], "defines": float(defines(s.text, reading.focus)),
            "fact": float(bool(kind and kind.weight >= 1.0 and t >= 0.8 and r > 0)),
            "answers": float(bool(on_topic & set(bag)) or (by_form and t >= 0.8)),
            "passage_rank": float(s.passage), "passage_relevance": float(citations[s.passage - 1].relevance or 0.0),
            "position": float(min(s.position, 10)), "anaphoric": float(bool(_ANAPHORIC.match(s.text))),
            "long": float(len(s.text) > 350), "very_long": float(len(s.text) > 700),
            "similarity": _similarity(s, citations[s.passage - 1]),
        })
    return pool, features, everything, kind


def _similarity(sentence: Sentence, citation: Citation) -> float:
    """How like the question's clause that asks the sentence reads: the best of the stored sentences of its
    passage it overlaps (the passage's best sentence, or its own similarity, when none is stored or found)."""
    features = dict(citation.features)
    fallback = features.get("sentence_cosine", features.get("clause_cosine", citation.cosine))
    if not citation.sentences:
        return fallback
    probe = sentence.text[:40]
    at = citation.text.find(probe)
    if at < 0:
        return fallback
    end = at + len(sentence.text)
    overlapping = [cosine for start, stop, cosine, _ in citation.sentences if start < end and at < stop]
    return max(overlapping) if overlapping else fallback


def choose(reading: Reading, citations: Sequence[Citation], model: FittedModel, *, limit: int = 3) -> Choice:
    """The sentences of ``citations`` (numbered from 1, in order) that best answer the question read as
    ``reading``: the sentence ``model``'s likeliest first, then others nearly as likely
    that say something else, a passage already quoted yielding to another."""
    pool, features, everything, kind = candidates(reading, citations)
    stated = record_line(reading, citations) or term_line(reading, citations)
    if not pool:
        return replace(_fallback(everything, kind), record=stated)
    scores = [model.probability(f) for f in features]
    words = [Counter(terms(s.text)) for s in pool]
    order = sorted(range(len(pool)), key=lambda i: -scores[i])
    best = scores[order[0]]
    chosen = [order[0]]
    # the others that answer nearly as well and hold a word the question asks (or the kind of answer)
    others = [i for i in order[1:] if scores[i] >= 0.5 * best and features[i]["answers"]]
    while len(chosen) < limit:
        # the same sentence in other words, or a shorter copy of a longer one, is not said twice
        others = [i for i in others if all(_similar(words[i], words[j]) < 0.8 for j in chosen)]
        if not others:
            break
        # a passage already quoted yields to another one that answers about as well
        pick = max(others, key=lambda i: scores[i] - _SAME_PASSAGE * best * sum(
            pool[j].passage == pool[i].passage for j in chosen))
        chosen.append(pick)
        others.remove(pick)
    asked = {t for t, w in _weights(reading, citations, kind).items() if w == _ASKED}

    kind_of_yes_no = reading.yes_no
    if (kind is RULE or kind_of_yes_no) and len(chosen) < limit:
        # what breaking the rule quoted first costs, from its own passage ("Any violation of this section
        # is a Class 2 misdemeanor."): it names nothing the question asks, and answers "Is it illegal?"
        penalties = [i for i in order if i not in chosen and pool[i].passage == pool[chosen[0]].passage
                     and PENALTY.carried(pool[i].text) >= 1.0]
        if penalties:
            chosen.append(penalties[0])

    lead = None
    if kind_of_yes_no:
        # the sentences shown and the best others that settle the question; when they settle it
        # differently ("does not require a permit" beside "shall have a valid written burning permit") the
        # answer leads with neither and shows the sentences as they stand
        settled = [(i, f) for i in dict.fromkeys([*chosen, *(i for i in order[:6] if scores[i] >= 0.5 * best)])
                   for f in [finding(kind_of_yes_no, pool[i].text, asked)] if f]
        if settled and len({f for _, f in settled}) == 1:
            i, lead = settled[0]
            if i in chosen:
                chosen.remove(i)
            chosen = [i] + chosen[: limit - 1]
    return Choice(tuple(pool[i] for i in chosen), lead, kind.name if kind else None,
                  scored=tuple(Scored(pool[i], features[i], scores[i]) for i in chosen), record=stated)


def _fallback(everything: list[Sentence], kind: AnswerType | None) -> Choice:
    """Nothing can be quoted as a sentence: the headings or cut-off text the passages hold, quoted as
    such, one per passage, at most two."""
    stand_ins: list[Sentence] = []
    for s in everything:
        if s.problem in ("heading", "cut off", "fragment", "too long") and all(
                x.passage != s.passage for x in stand_ins):
            stand_ins.append(s)
    return Choice(tuple(stand_ins[:2]), None, kind.name if kind else None, fallback=True)


class ExtractiveGenerator:
    """Answers with up to ``sentences`` sentences of the cited passages, chosen by the sentence ``model``
    (see :func:`choose`)."""

    name = "extractive"

    def __init__(self, model: FittedModel, *, sentences: int = 3) -> None:
        self.model = model
        self.sentences = sentences

    def generate(self, reading: Reading, citations: Sequence[Citation], warning: str | None, *,
                 decision: str = "answer") -> Worded:
        choice = choose(reading, citations, self.model, limit=self.sentences)
        return Worded(choice.text(), choice.scored)
