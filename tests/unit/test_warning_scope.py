"""A warning names the scope of every passage it stands over: "specific to Texas" over two New Jersey
statutes and a Texas report would tell the reader the wrong state. Hand-made evidence, no server."""

from __future__ import annotations

from georisk_graph import Citation, PlaceRef
from georisk_graph.decision import decide, decide_within

US = PlaceRef("Q30", "United States", "country")
TEXAS = PlaceRef("Q1439", "Texas", "state")
NEW_JERSEY = PlaceRef("Q1408", "New Jersey", "state")
FLORIDA = PlaceRef("Q812", "Florida", "state")
LEON = PlaceRef("Q488538", "Leon County", "county")
TALLAHASSEE = PlaceRef("Q37043", "Tallahassee", "place")


def passage(relation: str, evidence: PlaceRef, chunk: str, cosine: float = 0.6) -> Citation:
    return Citation(chunk_id=chunk, document_id="d-" + chunk, title="t", text="text " + chunk, source="statute",
                    url=None, cosine=cosine, places=(evidence,), delta=1, relation=relation,
                    evidence_place=evidence)


def named_in(warning: str, citations) -> bool:
    return all(f"{c.evidence_place.name} ({c.evidence_place.level})" in warning for c in citations)


def test_a_narrower_warning_names_every_state_its_passages_are_about():
    d = decide(US, [passage("narrower", TEXAS, "tx", 0.7), passage("narrower", NEW_JERSEY, "nj1", 0.65),
                    passage("narrower", NEW_JERSEY, "nj2", 0.6)])
    assert d.warning == (
        "This is specific to Texas (state) and New Jersey (state); other parts of United States may differ.")
    assert named_in(d.warning, d.citations) and len(d.citations) == 3


def test_a_broader_warning_names_the_county_and_the_state():
    d = decide(TALLAHASSEE, [passage("broader", FLORIDA, "fl"), passage("broader", LEON, "leon"),
                             passage("broader", FLORIDA, "fl2")])
    assert d.warning.startswith("This applies to Florida (state) and Leon County (county) as a whole, not "
                                "specifically to Tallahassee")
    assert named_in(d.warning, d.citations)


def test_one_scope_is_named_once():
    d = decide(US, [passage("narrower", TEXAS, "a"), passage("narrower", TEXAS, "b")])
    assert d.warning == "This is specific to Texas (state); other parts of United States may differ."


def test_three_scopes_are_listed():
    d = decide(US, [passage("narrower", TEXAS, "a"), passage("narrower", NEW_JERSEY, "b"),
                    passage("narrower", FLORIDA, "c")])
    assert "specific to Texas (state), New Jersey (state) and Florida (state);" in d.warning


def test_passages_of_another_relation_are_not_cited_so_not_named():
    d = decide(US, [passage("narrower", TEXAS, "a"), passage("different", NEW_JERSEY, "b")])
    assert [c.chunk_id for c in d.citations] == ["a"] and "New Jersey" not in d.warning


def test_an_unknown_place_in_a_known_state_names_every_scope():
    d = decide_within("Xville", FLORIDA, [passage("broader", FLORIDA, "fl"), passage("broader", US, "us")])
    assert "this applies to Florida (state) and United States (country) as a whole" in d.warning
    assert named_in(d.warning, d.citations)
