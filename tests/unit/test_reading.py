"""Questions as people type them are read as the question they mean: one reading whatever the case, the
greeting, the order, the contractions, a typo or a postal code. Every question here was written for
these tests (none comes from a benchmark); the gazetteer is the shared geography, read from its tables,
and the corpus a few passages written here, so no server is needed."""

from __future__ import annotations

import pytest

from georisk_graph.analysis import Vocabulary, term_set
from georisk_graph.question import Reader
from georisk_graph.question.wording import Lexicon

from ..asked import read_asked

SPOKANE_COUNTY, WASHINGTON, BEND, OREGON, IDAHO, MONTANA = "Q485276", "Q1223", "Q671288", "Q824", "Q1221", "Q1212"
SANTA_ROSA_CA, BOISE, MISSOULA, FLAGSTAFF, UTAH, CHELAN_COUNTY = "Q212991", "Q35775", "Q189602", "Q79842", "Q829", "Q493236"

# The corpus these readings weigh words by: a handful of passages in the words of the stored documents.
PASSAGES = [
    ("Burn permits", "A burn permit is required for any outdoor burning of yard debris during the closed season."),
    ("Burn ban", "The county has issued a ban on all outdoor burning; campfires are prohibited until further notice."),
    ("Evacuations", "Evacuation orders were lifted for the valley as crews reached 80 percent containment."),
    ("Fire restrictions", "Stage 1 fire restrictions are in effect on national forest lands across the state."),
    ("Penalties", "A violation of the burning rules is a misdemeanor punishable by a fine."),
    ("Fire report", "The fire burned 2,400 acres of grass and timber; the cause is under investigation."),
    ("Smoke", "Wildfire smoke may affect air quality; people with asthma should limit time outdoors."),
    ("Campgrounds", "Camping is allowed in developed campgrounds; campfires only in the fire rings provided."),
    ("Defensible space", "Homeowners should create defensible space by clearing brush within 30 feet of a house."),
]


@pytest.fixture(scope="module")
def reader(shared_dir):
    from georisk_graph.loaders.geography import gazetteer_from_tables
    from georisk_graph.places import PlaceResolver

    resolver = PlaceResolver.load(gazetteer_from_tables(shared_dir / "data" / "geo"))
    terms = [term_set(title, text) for title, text in PASSAGES]
    frequency: dict[str, int] = {}
    for held in terms:
        for t in held:
            frequency[t] = frequency.get(t, 0) + 1
    lexicon = Lexicon.load(Vocabulary(len(terms), frequency), resolver.gazetteer.words())
    return Reader(resolver, None, lexicon=lexicon, incidents={"pinegrove"})


def places(reader, question):
    return [p.id for p in reader.read([question])[0].places]


# -- places typed in lower case, in capitals, by postal code ------------------------------------------
@pytest.mark.parametrize("question, expected", [
    ("burn ban spokane county wa?", [SPOKANE_COUNTY]),
    ("any fire restrictions around bend oregon", [BEND]),
    ("evacuation orders near santa rosa ca", [SANTA_ROSA_CA]),
    ("is there a burn ban in boise id", [BOISE]),
    ("BURN PERMIT RULES FOR CHELAN COUNTY", [CHELAN_COUNTY]),
    ("Is there a burn ban in SPOKANE COUNTY this week?", [SPOKANE_COUNTY]),
    ("Smoke forecast for Missoula, MT?", [MISSOULA]),
])
def test_a_place_in_any_case_or_with_a_postal_code(reader, question, expected):
    assert places(reader, question) == expected


THURSTON_COUNTY, WELD_COUNTY, GOLDEN_CO, AURORA_CO, ST_CHARLES_COUNTY = (
    "Q113773", "Q94783", "census_place:0830835", "Q49246", "Q489873")
FORT_WORTH, MOUNT_VERNON_WA, WASHOE_COUNTY, TEXAS = "Q16558", "census_place:5347560", "Q484340", "Q1439"
MARION_COUNTY_OR, COCONINO_COUNTY, SPOKANE, YAKIMA, TACOMA = "Q484408", "Q58684", "Q187805", "Q499203", "Q199797"


