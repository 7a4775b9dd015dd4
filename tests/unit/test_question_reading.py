"""How a question is read before retrieval: the incidents it names (and their year), whether it asks
about the law, and which place a question naming only a fire is about. The incident pattern run by the
server's regular expressions: tests/integration/test_question_reading.py."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from georisk_graph import QueryPlace
from georisk_graph.question import Reader
from georisk_graph.question.asked import (asked_aspects, asks_about_law, evidence_wanted, incident_names,
                                          names_asked, single_year)
from georisk_graph.question.places import anchor_places as _anchor_places, drop_qualifiers as _drop_qualifiers


@pytest.mark.parametrize("question, names", [
    ("Is the Dixie Fire contained?", ["Dixie Fire"]),
    ("How many acres did the 2021 Dixie Fire burn?", ["Dixie Fire"]),
    # a name that starts with a word for a kind of fire is still a name
    ("What is the latest on the Grass Burr Fire in Cottle County?", ["Grass Burr Fire"]),
    ("What closures are in place for the Wild Goose Fire in Utah?", ["Wild Goose Fire"]),
    # a kind of fire is no incident
    ("Is there a Grass Fire near me?", []),
    ("Are Prescribed Fire plans published?", []),
    ("Who fights a Wildland Fire?", []),
])
def test_incident_names(question, names):
    assert incident_names(question) == names


@pytest.mark.parametrize("question, law", [
    ("What does Oregon law say about wildfire evacuations?", True),
    ("Is there a Colorado statute on burn bans?", True),
    ("How does Montana regulate prescribed burning?", True),
    ("Is it legal to burn brush in Spokane?", True),
    ("Are there evacuations for the Lidia Fire?", False),
    ("Is there a burn ban in Spokane County?", False),
])
def test_a_question_about_the_law(question, law):
    assert asks_about_law(question) is law


@pytest.mark.parametrize("question, placed, wanted", [
    # what a fire did: only incident reports answer it
    ("Have wildfires in South Dakota led to evacuation orders?", True, "incidents"),
    ("How many acres did the Park Fire burn?", True, "incidents"),
    ("What caused the Sand Drain Fire in Columbia County, FL?", True, "incidents"),
    ("Is the Dixie Fire still burning?", True, "incidents"),
    # what may be done, or what the law says: rules
    ("What is the penalty for starting a wildfire in Oregon?", True, "rules"),
    ("Do I need a burn permit in Bernalillo County?", True, "rules"),
    ("Who is liable for the cost of fighting a wildfire someone started?", False, "rules"),
    ("What rules apply to prescribed fire in Alameda County, California?", True, "rules"),
    ("Can I burn outdoors in Sandoval County during a burn ban?", True, "rules"),
    # either: words of a rule beside words of an event, or a general question
    ("Are campfires allowed while the Park Fire is burning?", True, None),
    ("Are there fire restrictions in Flagstaff?", True, None),
    ("What limits apply to smoke from burning in Bellingham?", True, None),
    ("Where can I check air quality near the Park Fire?", True, None),
    ("What are common human causes of wildfires?", False, None),
])
def test_the_kind_of_evidence_a_question_wants(question, placed, wanted):
    assert evidence_wanted(question, placed=placed) == wanted


def stems(question: str) -> list[str]:
    return [t.stem for t in Reader(None, None).read([question])[0].terms]


def test_topic_terms_are_the_analysers_stems_of_the_content_words():
    # a hyphenated word is its parts; a possessive is its word; a contraction is no topic
    assert stems("What is the Keetch-Byram Drought Index?") == ["keetch", "byram", "drought", "index"]
    assert stems("Why shouldn't a ranger's drones fly near Chico?")[:3] == ["ranger", "drone", "fli"]
    # "banned" is "ban", as "bans" and "ban" are: one stemmer for question and passage alike (in word order)
    assert stems("Has it banned burning?") == ["ban", "burn"]
    assert stems("Is there a burning ban?") == ["burn", "ban"]


def test_single_year():
    assert single_year("When did the 2017 Mud Fire start?") == 2017
    assert single_year("Fires of 2017 and 2018") is None
    assert single_year("Is the Mud Fire out?") is None


def _place(pid, name, level, start=0):
    return QueryPlace(id=pid, name=name, level=level, surface=name, start=start, end=start + len(name),
                      method="test", confidence=1.0, reason="named")


class _Gazetteer:
    """Entries with names, levels and parents; the containers of each place."""

    def __init__(self, entries):
        self.entries = {e.id: e for e in entries}

    def get(self, pid):
        return self.entries.get(pid)

    def ancestors(self, pid):
        out, todo = {}, list(self.entries[pid].parents)
        while todo:
            p = todo.pop()
            if p not in out:
                out[p] = 1
                todo += list(self.entries[p].parents)
        return out


GAZETTEER = _Gazetteer([
    SimpleNamespace(id="Q99", name="California", level="state", parents=()),
    SimpleNamespace(id="Q156340", name="Lassen County", level="county", parents=("Q99",)),
    SimpleNamespace(id="fire:mud", name="Mud Fire (2017)", level="event", parents=("Q156340",)),
])


def test_a_question_naming_only_a_fire_is_about_its_county():
    [place] = _anchor_places([_place("fire:mud", "Mud Fire (2017)", "event")], GAZETTEER)
    assert (place.id, place.level) == ("Q156340", "county") and "Mud Fire" in place.reason


def test_a_state_that_qualifies_a_city_is_kept_as_its_qualifier():
    question = "Are roads or trails closed near Steamboat Springs, Colorado because of a wildfire?"
    gazetteer = _Gazetteer([SimpleNamespace(id="Q1261", name="Colorado", level="state", parents=()),
                            SimpleNamespace(id="Q7", name="Steamboat Springs", level="place", parents=("Q1261",))])
    city = _place("Q7", "Steamboat Springs", "place", question.index("Steamboat"))
    state = _place("Q1261", "Colorado", "state", question.index("Colorado"))
    kept = _drop_qualifiers([city, state], gazetteer)
    assert [(p.id, p.qualifiers) for p in kept] == [("Q7", ("Colorado",))]


def test_a_state_named_with_a_fire_is_the_question_place():
    places = [_place("fire:mud", "Mud Fire (2017)", "event"), _place("Q99", "California", "state", 20)]
    kept = _drop_qualifiers(places, GAZETTEER)
    assert [p.id for p in kept] == ["fire:mud", "Q99"]
    assert [p.id for p in _anchor_places(kept, GAZETTEER)] == ["Q99"]


@pytest.mark.parametrize("question, passage, speaks", [
    # a question on fire restrictions wants a passage on restrictions or bans, whatever kind it is
    ("Are fire restrictions in effect in Greenville, TX?", "As of May 16, the Line Fire is 100% contained.", False),
    ("Are fire restrictions in effect in Greenville, TX?", "Stage 1 fire restrictions are in effect.", True),
    ("Is there a burn ban in Lake City, Florida?", "Columbia and Baker Counties are under a temporary burn ban.", True),
    ("Is there a burn ban in Lake City, Florida?", "A certified burner who violates this section commits a "
     "misdemeanor.", False),
    # and a question on evacuations one on evacuations
    ("Were evacuations ordered for the Park Fire?", "Evacuation orders were lifted on Monday.", True),
    ("Were evacuations ordered for the Park Fire?", "A closure order is in place for the area.", False),
])
def test_what_a_question_asks_about_is_what_its_evidence_speaks_of(question, passage, speaks):
    patterns = asked_aspects(question)
    assert patterns
    # Java patterns as Cypher's =~ takes them: these read the same in Python
    assert any(re.fullmatch(p, passage) for p in patterns) is speaks


def test_a_question_asking_nothing_of_these_has_no_aspect():
    assert asked_aspects("Do I need a burn permit in Spokane?") == []
    assert asked_aspects("Where did the Mosquito Fire start?") == []


@pytest.mark.parametrize("question, names", [
    ("What are the Leave No Trace rules for campfires?", ["leave no trace"]),
    ("What is the Keetch-Byram Drought Index?", ["keetch byram drought index"]),
    ("What role does the Red Cross play for evacuees?", ["red cross"]),
    # an opening word is no part of a name, and a fire is an incident, not a name of a thing
    ("How contained is the High Lonesome Fire?", []),
    ("Is Smokey Bear real?", ["smokey bear"]),
    ("Is there a burn ban?", []),
])
def test_the_names_a_question_gives(question, names):
    assert names_asked(question) == names


def test_a_question_naming_no_place_is_also_looked_up_by_its_words():
    from georisk_graph import Graph, Settings
    from georisk_graph import relevance
    from georisk_graph.retrieval import GraphRetriever

    settings = Settings(neo4j_uri="bolt://127.0.0.1:1")
    retriever = GraphRetriever(Graph(settings), relevance.load())  # no I/O: nothing is connected
    found = retriever.parameters_for([0.0] * 384, [], words=["defensible", "space", "learn"], wide=False)
    assert found["question"]["words_query"] == 'defensible space learn "defensible space"~2 "space learn"~2'
    # the other forms the English-analysed index keeps apart: the word's stored family, the other number
    other = retriever.parameters_for([0.0] * 384, [], words=["evacuees", "buses"], wide=False,
                                     families={"evacuees": ("evacue", "evacu")})
    assert other["question"]["words_query"] == 'evacuees evacue evacu buses bus "evacuees buses"~2'
    assert retriever.parameters_for([0.0] * 384, ["Q1223"], wide=True)["question"]["words_query"] is None


def test_an_incident_title_pattern_matches_the_reports_title_with_or_without_fire():
    import re

    from georisk_graph.question.names import incident_title_pattern
    pattern = incident_title_pattern("Reevas Basin Fire")
    for title in ("Reevas Basin", "Reevas Basin Fire", "Reevas Basin Fire (2026)", "reevas basin"):
        assert re.fullmatch(pattern, title), title
    # another incident whose name holds it, or a longer title, is not the incident's report
    for title in ("Reevas Basin Complex", "Sheep Reevas Basin", "Reevas Basin Fire update 3"):
        assert not re.fullmatch(pattern, title), title


def test_a_known_fire_typed_first_in_lower_case_is_read_as_the_incident():
    reader = Reader(None, None, incidents={"gifford"})
    for question in ("gifford fire acreage", "Gifford fire acreage?", "what is the gifford fire acreage"):
        assert reader.read([question])[0].incidents == ("Gifford Fire",), question
    # a name no stored report gives stays as typed
    assert reader.read(["pistachio fire how big"])[0].incidents == ()
