"""Place recognition and toponym resolution: a small hand-made gazetteer (pure Python, no model),
the real geography tables with the spaCy model, and the evaluation arithmetic. The gazetteer read back
from a real graph: tests/integration/test_places.py."""

from __future__ import annotations

import pytest

from georisk_graph import ConfigurationError, InputError
from georisk_graph.places import Gazetteer, PlaceResolver, Span, evaluate_places
from georisk_graph.loaders.geography import gazetteer_from_tables
from georisk_graph.places.recognition import gazetteer_spans

# -- a small hand-made gazetteer ------------------------------------------------------------------
ROWS = [
    {"id": "US", "name": "United States", "level": "country", "aliases": ["U.S.", "USA"], "population": 331e6},
    {"id": "IL", "name": "Illinois", "level": "state", "aliases": "IL|Ill.", "state_usps": "IL",
     "population": 12.7e6, "parents": ["US"]},
    {"id": "MO", "name": "Missouri", "level": "state", "aliases": ["MO"], "state_usps": "MO",
     "population": 6.2e6, "parents": ["US"]},
    {"id": "OR", "name": "Oregon", "level": "state", "aliases": ["OR", "Ore."], "state_usps": "OR",
     "population": 4.2e6, "parents": ["US"]},
    {"id": "ME", "name": "Maine", "level": "state", "aliases": ["ME"], "state_usps": "ME",
     "population": 1.4e6, "parents": ["US"]},
    {"id": "CA", "name": "California", "level": "state", "aliases": ["CA", "Calif."], "state_usps": "CA",
     "population": 39e6, "parents": ["US"]},
    {"id": "NV", "name": "Nevada", "level": "state", "aliases": ["NV"], "state_usps": "NV",
     "population": 3.1e6, "parents": ["US"]},
    {"id": "sangamon", "name": "Sangamon County", "level": "county", "aliases": ["Sangamon"],
     "state_usps": "IL", "population": 194_000, "parents": ["IL"]},
    {"id": "greene", "name": "Greene County", "level": "county", "state_usps": "MO", "population": 298_000,
     "parents": ["MO"]},
    {"id": "lane", "name": "Lane County", "level": "county", "state_usps": "OR", "population": 383_000,
     "parents": ["OR"]},
    {"id": "multnomah", "name": "Multnomah County", "level": "county", "state_usps": "OR",
     "population": 815_000, "parents": ["OR"]},
    {"id": "cumberland", "name": "Cumberland County", "level": "county", "state_usps": "ME",
     "population": 303_000, "parents": ["ME"]},
    {"id": "butte_ca", "name": "Butte County", "level": "county", "aliases": ["Butte", "Butte Co."],
     "state_usps": "CA", "population": 208_000, "parents": ["CA"]},
    {"id": "plumas", "name": "Plumas County", "level": "county", "aliases": ["Plumas"], "state_usps": "CA",
     "population": 19_000, "parents": ["CA"]},
    {"id": "slo", "name": "San Luis Obispo County", "level": "county", "state_usps": "CA",
     "population": 282_000, "parents": ["CA"]},
    {"id": "clark", "name": "Clark County", "level": "county", "state_usps": "NV", "population": 2.3e6,
     "parents": ["NV"]},
    {"id": "spfld_il", "name": "Springfield", "level": "place", "aliases": "Springfield city|Springfield, IL",
     "state_usps": "IL", "population": 113_000, "parents": ["sangamon"]},
    {"id": "spfld_mo", "name": "Springfield", "level": "place", "state_usps": "MO", "population": 169_000,
     "parents": ["greene"]},
    {"id": "spfld_or", "name": "Springfield", "level": "place", "state_usps": "OR", "population": 62_000,
     "parents": ["lane"]},
    {"id": "pdx", "name": "Portland", "level": "place", "state_usps": "OR", "population": 641_000,
     "parents": ["multnomah"]},
    {"id": "pwm", "name": "Portland", "level": "place", "state_usps": "ME", "population": 68_000,
     "parents": ["cumberland"]},
    {"id": "paradise_ca", "name": "Paradise", "level": "place", "aliases": ["Paradise town"],
     "state_usps": "CA", "population": 5_300, "parents": ["butte_ca"]},
    {"id": "paradise_nv", "name": "Paradise", "level": "cdp", "state_usps": "NV", "population": 223_000,
     "parents": ["clark"]},
    {"id": "chico", "name": "Chico", "level": "place", "state_usps": "CA", "population": 101_000,
     "parents": ["butte_ca"]},
    {"id": "nevada_mo", "name": "Nevada", "level": "place", "state_usps": "MO", "population": 8_200,
     "parents": ["greene"]},
    {"id": "camp2018", "name": "Camp Fire (2018)", "level": "event", "aliases": ["Camp Fire"],
     "state_usps": "CA", "parents": ["butte_ca"],
     "extra": '{"acres": 153336.0, "started": "2018-11-08T06:33:00Z"}'},
    {"id": "camp2017", "name": "Camp Fire (2017)", "level": "event", "aliases": ["Camp Fire"],
     "state_usps": "CA", "parents": ["slo"], "extra": {"acres": 225.0, "started": "2017-05-18T08:48:00Z"}},
    {"id": "calfire_generic", "name": "Cal Fire (2016)", "level": "event", "aliases": ["Cal Fire"],
     "state_usps": "CA", "parents": ["slo"], "acres": 10},
    {"id": "plumas_nf", "name": "Plumas National Forest", "level": "protected_area",
     "aliases": ["Plumas NF"], "parents": ["CA"]},
]


