"""Places as people write them (georisk_graph.places.written, georisk_graph.question.placing): the candidates of
other names, ZIP codes and names typed otherwise, their features, acceptance, the names nothing places, and a park
decided with its counties. A small hand-made gazetteer and word lists; no model, no server."""

from __future__ import annotations

import pytest

from georisk_graph import ConfigurationError, FittedModel, QueryPlace

from georisk_graph.places import Gazetteer
from georisk_graph.places.written import FEATURES, ZipCodes, accepted, candidates, place_endings, unplaced_names
from georisk_graph.question.placing import NO_NAMES, anchored, as_typed, without_spans, written_places

ROWS = [
    {"id": "US", "name": "United States", "level": "country", "population": 331e6},
    {"id": "NV", "name": "Nevada", "level": "state", "aliases": ["NV"], "state_usps": "NV", "population": 3.1e6,
     "parents": ["US"]},
    {"id": "OR", "name": "Oregon", "level": "state", "aliases": ["OR"], "state_usps": "OR", "population": 4.2e6,
     "parents": ["US"]},
    {"id": "CA", "name": "California", "level": "state", "aliases": ["CA"], "state_usps": "CA", "population": 39e6,
     "parents": ["US"]},
    {"id": "clark", "name": "Clark County", "level": "county", "state_usps": "NV", "population": 2.3e6,
     "parents": ["NV"]},
    {"id": "deschutes", "name": "Deschutes County", "level": "county", "state_usps": "OR", "population": 200_000,
     "parents": ["OR"]},
    {"id": "sf_county", "name": "San Francisco County", "level": "county", "state_usps": "CA", "population": 815_000,
     "parents": ["CA"]},
    {"id": "mariposa", "name": "Mariposa County", "level": "county", "state_usps": "CA", "population": 17_000,
     "parents": ["CA"]},
    {"id": "tuolumne", "name": "Tuolumne County", "level": "county", "state_usps": "CA", "population": 55_000,
     "parents": ["CA"]},
    {"id": "lv", "name": "Las Vegas", "level": "place", "state_usps": "NV", "population": 646_790,
     "parents": ["clark"], "alternates": ["Vegas", "LAS", "Old Town"]},
    {"id": "bend", "name": "Bend", "level": "place", "state_usps": "OR", "population": 99_000,
     "parents": ["deschutes"]},
    {"id": "sf", "name": "San Francisco", "level": "place", "state_usps": "CA", "population": 815_000,
     "parents": ["sf_county"], "alternates": ["SF", "Frisco"]},
    {"id": "duncan", "name": "Duncan Falls", "level": "cdp", "state_usps": "OH", "population": 880,
     "alternates": ["Old Town"]},
    {"id": "yose", "name": "Yosemite National Park", "level": "protected_area", "parents": ["mariposa", "tuolumne"]},
]
for n in range(60):  # names ending in "Estates": enough of them that the word ends places' names
    ROWS.append({"id": f"est{n}", "name": f"Pine{n} Estates", "level": "cdp", "state_usps": "CA", "population": 100,
                 "parents": ["CA"]})


class Words:
    """English words and how often English uses them, as the reader's lexicon gives them."""

    english = frozenset("is there a burn ban in do i need permit my county the lake old town are what we live "
                        "near fires how big fire".split())
    shares = {"old": 3e-4, "town": 2e-4, "is": 1e-2, "the": 5e-2, "are": 5e-3, "lake": 5e-5, "vegas": 2e-6,
              "county": 1e-4}

    def english_share(self, word: str) -> float:
        return self.shares.get(word.lower(), 1e-5 if word.lower() in self.english else 0.0)

    def in_documents(self, word: str) -> bool:
        return word.lower() in {"burn", "ban", "permit", "county", "fire", "fires"}

    def rarity(self, word: str) -> float:
        return 0.1 if self.in_documents(word) or word.lower() in self.english else 1.0


@pytest.fixture(scope="module")
def gazetteer():
    return Gazetteer.from_rows(ROWS)


def test_another_name_is_a_candidate_with_what_tells_it_from_noise(gazetteer):
    found = candidates("Is there a burn ban in Vegas, Nevada?", gazetteer, Words(), taken=[(28, 34)], found=["NV"],
                       place_words={"in"})
    vegas = [c for c in found if c.surface == "Vegas"]
    assert [(c.entry.id, c.how) for c in vegas] == [("lv", "alternate")]
    features = vegas[0].features
    assert set(features) == set(FEATURES)
    assert features["name_part"] == 1.0 and features["state_named"] == 1.0 and features["after_place_word"] == 1.0
    assert features["other_state_named"] == 0.0


