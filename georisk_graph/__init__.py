"""GeoRisk-Graph: geography-aware question answering over natural-hazard documents, Neo4j-native."""

from .exceptions import GeoRiskError
from .graph import Graph
from .settings import Settings

__all__ = ["GeoRiskError", "Graph", "Settings"]
__version__ = "0.1.0"