@pytest.mark.parametrize("question, expected", [
    ("outdoor burning in thurston co wa", [THURSTON_COUNTY]),
    ("is there a fire ban in weld co", [WELD_COUNTY]),  # a Colorado county: "co" reads alike either way
    ("Burn ban in Thurston Co?", [THURSTON_COUNTY]),
    # "co" is Colorado's code after a Colorado town, and always typed "CO"
    ("air quality in aurora co", [AURORA_CO]),
    ("smoke near Golden CO", [GOLDEN_CO]),
])
def test_co_after_a_county_name_is_county_unless_it_is_colorado(reader, question, expected):
    assert places(reader, question) == expected


@pytest.mark.parametrize("question, expected", [
    ("smoke over ft worth tx", [FORT_WORTH]),
    ("Evacuations near Ft. Worth?", [FORT_WORTH]),
    ("st charles co mo burn ban", [ST_CHARLES_COUNTY]),
    ("is it smoky in mt vernon wa", [MOUNT_VERNON_WA]),
    ("washoe cnty burn day", [WASHOE_COUNTY]),
])
def test_a_name_typed_in_shorthand_is_the_name(reader, question, expected):
    assert places(reader, question) == expected


@pytest.mark.parametrize("question, expected", [
    # English words are not read as contractions of names ("by" for Berkeley, "on" for Oregon)
    ("is there a burn ban by county in texas", [TEXAS]),
    ("are campfires ok on state land in idaho", [IDAHO]),
])
def test_an_english_word_is_no_shorthand(reader, question, expected):
    assert places(reader, question) == expected


@pytest.mark.parametrize("question, expected", [
    ("Burn Permit Rules Marion County Oregon", [MARION_COUNTY_OR]),
    ("Campfire Ban Coconino County", [COCONINO_COUNTY]),
    ("Red Flag Warning Spokane Today", [SPOKANE]),
])
def test_a_question_with_every_word_capitalised_is_read_like_one_in_lower_case(reader, question, expected):
    reading = reader.read([question])[0]
    assert [p.id for p in reading.places] == expected
    assert any("capital" in note for note in reading.notes)


@pytest.mark.parametrize("question", [
    "What's Firewise USA?",  # a sentence about a name: no everyday word capitalised but the first
    "What's Red Flag Warning?",  # it opens like a sentence and has no other small word
    "What is the Keetch-Byram Drought Index?",  # its small words are small
    "Is there a burn ban in Spokane County?",
])
def test_a_sentence_with_capitalised_names_is_not_a_headline(reader, question):
    assert not any("capital" in note for note in reader.read([question])[0].notes)


@pytest.mark.parametrize("question, expected", [
    ("is yakima city under a burn ban", [YAKIMA]),
    ("smoke in spokane city limits", [SPOKANE]),
    ("burn ban within the tacoma city limits", [TACOMA]),
])
def test_a_town_named_with_its_census_suffix_is_the_town(reader, question, expected):
    assert places(reader, question) == expected


@pytest.mark.parametrize("question, expected", [
    ("any burn restrictions near conconully", ["census_place:5314310"]),
    ("smoke around dotsero this morning", ["census_place:0821155"]),
    ("evacuation levels near melstone", ["census_place:3049000"]),
    ("is the fire close to inkom", ["census_place:1640330"]),
    # a word English uses is no such name: these name no place
    ("burn ban in effect", []),
    ("camping near wildfires", []),
])
def test_a_small_town_by_a_name_english_hardly_uses_is_a_place_where_a_place_goes(reader, question, expected):
    assert places(reader, question) == expected


def test_a_capitalised_name_english_hardly_uses_that_no_place_has_is_an_unknown_place(reader):
    reading = reader.read(["is there smoke near Tollhouse"])[0]
    assert not reading.places
    assert [p.surface for p in reading.unresolved] == ["Tollhouse"]


