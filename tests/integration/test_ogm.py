"""Browsing the GeoRisk graph with the neomodel classes, on the real server: the containment they walk is
the one δ is computed on (georisk_graph.delta and the named queries), and they do not write."""

from __future__ import annotations

import pytest

from georisk_graph.delta import delta_many
from georisk_graph.documents import IncidentVersion as IncidentVersionRecord
from georisk_graph import QueryError
from georisk_graph.ogm import Chunk, Document, IncidentVersion, Place, VersionChunk, connect_ogm, disconnect_ogm

from .conftest import WORLD_DOCUMENTS
from ..cypher import write_cypher

NEW_MEXICO, BERNALILLO, ALBUQUERQUE = "Q1522", "Q156297", "Q34804"


@pytest.fixture
def ogm(real_geography):
    connect_ogm(real_geography)
    yield real_geography
    disconnect_ogm()


def administrative(place: Place, direction: str) -> list[Place]:
    return getattr(place, direction).match(administrative=True).all()


def test_walking_up_from_a_city_follows_the_path_of_its_delta(ogm):
    city = Place.nodes.get(place_id=ALBUQUERQUE)
    assert (city.name, city.level, city.state_usps) == ("Albuquerque", "place", "NM") and "City" in city.labels()
    [county] = administrative(city, "located_in")
    [state] = administrative(county, "located_in")
    edge = city.located_in.relationship(county)
    assert edge.administrative and edge.relation == "located_in"
    result = delta_many(ogm, ALBUQUERQUE, [NEW_MEXICO])[0]
    assert [p.id for p in result.path] == [city.place_id, county.place_id, state.place_id]
    assert result.path_text() == " → ".join([city.name, county.name, state.name])
    assert (result.delta, result.relation, result.lca.id) == (2, "broader", state.place_id)
    # and down again: the state contains the county, the county the city
    assert county.place_id in {p.place_id for p in administrative(state, "contains")}
    assert city.place_id in {p.place_id for p in administrative(county, "contains")}
    assert (county.place_id, state.place_id) == (BERNALILLO, NEW_MEXICO)


def test_containment_matches_the_named_query_of_administrative_parents(ogm):
    parents = {row["child"]: set(row["parents"]) for row in ogm.run("administrative_parents")}
    state = Place.nodes.get(place_id=NEW_MEXICO)
    counties = administrative(state, "contains")
    assert {c.place_id for c in counties} == {child for child, up in parents.items() if NEW_MEXICO in up}
    assert len(counties) == 33 and {c.level for c in counties} == {"county"}
    county = Place.nodes.get(place_id=BERNALILLO)
    assert {p.place_id for p in administrative(county, "contains")} == {
        child for child, up in parents.items() if BERNALILLO in up}
    assert {p.place_id for p in administrative(county, "located_in")} == parents[BERNALILLO]
    # the looser overlap links are there too, told apart by the edge
    every = county.contains.all()
    assert len(every) >= len(administrative(county, "contains"))


def test_documents_chunks_and_incident_versions(world, embedder):
    from georisk_graph.ingest.versions import VersionIngestor

    connect_ogm(world)
    version_id = "chelan-county-stemilt-fire@v1"
    try:
        ban = Document.nodes.get(document_id="spokane-county-burn-ban")
        assert ban.title == "Spokane County outdoor burn ban" and ban.doc_type == "guidance"
        assert [p.place_id for p in ban.applies_to.all()] == ["Q485276"]
        [chunk] = ban.chunks.all()
        text = next(t for i, _, _, _, t in WORLD_DOCUMENTS if i == "spokane-county-burn-ban")
        assert chunk.text == text and chunk.chunk_id == "spokane-county-burn-ban#0"
        assert chunk.document.single().document_id == ban.document_id
        assert "Q485276" in {p.place_id for p in chunk.mentions.all()}
        assert Chunk.nodes.get(chunk_id=chunk.chunk_id).text == text
        assert "spokane-county-burn-ban" in {d.document_id for d in Place.nodes.get(place_id="Q485276").documents.all()}

        report = VersionIngestor(world, embedder).ingest([IncidentVersionRecord(
            id=version_id, document_id="chelan-county-stemilt-fire", incident_id="stemilt", version=1,
            title="Stemilt Fire", text="The Stemilt Fire started on August 2 west of Wenatchee. It is 10 percent "
            "contained.", source="jsonl", published="2025-08-03", valid_from="2025-08-02", valid_to="2025-08-03",
            percent_contained=10.0)])
        assert report.versions == 1 and not report.failed
        version = IncidentVersion.nodes.get(version_id=version_id)
        assert (version.version, version.valid_from, version.percent_contained) == (1, "2025-08-02", 10.0)
        assert version.version_of.single().document_id == "chelan-county-stemilt-fire"
        [passage] = version.chunks.all()
        assert isinstance(passage, VersionChunk) and passage.text.startswith("The Stemilt Fire started")
        assert passage.version.single().version_id == version_id
        assert [v.version_id for v in Document.nodes.get(document_id="chelan-county-stemilt-fire").versions.all()] \
            == [version_id]
    finally:
        write_cypher(world, "MATCH (v:IncidentVersion {id: $id}) OPTIONAL MATCH (v)-[:HAS_CHUNK]->(c) "
                            "DETACH DELETE v, c", {"id": version_id})
        disconnect_ogm()


def test_the_classes_do_not_write(ogm):
    state = Place.nodes.get(place_id=NEW_MEXICO)
    state.name = "Nuevo México"
    with pytest.raises(QueryError, match="only read the graph"):
        state.save()
    with pytest.raises(QueryError):
        state.delete()
    with pytest.raises(QueryError):
        Place.create({"place_id": "Q0", "name": "Nowhere"})
    with pytest.raises(QueryError):
        Place.get_or_create({"place_id": NEW_MEXICO})
    assert Place.nodes.get(place_id=NEW_MEXICO).name == "New Mexico"
    assert Place.nodes.get_or_none(place_id="Q0") is None