class GazetteerOnly:
    """A recognizer without a statistical model: the gazetteer's matches and context checks alone."""

    def __init__(self, gazetteer: Gazetteer) -> None:
        self.gazetteer = gazetteer

    def find(self, texts: list[str]) -> list[list[Span]]:
        return [gazetteer_spans(self.gazetteer, text) for text in texts]


@pytest.fixture(scope="module")
def small() -> PlaceResolver:
    gazetteer = Gazetteer.from_rows(ROWS)
    return PlaceResolver(gazetteer, recognizer=GazetteerOnly(gazetteer))


def places(resolver: PlaceResolver, text: str) -> list[tuple[str, str | None, str]]:
    [resolution] = resolver.resolve([text])
    return [(m.surface, m.place_id, m.method) for m in resolution.mentions]


def test_surface_forms_follow_the_conventions():
    g = Gazetteer.from_rows(ROWS)
    assert [m.entry.id for m in g.lookup("Butte Co.")] == ["butte_ca"]
    assert [m.entry.id for m in g.lookup("Butte  county")] == ["butte_ca"]  # spacing and "county"
    assert g.lookup("Paradise town") == []  # Census legal suffix
    assert g.lookup("Springfield, IL") == []  # a qualified name is two mentions, not one surface
    assert g.lookup("springfield") == []  # case-sensitive
    assert {m.entry.id for m in g.lookup("Camp Fire")} == {"camp2018", "camp2017"}
    assert g.lookup("Camp Fire (2018)") == [] and g.lookup("Cal Fire") == []
    assert [m.kind for m in g.lookup("OR")] == ["abbreviation"]
    assert g.get("camp2018").acres == 153336.0 and g.get("camp2018").year == 2018
    assert g.ancestors("paradise_ca") == {"butte_ca": 1, "CA": 2, "US": 3}
    assert [e.id for e in g.counties_named("Plumas")] == ["plumas"]


def test_qualifier_picks_the_city_and_resolves_the_state(small):
    assert places(small, "Is there a burn ban in Springfield, IL?") == [
        ("Springfield", "spfld_il", "qualifier"), ("IL", "IL", "qualifier")]
    assert places(small, "Evacuations in Portland, Maine.") == [
        ("Portland", "pwm", "qualifier"), ("Maine", "ME", "qualifier")]
    assert places(small, "Paradise, Butte County, California") == [
        ("Paradise", "paradise_ca", "qualifier"), ("Butte County", "butte_ca", "qualifier"),
        ("California", "CA", "qualifier")]


def test_co_occurrence_beats_population(small):
    assert places(small, "Smoke over Portland worried Oregon officials.")[0] == ("Portland", "pdx", "co-occurrence")
    # Neither name is settled alone; each settles the other through Butte County.
    assert places(small, "the Camp Fire near Paradise") == [
        ("Camp Fire", "camp2018", "co-occurrence"), ("Paradise", "paradise_ca", "co-occurrence")]
    # A name qualified once keeps that reading when it comes back bare.
    assert places(small, "Springfield, Illinois. Later, Springfield lifted the ban.")[2][1] == "spfld_il"


def test_population_prior_decides_alone_and_says_it_is_unsure(small):
    [res] = small.resolve(["A burn ban in Springfield."])
    [m] = res.mentions
    assert (m.place_id, m.method) == ("spfld_mo", "population")
    assert m.confidence < 0.6 and [c.place_id for c in m.candidates] == ["spfld_mo", "spfld_il", "spfld_or"]
    assert abs(sum(c.score for c in m.candidates) - 1) < 1e-3
    assert "169,000" in m.reason


