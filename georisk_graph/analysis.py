"""The one text analyser: how every part of GeoRisk turns text into the terms it compares.

A question's topic terms, the terms stored with each passage (``Chunk.terms``, which Cypher compares
with the question's), the corpus's document frequencies, and the words an answer sentence is chosen by
all come from :func:`terms`, so a question and a passage meet on the same terms: "Is burning banned?"
and "a burn ban" both hold ``burn`` and ``ban``.

- words: letters and digits, a date or decimal as one word ("2024-08-03", "6.5"); a hyphenated word is
  its parts ("Keetch-Byram"); a contraction's clitic goes ("what's" -> "what", "Sheriff's" ->
  "Sheriff", "shouldn't" -> "should"); thousands separators go ("153,336" -> "153336");
- stop words: English function words only (:data:`STOP_WORDS`: articles, pronouns, prepositions,
  conjunctions, auxiliaries, question words). Words that every hazard passage holds ("fire",
  "county") are not stop words: they weigh little by their document frequency in the stored corpus
  (:class:`Vocabulary`), not by a list;
- stems: the Snowball English stemmer (Porter2), lower case: "evacuations" and "evacuate" are
  ``evacu``, "permitted" and "permits" ``permit``.
"""

from __future__ import annotations

import bisect
import functools
import math
import os
import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

import snowballstemmer

_WORD = re.compile(r"\d+(?:[-/.:]\d+)*|[A-Za-z0-9]+")
_CLITIC = re.compile(r"(?<=[A-Za-z])(?:n['’]t|['’](?:s|d|ll|re|ve|m))\b", re.IGNORECASE)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")

# English function words (the closed classes, which say how a sentence is built, not what it is about),
# and the words a question is framed in (asking, telling, wanting, someone unnamed), which no answer
# holds because it answers.
STOP_WORDS = frozenset("""a about above after again all also already am an and any anyone anything anywhere are as at be because been
before being below between both but by can cannot could did do does doing done down during each either else even
ever every everyone everything few for from further get gets getting got had has have having he her here hers
herself him himself his how i if in into is it its itself just let like many may me might mine more most much
must my myself need needs neither no nor not now of off on once only onto or other others our ours ourselves out
over own people please same say says said shall she should so some someone something somewhere such tell than
that the their theirs them themselves then there these they this those through to too under until up upon very
want wants was we were what whatever when whenever where whereas wherever whether which while who whoever whom
whose why will with within would yet you your yours yourself yourselves know still currently really actually""".split())

_STEMMER = snowballstemmer.stemmer("english")
# The idf of a term half the passages hold: the weight of rarer terms is 1.
_REFERENCE_IDF = math.log(1.0 + 0.5 / 0.5)


@functools.lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The Snowball English stem of a word, lower case: "banned" -> "ban", "evacuations" -> "evacu"."""
    return _STEMMER.stemWord(word.lower())


def words(text: str) -> list[str]:
    """The words of ``text`` as written, in order (see the module docstring for what a word is)."""
    return _WORD.findall(_CLITIC.sub("", _THOUSANDS.sub("", text)))


def is_stop_word(word: str) -> bool:
    return word.lower() in STOP_WORDS


def terms(text: str) -> list[str]:
    """The stems of the content words of ``text``, in order, with repeats."""
    return [stem(w) for w in words(text) if w.lower() not in STOP_WORDS]


def prefix(word: str) -> str:
    """The start a word shares with its stem, for a search by prefix: "counties" -> "counti" is not a
    prefix of "county", "count" is."""
    low = word.lower()
    return os.path.commonprefix([low, stem(low)])


def term_set(*texts: str) -> list[str]:
    """The distinct terms of the texts, sorted: what a passage stores as ``Chunk.terms``."""
    return sorted({t for text in texts for t in terms(text)})


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The stored corpus's terms with the number of passages holding each (``Chunk.terms``), read from the
    graph (``cypher/vocabulary.cypher``). An empty vocabulary (no passage stored) knows no term and weighs
    every term alike."""

    passages: int = 0
    frequency: Mapping[str, int] = field(default_factory=dict)

    def __contains__(self, term: object) -> bool:
        return term in self.frequency

    def df(self, term: str) -> int:
        return self.frequency.get(term, 0)

    def idf(self, term: str) -> float:
        """How rare a term is among the passages (BM25's inverse document frequency, never below 0): a
        term most passages hold weighs little, one held by none weighs most."""
        if not self.passages:
            return 1.0
        df = self.df(term)
        return math.log(1.0 + (self.passages - df + 0.5) / (df + 0.5))

    def weight(self, term: str) -> float:
        """A term's weight between 0 and 1: 1 for a term at most half the passages hold, less the more of
        them hold it ("fire", held by seven in ten here, weighs 0.49; a term every passage holds, 0); 1 too
        for a term no passage holds. Half is where the Robertson-Sparck Jones relevance weight reaches 0: a
        term in more than half of the passages tells them apart less than its absence does."""
        if not self.passages:
            return 1.0
        return min(1.0, self.idf(term) / _REFERENCE_IDF)

    def family(self, term: str) -> tuple[str, ...]:
        """The stored terms a question's term meets: itself, and for a stem of five letters or more, the
        terms that part from it only at its last letter, where the stemmer leaves a word's derivation
        ("close" meets "closur" of "closures", "permit" "permiss" of "permission", "evacu" "evacue");
        a shorter stem meets itself only ("acr", of "acres", never "across")."""
        found = [term] if term in self.frequency else []
        if len(term) >= 5:
            start = term[:-1]
            k = bisect.bisect_left(self._sorted, start)
            while k < len(self._sorted) and self._sorted[k].startswith(start):
                if self._sorted[k] != term:
                    found.append(self._sorted[k])
                k += 1
        return tuple(found) or (term,)

    @functools.cached_property
    def _sorted(self) -> list[str]:
        return sorted(self.frequency)

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, object]], passages: int) -> "Vocabulary":
        return cls(passages, {str(r["term"]): int(r["df"]) for r in rows})  # type: ignore[call-overload]
