"""The geographic vocabulary every stage shares: a reference to a place, the administrative levels and the
relations δ gives. One definition here; the Cypher queries take the level lists as the ``levels``
parameter (:func:`cypher_levels`), so the graph's queries and the Python code cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

# The relation of a passage's place to a question's place (docs/design.md §4).
RELATIONS = ("exact", "broader", "narrower", "different", "unrelated")

COUNTRY = "country"
COUNTY = "county"
# A state, and the places that stand where a state does.
STATE_LEVELS = frozenset({"state", "federal_district", "territory"})
# Settlements: incorporated places, census-designated places, other populated places.
SETTLEMENT_LEVELS = frozenset({"place", "cdp", "populated_place"})
# The levels of the administrative hierarchy δ is measured over.
ADMIN_LEVELS = frozenset({COUNTRY, COUNTY, *STATE_LEVELS, *SETTLEMENT_LEVELS})
# A state or the country: too many passages lie inside to read them through the DAG one by one.
WIDE_LEVELS = frozenset({COUNTRY, *STATE_LEVELS})

# The label each place carries beside Place for its level, for browsing (Neo4j Browser captions, Bloom
# categories); the geography loader sets them and the neomodel classes read them.
LEVEL_LABELS = {
    "country": "Country",
    "state": "State",
    "federal_district": "FederalDistrict",
    "territory": "Territory",
    "county": "County",
    "place": "City",
    "cdp": "CensusDesignatedPlace",
    "populated_place": "PopulatedPlace",
    "tribal_area": "TribalArea",
    "protected_area": "ProtectedArea",
    "physical_region": "PhysicalRegion",
    "physical_feature": "PhysicalFeature",
    "event": "Wildfire",
}


def cypher_levels() -> dict[str, list[str] | str]:
    """The level lists as one map parameter ``$levels`` of the Cypher queries: ``states`` (a state or
    what stands for one), ``wide`` (a state or the country), ``county``, ``country``."""
    return {"states": sorted(STATE_LEVELS), "wide": sorted(WIDE_LEVELS), "county": COUNTY, "country": COUNTRY}


@dataclass(frozen=True)
class PlaceRef:
    """A place of the graph, by id, with its name and level."""

    id: str
    name: str
    level: str | None = None

    def label(self) -> str:
        return f"{self.name} ({self.level})" if self.level else self.name

    def to_dict(self) -> dict[str, str | None]:
        return {"id": self.id, "name": self.name, "level": self.level}

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> "PlaceRef":
        """From a row's ``{id, name, level}`` map (a place without a name is shown by its id)."""
        return cls(value["id"], value.get("name") or value["id"], value.get("level"))

    @classmethod
    def maybe(cls, value: Mapping[str, Any] | None) -> "PlaceRef | None":
        return None if value is None else cls.from_dict(value)