def test_a_state_name_is_the_state_unless_qualified(small):
    assert places(small, "Fires in Nevada and Missouri.") == [
        ("Nevada", "NV", "state-name"), ("Missouri", "MO", "unique")]
    assert places(small, "Fires near Nevada, MO.") == [("Nevada", "nevada_mo", "qualifier"), ("MO", "MO", "qualifier")]


def test_risky_words_are_not_places(small):
    assert places(small, "Mobile homes and OR gates; call ME. Oregon Department of Forestry") == []
    assert places(small, "Cal Fire crews responded.") == []
    assert places(small, "Springfield Fire Department responded.") == []  # part of a longer name
    assert places(small, "Bend, OR") == [("OR", "OR", "unique")]  # after "Place," an abbreviation is a state


def test_county_list_shares_its_head(small):
    assert places(small, "It burned in Butte and Plumas counties.") == [
        ("Butte", "butte_ca", "county-list"), ("Plumas", "plumas", "county-list")]


def test_unknown_and_set_aside_mentions_are_reported_not_dropped(small):
    res = small.resolve_spans("Smoke from Atlantis reached Chico.",
                              [Span(11, 19, "Atlantis", "ner", "GPE"), Span(28, 33, "Chico", "gazetteer")])
    assert res.places == ("chico",)
    [unresolved] = res.unresolved
    assert unresolved.place_id is None and unresolved.method == "unresolved"
    assert "no place of this name" in unresolved.reason
    # A Camp Fire in Nevada is not one of California's Camp Fires.
    [res] = small.resolve(["The Camp Fire in Nevada grew."])
    assert res.places == ("NV",)
    assert [(m.surface, m.method) for m in res.set_aside] == [("Camp Fire", "set-aside")]
    assert "Nevada" in res.set_aside[0].reason


def test_hints_act_as_context(small):
    [res] = small.resolve(["Fire restrictions near Springfield."], hints=[["lane"]])
    assert res.places == ("spfld_or",) and "hint" in res.mentions[0].reason


def test_a_documents_town_that_lies_nowhere_in_its_state_is_left_unresolved(small):
    # A Plumas County, California report naming "Springfield" (three elsewhere, none in California)
    # means a local place the gazetteer lacks, not the most populous Springfield.
    [res] = small.resolve(["Crews staged near Springfield overnight."], hints=[["plumas"]])
    assert res.places == () and [m.surface for m in res.set_aside] == ["Springfield"]
    assert "none of the 3 places of this name lies in California" in res.set_aside[0].reason
    # without a document place, or with a state the text names that holds one, it resolves as before
    assert places(small, "Crews staged near Springfield overnight.")[0][1] == "spfld_mo"
    [named] = small.resolve(["Crews from Springfield, Oregon staged near Chico."], hints=[["butte_ca"]])
    assert named.places[:1] == ("spfld_or",)
    [unique] = small.resolve(["Smoke reached Chico."], hints=[["clark"]])  # one Chico: kept
    assert unique.places == ("chico",)


def test_spacy_only_mode_resolves_by_exact_name_and_population():
    g = Gazetteer.from_rows(ROWS)
    baseline = PlaceResolver(g, recognizer=GazetteerOnly(g), mode="spacy_only")
    [res] = baseline.resolve(["Smoke over Portland worried Oregon officials."])
    assert [(m.place_id, m.method) for m in res.mentions] == [("pdx", "population"), ("OR", "unique")]
    with pytest.raises(ConfigurationError):
        PlaceResolver(g, mode="everything")
    with pytest.raises(TypeError):
        baseline.resolve("not a list")


def test_evaluation_counts_exact_spans_and_ids(small):
    text = "Springfield, IL and Chico and Paradise"
    items = [{"id": "a", "text": text, "mentions": [
        {"start": 0, "end": 11, "surface": "Springfield", "place_id": "spfld_il"},
        {"start": 13, "end": 15, "surface": "IL", "place_id": "IL"},
        {"start": 20, "end": 25, "surface": "Chico", "place_id": "chico"},
        {"start": 30, "end": 38, "surface": "Paradise", "place_id": "paradise_nv"},  # wrong on purpose
        {"start": 0, "end": 4, "surface": "Spri", "place_id": "x"},  # never found
    ]}]
    result = evaluate_places(small, items)
    assert (result["gold_mentions"], result["predicted_mentions"], result["matched_spans"]) == (5, 4, 4)
    assert (result["precision"], result["recall"], result["correct_places"]) == (1.0, 0.8, 3)
    assert result["resolution_accuracy"] == 0.6 and result["accuracy_on_found"] == 0.75
    assert {e["kind"] for e in result["errors"]} == {"missed", "wrong_place"}


