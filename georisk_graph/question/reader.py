"""Reading questions: each question once, into a :class:`Reading` that every later stage takes.

:meth:`Reader.load` reads what the reading needs from the graph (the stored corpus's terms and their
document frequencies, the names of the incidents reported on) and the word lists (English words and
their frequencies); ``Reader(...)`` itself does no I/O. :meth:`Reader.read` takes a batch:

1. the wording is set straight (:mod:`.wording`): quotes, spaces, capitals, contractions, misspellings;
2. place and incident names typed in lower case or capitals are written as names (:mod:`.places`);
3. greetings and thanks around the question are left out and a place put first is put last (:mod:`.form`);
4. the places are recognised and resolved against the gazetteer, all questions in one pass;
5. what is asked is read from the text and its clause that asks (:mod:`.asked`, :mod:`.kinds`), and
   the graph is asked once for the names no stored passage uses.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, replace
from typing import Any, Collection, Mapping, Protocol, Sequence

from ..analysis import STOP_WORDS, Vocabulary, stem, terms, words
from ..geo import STATE_LEVELS
from ..lexicon import DAYS, DEFINITE, FIRE_IN_SPANISH, LOCATIVE, MONTHS, NEARNESS, PLACING, STANDS_AT, WHERE
from ..models import FittedModel
from ..places import Gazetteer
from ..places.gazetteer import tokenize
from ..places.recognition import Recognizer, Span
from ..places.resolution import Resolution
from ..places.spanish import english_places, fold, spanish_names
from ..places.written import Candidate, ZipCodes, place_endings, unplaced_names
from ..translation import ENGLISH, SPANISH, Language, LanguageIdentifier, Translator, with_terms
from ..lexicon import LAW_WORDS
from .asked import (asked_aspects, asked_day, asks_about_present, evidence_wanted, incident_names,
                    names_asked, names_given, present_markers, single_year)
from .form import place_last, question_clause, says_something_with, sentences, without_filler
from .names import bare_name, without_year
from .places import (RARE_SHARE, QueryPlace, Recased, anchor_places, drop_qualifiers,
                     qualified_unknowns, recase_places)
from .reading import Reading, Term
from .roles import EVERY_PLACE, chains, roles
from .placing import NO_NAMES, anchored, as_typed, scored, without_spans, written_places
from .wording import (Lexicon, ask_permission_plainly, correct_spelling, expand_contractions, in_title_case,
                      straighten)

# The other places of a shared name that are looked at: if any of them would be decided otherwise, the
# question is asked back ("Which Springfield?").
ALTERNATIVES = 3
_NAME = re.compile(r"(?<!^)(?<![.?!] )\b[A-Z][A-Za-z'-]+|\b(?:19|20)\d\d\b")


class PlaceFinder(Protocol):
    """What the reader needs of a place resolver (:class:`georisk_graph.places.PlaceResolver`): the gazetteer,
    the recognizer of place names in text and the resolution of the spans it finds."""

    gazetteer: Gazetteer

    @property
    def recognizer(self) -> Recognizer: ...

    def resolve_spans(self, text: str, spans: list[Span]) -> Resolution: ...


class Corpus(Protocol):
    """What the reader needs of the graph (:class:`georisk_graph.graph.Graph`): its named queries."""

    def run(self, name: str, **params: Any) -> list[dict[str, Any]]: ...


class Reader:
    """Reads questions against the gazetteer (through ``resolver``), the stored corpus (``graph``, and the
    ``lexicon`` of its terms) and the names of the incidents it reports on (``incidents``, lower case,
    without the word "Fire"); the place ``role_model`` tells the places a question asks about from those
    that only locate or contrast them (without one, every place named is asked about); the ``names_model`` which
    names written otherwise than the gazetteer writes them (another name, a ZIP code, lower case) mean a place
    (:mod:`georisk_graph.places.written`; without one, none does). Without a resolver no place is read; without a
    graph no name is looked up: ``Reader(None, None)`` reads the form and the words of a question alone."""

    def __init__(self, resolver: PlaceFinder | None, graph: Corpus | None, *, lexicon: Lexicon | None = None,
                 incidents: Collection[str] | Mapping[str, frozenset[str]] = frozenset(),
                 role_model: FittedModel = EVERY_PLACE,
                 names_model: FittedModel = NO_NAMES,
                 languages: LanguageIdentifier | None = None, translator: Translator | None = None,
                 namesakes: Mapping[str, tuple[str, ...]] | None = None, acronyms: Collection[str] = ()) -> None:
        self.resolver: PlaceFinder = resolver if resolver is not None else _NoPlaces()
        self.graph = graph
        self.lexicon = lexicon or Lexicon()
        self.incidents = frozenset(incidents)
        # where each fire the reports name burned (the places its reports apply to), when given as a mapping
        self.burned: Mapping[str, frozenset[str]] = incidents if isinstance(incidents, Mapping) else {}
        # the incidents the reports name by each name, each as "Valley Fire (2015, Lake County)", where several are
        self.namesakes: Mapping[str, tuple[str, ...]] = namesakes or {}
        # the acronyms the corpus spells out (its glossary), lower case: such a word is the term, not a place's other name
        self.acronyms = frozenset(a.lower() for a in acronyms)
        self.role_model = role_model
        self.names_model = names_model
        self.zip_codes = ZipCodes(self.resolver.gazetteer)  # the ZIP table is read at the first code asked for
        # a question's language (without an identifier every question is read as English), and the translator a
        # Spanish one is read through (without one, it is told what to install)
        self.languages = languages
        self.translator = translator
        self._codes: dict[str, list[tuple[int, int, str]]] = {}  # a text's states by postal code, while read

    @classmethod
    def load(cls, resolver: PlaceFinder, graph: Corpus, role_model: FittedModel, *, names_model: FittedModel = NO_NAMES,
             languages: LanguageIdentifier | None = None, translator: Translator | None = None) -> "Reader":
        """A reader with the corpus's vocabulary and incident names read from ``graph`` and the English word
        lists loaded."""
        row = graph.run("vocabulary")[0]
        vocabulary = Vocabulary.from_rows(row["terms"], int(row["passages"]))
        lexicon = Lexicon.load(vocabulary, resolver.gazetteer.words(), resolver.gazetteer.prominent_words())
        lexicon.english_share("fire")  # the word lists load now, not at the first question
        burned: dict[str, set[str]] = {}
        reports: dict[str, dict[str, None]] = {}
        for row in graph.run("incident_names"):
            for name in _incident_keys(row["title"]):
                burned.setdefault(name, set()).update(row.get("places") or ())
                reports.setdefault(name, {})[_described(row)] = None
        return cls(resolver, graph, lexicon=lexicon, incidents={k: frozenset(v) for k, v in burned.items()},
                   role_model=role_model, names_model=names_model, languages=languages, translator=translator,
                   namesakes={k: tuple(sorted(v)) for k, v in reports.items() if len(v) > 1},
                   acronyms=[row["name"] for row in graph.run("glossary_names")])

    def with_models(self, *, role_model: FittedModel | None = None, names_model: FittedModel | None = None) -> "Reader":
        """A reader like this one (the same resolver, graph, lexicon, incidents, identifier and translator) with
        another place model or name model."""
        reader = Reader(self.resolver, self.graph, lexicon=self.lexicon, incidents=self.burned or self.incidents,
                        role_model=role_model or self.role_model, names_model=names_model or self.names_model,
                        languages=self.languages, translator=self.translator, namesakes=self.namesakes,
                        acronyms=self.acronyms)
        reader.zip_codes = self.zip_codes
        return reader

    @property
    def gazetteer(self) -> Gazetteer:
        return self.resolver.gazetteer

    # -- reading -------------------------------------------------------------------------------------
    def read(self, questions: Sequence[str]) -> list[Reading]:
        """One :class:`Reading` per question, in order. A question in Spanish is read in the English its
        translator gives (its places found first, in Spanish or English, and kept as the gazetteer writes
        them); without a translator it is read no further (:attr:`Reading.untranslated`)."""
        asked = list(questions)
        languages = self.language_of(asked)
        english, before = self.in_english(asked, languages)
        todo = [i for i, text in enumerate(english) if text is not None]
        texts, notes, recased = zip(*(self.reword(english[i] or "") for i in todo)) if todo else ((), (), ())
        places = self.find_places(list(texts), list(recased))
        readings: list[Reading] = [
            Reading(text=q, read_as=q, language=language.code, language_confidence=language.confidence,
                    notes=tuple(before[i])) for i, (q, language) in enumerate(zip(asked, languages))]
        for k, i in enumerate(todo):
            reading = self._reading(asked[i], texts[k], [*before[i], *notes[k]], recased[k], places[k])
            readings[i] = replace(reading, language=languages[i].code, language_confidence=languages[i].confidence,
                                  translation=english[i] if languages[i].code != ENGLISH else None)
        self._codes.clear()
        return readings

    def language_of(self, questions: list[str]) -> list[Language]:
        """Each question's language, told from its words with the places it names left out (a Spanish place's
        name in an English question, "Santa Fe", is no Spanish)."""
        if self.languages is None:
            return [Language(ENGLISH, 1.0) for _ in questions]
        names = self.spanish_index
        read = [english_places(q, self.gazetteer, names) for q in questions]
        found = self.languages.identify([text for text, _ in read])
        # a place named the Spanish way ("Tenesí", "el condado de Lake") says the question is Spanish
        return [Language(SPANISH, max(1.0 - language.confidence, 0.9)) if spanish and language.code == ENGLISH
                else language for language, (_, spanish) in zip(found, read)]

    def in_english(self, questions: list[str], languages: list[Language]) -> tuple[list[str | None], list[list[str]]]:
        """Each question in English, with notes on how it was made so: an English one as it is; a Spanish one as
        its translator puts it, the places it names written first as the gazetteer writes them; None for one
        no translator reads."""
        english: list[str | None] = list(questions)
        notes: list[list[str]] = [[] for _ in questions]
        spanish = [i for i, language in enumerate(languages) if language.code != ENGLISH]
        if not spanish:
            return english, notes
        names = self.spanish_index
        protected = []
        for i in spanish:
            text, places = english_places(self.spanish_incidents(questions[i]), self.gazetteer, names)
            protected.append(self.english_runs(with_terms(text)))
            notes[i] += places
        if self.translator is None:
            for i in spanish:
                english[i] = None
                notes[i].append(f"read as Spanish ({languages[i].confidence:.2f}); no translator is installed")
            return english, notes
        for i, translated in zip(spanish, self.translator.translate(protected)):
            english[i] = " ".join(translated.replace("[", "").replace("]", "").split())
            notes[i].append(f"read as Spanish ({languages[i].confidence:.2f}) and translated into English by "
                            f"{self.translator.name}: {english[i]!r}")
        return english, notes

    def spanish_incidents(self, text: str) -> str:
        """``text`` with each incident named the Spanish way, "el incendio Saddle Ridge", written as the reports name
        it, "[Saddle Ridge Fire]", where the reports know it (the corpus's incident names)."""
        tokens = tokenize(text)
        out, at, i = [], 0, 0
        while i < len(tokens):
            if fold(tokens[i][0]) not in FIRE_IN_SPANISH or i + 1 >= len(tokens):
                i += 1
                continue
            j = i + 1
            while j < len(tokens) and tokens[j][0][:1].isupper():
                j += 1
            name = next((text[tokens[i + 1][1]:tokens[k - 1][2]] for k in range(j, i + 1, -1)
                         if text[tokens[i + 1][1]:tokens[k - 1][2]].lower() in self.incidents), None)
            if name is None:
                i += 1
                continue
            k = i + 1 + len(tokenize(name))
            out.append(text[at:tokens[i][1]] + f"[{name} Fire]")
            at = tokens[k - 1][2]
            i = k
        return "".join(out) + text[at:]

    def english_runs(self, text: str) -> str:
        """``text`` with each run of two words or more that are English words the documents use put in square
        brackets, kept from the translator: the English fire terms of a Spanish question ("el red flag warning",
        "un burn permit") are the documents' own words, and a Spanish dictionary would read "red" as a net."""
        tokens = tokenize(text)
        english = [t.isalpha() and len(t) >= 3 and t.lower() in self.lexicon.english
                   and stem(t.lower()) in self.lexicon.vocabulary for t, _, _ in tokens]
        runs: list[tuple[int, int]] = []
        out, at, i = [], 0, 0
        depth = 0
        while i < len(tokens):
            depth += tokens[i][0] == "[" or 0
            depth -= tokens[i][0] == "]" or 0
            j = i
            while j < len(tokens) and english[j] and not depth:
                j += 1
            if j - i >= 2:
                runs.append((i, j))
                i = j
            else:
                i += 1
        # words English and Spanish share ("hay para") are Spanish here: a run is kept only where it reads as English
        spoken = self.languages.identify([text[tokens[i][1]:tokens[j - 1][2]] for i, j in runs]) if self.languages and runs else []
        for (i, j), language in zip(runs, spoken):
            if language.code == ENGLISH:
                out.append(text[at:tokens[i][1]] + "[" + text[tokens[i][1]:tokens[j - 1][2]] + "]")
                at = tokens[j - 1][2]
        return "".join(out) + text[at:]

    @functools.cached_property
    def spanish_index(self) -> dict[tuple[str, ...], str]:
        """The Spanish names of the gazetteer's places (places/spanish.py), made once."""
        return spanish_names(self.gazetteer)

    def reword(self, question: str) -> tuple[str, list[str], Recased]:
        """The text a question is read as, the notes on what was changed, and its recased place names."""
        text = straighten(question)
        notes: list[str] = []
        if text.isupper():
            text = text.lower()
            notes.append("typed in capitals: read in lower case")
        elif in_title_case(text, self.lexicon.everyday):
            text = text.lower()
            notes.append("every word typed with a capital: read in lower case")
        text, contractions = expand_contractions(text)
        if contractions:
            notes.append("contractions written out: " + ", ".join(dict.fromkeys(contractions)))
        text, corrected, corrections = correct_spelling(text, self.lexicon)
        notes += corrected
        text, permission = ask_permission_plainly(text)
        if permission:
            notes.append("permission asked as 'can I': " + ", ".join(dict.fromkeys(permission)))
        text, dropped = without_filler(text, self._says_something)
        notes += [f"{part!r} left out: it names no place and none of the documents' words" for part in dropped]
        ordered = " ".join(place_last(part.text.strip(), self._names) for part in sentences(text))
        if ordered != text:
            notes.append("the place put first read as put last")
        if ordered[-1:].isalnum():
            ordered += "?"  # a question typed without its mark is asked all the same
        ordered = ordered[:1].upper() + ordered[1:]
        ordered, named_as_reported = self.known_incidents(ordered)
        notes += named_as_reported
        recased = recase_places(ordered, self.gazetteer, common_words=self.lexicon.everyday, incidents=self.incidents,
                                english_share=self.lexicon.english_share, english=self.lexicon.english, nouns=self._nouns)
        notes += recased.notes
        ordered = recased.text
        return ordered, notes, replace(recased, corrections=tuple(corrections))

    def known_incidents(self, text: str) -> tuple[str, list[str]]:
        """``text`` with each incident it names called as the stored reports call it, and notes on what changed:
        a state written into the name is put after it ("Nebraska Bovee Fire" -> "Bovee Fire in Nebraska"), and a
        name the reports do not know but spell within two letters is spelt as they spell it ("Labor Mountian Fire"
        -> "Labor Mountain Fire"). Names the reports do not know otherwise are read as written."""
        notes: list[str] = []
        for name in incident_names(text):
            *given, kind = name.split()
            key = " ".join(given).lower()
            if not given or key in self.incidents:
                continue
            lead = next((i for i in range(1, len(given)) if " ".join(given[i:]).lower() in self.incidents), None)
            if lead is not None:
                place = " ".join(given[:lead])
                # a state written into the name ("Nebraska Bovee Fire"); a town or county before a known fire's
                # name may be part of the name ("Bee Rock Creek Fire" is no Rock Creek Fire in Bee)
                if any(m.entry.is_state for m in self.gazetteer.lookup(place)):
                    known = " ".join([*given[lead:], kind])
                    text = text.replace(name, f"{known} in {place}", 1)
                    notes.append(f"'{name}' read as the {known} in {place}")
                continue
            near = [k for k in self.incidents if k.count(" ") == key.count(" ") and abs(len(k) - len(key)) <= 2
                    and k[:1] == key[:1]]
            match = difflib.get_close_matches(key, near, n=1, cutoff=0.85)
            if match:
                known = " ".join([*(w.capitalize() for w in match[0].split()), kind])
                text = text.replace(name, known, 1)
                notes.append(f"'{name}' read as the {known}, as the reports spell it")
        return text, notes

    def _nouns(self, text: str) -> set[str]:
        """The words of ``text`` the tagger reads as nouns (none without a tagger)."""
        tagger = getattr(self.resolver.recognizer, "nouns", None)
        return tagger([text])[0] if tagger is not None else set()

    def _says_something(self, part: str) -> bool:
        return says_something_with(self.lexicon.keyness, self.lexicon.english_share, self._names_or_terms,
                                   self.lexicon.english)(part)

    def _names_or_terms(self, text: str) -> bool:
        """Whether ``text`` names an incident or a place (:meth:`_names`), or a term of the corpus's glossary: "DFFM -
        what does it stand for?" says what it asks about before the dash."""
        return any(w.lower() in self.acronyms for w in words(text)) or self._names(text)

    def _names(self, text: str) -> bool:
        """Whether ``text`` names an incident or a place: one read as a place in lower case, or one written
        as a place is, unless it is an everyday word starting the text ("Hope you can help")."""
        recased = recase_places(text, self.gazetteer, common_words=self.lexicon.everyday,
                                english_share=self.lexicon.english_share, english=self.lexicon.english)
        return bool(incident_names(text)) or bool(recased.places) or any(
            a > 0 or " " in text[a:b] or text[a:b].lower() not in self.lexicon.english for a, b in recased.named) \
            or self._names_by_another_name(text)

    def _names_by_another_name(self, text: str) -> bool:
        """Whether ``text`` names a place by another name of it typed as a name is ("NOLA question:", "Rip City
        resident."): words in capitals, or capitalised words of which one is no everyday word."""
        tokens = [t for t, _, _ in tokenize(text)]
        for i in range(len(tokens)):
            for n in (3, 2, 1):
                typed = tokens[i:i + n]
                if len(typed) < n or not all(t[:1].isupper() for t in typed):
                    continue
                if (n > 1 or (typed[0].isupper() and len(typed[0]) > 1)) and \
                        self.gazetteer.alternates_named(tuple(t.lower() for t in typed)):
                    return True
        return False

    def _reading(self, question: str, text: str, notes: list[str], recased: Recased, found: "Found") -> Reading:
        resolved, unresolved = found.resolved, found.unresolved
        clause = question_clause(text)
        incidents = incident_names(text)
        given = names_given(text, resolved, unresolved)
        # which places it asks about, a fire among them; a fire asked about alone stands for the county it burned in
        asked, context, _ = roles(text, resolved, self.gazetteer, self.role_model, burned=self.fires_named(text))
        asked = tuple(anchor_places(list(asked), self.gazetteer))
        # a park, a forest or a region asked about is decided with the counties it lies in
        resolved, areas, scopes = anchored(list(asked), self.gazetteer)
        within = qualified_unknowns(text, resolved, unresolved)
        # the names it writes as a place that nothing places ("my county", "Quillbrook Hollow", a ZIP no table holds)
        taken = [(p.start, p.end) for p in (*resolved, *context, *unresolved)] + _spans_of(text, incidents)
        states = [p for p in resolved if p.level in STATE_LEVELS]
        marked = unplaced_names(text, self.lexicon, self.place_endings, taken=taken, determiners=DEFINITE,
                               zip_codes=self.zip_codes, states=[(p.start, p.end) for p in states],
                               where=LOCATIVE | PLACING | NEARNESS, common=STOP_WORDS,
                               corrected={fixed.lower() for _, fixed in recased.corrections}, at=STANDS_AT)
        # a name the name model judged likelier a place than not, but not sure enough to read as one ("NOLA")
        doubtful = self.names_model.threshold_for("unplaced")
        for c in sorted(found.considered, key=lambda c: -(c.probability or 0.0)):
            if c.entry.level in STATE_LEVELS or c.features.get("names_another_place"):
                continue  # a state's or another place's own name is no unknown place ("Maryland" as Maryland City)
            if c.features.get("dictionary") and not c.features.get("named_as_names_are"):
                continue  # English words not typed as a name are words ("near woodland")
            if doubtful <= (c.probability or 0.0) < self.names_model.threshold and not any(
                    a < c.end and c.start < b for a, b in [*taken, *((x, y) for x, y, _ in marked)]):
                marked.append((c.start, c.end, "name"))
        unplaced_spans = [(a, b) for a, b, _ in marked]
        unplaced = tuple(dict.fromkeys(as_typed(name, recased.corrections) for name in
                                       [*(u.surface for u in unresolved), *(text[a:b] for a, b in unplaced_spans)]))
        place_like = [as_typed(text[a:b], recased.corrections) for a, b, how in sorted(marked, key=lambda m: m[2] != "beside")
                      if how != "phrase"] + [u.surface for u in unresolved]
        beside: dict[str, str] = {}
        if place_like and len(states) == len(resolved):
            # a state named with a smaller place that nothing places ("in vegas nevada", "97701 oregon", "Big Easy ...
            # Louisiana law"): at most a warning for the state, which names it
            beside = {p.id: place_like[0] for p in states if p.id and p.id not in within}
        wants = evidence_wanted(text, placed=bool(resolved or incidents), clause=clause)
        # the words the form was read from: a preposition that puts a place ("near Avenal"), "without" in a
        # question asking whether something may be done without a permit
        frame = [text[:p.start].split()[-1] for p in [*resolved, *unresolved]
                 if text[:p.start].split() and text[:p.start].split()[-1].lower() in LOCATIVE | PLACING]
        present = asks_about_present(clause) and asked_day(text) is None
        if present:
            frame += present_markers(clause)  # "today" asks when, not what
        # the names it gives: its places and incidents, and its other capitalised words and years ("Red Flag
        # Warning", "2021"); a month is what it asks about, not a name
        capitalised = [m.group() for m in _NAME.finditer(text) if m.group().lower() not in MONTHS]
        named = {stem(w) for name in [*given, *capitalised] for w in words(name)}
        embedded = text
        for start, end, name in sorted(self._codes.get(text, []), reverse=True):
            embedded = embedded[:start] + name + embedded[end:]  # "Burns, OR" is embedded as "Burns, Oregon"
        return Reading(
            text=question, read_as=text, clause=clause, embedded=embedded, places=tuple(resolved), unresolved=tuple(unresolved),
            context=context, chains=_joined(chains(resolved, self.gazetteer), areas), unplaced=unplaced,
            names_considered=found.considered, named_places=tuple(found.resolved),
            without_places=without_spans(text, [*taken, *unplaced_spans]), scopes=tuple(scopes),
            within=tuple(within.items()), beside=tuple(beside.items()), incidents=tuple(incidents), year=single_year(text), day=asked_day(text),
            namesakes=self._namesakes(text, incidents, resolved),
            present=present, wants=wants, law=bool({w.lower() for w in words(text)} & LAW_WORDS),
            aspects=tuple(asked_aspects(text)), terms=tuple(self.topic_terms(text, given, wants, frame)),
            things=() if resolved or unresolved or incidents else tuple(names_asked(text)),
            named=tuple(sorted(named)), stems=tuple(terms(text)), notes=tuple(notes), unsure=recased.unsure,
        )

    def _namesakes(self, text: str, incidents: Sequence[str], resolved: Sequence[QueryPlace]) -> tuple[str, ...]:
        """The incidents sharing the one name ``text`` gives a fire, when it gives neither a year nor a place of its own
        (a place found by the fire's name is the fire's): the answer is about one of them and names the others."""
        if len(incidents) != 1 or single_year(text) is not None or asked_day(text) is not None:
            return ()
        fire = incidents[0].lower()
        if any(p.surface.lower() != fire for p in resolved):
            return ()
        keys = _incident_keys(incidents[0])
        return self.namesakes.get(keys[0], ()) if keys else ()

    def topic_terms(self, text: str, named: Sequence[str], wants: str | None, frame: Sequence[str] = ()) -> list[Term]:
        """The question's topic terms, each once, with its weight from the corpus: its content words less the
        names it gives (places, the states that qualify them, incidents), the words its form was read from
        (``frame``: the preposition before a place; the "without" of "without a permit" is left out with the kind of
        yes/no question, :mod:`~georisk_graph.question.kinds`) and, when it asks
        about the law, the words that name the law."""
        skip = {w.lower() for name in named for w in words(name)} | {w.lower() for w in frame}
        if wants == "rules":
            skip |= LAW_WORDS
        found: dict[str, Term] = {}
        for word in words(text):
            low = word.lower()
            if low in STOP_WORDS or low in skip or len(low) < 3 or not low.isalpha():
                continue
            term = stem(low)
            if term not in found:
                vocabulary = self.lexicon.vocabulary
                found[term] = Term(term, low, round(vocabulary.weight(term), 3), vocabulary.family(term),
                                   round(vocabulary.rarity(term), 3))
        return list(found.values())

    # -- places ------------------------------------------------------------------------------------
    def find_places(self, texts: list[str], recased: Sequence[Recased] = ()) -> list[Found]:
        """(resolved places, unresolved mentions) of each text, in one pass of the recognizer. A name the
        wording step read as a place is a mention even where the recognizer passed it by."""
        spans = self.resolver.recognizer.find(texts) if texts else []
        out = []
        for k, (text, found) in enumerate(zip(texts, spans)):
            extra = [Span(a, b, text[a:b], "gazetteer") for a, b in (recased[k].places if k < len(recased) else ())
                     if not any(s.start < b and a < s.end and s.source != "ner" for s in found)
                     and self.gazetteer.lookup(text[a:b])]
            # a name the wording step read as a place wins over an unknown name the model saw around it
            found = [s for s in found if not (s.source == "ner" and any(x.start < s.end and s.start < x.end
                                                                        for x in extra))]
            resolution = self.resolver.resolve_spans(text, sorted([*found, *extra], key=lambda s: (s.start, s.end)))
            resolved, unresolved = [], []
            seen: set[str] = set()
            for m in resolution.mentions:
                entry = self.gazetteer.get(m.place_id) if m.place_id else None
                place = QueryPlace(
                    id=m.place_id, name=entry.name if entry else None, level=entry.level if entry else None,
                    surface=m.surface, start=m.start, end=m.end, method=m.method, confidence=float(m.confidence),
                    reason=m.reason,
                    candidates=tuple({"id": c.place_id, "name": c.name, "level": c.level,
                                      "state": c.state_usps, "score": round(c.score, 3)}
                                     for c in m.candidates[:5]),
                )
                if m.method == "population" and len(m.candidates) > 1 and place.level != "event":
                    # a name several places share, chosen by prominence alone: the others are said
                    place = replace(place, sharing=len(m.candidates), alternatives=tuple(
                        {"id": c.place_id, "name": c.name, "level": c.level, "state": c.state_usps,
                         "score": round(c.score, 3)}
                        for c in m.candidates[1:1 + ALTERNATIVES]))
                if m.place_id is None:
                    unresolved.append(place)
                elif m.place_id not in seen:
                    seen.add(m.place_id)
                    resolved.append(place)
                else:
                    # named again: the later mention stands for it, nearer the clause that asks ("my cousin lives in
                    # Mojave ... How big was the fire in Mojave?")
                    resolved = [place if p.id == m.place_id else p for p in resolved]
            burned = self.fires_named(text)
            if burned:
                resolved = [self.where_the_fire_burned(p, burned) if p.ambiguous else p for p in resolved]
            unresolved += self.unknown_places(text, [(m.start, m.end) for m in resolution.mentions])
            # what the rules passed by: another name, a ZIP code, a name typed otherwise, as the name model judges it
            considered = self.names_in(text, resolved)
            written = written_places(considered, self.names_model.threshold)
            if burned:
                written = [self.where_the_fire_burned(w, burned) if w.ambiguous else w for w in written]
            # a longer name accepted over a shorter one the rules read ("Yucca Valley" over "Yucca") replaces it
            resolved = [p for p in resolved if not any(w.start <= p.start and p.end <= w.end for w in written)]
            seen = {p.id for p in resolved if p.id}
            resolved = sorted([*resolved, *(w for w in written if w.id not in seen)], key=lambda p: (p.start, p.end))
            unresolved = [u for u in unresolved if not any(w.start < u.end and u.start < w.end for w in written)]
            out.append(Found(drop_qualifiers(resolved, self.gazetteer), unresolved, tuple(considered)))
            self._codes[text] = [(m.start, m.end, entry.name) for m in resolution.mentions
                                 if m.place_id and _is_code(m.surface)
                                 for entry in [self.gazetteer.get(m.place_id)]
                                 if entry is not None and entry.level in ("state", "federal_district", "territory")]
        return out

    def fires_named(self, text: str) -> frozenset[str]:
        """The places where the fires a text names burned ("<name> fire" or "<name> complex", any case), from the
        stored reports on them."""
        low = " ".join(w.lower() for w in words(text))
        return frozenset(p for key, places in self.burned.items()
                         if f"{key} fire" in low or f"{key} complex" in low for p in places)

    def where_the_fire_burned(self, place: QueryPlace, burned: frozenset[str]) -> QueryPlace:
        """For a name several places share, chosen by prominence, the one place of the name that lies where a fire the
        question names burned ("the dominic point fire out by corvallis": Corvallis, Montana), if one does."""
        def there(place_id: str) -> bool:
            return place_id in burned or bool(burned & self.gazetteer.ancestors(place_id).keys())

        if place.id is None or there(place.id):
            return place
        key = tuple(t.lower() for t, _, _ in tokenize(place.surface))
        fitting = {m.entry.id: m.entry for _, ms in self.gazetteer.folded(key) for m in ms
                   if m.entry.level not in STATE_LEVELS and there(m.entry.id)}
        if len(fitting) != 1:
            return place
        [entry] = fitting.values()
        return replace(place, id=entry.id, name=entry.name, level=entry.level, method="co-occurrence",
                       alternatives=(), sharing=0, confidence=max(place.confidence, 0.9),
                       reason=f"{place.surface!r}: the {entry.name} of {entry.state_usps}, where the fire the question "
                              "names burned")

    def names_in(self, text: str, resolved: Sequence[QueryPlace]) -> list[Candidate]:
        """The candidates of ``text`` the rules passed by (:mod:`georisk_graph.places.written`), each with the name
        model's probability; ``resolved`` are the places the rules read. Another name of a place that the corpus spells
        out as an acronym ("IMT": an incident management team, not Iron Mountain's airport) is left out."""
        return [c for c in scored(text, self.gazetteer, self.lexicon, self.names_model,
                                  taken=[(p.start, p.end) for p in resolved], found=[p.id for p in resolved if p.id],
                                  zip_codes=self.zip_codes, place_words=LOCATIVE | PLACING)
                if not (c.how == "alternate" and c.surface.lower() in self.acronyms)]

    @functools.cached_property
    def place_endings(self) -> frozenset[str]:
        """The words many places' names end in, counted from the gazetteer (:func:`places.written.place_endings`)."""
        return place_endings(self.gazetteer)

    def unknown_places(self, text: str, taken: Sequence[tuple[int, int]]) -> list[QueryPlace]:
        """Names put after a preposition that says where ("On Oahu, ...", "in Pinecrest Hollow", not "talking about
        Defensible Space") that no gazetteer entry holds and that are no English word: a place the system does
        not know, not a topic."""
        tokens = tokenize(text)
        found: list[QueryPlace] = []
        k = 1
        while k < len(tokens):
            word, start, _ = tokens[k]
            if (tokens[k - 1][0].lower() not in WHERE | PLACING or any(a <= start < b for a, b in taken)
                    or not self._unknown_place_word(word)):
                k += 1
                continue
            end_k = k
            while (end_k + 1 < len(tokens) and tokens[end_k + 1][0][:1].isupper() and tokens[end_k + 1][0].isalpha()
                   and tokens[end_k + 1][0].lower() not in MONTHS):
                end_k += 1
            end = tokens[end_k][2]
            found.append(QueryPlace(id=None, name=None, level=None, surface=text[start:end], start=start, end=end,
                                    method="unresolved", confidence=0.0,
                                    reason=f"{text[start:end]!r} is named as a place and no place of that name is "
                                           "in the gazetteer"))
            k = end_k + 1
        return found

    def _unknown_place_word(self, word: str) -> bool:
        low = word.lower()
        if not word.isalpha() or len(word) < 3 or word.isupper() or low in MONTHS or low in DAYS:
            return False
        if low in STOP_WORDS or (low in self.lexicon.english and (
                not word[:1].isupper() or self.lexicon.english_share(low) >= RARE_SHARE)):
            return False  # a word English uses; one it hardly uses, capitalised ("Tollhouse"), may be a name
        if word[:1].isupper():
            return True
        # typed in lower case: a word English knows, which neither its dictionary nor the documents use
        return stem(low) not in self.lexicon.vocabulary and self.lexicon.english_share(low) > 0

    def plan(self) -> None:
        """Make now what the first question would otherwise wait for: the gazetteer's lower-case index and its words
        written with a period, and the words places' names end in (reading runs no query per question: the corpus's
        vocabulary and incident names are read once, by :meth:`load`)."""
        self.gazetteer.folded(())
        self.gazetteer.written_out(())
        _ = self.place_endings


@dataclass(frozen=True)
class Found:
    """The places a text names as the rules and the name model read them: the places resolved, the names that look
    like places and are not known, and every name the name model considered, with its probability."""

    resolved: list[QueryPlace]
    unresolved: list[QueryPlace]
    considered: tuple[Candidate, ...] = ()


class _NoPlaces:
    """The resolver of a reader without a gazetteer: it knows no place."""

    def __init__(self) -> None:
        self.gazetteer = Gazetteer({})

    @property
    def recognizer(self) -> "_NoPlaces":
        return self

    def find(self, texts: list[str]) -> list[list[Span]]:
        return [[] for _ in texts]

    def resolve_spans(self, text: str, spans: list[Span]) -> Resolution:
        return Resolution(text, ())


def _spans_of(text: str, names: Sequence[str]) -> list[tuple[int, int]]:
    """Where each of ``names`` is written in ``text``."""
    spans = []
    for name in names:
        at = text.find(name)
        while at >= 0:
            spans.append((at, at + len(name)))
            at = text.find(name, at + len(name))
    return spans


def _joined(groups: Sequence[tuple[str, ...]], more: Sequence[tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """``groups`` of place ids, those sharing an id with one of ``more`` (a park's counties) made one."""
    out = [list(g) for g in groups]
    for extra in more:
        joined = [g for g in out if set(g) & set(extra)]
        if not joined:
            continue
        merged = list(dict.fromkeys(i for g in joined for i in g))
        first = out.index(joined[0])
        out = [g for g in out if g not in joined]
        out.insert(first, merged + [i for i in extra if i not in merged])
    return tuple(tuple(g) for g in out)


def _is_code(surface: str) -> bool:
    """Whether a place was written by its postal code ("OR", "WA", "D.C.")."""
    letters = surface.replace(".", "")
    return letters.isupper() and len(letters) == 2


def _described(row: Mapping[str, Any]) -> str:
    """An incident report as its name, the year it started and the places it applies to: "Valley Fire (2015, Lake
    County)"."""
    name = without_year(str(row.get("title") or ""))
    places = sorted(str(p) for p in row.get("place_names") or ())
    where = ", ".join([*([str(row["year"])] if row.get("year") else []), *places[:2]])
    return f"{name} ({where})" if where else name


def _incident_keys(title: str | None) -> list[str]:
    """The lower-case names an incident report's title gives its fire: "Lions Fire (2018)" -> "lions";
    "Reevas Basin" -> "reevas basin"."""
    if not title:
        return []
    name = bare_name(without_year(title), last=("fire", "complex")).lower()
    return [name] if name and len(name) <= 40 else []


__all__ = ["Reader", "terms"]