@pytest.mark.parametrize("question, expected", [
    ("campfire rules at yosemite", ["nps:YOSE"]),
    ("any smoke at sequoia today", ["nps:SEQU"]),
    ("is the tahoe national forest closed", ["usfs:tahoe_national_forest"]),
    ("are fires allowed at glacier national park", ["nps:GLAC"]),
    # no park or forest is named
    ("campfires in national parks", []),
    ("fires near the national forest", []),
])
def test_a_park_or_forest_typed_in_lower_case_is_the_park(reader, question, expected):
    """The park is the place named; it is decided with the counties (or the state) it lies in, as one location."""
    [reading] = reader.read([question])
    assert [p.id for p in reading.places][:1] == expected
    if expected:
        entry = reader.gazetteer.get(expected[0])
        holders = {p for p in entry.parents if reader.gazetteer.get(p).level in ("county", "state")}
        assert set(p.id for p in reading.places[1:]) <= holders and reading.places[1:]
        assert any(expected[0] in group and len(group) == len(reading.places) for group in reading.chains)
        assert reading.scopes and entry.name in reading.scopes[0]


@pytest.mark.parametrize("question, expected", [
    ("Are Idaho fire restrictions in effect?", [IDAHO]),
    ("did any oregon wildfires force evacuations", [OREGON]),
    ("Montana fire season rules for campfires", [MONTANA]),
    ("Have Utah wildfires closed any trails?", [UTAH]),
])
def test_a_state_used_as_an_adjective_is_the_state(reader, question, expected):
    assert places(reader, question) == expected


def test_a_fire_named_after_a_state_is_not_the_state(reader):
    # one fire's name, singular and capitalised: the incident, not Oregon
    assert OREGON not in places(reader, "When did the Oregon Fire start?")


@pytest.mark.parametrize("question, expected, unsure", [
    # an everyday word after a preposition of place is read as the place, and the reading says it was unsure
    ("can we have a campfire in bend this weekend", [BEND], True),
    ("smoke in missoula today", [MISSOULA], False),
    # a dictionary word English uses mostly as a name ("flagstaff") is read surely
    ("is there a fire ban in flagstaff", [FLAGSTAFF], False),
    # the same words used as words name no place
    ("how far can embers bend around a ridge", [], False),
    ("is sandy soil good for a firebreak", [], False),
    ("do i need a permit to burn brush near woodland in Oregon", [OREGON], False),
])
def test_a_lower_case_word_is_a_place_when_the_sentence_reads_it_as_one(reader, question, expected, unsure):
    [reading] = reader.read([question])
    assert [p.id for p in reading.places] == expected
    assert bool(reading.unsure) is unsure


@pytest.mark.parametrize("question, unknown", [
    ("On Oahu, do I need a permit to burn?", "Oahu"),
    ("Are campfires allowed in Pinecrest Hollow?", "Pinecrest Hollow"),
])
def test_a_name_put_after_a_preposition_of_place_that_no_place_has_is_an_unknown_place(reader, question, unknown):
    # (an island the gazetteer holds under another level is that place: "on kauai island" is Kauai County)
    [reading] = reader.read([question])
    assert any(unknown.lower() in p.surface.lower() for p in reading.unresolved)


# -- a name several places share ------------------------------------------------------------------------
@pytest.mark.parametrize("question, name", [
    ("Is there a burn ban in Springfield?", "Springfield"),
    ("Can I burn leaves in Greenville?", "Greenville"),
    ("Are there evacuations near Salem?", "Salem"),
])
def test_an_ambiguous_name_keeps_its_alternatives_and_says_the_choice(reader, question, name):
    [reading] = reader.read([question])
    [place] = reading.places
    assert place.ambiguous and place.sharing >= 3 and len(place.alternatives) == 3
    assert all(a["name"].startswith(name) and a["id"] != place.id for a in place.alternatives)
    assert "most populous" in place.choice() and name in place.choice()
    assert place.to_dict()["alternatives"] == list(place.alternatives)


def test_a_qualified_name_is_not_ambiguous(reader):
    [reading] = reader.read(["Is there a burn ban in Springfield, Illinois?"])
    assert not reading.places[0].ambiguous


