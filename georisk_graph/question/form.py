"""The form of a question: which of its sentences asks, what around it only greets or thanks, and where
its question clause starts.

People write around a question: "Quick question: ...", "Hi, ...", "... Thanks in advance." Such a part
names no place, no incident and no number, and none of its words is one the stored passages use much
more than English does (:meth:`~georisk_graph.question.wording.Lexicon.keyness` below
:data:`KEY_WORD`), nor a rare word the passages never use ("radon"): it says nothing of what is asked,
and :func:`without_filler` leaves it out. A part that gives context ("We are camping near Bend this
weekend.") names a place or uses the passages' words, and stays.

A place put first ("In Spokane County, is there a burn ban?") is the same question as the place put
last; :func:`place_last` writes it last, the order the rest of the reading expects.

:func:`question_clause` is the clause that asks, from its first word: a question word or an
auxiliary verb starting a clause ("When fire danger is high, what can managers prohibit?" asks "what
can managers prohibit?"), or, in an indirect question ("Tell me if ...", "Do you know whether ..."),
the clause after "if", "whether" or the question word. Readings anchored to a question's first words
("Can I ...", "Is there ...") read this clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Container, Sequence

from ..lexicon import ASKING, AUXILIARIES, JOINING, LEADING_PREPOSITIONS, LOCATIVE, QUESTION_WORDS, SUBORDINATING
# A rare English word, of less than one in ten thousand words (zipf 4): a topic the passages may lack.
RARE_WORD = 1e-5
# A word the passages use three times as often as English: it says what the question is about.
KEY_WORD = 0.5
_SENTENCE = re.compile(r"(?<=[?!])\s+|(?<=[a-z0-9)\]][.])\s+(?=[A-Za-z])|(?<=:)\s+")
_ABBREVIATED = re.compile(r"\b(?:Co|St|Mt|Ft|No|Nos|vs|etc|U\.S|e\.g|i\.e|Dr|Jr|Sr|approx|Hwy|Rd|Ave)\.$", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z]+|\d+")


@dataclass(frozen=True)
class Part:
    """A sentence of a question, or a part of one set off by a colon or a comma."""

    text: str
    start: int
    end: int


def sentences(text: str) -> list[Part]:
    """The sentences of ``text`` (a colon ends one too: "Quick question: is there ..."), not cut after an
    abbreviation such as "Co." or "U.S."."""
    parts: list[Part] = []
    start = 0
    for m in _SENTENCE.finditer(text):
        piece = text[start:m.start()]
        if _ABBREVIATED.search(piece):
            continue
        if piece.strip():
            parts.append(Part(piece, start, m.start()))
        start = m.end()
    if text[start:].strip():
        parts.append(Part(text[start:], start, len(text)))
    return parts


def _asks(part: str) -> bool:
    words = [w.lower() for w in _WORD.findall(part)]
    while words and words[0] in JOINING:
        words = words[1:]
    return part.rstrip().endswith("?") or bool(words and (words[0] in QUESTION_WORDS | AUXILIARIES | ASKING))


def without_filler(text: str, says_something: Callable[[str], bool]) -> tuple[str, list[str]]:
    """``text`` without the sentences, or the greeting before a comma, that say nothing of what is asked
    (``says_something(part)`` is False for them), and what was left out. The sentence that asks is kept."""
    parts = sentences(text)
    asking = [i for i, p in enumerate(parts) if p.text.rstrip().endswith("?")] or \
             [i for i, p in enumerate(parts) if _asks(p.text)] or [len(parts) - 1]
    main = asking[-1] if parts else -1
    kept: list[str] = []
    dropped: list[str] = []
    for i, part in enumerate(parts):
        piece = part.text.strip()
        if i == main:
            piece, greeting = _without_greeting(piece, says_something)
            dropped += greeting
        elif not says_something(piece):
            dropped.append(piece)
            continue
        kept.append(piece)
    return " ".join(kept), dropped


def _without_greeting(sentence: str, says_something: Callable[[str], bool]) -> tuple[str, list[str]]:
    """The question sentence without what comes before its question clause when that says nothing:
    "Hi, is there ..." and "Sorry if this is obvious, but can I ...", not "If I burn brush, do I ...".""" 
    start = clause_start(sentence)
    if start == 0:
        return sentence, []
    before = sentence[:start].strip()
    if says_something(before) or before.split(" ", 1)[0].lower() in SUBORDINATING:
        return sentence, []
    rest = sentence[start:]
    words = rest.split(" ", 1)
    if words[0].lower() in JOINING and len(words) > 1:
        rest = words[1]
    return rest[:1].upper() + rest[1:], [before.rstrip(",;:-— ")]


def clause_start(sentence: str) -> int:
    """Where the clause that asks starts in ``sentence``: at its start, or after a comma, semicolon, colon
    or dash, at a question word or an auxiliary verb (after a joining word such as "but")."""
    starts = [0] + [m.end() for m in re.finditer(r"[,;:]\s+|\s[-–—]\s+", sentence)]
    found = 0
    for s in starts:
        words = sentence[s:].split()
        while words and words[0].lower().strip(",") in JOINING:
            words = words[1:]
        if words and (words[0].lower() in QUESTION_WORDS | AUXILIARIES or (
                len(words) > 1 and words[0].lower() in LEADING_PREPOSITIONS and words[1].lower() in QUESTION_WORDS)):
            found = s  # "what ...", "is there ...", "on what date ...", "in which county ..."
    return found


def place_last(sentence: str, names_a_place: Callable[[str], bool] = lambda text: True) -> str:
    """"In Spokane County, is there a burn ban?" -> "Is there a burn ban in Spokane County?": a phrase of
    place put before the question clause ("Near Meeker, Colorado, ..."), written after it. Only a phrase
    that names a place (``names_a_place``) moves."""
    sentence = sentence.strip()
    start = clause_start(sentence)
    lead = sentence[:start].rstrip().rstrip(",;:").strip()
    words = lead.split()
    if not start or not words or words[0].lower() not in LOCATIVE or "?" in lead or not names_a_place(lead):
        return sentence
    rest = sentence[start:].rstrip()
    end = ""
    while rest and rest[-1] in "?.!":
        rest, end = rest[:-1], rest[-1] + end
    return f"{rest[:1].upper()}{rest[1:]} {lead[:1].lower()}{lead[1:]}{end or '?'}"


def question_clause(text: str) -> str:
    """The clause that asks (see the module docstring), for the readings anchored to its first words."""
    parts = sentences(text)
    asking = [p.text for p in parts if p.text.rstrip().endswith("?")] or [p.text for p in parts if _asks(p.text)]
    sentence = (asking[-1] if asking else text).strip()
    clause = sentence[clause_start(sentence):]
    words = clause.split()
    while words and words[0].lower() in JOINING:
        words = words[1:]
    # an indirect question: "tell me if X", "do you know whether X", "I wonder what X"
    lowered = [w.lower().strip(",") for w in words]
    for k, w in enumerate(lowered[:6]):
        if w in ASKING and k + 1 < len(words):
            for j in range(k + 1, min(k + 4, len(words))):
                if lowered[j] in ("if", "whether"):
                    return _direct(" ".join(words[j + 1:]))
                if lowered[j] in QUESTION_WORDS:
                    return " ".join(words[j:])
    return " ".join(words)


_SUBJECT_AUX = re.compile(r"^(?P<subject>(?:[\w'-]+\s+){0,4}?)(?P<aux>is|are|was|were|can|could|may|might|must|should|"
                          r"will|would|has|have|had)\b\s*(?P<rest>.*)$", re.IGNORECASE)
_NEED = re.compile(r"^(?P<subject>i|we|you|they|one|people|someone|anyone|residents|homeowners)\s+"
                   r"(?P<verb>need|needs|have to|has to)\b(?P<rest>.*)$", re.IGNORECASE)


def _direct(clause: str) -> str:
    """An indirect yes/no question as a direct one: "there is a burn ban" -> "is there a burn ban", "I need a
    permit" -> "do I need a permit"; a clause of another shape as it is."""
    m = _NEED.match(clause)
    if m:
        verb = "need" if m.group("verb").lower().startswith("need") else "have to"
        does = "does" if m.group("subject").lower() in ("one", "someone", "anyone") else "do"
        return f"{does} {m.group('subject')} {verb}{m.group('rest')}"
    m = _SUBJECT_AUX.match(clause)
    if m and m.group("subject").strip():
        return f"{m.group('aux')} {m.group('subject').strip()} {m.group('rest')}".strip()
    return clause


def says_something_with(keyness: Callable[[str], float | None], share: Callable[[str], float],
                        names: Callable[[str], bool], dictionary: Container[str] = frozenset()) -> Callable[[str], bool]:
    """The test :func:`without_filler` takes: a part says something when ``names(part)`` (it names a place
    or an incident), or it holds a number, a name (a capitalised word after its first), a word the passages
    use much more than English does, or a rare dictionary word the passages never use ("asthma"; not a
    chat abbreviation such as "thx")."""
    def says(part: str) -> bool:
        found = _WORD.findall(part)
        if names(part) or any(w.isdigit() for w in found):
            return True
        if any(w[:1].isupper() and not w.isupper() and w != "I" for w in found[1:]):
            return True
        for word in found:
            low = word.lower()
            if len(low) < 3:
                continue
            k = keyness(low)
            if k is not None and k >= KEY_WORD:
                return True
            if k is None and share(low) < RARE_WORD and (low in dictionary or not dictionary):
                return True
        return False
    return says


def joined(parts: Sequence[str]) -> str:
    return " ".join(p for p in parts if p)
