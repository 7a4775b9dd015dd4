"""The integration tier's fixtures: one real Neo4j 5.26 server for the whole test run, started by the
project's own launcher in a throwaway home on free ports, so tests never touch a user's data; its graph
emptied for a test (`graph`), holding the full shared geography (`real_geography`), or that and a small
hand-written corpus covering every decision (`world`)."""

from __future__ import annotations

import pytest

from georisk_graph import Graph, Settings
from georisk_graph.server import LocalServer
from ..cypher import write_cypher
from ..servers import local_settings


@pytest.fixture(scope="session")
def server_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return local_settings(tmp_path_factory.mktemp("neo4j-home"))


@pytest.fixture(scope="session")
def server(server_settings: Settings):
    local = LocalServer(server_settings)
    local.install()
    local.start()
    yield local
    local.stop()


@pytest.fixture(scope="session")
def session_graph(server: LocalServer):
    graph = Graph(server.settings).connect()
    graph.apply_schema()
    yield graph
    graph.close()


@pytest.fixture
def graph(session_graph: Graph) -> Graph:
    """The test server's graph, emptied of data (schema kept) before the test."""
    write_cypher(session_graph, "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")
    return session_graph


EXPECTED_PLACES = 39_825
EXPECTED_EDGES = 42_166


@pytest.fixture
def real_geography(session_graph, shared_dir):
    """The test graph holding the full shared geography (loaded once, reloaded only after a wipe)."""
    from georisk_graph.loaders.geography import load_tables

    counts = session_graph.counts()
    if counts["places"] < EXPECTED_PLACES or counts["edges"] < EXPECTED_EDGES:
        write_cypher(session_graph, "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")
        load_tables(session_graph, shared_dir / "data/geo/us_geo_nodes.csv.gz",
                    shared_dir / "data/geo/us_geo_edges.csv.gz")
    return session_graph


