"""How a question is worded, set straight before it is read: what people type is not what a benchmark
writes, and none of these differences changes what they ask.

- curly quotes and apostrophes are straight, runs of spaces one space;
- a question typed all in capitals is read in lower case (its place names are written properly again
  afterwards, see :mod:`.places`);
- a contraction is written out as spaCy's English tokenizer exceptions read it: "can't" is "can not", "I'm"
  is "I am", "they've" is "they have"; "'d", which spaCy leaves as written, is "would" (also "had"; both are
  auxiliaries, and neither is a topic). A "'s" after a question word, a pronoun, "there", "here" or "that" is
  "is"; after a noun it is a possessive and stays;
- permission is asked as "can I": "Am I allowed to", "Are we permitted to", "Is it OK to", "May I";
- a misspelt word is written as the word it misspells (:meth:`Lexicon.correction`): a word that is no
  English word, no word of the stored passages and no word of a place's name, one letter away (a letter
  missing, added, changed, or two letters swapped) from a word the passages use, is that word; of several
  such words the one most passages hold. "permt" is "permit"; "radon", an English word the passages never
  use, stays "radon".

Each change is recorded, in words, in the reading's notes.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from typing import Container, Iterable

from ..analysis import STOP_WORDS, Vocabulary, stem, stems
from ..lexicon import IS_AFTER

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "})
_SPACES = re.compile(r"\s+")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


def straighten(text: str) -> str:
    """Straight quotes and apostrophes, single spaces, no spaces at the ends."""
    return _SPACES.sub(" ", text.translate(_QUOTES)).strip()


def in_title_case(text: str, everyday: Container[str]) -> bool:
    """Whether every word of ``text`` starts with a capital, as in a headline ("Prescribed Burn Notice
    Tillamook County", "Is There A Burn Ban In Bend"): capitals that mark every word say nothing of which
    words are names. Three words at least, not all in capitals (that is read on its own), and an
    everyday word (``everyday``, lower case) capitalised after the first; a text that opens like a
    sentence, with a small word ("What's", "Is"), is a headline only if its other small words are
    capitalised too: "What's Red Flag Warning?" and "What is the Keetch-Byram Drought Index?" are
    sentences about names."""
    words = _WORD.findall(text)
    if len(words) < 3 or not all(w[0].isupper() for w in words) or text.isupper():
        return False
    if words[0].lower().split("'")[0] in STOP_WORDS:
        return any(w.lower() in STOP_WORDS for w in words[1:])
    return any(w.lower() in everyday for w in words[1:] if not w.isupper())


@functools.cache
def _contractions() -> dict[str, tuple[str, ...]]:
    """Each English contraction spaCy's tokenizer knows, lower case, with the words it stands for: "can't" ->
    ("can", "not"), "y'all" -> ("you", "all"). A contraction whose first word spaCy gives no reading of ("let's",
    "ain't") is left out; a clitic spaCy leaves as written ("'s", "'d") stays so."""
    from spacy.lang.en import English
    from spacy.symbols import NORM, ORTH  # type: ignore[import-not-found]  # compiled, without stubs

    return {written.lower(): tuple(str(piece.get(NORM, piece[ORTH])).lower() for piece in pieces)
            for written, pieces in English.Defaults.tokenizer_exceptions.items()
            if "'" in written[1:-1] and len(pieces) > 1 and NORM in pieces[0]}


def expand_contractions(text: str) -> tuple[str, list[str]]:
    """``text`` with its contractions written out, and the contractions it had."""
    found: list[str] = []

    def written_out(m: re.Match[str]) -> str:
        word = m.group()
        stem, _, clitic = word.partition("'")
        if not clitic:
            return word
        if clitic.lower() == "s":  # "what's" is "what is", "Oregon's" is Oregon's
            words: tuple[str, ...] = (stem.lower(), "is") if stem.lower() in IS_AFTER else ()
        else:
            words = tuple("would" if w == "'d" else w for w in _contractions().get(word.lower(), ()))
        if not words or "'" in "".join(words):
            return word
        found.append(word)
        out = " ".join(words)
        return out[:1].upper() + out[1:] if word[:1].isupper() else out

    return _WORD.sub(written_out, text), found


# Asking permission in other words: "Am I allowed to burn?" asks what "Can I burn?" asks.
_PERMISSION = (
    (re.compile(r"\b(am i|are we|are you|is one) (?:allowed|permitted) to\b", re.IGNORECASE), None),
    (re.compile(r"\bis it (?:ok|okay|alright|all right)(?: for (me|us))? to\b", re.IGNORECASE), "can"),
    (re.compile(r"\bmay (i|we)\b(?=\s+\w)", re.IGNORECASE), "can"),
)
_SUBJECT = {"am i": "I", "are we": "we", "are you": "you", "is one": "one", "me": "I", "us": "we", "i": "I", "we": "we"}


def ask_permission_plainly(text: str) -> tuple[str, list[str]]:
    """``text`` with permission asked as "can I": "Am I allowed to", "Is it OK to", "May I" are "Can I"."""
    found: list[str] = []
    out = text
    for pattern, _ in _PERMISSION:
        def plain(m: re.Match[str]) -> str:
            found.append(m.group())
            who = _SUBJECT.get((m.group(1) or "i").lower(), "I")
            can = "Can" if m.group()[:1].isupper() else "can"
            return f"{can} {who}"
        out = pattern.sub(plain, out)
    return out, found


def edits(word: str) -> set[str]:
    """Every word one edit away from ``word``: a letter deleted, two neighbours swapped, a letter changed or
    added."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deleted = {a + b[1:] for a, b in splits if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    changed = {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    added = {a + c + b for a, b in splits for c in _LETTERS}
    return (deleted | swapped | changed | added) - {word}


@dataclass(frozen=True)
class Lexicon:
    """What the reading knows of words: the stored corpus's terms (``vocabulary``), the words of English
    (``english``: lower-case dictionary words, the Webster's list of the english-words package), how often
    English uses a word (``frequency``, wordfreq's), and the words of place names (``place_words``)."""

    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    english: frozenset[str] = frozenset()
    place_words: frozenset[str] = frozenset()
    # the words of the names of places a misspelt name may be read as: states, counties, towns of 10,000 or more
    prominent_names: frozenset[str] = frozenset()
    frequency: object = None  # a function word -> share of English words, or None

    def known(self, word: str) -> bool:
        """Whether ``word`` is a word (of English, of the passages, or of a place's name)."""
        low = word.lower()
        return (low in self.place_words or stem(low) in self.vocabulary or low in self.english
                or self.english_share(low) > 0)

    @classmethod
    def load(cls, vocabulary: Vocabulary, place_words: frozenset[str] = frozenset(),
             prominent_names: frozenset[str] = frozenset()) -> "Lexicon":
        """A lexicon of ``vocabulary`` with the English word lists loaded (english-words' Webster's list,
        wordfreq's frequencies)."""
        import wordfreq
        from english_words import get_english_words_set

        english = frozenset(w for w in get_english_words_set(["web2"], lower=False, alpha=True) if w.islower())
        return cls(vocabulary, english, place_words, prominent_names=prominent_names,
                   frequency=lambda word: wordfreq.word_frequency(word, "en"))

    def in_documents(self, word: str) -> bool:
        """Whether the stored passages use ``word`` (its stem)."""
        return stem(word.lower()) in self.vocabulary

    def rarity(self, word: str) -> float:
        """How rare ``word`` is in the stored passages, 0..1 (1: none holds it; :meth:`Vocabulary.rarity`)."""
        return self.vocabulary.rarity(stem(word.lower()))

    def english_share(self, word: str) -> float:
        """How often English uses ``word`` (a share of all words; 0 when not known)."""
        return float(self.frequency(word)) if callable(self.frequency) else 0.0

    def is_common_word(self, word: str) -> bool:
        """Whether ``word`` in lower case is an everyday English word: a dictionary word that English uses at
        least three times in a million words ("bend", "paradise", "woodland"; not "redding" or "flagstaff",
        which the dictionary holds and English uses mostly as names)."""
        low = word.lower()
        return low in self.english and self.english_share(low) >= EVERYDAY_SHARE

    @property
    def everyday(self) -> "_Everyday":
        """The everyday English words, as a collection (``word in lexicon.everyday``)."""
        return _Everyday(self)

    def keyness(self, word: str) -> float | None:
        """How much more often the stored passages use ``word`` than English does, in powers of ten (the
        share of passages holding it against the share expected of a passage as long as theirs); None when
        the passages or English do not know it."""
        df = self.vocabulary.df(stem(word.lower()))
        share = self.english_share(word.lower())
        if not df or not share or not self.vocabulary.passages:
            return None
        expected = 1.0 - (1.0 - share) ** _PASSAGE_WORDS
        return math.log10(df / self.vocabulary.passages) - math.log10(expected)

    def correction(self, word: str, *, name: bool = False) -> str | None:
        """The word ``word`` misspells, or None (see the module docstring). A ``name`` (a capitalised word in a text
        that writes names with capitals) is read only as a place's name one letter away ("Albuquerqe"), never as an
        ordinary word: an unknown name is a name ("Quillbrook"), not a misspelt word of the documents."""
        low = word.lower()
        if len(low) < 4 or not low.isalpha() or self.known(low) or not self.vocabulary.passages:
            return None
        candidates = edits(low)
        if name:
            places = sorted(c for c in candidates if c in self.prominent_names)
            best = self._best(places) or (places[0] if len(places) == 1 else None)
            return best.capitalize() if best else None
        best = self._best(candidates)
        if best is None and len(low) >= 6:
            # two edits away ("pentaly" for "penalty"), for a longer word only: short words have too many
            best = self._best({c2 for c in candidates if len(c) >= len(low) - 1 for c2 in edits(c)})
        if best is None:
            return None
        return best if word[:1].islower() else best.capitalize()

    def _best(self, candidates: Iterable[str]) -> str | None:
        """Of ``candidates``, the one most passages hold (its stem), then the commoner in English."""
        words = list(candidates)
        held = ((self.vocabulary.df(s), c) for s, c in zip(stems(words), words))
        scored = [(df, self.english_share(c), c) for df, c in held if df > 0]  # English's share only where it counts
        return max(scored)[2] if scored else None


class _Everyday:
    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.lexicon.is_common_word(word)


# A word English uses three times in a million (zipf 3.5): more is an everyday word, less mostly a name.
EVERYDAY_SHARE = 3e-6
# Words a passage holds, for the share of passages English would expect to hold a word: the stored
# passages' own length is near 150 words (200-1,000 characters).
_PASSAGE_WORDS = 150


def _starts_sentence(text: str, at: int) -> bool:
    """Whether the word at ``at`` starts the text or a sentence (after an end mark and spaces)."""
    before = text[:at].rstrip()
    return not before or before[-1] in ".?!:\"¿¡"


def correct_spelling(text: str, lexicon: Lexicon,
                     keep: Iterable[tuple[int, int]] = ()) -> tuple[str, list[str], list[tuple[str, str]]]:
    """``text`` with its misspelt words corrected (outside the character spans ``keep``), notes, and each
    correction as (the word as typed, the word read)."""
    notes: list[str] = []
    pairs: list[tuple[str, str]] = []
    kept = list(keep)
    parts: list[str] = []
    last = 0
    cased = any(w[:1].isupper() and not _starts_sentence(text, m.start()) for m in _WORD.finditer(text)
                for w in (m.group(),) if w != "I" and not w.isupper())
    for m in _WORD.finditer(text):
        if any(a <= m.start() < b for a, b in kept) or "'" in m.group():
            continue
        word = m.group()
        fixed = lexicon.correction(word, name=cased and word[:1].isupper() and not _starts_sentence(text, m.start()))
        if fixed:
            parts += [text[last:m.start()], fixed]
            last = m.end()
            pairs.append((m.group(), fixed))
            notes.append(f"{m.group()!r} read as {fixed!r}: no word of English, of the documents or of a place's "
                         f"name; {fixed!r} is one letter away and the documents use it")
    parts.append(text[last:])
    return "".join(parts), notes, pairs
