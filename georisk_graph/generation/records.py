"""What the graph states outright, as the first line of an answer: a term the glossary spells out (:func:`term_line`,
"LAT stands for Large Air Tanker [1].") and an incident's figures as its record states them: the first line of the answer to a question that asks a named
fire's size, its containment or the day it started ("Durkee Fire (2024, Baker County and Malheur County): 294,265
acres, 95% contained as of 2024-09-30 [1]").

The figures are fields of the incident's record as it stood on the day asked (:class:`~georisk_graph.evidence.
IncidentRecord`, read with the passages), not words found in its text: an InciWeb page's narrative often gives no
size, and a CAL FIRE record's "Acres burned" is one field among several. A line is written only from the record of a
cited passage about the incident the question names, and only of the figures the record gives: a record without a
size says nothing of the size.
"""

from __future__ import annotations

from typing import Sequence

from ..analysis import stem
from ..answer_kinds import CONTAINMENT, DATE, DEFINITION, YES_NO, record_figures
from ..evidence import Citation, IncidentRecord
from ..messages import gettext as _
from ..question import Reading
from ..question.names import bare_name

_STARTED = DATE.name  # the kind of answer the day a fire started settles
_STARTS = frozenset(stem(cue) for cue in DATE.cues)  # the words that ask it: "start", "began", "ignited" ...
_LISTED = 3  # places named in the line at most


def _key(name: str) -> str:
    return bare_name(" ".join(name.lower().split()))


def named_record(reading: Reading, citations: Sequence[Citation]) -> tuple[int, IncidentRecord] | None:
    """The first of ``citations`` (numbered from 1) whose record is of an incident the question names, with its
    number; None when none is."""
    named = {_key(name) for name in reading.incidents}
    asked = f" {' '.join((reading.read_as or reading.text).lower().split())} "
    for number, citation in enumerate(citations, start=1):
        record = citation.record
        if record is None or not (key := _key(record.name)):
            continue
        if key in named or f" {key} " in asked:
            return number, record
    return None


def _where(record: IncidentRecord) -> str:
    day = record.started or record.reported  # the year it started, else of the figures
    year = day[:4] if day else None
    places = list(record.places[:_LISTED])
    listed = places[0] if len(places) == 1 else ", ".join(places[:-1]) + _(" and ") + places[-1] if places else ""
    return ", ".join(part for part in (year, listed) if part)


def record_line(reading: Reading, citations: Sequence[Citation]) -> str | None:
    """The line that answers from the record: the figures asked for (``reading.answer_types``) that the record of
    the named incident gives, with the day they stand for and the citation's number; a yes/no question about
    containment is led by "Yes" (100% contained) or "No". None when the question asks no such figure, names no
    incident a cited record is of, or the record does not give what is asked."""
    kinds = dict(reading.answer_types)
    found = named_record(reading, citations)
    if found is None or not kinds:
        return None
    number, record = found
    fire = record.name
    where = _where(record)
    named = f"{fire} ({where})" if where else fire
    if _STARTED in kinds and CONTAINMENT.name not in kinds:
        # a day asked about the fire's start ("When did it begin?"), not any day ("When did the park reopen?")
        if record.started is None or not _STARTS & set(reading.stems):
            return None
        return _("{fire} started on {day}").format(fire=named, day=record.started) + f" [{number}]."
    fields = record_figures(kinds)
    if not fields:
        return None
    figures = []
    if "acres" in fields and record.acres:
        figures.append(_("{acres} acres").format(acres=f"{record.acres:,.0f}"))
    if "percent_contained" in fields and record.percent_contained is not None:
        figures.append(_("{percent}% contained").format(percent=f"{record.percent_contained:.0f}"))
    if not figures or (fields == ["percent_contained"] and record.percent_contained is None):
        return None
    # the other figure of the two, after the one asked: how big a fire is contained so far, how contained one so big
    if record.acres and "acres" not in fields:
        figures.append(_("{acres} acres").format(acres=f"{record.acres:,.0f}"))
    if record.percent_contained is not None and "percent_contained" not in fields:
        figures.append(_("{percent}% contained").format(percent=f"{record.percent_contained:.0f}"))
    line = _("{fire}: {figures} as of {day}").format(fire=named, figures=", ".join(figures), day=record.reported or "")
    if (reading.yes_or_no or YES_NO.name in kinds) and CONTAINMENT.name in kinds and record.percent_contained is not None:
        line = f"{_('Yes') if record.percent_contained >= 100 else _('No')}: {line}"
    return f"{line} [{number}]."


def term_line(reading: Reading, citations: Sequence[Citation]) -> str | None:
    """"SEATs stands for Single Engine Air Tankers [1].": for a question asking what a term means, from the first
    cited passage that spells out a term of the glossary (retrieval adds it, :meth:`GraphRetriever.with_glossary`);
    None when no cited passage does."""
    if not reading.asks_for(DEFINITION.name):
        return None
    for number, citation in enumerate(citations, start=1):
        if citation.term is not None:
            return _("{term} stands for {expansion}").format(term=citation.term.name,
                                                            expansion=citation.term.expansion) + f" [{number}]."
    return None
