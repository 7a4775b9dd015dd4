"""The places a question asks about are told from those it names only to locate or contrast them
(georisk_graph.question.roles, with the fitted model the package ships). Every question here was written
for these tests, three wordings or more of each case; the gazetteer is the shared geography, read from its
tables, so no server is needed."""

from __future__ import annotations

import pytest

from georisk_graph.question import Reader
from georisk_graph.question import roles
from georisk_graph.question.roles import FEATURES, chains, features

IDAHO, OREGON, WYOMING, MONTANA, NEVADA, UTAH, MAINE, ILLINOIS = (
    "Q1221", "Q824", "Q1214", "Q1212", "Q1227", "Q829", "Q724", "Q1204")
FLAGSTAFF, SPRINGFIELD_MO, PORTLAND_OR, CHELAN_COUNTY = "Q79842", "Q135615", "Q6106", "Q493236"


@pytest.fixture(scope="module")
def reader(shared_dir):
    from georisk_graph.loaders.geography import gazetteer_from_tables
    from georisk_graph.places import PlaceResolver

    resolver = PlaceResolver.load(gazetteer_from_tables(shared_dir / "data" / "geo"))
    return Reader(resolver, None, role_model=roles.load())


def roles_of(reader, question):
    [reading] = reader.read([question])
    return [p.id for p in reading.places], [p.id for p in reading.context]


@pytest.mark.parametrize("question, asked, context", [
    # a comparison whose first place is only context
    ("Oregon makes you get a permit before burning slash in the closed season. What is the rule in Idaho?",
     [IDAHO], [OREGON]),
    ("My brother says Montana bans campfires in August. Here in Wyoming, are campfires allowed in August?",
     [WYOMING], [MONTANA]),
    ("Utah has a fire season from June to October. When is the fire season in Nevada?", [NEVADA], [UTAH]),
])
def test_a_place_named_for_comparison_is_context(reader, question, asked, context):
    assert roles_of(reader, question) == (asked, context)


@pytest.mark.parametrize("question, asked, excluded", [
    # a place excluded by "not ..."
    ("Flagstaff, Arizona - not the one in Maine. Are campfires allowed right now?", FLAGSTAFF, MAINE),
    ("Springfield, Missouri, and not the one in Illinois - do I need a burn permit?", SPRINGFIELD_MO, ILLINOIS),
    ("I mean Portland, Oregon, not Portland in Maine: is there a burn ban?", PORTLAND_OR, MAINE),
])
def test_a_place_excluded_by_not_is_context(reader, question, asked, excluded):
    """The place excluded is context: the state named ("the one in Maine"), or the place of that name there
    ("Portland in Maine", Maine only qualifying it)."""
    places, context = roles_of(reader, question)
    assert places == [asked]
    assert any(c == excluded or excluded in reader.gazetteer.ancestors(c) for c in context), context


@pytest.mark.parametrize("question, town", [
    # a town located by a landmark beside it: the park locates, the town is asked about
    ("Just outside Glacier National Park's west entrance in West Glacier, Montana, is there a burn ban?", "West Glacier"),
    ("In Estes Park, Colorado, by the gate to Rocky Mountain National Park, are campfires allowed?", "Estes Park"),
    ("Near the Great Smoky Mountains in Gatlinburg, Tennessee, what are the burning rules?", "Gatlinburg"),
])
def test_a_landmark_that_locates_a_town_is_context(reader, question, town):
    [reading] = reader.read([question])
    assert [p.name for p in reading.places] == [town]
    assert reading.context and all(p.level == "protected_area" for p in reading.context)


def test_a_single_place_is_asked_about_whatever_the_model(reader):
    for question in ("Is there a burn ban in Spokane County?", "not sure, but are campfires allowed near Bend, Oregon?",
                     "Outside Missoula, are there evacuations?"):
        places, context = roles_of(reader, question)
        assert len(places) == 1 and context == []


def test_the_features_say_where_a_place_stands():
    from georisk_graph import QueryPlace

    text = "Oregon bans it. What about Idaho, not Nevada?"
    def place(name, level, pid):
        start = text.index(name)
        return QueryPlace(pid, name, level, name, start, start + len(name), "test", 1.0, "")
    values = features(text, [place("Oregon", "state", OREGON), place("Idaho", "state", IDAHO),
                             place("Nevada", "state", NEVADA)], None)
    assert set(values[0]) == set(FEATURES)
    assert [v["in_asking_sentence"] for v in values] == [0.0, 1.0, 1.0]
    assert [v["negated"] for v in values] == [0.0, 0.0, 1.0]
    assert [v["first"] for v in values] == [1.0, 0.0, 0.0] and [v["last"] for v in values] == [0.0, 0.0, 1.0]


def test_places_named_inside_one_another_are_one_location():
    from georisk_graph import QueryPlace

    class Containment:
        def ancestors(self, place_id):
            return {"town": {"county": 1, "state": 2}, "county": {"state": 1}, "other": {}}.get(place_id, {})

    def place(pid):
        return QueryPlace(pid, pid, "place", pid, 0, 1, "test", 1.0, "")
    assert chains([place("town"), place("county"), place("other")], Containment()) == (("town", "county"), ("other",))
    assert chains([place("other"), place("town")], Containment()) == (("other",), ("town",))