# -- the same question in other words --------------------------------------------------------------------
def same(reader, *questions):
    """The readings of the questions agree on everything retrieval, the decision and the answer use."""
    readings = read_asked(questions, reader)
    keys = [(tuple(p.id for p in r.places), r.incidents, r.year, r.present, r.wants, r.aspects,
             tuple(t.stem for t in r.terms), r.answer_type, r.yes_no, r.focus) for r in readings]
    assert all(k == keys[0] for k in keys), keys
    return readings


@pytest.mark.parametrize("bare, prefixed", [
    ("Is there a burn ban in Spokane County?", "Quick question: is there a burn ban in Spokane County?"),
    ("Can I burn yard debris in Bend, Oregon?", "Hi, can I burn yard debris in Bend, Oregon?"),
    ("Do I need a permit to burn brush in Idaho?",
     "Sorry if this is obvious, but do I need a permit to burn brush in Idaho?"),
    ("What is the fine for an illegal campfire in Montana?",
     "Hello, I have a question. What is the fine for an illegal campfire in Montana? Thanks in advance."),
])
def test_a_greeting_before_or_thanks_after_do_not_change_the_reading(reader, bare, prefixed):
    readings = same(reader, bare, prefixed)
    assert readings[1].read_as.lower() == readings[0].read_as.lower()
    assert any("left out" in note for note in readings[1].notes)


def test_context_before_the_question_is_kept(reader):
    [reading] = reader.read(["We are camping near Bend this weekend. Are campfires allowed?"])
    assert [p.id for p in reading.places] == [BEND] and "camping" in reading.read_as


@pytest.mark.parametrize("banned, ban, stem", [
    ("Is burning banned in Spokane County?", "Is there a burning ban in Spokane County?", "ban"),
    ("Are campfires banned in Idaho?", "Is there a campfire ban in Idaho?", "ban"),
    ("Is outdoor burning prohibited in Montana?", "Is there a ban on outdoor burning in Montana?", "prohibit"),
])
def test_banned_is_read_as_a_ban(reader, banned, ban, stem):
    a, b = reader.read([banned, ban])
    assert {"ban", "prohibit"} & {t.stem for t in a.terms} == {stem}
    assert a.aspects == b.aspects and a.aspects
    assert a.wants == b.wants


@pytest.mark.parametrize("questions", [
    ("What's the penalty for burning trash in Utah?", "What is the penalty for burning trash in Utah?"),
    ("Isn't a permit required to burn in Oregon?", "Is not a permit required to burn in Oregon?"),
    ("I'm in Missoula - can't I burn leaves?", "I am in Missoula - cannot I burn leaves?"),
    ("We'll need a permit to burn slash in Deschutes County, won't we?",
     "We will need a permit to burn slash in Deschutes County, will not we?"),
    ("Who'd I call about a smoke complaint in Boise?", "Who would I call about a smoke complaint in Boise?"),
    ("Mustn't campfires be out by dusk in Moab?", "Must not campfires be out by dusk in Moab?"),
])
def test_a_contraction_is_read_as_its_words(reader, questions):
    same(reader, *questions)


@pytest.mark.parametrize("first, last", [
    ("In Spokane County, is there a burn ban?", "Is there a burn ban in Spokane County?"),
    ("Near Flagstaff, are campfires allowed right now?", "Are campfires allowed right now near Flagstaff?"),
    ("For Chelan County, what are the burn permit rules?", "What are the burn permit rules for Chelan County?"),
])
def test_a_place_put_first_is_read_as_put_last(reader, first, last):
    a, b = same(reader, first, last)
    assert a.read_as == b.read_as


@pytest.mark.parametrize("can, allowed", [
    ("Can I burn brush in Idaho?", "Am I allowed to burn brush in Idaho?"),
    ("Can we have a campfire near Flagstaff?", "Are we allowed to have a campfire near Flagstaff?"),
    ("Can I burn leaves in Spokane County?", "Am I permitted to burn leaves in Spokane County?"),
])
def test_am_i_allowed_to_is_read_as_can_i(reader, can, allowed):
    a, b = read_asked([can, allowed], reader)
    assert a.wants == b.wants == "rules" and a.yes_no == b.yes_no == "permission"
    assert [p.id for p in a.places] == [p.id for p in b.places]


