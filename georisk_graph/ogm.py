"""The GeoRisk graph as neomodel classes, for browsing it from a notebook.

    from georisk_graph import Graph
    from georisk_graph.ogm import Place, connect_ogm

    graph = Graph().connect()
    connect_ogm(graph)
    new_mexico = Place.nodes.get(place_id="Q1522")
    [p.name for p in new_mexico.contains.match(administrative=True).all()]   # its counties

The classes mirror the labels and properties that ``cypher/schema.cypher``, the geography loader and
``cypher/ingest_documents.cypher`` / ``cypher/ingest_versions.cypher`` write: :class:`Place` (with
its level label, ``County``, ``City`` ...), :class:`Document`, :class:`Chunk`,
:class:`IncidentVersion` and :class:`VersionChunk`. neomodel reserves the attribute ``id``, so each
class names its stored ``id`` after what it identifies: ``place_id``, ``document_id``, ``chunk_id``,
``version_id``. Embeddings are not read.

They are for reading: the graph is written by ingestion alone (it keeps chunks, hashes, filters and
the vector index consistent), so ``save``, ``delete`` and ``create`` raise
:class:`~georisk_graph.exceptions.QueryError`. Linking nodes through a relationship manager
(``connect``, ``disconnect``) is not guarded; leave it alone by convention.

Importing this module does no I/O; :func:`connect_ogm` hands neomodel the driver of a connected
:class:`~georisk_graph.graph.Graph`, with its database and query time limit.
"""

from __future__ import annotations

from typing import Any, NoReturn

try:
    from neomodel import (
        ArrayProperty,
        BooleanProperty,
        FloatProperty,
        IntegerProperty,
        RelationshipFrom,
        RelationshipTo,
        StringProperty,
        StructuredNode,
        StructuredRel,
        ZeroOrOne,
        db,
        get_config,
    )
except ImportError as err:  # an extra: the rest of the SDK works without it
    raise ImportError("georisk_graph.ogm needs neomodel, which is not installed: "
                      "pip install 'georisk-graph[ogm]'") from err

from .exceptions import QueryError
from .geo import LEVEL_LABELS as GEO_LEVEL_LABELS
from .graph import Graph

# The label each place carries beside Place for its level.
LEVEL_LABELS = list(GEO_LEVEL_LABELS.values())


def connect_ogm(graph: Graph) -> None:
    """Let neomodel's classes run on ``graph``'s driver, its database and its query time limit.

    ``graph`` must be connected. neomodel reads the server's version once (one query), and the states'
    ids are read once (one query): a passage about one state also carries that state's partition label
    (``ChunkIn_<state id>``), which :class:`Chunk` takes as an optional label. The driver stays the graph's:
    close the graph, never neomodel's ``db.close_connection()``, which would close it under the graph."""
    config = get_config()
    config.database_name = graph.settings.neo4j_database
    config.transaction_timeout = graph.timeout_for()
    db.set_connection(driver=graph.driver)
    Chunk.__optional_labels__ = [f"ChunkIn_{row['id']}" for row in graph.run("state_ids")]


def disconnect_ogm() -> None:
    """Make neomodel forget the graph's driver without closing it."""
    db.driver = None


def refuse_write(what: str) -> NoReturn:
    raise QueryError(f"{what}: the GeoRisk classes only read the graph; it is written by ingestion "
                     "(`georisk ingest`, `georisk geography load`)")


class GraphNode(StructuredNode):
    """A node of the GeoRisk graph, read-only."""

    __abstract_node__ = True

    def save(self) -> NoReturn:
        refuse_write(f"cannot save {type(self).__name__}")

    def delete(self) -> NoReturn:
        refuse_write(f"cannot delete {type(self).__name__}")

    @classmethod
    def create(cls, *props: Any, **kwargs: Any) -> NoReturn:
        refuse_write(f"cannot create {cls.__name__}")

    @classmethod
    def create_or_update(cls, *props: Any, **kwargs: Any) -> NoReturn:
        refuse_write(f"cannot create or update {cls.__name__}")

    @classmethod
    def get_or_create(cls, *props: Any, **kwargs: Any) -> NoReturn:
        refuse_write(f"cannot create {cls.__name__}")


class Containment(StructuredRel):
    """A LOCATED_IN edge, child to parent. ``administrative`` is true for containment proper (what δ
    follows) and false for the looser overlaps of forests, parks, tribal areas and wildfires."""

    relation = StringProperty()  # located_in | located_in_or_overlaps
    administrative = BooleanProperty()
    method = StringProperty()
    primary = BooleanProperty()
    share = FloatProperty()
    provenance = StringProperty(db_property="source")  # neomodel reserves `source` on relationships


class Scope(StructuredRel):
    """A document's APPLIES_TO edge to a place it applies to, and why."""

    basis = StringProperty()


