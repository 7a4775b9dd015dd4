"""GeoRisk-Graph: geography-aware question answering over natural-hazard documents, Neo4j-native.

    from georisk_graph import GeoRisk
    with GeoRisk().connect() as georisk:
        answer = georisk.ask("Is there a burn ban in Spokane County?")
"""

from .client import Answer, AsyncGeoRisk, GeoRisk, QueryPlace
from .decision import Citation, PlaceDecision
from .delta import Delta, PlaceRef
from .exceptions import GeoRiskError
from .graph import Graph
from .settings import Settings

__all__ = ["Answer", "AsyncGeoRisk", "Citation", "Delta", "GeoRisk", "GeoRiskError", "Graph", "PlaceDecision",
           "PlaceRef", "QueryPlace", "Settings"]
__version__ = "0.1.0"