@pytest.mark.parametrize("typo, word", [
    ("do i need a burn permt in Utah", "permit"),
    ("are there evacuaton orders near Missoula", "evacuation"),
    ("what is the pentaly for burning in Idaho", "penalty"),
])
def test_a_misspelt_word_is_read_as_the_word_the_documents_use(reader, typo, word):
    [reading] = reader.read([typo])
    assert word in reading.read_as.split() and any("read as" in n for n in reading.notes)


def test_words_stemmed_many_at_once_get_the_stems_each_gets_alone():
    from georisk_graph.analysis import stem, stems

    words = ["Evacuations", "evacuees", "hoping", "copying", "dying", "generalizations", "buses", "xqzwt"]
    assert stems(words) == [stem(w) for w in words] and stems(words)[0] == "evacu"


def test_a_real_word_the_documents_never_use_is_not_corrected(reader):
    [reading] = reader.read(["How do I test my basement for radon?"])
    assert "radon" in reading.read_as


@pytest.mark.parametrize("question, clause", [
    ("Tell me if there is a burn ban in Spokane County", "is there a burn ban in Spokane County?"),
    ("Do you know whether I need a permit to burn brush?", "do I need a permit to burn brush?"),
    ("I was wondering what the fine is for an illegal campfire", "what the fine is for an illegal campfire?"),
    ("When the wind is high, can I burn leaves?", "can I burn leaves?"),
])
def test_the_clause_that_asks_is_read_from_an_indirect_or_conditioned_question(reader, question, clause):
    assert reader.read([question])[0].clause == clause


def test_a_fire_typed_in_lower_case_is_read_as_the_incident_its_reports_name(reader):
    [reading] = reader.read(["is the pinegrove fire contained"])
    assert reading.incidents == ("Pinegrove Fire",)
    [compound] = reader.read(["what causes high fire danger in spring"])
    assert compound.incidents == ()


def test_words_most_passages_hold_weigh_little():
    # held by more than half the passages, a term weighs less the more hold it; up to half, fully
    vocabulary = Vocabulary(10, {"fire": 9, "burn": 5, "brush": 1})
    assert vocabulary.weight("fire") < vocabulary.weight("burn") == vocabulary.weight("brush") == 1.0
    assert vocabulary.weight("never") == 1.0


def test_a_term_meets_the_stored_terms_of_its_family():
    vocabulary = Vocabulary(10, {"closur": 3, "close": 2, "acr": 5, "across": 2, "permiss": 1, "permit": 4})
    assert set(vocabulary.family("close")) == {"close", "closur"}  # "closed" and "closures"
    assert vocabulary.family("acr") == ("acr",)  # "acres", never "across"
    assert set(vocabulary.family("permit")) == {"permit", "permiss"}


def test_a_reading_weighs_its_terms_by_the_corpus(reader):
    [reading] = reader.read(["Can I burn brush near my house in Idaho?"])
    assert {t.stem for t in reading.terms} >= {"burn", "brush"}
    assert all(0.0 < t.weight <= 1.0 and t.stem in t.family for t in reading.terms)


@pytest.mark.parametrize("question, term", [
    ("ICP, what does it mean?", "ICP"),
    ("GMUG - what does that stand for?", "GMUG"),
    ("DFFM: what is that, exactly?", "DFFM"),
])
def test_a_term_of_the_glossary_before_the_question_is_what_it_asks_about(reader, question, term):
    with_glossary = Reader(reader.resolver, None, lexicon=reader.lexicon, acronyms=("ICP", "GMUG", "DFFM"))
    [kept] = with_glossary.read([question])
    assert term in kept.read_as, kept.read_as
    [dropped] = Reader(reader.resolver, None, lexicon=reader.lexicon).read([question])
    assert term not in dropped.read_as  # without the glossary the word is read as a greeting's, and left out