class Mention(StructuredRel):
    """A chunk's MENTIONS edge to a place its text names, where and how it was recognised."""

    surface = StringProperty()
    start = IntegerProperty()
    end = IntegerProperty()
    confidence = FloatProperty()
    method = StringProperty()


class Place(GraphNode):
    """A place of the containment DAG, keyed by ``place_id`` (a Wikidata QID such as Q1522, or e.g.
    census_place:0655520)."""

    __optional_labels__ = LEVEL_LABELS

    place_id = StringProperty(db_property="id", unique_index=True, required=True)
    qid = StringProperty()
    name = StringProperty()
    aliases = ArrayProperty(StringProperty())
    level = StringProperty()  # state, county, place, cdp ...
    instance_of = StringProperty()
    state_usps = StringProperty()
    state_fips = StringProperty()
    county_fips = StringProperty()
    census_geoid = StringProperty()
    gnis_id = StringProperty()
    geonames_id = StringProperty()
    population = IntegerProperty()
    population_year = IntegerProperty()
    lat = FloatProperty()
    lon = FloatProperty()
    extra = StringProperty()  # JSON text

    located_in = RelationshipTo("Place", "LOCATED_IN", model=Containment)
    contains = RelationshipFrom("Place", "LOCATED_IN", model=Containment)
    documents = RelationshipFrom("Document", "APPLIES_TO", model=Scope)
    mentioned_in = RelationshipFrom("Chunk", "MENTIONS", model=Mention)


class Document(GraphNode):
    """A source document; its passages are its chunks."""

    document_id = StringProperty(db_property="id", unique_index=True, required=True)
    title = StringProperty()
    source = StringProperty()
    doc_type = StringProperty()  # incident_report | statute | guidance | other
    url = StringProperty()
    published = StringProperty()  # YYYY-MM-DD, as stored
    valid_from = StringProperty()
    valid_to = StringProperty()
    scope_basis = StringProperty()
    chars = IntegerProperty()
    loaded_from = StringProperty()
    content_hash = StringProperty()

    applies_to = RelationshipTo("Place", "APPLIES_TO", model=Scope)
    chunks = RelationshipTo("Chunk", "HAS_CHUNK")
    versions = RelationshipFrom("IncidentVersion", "VERSION_OF")


class Chunk(GraphNode):
    """A passage of a document, with the places its text mentions."""

    chunk_id = StringProperty(db_property="id", unique_index=True, required=True)
    text = StringProperty()
    index = IntegerProperty()
    start = IntegerProperty()
    end = IntegerProperty()
    document_id = StringProperty()
    source = StringProperty()
    doc_type = StringProperty()
    terms = ArrayProperty(StringProperty())
    sentences = IntegerProperty()
    published = StringProperty()
    valid_from = StringProperty()
    valid_to = StringProperty()
    # the vector index's filter properties: the one state, county and locality the chunk is about
    state = StringProperty()
    county = StringProperty()
    locality = StringProperty()

    document = RelationshipFrom("Document", "HAS_CHUNK", cardinality=ZeroOrOne)
    mentions = RelationshipTo("Place", "MENTIONS", model=Mention)
    next = RelationshipTo("Chunk", "NEXT")


class IncidentVersion(GraphNode):
    """One dated version of an incident's page, as the source showed it from ``valid_from`` to
    ``valid_to``; its document is the incident's latest version."""

    version_id = StringProperty(db_property="id", unique_index=True, required=True)
    document_id = StringProperty()
    incident_id = StringProperty()
    version = IntegerProperty()
    title = StringProperty()
    source = StringProperty()
    doc_type = StringProperty()
    url = StringProperty()
    acres = FloatProperty()
    percent_contained = FloatProperty()
    record_id = StringProperty()
    loaded_from = StringProperty()
    published = StringProperty()
    valid_from = StringProperty()
    valid_to = StringProperty()
    content_hash = StringProperty()

    version_of = RelationshipTo("Document", "VERSION_OF", cardinality=ZeroOrOne)
    chunks = RelationshipTo("VersionChunk", "HAS_CHUNK")


class VersionChunk(GraphNode):
    """A passage of an incident version (not a :class:`Chunk`: it is read by date, never by the vector index)."""

    chunk_id = StringProperty(db_property="id", required=True)
    text = StringProperty()
    index = IntegerProperty()
    version_id = StringProperty()
    document_id = StringProperty()
    published = StringProperty()
    valid_from = StringProperty()
    valid_to = StringProperty()

    version = RelationshipFrom("IncidentVersion", "HAS_CHUNK", cardinality=ZeroOrOne)


__all__ = ["Chunk", "Containment", "Document", "IncidentVersion", "Mention", "Place", "Scope", "VersionChunk",
           "connect_ogm", "disconnect_ogm"]
