"""The extractive answer on hand-made passages (no server, no model): which sentences answer each kind
of question, and which are never shown (repeats, headings, cut-off text, list fragments). The passages
copy the forms of the shared corpus: CAL FIRE records, InciWeb updates and state statutes."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from georisk_graph import Citation, PlaceRef
from georisk_graph import Reading
from georisk_graph.generation import ExtractiveGenerator
from georisk_graph.generation.findings import finding
from georisk_graph.generation import extractive
from georisk_graph.generation.extractive import choose
from georisk_graph.generation.sentences import passage_sentences
from ..asked import kind_of, read_asked, yes_no_of

FLORIDA = PlaceRef("Q812", "Florida", "state")
TEHAMA = PlaceRef("Q109681", "Tehama County", "county")


def passage(text: str, title: str = "", places: tuple[PlaceRef, ...] = (), n: int = 1) -> Citation:
    return Citation(f"c{n}", f"d{n}", title, text, "test", None, 0.6, places)


PANTHER = passage(
    "Panther Fire (Wildfire), Tehama County, California. Location: 140K3 Line, 8 miles northwest of Butte "
    "Meadows. Started: 2013-05-01. Acres burned: 6965. Administrative unit: CAL FIRE Tehama-Glenn Unit. The "
    "Panther Fire burned in May 2013, off the 140K3 Line, 8 miles northwest of Butte Meadows in Butte County. "
    "The cause of the fire is under investigation.", "Panther Fire (2013)", (TEHAMA,))
MCELWAIN = passage(
    "The McElwain Fire, located 10 miles west of Helmville in Powell County, is burning in grass and timber on "
    "private and Bureau of Land Management land. The fire is 116 acres and 75% contained. Crews will patrol "
    "the line tonight.", "McElwain Fire")
FLORIDA_RULE = passage(
    "(c) A property owner is not liable for damage or injury caused by the fire, unless gross negligence is "
    "proven. The Florida Forest Service is not liable for burns for which it issues authorizations. 4. The "
    "specific consent of the landowner or his or her agent must be obtained before requesting authorization "
    "to burn. 5. An authorization to burn must be obtained from the Florida Forest Service or its designated "
    "agent before igniting the burn. 6. Is considered to be in the public interest and does not constitute "
    "a public or private nuisance.", "FL 590.125 Open burning authorized by the Florida Forest Service.",
    (FLORIDA,))


SENTENCES = extractive.load()  # the sentence model the package ships


def read(question: str) -> Reading:
    """The question read for its form and words alone (no gazetteer, no graph), and what it asks for."""
    return read_asked([question])[0]


def answer(question: str, *citations: Citation) -> str:
    return ExtractiveGenerator(SENTENCES).generate(read(question), list(citations), None).text


def sentences_of(text: str) -> list[tuple[str, int]]:
    """(sentence, passage number) for each cited sentence of an answer; fails on uncited text."""
    pieces = re.findall(r"(.+?) \[(\d+)\](?: |$)", text)
    assert "".join(f"{s} [{n}] " for s, n in pieces).strip() == text, f"uncited text in {text!r}"
    return [(s, int(n)) for s, n in pieces]


# -- the kind of answer asked for ---------------------------------------------------------------------
KIND_EXAMPLES = [
    ("How many acres did the 2013 Panther Fire burn in Tehama County?", "area"),
    ("What was the final size of the Drum Fire (2020)?", "area"),
    ("How much of the Soap Fire in Arizona is contained?", "containment"),
    ("When did the 2018 Charlie Fire in Los Angeles County start?", "date"),
    ("On what date did the Wyly Fire (2026) break out?", "date"),
    ("Which agency was in charge of the 2013 Gobblers Fire?", "agency"),
    ("Who may conduct a prescribed burn in Eau Claire, Wisconsin?", "actor"),
    ("Can I burn brush in Tallahassee, Florida?", "yes/no"),
    ("When are campfires not allowed?", "rule"),
    ("What caused the Camp Fire in Butte County?", "cause"),
    ("Where in Tulare County did the 2021 Success Fire burn?", "location"),
    ("How close is the Duke Fire to Cibolo, Texas?", "location"),
    ("What does BAER stand for?", "definition"),
    ("Where can I check current air quality from wildfire smoke?", "source"),
    ("How does spotting make a wildfire harder to contain?", "explanation"),
    ("Is the Stronghold Fire in Cochise County still growing?", "status"),
    ("Were evacuations ordered for the 2019 Moose Fire?", "yes/no"),
    ("What's the penalty for leaving a campfire unattended in Idaho?", "penalty"),
    ("What's the fine in Hartford, CT for burning during a burning ban?", "penalty"),
    ("Between what hours may you burn brush in Virginia?", "period"),
    ("During which months is a burning permit needed in Illinois?", "period"),
    ("When fire danger is high, what can Hawaii's forestry managers prohibit?", "rule"),
    ("What counts as a 'forest fire' in law?", "definition"),
    ("What is the Firewise USA program?", "definition"),
    ("What does 'percent completion' mean on a wildfire instead of containment?", "definition"),
    ("Why are some lightning-caused fires in remote areas allowed to burn?", "explanation"),
    ("Why did the 2018 Carr Fire start?", "cause"),
]
def test_answer_type_of_the_question():
    """Questions written for the rules the answer-type model replaced: it reads nearly all as they were labelled (it
    is held to 0.90 on the held-out labelled questions, tests/unit/test_answer_types.py)."""
    readings = read_asked([q for q, _ in KIND_EXAMPLES])
    wrong = [(q, kind, r.answer_type) for (q, kind), r in zip(KIND_EXAMPLES, readings) if r.answer_type != kind]
    assert len(wrong) <= 0.15 * len(KIND_EXAMPLES), wrong


# Each passage below holds a sentence that shares more words with the question than the answer does:
# only the kind of answer asked for puts the answer first.
@pytest.mark.parametrize("question, text, expected", [
    ("How big did the 2026 Brite Fire in Kern County get?",
     "The Brite Fire in Kern County did get big attention from residents. Crews mapped the fire at 665 acres.",
     "Crews mapped the fire at 665 acres."),
    ("How much of the Soap Fire is contained?",
     "Crews contained a spot fire near the Soap Fire camp. The Soap Fire is 90% contained.",
     "The Soap Fire is 90% contained."),
    ("When did the Wyly Fire break out?",
     "The Wyly Fire could break out again in dry weather. The Wyly Fire was reported on June 13, 2026.",
     "The Wyly Fire was reported on June 13, 2026."),
    ("Which agency was in charge of the Gobblers Fire?",
     "Residents were in charge of clearing brush before the Gobblers Fire. The San Bernardino National Forest "
     "managed the response.", "The San Bernardino National Forest managed the response."),
    ("Why did the Panther Fire start near Butte Meadows?",
     "The Panther Fire started near Butte Meadows on a hot afternoon. Lightning sparked the blaze.",
     "Lightning sparked the blaze."),
    ("Where did the Panther Fire burn?",
     "The Panther Fire burned hot and fast. Location: 140K3 Line, 8 miles northwest of Butte Meadows.",
     "Location: 140K3 Line, 8 miles northwest of Butte Meadows."),
    ("What does BAER stand for?",
     "BAER teams stand ready to assess burned areas. The Burned Area Emergency Response (BAER) program assesses "
     "post-fire risks.", "The Burned Area Emergency Response (BAER) program assesses post-fire risks."),
    ("Where can I check the air quality?",
     "I can check on the air quality of the area later. Current air quality is posted at https://www.airnow.gov "
     "every hour.", "Current air quality is posted at https://www.airnow.gov every hour."),
])
def test_the_sentence_carrying_the_kind_of_answer_asked_for_comes_first(question, text, expected):
    assert sentences_of(answer(question, passage(text)))[0] == (expected, 1)


def test_a_penalty_question_is_answered_with_the_penalty():
    text = answer("What's the penalty for leaving a campfire unattended during closed season?", passage(
        "No person shall during the closed season leave a campfire burning or unattended. Violation of any of "
        "the provisions of this section shall be deemed a petty misdemeanor."))
    assert sentences_of(text)[0] == ("Violation of any of the provisions of this section shall be deemed a "
                                     "petty misdemeanor.", 1)


def test_an_hours_question_is_answered_with_the_hours():
    text = answer("Between what hours may you burn brush near woodland in spring?", passage(
        "Burning brush near woodland in spring is regulated to protect woodland. No person shall burn brush "
        "within 300 feet of woodland except between the hours of 4:00 p.m. and midnight."))
    assert sentences_of(text)[0][0].endswith("between the hours of 4:00 p.m. and midnight.")


def test_a_quantity_question_is_answered_with_the_quantity():
    text = answer("How many acres did the 2013 Panther Fire burn in Tehama County, California?", PANTHER)
    assert text.startswith("Acres burned: 6965. [1]")
    assert "Panther Fire (Wildfire)" not in text  # the record's heading only repeats the question's names


def test_a_date_question_is_answered_with_the_date():
    text = answer("When did the 2013 Panther Fire in Tehama County start?", PANTHER)
    assert "Started: 2013-05-01. [1]" in text
    assert "Acres burned" not in text and "Administrative unit" not in text


def test_an_agency_question_is_answered_with_the_agency():
    text = answer("Which agency was in charge of the 2013 Panther Fire?", PANTHER)
    assert text.startswith("Administrative unit: CAL FIRE Tehama-Glenn Unit. [1]")
    assert "Acres burned" not in text


def test_a_cause_question_is_answered_with_the_cause():
    assert answer("What caused the Panther Fire?", PANTHER).startswith(
        "The cause of the fire is under investigation. [1]")


def test_a_containment_question_is_answered_with_the_percent():
    text = answer("What is the containment of the McElwain Fire in Montana?", MCELWAIN)
    assert text.startswith("The fire is 116 acres and 75% contained. [1]")


# -- yes/no questions: the finding first ------------------------------------------------------------
def test_a_permission_question_leads_with_the_rule_that_settles_it():
    text = answer("Can I burn brush in Tallahassee, Florida?", FLORIDA_RULE)
    first = sentences_of(text)[0]
    assert first == ("Only with permission: An authorization to burn must be obtained from the Florida Forest "
                     "Service or its designated agent before igniting the burn.", 1)
    assert "5." not in text and "Is considered" not in text  # its list label, and a list item without subject


def test_a_need_question_says_yes_or_no():
    required = passage("A burning permit is required for outdoor burning from April 15 to October 15.")
    exempt = passage("Campfires in approved fire pits do not need a permit.")
    assert answer("Do I need a burn permit to burn yard debris in Spokane?", required).startswith(
        "Yes: A burning permit is required")
    assert answer("Do I need a permit for a campfire?", exempt).startswith("No: Campfires in approved fire pits")


def test_an_exemption_for_one_case_settles_nothing():
    one_case = passage("Such permit is not required for the kindling of a fire in a plowed field, garden or public "
                       "highway when such fire is kindled 200 feet or more from any woodland.")
    text = answer("Is a burning permit required for open burning in Palatine?", one_case)
    assert text.startswith("Such permit is not required") and not text.startswith(("Yes", "No"))


def test_a_rule_about_something_else_settles_nothing():
    damage = passage("Further, such permitted burning shall not cause damage to public health or the environment.")
    assert not answer("Can I burn outdoors in Burien during a burn ban?", damage).startswith("No")
    issued = passage("A proclamation by the state fire marshal shall not prohibit a supervised, controlled burn for "
                     "which a permit has been issued by the fire chief.")
    assert not answer("Is there a burn ban in Mason City right now?", issued).startswith("Yes")
    right_of_way = passage("It shall be unlawful to burn or cause to be burned any right of way.")
    assert finding("without permit", right_of_way.text, {"brush", "pile", "permit"}) is None


def test_a_burn_without_a_permit_is_a_no_when_a_permit_is_required():
    rule = passage("No person shall burn brush piles without first obtaining a permit from the fire chief.")
    assert answer("Can I burn brush piles in Banner County without a permit?", rule).startswith("No: No person")


def test_a_condition_settles_nothing():
    forester = passage("The State Forester also may prohibit all open burning regardless of whether a permit "
                       "or notification is required, including campfires.")
    text = answer("Is a burning permit required for open burning in Aiken, South Carolina?", forester)
    assert text.startswith("The State Forester") and not text.startswith(("Yes", "No"))
    assert finding("need", forester.text, {"burn", "permit", "requir", "open"}) is None


def test_a_presence_question_says_no_only_about_what_it_asks():
    lifted = passage("All evacuation orders have been lifted. Crews continue to patrol the fire.")
    assert answer("Are there evacuations for the Qury Fire in South Dakota?", lifted).startswith(
        "No: All evacuation orders have been lifted. [1]")
    closures = passage("This prescribed fire will reduce fuel loading. Notes: There are no closures anticipated.")
    text = answer("Are there fire restrictions in Flagstaff?", closures)
    assert not text.startswith(("No", "Yes")) and "[1]" in text  # closures are not restrictions: no finding


def test_yes_no_kinds():
    assert yes_no_of("Do I need a burn permit in Spokane?") == "need"
    assert yes_no_of("Can I burn brush in Tallahassee?") == "permission"
    assert yes_no_of("Can I burn brush piles without a permit?") == "without permit"
    assert yes_no_of("Is there a burn ban in Spokane County?") == "presence"
    assert yes_no_of("How many acres burned?") is None


# -- what is never shown ------------------------------------------------------------------------------
def test_a_sentence_repeated_in_two_chunks_is_shown_once():
    why = ("Why: This prescribed fire will reduce fuel loading in the project area. Additionally, it will "
           "protect the Upper Rio de Flag watershed and the City of Flagstaff. Notes: There are no closures "
           "anticipated.")
    text = answer("Will the Flagstaff prescribed fire protect the watershed?", passage(why, n=1),
                  passage(why.replace("  ", " "), n=2))
    shown = [s for s, _ in sentences_of(text)]
    assert len(shown) == len(set(shown))
    assert sum("Upper Rio de Flag watershed" in s for s in shown) == 1


def test_a_sentence_that_repeats_a_longer_one_is_left_out():
    text = answer("What is the McElwain Fire burning in?", MCELWAIN,
                  passage("The fire is burning in grass and timber on private and Bureau of Land Management land.",
                          n=2))
    assert sum("burning in grass and timber" in s for s, _ in sentences_of(text)) == 1


def test_section_labels_are_taken_off_and_cut_off_text_is_not_quoted():
    dixie = passage("Background:The Dixie Fire started on July 13, 2021. The fire burned...")
    text = answer("When did the Dixie Fire start?", dixie)
    assert text == "The Dixie Fire started on July 13, 2021. [1]"
    lake = passage("Lake Fire Background: On July 5, 2024, firefighters responded to a vegetation fire near "
                   "Zaca Lake.")
    assert answer("When did the Lake Fire start?", lake).startswith("On July 5, 2024, firefighters")


def test_cut_off_text_and_headings_are_never_sentences():
    cut = passage("Prescribed burns that were scheduled to take place during the...", n=1)
    heading = passage("Findings, declarations relative to prescribed burns.",
                      "NJ 13:9-44.12 Findings, declarations relative to prescribed burns.", n=2)
    text = answer("Who can conduct prescribed burns in the U.S.?", cut, heading)
    assert text.startswith("The sources found give only headings or cut-off text: ")
    assert "“Prescribed burns that were scheduled to take place during the …” [1]" in text
    assert "“Findings, declarations relative to prescribed burns” [2]" in text


def test_statute_subsections_run_together_are_split_and_lead_ins_dropped():
    run_on = passage("(a) Counties may adopt a wildland-urban interface code.(b) A city may adopt a current "
                     "wildland-urban interface code.(c) The model policy must allow residents access to their "
                     "land to:(1) Conduct fire prevention activities;")
    quoted = [s for s, _ in sentences_of(answer("Can a city adopt a wildland-urban interface code?", run_on))]
    assert "A city may adopt a current wildland-urban interface code." in quoted
    assert not any("(b)" in s or "(1)" in s or s.endswith((":.", ";.")) for s in quoted)


def test_bullets_lose_their_marks_and_headings_are_dropped():
    bullets = passage("Fire Restrictions\n• Campfires are prohibited in all areas of the forest.\n• Smoking is "
                      "allowed only inside vehicles.\nArea and Road Closures:")
    text = answer("Are campfires allowed in the forest?", bullets)
    assert text.startswith("No: Campfires are prohibited in all areas of the forest. [1]")
    assert "•" not in text and "Fire Restrictions" not in text and "Closures" not in text


def test_sentence_labels():
    found = {s.text: s.problem for s in passage_sentences(1, "Updates | Photos | Projects\nWhat is pile burning?\n"
                                                             "Pile burning removes woody debris.\n6. Is considered "
                                                             "a property right.", "Pile burning")}
    assert found == {"Updates | Photos | Projects": "heading", "What is pile burning?": "question",
                     "Pile burning removes woody debris.": None, "Is considered a property right.": "fragment"}


def test_statute_and_record_forms():
    found = {s.text: s.problem for s in passage_sentences(
        1, "A. Any prescribed burning conducted under this article shall be in the public interest. Governor's "
           "authority to executeThe Governor is hereby authorized to execute a compact. 30, or s. 23.33 (2), "
           "including a license. Forward spread stopped. Evacuations Lifted",
        "WV 20-3-1 Governor's authority to execute")}
    assert found == {
        "Any prescribed burning conducted under this article shall be in the public interest.": None,
        "Governor's authority to execute": "heading",
        "The Governor is hereby authorized to execute a compact.": None,
        "30, or s. 23.33 (2), including a license.": "cut off",
        "Forward spread stopped.": None,
        "Evacuations Lifted": None,  # a record's status line, not a heading
    }


def test_long_cut_off_text_is_quoted_short():
    cut = passage("plans, by the maintenance of adequate forest firefighting services by the member states, by "
                  "providing for mutual aid in fighting forest fires among the compacting states of the region and "
                  "with states which are party to other regional forest fire protection compacts or agreements, and "
                  "for more adequate forest protection")
    text = answer("Are fire restrictions in effect in Charleston, West Virginia?", cut)
    quote = re.search(r"“(.*)” \[1\]$", text).group(1)
    assert quote.startswith("… plans, by the maintenance") and quote.endswith(" …") and len(quote) < 210


# -- the shape of every answer ---------------------------------------------------------------------------
def test_every_sentence_is_cited_and_there_are_at_most_three():
    long_passage = passage(" ".join(f"Crews built {n} miles of fire line on day {n}." for n in range(1, 9)))
    text = answer("How many miles of fire line did crews build?", long_passage, MCELWAIN)
    shown = sentences_of(text)
    assert 1 <= len(shown) <= 3 and all(n in (1, 2) for _, n in shown)


def test_answers_draw_on_more_than_one_passage_when_both_answer():
    first = passage("The fire is 40% contained. The fire is 2,000 acres. Crews are patrolling the line.", n=1)
    second = passage("Containment reached 60% on Friday. Evacuations were lifted.", n=2)
    cited = {n for _, n in sentences_of(answer("How much of the Rock Fire is contained?", first, second))}
    assert cited == {1, 2}


def test_the_extractive_answer_takes_no_language_model_only_the_sentence_model():
    import inspect

    assert list(inspect.signature(ExtractiveGenerator).parameters) == ["model", "sentences"]
    generator = ExtractiveGenerator(SENTENCES)
    question = "How many acres did the Panther Fire burn?"
    assert generator.generate(read(question), [PANTHER], None,
                              decision="warn").text.startswith("Acres burned: 6965.")


def test_choice_reports_the_kind_and_the_finding():
    choice = choose(read("Can I burn brush in Tallahassee, Florida?"), [FLORIDA_RULE], SENTENCES)
    assert (choice.answer_type, choice.finding, choice.fallback) == ("rule", "Only with permission", False)


def test_a_status_about_something_else_does_not_answer_a_yes_no_question():
    # "There is a closure order in place" has the form of a status, but not the question's words: the
    # sentence about lightning answers, although it does not read as a status.
    closure = passage("The Forsyth Fire started on June 19th north of St. George, Utah. The lightning caused "
                      "fire was initially driven by strong winds. There is a closure order in place on the "
                      "Pine Valley Ranger District.", "Forsyth Fire")
    chosen = choose(read("Have any wildfires in Utah been started by lightning this year?"), [closure], SENTENCES)
    texts = [s.text for s in chosen.sentences]
    assert any("lightning" in t for t in texts), texts
    assert not any("closure order" in t for t in texts), texts


def test_an_enumerated_list_is_quoted_whole_with_its_lead_in():
    # the form of a statute passage of the corpus: the lead-in, items on lines of their own
    ban = passage("If the governing body finds that:\n\n(1) An actual or impending natural disaster "
                  "jeopardizes the safety of the inhabitants of the county; and\n\n(2) The U.S. Drought "
                  "Monitor has designated the county as an area of severe drought, the county commission may "
                  "adopt an order issuing a burn ban.\n\nViolations are a misdemeanor.")
    sentences = [s.text for s in passage_sentences(1, ban.text)]
    # the items are one sentence with their lead-in, not "The U.S. Drought Monitor..." on its own
    assert sentences[0].startswith("If the governing body finds that: (1) An actual or impending")
    assert "; and (2) The U.S. Drought Monitor" in sentences[0] and sentences[0].endswith("a burn ban.")
    text = answer("When may a county commission issue a burn ban?", ban)
    assert not any(s.startswith(("(2)", "The U.S. Drought Monitor")) for s, _ in sentences_of(text))
    # items that never end a sentence are not joined into one
    unfinished = [s.text for s in passage_sentences(1, "Closures:\n(1) Road 12;\n(2) Trail 4")]
    assert not any("Road 12" in s and "Trail 4" in s for s in unfinished)


def test_a_statement_that_ends_with_a_link_is_quoted_without_it():
    report = passage("More information can be found on Facebook.\nEvacuations: All evacuation levels have been "
                     "lifted. https://bit.ly/CurryCoEM.\nThe fire is 80% contained.")
    text = answer("Are evacuations still in place near Port Orford for the Anvil Fire?", report)
    assert "All evacuation levels have been lifted. [1]" in text and "bit.ly" not in text
    # asked where to look, the link is the answer
    assert "https://bit.ly/CurryCoEM" in answer("Where can I check evacuation levels for the Anvil Fire?", report)


def test_a_rule_that_leads_into_a_list_the_passage_leaves_out_is_quoted():
    rule = passage("Except in certain areas designated by the department, a person shall have a valid written "
                   "burning permit obtained from the department to burn:", "RCW 76.04.205 Burning permits")
    text = answer("Does Washington require a DNR burning permit to burn on forest land?", rule)
    assert "a person shall have a valid written burning permit obtained from the department to burn: … [1]" in text
    # a heading that ends in a colon is still no sentence
    assert passage_sentences(1, "Area and Road Closures:")[0].problem == "heading"


def test_what_counts_as_a_term_in_law_is_answered_with_its_definition():
    statute = passage(
        "B. A person who willfully sets a forest fire or causes a forest fire to be set is guilty of a fourth "
        "degree felony. As used in this section, \"forest fire\" means a fire burning uncontrolled on lands "
        "covered wholly or in part by timber, brush or grass.", "NM 68-2-7 Forest fires; penalty")
    text = answer("What counts as a 'forest fire' in law?", statute)
    assert sentences_of(text)[0][0].startswith('As used in this section, "forest fire" means a fire burning')


def test_a_month_the_question_gives_is_part_of_what_it_asks():
    report = passage(
        "This wildfire is being managed under unified command with the State of West Virginia and the Forest "
        "Service. On Wednesday, November 5, 2025, a landowner detected smoke south of Circleville, WV. The "
        "wildfire is burning in steep, mountainous terrain. Wildfire crews are building line on the east flank.",
        "Fork Mountain Fire")
    text = answer("Were there wildfires in West Virginia in November 2025?", report)
    # the first sentence holds the question's word and names; only the second says when
    assert sentences_of(text)[0][0].startswith("On Wednesday, November 5, 2025, a landowner")


def _section(n: int, text: str, doc: str = "fl-590-125", doc_type: str = "statute") -> Citation:
    return Citation(f"{doc}#{n}", doc, "FL 590.125 Open burning authorized by the Florida Forest Service.", text,
                    "test", None, 0.53, (FLORIDA,), relation="broader", doc_type=doc_type)


def test_a_cited_rules_other_relevant_passage_is_quoted_and_cited_when_it_answers():
    from georisk_graph.generation.citing import cite_used, more_of_cited

    cited = [_section(16, "(d) Any certified burner who violates this section commits a misdemeanor of the "
                          "second degree."),
             _section(15, "(c) The Florida Forest Service is not liable for burns for which it issues "
                          "authorizations.")]
    ranked = [*cited, _section(4, "(4) Certified pile burning pertains to the disposal of piled debris."),
              _section(14, "5. An authorization to burn must be obtained from the Florida Forest Service or its "
                           "designated agent before igniting the burn."),
              _section(16, cited[0].text),  # the same text again is offered once
              Citation("other#0", "other", "FL 591.25 Community forests", "Community forests get fire protection.",
                       "test", None, 0.5, (FLORIDA,), relation="broader", doc_type="statute")]
    more = more_of_cited(cited, ranked)
    assert [c.chunk_id for c in more] == ["fl-590-125#4", "fl-590-125#14"]  # a cited document's, each text once
    text = answer("Can I burn brush in Tallahassee, Florida?", *cited, *more)
    assert "An authorization to burn must be obtained" in text
    shown, citations, _ = cite_used(text, cited, more)
    # every marker points at the passage whose sentence it follows, and only quoted extras are added
    for sentence, n in sentences_of(shown):
        assert sentence.rstrip(".")[-30:] in citations[n - 1].text
    # the extra passage that answers (#14) is quoted and cited; the one that does not (#4) is neither
    assert [c.chunk_id for c in citations] == ["fl-590-125#16", "fl-590-125#15", "fl-590-125#14"]
    assert [n for _, n in sentences_of(shown)] == [3, 2] and "pile burning" not in shown


def test_markers_of_the_passages_added_are_renumbered_in_the_order_they_are_quoted():
    from georisk_graph.generation.citing import cite_used

    two = [_section(1, "One."), _section(2, "Two.")]
    extra = [_section(3, "Three."), _section(4, "Four."), _section(5, "Five.")]
    text, citations, number = cite_used("Five. [5] Two. [2] Three. [3] Both. [1, 5]", two, extra)
    assert text == "Five. [3] Two. [2] Three. [4] Both. [1, 3]" and number == {5: 3, 3: 4}
    assert [c.chunk_id for c in citations] == ["fl-590-125#1", "fl-590-125#2", "fl-590-125#5", "fl-590-125#3"]


def test_a_cited_rules_passage_about_another_place_is_not_added():
    from georisk_graph.generation.citing import more_of_cited

    cited = [_section(1, "A permit is required.")]
    elsewhere = replace(_section(2, "In Leon County burning is banned."), relation="different",
                        evidence_place=PlaceRef("Q488571", "Leon County", "county"))
    assert more_of_cited(cited, [*cited, elsewhere]) == []


def test_a_fire_reports_other_updates_are_not_added():
    from georisk_graph.generation.citing import more_of_cited

    cited = [_section(0, "By June 15 the fire had grown to 39,696 acres.", "south-fork", "incident_report")]
    later = _section(3, "On June 12 the fire grew to about 28,067 acres.", "south-fork", "incident_report")
    assert more_of_cited(cited, [*cited, later]) == []


def test_the_word_wildfire_weighs_as_little_as_fire():
    report = passage(
        "The Six Mile Fire is a wildfire burning in steep terrain within the Magdalena Mountains near Socorro, "
        "New Mexico. Crews are building line on the east flank.", "Six Mile Fire")
    other = passage("The South Fork Fire reached 15,000 acres. Residents of Ruidoso are under evacuation orders.",
                    "South Fork Fire", n=2)
    text = answer("Are there wildfire evacuations in New Mexico?", report, other)
    # "wildfire" and the state's name are all the first sentence shares with the question
    assert sentences_of(text)[0] == ("Residents of Ruidoso are under evacuation orders.", 2)


# -- statute and record forms found in the corpus ------------------------------------------------------
WA_PERMIT = passage(
    "RCW 76.04.205\n\nBurning permits—Civil penalty.\n\n(1) Except in certain areas designated by the department "
    "or as permitted under rules adopted by the department, a person shall have a valid written burning permit "
    "obtained from the department to burn:(a) Any flammable material on any lands under the protection of the "
    "department; or(b) Refuse or waste forest material on forestlands protected by the department.(2) To be valid "
    "a permit must be signed by both the department and the permittee.", "WA 76.04.205 - Burning permits—Civil penalty.")


def test_a_list_item_glued_to_its_conjunction_is_an_item_of_the_rule():
    texts = [s.text for s in passage_sentences(1, WA_PERMIT.text, WA_PERMIT.title) if s.quotable]
    # one sentence: the lead-in without its own label "(1)", each item with its label
    assert texts[0] == ("Except in certain areas designated by the department or as permitted under rules adopted "
                        "by the department, a person shall have a valid written burning permit obtained from the "
                        "department to burn: (a) Any flammable material on any lands under the protection of the "
                        "department; or (b) Refuse or waste forest material on forestlands protected by the "
                        "department.")
    assert texts[1] == "To be valid a permit must be signed by both the department and the permittee."


def test_a_rule_stated_after_its_exceptions_still_settles_the_question():
    question = "Does Washington State require a DNR burning permit to burn on forest land it protects?"
    assert yes_no_of(question) == "need"
    assert answer(question, WA_PERMIT).startswith("Yes: Except in certain areas designated by the department")
    # a real condition still settles nothing
    assert finding("need", "If the land is within a district, a person shall have a permit to burn.",
                   {"burn", "permit"}) is None


def test_sentences_that_settle_a_question_differently_lead_with_neither():
    training = passage("Training to fight forest fires does not require a permit from an air pollution control "
                       "authority or the department of ecology.", "WA 70A.15.5180 - Aircraft crash rescue fire", n=2)
    question = "Does Washington State require a DNR burning permit to burn on forest land it protects?"
    assert finding("need", training.text, {"requir", "burn", "permit", "forest", "land", "protect"}) == "No"
    text = answer(question, WA_PERMIT, training)
    assert "a person shall have a valid written burning permit" in text and not text.startswith("No")
    # a finding leads only when every sentence shown that settles the question settles it alike
    assert not ("Training to fight" in text and text.startswith(("Yes", "No")))
    both = choose(read(question), [WA_PERMIT, training], SENTENCES, limit=3)
    shown = {s.text for s in both.sentences}
    settles = {finding("need", t, {"requir", "burn", "permit", "forest", "land", "protect"}) for t in shown} - {None}
    assert both.finding is None or settles == {both.finding}


def test_a_heading_that_the_title_cuts_short_is_no_sentence():
    text = ("RCW 70A.15.5120\n\nBurning permits for abating or prevention of forest fire hazards, management of "
            "ecosystems, instruction or silvicultural operations—Issuance—Fees.\n\nThe department shall issue "
            "permits for these burns.")
    sentences = passage_sentences(1, text, "WA 70A.15.5120 - Burning permits for abating or prevention of f")
    assert [s.text for s in sentences if s.quotable] == ["The department shall issue permits for these burns."]
    # a title that is the start of the section's first sentence (its last word whole) leaves it a sentence
    rule = "It is unlawful for any person to kindle or authorize any other person to kindle a fire in the open air."
    assert passage_sentences(1, rule, "IL 10. It is unlawful for any person to kindle or authorize any other "
                                      "person to")[0].quotable


def test_lines_listed_under_a_lead_in_are_one_sentence_with_it():
    plan = passage(
        "Staff plan to conduct prescribed burns on 3,667 acres from March through June, weather permitting.\n"
        "Project areas planned for prescribed burns this spring include:\nGuinn Ridge – 1,462 acres (Pocahontas "
        "County)\nRamshorn Ridge – 1,005 acres (Pocahontas County)\nNursery Bottom – 54 acres (Tucker County)",
        "Monongahela National Forest Spring 2024 Prescribed Fire Operations")
    texts = [s.text for s in passage_sentences(1, plan.text, plan.title) if s.quotable]
    assert texts[1] == ("Project areas planned for prescribed burns this spring include: Guinn Ridge – 1,462 acres "
                        "(Pocahontas County); Ramshorn Ridge – 1,005 acres (Pocahontas County); Nursery Bottom – "
                        "54 acres (Tucker County).")
    assert "Guinn Ridge" in answer("Which prescribed burn projects are planned in Pocahontas County?", plan)
    # links are no list items; one line under a short label is that label's value
    links = [s.text for s in passage_sentences(1, "The cause is undetermined. For more see:\nNevada fire map\n\n"
                                                  "NevadaFireInfo.org\n\nSmoke Information:\nAirNow - Learn about "
                                                  "Air Quality and Smoke Near You")]
    assert not any("NevadaFireInfo.org" in t and ";" in t for t in links)
    assert "AirNow - Learn about Air Quality and Smoke Near You." in links


def test_a_status_line_of_an_incident_record_is_quoted():
    record = passage("The fire was first reported Sunday, July 7th.\nUpdate 07-13-24, 10:30 A.M.\n17,275 acres and "
                     "95% contained\nFire resources will monitor and secure existing fire lines.", "Wilder Fire")
    assert answer("How many acres did the Wilder Fire burn?", record).startswith("17,275 acres and 95% contained. [1]")


def test_a_season_is_answered_by_its_months():
    rules = passage(
        "Any prescribed burning conducted in compliance with the rules adopted by the Department of Forestry shall "
        "not constitute a nuisance. During the period February 15 through April 30 of each year it shall be "
        "unlawful to burn any brush within 300 feet of woodland, except between 4:00 p.m. and midnight.",
        "VA 10.1-1142. Regulating the burning of woods, brush, etc.")
    first = sentences_of(answer("What are the spring burning rules in Fairfax County, Virginia?", rules))[0][0]
    assert first.startswith("During the period February 15 through April 30")


def test_the_word_for_the_kind_of_answer_weighs_less_than_its_topic():
    sites = [passage("For the latest updates, visit the Sheriff’s Office website: https://arcg.is/0iKuO9.", n=1),
             passage("Smoke Information:\nAirNow - Learn about Air Quality and Smoke Near You", n=2)]
    text = answer("What website shows smoke and air quality conditions during fires?", *sites)
    assert sentences_of(text)[0] == ("AirNow - Learn about Air Quality and Smoke Near You.", 2)


def test_an_acronym_spelled_out_defines_it():
    report = passage("BAER INFORMATION: The Burned Area Emergency Response ( BAER ) program is designed to identify "
                     "risks to resources on National Forest System lands. BAER is an emergency program for "
                     "stabilization work that involves time-critical activities.", "Eaton Fire")
    assert answer("What does BAER stand for?", report).startswith("The Burned Area Emergency Response ( BAER )")


def test_were_places_evacuated_is_a_presence_question():
    report = passage("A large wildfire started in Lincoln County on Thursday, March 12. Numerous evacuations took "
                     "place as the fire rapidly spread to the south.", "Cottonwood Fire")
    question = "Were any towns in Nebraska evacuated during the March 2026 wildfires?"
    assert yes_no_of(question) == "presence"
    assert answer(question, report).startswith("Yes: Numerous evacuations took place")


def test_a_long_statute_sentence_is_quoted_and_a_run_of_clauses_is_not():
    clause = ("within an intensive fire protection district, except on land owned or controlled by a railroad "
              "corporation when the fire is for the purpose of clearing its right of way, ")
    rule = ("It is unlawful for any person to kindle a fire in the open air " + clause * 4 +
            "during the months of February, March, April, October and November.")
    assert 700 < len(rule) < 1000
    assert passage_sentences(1, rule)[0].quotable
    run_on = "It is unlawful for any person to kindle a fire " + clause * 8 + "at any time."
    assert passage_sentences(1, run_on)[0].problem == "too long"


def test_the_s_of_a_contraction_is_no_word_of_the_question():
    from georisk_graph.analysis import terms
    assert terms("What's the closed season? The Sheriff's office, 5 miles away.") == [
        "close", "season", "sheriff", "offic", "5", "mile", "away"]
    closure = passage("All questions should be directed to the Kootenai County Sheriff's Department. The closed season "
                      "runs from May 10 to October 20.", n=1)
    assert answer("What's the closed season in Kootenai County?", closure).startswith("The closed season runs")


def test_a_fact_question_has_forms_that_settle_it_and_a_rule_question_none():
    import re as regex

    from georisk_graph.answer_kinds import answer_forms
    acres = answer_forms(kind_of("How many acres did the Panther Fire burn?"))
    assert acres and any(regex.fullmatch(f, "The fire burned 6,965 acres in Tehama County.") for f in acres)
    assert not any(regex.fullmatch(f, "The fire burned in Tehama County.") for f in acres)
    assert any(regex.fullmatch(f, '(3) "Prescribed fire plan" means a written prescription.')
               for f in answer_forms(kind_of("What is a burn plan for prescribed fire?")))
    # a rule or a status is told by the question's words, not by a form
    assert answer_forms(kind_of("Can I burn brush in Tallahassee, Florida?")) == []
    assert answer_forms(kind_of("Is the Dixie Fire still growing?")) == []


def test_a_definition_of_another_term_does_not_answer_what_a_term_is():
    definitions = passage(
        "“Pile burning” means the burning of debris originating onsite which is stacked together. “Gross "
        "negligence” means conduct so reckless that it constitutes a conscious disregard of the safety of persons. "
        "Pile burning is a temporary procedure, which operates on the same site for 6 months or less.",
        "FL 590.125 Open burning authorized by the Florida Forest Service.")
    text = answer("What is pile burning?", definitions)
    assert sentences_of(text)[0][0].startswith("“Pile burning” means") and "Gross" not in text


@pytest.mark.parametrize("question", [
    "What's the maximum jail time for lighting a fire in Connecticut woodland?",
    "Is breaking the slash-burning rules a crime in Sandpoint, Idaho?",
    "Can you go to prison for starting a wildfire in Oregon?",
])
def test_a_question_on_jail_or_a_crime_asks_for_the_penalty(question):
    assert kind_of(question) == "penalty"


def test_a_named_figure_keeps_its_name():
    report = passage("Table Rock Fire: 13,845 acres, 100% contained and controlled\nPersimmon Ridge Fire: 2,128 acres, "
                     "100% contained and controlled\nTable Rock Complex Total: 15,973 acres, 100% contained and "
                     "controlled", "2025 - Table Rock Complex")
    texts = [s.text for s in passage_sentences(1, report.text, report.title)]
    assert texts[0] == "Table Rock Fire: 13,845 acres, 100% contained and controlled"
    first = sentences_of(answer("How many acres did the 2025 Table Rock Complex burn?", report))[0][0]
    assert first.startswith("Table Rock Complex Total: 15,973 acres")


def test_the_definition_of_the_very_term_asked_comes_before_a_near_namesake():
    from georisk_graph.generation.findings import defines
    from georisk_graph.question.kinds import asked_term

    definitions = passage(
        "(1) DEFINITIONS.—As used in this section, the term: (a) “Certified pile burner” means an individual who "
        "completes the pile burning certification program of the Florida Forest Service. (b) “Certified pile "
        "burning” means a pile burn conducted in accordance with a written pile burning plan by a certified pile "
        "burner.", "FL 590.125 Open burning authorized by the Florida Forest Service.")
    term = asked_term("What is certified pile burning?")
    assert term == ("certifi", "pile", "burn")
    assert defines("“Certified pile burner” means an individual", term) == 0  # burner is not burning
    assert defines("Pile burning is a type of prescribed fire.", term) == 0  # a shorter term of other words
    assert defines('"Firewise" means the firewise communities program', asked_term("What is the Firewise USA program?")) == 1
    text = answer("What is certified pile burning?", definitions)
    assert sentences_of(text)[0][0].startswith("“Certified pile burning” means a pile burn")


def test_a_definitions_list_run_together_gives_each_term_its_own_sentence():
    text = ('(i) "Building ignition zone" means a building and the area up to two hundred feet from the '
            'foundation.(ii) "Firewise" means the firewise communities program developed by the national fire '
            'protection association, which encourages local solutions for wildfire safety.')
    sentences = [s.text for s in passage_sentences(1, text, "WA 39.35D.100") if s.quotable]
    assert sentences == ['"Building ignition zone" means a building and the area up to two hundred feet from the '
                         'foundation.', '"Firewise" means the firewise communities program developed by the national '
                         'fire protection association, which encourages local solutions for wildfire safety.']
    answered = answer("What is the Firewise USA program?", passage(text, "WA 39.35D.100"))
    assert sentences_of(answered)[0][0].startswith('"Firewise" means')


def test_a_why_question_about_a_policy_is_answered_with_the_reason_not_a_fires_cause():
    reports = [passage("The lightning-caused Mt. Tom Creek Fire is burning high on a remote mountain slope on the west "
                       "side of Olympic National Park.", n=1),
               passage("The lightning-caused McDonald Fire started on Saturday, June 8.", n=2),
               passage("The lightning-caused Antone Fire is burning primarily in ponderosa pine and some mixed conifer "
                       "forest.", n=3)]
    reason = passage("The fire is burning in a zone designated for limited management, meaning that unless the "
                     "fire threatens property or people, it will be allowed to play its natural ecological role.", n=4)
    text = answer("Why are some lightning-caused fires in remote areas allowed to burn?", *reports, reason)
    assert 4 in [n for _, n in sentences_of(text)]


def test_a_rule_question_is_told_what_breaking_the_rule_costs():
    rule = passage("No person may use a firearm target in the Black Hills Forest Fire Protection District if that "
                   "target is designed to explode upon a bullet's impact. Any violation of this section is a Class 2 "
                   "misdemeanor.", "SD 34-35-21 Explosive firearm targets prohibited")
    other = passage("Exploding targets have started several fires on public land in the West.", n=2)
    text = answer("Can I shoot exploding targets in the Black Hills?", rule, other)
    assert [n for _, n in sentences_of(text)][:2] == [1, 1]
    assert "Class 2 misdemeanor" in text
    # a question about something else is not told the penalty of a rule it did not ask about
    assert "misdemeanor" not in answer("How many fires have exploding targets started?", rule, other)


@pytest.mark.parametrize("question", [
    "What does a red flag warning mean?",
    "What is meant by a red flag warning?",
    "They keep announcing a red flag warning on the radio - what does that mean?",
])
def test_a_definition_is_quoted_before_a_status_line_about_the_term(question):
    status = passage("Red flag warning in effect until 8 p.m. for the valley and the foothills. A red flag warning means "
                     "that critical fire weather conditions are occurring or will shortly: strong winds, low humidity "
                     "and warm temperatures.")
    assert answer(question, status).startswith("A red flag warning means that critical fire weather conditions")
