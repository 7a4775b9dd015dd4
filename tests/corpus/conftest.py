"""The corpus tier's fixtures: a Neo4j server of its own holding the shared geography and the whole shared
corpus's documents (not their dated versions). Loading the geography and ingesting the corpus's 5,620
documents takes about ten minutes, so it is done once per test run, for every file of this tier."""

from __future__ import annotations

import pytest

from georisk_graph import GeoRisk, Graph
from georisk_graph.server import LocalServer
from ..servers import local_settings


@pytest.fixture(scope="session")
def corpus_server(tmp_path_factory, shared_dir):
    """A server holding the shared geography and the shared corpus's documents (not their dated versions), and
    the glossary of their acronyms."""
    from georisk_graph.ingest.glossary import build_glossary
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.loaders.geography import load_tables
    from georisk_graph.loaders.sources import documents_from

    server = LocalServer(local_settings(tmp_path_factory.mktemp("corpus-home")).with_(heap="1g"))
    server.install()
    server.start()
    try:
        with Graph(server.settings).connect() as graph:
            graph.apply_schema()
            load_tables(graph, shared_dir / "data/geo/us_geo_nodes.csv.gz", shared_dir / "data/geo/us_geo_edges.csv.gz")
            problems: list = []
            documents = list(documents_from(["shared"], problems=problems))
            report = Ingestor.load(graph).ingest(documents, problems=problems)
            assert report.complete and report.documents > 5000, report.describe()
            build_glossary(graph)  # as `georisk ingest` ends
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def georisk(corpus_server):
    """The SDK's client of the corpus server."""
    client = GeoRisk.connect(corpus_server.settings)
    yield client
    client.close()
