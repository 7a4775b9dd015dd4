"""The corpus's glossary in the graph, on the real server: its terms written from the stored passages, a rerun
leaving the same glossary, and a question asking what an acronym stands for answered from a passage that spells it
out. Finding the terms: tests/unit/test_glossary.py."""

from __future__ import annotations

import pytest

from georisk_graph import GeoRisk
from georisk_graph.documents import SourceDocument
from georisk_graph.evidence import ABSTAIN
from georisk_graph.ingest.glossary import build_glossary

from .conftest import ingested

CHELAN = "Q493236"
GLOSSARY_DOCUMENTS = [
    SourceDocument(id=f"jsonl:glossary-{n}", title=title, text=text, source="jsonl", doc_type="incident_report",
                   published="2024-08-01", scope=(CHELAN,), scope_basis="test")
    for n, (title, text) in enumerate([
        ("Mica Draw Fire", "Heavy aircraft worked the Mica Draw Fire. A Very Large Air Tanker (VLAT) and two Quill "
                           "Retardant Drop Units (QRDUs) dropped retardant on the north flank."),
        ("Slate Bench Fire", "Two Quill Retardant Drop Units (QRDUs) from Wenatchee flew over the Slate Bench Fire, "
                             "and crews held the line overnight."),
        ("Tarn Hollow Fire", "The Tarn Hollow Fire is burning in timber; Quill Retardant Drop Units (QRDUs) are on "
                             "order for the afternoon."),
    ])]


@pytest.fixture
def glossary_world(world, embedder):
    build_glossary(ingested(world, embedder, GLOSSARY_DOCUMENTS))
    return world


def test_the_glossary_holds_what_two_passages_spell_out_and_a_rerun_changes_nothing(glossary_world):
    count = "MATCH (t:Term) OPTIONAL MATCH (t)-[d:DEFINED_IN]->() RETURN count(DISTINCT t) AS terms, count(d) AS links"
    before = glossary_world.execute_read_only(count)[0]
    rows = glossary_world.run("analyst_glossary", term="qrdus")
    assert [(r["term"], r["expansion"], r["passages"]) for r in rows] == [("QRDUs", "Quill Retardant Drop Units", 3)]
    assert glossary_world.run("analyst_glossary", term="VLAT") == []  # spelled out once
    build_glossary(glossary_world)
    assert glossary_world.execute_read_only(count)[0] == before


def test_what_an_acronym_stands_for_is_answered_from_a_passage_that_spells_it_out(glossary_world, server):
    with GeoRisk.connect(server.settings) as georisk:
        # the term put before the question asks, and asked in Spanish, as the answer-type model reads them
        for question, stands_for in (("What does QRDU stand for?", "stands for"), ("what are QRDUs", "stands for"),
                                     ("What is a QRDU on a fire?", "stands for"),
                                     ("QRDUs flew over the ridge all day - what are those?", "stands for"),
                                     ("¿Qué significa QRDU?", "significa")):
            answer = georisk.ask(question, as_of="2026-08-22")
            assert answer.decision != ABSTAIN, question
            assert answer.answer.startswith(f"QRDUs {stands_for} Quill Retardant Drop Units [1]."), question
            assert answer.citations[0].term is not None and "Quill Retardant Drop Units (QRDUs)" in answer.citations[0].text


def test_an_acronym_asked_with_a_place_is_spelled_out_from_its_passages_as_far_as_they_are(glossary_world, server):
    with GeoRisk.connect(server.settings) as georisk:
        # the passages spelling it out are Chelan County's: the county's own evidence, and narrower for its state
        for question, relation in (("What are QRDUs in Chelan County?", "exact"),
                                   ("What do QRDUs stand for in Washington fire updates?", "narrower")):
            answer = georisk.ask(question, as_of="2026-08-22")
            assert answer.answer is not None and answer.answer.startswith("QRDUs stands for Quill Retardant Drop Units [1]."), question
            assert answer.citations[0].term is not None and answer.citations[0].relation == relation, question
