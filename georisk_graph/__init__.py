"""GeoRisk-Graph: geography-aware question answering over natural-hazard documents, Neo4j-native.

    from georisk_graph import GeoRisk
    with GeoRisk.connect() as georisk:
        answer = georisk.ask("Is there a burn ban in Spokane County?")
        [evidence] = georisk.evidence(["Is there a burn ban in Spokane County?"])

The names below are the public API (docs/api.md). The adapters are imported from their modules, as their
extras allow: ``georisk_graph.langchain``, ``georisk_graph.graphrag``, ``georisk_graph.mcp_server``,
``georisk_graph.ogm``. Every other module is internal and may change without notice.
"""

from .answer import Answer
from .client import AsyncGeoRisk, GeoRisk, Models
from .delta import Delta
from .evidence import Citation, Decided, Evidence, Passage, PlaceDecision
from .exceptions import (ConfigurationError, ConnectionFailed, EmbeddingDimensionMismatch, GenerationError,
                         GeoRiskError, InputError, InvalidQuestion, PlaceNotFound, QueryError, QueryTimeout,
                         SchemaError, ServerError, TranslatorMissing)
from .geo import PlaceRef
from .graph import Graph
from .models import FittedModel
from .question import QueryPlace, Reading
from .settings import Settings

__all__ = [
    # the client and what it returns
    "GeoRisk", "AsyncGeoRisk", "Answer", "Evidence", "Passage", "Decided", "PlaceDecision", "Citation",
    "Reading", "QueryPlace", "PlaceRef", "Delta",
    # configuration, the fitted models and the graph
    "Settings", "Models", "FittedModel", "Graph",
    # errors: one root, narrow subclasses
    "GeoRiskError", "ConfigurationError", "ConnectionFailed", "EmbeddingDimensionMismatch", "GenerationError",
    "InputError", "InvalidQuestion", "PlaceNotFound", "QueryError", "QueryTimeout", "SchemaError", "ServerError",
    "TranslatorMissing",
]
__version__ = "0.1.0"
