"""An incident's size, containment and start are answered from its record, on the real server: the figures are the
record's fields as they stood on the day asked (cypher/incident_records.cypher), not words of its text; a name
several incidents share is answered for one of them, naming the others. The line itself: tests/unit/test_records.py."""

from __future__ import annotations

import pytest

from georisk_graph import GeoRisk
from georisk_graph.documents import IncidentVersion, SourceDocument
from georisk_graph.evidence import ABSTAIN, WARN

from .conftest import ingested

CHELAN = "Q493236"
BUTTE_CA = "Q156181"
SHASTA_CA = "Q156350"
# The versions' texts give no figure: the record's fields do.
_STORY = ("The Quartz Gulch Fire started west of Wenatchee and has burned acres of timber and grass; crews are building "
          "containment line and {doing}.")
QUARTZ_VERSIONS = [
    ("2024-07-01", "2024-07-02", 120.0, 0.0, _STORY.format(doing="the fire's size is being mapped")),
    ("2024-07-03", "2024-07-06", 900.0, 35.0, _STORY.format(doing="engines patrol the burned acres")),
    ("2024-07-07", "2024-07-12", 1250.0, 90.0, _STORY.format(doing="mop-up of the burned acres goes on")),
]
RECORD_DOCUMENTS = [
    SourceDocument(id="jsonl:quartz-gulch-fire", title="Quartz Gulch Fire", text=QUARTZ_VERSIONS[-1][4], source="jsonl",
                   doc_type="incident_report", published="2024-07-12", valid_from="2024-07-07", valid_to="2024-07-12",
                   scope=(CHELAN,), scope_basis="test",
                   metadata={"acres": 1250.0, "percent_contained": 90.0, "incident_created": "2024-07-01T14:00:00Z"}),
    SourceDocument(id="jsonl:basalt-flat-2016", title="Basalt Flat Fire (2016)", source="jsonl",
                   doc_type="incident_report", text="The Basalt Flat Fire burned acres of grass and brush near Oroville.",
                   published="2016-06-19", valid_from="2016-06-19", valid_to="2016-06-30", scope=(BUTTE_CA,),
                   scope_basis="test", metadata={"acres": 40.0}),
    SourceDocument(id="jsonl:basalt-flat-2022", title="Basalt Flat Fire (2022)", source="jsonl",
                   doc_type="incident_report", text="The Basalt Flat Fire burned acres of timber and brush near Redding.",
                   published="2022-07-13", valid_from="2022-07-13", valid_to="2022-08-25", scope=(SHASTA_CA,),
                   scope_basis="test", metadata={"acres": 5120.0}),
]


def quartz_versions() -> list[IncidentVersion]:
    return [IncidentVersion(id=f"jsonl:quartz-gulch-fire@v{n}", document_id="jsonl:quartz-gulch-fire",
                            incident_id="quartz", version=n, title="Quartz Gulch Fire", text=text, source="jsonl",
                            published=end, valid_from=start, valid_to=end, acres=acres, percent_contained=contained)
            for n, (start, end, acres, contained, text) in enumerate(QUARTZ_VERSIONS, 1)]


@pytest.fixture
def records_world(world, embedder):
    return ingested(world, embedder, RECORD_DOCUMENTS, quartz_versions())


@pytest.fixture
def georisk(records_world, server):
    client = GeoRisk.connect(server.settings)
    yield client
    client.close()


def test_the_record_states_the_figures_of_the_day_asked(records_world):
    rows = records_world.run("incident_records", requests=[
        {"document": "jsonl:quartz-gulch-fire", "day": day} for day in ("2024-06-30", "2024-07-04", "2024-08-01")])
    by_day = {r["day"]: r for r in rows}
    assert by_day["2024-06-30"]["acres"] is None and by_day["2024-06-30"]["reported"] is None  # nothing known yet
    assert (by_day["2024-07-04"]["acres"], by_day["2024-07-04"]["percent_contained"]) == (900.0, 35.0)
    assert by_day["2024-07-04"]["reported"] == "2024-07-04"  # the version still stood on the day asked
    assert (by_day["2024-08-01"]["acres"], by_day["2024-08-01"]["reported"]) == (1250.0, "2024-07-12")
    assert by_day["2024-08-01"]["started"] == "2024-07-01" and by_day["2024-08-01"]["places"] == ["Chelan County"]


def test_a_fires_size_is_answered_from_its_record_as_it_stood_then(georisk):
    then = georisk.ask("How many acres has the Quartz Gulch Fire burned?", as_of="2024-07-04")
    assert then.decision != ABSTAIN, (then.evidence.decided.reason, then.evidence.reading.places, [(c.title, c.relevance) for c in then.evidence.ranked.get(None, ())])
    assert then.answer.startswith("Quartz Gulch Fire (2024, Chelan County): 900 acres, 35% contained as of 2024-07-04 [")
    assert "1,250" not in then.answer  # the later figures were not known then
    later = georisk.ask("Is the Quartz Gulch Fire contained?", as_of="2024-09-01")
    assert later.answer.startswith("No: Quartz Gulch Fire (2024, Chelan County): 90% contained, 1,250 acres as of 2024-07-12")
    started = georisk.ask("When did the Quartz Gulch Fire start?", as_of="2024-09-01")
    assert "started on 2024-07-01" in started.answer
    record = next(c.record for c in later.citations if c.record is not None)
    assert record.to_dict()["percent_contained"] == 90.0


def test_a_name_several_incidents_share_is_answered_for_one_naming_the_others(georisk):
    answer = georisk.ask("How big was the Basalt Flat Fire?", as_of="2026-08-22")
    assert answer.decision == WARN
    assert "2 incidents are named Basalt Flat Fire" in answer.warning
    named = "Basalt Flat Fire (2016, Butte County)" if "2022" in answer.warning.split("Others:")[0] else \
        "Basalt Flat Fire (2022, Shasta County)"
    assert f"Others: {named}" in answer.warning
    placed = georisk.ask("How big was the Basalt Flat Fire in Shasta County?", as_of="2026-08-22")
    assert "incidents are named" not in (placed.warning or "")
    assert "5,120 acres" in (placed.answer or "")
