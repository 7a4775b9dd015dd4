"""Reading questions: each question once, into a :class:`Reading` that every later stage takes.

``Reader(resolver, graph)`` does no I/O; :meth:`Reader.read` recognises and resolves the places of a
batch of questions in one pass of the place recognizer, and asks the graph once per batch which of
their words, names and compounds no stored passage uses.
"""

from __future__ import annotations

from typing import Any, Sequence

from .asked import (name_forms, NOT_TOPIC, names_given, word_prefix, single_year, asked_aspects, asked_day,
                    asks_about_present, evidence_wanted, incident_names, names_asked, names_subject, topic_terms,
                    topic_words)
from .places import QueryPlace, anchor_places, drop_qualifiers, qualified_unknowns
from .reading import Reading


class Reader:
    """Reads questions against the gazetteer (through ``resolver``) and the stored corpus (``graph``)."""

    def __init__(self, resolver: Any, graph: Any) -> None:
        self.resolver = resolver
        self.graph = graph

    @property
    def gazetteer(self) -> Any:
        return self.resolver.gazetteer

    def read(self, questions: Sequence[str]) -> list[Reading]:
        """One :class:`Reading` per question, in order."""
        from ..generation.answer_types import answer_type

        questions = list(questions)
        places = self.find_places(questions)
        unplaced = [not (resolved or unresolved or incident_names(q)) for q, (resolved, unresolved) in zip(questions, places)]
        unknown = self.unknown(questions, unplaced)
        readings = []
        for question, (resolved, unresolved), missing in zip(questions, places, unknown):
            incidents = incident_names(question)
            named = names_given(question, resolved, unresolved)
            resolved = anchor_places(resolved, self.gazetteer)
            within = qualified_unknowns(question, resolved, unresolved)
            day = asked_day(question)
            kind = answer_type(question)
            readings.append(Reading(
                text=question, read_as=question, places=tuple(resolved), unresolved=tuple(unresolved),
                within=tuple(within.items()), incidents=tuple(incidents), year=single_year(question), day=day,
                present=asks_about_present(question),
                wants=evidence_wanted(question, placed=bool(resolved or incidents)),
                aspects=tuple(asked_aspects(question)), terms=tuple(topic_terms(question, named)),
                words=tuple(w for w, _ in topic_words(question, named)),
                things=() if resolved or unresolved or incidents else tuple(names_asked(question)),
                unknown=tuple(missing), answer_type=kind.name if kind else None,
            ))
        return readings

    # -- places ------------------------------------------------------------------------------------
    def find_places(self, questions: list[str]) -> list[tuple[list[QueryPlace], list[QueryPlace]]]:
        """(resolved places, unresolved mentions) of each question."""
        resolutions = self.resolver.resolve(questions)
        out = []
        for resolution in resolutions:
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
                if m.place_id is None:
                    unresolved.append(place)
                elif m.place_id not in seen:
                    seen.add(m.place_id)
                    resolved.append(place)
            out.append((drop_qualifiers(resolved, self.gazetteer), unresolved))
        return out

    # -- what the corpus does not hold ---------------------------------------------------------------
    def unknown(self, questions: list[str], unplaced: list[bool]) -> list[list[str]]:
        """Per question naming no place and no incident, the words, compounds or names it asks about that
        no stored passage uses. A question that names a place or an incident is about them, and a word of
        it the documents do not use ("this summer") does not make them silent on it."""
        unknown = self.unknown_words([topic_words(q) if free else [] for q, free in zip(questions, unplaced)])
        # A question that names none of the hazards the documents are about may still share their words
        # ("heat", "current"): what it asks about is its compound ("heat dome", "rip current").
        off_subject = [i for i, (q, free, missing) in enumerate(zip(questions, unplaced, unknown))
                       if free and not missing and not names_subject(q)]
        for i, compounds in zip(off_subject, self.unknown_compounds([questions[i] for i in off_subject])):
            unknown[i] = [f"{a} {b}" for a, b in compounds]
        # A thing it names ("the Leave No Trace rules") that no passage names is not covered either,
        # however much the rest of the question reads like the documents.
        unnamed = self.unknown_names([names_asked(q) if free and not unknown[i] else []
                                      for i, (q, free) in enumerate(zip(questions, unplaced))])
        for i, names in enumerate(unnamed):
            unknown[i] = unknown[i] or names
        return unknown

    def unknown_words(self, words: list[list[tuple[str, str]]]) -> list[list[str]]:
        """Per question, of its topic words (``(word, stem)`` pairs) those no stored passage uses, in one
        query for the batch."""
        flat = sorted({pair for pairs in words for pair in pairs})
        if not flat:
            return [[] for _ in words]
        rows = self.graph.run("unknown_words", words=[{"word": w, "stem": s} for w, s in flat])
        unknown = set(rows[0]["unknown"]) if rows else set()
        return [[w for w, _ in pairs if w in unknown] for pairs in words]

    def unknown_names(self, names: list[list[str]]) -> list[list[str]]:
        """Per question, of the names it gives those no stored passage uses, in one query for the batch."""
        flat = sorted({n for ns in names for n in ns})
        if not flat:
            return [[] for _ in names]
        rows = self.graph.run("unknown_names", names=[{"name": n, "forms": name_forms(n)} for n in flat])
        unknown = set(rows[0]["unknown"]) if rows else set()
        return [[n for n in ns if n in unknown] for ns in names]

    def unknown_compounds(self, questions: list[str]) -> list[list[tuple[str, str]]]:
        """Per question, its noun compounds ("heat dome") that no stored passage uses, in one query for the
        batch; none when the place recognizer cannot tag parts of speech."""
        tagger = getattr(self.resolver.recognizer, "noun_compounds", None) if questions else None
        if tagger is None:
            return [[] for _ in questions]
        found = [[pair for pair in pairs if not set(pair) & NOT_TOPIC] for pairs in tagger(questions)]
        keys = {pair: {"first": word_prefix(pair[0]), "second": word_prefix(pair[1])} for pairs in found for pair in pairs}
        if not keys:
            return [[] for _ in questions]
        rows = self.graph.run("unknown_compounds", pairs=list(keys.values()))
        unknown = {tuple(x) for x in rows[0]["unknown"]} if rows else set()
        return [[pair for pair in pairs if (keys[pair]["first"], keys[pair]["second"]) in unknown] for pairs in found]
