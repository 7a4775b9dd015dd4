"""The pattern a named incident is found by, run by the real server's regular expressions (the rest of
how a question is read: tests/unit/test_question_reading.py)."""

from __future__ import annotations

import pytest

from georisk_graph.question.names import incident_pattern


@pytest.mark.parametrize("text, names_it", [
    ("The Springs Fire started on May 2.", True),
    ("Crews held the Springs Fire at 40 acres.", True),
    ("Springs Fire update: evacuations lifted.", True),
    ("Update:\nthe springs fire is out.", True),
    # a longer name that ends in it is another fire
    ("Sheep Springs Fire (Wildfire), Kern County, California.", False),
    ("The Sheep Springs Fire burned 170 acres.", False),
    ("Crews said a springs fire was reported.", True),  # a lower-case word before: not part of a name
])
def test_the_incident_pattern_on_the_server(session_graph, text, names_it):
    pattern = incident_pattern("Springs Fire")
    assert session_graph.execute_read_only("RETURN $text =~ $pattern AS hit",
                                 {"text": text, "pattern": pattern})[0]["hit"] is names_it


def test_the_incident_pattern_is_literal(session_graph):
    # regular-expression characters in a name are taken literally
    pattern = incident_pattern("St. Mary's Fire")
    hit = "RETURN $text =~ $pattern AS hit"
    assert session_graph.execute_read_only(hit, {"text": "The St. Mary's Fire grew.", "pattern": pattern})[0]["hit"]
    assert not session_graph.execute_read_only(hit, {"text": "The StX Mary's Fire grew.", "pattern": pattern})[0]["hit"]
