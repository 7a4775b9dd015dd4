"""Evidence has a date: documents, chunks and citations carry it; incidents keep their dated
versions; a question about the present is warned when its evidence is old, a question about a day
is answered from that day's version. Pure rules first, then on the real server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date

import pytest

from georisk_graph import GeoRisk
from georisk_graph.question.asked import as_of_date, asked_day, asks_about_present
from georisk_graph.decision import ANSWER, WARN, Citation, Freshness, PlaceDecision, decide_in_time, is_stale
from georisk_graph.exceptions import InputError
from georisk_graph.documents import IncidentVersion, SourceDocument


def citation(doc_type="incident_report", published=None, valid_from=None, valid_to=None, title="Cedar Fire",
             document="d1"):
    return Citation(chunk_id=f"{document}#0", document_id=document, title=title, text="text", source="jsonl",
                    url=None, cosine=0.9, places=(), doc_type=doc_type, published=published,
                    valid_from=valid_from, valid_to=valid_to)


# -- the rules, without a server ---------------------------------------------------------------------


def test_questions_about_the_present_are_told_from_past_and_dated_ones():
    present = ["Is the Dixie Fire still burning?", "Are evacuations in place in Chelan County?",
               "Is there a burn ban in Spokane County?", "Is there an outdoor burning ban in Bend now?",
               "What is the containment of the Cedar Fire right now?", "Are fire restrictions currently in effect?"]
    not_present = ["How many acres did the 2021 Dixie Fire burn?", "Were evacuations in place for the Dixie Fire?",
                   "What was the containment of the Cedar Fire on August 3?",
                   "Is the Cedar Fire still burning on 2024-08-03?", "Do I need a burn permit in Spokane?",
                   "What red flag warning was in effect when the Cedar Fire started?",
                   "Which evacuation orders were still in place after the Cedar Fire jumped the river?"]
    assert [q for q in present if not asks_about_present(q)] == []
    assert [q for q in not_present if asks_about_present(q)] == []


def test_a_named_day_is_read_with_or_without_its_year():
    assert asked_day("What was the containment of the Cedar Fire on August 3?").on(2024) == date(2024, 8, 3)
    assert asked_day("Acres of the Cedar Fire on Sept. 14th, 2023?").on(2030) == date(2023, 9, 14)
    assert asked_day("Status on 2024-08-03?").on(1999) == date(2024, 8, 3)
    assert asked_day("May I burn on a red flag day?") is None
    assert asked_day("What happened on February 30?").on(2024) is None


def test_as_of_must_be_a_date():
    assert as_of_date("2024-08-03") == date(2024, 8, 3)
    with pytest.raises(InputError, match="YYYY-MM-DD"):
        as_of_date("yesterday")


@pytest.mark.parametrize("evidence, as_of, stale", [
    (citation(published="2024-08-10", valid_to="2024-08-10"), date(2024, 8, 13), False),  # 3 days: current
    (citation(published="2024-08-10", valid_to="2024-08-10"), date(2024, 8, 14), True),  # 4 days: stale
    (citation(doc_type="statute", published="2001-01-01"), date(2026, 1, 1), False),  # a statute never
    (citation(doc_type="guidance", published="2024-07-01", valid_to="2024-09-30"), date(2024, 9, 30), False),
    (citation(doc_type="guidance", published="2024-07-01", valid_to="2024-09-30"), date(2024, 10, 1), True),
    (citation(doc_type="guidance", published="2024-07-01"), date(2024, 7, 15), False),  # 14 days, no period
    (citation(doc_type="guidance", published="2024-07-01"), date(2024, 7, 16), True),
    (citation(doc_type="guidance"), date(2030, 1, 1), False),  # undated: not judged
])
def test_staleness_follows_the_window_of_the_evidence_kind(evidence, as_of, stale):
    assert is_stale(evidence, as_of, Freshness(incident_days=3, restriction_days=14)) is stale


def test_a_present_question_on_stale_evidence_is_warned_with_its_date():
    d = PlaceDecision(None, ANSWER, "The question names no place.",
                      citations=(citation(published="2021-07-13", valid_from="2021-07-13", valid_to="2021-10-25"),))
    warned = decide_in_time(d, present=True, as_of=date(2026, 11, 30))
    assert warned.decision == WARN and warned.warning.startswith("As of 2021-10-25,")
    assert "this may have changed" in warned.warning
    assert decide_in_time(d, present=False, as_of=date(2026, 11, 30)) == d  # a past question: untouched
    assert decide_in_time(d, present=True, as_of=date(2021, 10, 26)) == d  # one day later: current


def test_same_named_incidents_keep_the_most_recent_and_say_so():
    older = citation(title="Zephyr Knob Fire (2015)", published="2015-06-19", document="old")
    newer = citation(title="Zephyr Knob Fire (2021)", published="2021-07-13", document="new")
    d = PlaceDecision(None, ANSWER, "The question names no place.", citations=(older, newer))
    named = decide_in_time(d, present=False, as_of=date(2026, 1, 1), incident="Zephyr Knob Fire")
    assert named.decision == WARN and [c.document_id for c in named.citations] == ["new"]
    assert "2 incidents are named Zephyr Knob Fire (2015 and 2021); this is about the 2021 one" in named.warning
    single = PlaceDecision(None, ANSWER, "r", citations=(newer,))
    assert decide_in_time(single, present=False, as_of=date(2026, 1, 1), incident="Zephyr Knob Fire") == single


def test_a_report_on_another_fire_that_mentions_the_name_is_no_second_incident():
    named = citation(title="Carr Fire (2018)", published="2018-07-23", document="carr")
    # an InciWeb report of 2025 on the Horse Fire: "crews who fought the Carr Fire in 2018 ..."
    other = citation(title="Horse Fire", published="2025-07-10", document="horse")
    d = PlaceDecision(None, ANSWER, "r", citations=(named, other))
    assert decide_in_time(d, present=False, as_of=date(2026, 1, 1), incident="Carr Fire") == d
    # titles name an incident with or without its kind: "Jones" is the Jones Fire
    jones = [citation(title="Jones", published="2026-08-19", document="a"),
             citation(title="Jones Fire (2019)", published="2019-06-01", document="b")]
    d = PlaceDecision(None, ANSWER, "r", citations=tuple(jones))
    assert "2 incidents are named Jones Fire (2019 and 2026)" in decide_in_time(
        d, present=False, as_of=date(2026, 9, 1), incident="Jones Fire").warning


def test_the_shared_incident_versions_cover_each_incident_without_gaps(shared_dir):
    from georisk_graph.loaders.corpus import shared_corpus, shared_incident_versions

    versions = list(shared_incident_versions(shared_dir / "data/corpus"))
    assert sum(v.source == "inciweb" for v in versions) == 4810
    assert len({v.document_id for v in versions if v.source == "inciweb"}) == 899
    by_incident: dict[str, list[IncidentVersion]] = {}
    for v in versions:
        assert v.valid_from <= v.valid_to
        by_incident.setdefault(v.document_id, []).append(v)
    for history in by_incident.values():
        for a, b in zip(history, history[1:]):
            # each valid until the next begins: the day before it, or its own day when they overlap
            assert a.valid_to == max(a.valid_from, date.fromordinal(date.fromisoformat(b.valid_from).toordinal() - 1)
                                     .isoformat()) or a.valid_from == b.valid_from
    documents = {d.id: d for d in shared_corpus(shared_dir / "data/corpus") if d.source.startswith("inciweb")}
    for doc_id, history in by_incident.items():
        # the document is the version last seen: its period ends on that day, on or after every
        # version's (a page seen again after a newer one, as a few are, still ends its period there)
        assert documents[doc_id].valid_to == documents[doc_id].published >= max(v.valid_to for v in history)
    every = list(shared_corpus(shared_dir / "data/corpus"))
    assert all(d.published for d in every), [d.id for d in every if not d.published][:5]


def test_a_bad_period_is_refused_with_its_dates():
    with pytest.raises(ValueError, match="valid_to 2024-01-01 is before valid_from 2024-02-01"):
        SourceDocument(id="jsonl:x", title="x", text="x", source="jsonl", valid_from="2024-02-01",
                       valid_to="2024-01-01")
    with pytest.raises(ValueError, match="valid_from must be a date written YYYY-MM-DD"):
        SourceDocument(id="jsonl:x", title="x", text="x", source="jsonl", valid_from="August 3")


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
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.ingest.versions import VersionIngestor
    from georisk_graph.places import Gazetteer, PlaceResolver

    resolver = PlaceResolver.load(Gazetteer.from_graph(world))
    report = Ingestor(world, embedder, resolver).ingest(TIME_DOCUMENTS)
    assert not report.failed
    versions = VersionIngestor(world, embedder).ingest(cedar_versions())
    assert not versions.failed and versions.versions + versions.skipped == len(CEDAR_VERSIONS)
    return world


@pytest.fixture
def georisk(time_world, server):
    client = GeoRisk(server.settings).connect()
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


def test_stale_answer_rate_counts_undated_answers_from_old_evidence_only():
    from georisk_graph.evaluation import metrics
    from georisk_graph.evaluation.records import Question, QuestionRecord, UsedPassage

    old = UsedPassage("c#0", "d", "Cedar Ridge Fire", "text", 0.9, (), "exact", 0, doc_type="incident_report",
                      published="2024-08-10", valid_to="2024-08-10")
    statute = UsedPassage("s#0", "s", "RCW", "text", 0.9, (), "exact", 0, doc_type="statute", published="2026-02-15")
    gold = {
        "present": Question("present", "Is the Cedar Ridge Fire still burning?", True, "warn", present=True,
                            as_of="2026-08-22", group="temporal"),
        "past": Question("past", "How many acres did it burn?", True, "answer", group="temporal"),
        "law": Question("law", "Is there a burn ban now?", True, "answer", present=True, as_of="2026-08-22"),
    }
    records = [
        QuestionRecord("present", "standard", "answer", passages=(old,)),  # stale, no date given: counted
        QuestionRecord("past", "standard", "answer", passages=(old,)),  # not about the present
        QuestionRecord("law", "standard", "answer", passages=(statute,)),  # a statute is never stale
    ]
    rate = metrics.stale_answer_rate(records, gold)
    assert (rate.numerator, rate.denominator) == (1, 2)
    dated = QuestionRecord("present", "georisk", "warn", warning="As of 2024-08-10, ...; this may have changed.",
                           passages=(old,))
    assert not metrics.is_stale_answer(dated, gold["present"])
    summary = metrics.summarize(records, gold)
    assert summary.temporal.n == 2 and summary.location_dependent.n == 1
    assert summary.to_dict()["temporal"]["stale_answer_rate"] == 1.0


def test_the_places_warnings_are_joined_with_each_sentence_once_and_the_newest_date():
    from georisk_graph.decision import joined_warnings

    stale = "As of 2021-10-25, the date of the newest evidence (Dixie Fire (2021)), this was the situation; this may have changed."
    newer = "As of 2022-01-29, the date of the newest evidence (Dixie Fire (CA)), this was the situation; this may have changed."
    named = "2 incidents are named Dixie Fire (2015 and 2021); this is about the 2021 one. Name the year to ask about another."
    assert joined_warnings([stale, f"{named} {stale}", newer]) == f"{named} {newer}"
    assert joined_warnings([]) is None
    geo = "This applies to Florida (state) as a whole, not specifically to Tallahassee; Tallahassee may have its own, stricter local rules."
    assert joined_warnings([geo, geo]) == geo