def test_initials_a_code_and_another_state_are_features(gazetteer):
    [sf] = [c for c in candidates("Burn ban in SF?", gazetteer, Words(), place_words={"in"}) if c.surface == "SF"]
    assert sf.features["initials"] == 1.0 and sf.features["capitals"] == 1.0
    [las] = [c for c in candidates("Flying into LAS from Oregon", gazetteer, Words(), found=["OR"],
                                   taken=[(21, 27)]) if c.surface == "LAS"]
    assert las.features["code"] == 1.0 and las.features["other_state_named"] == 1.0


def test_an_ordinary_phrase_many_places_share_is_a_weaker_candidate(gazetteer):
    old_town = [c for c in candidates("the old town is burning", gazetteer, Words()) if c.surface == "old town"]
    assert {c.entry.id for c in old_town} == {"lv", "duncan"}
    assert all(c.features["sharing"] == 1.0 and c.features["everyday"] > 0.5 for c in old_town)


def test_a_name_the_rules_read_is_no_candidate(gazetteer):
    found = candidates("Is there a burn ban in Bend?", gazetteer, Words(), taken=[(23, 27)])
    assert not [c for c in found if c.surface == "Bend"]
    lower = [c for c in candidates("is there a burn ban in bend", gazetteer, Words()) if c.surface == "bend"]
    assert [(c.entry.id, c.how, c.features["lower_text"], c.features["as_written"]) for c in lower] == [
        ("bend", "own_name", 1.0, 0.0)]


def test_a_name_typed_in_pieces_is_joined():
    gazetteer = Gazetteer.from_rows([*ROWS, {"id": "roseburg", "name": "Roseburg", "level": "place",
                                             "state_usps": "OR", "population": 23_000, "parents": ["OR"]}])
    pieces = [c for c in candidates("fire out past rose burg oregon", gazetteer, Words()) if c.entry.id == "roseburg"]
    assert [(c.surface, c.features["joined"]) for c in pieces] == [("rose burg", 1.0)]


def test_a_zip_code_is_its_town_in_its_county_else_its_county(gazetteer):
    table = {"97701": [{"city": "Bend", "state": "OR", "county": "Deschutes County"}],
             "97707": [{"city": "Sunriver", "state": "OR", "county": "Deschutes County"}]}
    codes = ZipCodes(gazetteer, lambda code: table.get(code, []))
    assert codes.place("97701")[0].id == "bend"
    assert codes.place("97707")[0].id == "deschutes"  # Sunriver is no place of the gazetteer: its county
    assert codes.place("00000") is None
    [zip_code] = [c for c in candidates("do i need a burn permit in 97701-1234", gazetteer, Words(), zip_codes=codes,
                                        place_words={"in"}) if c.how == "zip"]
    assert (zip_code.surface, zip_code.entry.id, zip_code.features["zip"]) == ("97701", "bend", 1.0)


def test_the_likeliest_candidate_of_a_span_is_accepted_and_longer_spans_win(gazetteer):
    found = [c for c in candidates("the old town is burning", gazetteer, Words())]
    scored = [type(c)(c.start, c.end, c.surface, c.entry, c.how, c.features, 0.9 if c.entry.id == "lv" else 0.6)
              for c in found]
    [kept] = accepted(scored, 0.5)
    assert kept.entry.id == "lv"
    assert accepted(scored, 0.95) == []
    [place] = written_places(scored, 0.5)
    assert (place.id, place.method, place.confidence) == ("lv", "alternate name", 0.9)
    assert place.candidates[0]["id"] == "lv" and "another name" in place.reason


def test_without_a_name_model_nothing_is_accepted():
    assert NO_NAMES.threshold == 1.0 and NO_NAMES.probability({f: 1.0 for f in FEATURES}) < 1.0


