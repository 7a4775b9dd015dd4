"""The corpus's glossary found in passages (georisk_graph.ingest.glossary), without a server. Written to and read from
the graph, and a question answered from it: tests/integration/test_glossary.py."""

from __future__ import annotations

from georisk_graph.ingest.glossary import find_terms, term_key

PASSAGES = [
    ("a#0", "Crews set up an Incident Command Post (ICP) at the fairgrounds. Two Single Engine Air Tankers (SEATs) flew."),
    ("b#0", "The Incident Command Post (ICP) moved to Happy Camp."),
    ("c#0", "Single Engine Air Tankers (SEATs) and a Very Large Air Tanker (VLAT) dropped retardant."),
    ("d#0", "A Burned Area Emergency Response (BAER) team will assess the burn scar."),  # spelled out once
    ("e#0", "The incident command post (ICP) is staffed around the clock."),
]


def test_an_acronym_spelled_out_in_two_passages_is_a_term_with_its_usual_expansion():
    terms = {t.name: t for t in find_terms(PASSAGES)}
    assert set(terms) == {"ICP", "SEATs"}  # BAER and VLAT are spelled out once each
    assert terms["ICP"].expansion == "Incident Command Post"  # the form written most often
    assert [chunk for chunk, _ in terms["ICP"].defined_in] == ["a#0", "b#0", "e#0"]
    start = dict(terms["ICP"].defined_in)["b#0"]
    assert PASSAGES[1][1][start:].startswith("Incident Command Post")
    # a plural acronym is found as its singular is, and keyed as a question's words are read
    assert terms["SEATs"].expansion == "Single Engine Air Tankers" and terms["SEATs"].key == term_key("SEAT") == "seat"
    assert find_terms(PASSAGES, least=1)[-1].name in {"BAER", "VLAT"}


def test_what_is_not_an_acronym_is_no_term():
    noise = [(f"n{i}#0", text) for i, text in enumerate([
        "The fire grew (rapidly) overnight.", "Evacuations (Level 3) remain in place.",
        "Containment is at 40 percent (40%).", "The fire grew (rapidly) overnight again."] * 2)]
    assert find_terms(noise) == []


def test_an_expansion_is_the_whole_name_the_acronym_abbreviates():
    texts = ["The county Office of Emergency Management (OEM) opened a shelter.",
             "Call the Office of Emergency Management (OEM) for sandbags.",
             "Crews flew Infrared Flights (IR) overnight.", "Two Infrared Flights (IR) mapped the perimeter.",
             "The Lakeview Department of State Fire Marshal (OSFM) sent engines.",
             "Engines from the Department of State Fire Marshal (OSFM) arrived."]
    terms = {t.name: t.expansion for t in find_terms([(f"t{i}#0", text) for i, text in enumerate(texts)])}
    # the name begins a word before the shortest form that fits the letters; a form whose words the acronym does
    # not abbreviate, or that opens with a function word, is none
    assert terms == {"OEM": "Office of Emergency Management"}


def test_a_name_with_a_function_word_between_its_initials_is_found():
    # Schwartz-Hearst opens the expansion at the nearest word with the acronym's first letter ("of Forestry" for ODF)
    # and finds none; without the function words it finds the name, kept as the text writes it
    texts = ["Crews from the Oregon Department of Forestry (ODF) held the line.",
             "The Oregon Department of Forestry (ODF) Incident Management Team took command.",
             "See the Oregon Department of Fish and Wildlife (ODFW) hunting page.",
             "Hunters should check Oregon Department of Fish and Wildlife (ODFW) notices.",
             "It was the talk of the town (TOT) all week.", "Smoke was the talk of the town (TOT) again."]
    terms = {t.name: t.expansion for t in find_terms([(f"t{i}#0", text) for i, text in enumerate(texts)])}
    assert terms["ODF"] == "Oregon Department of Forestry"
    assert terms["ODFW"] == "Oregon Department of Fish and Wildlife"
    assert terms.get("TOT") in (None, "talk of the town")  # never "the town" nor a word of the sentence before


def test_an_expansion_written_in_the_plural_is_the_same_expansion():
    texts = ["A Wildland Fire Module (WFM) scouted the ridge.", "Two Wildland Fire Modules (WFM) held the line.",
             "The Energy Release Component (ERC) is high.", "Energy Release Components (ERC) are at records."]
    terms = {t.name: (t.expansion, len(t.defined_in)) for t in find_terms([(f"t{i}#0", text)
                                                                         for i, text in enumerate(texts)])}
    assert terms == {"WFM": ("Wildland Fire Module", 2), "ERC": ("Energy Release Component", 2)}


def test_an_acronym_of_one_word_is_a_term():
    texts = ["Imagery from an Infrared (IR) flight showed little heat.", "A requested infrared (IR) flight was grounded.",
             "The Infrared (IR) map is posted nightly."]
    terms = {t.name: (t.expansion, len(t.defined_in)) for t in find_terms([(f"t{i}#0", text)
                                                                         for i, text in enumerate(texts)])}
    assert terms == {"IR": ("Infrared", 3)}


def test_a_term_spelled_in_other_words_counts_once_and_two_meanings_do_not():
    texts = ["Crews use Minimum Impact Suppression Tactics (MIST) near the creek.",
             "The team relies on minimal impact suppression tactics (MIST) in wilderness.",
             "Ask the Public Information Officer (PIO) for updates.",
             "The Pacific Islands Office (PIO) funds the grant."]
    terms = {t.name: t for t in find_terms([(f"t{i}#0", text) for i, text in enumerate(texts)])}
    # one spelling each, the same words but one: one term of two passages; the two PIOs share no word: none
    assert set(terms) == {"MIST"}
    assert [chunk for chunk, _ in terms["MIST"].defined_in] == ["t0#0", "t1#0"]