def test_missing_tables_raise_input_error(tmp_path):
    with pytest.raises(InputError, match="us_geo_edges"):
        gazetteer_from_tables(tmp_path)


# -- the real tables and the spaCy model ------------------------------------------------------------
@pytest.fixture(scope="module")
def real(shared_dir) -> PlaceResolver:
    return PlaceResolver.load(gazetteer_from_tables(shared_dir / "data" / "geo"))


def test_noun_compounds_are_adjacent_nouns_after_a_modifier(real):
    recognizer = real.recognizer
    heat, surge, vents = recognizer.noun_compounds([
        "What is a heat dome and how long do they last?",
        "How high can a hurricane storm surge get?",
        "Do ember-resistant vents help protect a house?"])
    assert ("heat", "dome") in heat
    assert ("storm", "surge") in surge and ("hurricane", "storm") in surge
    # a verb or a hyphenated word is no part of a compound
    assert all(w.isalpha() for pair in vents for w in pair) and ("vents", "help") not in vents


def resolve_one(resolver: PlaceResolver, text: str) -> dict[str, str | None]:
    [res] = resolver.resolve([text])
    return {m.surface: m.place_id for m in res.mentions}


def test_real_qualified_names(real):
    assert resolve_one(real, "Is there a burn ban in Springfield, IL?") == {"Springfield": "Q28515", "IL": "Q1204"}
    assert resolve_one(real, "Evacuation orders for Paradise, CA were lifted.")["Paradise"] == "census_place:0655520"
    assert resolve_one(real, "Stage 2 fire restrictions in Bernalillo Co. start Friday.") == {
        "Bernalillo Co.": "Q156297"}


def test_a_county_in_brackets_qualifies_the_town_before_it(real):
    # Fire reports write "north of Winters (Yolo County)": the town is named, and placed by the county.
    found = resolve_one(real, "The fire started off County Road 88, north of Winters (Yolo County).")
    assert found == {"Winters": "census_place:0686034", "Yolo County": "Q109709"}
    # A bracket after a longer name does not cut a place out of it.
    found = resolve_one(real, "It started near Jarbo Gap (Butte County) and burned 153,336 acres.")
    assert "Gap" not in found and found.get("Butte County") == "Q156181"


def test_a_state_capital_goes_by_its_common_name(real):
    # The Census labels Idaho's capital "Boise City"; the state's record names its capital "Boise".
    assert resolve_one(real, "Can I burn brush in Boise, ID?") == {"Boise": "Q35775", "ID": "Q1221"}
    assert resolve_one(real, "Is there a burn ban in Boise County, Idaho?")["Boise County"] == "Q486357"
    # Only the capital: Oklahoma City keeps its name, and "Oklahoma" stays the state.
    assert resolve_one(real, "Are there wildfires in Oklahoma?") == {"Oklahoma": "Q1649"}


def test_real_ambiguous_name_takes_the_most_populous(real):
    gazetteer = real.gazetteer
    springfields = [m.entry for m in gazetteer.lookup("Springfield")]
    assert len(springfields) > 20
    largest = max(springfields, key=lambda e: e.population or 0)
    assert largest.id == "Q135615"  # Springfield, Missouri
    [res] = real.resolve(["Is there a burn ban in Springfield?"])
    assert [(m.place_id, m.method) for m in res.mentions] == [("Q135615", "population")]


def test_real_co_occurrence(real):
    assert resolve_one(real, "Smoke from the fire drifted over Portland, and Oregon issued an air alert.") == {
        "Portland": "Q6106", "Oregon": "Q824"}
    assert resolve_one(real, "What happened to the Camp Fire near Paradise?") == {
        "Camp Fire": "calfire:75dafe80-f18a-4a4a-9a37-4b564c5f6014",  # November 2018, Butte County
        "Paradise": "census_place:0655520"}


def test_real_span_conventions(real):
    text = ("Dixie Fire (Wildfire), Butte, Plumas, Shasta, Lassen, Tehama County, California. "
            "Crews from the Oregon Department of Forestry worked along U.S. Highway 395.")
    assert resolve_one(real, text) == {
        "Dixie Fire": "calfire:00016d5d-1647-49e4-a02a-abf46b8480ae",  # 2021, not the 60-acre 2015 fire
        "Butte": "Q156181", "Plumas": "Q156342", "Shasta": "Q156350", "Lassen": "Q156340",
        "Tehama County": "Q109705", "California": "Q99"}
    [res] = real.resolve(["The Creek Fire in Montana grew to 500 acres."])
    assert res.places == ("Q1212",) and [m.surface for m in res.set_aside] == ["Creek Fire"]