WORLD_DOCUMENTS = [
    ("wa-rcw-76-04-205", "RCW 76.04.205 Burning permits", "statute", ["Q1223"],
     "RCW 76.04.205 Burning permits. Except in certain cases, a person may not burn yard debris, slash or "
     "other outdoor fires in Washington during the closed season from April 15 through October 15 without "
     "a burning permit from the Department of Natural Resources. A permit holder must keep a fire watch and "
     "put the fire out completely before leaving it."),
    ("spokane-county-burn-ban", "Spokane County outdoor burn ban", "guidance", ["Q485276"],
     "The Spokane County Fire Marshal has issued a ban on all outdoor burning in Spokane County, effective "
     "July 1 until further notice. The ban covers yard debris burning and land clearing fires. Recreational "
     "fires in approved fire pits remain allowed. Violations may be fined up to 500 dollars."),
    ("stevens-county-campfires", "Stevens County campfire restrictions", "guidance", ["Q483954"],
     "Stevens County has prohibited campfires outside designated campgrounds. Campfire restrictions in "
     "Stevens County take effect on June 15 because of dry fuels and high fire danger. Charcoal briquettes "
     "are also banned in Stevens County parks."),
    ("springfield-il-yard-waste", "Springfield open burning ordinance", "guidance", ["Q28515"],
     "The City of Springfield, Illinois prohibits open burning of leaves and yard waste within city limits. "
     "Residents of Springfield must use curbside yard waste collection instead of burning yard debris."),
    ("springfield-mo-open-burning", "Springfield open burning permits", "guidance", ["Q135615"],
     "Open burning of yard debris in Springfield, Missouri requires a permit from the Springfield Fire "
     "Department. Burning is allowed only on days when the air quality forecast permits it."),
    ("nyc-open-burning", "New York City open burning rules", "guidance", ["Q60"],
     "Open burning of yard debris and leaves is prohibited everywhere in New York City. The FDNY responds to "
     "brush fires in city parks, and residents must never burn debris outdoors in New York City."),
    # a county's fire report and a state statute that reads like a question about its evacuations
    ("chelan-county-stemilt-fire", "Stemilt Fire", "incident_report", ["Q493236"],
     "The Stemilt Fire started on August 2 in the hills west of Wenatchee in Chelan County. The Chelan County "
     "Sheriff ordered Level 3 evacuations for homes along Stemilt Creek Road. The fire has burned 1,240 acres "
     "and is 35 percent contained."),
    ("wa-rcw-38-52-evacuations", "RCW 38.52 Emergency evacuations", "statute", ["Q1223"],
     "RCW 38.52 Emergency evacuations. During a wildfire emergency the governor may order the evacuation of "
     "residents from a threatened area of Washington, whatever the cause of the fire, and county emergency "
     "management carries out evacuation orders for wildfires under the state plan."),
    # what relevance must read for meaning (tests/integration/test_relevance.py): a statute stored as its heading
    # alone, a report that speaks of evacuations, a report holding what the law says of drones, a state's own
    # plain rule beside another state's rule that reads more like the question
    ("ga-12-6-146", "GA 12-6-146 Prescribed burning cost-share program for private landowners", "statute", ["Q1428"],
     "12-6-146. Prescribed burning cost-share program for private landowners."),
    ("josephine-county-cedar-gulch-fire", "Cedar Gulch Fire", "incident_report", ["Q484391"],
     "The Cedar Gulch Fire started on July 9 near Grants Pass in Josephine County. Level 3 evacuations were "
     "ordered for the Cedar Gulch area, and an evacuation center opened at the Josephine County Fairgrounds."),
    ("idaho-county-hidden-creek-fire", "Hidden Creek Fire", "incident_report", ["Q494480"],
     "The Hidden Creek Fire is burning in timber in Idaho County. A temporary flight restriction is in place over "
     "the fire: it is illegal to fly drones over the fire area, and anyone who flies a drone there can be fined "
     "and prosecuted."),
    ("mt-76-13-campfires", "MT 76-13 Campfires on state forest land", "statute", ["Q1212"],
     "A campfire on state forest land must be attended at all times and be put out completely before the "
     "person who built it leaves."),
    ("defensible-space", "Defensible space basics", "guidance", [],
     "Defensible space is the buffer you create between a building and the grass, trees and shrubs that "
     "surround it. A defensible space of at least 100 feet slows a wildfire and protects the home while "
     "firefighters work. Clear dead vegetation and keep grass mowed within 30 feet of the house."),
]


@pytest.fixture
def world(real_geography, embedder):
    """The full geography plus a small hand-written corpus covering every decision, ingested once."""
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.documents import SourceDocument
    from georisk_graph.places import Gazetteer, PlaceResolver

    graph = real_geography
    ids = [d[0] for d in WORLD_DOCUMENTS]
    stored = graph.execute_read_only("MATCH (d:Document) RETURN collect(d.id) AS ids")[0]["ids"]
    if sorted(stored) != sorted(ids):
        write_cypher(graph, "MATCH (d:Document) OPTIONAL MATCH (d)-[:HAS_CHUNK]->(c) OPTIONAL MATCH (c)-[:HAS_SENTENCE]->(s) "
                    "DETACH DELETE d, c, s")
        resolver = PlaceResolver.load(Gazetteer.from_graph(graph))
        documents = [SourceDocument(id=i, title=t, text=x, source="jsonl", doc_type=k, scope=tuple(s),
                                    scope_basis="stated in the test corpus") for i, t, k, s, x in WORLD_DOCUMENTS]
        report = Ingestor(graph, embedder, resolver).ingest(documents)
        assert report.documents == len(documents) and not report.failed
    return graph


def ingested(world: Graph, embedder, documents, versions=()) -> Graph:
    """``world`` with ``documents`` and an incident's dated ``versions`` ingested as `georisk ingest` ingests them."""
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.ingest.versions import VersionIngestor
    from georisk_graph.places import Gazetteer, PlaceResolver

    resolver = PlaceResolver.load(Gazetteer.from_graph(world))
    report = Ingestor(world, embedder, resolver).ingest(list(documents))
    assert not report.failed, report.describe()
    if versions:
        stored = VersionIngestor(world, embedder).ingest(list(versions))
        assert not stored.failed and stored.versions + stored.skipped == len(versions)
    return world
