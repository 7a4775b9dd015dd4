"""The places a question writes otherwise than the gazetteer does, accepted by the name model, and what the reading
keeps of the names it could not place (:mod:`georisk_graph.places.written` finds the candidates and their features).

- :func:`written_places`: the candidates the name model accepts, as question places whose ``method`` says how they
  were written ("alternate name", "ZIP code", "name as typed") and whose ``confidence`` is the model's probability;
- :func:`as_typed`: an unplaced name as the asker typed it, where the reading corrected its spelling ("Tuckerbine
  Flats", not the "Tuckerring Flats" a correction made of it);
- :func:`without_spans`: the question with its places left out, what the dependence model reads;
- :func:`anchored`: a park, a forest or a region asked about is decided with the counties it lies in (its states
  where the geography links it to no county), one location decided together, with a note naming them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Collection, Sequence

from .. import models
from ..geo import STATE_LEVELS
from ..lexicon import COMMON_HAZARD_WORDS
from ..models import FittedModel
from ..places.gazetteer import Gazetteer
from ..places.written import FEATURES, Candidate, Words, ZipCodes, accepted, candidates
from .places import QueryPlace

# Without a fitted name model no name written otherwise than the gazetteer writes it is read as a place.
NO_NAMES = FittedModel("names", FEATURES, {f: 0.0 for f in FEATURES}, bias=-10.0, threshold=1.0,
                       fitted={"what": "no name written otherwise than the gazetteer writes it is read as a place"})
# The levels of places that are no jurisdiction: a question about one is about the counties (or states) it lies in.
AREAS = frozenset({"protected_area", "physical_region", "physical_feature"})


def load(path: Path | None = None) -> FittedModel:
    """The name model the package ships, or the one at ``path`` (``georisk fit names --out``)."""
    return models.load("names", path, features=FEATURES)


def scored(text: str, gazetteer: Gazetteer, words: Words, model: FittedModel, *, taken: Sequence[tuple[int, int]],
           found: Sequence[str], zip_codes: ZipCodes | None, place_words: Collection[str]) -> list[Candidate]:
    """Every candidate of ``text`` with the name model's probability."""
    return [replace(c, probability=model.probability(c.features))
            for c in candidates(text, gazetteer, words, taken=taken, found=found, zip_codes=zip_codes,
                                place_words=place_words, fire_words=COMMON_HAZARD_WORDS)]


def written_places(found: Sequence[Candidate], threshold: float) -> list[QueryPlace]:
    """The question places of the scored candidates ``found`` the model accepts at ``threshold``: the likeliest
    place of each span, the others of the span as its candidates."""
    out = []
    for c in accepted(found, threshold):
        others = sorted((o for o in found if (o.start, o.end) == (c.start, c.end)), key=lambda o: -(o.probability or 0))
        state = f", {c.entry.state_usps}" if c.entry.state_usps and c.entry.level not in STATE_LEVELS else ""
        out.append(QueryPlace(
            id=c.entry.id, name=c.entry.name, level=c.entry.level, surface=c.surface, start=c.start, end=c.end,
            method=c.method, confidence=float(c.probability or 0.0),
            reason=f"{c.surface!r} is read as {c.entry.name}{state}: {_how(c)}, which the name model accepts with "
                   f"probability {c.probability:.2f}",
            candidates=tuple({"id": o.entry.id, "name": o.entry.name, "level": o.entry.level,
                              "state": o.entry.state_usps, "score": round(o.probability or 0.0, 3)} for o in others[:5]),
            # the other places the words may name, as for a name several places share
            alternatives=tuple({"id": o.entry.id, "name": o.entry.name, "level": o.entry.level,
                                "state": o.entry.state_usps, "score": round(o.probability or 0.0, 3)}
                               for o in others[1:4] if o.entry.id != c.entry.id),
            sharing=len({o.entry.id for o in others}) if len(others) > 1 else 0))
    return out


def _how(c: Candidate) -> str:
    if c.how == "zip":
        return f"the ZIP code of {c.entry.name}"
    if c.how == "alternate":
        return f"another name GeoNames gives {c.entry.name}"
    return "its name, typed otherwise than it is written"


def as_typed(name: str, corrections: Sequence[tuple[str, str]]) -> str:
    """``name`` with each word a spelling correction made put back as it was typed."""
    back = {fixed: typed for typed, fixed in corrections}
    return " ".join(back.get(word, word) for word in name.split(" "))


def without_spans(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with the characters of ``spans`` left out, its spaces made single."""
    kept, at = [], 0
    for a, b in sorted(spans):
        if a >= at:
            kept.append(text[at:a])
            at = b
        else:
            at = max(at, b)
    kept.append(text[at:])
    return " ".join("".join(kept).split())


def anchored(places: Sequence[QueryPlace], gazetteer: Gazetteer) -> tuple[list[QueryPlace], list[tuple[str, ...]], list[str]]:
    """(the places, each park, forest or region among them followed by the counties it lies in, or its states where
    the geography links it to none; the groups of ids, an area's and its counties', decided as one location; a note
    for each area)."""
    out: list[QueryPlace] = []
    groups: list[tuple[str, ...]] = []
    notes: list[str] = []
    for place in places:
        entry = gazetteer.get(place.id) if place.id else None
        if entry is None or entry.level not in AREAS:
            out.append(place)
            continue
        parents = [p for p in (gazetteer.get(i) for i in entry.parents) if p is not None]
        counties = [p for p in parents if p.level == "county"] or [p for p in parents if p.level in STATE_LEVELS]
        if not counties:
            out.append(place)
            continue
        out.append(place)  # evidence about the area itself (a forest's closure order) is exact
        for county in counties:
            out.append(replace(place, id=county.id, name=county.name, level=county.level,
                               reason=f"{place.reason}; {entry.name} lies in {county.name}"))
        groups.append((entry.id, *(c.id for c in counties)))
        listed = ", ".join(c.name for c in counties[:-1]) + (" and " if len(counties) > 1 else "") + counties[-1].name
        notes.append(f"{entry.name} is no jurisdiction of its own: it lies in {listed}, and the question is decided "
                     f"for it with {'them' if len(counties) > 1 else 'it'}")
    return out, groups, notes