def test_names_nothing_places_are_found_and_told_apart(gazetteer):
    endings = place_endings(gazetteer)
    assert "estates" in endings and "burn" not in endings
    words = Words()
    marked = unplaced_names("We live in Quillbrook Estates. Is there a burn ban?", words, endings,
                            determiners={"the", "my"}, at={"in", "on", "by"})
    assert [(text_of(m, "We live in Quillbrook Estates. Is there a burn ban?")) for m in marked] == [
        ("Quillbrook Estates", "name")]
    text = "Does my county have a burn ban"
    assert [text_of(m, text) for m in unplaced_names(text, words, {"county", "lake"}, determiners={"my"})] == [
        ("my county", "phrase")]
    text = "are fireworks banned on the res this year"
    assert [text_of(m, text) for m in unplaced_names(text, words, endings, determiners={"the"}, at={"on"},
                                                     common={"this", "year"})] == [("the res", "phrase")]
    text = "is there a burn ban in vegas nevada"
    assert [text_of(m, text) for m in unplaced_names(text, words, endings, states=[(29, 35)], where={"in"},
                                                     common={"is", "there", "a"})] == [("vegas", "beside")]


def test_an_ordinary_question_names_no_unplaced_place(gazetteer):
    text = "What is a burn ban in Nevada?"
    assert unplaced_names(text, Words(), place_endings(gazetteer), states=[(22, 28)], where={"in"},
                          common={"what", "is", "a"}, taken=[(22, 28)]) == []


def text_of(mark: tuple[int, int, str], text: str) -> tuple[str, str]:
    return text[mark[0]:mark[1]], mark[2]


def test_a_park_is_decided_with_the_counties_it_lies_in(gazetteer):
    park = QueryPlace(id="yose", name="Yosemite National Park", level="protected_area", surface="Yosemite", start=0,
                      end=8, method="unique", confidence=1.0, reason="the only place of that name")
    places, groups, notes = anchored([park], gazetteer)
    assert [p.id for p in places] == ["yose", "mariposa", "tuolumne"]
    assert groups == [("yose", "mariposa", "tuolumne")]
    assert "Mariposa County and Tuolumne County" in notes[0]


def test_unplaced_names_are_told_as_typed_and_places_left_out():
    assert as_typed("Tuckerring Flats", [("Tuckerbine", "Tuckerring")]) == "Tuckerbine Flats"
    assert without_spans("Is there a burn ban in Spokane County?", [(23, 37)]) == "Is there a burn ban in ?"


def test_a_name_model_of_other_features_is_refused():
    stale = FittedModel("names", ("alternate",), {"alternate": 1.0}, 0.0)
    with pytest.raises(ConfigurationError, match="georisk fit names"):
        stale.requiring(FEATURES)


def test_a_candidate_is_right_for_its_gold_place_the_town_inside_it_or_its_county_not_a_town_of_its_state(gazetteer):
    from georisk_graph.training.names import label

    def candidate(place_id: str):
        return type("Candidate", (), {"entry": gazetteer.get(place_id)})()

    assert label(candidate("lv"), ("lv",), gazetteer) == 1
    assert label(candidate("lv"), ("clark",), gazetteer) == 1  # a ZIP's town for the county asked about
    assert label(candidate("clark"), ("lv",), gazetteer) == 1  # a ZIP's county for the town asked about
    assert label(candidate("lv"), ("NV",), gazetteer) == 0  # "the state fire marshal" is no Marshall, Texas
    assert label(candidate("bend"), ("lv",), gazetteer) == 0
    assert label(candidate("lv"), (), gazetteer) == 0


def test_the_models_report_tallies_what_was_read_right():
    from georisk_graph.evaluation.fitted import ModelsReport, Tally

    tally = Tally().add(True).add(False).add(True)
    assert (tally.right, tally.total, round(tally.share or 0, 3)) == (2, 3, 0.667)
    report = ModelsReport("report", dependence={"all": tally}, places={"zip": Tally().add(True)})
    assert report.to_dict()["dependence"]["all"] == {"right": 2, "total": 3, "share": 0.6667}
    assert "zip" in report.describe() and Tally().share is None


def test_an_acronym_the_corpus_spells_out_is_no_other_name_of_a_place(gazetteer):
    from types import SimpleNamespace

    from georisk_graph.question import Reader

    every_alternate = FittedModel("names", FEATURES, {f: 0.0 for f in FEATURES} | {"alternate": 9.0}, -1.0)
    question = "What does LAS stand for on a fire update?"

    def considered(acronyms: tuple[str, ...]) -> list[str]:
        reader = Reader(SimpleNamespace(gazetteer=gazetteer), None, names_model=every_alternate, acronyms=acronyms)
        return [c.entry.id for c in reader.names_in(question, [])]

    assert considered(()) == ["lv"]  # GeoNames gives Las Vegas the other name "LAS"
    assert considered(("LATs", "LAS")) == []  # the glossary spells "LAS" out: the term, not the airport's town
