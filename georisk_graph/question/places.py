"""The places of a question: found in its text, resolved against the gazetteer, and read as the question
means them (a state that only qualifies a town is its qualifier; a question naming only a fire is about
the county it burned in)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..delta import PlaceRef


@dataclass(frozen=True)
class QueryPlace:
    """A place found in the question, with how it was resolved."""

    id: str | None
    name: str | None
    level: str | None
    surface: str
    start: int
    end: int
    method: str
    confidence: float
    reason: str
    candidates: tuple[dict, ...] = ()
    # the places named only to say where this one is ("Colorado" in "Steamboat Springs, Colorado")
    qualifiers: tuple[str, ...] = ()

    def ref(self) -> PlaceRef | None:
        return None if self.id is None else PlaceRef(self.id, self.name or self.id, self.level)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "level": self.level, "surface": self.surface,
                "start": self.start, "end": self.end, "method": self.method, "confidence": round(self.confidence, 3), "reason": self.reason,
                "candidates": list(self.candidates), "qualifiers": list(self.qualifiers)}




def anchor_places(places: list[QueryPlace], gazetteer: Any) -> list[QueryPlace]:
    """A question naming an incident and a jurisdiction is about that jurisdiction; the incident is
    its topic. A question naming only an incident is about the county (or counties) it burned in."""
    jurisdictions = [p for p in places if p.level != "event"]
    if jurisdictions:
        return jurisdictions
    anchored: list[QueryPlace] = []
    for place in places:
        entry = gazetteer.get(place.id) if place.id else None
        counties = [gazetteer.get(c) for c in (entry.parents if entry else ())]
        counties = [c for c in counties if c is not None and c.level == "county"]
        if not counties:
            anchored.append(place)
            continue
        for county in counties:
            anchored.append(replace(place, id=county.id, name=county.name, level=county.level,
                                    reason=f"{place.reason}; the question is about where {place.name} burned, "
                                           f"{county.name}"))
    return anchored


def qualified_unknowns(question: str, resolved: list[QueryPlace],
                        unresolved: list[QueryPlace]) -> dict[str, str]:
    """Known places that qualify an unknown one ("Xville, Washington"): place id -> the unknown name."""
    found: dict[str, str] = {}
    for unknown in unresolved:
        for place in resolved:
            if place.id and place.start > unknown.end and question[unknown.end:place.start].strip() == ",":
                found[place.id] = unknown.surface
    return found


def drop_qualifiers(places: list[QueryPlace], gazetteer: Any) -> list[QueryPlace]:
    """A state named only to qualify a city ("Springfield, IL") is not a second question place; the
    place it qualifies keeps its name in ``qualifiers``."""
    kept: list[QueryPlace] = []
    dropped: list[QueryPlace] = []
    for place in places:
        # an incident is the topic, not a place the state qualifies: "the Lidia Fire in California"
        # is a question about California
        others = [p for p in places if p is not place and p.level != "event"]
        if place.level in ("state", "federal_district", "territory") and any(
                place.id in gazetteer.ancestors(p.id) for p in others if p.id):
            dropped.append(place)
            continue
        kept.append(place)
    return [replace(p, qualifiers=p.qualifiers + tuple(q.surface for q in dropped if p.id and q.id in gazetteer.ancestors(p.id)))
            if dropped else p for p in kept]