def test_real_unresolved_and_lowercase(real):
    [res] = real.resolve(["Smoke from fires in Canada reached Spokane."])
    assert res.places == ("Q187805",)
    assert [(m.surface, m.place_id) for m in res.unresolved] == [("Canada", None)]
    assert resolve_one(real, "is there a burn ban in spokane washington") == {
        "spokane": "Q187805", "washington": "Q1223"}


def test_real_the_us_is_the_country_but_not_inside_an_agency_name(real):
    assert resolve_one(real, "What wildland-urban interface rules apply in the US?") == {"US": "Q30"}
    assert resolve_one(real, "Is the US Forest Service closing trails?") == {}


def _work(resolver: PlaceResolver, text: str) -> int:
    """The Python and C calls resolving ``text`` makes: a measure of work that no machine's speed moves."""
    import sys

    calls = 0

    def count(frame, event, arg):  # noqa: ARG001 - the profiler's signature
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        resolver.resolve([text])
    finally:
        sys.setprofile(None)
    return calls


def test_resolution_work_grows_linearly_with_the_mentions(real):
    # A text naming many different counties was quadratic twice over: every token tested against every
    # mention, and every mention's candidates against every other mention. Four times the mentions must
    # cost about four times the work, not sixteen.
    counties = sorted((e for e in real.gazetteer.entries.values() if e.level == "county" and e.state_usps),
                      key=lambda e: e.id)[:800]
    lines = [f"Crews worked a fire in {e.name}, {e.state_usps} on Tuesday." for e in counties]
    small = _work(real, "\n".join(lines[:200]))
    large = _work(real, "\n".join(lines))
    assert large / small <= 6.0, (small, large)


def test_ingestion_reads_with_the_model_only_around_names_and_finds_the_same_places(real):
    from georisk_graph.places.recognition import load_spacy

    filler = ("Crews worked through the night to hold the line. The weather stayed dry and the winds were "
              "light. Water tenders refilled every two hours.")
    text = "\n".join([filler] * 6 + ["A burn ban is in effect in Spokane County, Washington.", filler * 2] +
                     ["Residents of Paradise were told to prepare to leave."] + [filler] * 6 +
                     ["Rangers closed the Forest road near the Creek."])

    class Counting:  # the spaCy pipeline, counting the characters it is given
        def __init__(self, nlp):
            self.nlp, self.read = nlp, 0

        def pipe(self, texts, **options):
            texts = list(texts)
            self.read += sum(len(t) for t in texts)
            return self.nlp.pipe(texts, **options)

    nlp = load_spacy()
    whole, focused = Counting(nlp), Counting(nlp)
    full = PlaceResolver(real.gazetteer, whole).resolve([text])[0]
    ingestion = PlaceResolver(real.gazetteer, focused, mode="focused").resolve([text])[0]
    assert [(m.surface, m.place_id) for m in ingestion.mentions] == [(m.surface, m.place_id) for m in full.mentions]
    assert {m.surface for m in full.mentions} >= {"Spokane County", "Washington", "Paradise"}
    # only the lines around the names went through the model; a line whose only known word is a
    # descriptive one ("Forest", "Creek") did not
    assert whole.read == len(text) and focused.read < 0.5 * len(text)
    # a text typed without capitals is read whole
    lower = PlaceResolver(real.gazetteer, focused, mode="focused")
    focused.read = 0
    lower.resolve([text.lower()])
    assert focused.read == len(text)


def test_the_model_holds_a_bounded_share_of_a_long_document_at_once(real, monkeypatch):
    from georisk_graph.places import recognition
    from georisk_graph.places.recognition import load_spacy

    monkeypatch.setattr(recognition, "SEGMENT_CHARS", 2_000)
    monkeypatch.setattr(recognition, "BATCH_CHARS", 5_000)
    text = "\n".join(f"Crews held the fire near Spokane, Washington on day {n}." for n in range(400))

    class Counting:  # the spaCy pipeline, noting the characters of each call
        def __init__(self, nlp):
            self.nlp, self.calls = nlp, []

        def pipe(self, texts, **options):
            texts = list(texts)
            self.calls.append(sum(len(t) for t in texts))
            return self.nlp.pipe(texts, **options)

    nlp = Counting(load_spacy())
    found = PlaceResolver(real.gazetteer, nlp).resolve([text])[0]
    assert sum(nlp.calls) == len(text)  # every character read once
    assert len(nlp.calls) >= 4 and max(nlp.calls) <= 5_000
    assert [m.place_id for m in found.mentions].count("Q1223") == 400  # nothing lost at the seams
