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
from typing import Iterable, Mapping, Sequence

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


def stems(words: Sequence[str]) -> list[str]:
    """The stems of many words at once, uncached (a spelling search's thousands of made-up words)."""
    return _STEMMER.stemWords([w.lower() for w in words])


def index_forms(word: str, family: Iterable[str] = ()) -> list[str]:
    """The forms of a question's word that a query of the English-analysed full-text indexes (Lucene's Porter
    stemmer) takes, so that a passage holding another form of it is found: the word; the stored terms of its
    ``family`` (:meth:`Vocabulary.family`: "evacuees" meets "evacu" of "evacuations", which the index's stemmer
    keeps apart); and the other number of a noun ending in a hissing sound ("bus" and "buses")."""
    low = word.lower()
    forms = [low, *(f for f in family if f.isalpha())]
    if low.endswith(("ses", "xes", "zes", "ches", "shes")):
        forms.append(low[:-2])
    elif low.endswith(("x", "z", "ch", "sh", "ss", "us", "as")):
        forms.append(low + "es")
    return list(dict.fromkeys(forms))


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

    def rarity(self, term: str) -> float:
        """How rare a term is, 0..1: its idf as a share of the idf of a term no passage holds (1 for such a term,
        about 0.1 for one every passage holds); 1 for every term of an empty vocabulary."""
        if not self.passages:
            return 1.0
        return self.idf(term) / math.log(1.0 + (self.passages + 0.5) / 0.5)

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


# -- sentences ---------------------------------------------------------------------------------------
# Words that end with a period without ending the sentence (case-sensitive: "CO." is Colorado at the
# end of a sentence, "Co." is a company or county in the middle of one). Left out on purpose: units
# ("200 ac. Crews ...") and words that are also place features or names ("Cottonwood Wash", "Ida").
ABBREVIATIONS = frozenset(
    """
    Mr Mrs Ms Dr Prof Sr Jr Rev Gen Col Lt Sgt Capt Cmdr Gov Sen Rep Supt Asst Atty Hon
    St Ste Mt Mtn Mtns Ft Rd Ave Blvd Hwy Hwys Rte Pkwy Ln Ct Cir Hts Twp Co Cos Cty Dist Natl
    Inc Ltd Corp Bros Dept Depts Assn Univ Ctr Bldg Apt Admin Div Intl
    Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun
    Ala Ariz Ark Calif Colo Conn Del Fla Ga Ill Ind Kan Kans Ky La Md Mass Mich Minn Miss Mo
    Mont Neb Nebr Nev Okla Ore Oreg Pa Tenn Tex Va Vt Wis Wisc Wyo
    No Nos Vol Fig Sec Secs Art Ch Ord Reg Stat Ann Supp Subd Para Pt
    approx est vs viz cf ca al
    """.split()
)
_WEEKDAYS_AND_MONTHS = frozenset(
    """Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May
    June July August September October November December""".split()
)

# End punctuation (with closing quotes or brackets) followed by spaces and what can open a sentence.
# A match starts only at the first mark of a run and never gives marks back (possessive): otherwise a
# long run ("......" as a dot leader, or a file of them) is rescanned from each of its marks, which
# took 135 s on 100,000 periods.
_SENTENCE_END = re.compile(r"(?<![.!?])[.!?]++[\"'”’)\]]*+(?=[ \t\u00a0]+[\"'“‘(\[A-Z0-9•*\-])")
# A line break with the last character before it and the first one after it.
_LINE_BREAK = re.compile(r"(\S)[^\S\n]*(\n\s*)(?=\S)")
# A line that ends like this and a next line that starts in lower case is one wrapped sentence.
_CONTINUES = re.compile(r"[a-z0-9,;(\-–]")
_ACRONYM_BEFORE = re.compile(r"(?<![\w.])(?:[A-Za-z]\.)+[A-Za-z]$")  # U.S, a.m, C.F.R, e.g
_WORD_BEFORE = re.compile(r"(?<!\w)[A-Za-z]+$")
_NEXT_WORD = re.compile(r"[ \t\u00a0]+([A-Za-z]+)")
# A list label or bullet on its own: it belongs to the sentence that follows it.
_LABEL = re.compile(r"\(?(?:\d{1,3}|[A-Za-z]|[ivxlcIVXLC]{1,6})[.)]|[-*•·▪\uf0b7#]+")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of the sentences of ``text``, in order, without surrounding whitespace.

    A sentence ends at ``.``, ``!`` or ``?`` followed by a capital, digit, quote or bullet, except
    after an abbreviation ("Butte Co.", "the U.S. Forest Service", "Mt. Shasta", "J. Smith"); and at a
    line break, except inside a wrapped sentence (a line ending in a letter or comma before a line
    that starts in lower case). A bare list label ("1.", "(a)", "•") joins the sentence after it.
    """
    breaks = {m.start(2) for m in _LINE_BREAK.finditer(text) if _is_line_break(m)}
    breaks.update(m.end() for m in _SENTENCE_END.finditer(text) if _ends_sentence(text, m))
    spans: list[tuple[int, int]] = []
    previous = 0
    for cut in sorted(breaks) + [len(text)]:
        span = strip_span(text, previous, cut)
        if span is not None:
            spans.append(span)
        previous = cut
    joined: list[tuple[int, int]] = []
    pending_start: int | None = None
    for start, end in spans:
        if pending_start is not None:
            start, pending_start = pending_start, None
        if _LABEL.fullmatch(text, start, end):
            pending_start = start
            continue
        joined.append((start, end))
    if pending_start is not None:  # a label at the very end of the text stands alone
        joined.append((pending_start, spans[-1][1]))
    return joined


def _is_line_break(match: re.Match[str]) -> bool:
    before, gap = match.group(1), match.group(2)
    after = match.string[match.end()]
    if gap.count("\n") > 1:  # a blank line always ends a sentence
        return True
    return not (_CONTINUES.fullmatch(before) and after.islower())


def _ends_sentence(text: str, match: re.Match[str]) -> bool:
    punctuation = match.group().rstrip("\"'”’)]")
    if punctuation != ".":  # "!", "?" and "..." end sentences; only a single period is ambiguous
        return True
    window = text[max(0, match.start() - 32):match.start()]
    acronym = _ACRONYM_BEFORE.search(window)
    if acronym:
        if acronym.group().lower() in {"a.m", "p.m"}:
            # "at 6 p.m. The fire ..." ends a sentence; "6 p.m. PDT" and "6 p.m. Friday" do not.
            following = _NEXT_WORD.match(text, match.end())
            word = following.group(1) if following else ""
            return not (word.isupper() or word in _WEEKDAYS_AND_MONTHS)
        return False  # "the U.S. Forest Service", "40 C.F.R. Part 60"
    word = _WORD_BEFORE.search(window)
    if word is None:
        return True  # after a number, a closing bracket or an address: "1,200 acres in 2024."
    return not (len(word.group()) == 1 or word.group() in ABBREVIATIONS)  # initials, labels


def strip_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """``(start, end)`` without the whitespace at either end; None when nothing else is left."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def word_features(text: str) -> dict[str, float]:
    """The features a fitted model reads from a question's words: its words ("w:is") and pairs of words
    ("b:is_there"), lower case, function words kept. The form of a question ("what is ...", "is there ...") is much
    of what says whether it depends on where, and what kind of answer it wants."""
    found = [w.lower() for w in words(text)]
    return {**{f"w:{w}": 1.0 for w in found}, **{f"b:{a}_{b}": 1.0 for a, b in zip(found, found[1:])}}
