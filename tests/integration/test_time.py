"""Evidence has a date, on the real server: documents, chunks and citations carry it; incidents keep
their dated versions; a question about the present is warned when its evidence is old, a question about
a day is answered from that day's version. The rules themselves: tests/unit/test_time.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from georisk_graph import GeoRisk
from georisk_graph.evidence import ANSWER, WARN
from georisk_graph.documents import IncidentVersion, SourceDocument

from .conftest import ingested


# -- on the real server --------------------------------------------------------------------------------

CHELAN = "Q493236"
BUTTE_CA = "Q156181"
CEDAR_VERSIONS = [
    ("2024-08-01", "2024-08-02", "Status of the Cedar Ridge Fire on 2024-08-01 (InciWeb): 120 acres, 0% contained.\n"
     "The Cedar Ridge Fire started west of Wenatchee. Level 3 evacuations are in place for Stemilt Loop Road."),
    ("2024-08-03", "2024-08-04", "Status of the Cedar Ridge Fire on 2024-08-03 (InciWeb): 900 acres, 35% contained.\n"
     "The Cedar Ridge Fire started west of Wenatchee. Evacuations were reduced to Level 2."),
    ("2024-08-05", "2024-08-10", "Status of the Cedar Ridge Fire on 2024-08-05 (InciWeb): 1,250 acres, 90% contained.\n"
     "The Cedar Ridge Fire started west of Wenatchee. All evacuations have been lifted."),
]
TIME_DOCUMENTS = [
    SourceDocument(id="jsonl:cedar-ridge-fire", title="Cedar Ridge Fire", text=CEDAR_VERSIONS[-1][2],
                   source="jsonl", doc_type="incident_report", published="2024-08-10", valid_from="2024-08-05",
                   valid_to="2024-08-10", scope=(CHELAN,), scope_basis="test"),
    SourceDocument(id="jsonl:dixie-2015", title="Zephyr Knob Fire (2015)", source="jsonl", doc_type="incident_report",
                   text="Zephyr Knob Fire (Wildfire), Butte County, California. Started: 2015-06-19. Acres burned: 40.",
                   published="2015-06-19", valid_from="2015-06-19", valid_to="2015-06-20", scope=(BUTTE_CA,),
                   scope_basis="test"),
    SourceDocument(id="jsonl:dixie-2021", title="Zephyr Knob Fire (2021)", source="jsonl", doc_type="incident_report",
                   text="Zephyr Knob Fire (Wildfire), Butte County, California. Started: 2021-07-13. Acres burned: 963309.",
                   published="2021-07-13", valid_from="2021-07-13", valid_to="2021-10-25", scope=(BUTTE_CA,),
                   scope_basis="test"),
]


def cedar_versions():
    return [IncidentVersion(id=f"jsonl:cedar-ridge-fire@v{n}", document_id="jsonl:cedar-ridge-fire",
                            incident_id="cedar", version=n, title="Cedar Ridge Fire", text=text, source="jsonl",
                            published=end, valid_from=start, valid_to=end)
            for n, (start, end, text) in enumerate(CEDAR_VERSIONS, 1)]


@pytest.fixture
def time_world(world, embedder):
    return ingested(world, embedder, TIME_DOCUMENTS, cedar_versions())


@pytest.fixture
def georisk(time_world, server):
    client = GeoRisk.connect(server.settings)
    yield client
    client.close()


def test_documents_chunks_and_versions_carry_their_dates_and_reingest_writes_nothing(time_world, embedder):
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.ingest.versions import VersionIngestor
    from georisk_graph.places import Gazetteer, PlaceResolver

    rows = time_world.execute_read_only(
        "MATCH (d:Document {id: 'jsonl:cedar-ridge-fire'})-[:HAS_CHUNK]->(c:Chunk) "
        "RETURN d.published AS dp, d.valid_from AS df, d.valid_to AS dt, "
        "collect(DISTINCT [c.published, c.valid_from, c.valid_to]) AS chunk_dates")
    assert rows == [{"dp": "2024-08-10", "df": "2024-08-05", "dt": "2024-08-10",
                     "chunk_dates": [["2024-08-10", "2024-08-05", "2024-08-10"]]}]
    versions = time_world.execute_read_only(
        "MATCH (v:IncidentVersion)-[:VERSION_OF]->(:Document {id: 'jsonl:cedar-ridge-fire'}) "
        "MATCH (v)-[:HAS_CHUNK]->(c:VersionChunk) "
        "RETURN v.version AS n, v.valid_from AS start, v.valid_to AS end, count(c) AS passages, "
        "min(c.valid_from) = v.valid_from AS chunks_dated ORDER BY n")
    assert [(r["n"], r["start"], r["end"], r["chunks_dated"]) for r in versions] == [
        (n, start, end, True) for n, (start, end, _) in enumerate(CEDAR_VERSIONS, 1)]
    resolver = PlaceResolver.load(Gazetteer.from_graph(time_world))
    again = Ingestor(time_world, embedder, resolver).ingest(TIME_DOCUMENTS)
    assert again.documents == 0 and len(again.skipped) == len(TIME_DOCUMENTS)
    assert VersionIngestor(time_world, embedder).ingest(cedar_versions()).versions == 0
    # a changed version is written again, and only its passages are replaced
    changed = cedar_versions()
    changed[0] = IncidentVersion(**{**changed[0].__dict__, "text": changed[0].text + "\nA community meeting is set."})
    report = VersionIngestor(time_world, embedder).ingest(changed)
    assert (report.versions, report.skipped) == (1, 2)
    # it pays only for what changed: its two stored paragraphs keep their vectors, the new one is encoded
    assert (report.encoded, report.reused) == (1, 2)
    stored = time_world.execute_read_only(
        "MATCH (:IncidentVersion {id: 'jsonl:cedar-ridge-fire@v1'})-[:HAS_CHUNK]->(c) WHERE c.index = 0 "
        "RETURN c.embedding AS vector")[0]["vector"]
    assert stored == pytest.approx([float(x) for x in embedder.embed([changed[0].text.split("\n")[0]])[0]], abs=1e-5)

    class Renamed:  # the same vectors under another model's name: nothing stored is taken for it
        name, dimension = "another-model", embedder.dimension
        embed = staticmethod(embedder.embed)

    changed[0] = IncidentVersion(**{**changed[0].__dict__, "text": changed[0].text + " It starts at 6 p.m."})
    again = VersionIngestor(time_world, Renamed()).ingest(changed)
    assert (again.versions, again.encoded, again.reused) == (1, 3, 0)
    count = time_world.execute_read_only("MATCH (:IncidentVersion {id: 'jsonl:cedar-ridge-fire@v1'})-[:HAS_CHUNK]->(c) "
                               "RETURN count(c) AS n")[0]["n"]
    assert count == 3
    VersionIngestor(time_world, embedder).ingest(cedar_versions())  # back as the fixture had it


def test_a_present_question_on_old_evidence_is_warned_with_the_evidence_date(georisk):
    answer = georisk.ask("Is the Cedar Ridge Fire still burning?", as_of="2026-11-30")
    assert answer.decision == WARN
    assert "As of 2024-08-10" in answer.warning and "this may have changed" in answer.warning
    assert answer.citations and all(c.published for c in answer.citations)
    assert answer.as_of == "2026-11-30"
    fresh = georisk.ask("Is the Cedar Ridge Fire still burning?", as_of="2024-08-11")
    assert fresh.decision == ANSWER and fresh.warning is None


def test_a_question_about_a_day_is_answered_from_that_days_version(georisk):
    answer = georisk.ask("What was the containment of the Cedar Ridge Fire on August 3?", as_of="2026-11-30")
    assert answer.decision == ANSWER, answer.reason
    assert answer.citations[0].chunk_id.startswith("jsonl:cedar-ridge-fire@v2#")
    assert answer.citations[0].valid_from == "2024-08-03"
    assert "35% contained" in answer.answer
    earlier = georisk.ask("What was the containment of the Cedar Ridge Fire on August 1?")
    assert "0% contained" in earlier.answer and "35%" not in earlier.answer


def test_a_day_before_the_first_version_is_told_of_by_the_first_version(georisk):
    # the fire's page first appeared on August 1: it is what tells of July 31, with its own dates
    before = georisk.ask("Where did the Cedar Ridge Fire start on July 31?", as_of="2026-11-30")
    assert before.decision == ANSWER, before.reason
    assert before.citations and all(c.chunk_id.startswith("jsonl:cedar-ridge-fire@v1#") for c in before.citations
                                    if c.document_id == "jsonl:cedar-ridge-fire")
    assert before.citations[0].valid_from == "2024-08-01"
    # asked about the present as of that day, nothing of the fire was known yet
    assert georisk.ask("Where is the Cedar Ridge Fire burning?", as_of="2024-07-31").decision == "abstain"


def test_evidence_from_after_as_of_is_not_used(georisk):
    before = georisk.ask("What is the containment of the Cedar Ridge Fire?", as_of="2024-08-04")
    assert before.citations and all(c.valid_from <= "2024-08-04" for c in before.citations)
    assert "35% contained" in before.answer
    nothing = georisk.ask("What is the containment of the Cedar Ridge Fire?", as_of="2024-07-01")
    assert nothing.decision == "abstain"


def test_a_fire_name_several_incidents_share_is_answered_for_the_latest_with_the_year(georisk):
    # a name no place of the geography has (the real Dixie Fire is a place, anchored in its counties)
    answer = georisk.ask("How many acres did the Zephyr Knob Fire burn in Butte County, California?")
    assert answer.decision == WARN
    assert "2 incidents are named Zephyr Knob Fire (2015 and 2021); this is about the 2021 one" in answer.warning
    assert {c.document_id for c in answer.citations} == {"jsonl:dixie-2021"}
    dated = georisk.ask("How many acres did the 2021 Zephyr Knob Fire burn in Butte County, California?")
    assert dated.decision == ANSWER and dated.warning is None
    assert "963309" in dated.answer


def test_a_year_the_question_gives_dates_the_fire_reports_without_a_fire_named(georisk):
    for year, other in (("2015", "2021"), ("2021", "2015")):
        answer = georisk.ask(f"Were there wildfires in Butte County, California in {year}?")
        reports = {c.document_id for c in answer.citations if c.doc_type == "incident_report"}
        assert reports == {f"jsonl:dixie-{year}"}, (year, other, reports)


def test_langchain_metadata_and_cli_carry_the_dates(georisk, server):
    from georisk_graph.langchain import GeoRiskRetriever

    docs = GeoRiskRetriever(georisk=georisk, as_of="2026-11-30").invoke("Is the Cedar Ridge Fire still burning?")
    assert docs and docs[0].metadata["published"] == "2024-08-10"
    assert docs[0].metadata["valid_from"] == "2024-08-05" and docs[0].metadata["decision"] == WARN
    env = {**os.environ, "GEORISK_HOME": str(server.settings.home), "GEORISK_BOLT_PORT": str(server.settings.bolt_port)}
    env.pop("NEO4J_URI", None)
    done = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "ask", "Is the Cedar Ridge Fire still burning?",
                           "--json", "--as-of", "2026-11-30"], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["decision"] == WARN and payload["as_of"] == "2026-11-30" and "As of 2024-08-10" in payload["warning"]
    assert payload["citations"] and all(c["published"] for c in payload["citations"])
    explained = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "ask", "Is the Cedar Ridge Fire still burning?",
                                "--explain", "--as-of", "2026-11-30"], env=env, capture_output=True, text=True,
                               timeout=300)
    assert "published 2024-08-10, describes 2024-08-05 to 2024-08-10" in explained.stdout
    assert "as of: 2026-11-30" in explained.stdout
    assert "asks for: status" in explained.stdout  # what the answer-type models read it to ask for
    bad = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "ask", "Is it burning?", "--as-of", "soon"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert bad.returncode != 0 and "YYYY-MM-DD" in bad.stderr


def test_analyst_evidence_valid_on_a_day(time_world):
    from georisk_graph import analyst

    rows = analyst.run(time_world, "evidence_on", {"place": CHELAN, "day": "2024-08-03"})
    cedar = [r for r in rows if r["document"] == "jsonl:cedar-ridge-fire"]
    assert len(cedar) == 1 and cedar[0]["version"] == "jsonl:cedar-ridge-fire@v2"
    assert (cedar[0]["relation"], cedar[0]["valid_from"], cedar[0]["valid_to"]) == ("exact", "2024-08-03", "2024-08-04")
    assert "35% contained" in cedar[0]["version_text"]
    # the state's statute stands whatever the day; the 2021 Dixie Fire is in another county
    assert any(r["document"] == "wa-rcw-76-04-205" and r["relation"] == "broader" for r in rows)
    assert not any(r["document"].startswith("jsonl:dixie") for r in rows)
    # before the first version the incident was not known; the Butte County reports by their periods
    assert not any(r["document"] == "jsonl:cedar-ridge-fire"
                   for r in analyst.run(time_world, "evidence_on", {"place": CHELAN, "day": "2024-07-01"}))
    butte = analyst.run(time_world, "evidence_on", {"place": BUTTE_CA, "day": "2021-08-03"})
    assert [r["document"] for r in butte if r["document"].startswith("jsonl:")] == ["jsonl:dixie-2021"]
